package web_test

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// skipLinksTabbed presses Tab from the top of the page until the focus leaves the skip links,
// and returns the targets of those it reached on the way ("" for a page whose first Tab
// reaches something else).
func skipLinksTabbed(tb *tab) []string {
	tb.t.Helper()
	// The body focused is where the next Tab starts from: a focus only blurred would go on
	// from where it was.
	tb.do(chromedp.Evaluate[chromedp.Void](`(() => { const b = document.body; b.tabIndex = -1; b.focus(); b.removeAttribute("tabindex"); window.scrollTo(0, 0); })()`))
	var got []string
	for range 4 {
		tb.do(chromedp.KeyEvent("\t"))
		href := eval[string](tb, `document.activeElement?.matches("a.skip-link") ? document.activeElement.getAttribute("href") : ""`)
		if href == "" {
			break
		}
		got = append(got, href)
	}
	return got
}

// wantSkipToHand checks that the first Tabs of the page reach the skip link to the viewer's
// hand (with the one to the content, before the header's links), that it does not shift the
// page until it is focused, and that it leads to the hand.
func wantSkipToHand(t *testing.T, tb *tab, where, hand string) {
	t.Helper()
	links := skipLinksTabbed(tb)
	found := false
	for _, l := range links {
		found = found || l == hand
	}
	if !found {
		t.Errorf("%s: the first Tabs reach the skip links %q, not one to the hand (%s), before the page's other controls", where, links, hand)
		return
	}
	// Back to the hand's link, then Enter follows it: the focus lands on the hand.
	tb.do(chromedp.Evaluate[chromedp.Void](`document.activeElement?.blur()`))
	top := eval[float64](tb, `document.querySelector("main").getBoundingClientRect().top`)
	tb.do(chromedp.Focus(chromedp.CSS(`a.skip-link[href="` + hand + `"]`)))
	if moved := eval[float64](tb, `document.querySelector("main").getBoundingClientRect().top`); moved != top {
		t.Errorf("%s: focusing the skip link moved the page's content from %.0f px to %.0f px", where, top, moved)
	}
	tb.shot("skip-" + where)
	tb.do(chromedp.KeyEvent("\r"))
	if !waitFor(2*time.Second, func() bool { return eval[string](tb, `"#" + document.activeElement.id`) == hand }) {
		t.Errorf("%s: the skip link to the hand left the focus on %s", where, eval[string](tb, `document.activeElement.outerHTML.slice(0, 80)`))
	}
}

// TestBrowserSkipToHand: at every table, solo or shared, As-Nas or Guandan, a keyboard
// player's first Tabs reach a skip link to their hand, before the header's links. Before, the
// Guandan table's came after the whole header (it was in the page's content), and a shared
// table had none; and a player whose lobby turned into the table live had none either.
func TestBrowserSkipToHand(t *testing.T) {
	browserTest(t)
	browser := startBrowser(t, 3*time.Minute)
	site := browserSite(t)

	solo := newTab(t, browser, site.URL, phoneWidth, phoneHeight)
	solo.open("/asnas")
	wantSkipToHand(t, solo, "asnas", "#hand")
	solo.open("/guandan")
	wantSkipToHand(t, solo, "guandan", "#ghand")

	for _, game := range []struct{ name, hand string }{{"asnas", "#hand"}, {"guandan", "#ghand"}} {
		host := newTab(t, browser, site.URL, desktopWidth, desktopHeight)
		friend := newTab(t, browser, site.URL, phoneWidth, phoneHeight)
		path := host.openShared(game.name, "Sara")
		friend.sit(path, 2, "Mina")
		if links := skipLinksTabbed(friend); len(links) != 1 {
			t.Errorf("shared %s lobby: the skip links %q, want only the one to the content (there is no hand yet)", game.name, links)
		}
		friend.mark()
		host.load("start", click(`[data-action="start"]`))
		if _, ok := friend.waitRoot("data-phase", "lobby", liveWait); !ok || !friend.stayed() {
			t.Fatalf("shared %s: the friend's page did not follow the start live", game.name)
		}
		wantSkipToHand(t, friend, "shared-"+game.name+"-live", game.hand)
		host.open(path)
		wantSkipToHand(t, host, "shared-"+game.name, game.hand)
	}
}
