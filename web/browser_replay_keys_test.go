package web_test

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserReplayPausesFromTheKeyboard: a replay that plays loads the deal's next step
// every second or two, and each page began with the focus at its top, so a keyboard player
// who pressed Play could never Tab to Pause before the next page came. The page that goes on
// playing now has the focus on the button again when it had it on the page before, where
// Enter pauses.
func TestBrowserReplayPausesFromTheKeyboard(t *testing.T) {
	browserTest(t)
	site := browserSite(t)
	tb := newTab(t, startBrowser(t, 2*time.Minute), site.URL, desktopWidth, desktopHeight)
	tb.open("/asnas")
	tb.playToEnd(calling, func([]string) {})
	tb.open("/asnas/history")
	tb.load("the replay of deal 1", click(`a[data-replay][href$="/1"]`))
	tb.load("Play with Enter", chromedp.Focus(chromedp.CSS(".replay-play")), chromedp.KeyEvent("\r"))
	if n := axFocused(tb); n.Role != "button" || n.Name != "Pause" {
		t.Fatalf("the next step of a replay played from the keyboard has the focus on %+v, not on Pause", n)
	}
	tb.do(chromedp.KeyEvent("\r"))
	if p := eval[string](tb, `document.querySelector(".replay-play").getAttribute("aria-pressed")`); p != "false" {
		t.Errorf("Enter on Pause left the replay pressed %q", p)
	}
	if tb.tryLoad(2500*time.Millisecond, chromedp.Sleep(10*time.Millisecond)) {
		t.Error("the replay paused with Enter walked on by itself")
	}
	// With the mouse, the focus is left where the browser puts it.
	tb.load("Play with the mouse", click(".replay-play"))
	tb.load("the next step", chromedp.Sleep(10*time.Millisecond))
	if f := eval[string](tb, focusScript); f != "body" {
		t.Errorf("a replay played with the mouse: the focus on %s", f)
	}
	tb.checkClean("a replay paused from the keyboard", "")
}
