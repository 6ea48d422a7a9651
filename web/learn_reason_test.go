package web

import (
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cardavia/cardavia/i18n"
	gd "github.com/cardavia/cardavia/rules/guandan"
	"github.com/cardavia/cardavia/web/learn"
)

// reasonWords are the English words that name each kind of move a lesson turns down: its
// reason says what the visitor did.
var reasonWords = map[string]*regexp.Regexp{
	"call": regexp.MustCompile(`(?i)\bcall`), "raise": regexp.MustCompile(`(?i)\brais`),
	"fold": regexp.MustCompile(`(?i)\bfold`), "hold": regexp.MustCompile(`(?i)\bhold`),
	"pass": regexp.MustCompile(`(?i)\bpass`), "play": regexp.MustCompile(`(?i)\bbeat`),
	"single": regexp.MustCompile(`(?i)\bsingle\b`), "pair": regexp.MustCompile(`(?i)\bpair\b`),
	"triple": regexp.MustCompile(`(?i)\btriple\b`), "tube": regexp.MustCompile(`(?i)\btube\b`),
	"full-house": regexp.MustCompile(`(?i)\bfull house\b`), "straight": regexp.MustCompile(`(?i)\bstraight\b`),
	"bomb": regexp.MustCompile(`(?i)\bbomb\b`), "other": regexp.MustCompile(`(?i)\bany combination\b`),
	"wild":   regexp.MustCompile(`(?i)\bwild card\b`),
	"return": regexp.MustCompile(`(?i)\bback\b`),
}

// lessonForm is a move made at a lesson's step, and the kind of move it is.
type lessonForm struct {
	kind string
	form url.Values
}

// lessonReasons makes each form at a step and checks the reason the page gives: its key
// names the kind of move made (…wrong.<kind>), its words are the catalog's, no two kinds get
// the same words, and the English names the move.
func lessonReasons(t *testing.T, ts *testSite, game string, n int, loc i18n.Locale, forms []lessonForm) {
	t.Helper()
	said := map[string]string{}
	for _, lf := range forms {
		kind, f := lf.kind, lf.form
		back := ts.lessonMove(game, "move", f)
		p := ts.lessonPage(back, loc.Code, n)
		key := attr(p.doc.Find("[data-wrong]"), "data-wrong")
		text := strings.TrimSpace(p.doc.Find("[data-wrong]").Text())
		if !strings.HasPrefix(key, "learn."+game+".") || !strings.HasSuffix(key, ".wrong."+kind) {
			t.Errorf("%s step %d, %s (%v): the reason %q does not name the move", loc.Code, n, kind, f, key)
			continue
		}
		if text == "" || text != i18n.T(i18n.WithLocale(t.Context(), loc), key) {
			t.Errorf("%s step %d, %s: the reason reads %q", loc.Code, n, kind, text)
		}
		if other, ok := said[text]; ok && other != kind {
			t.Errorf("%s step %d: %s and %s get the same reason: %s", loc.Code, n, other, kind, text)
		}
		said[text] = kind
		if loc.Code == "en" && !reasonWords[kind].MatchString(text) {
			t.Errorf("step %d: the reason for %s does not say so: %s", n, kind, text)
		}
	}
}

