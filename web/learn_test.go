package web

import (
	"math/rand/v2"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/cardavia/cardavia/i18n"
	gd "github.com/cardavia/cardavia/rules/guandan"
	"github.com/cardavia/cardavia/web/learn"
	"github.com/cardavia/cardavia/web/views"
)

// lessonPage fetches a lesson page in a language and checks it is the step wanted.
func (ts *testSite) lessonPage(path, lang string, step int) page {
	ts.t.Helper()
	p := ts.get(path, "Accept-Language", lang)
	if p.status != http.StatusOK {
		ts.t.Fatalf("GET %s: status %d", path, p.status)
	}
	root := p.doc.Find("[data-lesson]")
	if root.Length() != 1 || attr(root, "data-step") != strconv.Itoa(step) {
		ts.t.Fatalf("GET %s: data-step %q, want %d", path, attr(root, "data-step"), step)
	}
	return p
}

// lessonMove posts a move and returns where the answer sends the visitor.
func (ts *testSite) lessonMove(game, action string, form url.Values) string {
	ts.t.Helper()
	p := ts.post("/"+game+"/learn/"+action, form)
	if p.status != http.StatusSeeOther {
		ts.t.Fatalf("POST %s %v: status %d, want 303", action, form, p.status)
	}
	return p.header.Get("Location")
}

// tableState is what a wrong move must leave as it was: the seats' cards, stakes and the pot.
func tableState(p page) string {
	var b strings.Builder
	p.doc.Find(".felt [data-hand], .felt .seat-facts, .felt .pot, .felt .highbet").Each(func(_ int, s *goquery.Selection) {
		b.WriteString(s.Text())
	})
	return b.String()
}

// TestAsnasLessonWalk walks the whole As-Nas lesson through the real router in every
// language: at each step the bubble is in the page's language and names a highlighted
// button to press; another legal move is turned down with the step's reason and changes
// nothing; the move asked for goes on to the next step; and the page after the last step is
// the lesson's end. No match of the visitor's is stored on the way.
func TestAsnasLessonWalk(t *testing.T) {
	l := learn.Asnas()
	for _, loc := range i18n.Locales {
		t.Run(loc.Code, func(t *testing.T) {
			ts := newSite(t)
			p := ts.lessonPage("/asnas/learn", loc.Code, 1)
			if got := attr(p.doc.Find("[data-lesson]"), "data-steps"); got != strconv.Itoa(l.Len()) {
				t.Fatalf("data-steps %q, want %d", got, l.Len())
			}
			path := "/asnas/learn"
			for n := 1; n <= l.Len(); n++ {
				st, pos, _ := l.At(n)
				p = ts.lessonPage(path, loc.Code, n)
				if p.doc.Find("html").AttrOr("lang", "") != loc.Tag.String() {
					t.Fatalf("step %d: lang %q", n, p.doc.Find("html").AttrOr("lang", ""))
				}
				for seat := 1; seat < 4; seat++ {
					shown := p.doc.Find(`[data-hand="` + strconv.Itoa(seat) + `"] [data-card]`).Length()
					if shown > 0 && !slices.Contains(pos.Match.Deal.Revealed(), seat) {
						t.Errorf("step %d: %d of seat %d's cards face up, not revealed by the engine", n, shown, seat)
					}
				}
				bubble := strings.TrimSpace(p.doc.Find(".lesson-text").Text())
				if want := views.LessonText(i18n.WithLocale(t.Context(), loc), "asnas", st.Key, st.Args); bubble != want || bubble == "" {
					t.Errorf("step %d: bubble %q, want %q", n, bubble, want)
				}
				move := st.Move
				if move == "" {
					move = "continue"
					if p.doc.Find(`.lesson-bubble form[action="/asnas/learn/show"] button[data-action="show"][data-reads]`).Length() != 1 {
						t.Errorf("step %d (%s): no Continue in the bubble", n, st.Key)
					}
					if p.doc.Find(".felt .actions button").Length() != 0 {
						t.Errorf("step %d (%s): a step to read offers the table's buttons", n, st.Key)
					}
				} else {
					if p.doc.Find(`form[method="post"][action="/asnas/learn/show"] button[data-action="show"]`).Length() != 1 {
						t.Errorf("step %d (%s): no Show me", n, st.Key)
					}
					target := p.doc.Find(".felt button.learn-target")
					if target.Length() != 1 || attr(target, "data-action") != move {
						t.Fatalf("step %d (%s): the highlighted button is %q, want %q", n, st.Key, attr(target, "data-action"), move)
					}
					// Every other button the table offers is a legal move the step turns down.
					before := tableState(p)
					p.doc.Find(".felt .actions button").Each(func(_ int, b *goquery.Selection) {
						other := b.AttrOr("value", "")
						if other == move {
							return
						}
						back := ts.lessonMove("asnas", "move", url.Values{"step": {strconv.Itoa(n)}, "verb": {other}})
						wp := ts.lessonPage(back, loc.Code, n)
						if got := attr(wp.doc.Find("[data-wrong]"), "data-wrong"); got != "learn.asnas."+st.Reason(other) || st.Reason(other) == "" {
							t.Errorf("step %d: %s gives the reason %q", n, other, got)
						}
						if tableState(wp) != before {
							t.Errorf("step %d: %s changed the table", n, other)
						}
						if wp.doc.Find("[data-replay]").Length() != 0 {
							t.Errorf("step %d: the page explaining %s replays the others' moves again", n, other)
						}
					})
					// A verb the engine refuses (a form the table never offers) gets the engine's
					// reason in the lesson's words, and nothing changes.
					refused, key := "next", "learn.asnas.refused.notover"
					if pos.Match.DealOver() {
						refused, key = "fold", "learn.asnas.refused.over"
					}
					back := ts.lessonMove("asnas", "move", url.Values{"step": {strconv.Itoa(n)}, "verb": {refused}})
					if rp := ts.lessonPage(back, loc.Code, n); attr(rp.doc.Find("[data-wrong]"), "data-wrong") != key || tableState(rp) != before {
						t.Errorf("step %d: %s gives %q (want %q) or changes the table", n, refused, attr(rp.doc.Find("[data-wrong]"), "data-wrong"), key)
					}
				}
				path = ts.lessonMove("asnas", "move", url.Values{"step": {strconv.Itoa(n)}, "verb": {move}})
				if path != "/asnas/learn?step="+strconv.Itoa(n+1) {
					t.Fatalf("step %d (%s): %s leads to %s", n, st.Key, move, path)
				}
			}
			end := ts.lessonPage("/asnas/learn", loc.Code, l.Len()+1)
			if end.doc.Find(`[data-lesson-done="true"]`).Length() != 1 {
				t.Error("the page after the last step is not the lesson's end")
			}
			if end.doc.Find(`form[action="/asnas/learn/play"] button[data-action="play"]`).Length() != 1 {
				t.Error("the end offers no match against Beginner AI players")
			}
			if loc := ts.playFromLessonEnd("asnas"); loc != "/asnas" {
				t.Errorf("the end's button leads to %s", loc)
			}
			if ts.table().doc.Find(`[data-level="beginner"] input[checked], input[data-level="beginner"][checked]`).Length() == 0 {
				t.Error("after the lesson the table's AI players are not at Beginner")
			}
		})
	}
}

