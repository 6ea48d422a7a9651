package web_test

import (
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// lessonToMove walks a lesson from its start with Continue to its first step whose table asks
// for a move with sel.
func (tb *tab) lessonToMove(game, sel string) {
	tb.t.Helper()
	tb.open("/" + game + "/learn")
	for range 10 {
		if tb.exists(sel) {
			return
		}
		tb.load(game+" lesson: Continue", click(`.lesson-bubble [data-action="show"]`))
	}
	tb.t.Fatalf("%s lesson: no step in the first ten asks for a move (%s)", game, sel)
}

// lessonKeysHelp checks that the lesson's head has the table's keys help, listing the key of
// every button on the felt and none of an action the lesson does not offer.
func (tb *tab) lessonKeysHelp(where string, absent string) {
	tb.t.Helper()
	if !tb.exists(`.lesson-head details.keys-help`) {
		tb.t.Errorf("%s: the lesson has no keys help beside its progress", where)
		return
	}
	k := eval[keysState](tb, keysScript)
	for _, b := range k.Buttons {
		if !slices.Contains(k.Listed, b) {
			tb.t.Errorf("%s: the key %q of a button on the felt is not in the keys help %v", where, b, k.Listed)
		}
	}
	if len(k.Buttons) == 0 {
		tb.t.Errorf("%s: no button with a shortcut on the felt", where)
	}
	if k.Outside || k.Wide {
		tb.t.Errorf("%s: the open keys help leaves the screen (outside %v, sideways %v)", where, k.Outside, k.Wide)
	}
	if tb.exists(`.keys-help [data-key-action="` + absent + `"]`) {
		tb.t.Errorf("%s: the keys help lists %s, which the lesson does not offer", where, absent)
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("details.keys-help").open = false`))
}

// TestBrowserLessonKeys: a lesson's table has the table's keyboard aids. The first Tabs reach
// a skip link to the hand, which lands the focus on it, and the next Tab reaches the step's
// buttons; the lesson's head has the keys help, which lists the keys of the felt's buttons and
// not the coach's or the Hint's (the lesson offers neither). In the As-Nas lesson the button's
// key makes the move; in the Guandan lesson the hand is one Tab stop whose arrows, Home and
// End move from card to card and Space ticks, as at the table. Before, the lessons had none of
// this: no skip link and no keys help. In English and in Persian (right to left).
func TestBrowserLessonKeys(t *testing.T) {
	browserTest(t)
	site := browserSite(t)
	for _, lang := range []string{"en", "fa"} {
		t.Run(lang, func(t *testing.T) {
			browser := startBrowser(t, 2*time.Minute)

			// As-Nas.
			tb := lessonTab(t, browser, site.URL, phoneWidth, phoneHeight, lang, true)
			tb.reduceMotion()
			tb.lessonToMove("asnas", ".felt .actions button[data-action]")
			where := "asnas lesson " + lang
			tb.lessonKeysHelp(where, "coach")
			step := eval[string](tb, `document.querySelector("[data-lesson]").dataset.step`)
			wantSkipToHand(t, tb, "learn-asnas-"+lang, "#hand")
			tb.do(chromedp.KeyEvent("\t"))
			if !eval[bool](tb, `document.activeElement.matches(".felt .actions button[data-action]")`) {
				t.Errorf("%s: Tab from the hand reached %s, not the step's buttons", where, tb.focused())
			}
			key := eval[string](tb, `document.querySelector(".learn-target").getAttribute("aria-keyshortcuts")`)
			if !tb.tryLoad(keyWait, chromedp.KeyEvent(key)) {
				t.Errorf("%s: the key %q of the step's button did nothing", where, key)
			} else if next := eval[string](tb, `document.querySelector("[data-lesson]").dataset.step`); next == step {
				t.Errorf("%s: the key %q of the step's button left the lesson at step %s", where, key, step)
			}

			// Guandan.
			tb = lessonTab(t, browser, site.URL, phoneWidth, phoneHeight, lang, true)
			tb.reduceMotion()
			tb.lessonToMove("guandan", `#ghand input[type="checkbox"]`)
			where = "guandan lesson " + lang
			tb.lessonKeysHelp(where, "hint")
			if !tb.exists(`.lesson-head details.keys-help [data-key-hand="arrows"] dd`) || !tb.exists(`.lesson-head details.keys-help [data-key-hand="homeend"] dd`) {
				t.Errorf("%s: the keys help does not list the hand's arrows, Home and End", where)
			}
			wantSkipToHand(t, tb, "learn-guandan-"+lang, "#ghand")
			at := func() handFocus { return eval[handFocus](tb, handFocusScript) }
			press := func(keys ...string) {
				for _, k := range keys {
					tb.do(chromedp.KeyEvent(k))
				}
			}
			if f := at(); f.Stops != 1 {
				t.Errorf("%s: %d Tab stops in the hand, want 1", where, f.Stops)
			}
			press(kb.ArrowRight)
			first := at()
			if !first.In || first.Group != 0 || first.Row != 0 {
				t.Fatalf("%s: Right from the hand reached %+v, want its first card", where, first)
			}
			press(kb.ArrowRight)
			if f := at(); f.Group != 1 || f.Row != 0 {
				t.Errorf("%s: Right from the first stack reached %+v, want the second stack's top", where, f)
			}
			press(kb.ArrowLeft)
			if f := at(); f.Card != first.Card {
				t.Errorf("%s: Left back reached %+v, want %s", where, f, first.Card)
			}
			// Down goes within a stack of two or more.
			tall := eval[int](tb, `[...document.querySelectorAll("#ghand .ggroup")].findIndex((g) => g.querySelectorAll('input[name="card"]').length > 1)`)
			if tall < 0 {
				t.Fatalf("%s: no stack of two cards in the hand", where)
			}
			for range tall {
				press(kb.ArrowRight)
			}
			top := at()
			press(kb.ArrowDown)
			if d := at(); d.Group != tall || d.Row != 1 || d.Y <= top.Y {
				t.Errorf("%s: Down in stack %d went to %+v from %+v", where, tall, d, top)
			}
			cards := eval[[]string](tb, `[...document.querySelectorAll('#ghand input[name="card"]')].map((b) => b.value)`)
			press(kb.End)
			if f := at(); f.Card != cards[len(cards)-1] {
				t.Errorf("%s: End reached %+v, want the last card %s", where, f, cards[len(cards)-1])
			}
			press(kb.Home)
			if f := at(); f.Card != cards[0] {
				t.Errorf("%s: Home reached %+v, want the first card %s", where, f, cards[0])
			}
			press(" ")
			if !eval[bool](tb, `document.activeElement.checked`) {
				t.Errorf("%s: Space did not tick the card in focus", where)
			}
			press(" ", "\t")
			if f := at(); f.In || f.Stops != 1 || !eval[bool](tb, `document.activeElement.matches('button[data-action="play"]')`) {
				t.Errorf("%s: Tab from a card reached %s (%d stops in the hand), want Play", where, f.What, f.Stops)
			}
			tb.shot("learn-keys-guandan-" + lang)
			tb.checkClean(where, "")
		})
	}
}
