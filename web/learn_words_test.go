package web

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/cardavia/cardavia/i18n"
	gd "github.com/cardavia/cardavia/rules/guandan"
	"github.com/cardavia/cardavia/web/learn"
	"github.com/cardavia/cardavia/web/views"
)

// lessonBubbles are every step's bubble of both lessons in a language, with its arguments
// (card, combination and seat names as the table writes them), by step key.
func lessonBubbles(t *testing.T, loc i18n.Locale) map[string]string {
	t.Helper()
	ctx := i18n.WithLocale(t.Context(), loc)
	out := map[string]string{}
	for _, st := range learn.Asnas().Steps {
		out["asnas."+st.Key] = views.LessonText(ctx, "asnas", st.Key, st.Args)
	}
	for _, st := range learn.Guandan().Steps {
		out["guandan."+st.Key] = views.LessonText(ctx, "guandan", st.Key, st.Args)
	}
	return out
}

// TestLessonSentencesStartWithACapital: a bubble's argument may open a sentence, and the
// table's names are not all capitalised (Swedish and Danish write a card "hjärter 2",
// "hjerter 2"), so the Guandan order step read "… över essen. hjärter 2 är vilt: …". Every
// sentence of every bubble, in the languages that have capitals, starts with one.
func TestLessonSentencesStartWithACapital(t *testing.T) {
	for _, loc := range i18n.Locales {
		if loc.Code == "fa" || loc.Code == "zh" {
			continue // no capitals
		}
		for key, text := range lessonBubbles(t, loc) {
			for _, s := range splitSentences(text) {
				if r, _ := utf8.DecodeRuneInString(strings.TrimLeft(s, "¡¿“\"(")); unicode.IsLower(r) {
					t.Errorf("%s %s: a sentence starts in lower case: %q\n%s", loc.Code, key, s, text)
				}
			}
		}
	}
}

// splitSentences splits a text after each full stop, exclamation or question mark that ends a
// sentence (one followed by a space).
func splitSentences(text string) []string {
	var out []string
	start := 0
	for i := 0; i < len(text)-1; i++ {
		if strings.ContainsRune(".!?", rune(text[i])) && text[i+1] == ' ' {
			out = append(out, text[start:i+1])
			start = i + 2
		}
	}
	return append(out, text[start:])
}

// TestLessonShowdownNamesEastsHand: the As-Nas showdown step says your hand beats East's.
// Swedish put the seat's name and the hand side by side ("slår Öst Två par"), with no
// genitive, and Danish wrote it "Øst’ To par", the apostrophe that only a name ending in s,
// x or z takes. Both now say whose hand it is with a preposition, whatever the seat's name.
func TestLessonShowdownNamesEastsHand(t *testing.T) {
	for _, c := range []struct{ code, want string }{
		{"sv", "två par (do juft) hos Öst"},
		{"da", "to par (do juft) hos Øst"},
	} {
		loc, _ := i18n.ByCode(c.code)
		if got := lessonBubbles(t, loc)["asnas.showdown"]; !strings.Contains(got, c.want) {
			t.Errorf("%s showdown bubble does not say %q: %s", c.code, c.want, got)
		}
	}
}

// threeOfSpades is the card the Guandan lesson's first play asks for, as each language names it.
var threeOfSpades = map[string]string{"en": "3 of Spades", "sv": "spader 3", "da": "spar 3", "es": "3 de picas", "fa": "۳ پیک", "zh": "黑桃3"}

// TestGuandanLessonSingleNamesTheCard: the single step asks for the 3 of Spades (the other
// 3s make the tube later). A newcomer who led another 3 was told "play your lowest card, the
// 3", which they had just done; the reason now names the card asked for, as the bubble does.
func TestGuandanLessonSingleNamesTheCard(t *testing.T) {
	l := learn.Guandan()
	n := l.StepOf("single")
	_, pos, _ := l.At(n)
	var other gd.Card
	for _, c := range pos.Match.Hands[0].Cards() {
		if c.Rank() == gd.Three && c.Suit() != gd.Spades {
			other = c
		}
	}
	if other == 0 {
		t.Fatal("the hand holds no other 3")
	}
	var play gd.Set
	play.Add(other)
	for _, loc := range i18n.Locales {
		ts := newSite(t)
		back := ts.lessonMove("guandan", "move", guandanForm(n, gd.Action{Kind: gd.ActPlay, Cards: play}))
		p := ts.lessonPage(back, loc.Code, n)
		name := threeOfSpades[loc.Code]
		if bubble := p.doc.Find(".lesson-text").Text(); !strings.Contains(bubble, name) {
			t.Fatalf("%s: the step's bubble does not name %q: %s", loc.Code, name, bubble)
		}
		if why := p.doc.Find("[data-wrong]").Text(); !strings.Contains(why, name) {
			t.Errorf("%s: leading the %s is turned down without naming the %s: %s", loc.Code, other, name, why)
		}
	}
}