// TestAsnasLessonShowAndResume: Show me makes the move asked for; the visitor's place is
// kept, so /asnas/learn brings them back to it; Start again goes back to step 1.
func TestAsnasLessonShowAndResume(t *testing.T) {
	ts := newSite(t)
	for n := 1; n <= 4; n++ {
		if got := ts.lessonMove("asnas", "show", url.Values{"step": {strconv.Itoa(n)}}); got != "/asnas/learn?step="+strconv.Itoa(n+1) {
			t.Fatalf("Show me at step %d leads to %s", n, got)
		}
	}
	p := ts.lessonPage("/asnas/learn", "en", 5)
	if p.doc.Find(".felt [data-hand=\"0\"] [data-card]").Length() != 5 {
		t.Error("after Look was shown, the visitor's cards are not face up")
	}
	// A second visitor's cookie has its own place.
	other := newClient(t)
	ts.client, other = other, ts.client
	ts.lessonPage("/asnas/learn", "en", 1)
	ts.client = other
	ts.lessonMove("asnas", "restart", url.Values{})
	ts.lessonPage("/asnas/learn", "en", 1)
}

// TestAsnasLessonBadInput: a garbled or foreign step number is a friendly 4xx page, an
// unknown verb the engine's refusal, a doctored cookie a lesson from the start; never a 500.
func TestAsnasLessonBadInput(t *testing.T) {
	ts := newSite(t)
	for _, c := range []struct {
		form url.Values
		want int
	}{
		{url.Values{"verb": {"look"}}, http.StatusBadRequest},
		{url.Values{"step": {"abc"}, "verb": {"look"}}, http.StatusBadRequest},
		{url.Values{"step": {"0"}, "verb": {"look"}}, http.StatusBadRequest},
		{url.Values{"step": {"99"}, "verb": {"look"}}, http.StatusBadRequest},
		{url.Values{"step": {"3"}, "verb": {"dance"}}, http.StatusBadRequest},
		{url.Values{"step": {"3"}, "verb": {"hold"}}, http.StatusSeeOther},
		{url.Values{"step": {"4"}, "verb": {"look"}}, http.StatusSeeOther},
	} {
		if p := ts.post("/asnas/learn/move", c.form); p.status != c.want || (p.doc == nil && c.want != http.StatusSeeOther) {
			t.Errorf("POST %v: status %d, want %d with a page", c.form, p.status, c.want)
		}
	}
	// Past the end: the steps, then the lesson's last page.
	for _, q := range []string{"0", strconv.Itoa(learn.Asnas().Len() + 2), "x", "-1"} {
		if p := ts.get("/asnas/learn?step=" + q); p.status != http.StatusNotFound {
			t.Errorf("?step=%s: status %d, want 404", q, p.status)
		}
	}
	// A ?wrong= that is not a move turned down at this step puts nothing on the page.
	for _, w := range []string{"look", "raise%3Cscript%3E", "continue"} {
		if p := ts.get("/asnas/learn?step=3&wrong=" + w); p.doc.Find("[data-wrong]").Length() != 0 {
			t.Errorf("?wrong=%s shows a reason", w)
		}
	}
	req, _ := http.NewRequest(http.MethodGet, ts.srv.URL+"/asnas/learn", nil)
	req.AddCookie(&http.Cookie{Name: learnCookie, Value: "tampered"})
	if p := ts.do(req); p.status != http.StatusOK || attr(p.doc.Find("[data-lesson]"), "data-step") != "1" {
		t.Errorf("a doctored cookie: status %d, step %q", p.status, attr(p.doc.Find("[data-lesson]"), "data-step"))
	}
}

