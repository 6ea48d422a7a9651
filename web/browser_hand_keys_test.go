package web_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// handFocus is where the focus is in the hand: the group (its index among the hand's groups)
// and the place in it (a card, or the stack's button after its cards), the card, its box,
// and how many of the hand's controls are a Tab stop.
type handFocus struct {
	In    bool    `json:"in"`
	What  string  `json:"what"`
	Group int     `json:"group"`
	Row   int     `json:"row"`
	Card  string  `json:"card"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	Stops int     `json:"stops"`
}

const handFocusScript = `(() => {
	const a = document.activeElement, hand = document.querySelector("#ghand");
	const all = [...hand.querySelectorAll('input[name="card"], .gstack')];
	const stops = all.filter((e) => e.tabIndex === 0).length;
	if (!hand.contains(a) || a === hand) return {in: false, what: a.outerHTML.slice(0, 80), stops};
	const g = a.closest(".ggroup");
	const b = (a.closest(".gcard") || a).getBoundingClientRect();
	return {in: true, what: a.type || a.className, group: [...hand.querySelectorAll(".ggroup")].indexOf(g),
		row: [...g.querySelectorAll('input[name="card"], .gstack')].indexOf(a), card: a.value || "stack", x: b.left, y: b.top, stops};
})()`

// visualOrder lists the hand's groups (or, with cards, its cards by value) as they show:
// row by row from the top, each from left to right, whatever the DOM says.
const visualOrder = `((cards) => {
	const hand = document.querySelector("#ghand");
	const groups = [...hand.querySelectorAll(".ggroup")];
	const els = cards ? [...hand.querySelectorAll('input[name="card"]')] : groups;
	const at = (e) => { const g = (cards ? e.closest(".ggroup") : e).getBoundingClientRect(); const b = (cards ? e.closest(".gcard") : e).getBoundingClientRect(); return [Math.round(g.top), b.left]; };
	return els.map((e, i) => ({i, k: at(e)})).sort((a, b) => a.k[0] - b.k[0] || a.k[1] - b.k[1])
		.map(({i}) => cards ? els[i].value : String(i));
})`

// TestBrowserKeysHand: the hand to pick a play from is one Tab stop, not 27 (a roving
// tabindex, guandan.js), and the arrows move through it in the order it shows, in English and
// in Persian, whose page runs right to left while the hand reads left to right: by rank,
// Right and Left go from stack to stack along the top, row by row, and Down and Up within a
// stack; by suit, Right and Left go card by card and Up and Down do not move. Home and End go
// to the first and last card, Space still ticks a card, a Shift+arrow does nothing, and Tab
// leaves the hand in one step, Shift+Tab coming back to the card last in focus. The keys help
// lists the arrows and Home and End.
func TestBrowserKeysHand(t *testing.T) {
	browserTest(t)
	site := browserSite(t)
	for _, lang := range []string{"en", "fa"} {
		t.Run(lang, func(t *testing.T) {
			tb := newTab(t, startBrowser(t, 2*time.Minute), site.URL, phoneWidth, phoneHeight)
			tb.reduceMotion()
			tb.open("/guandan")
			if lang != "en" {
				tb.setLanguage(lang)
			}
			if !tb.exists(`form[action="/guandan/play"] #ghand input[type="checkbox"]`) {
				t.Fatal("a new match does not wait for the human's play")
			}
			if !tb.exists(`details.keys-help [data-key-hand="arrows"] dd`) || !tb.exists(`details.keys-help [data-key-hand="homeend"] dd`) {
				t.Errorf("%s: the keys help does not list the hand's arrows, Home and End", lang)
			}
			at := func() handFocus { return eval[handFocus](tb, handFocusScript) }
			press := func(keys ...string) {
				for _, k := range keys {
					tb.do(chromedp.KeyEvent(k))
				}
			}

			// By rank: stacks in columns.
			if f := at(); f.Stops != 1 {
				t.Errorf("%s, by rank: %d Tab stops in the hand, want 1", lang, f.Stops)
			}
			tb.do(chromedp.Focus(chromedp.CSS("#ghand")))
			press(kb.ArrowRight)
			f := at()
			if !f.In || f.Group != 0 || f.Row != 0 {
				t.Fatalf("%s: Right from the hand reached %+v, want its first card", lang, f)
			}
			order := eval[[]string](tb, visualOrder+"(false)")
			walk := []string{fmt.Sprint(f.Group)}
			for range len(order) {
				press(kb.ArrowDown)
				if d := at(); d.Group != f.Group || (d.Row == 0) == (eval[int](tb, fmt.Sprintf(`document.querySelectorAll("#ghand .ggroup")[%d].querySelectorAll("input, .gstack").length`, f.Group)) > 1) || (d.Row > 0 && d.Y <= f.Y) {
					t.Errorf("%s: Down in stack %d went to %+v from %+v", lang, f.Group, d, f)
				}
				press(kb.ArrowUp)
				if u := at(); u.Card != f.Card {
					t.Errorf("%s: Up in stack %d went to %+v, want %s back", lang, f.Group, u, f.Card)
				}
				press(kb.ArrowRight)
				n := at()
				if n.Group == f.Group {
					break
				}
				if n.Row != 0 {
					t.Errorf("%s: Right from the top of stack %d reached place %d of stack %d, not its top", lang, f.Group, n.Row, n.Group)
				}
				walk = append(walk, fmt.Sprint(n.Group))
				f = n
			}
			t.Logf("%s, by rank: %d stacks walked in %d rows", lang, len(walk), eval[int](tb, `new Set([...document.querySelectorAll("#ghand .ggroup")].map((g) => Math.round(g.getBoundingClientRect().top))).size`))
			if !slices.Equal(walk, order) {
				t.Errorf("%s: Right walks the stacks %v, the hand shows them %v", lang, walk, order)
			}
			for range len(order) {
				press(kb.ArrowLeft)
			}
			if f := at(); f.Group != 0 || f.Row != 0 || f.Stops != 1 {
				t.Errorf("%s: Left back to the start reached %+v", lang, f)
			}
			tb.do(chromedp.KeyEvent(kb.ArrowRight, chromedp.KeyModifiers(chromedp.ModifierShift)))
			if f := at(); f.Group != 0 {
				t.Errorf("%s: Shift+Right moved the focus to %+v", lang, f)
			}
			cards := eval[[]string](tb, `[...document.querySelectorAll('#ghand input[name="card"]')].map((b) => b.value)`)
			press(kb.End)
			if f := at(); f.Card != cards[len(cards)-1] {
				t.Errorf("%s: End reached %+v, want the last card %s", lang, f, cards[len(cards)-1])
			}
			press(kb.Home)
			if f := at(); f.Card != cards[0] {
				t.Errorf("%s: Home reached %+v, want the first card %s", lang, f, cards[0])
			}
			// Space ticks the card in focus; Tab leaves the hand at once, Shift+Tab comes back.
			press(kb.ArrowRight, kb.ArrowDown)
			mid := at()
			press(" ")
			if !eval[bool](tb, `document.activeElement.checked`) {
				t.Errorf("%s: Space did not tick the card in focus (%+v)", lang, mid)
			}
			press(" ", "\t")
			if f := at(); f.In || f.Stops != 1 || !eval[bool](tb, `document.activeElement.matches('button[data-action="play"]')`) {
				t.Errorf("%s: Tab from a card reached %s (%d stops in the hand), want Play", lang, f.What, f.Stops)
			}
			tb.do(chromedp.KeyEvent("\t", chromedp.KeyModifiers(chromedp.ModifierShift)))
			if f := at(); f.Card != mid.Card {
				t.Errorf("%s: Shift+Tab from Play reached %+v, want the card last in focus %s", lang, f, mid.Card)
			}
			tb.shot("hand-keys-rank-" + lang)

			// By suit: runs in rows.
			tb.load("arrange by suit", click(`.garrange a[data-arrange="suit"]`))
			if f := at(); f.Stops != 1 {
				t.Errorf("%s, by suit: %d Tab stops in the hand, want 1", lang, f.Stops)
			}
			want := eval[[]string](tb, visualOrder+"(true)")
			tb.do(chromedp.Focus(chromedp.CSS("#ghand")))
			press(kb.Home)
			var got []string
			for range len(want) + 1 {
				f := at()
				if len(got) > 0 && got[len(got)-1] == f.Card {
					break
				}
				got = append(got, f.Card)
				press(kb.ArrowDown)
				if d := at(); d.Card != f.Card {
					t.Errorf("%s, by suit: Down moved the focus from %s to %s", lang, f.Card, d.Card)
				}
				press(kb.ArrowRight)
			}
			t.Logf("%s, by suit: %d cards walked", lang, len(got))
			if !slices.Equal(got, want) {
				t.Errorf("%s, by suit: Right walks the cards %v, the hand shows them %v", lang, got, want)
			}
			press(kb.ArrowLeft)
			if f := at(); len(want) < 2 || f.Card != want[len(want)-2] {
				t.Errorf("%s, by suit: Left from the last card reached %+v", lang, f)
			}
			tb.checkClean("the hand's keys", "")
		})
	}
}
