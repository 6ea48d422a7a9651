package web_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// focusScript names where the focus is: the page's body, the notice, the Guandan hand, the
// hint, an arrangement link, a table's button, or else the element itself.
const focusScript = `(() => {
	const a = document.activeElement;
	if (!a || a === document.body) return "body";
	if (a.matches("[data-notice]")) return "notice";
	if (a.matches(".ghand")) return "hand";
	if (a.matches(".ghint")) return "hint";
	if (a.matches(".felt a[data-arrange]")) return "arrange " + a.dataset.arrange;
	if (a.matches(".felt button[data-action]")) return "button " + a.dataset.action;
	return a.outerHTML.slice(0, 80);
})()`

// TestBrowserFocusAfterMove: after a move the new page puts the focus where the player goes
// on (app.js, settled), not at the top of the page, which a keyboard or screen-reader player
// would cross again after every move: on the notice about a refused move, on the hint asked
// for, on the arrangement chosen, on the hand or the first button. A page opened afresh
// leaves the focus where the browser puts it.
func TestBrowserFocusAfterMove(t *testing.T) {
	browserTest(t)
	site := browserSite(t)

	t.Run("asnas", func(t *testing.T) {
		tb := newTab(t, startBrowser(t, 2*time.Minute), site.URL, phoneWidth, phoneHeight)
		tb.motion(true)
		tb.open("/asnas")
		if f := eval[string](tb, focusScript); f != "body" {
			t.Errorf("a table opened afresh: focus on %s", f)
		}
		tabbed := 0
		for i := 0; i < 10 && tabbed == 0; i++ {
			// A key during a replay only ends it.
			if !waitFor(10*time.Second, func() bool { return !tb.exists(".replaying") }) {
				t.Fatal("the replay did not end")
			}
			a := tb.actionsNow()
			if len(a) == 0 || a[0] == "new" {
				break
			}
			// The first button's key, pressed with the focus wherever the last page put it.
			key := eval[string](tb, `document.querySelector(".felt .actions button").getAttribute("aria-keyshortcuts")`)
			tb.load(fmt.Sprintf("the key %s (%s)", key, a[0]), chromedp.KeyEvent(key))
			// Tab while two steps or more are still to replay ends the replay, and the focus
			// stays on the first button, which the Tab once stepped past.
			waitFor(time.Second, func() bool { return tb.exists(".replaying") })
			if eval[int](tb, `document.querySelectorAll("[data-replay-pending]").length`) >= 2 {
				tb.do(chromedp.KeyEvent("\t"))
				tabbed++
			}
			// With motion the others' moves replay first, and the buttons wait for its end.
			if !waitFor(10*time.Second, func() bool { return !tb.exists(".replaying") }) {
				t.Fatal("the replay did not end")
			}
			want := "body"
			if next := tb.actionsNow(); len(next) > 0 {
				want = "button " + next[0]
			}
			if f := eval[string](tb, focusScript); f != want {
				t.Errorf("after %s: focus on %s, want %s", a[0], f, want)
			}

			tb.shot(fmt.Sprintf("focus-asnas-%d-%s", i, a[0]))
		}
		if tabbed == 0 {
			t.Error("no move left two replay steps to Tab through")
		}
	})

	t.Run("guandan", func(t *testing.T) {
		tb := newTab(t, startBrowser(t, 2*time.Minute), site.URL, phoneWidth, phoneHeight)
		tb.reduceMotion()
		tb.open("/guandan")
		if !tb.exists(`form[action="/guandan/play"]`) {
			t.Fatal("a new match does not wait for the human's play")
		}
		// Play with nothing selected: refused, and the notice that says why has the focus
		// (so a screen reader reads it) and begins the title.
		tb.load("the key p with no card", chromedp.KeyEvent("p"))
		if f := eval[string](tb, focusScript); f != "notice" {
			t.Errorf("after a refused play: focus on %s, want the notice", f)
		}
		tb.shot("focus-guandan-notice")
		notice := noticeTitle(tb)
		if got := eval[string](tb, `document.title`); !strings.HasPrefix(got, notice+" · ") {
			t.Errorf("after a refused play the title is %q, want it to begin with %q", got, notice)
		}
		// The table's keys work from the notice: here H, the hint.
		tb.load("the key h from the notice", chromedp.KeyEvent("h"))
		if f := eval[string](tb, focusScript); f != "hint" {
			t.Errorf("after Hint: focus on %s, want the hint", f)
		}
		tb.shot("focus-guandan-hint")
		other := eval[string](tb, `document.querySelector(".garrange a:not([aria-current])").dataset.arrange`)
		link := fmt.Sprintf(`.garrange a[data-arrange=%q]`, other)
		tb.load("arrange by "+other+" with Enter", chromedp.Focus(chromedp.CSS(link)), chromedp.KeyEvent("\r"))
		if f := eval[string](tb, focusScript); f != "arrange "+other {
			t.Errorf("after arranging the hand by %s: focus on %s", other, f)
		}
		// With the mouse, the focus is left where the browser puts it.
		back := eval[string](tb, `document.querySelector(".garrange a:not([aria-current])").dataset.arrange`)
		tb.load("arrange by "+back+" with the mouse", click(fmt.Sprintf(`.garrange a[data-arrange=%q]`, back)))
		if f := eval[string](tb, focusScript); f != "body" {
			t.Errorf("after arranging the hand with the mouse: focus on %s", f)
		}
		// A move: a single card led, or a pass; then the hand has the focus (or the button
		// that goes on after the deal), and Tab goes on to a card.
		if tb.exists("[data-action=pass]") {
			tb.load("the key x (pass)", chromedp.KeyEvent("x"))
		} else {
			tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-hand="0"] input[name="card"]').click()`))
			tb.load("the key p (play)", chromedp.KeyEvent("p"))
		}
		tb.shot("focus-guandan-move")
		switch f := eval[string](tb, focusScript); {
		case f == "hand":
			tb.do(chromedp.KeyEvent("\t"))
			if got := eval[string](tb, `document.activeElement.name || document.activeElement.tagName`); got != "card" {
				t.Errorf("Tab from the hand reached %s, not a card", got)
			}
		case strings.HasPrefix(f, "button "):
		default:
			t.Errorf("after a move: focus on %s, want the hand or a button", f)
		}
	})
}