// TestAsnasLessonReadingStepsGiveNoReason: a step that is only read asks for no move, so a
// ?wrong= there (a move that step never offered) shows no reason, in particular not the
// catalog key of a reason such a step does not have ("learn.asnas.ranks.wrong"), as the
// Guandan lesson's reading steps already did.
func TestAsnasLessonReadingStepsGiveNoReason(t *testing.T) {
	ts := newSite(t)
	l := learn.Asnas()
	reads := 0
	for n := 1; n <= l.Len(); n++ {
		st, _, err := l.At(n)
		if err != nil {
			t.Fatal(err)
		}
		if !st.Reads() {
			continue
		}
		reads++
		for _, w := range []string{"look", "call", "hold", "raise", "fold", "next", "illegal", "over"} {
			p := ts.lessonPage("/asnas/learn?step="+strconv.Itoa(n)+"&wrong="+w, "en", n)
			if got := p.doc.Find("[data-wrong]"); got.Length() != 0 {
				t.Errorf("step %d (%s), ?wrong=%s: the reason %q (%q)", n, st.Key, w, attr(got, "data-wrong"), got.Text())
			}
			if strings.Contains(p.doc.Find("main").Text(), "learn.asnas.") {
				t.Errorf("step %d (%s), ?wrong=%s: a catalog key on the page", n, st.Key, w)
			}
		}
	}
	if reads == 0 {
		t.Fatal("the As-Nas lesson has no step that is only read")
	}
}