// TestLessonReasonNamesTheMove: a move the lesson turns down is answered for what it was. The
// Guandan step that asks for the pair of 7s answered Pass with the words meant for a bigger
// pair ("a pair of 7s is enough to beat the 6s: keep the rest"), and the As-Nas call step
// answered folding a full house as it answered raising ("Keep it simple for now … you will
// raise in a moment"): every step had one reason for every move. Each step now has a reason
// for each kind of move it can be given: at every step of both lessons, every legal verb but
// the step's (As-Nas); a pass where a play is asked, a play where a pass is asked, another
// play of the kind asked, a bomb, another combination, another card to return (Guandan).
func TestLessonReasonNamesTheMove(t *testing.T) {
	ts := newSite(t)
	asnasLesson := learn.Asnas()
	guandanLesson := learn.Guandan()
	kinds := map[string]bool{}
	for _, loc := range i18n.Locales {
		for n := 1; n <= asnasLesson.Len(); n++ {
			st, pos, _ := asnasLesson.At(n)
			if st.Reads() || st.Move == "next" {
				continue
			}
			var forms []lessonForm
			for _, v := range pos.Match.Deal.Legal(0) {
				if v.String() != st.Move {
					forms = append(forms, lessonForm{v.String(), url.Values{"step": {strconv.Itoa(n)}, "verb": {v.String()}}})
					kinds["asnas "+v.String()] = true
				}
			}
			lessonReasons(t, ts, "asnas", n, loc, forms)
		}
		for n := 1; n <= guandanLesson.Len(); n++ {
			st, pos, _ := guandanLesson.At(n)
			if st.Reads() {
				continue
			}
			m, want := pos.Match, guandanLesson.Expected(n)
			var forms []lessonForm
			met := map[string]bool{}
			add := func(kind string, f url.Values) {
				if !met[kind] {
					met[kind] = true
					forms = append(forms, lessonForm{kind, f})
				}
			}
			switch want.Kind {
			case gd.ActPass:
				// Play with nothing selected, and a play that beats the trick.
				forms = append(forms, lessonForm{"play", url.Values{"step": {strconv.Itoa(n)}, "act": {"play"}}})
				if ps := m.LegalPlays(0); len(ps) > 0 {
					forms = append(forms, lessonForm{"play", guandanForm(n, gd.Action{Kind: gd.ActPlay, Cards: ps[len(ps)-1].Cards, Reading: ps[len(ps)-1].Reading})})
				}
			case gd.ActPlay:
				if !m.Leading() {
					add("pass", guandanForm(n, gd.Action{Kind: gd.ActPass}))
				}
				asked := m.ReadingsNow(want.Cards)[0]
				for _, p := range m.LegalPlays(0) {
					if faces(p.Cards) == faces(want.Cards) {
						continue
					}
					kind := "other"
					switch {
					case p.Reading == asked && p.Cards.Wilds(m.Level) > want.Cards.Wilds(m.Level):
						kind = "wild" // the very combination asked, the wild card standing in
					case p.Reading.Kind == asked.Kind:
						kind = p.Reading.Kind.String()
					case p.Reading.IsBomb() && !m.Leading():
						kind = "bomb"
					}
					add(kind, guandanForm(n, gd.Action{Kind: gd.ActPlay, Cards: p.Cards, Reading: p.Reading}))
				}
			case gd.ActReturn:
				for _, c := range gd.Returnable(m.Level, m.Hands[0]).Cards() {
					if gd.CardStrength(c, m.Level) != gd.CardStrength(want.Card, m.Level) {
						add("return", guandanForm(n, gd.Action{Kind: gd.ActReturn, Card: c}))
					}
				}
			}
			for _, f := range forms {
				kinds["guandan "+f.kind] = true
			}
			lessonReasons(t, ts, "guandan", n, loc, forms)
		}
	}
	// The lessons meet every kind of move (a lesson changed so that one is never met would
	// leave its words unchecked).
	for _, k := range []string{"asnas call", "asnas raise", "asnas fold", "asnas hold", "guandan pass", "guandan play",
		"guandan pair", "guandan bomb", "guandan other", "guandan single", "guandan return"} {
		if !kinds[k] {
			t.Errorf("no step meets the move %q", k)
		}
	}
}

// faces names a set's cards by face, sorted, so that the two copies of a card are alike.
func faces(s gd.Set) string {
	var out []string
	for _, c := range s.Cards() {
		out = append(out, c.String())
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// TestLessonPassReasonSaysWhoActsNext: the Guandan lesson's reason for a pass where it asks
// for a play tells what a pass leads to at that table. The pair step said "Passing gives the
// trick to West" and the wild step "Passing leaves the trick to West", though East and North
// still act after the visitor and either could answer West's play. Now a reason names every
// seat that acts after the pass before the trick comes back to its player, or, when none
// does, that player, who then wins the trick.
func TestLessonPassReasonSaysWhoActsNext(t *testing.T) {
	en := i18n.WithLocale(t.Context(), i18n.Locales[0])
	names := map[int]string{1: "East", 2: "North", 3: "West"}
	l := learn.Guandan()
	checked := 0
	for n := 1; n <= l.Len(); n++ {
		st, pos, _ := l.At(n)
		key := st.Reason("pass")
		if key == "" {
			continue
		}
		checked++
		m := pos.Match
		next, _, err := m.Apply(gd.Action{Kind: gd.ActPass, Seat: 0})
		if err != nil {
			t.Fatalf("step %d (%s): passing: %v", n, st.Key, err)
		}
		var after []string
		for s := next.ToAct(); s != m.LastSeat && s != 0; s = (s + 1) % 4 {
			after = append(after, names[s])
		}
		text := i18n.T(en, "learn.guandan."+key)
		if len(after) == 0 {
			if !strings.Contains(text, names[m.LastSeat]) || !regexp.MustCompile(`\bwin`).MatchString(text) {
				t.Errorf("step %d (%s): after a pass %s wins the trick; the reason says %q", n, st.Key, names[m.LastSeat], text)
			}
			continue
		}
		for _, who := range after {
			if !strings.Contains(text, who) {
				t.Errorf("step %d (%s): after a pass %v still act, before the trick is %s's; the reason says %q", n, st.Key, after, names[m.LastSeat], text)
				break
			}
		}
		if regexp.MustCompile(`(?i)(gives|leaves) the trick to`).MatchString(text) {
			t.Errorf("step %d (%s): the reason gives the trick away though %v still act: %q", n, st.Key, after, text)
		}
	}
	if checked < 3 {
		t.Errorf("%d steps have a reason for a pass, want the pair, bomb and wild steps at least", checked)
	}
}