// TestLessonNamesCombinationsInTheSentencesCase: a bubble names a combination or a hand with
// the table's label, which is capitalised ("Pair"), and its own words name them in lower case,
// so one sentence read "Only a higher Pair beats a pair". Inside a sentence the name is now in
// lower case; at a sentence's start it keeps its capital (TestLessonSentencesStartWithACapital).
func TestLessonNamesCombinationsInTheSentencesCase(t *testing.T) {
	for _, c := range []struct{ code, key, want string }{
		{"en", "guandan.pair", "Only a higher pair beats a pair"},
		{"en", "asnas.showdown", "your full house (she va juft) beats"},
		{"sv", "guandan.pair", "Bara ett högre par slår ett par"},
		{"sv", "guandan.triple", "Triss är tre kort"},
		{"da", "guandan.pair", "Kun et højere par slår et par"},
		{"da", "asnas.tie", "nøjagtig samme hånd, et par (juft), kort for kort"},
		{"es", "guandan.bomb", "Pero una bomba gana"},
		{"es", "guandan.triple", "Un trío son tres cartas"},
	} {
		loc, _ := i18n.ByCode(c.code)
		if got := lessonBubbles(t, loc)[c.key]; !strings.Contains(got, c.want) {
			t.Errorf("%s %s does not say %q: %s", c.code, c.key, c.want, got)
		}
	}
}

// TestAsnasLessonStatesTheTie: in every language the As-Nas lesson says how hands tie (the
// ranking step: the same ranks tie, and so do all high-card hands) and has a step on a tied
// showdown (learn.TestAsnasLessonSplitsATiedPot checks it is one by the engine) that names the
// two tied seats, says that tied best hands share the pot equally, fractions included, with
// the rules' example (5 shared three ways), and gives the step's shares: 2 each from 4.
func TestAsnasLessonStatesTheTie(t *testing.T) {
	words := map[string]struct{ tie, share, fractions string }{
		"en": {"tie", "share the pot equally", "fractions included"},
		"sv": {"oavgjord", "delar potten lika", "bråkdelar inräknade"},
		"es": {"empat", "se reparten el bote a partes iguales", "con fracciones"},
		"fa": {"مساوی", "به\u200cطور مساوی", "کسرها"},
		"da": {"står lige", "deler puljen ligeligt", "brøker medregnet"},
		"zh": {"平局", "平分底池", "分数"},
	}
	step := learn.Asnas().StepOf("ties")
	if step == 0 {
		t.Fatal("no step of the As-Nas lesson explains ties")
	}
	key := "asnas." + learn.Asnas().Steps[step-1].Key
	for _, loc := range i18n.Locales {
		w, ok := words[loc.Code]
		if !ok {
			t.Fatalf("no words for %s", loc.Code)
		}
		ctx := i18n.WithLocale(t.Context(), loc)
		b := lessonBubbles(t, loc)
		if !strings.Contains(b["asnas.ranking"], w.tie) {
			t.Errorf("%s: the ranking step does not say when hands tie (%q): %s", loc.Code, w.tie, b["asnas.ranking"])
		}
		text := b[key]
		for _, want := range []string{w.tie, w.share, w.fractions, i18n.T(ctx, "asnas.seat.1"), i18n.T(ctx, "asnas.seat.2"),
			i18n.Number(ctx, 5, 0), i18n.Number(ctx, 4, 0), i18n.Number(ctx, 2, 0)} {
			if !strings.Contains(text, want) {
				t.Errorf("%s %s does not say %q: %s", loc.Code, key, want, text)
			}
		}
	}
}