// TestGuandanLessonChooseAReading: cards the lesson's engine finds several readings for (at
// the full house step, two 9s, two Kings and the wild 2 of Hearts: a full house of 9s or of
// Kings) come back, as at the table, with the notice that asks to choose one "below", the
// cards still selected and the readings to choose from; a reading chosen is then judged as
// the step's move or not, and Pass is never held up by the question.
func TestGuandanLessonChooseAReading(t *testing.T) {
	ts := newSite(t)
	l := learn.Guandan()
	n := l.StepOf("full-house")
	_, pos, err := l.At(n)
	if err != nil || n == 0 {
		t.Fatalf("no full house step: %v", err)
	}
	var cards gd.Set // two 9s, both Kings of Hearts and the wild, from the hand
	want := []string{"9S", "9C", "KH", "KH", "2H"}
	for _, c := range pos.Match.Hands[0].Cards() {
		if i := slices.Index(want, c.String()); i >= 0 {
			cards.Add(c)
			want = slices.Delete(want, i, i+1)
		}
	}
	if len(want) > 0 {
		t.Fatalf("the full house step's hand lacks %v", want)
	}
	step := strconv.Itoa(n)
	back := ts.lessonMove("guandan", "move", url.Values{"step": {step}, "act": {"play"}, "card": ids(cards)})
	p := ts.lessonPage(back, "en", n)
	if got := attr(p.doc.Find("[data-wrong]"), "data-wrong"); got != "guandan.notice.choose" {
		t.Fatalf("two readings give the reason %q, want guandan.notice.choose", got)
	}
	var ticked []string
	p.doc.Find(`form[action="/guandan/learn/move"] input[name="card"][checked]`).Each(func(_ int, s *goquery.Selection) {
		ticked = append(ticked, attr(s, "value"))
	})
	slices.SortFunc(ticked, func(a, b string) int { x, _ := strconv.Atoi(a); y, _ := strconv.Atoi(b); return x - y })
	if !slices.Equal(ticked, ids(cards)) {
		t.Errorf("the cards shown selected are %v, want %v", ticked, ids(cards))
	}
	readings := p.doc.Find(`form[action="/guandan/learn/move"] .greadings input[name="reading"]`)
	if readings.Length() != 2 {
		t.Fatalf("the page offers %d readings to choose from, want 2", readings.Length())
	}
	// The live line says so, and guandan.js asks the step's line after each change.
	if got := attr(p.doc.Find(`form[action="/guandan/learn/move"] .gsel`), "data-selection"); got != "choose" {
		t.Errorf("the line under the hand says %q, want choose", got)
	}
	if got := attr(p.doc.Find(`form[action="/guandan/learn/move"]`), "data-selection-url"); got != "/guandan/learn/selection?step="+step {
		t.Errorf("the form's data-selection-url is %q", got)
	}
	line := func(cards gd.Set) string {
		t.Helper()
		sp := ts.get("/guandan/learn/selection?" + url.Values{"step": {step}, "card": ids(cards)}.Encode())
		if sp.status != http.StatusOK {
			t.Fatalf("the lesson's selection line: status %d", sp.status)
		}
		return attr(sp.doc.Find(".gsel"), "data-selection")
	}
	if got := line(cards); got != "choose" {
		t.Errorf("the lesson's selection line for the five cards says %q, want choose", got)
	}
	if got := line(l.Expected(n).Cards); got != "playable" {
		t.Errorf("the lesson's selection line for the step's play says %q, want playable", got)
	}
	if got := line(gd.Set{}); got != "none" {
		t.Errorf("the lesson's selection line for no cards says %q, want none", got)
	}
	if p.doc.Find(`form[action="/guandan/learn/move"] button[data-action="pass"]`).Length() > 0 &&
		p.doc.Find(`form[action="/guandan/learn/move"] button[data-action="pass"][formnovalidate]`).Length() == 0 {
		t.Error("Pass is held up by the required choice of a reading")
	}
	// A reading chosen is a legal play, but not the step's: the step's reason, for the full
	// house of Kings another full house, for the 9s the asked one with the wild for a 9.
	for reading, reason := range map[string]string{"full-house:9": "wild", "full-house:K": "full-house"} {
		back = ts.lessonMove("guandan", "move", url.Values{"step": {step}, "act": {"play"}, "card": ids(cards), "reading": {reading}})
		if got := attr(ts.lessonPage(back, "en", n).doc.Find("[data-wrong]"), "data-wrong"); got != "learn.guandan.fullhouse.wrong."+reason {
			t.Errorf("the reading %s chosen gives the reason %q, want the step's for %s", reading, got, reason)
		}
	}
	if p := ts.post("/guandan/learn/move", url.Values{"step": {step}, "act": {"play"}, "card": ids(cards), "reading": {"nonsense"}}); p.status != http.StatusBadRequest {
		t.Errorf("a reading that is no reading: status %d, want 400", p.status)
	}
}

// TestLessonOffered: a visitor who has never finished an As-Nas match is offered the lesson
// at the table and on the home page's card; once they have finished one, only the rules
// page, which always links to it, still does.
func TestLessonOffered(t *testing.T) {
	ts := newSite(t)
	offered := func(path, within string) bool {
		return ts.get(path).doc.Find(within+` a[data-link="learn"][href="/asnas/learn"]`).Length() == 1
	}
	if !offered("/asnas", "") || !offered("/", `[data-game-card="asnas"]`) || !offered("/asnas/rules", "") {
		t.Fatal("a newcomer is not offered the lesson at the table, on the home page and on the rules page")
	}
	playAsnasToTheEnd(t, ts, rand.New(rand.NewPCG(7, 7)))
	if offered("/asnas", "") || offered("/", `[data-game-card="asnas"]`) {
		t.Error("a visitor who finished a match is still offered the lesson")
	}
	if !offered("/asnas/rules", "") {
		t.Error("the rules page no longer links to the lesson")
	}

	// A visitor who has been through a lesson to its end, before any match, is not asked
	// whether they are new to the game (they were, until the end); the rules still link to it.
	for _, game := range []string{"asnas", "guandan"} {
		ts := newSite(t)
		learned := func(path, within string) bool {
			return ts.get(path).doc.Find(within+` a[data-link="learn"][href="/`+game+`/learn"]`).Length() == 1
		}
		steps := map[string]int{"asnas": learn.Asnas().Len(), "guandan": learn.Guandan().Len()}[game]
		for n := 1; n <= steps; n++ {
			ts.lessonMove(game, "show", url.Values{"step": {strconv.Itoa(n)}})
			if n == steps-1 && (!learned("/"+game, "") || !learned("/", `[data-game-card="`+game+`"]`)) {
				t.Errorf("%s: one step before the lesson's end, the table or the home page no longer offers it", game)
			}
		}
		if learned("/"+game, "") || learned("/", `[data-game-card="`+game+`"]`) || !learned("/"+game+"/rules", "") {
			t.Errorf("%s: after the lesson's last step the table or the home page still offers it, or the rules page no longer does", game)
		}
	}
}

// guandanForm is the lesson form of an action: the button pressed and the cards' ids.
func guandanForm(step int, a gd.Action) url.Values {
	f := url.Values{"step": {strconv.Itoa(step)}}
	switch a.Kind {
	case gd.ActPlay:
		f.Set("act", "play")
		for _, c := range a.Cards.Cards() {
			f.Add("card", strconv.Itoa(int(c)))
		}
		if !a.Reading.IsZero() {
			f.Set("reading", a.Reading.String())
		}
	case gd.ActPass:
		f.Set("act", "pass")
	case gd.ActNextDeal:
		f.Set("act", "next")
	case gd.ActReturn:
		f.Set("act", "return")
		f.Set("card", strconv.Itoa(int(a.Card)))
	default:
		f.Set("verb", "continue")
	}
	return f
}

// guandanAction is the action a lesson form made with guandanForm stands for.
func guandanAction(t *testing.T, f url.Values) gd.Action {
	t.Helper()
	var a gd.Action
	switch f.Get("act") {
	case "play":
		a.Kind = gd.ActPlay
	case "pass":
		a.Kind = gd.ActPass
	case "next":
		a.Kind = gd.ActNextDeal
	case "return":
		a.Kind = gd.ActReturn
	}
	for _, v := range f["card"] {
		id, err := strconv.Atoi(v)
		if err != nil {
			t.Fatalf("card %q", v)
		}
		a.Cards.Add(gd.Card(id))
		a.Card = gd.Card(id)
	}
	if r := f.Get("reading"); r != "" {
		a.Reading, _ = gd.ParseReading(r)
	}
	return a
}

// TestGuandanLessonWalk walks the whole Guandan lesson through the real router in every
// language, making each step's move with the table's own fields (the cards' ids, the button
// pressed). At each step asking for a move, the button to press is highlighted and the cards
// to select are in the hand; no cards at all come back with the table's notice, and a legal
// move other than the step's with the step's reason, neither changing the table.
func TestGuandanLessonWalk(t *testing.T) {
	l := learn.Guandan()
	for _, loc := range i18n.Locales {
		t.Run(loc.Code, func(t *testing.T) {
			ts := newSite(t)
			path := "/guandan/learn"
			for n := 1; n <= l.Len(); n++ {
				st, pos, _ := l.At(n)
				p := ts.lessonPage(path, loc.Code, n)
				bubble := strings.TrimSpace(p.doc.Find(".lesson-text").Text())
				if want := views.LessonText(i18n.WithLocale(t.Context(), loc), "guandan", st.Key, st.Args); bubble != want {
					t.Errorf("step %d: bubble %q, want %q", n, bubble, want)
				}
				checkLessonSecrets(t, n, p, pos.Match.View(0))
				want := l.Expected(n)
				if !st.Reads() {
					verb, _, _ := strings.Cut(st.Move, " ")
					if target := p.doc.Find(".felt button.learn-target"); target.Length() != 1 || attr(target, "data-action") != verb {
						t.Fatalf("step %d (%s): the highlighted button is %q, want %q", n, st.Key, attr(target, "data-action"), verb)
					}
					for _, c := range append(want.Cards.Cards(), want.Card) {
						if (want.Kind == gd.ActPlay || want.Kind == gd.ActReturn) && c != 0 && p.doc.Find(`.ghand input[name="card"][value="`+strconv.Itoa(int(c))+`"]`).Length() != 1 {
							t.Errorf("step %d (%s): card %s cannot be selected", n, st.Key, c)
						}
					}
					// The live line for the step's own play: a play the engine takes.
					if want.Kind == gd.ActPlay {
						sel := ts.get("/guandan/learn/selection?" + url.Values{"step": {strconv.Itoa(n)}, "card": ids(want.Cards)}.Encode())
						if got := attr(sel.doc.Find(".gsel"), "data-selection"); got != "playable" {
							t.Errorf("step %d (%s): the line for the step's play says %q, want playable", n, st.Key, got)
						}
						if p.doc.Find(`form[data-selection-url] .gsel`).Length() != 1 {
							t.Errorf("step %d (%s): the play's form has no live line", n, st.Key)
						}
					}
					before := tableState(p)
					var wrongs []url.Values
					if want.Kind == gd.ActPlay || want.Kind == gd.ActPass {
						wrongs = append(wrongs, url.Values{"step": {strconv.Itoa(n)}, "act": {"play"}})
						for _, lp := range pos.Match.LegalPlays(0) {
							if lp.Cards != want.Cards {
								wrongs = append(wrongs, guandanForm(n, gd.Action{Kind: gd.ActPlay, Cards: lp.Cards}))
								break
							}
						}
					}
					if want.Kind == gd.ActReturn {
						for _, c := range gd.Returnable(pos.Match.Level, pos.Match.Hands[0]).Cards() {
							if gd.CardStrength(c, pos.Match.Level) != gd.CardStrength(want.Card, pos.Match.Level) {
								wrongs = append(wrongs, guandanForm(n, gd.Action{Kind: gd.ActReturn, Card: c}))
								break
							}
						}
					}
					for _, f := range wrongs {
						back := ts.lessonMove("guandan", "move", f)
						wp := ts.lessonPage(back, loc.Code, n)
						key := attr(wp.doc.Find("[data-wrong]"), "data-wrong")
						// Play with nothing selected: at a step that asks for a play, the
						// table's notice (select the cards first); at one that asks for a
						// pass, the step's own guidance, which does not point to a play.
						if f.Get("card") == "" && f.Get("act") == "play" && want.Kind == gd.ActPlay {
							if key != "guandan.notice.empty" {
								t.Errorf("step %d: Play with no cards gives %q", n, key)
							}
						} else if did := l.Did(n, guandanAction(t, f)); key != "learn.guandan."+st.Reason(did) || st.Reason(did) == "" {
							t.Errorf("step %d: %v gives %q", n, f, key)
						}
						if tableState(wp) != before {
							t.Errorf("step %d: %v changed the table", n, f)
						}
						if wp.doc.Find("template[data-replay]").Length() != 0 {
							t.Errorf("step %d: the page explaining %v replays the others' moves again", n, f)
						}
					}
				}
				path = ts.lessonMove("guandan", "move", guandanForm(n, want))
				if path != "/guandan/learn?step="+strconv.Itoa(n+1) {
					t.Fatalf("step %d (%s): the move leads to %s", n, st.Key, path)
				}
			}
			end := ts.lessonPage("/guandan/learn", loc.Code, l.Len()+1)
			if n, _ := ts.store.Sweep(t.Context(), time.Now().Add(time.Hour)); n != 0 {
				t.Errorf("the lesson stored %d entries", n)
			}
			if end.doc.Find(`[data-lesson-done="true"] form[action="/guandan/learn/play"]`).Length() != 1 {
				t.Error("the lesson's end offers no match against Beginner AI players")
			}
			// The end's button: the table, its AI players at Beginner (see
			// TestLessonEndPlaysAMatchAtBeginner for a visitor with a match).
			if loc := ts.playFromLessonEnd("guandan"); loc != "/guandan" {
				t.Errorf("the end's button leads to %s", loc)
			}
			if got := attr(ts.get("/guandan").doc.Find("[data-guandan-level]"), "data-guandan-level"); got != "beginner" {
				t.Errorf("after the lesson the table's level is %q", got)
			}
		})
	}
}

// TestGuandanLessonBadInput: garbled forms are friendly 4xx pages, never a 500.
func TestGuandanLessonBadInput(t *testing.T) {
	ts := newSite(t)
	for _, c := range []struct {
		form url.Values
		want int
	}{
		{url.Values{"step": {"3"}, "act": {"dance"}}, http.StatusBadRequest},
		{url.Values{"step": {"3"}, "act": {"play"}, "card": {"999"}}, http.StatusBadRequest},
		{url.Values{"step": {"3"}, "verb": {"continue"}}, http.StatusBadRequest},
		{url.Values{"step": {"15"}, "act": {"return"}}, http.StatusBadRequest},
		{url.Values{"step": {"3"}, "act": {"pass"}}, http.StatusSeeOther},
		{url.Values{"step": {"3"}, "act": {"next"}}, http.StatusSeeOther},
		{url.Values{"step": {"40"}, "act": {"pass"}}, http.StatusBadRequest},
	} {
		if p := ts.post("/guandan/learn/move", c.form); p.status != c.want || (p.doc == nil && c.want != http.StatusSeeOther) {
			t.Errorf("POST %v: status %d, want %d with a page", c.form, p.status, c.want)
		}
	}
	if p := ts.get("/guandan/learn?step=3&wrong=%3Cb%3E"); p.doc.Find("[data-wrong]").Length() != 0 {
		t.Error("an unknown ?wrong= shows a reason")
	}
	// The live line's endpoint: a step that is none of the lesson's is a 404 page; cards not
	// in the step's hand, or a step that asks for no play, select nothing.
	for _, q := range []string{"", "step=", "step=abc", "step=0", "step=-1", "step=" + strconv.Itoa(learn.Guandan().Len()+1), "step=99999999999999999999"} {
		if p := ts.get("/guandan/learn/selection?" + q); p.status != http.StatusNotFound || p.doc == nil {
			t.Errorf("GET /guandan/learn/selection?%s: status %d, want 404 with a page", q, p.status)
		}
	}
	for _, q := range []string{"step=1&card=1", "step=3&card=999&card=x"} {
		p := ts.get("/guandan/learn/selection?" + q)
		if got := attr(p.doc.Find(".gsel"), "data-selection"); p.status != http.StatusOK || got != "none" {
			t.Errorf("GET /guandan/learn/selection?%s: status %d, line %q, want 200 and none", q, p.status, got)
		}
	}
	// A pass when leading gets the engine's reason, in the lesson's words.
	back := ts.lessonMove("guandan", "move", url.Values{"step": {"3"}, "act": {"pass"}})
	if got := attr(ts.lessonPage(back, "en", 3).doc.Find("[data-wrong]"), "data-wrong"); got != "learn.guandan.refused.mustlead" {
		t.Errorf("a pass when leading gives %q", got)
	}
}

// TestHintAndCoachLinkToTheLesson: the Guandan hint of a play links to the lesson step that
// explains its kind of combination, and the As-Nas coach to the step on how hands rank.
func TestHintAndCoachLinkToTheLesson(t *testing.T) {
	ts := newSite(t)
	var p page
	for range 40 {
		p = ts.get("/guandan?hint=1")
		if p.doc.Find(`.ghint[data-hint="true"]`).Length() == 1 {
			break
		}
		ts.playHint(ts.get("/guandan")) // a pass, or the next deal's table
	}
	if p.doc.Find(`.ghint[data-hint="true"]`).Length() != 1 {
		t.Fatal("no hint of a play in 40 moves")
	}
	href := attr(p.doc.Find(`.ghint a[data-link="learn-why"]`), "href")
	step, err := strconv.Atoi(strings.TrimPrefix(href, "/guandan/learn?step="))
	if err != nil {
		t.Fatalf("the hint's why link is %q", href)
	}
	st, _, err := learn.Guandan().At(step)
	if err != nil || len(st.Explains) == 0 {
		t.Fatalf("the hint links to step %d (%v), which explains no combination", step, err)
	}
	label := strings.TrimSpace(p.doc.Find(".ghint").Text())
	found := false
	for _, kind := range st.Explains {
		found = found || strings.Contains(strings.ToLower(label), strings.ToLower(i18n.T(i18n.WithLocale(t.Context(), i18n.Locales[0]), "guandan.kind."+kind)))
	}
	if !found {
		t.Errorf("the hint %q links to step %d, which explains %v", label, step, st.Explains)
	}
	ts.lessonPage(href, "en", step)

	ts.get("/asnas")
	c := ts.get("/asnas?coach=1")
	want := "/asnas/learn?step=" + strconv.Itoa(learn.Asnas().StepOf("hands"))
	if got := attr(c.doc.Find(`#coach a[data-link="learn-why"]`), "href"); got != want {
		t.Errorf("the coach's why link is %q, want %q", got, want)
	}
}

// checkLessonSecrets: every card face on a Guandan lesson's table is the visitor's own, a card
// played or paid for all to see, or one laid down at the deal's end; never another seat's.
func checkLessonSecrets(t *testing.T, step int, p page, v gd.View) {
	t.Helper()
	public := v.Played
	for _, e := range v.Tribute {
		public.Add(e.Card)
	}
	p.doc.Find(".felt [data-card]").Each(func(_ int, c *goquery.Selection) {
		face := attr(c, "data-card")
		switch hand, down := c.Closest("[data-hand]"), c.Closest(`[data-public="showdown"]`); {
		case hand.Length() == 1:
			if attr(hand, "data-hand") != "0" || !hasFace(v.Hand, face) {
				t.Errorf("step %d: %s in hand %s", step, face, attr(hand, "data-hand"))
			}
		case down.Length() == 1:
			seat, _ := strconv.Atoi(attr(down, "data-remaining"))
			if seat < 1 || seat > 3 || !hasFace(v.Remaining[seat], face) {
				t.Errorf("step %d: %s laid down for seat %d", step, face, seat)
			}
		case !hasFace(public, face):
			t.Errorf("step %d: %s on the felt, neither played nor paid", step, face)
		}
	})
}

// TestLessonSettingsComeBackToTheStep: the header's language and filter forms come back to
// the page they were sent from. On a lesson's page that was the lesson's path alone, which
// shows the visitor's progress: a player who came to a step by the table's "why?" link and
// changed the language there landed on the lesson's first step instead. They come back to the
// step shown.
func TestLessonSettingsComeBackToTheStep(t *testing.T) {
	ts := newSite(t)
	for _, path := range []string{"/asnas/learn?step=6", "/guandan/learn?step=7", "/guandan/learn?step=19"} {
		p := ts.get(path)
		returns := p.doc.Find(`form[action="/settings/language"] input[name="return"], form[data-filters] input[name="return"]`)
		if returns.Length() != 2 {
			t.Fatalf("%s: %d of the header's two settings forms come back to the page", path, returns.Length())
		}
		returns.Each(func(_ int, s *goquery.Selection) {
			if got := attr(s, "value"); got != path {
				t.Errorf("%s: a setting changed here comes back to %s", path, got)
			}
		})
		if loc := ts.location("/settings/language", url.Values{"lang": {"sv"}, "return": {attr(returns.First(), "value")}}); loc != path {
			t.Errorf("%s: changing the language leads to %s", path, loc)
		}
	}
}

// TestLessonStepTitles: each step of a lesson has a title of its own, which says the step and
// the lesson ("Step 3 of 18 · Learn Guandan · Cardavia"), in every language, so that a
// screen reader, which reads a new page's title first, and the browser's history tell the
// steps apart; the page after the last step is the lesson's.
func TestLessonStepTitles(t *testing.T) {
	ts := newSite(t)
	for _, game := range []struct {
		name  string
		steps int
	}{{"asnas", learn.Asnas().Len()}, {"guandan", learn.Guandan().Len()}} {
		for _, loc := range i18n.Locales {
			ctx := i18n.WithLocale(t.Context(), loc)
			lesson, site := i18n.T(ctx, "learn."+game.name+".title"), i18n.T(ctx, "site.name")
			seen := map[string]int{}
			for n := 1; n <= game.steps+1; n++ {
				p := ts.lessonPage("/"+game.name+"/learn?step="+strconv.Itoa(n), loc.Code, n)
				title := strings.TrimSpace(p.doc.Find("title").Text())
				want := i18n.T(ctx, "learn.progress", n, game.steps) + " · " + lesson + " · " + site
				if n > game.steps {
					want = lesson + " · " + site
				}
				if title != want {
					t.Errorf("%s %s step %d: title %q, want %q", game.name, loc.Code, n, title, want)
				}
				if m, ok := seen[title]; ok {
					t.Errorf("%s %s: steps %d and %d have the same title %q", game.name, loc.Code, m, n, title)
				}
				seen[title] = n
			}
		}
	}
}

// TestGuandanLessonWording: slips a play-test found in the Guandan lesson's translations stay
// fixed: the team the visitor plays in is the sentence's subject in Danish ("du og Nord …
// spiller"), the wild 2 of Hearts is a card ("det vilda kortet hjärter 2", "det vilde kort,
// hjerter 2"), and East's 10 beats ("superó"), not wins, the visitor's 3 in Spanish.
func TestGuandanLessonWording(t *testing.T) {
	l := learn.Guandan()
	slips := map[string][]string{
		"da": {"dig og Nord", "den vilde hjerter"},
		"sv": {"det vilda hjärter"},
		"es": {"ganó tu 3"},
	}
	for _, loc := range i18n.Locales {
		ctx := i18n.WithLocale(t.Context(), loc)
		for n := 1; n <= l.Len(); n++ {
			st, _, _ := l.At(n)
			text := views.LessonText(ctx, "guandan", st.Key, st.Args)
			for _, slip := range slips[loc.Code] {
				if strings.Contains(text, slip) {
					t.Errorf("%s step %d (%s): %q", loc.Code, n, st.Key, slip)
				}
			}
		}
	}
}

// TestLessonKeysHelp: every step of both lessons has the table's skip link to the hand and,
// beside its progress, the table's keys help with the keys of its table's buttons: not the
// coach's or Hint's, which a lesson does not offer, and Next deal's in the button's own words
// (the table's line offers a rematch too, which a lesson has not). The page after the last
// step, which has no table, has neither.
func TestLessonKeysHelp(t *testing.T) {
	ts := newSite(t)
	for _, c := range []struct {
		game, hand, next string
		steps            int
		keys             []string
	}{
		{"asnas", "#hand", "asnas.nextdeal", learn.Asnas().Len(), []string{"look", "call", "hold", "raise", "fold", "next"}},
		{"guandan", "#ghand", "guandan.next", learn.Guandan().Len(), []string{"play", "pass", "return", "next"}},
	} {
		for n := 1; n <= c.steps+1; n++ {
			p := ts.lessonPage("/"+c.game+"/learn?step="+strconv.Itoa(n), "en", n)
			skip := p.doc.Find(`a.skip-link[href="` + c.hand + `"]`)
			help := p.doc.Find(".lesson-head details.keys-help")
			if n > c.steps {
				if skip.Length() != 0 || help.Length() != 0 {
					t.Errorf("%s lesson's end: %d skip links to the hand, %d keys helps, want none", c.game, skip.Length(), help.Length())
				}
				continue
			}
			if skip.Length() != 1 || p.doc.Find(c.hand).Length() != 1 {
				t.Errorf("%s step %d: %d skip links to the hand, %d hands", c.game, n, skip.Length(), p.doc.Find(c.hand).Length())
			}
			var listed []string
			help.Find("[data-key-action]").Each(func(_ int, s *goquery.Selection) { listed = append(listed, attr(s, "data-key-action")) })
			if !slices.Equal(listed, c.keys) {
				t.Errorf("%s step %d: the keys help lists %v, want %v", c.game, n, listed, c.keys)
			}
			p.doc.Find(".felt [aria-keyshortcuts]").Each(func(_ int, s *goquery.Selection) {
				if a := attr(s, "data-action"); !slices.Contains(listed, a) {
					t.Errorf("%s step %d: the button %s is not in the keys help %v", c.game, n, a, listed)
				}
			})
			ctx := i18n.WithLocale(t.Context(), i18n.Locales[0])
			if got, want := strings.TrimSpace(help.Find(`[data-key-action="next"] dd`).Text()), i18n.T(ctx, c.next); got != want {
				t.Errorf("%s step %d: Next deal's key says %q, want %q", c.game, n, got, want)
			}
		}
	}
}
