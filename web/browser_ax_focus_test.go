package web_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/cardavia/cardavia/web"
	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// axNode is what a screen reader is told of an element: its role, name and description, as
// Chromium's accessibility tree computes them.
type axNode struct{ Role, Name, Description string }

// axFocused reads the accessibility tree's node of the element in focus.
func axFocused(tb *tab) axNode {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, stepTimeout)
	defer cancel()
	obj, err := chromedp.Call(ctx, runtime.Evaluate, runtime.EvaluateParams{Expression: "document.activeElement"})
	if err != nil || obj.Result == nil || obj.Result.ObjectID == "" {
		tb.t.Fatalf("the element in focus: %v", err)
	}
	no := false
	tree, err := chromedp.Call(ctx, accessibility.GetPartialAXTree, accessibility.GetPartialAXTreeParams{ObjectID: obj.Result.ObjectID, FetchRelatives: &no})
	if err != nil || len(tree.Nodes) == 0 {
		tb.t.Fatalf("the accessibility node in focus: %v", err)
	}
	text := func(v *accessibility.Value) string {
		var s string
		if v != nil {
			_ = json.Unmarshal([]byte(v.Value), &s)
		}
		return s
	}
	n := tree.Nodes[0]
	return axNode{Role: text(n.Role), Name: text(n.Name), Description: text(n.Description)}
}

// TestBrowserGuandanFocusSaysWhatToDo: where a move leaves the focus, a screen reader hears
// what the table now asks. Before, after Next deal led to the tribute, the focus was on the
// hand, read as "Your hand, group", and nothing said that East had paid a tribute or that a
// card was to be given back; and when Play asked which reading the cards stand for, the
// focus was on the notice, with the whole hand (up to 27 cards and their stack buttons) to
// Tab through before the question; it is now on the question's first answer.
func TestBrowserGuandanFocusSaysWhatToDo(t *testing.T) {
	browserTest(t)
	browser := startBrowser(t, time.Minute)
	srv := httptest.NewServer(web.WithGuandanPositions(t, browserHandler(t)))
	t.Cleanup(srv.Close)
	tb := newTab(t, browser, srv.URL, desktopWidth, desktopHeight)
	tb.open("/guandan")

	// The tribute: Next deal, with the key.
	tb.position("return")
	tb.load("the key n", chromedp.KeyEvent("n"))
	if !tb.exists(`form[action="/guandan/return"]`) {
		t.Fatal("Next deal did not lead to the return")
	}
	prompt := eval[string](tb, `document.querySelector(".gprompt").textContent.trim()`)
	if n := axFocused(tb); n.Name != "Your hand" || n.Description != prompt {
		t.Errorf("after Next deal the focus is on %+v; want the hand, described by the prompt %q", n, prompt)
	}

	// A lead: the cards the player leads with, then the question of their reading.
	tb.position("lead")
	for _, c := range []string{"8S", "8C", "9S", "9C", "2H"} {
		tb.do(chromedp.Focus(chromedp.CSS(`[data-hand="0"] [data-card="`+c+`"] input`)), chromedp.KeyEvent(" "))
	}
	tb.load("the key p", chromedp.KeyEvent("p"))
	if !tb.exists(".greadings") {
		t.Fatal("Play did not ask which reading the cards stand for")
	}
	// The question's legend names the group the screen reader enters.
	if n := axFocused(tb); n.Role != "radio" || !strings.HasPrefix(n.Name, "Full house") || !tb.exists(".greadings legend") {
		t.Errorf("after Play asked which reading: the focus is on %+v, want the first reading", n)
	}
	// The answer with the keyboard: the next reading, then Play.
	tb.do(chromedp.KeyEvent(kb.ArrowDown))
	want := eval[string](tb, `document.querySelector(".greadings input:checked").value`)
	tb.load("the key p", chromedp.KeyEvent("p"))
	if tb.exists(".greadings") || tb.exists(`form[action="/guandan/play"] [data-hand="0"] [data-card="8S"]`) {
		t.Errorf("the reading %s chosen with the keys was not played", want)
	}
	tb.checkClean("the focus after moves", "")
}

// TestBrowserAsnasButtonsSayWhatHappened: Look turns the player's cards over and leaves the
// focus on the first button, where a screen reader said "Call to 1, button" and nothing of the
// hand the player had just looked at, which was the move's whole point. Each button is now
// described by the hand's category, without the script as with it; and Next deal and Rematch,
// where the deal's and the match's last move leave the focus (and which Tab reaches first
// without the script, where nothing announces the end), by who took the pot and who won.
func TestBrowserAsnasButtonsSayWhatHappened(t *testing.T) {
	browserTest(t)
	site := browserSite(t)
	tb := newTab(t, startBrowser(t, time.Minute), site.URL, desktopWidth, desktopHeight)
	tb.open("/asnas")
	if n := axFocused(tb); n.Description != "" {
		t.Errorf("before Look something is described: %+v", n)
	}
	tb.load("the key l", chromedp.KeyEvent("l"))
	category := eval[string](tb, `document.querySelector('[data-seat="0"] .category').textContent`)
	n := axFocused(tb)
	if n.Role != "button" || n.Description != category {
		t.Errorf("after Look the focus is on %+v; want a button described by the hand's category %q", n, category)
	}
	if got := eval[int](tb, `[...document.querySelectorAll(".felt .actions button")].filter((b) => b.getAttribute("aria-describedby") !== "hand-category").length`); got != 0 {
		t.Errorf("%d buttons are not described by the hand", got)
	}

	tb.load("the key f", chromedp.KeyEvent("f"))
	result := eval[string](tb, `document.querySelector(".result-line").textContent`)
	if n := axFocused(tb); n.Name != "Next deal" || n.Description != result {
		t.Errorf("after the deal's last move the focus is on %+v; want Next deal, described by %q", n, result)
	}
	tb.toMatchEnd()
	tb.do(chromedp.Focus(chromedp.CSS(`[data-action="new"]`)))
	winners := eval[string](tb, `document.querySelector(".winner-line").textContent.trim()`)
	// (The full stop, for screen readers only, comes apart by a space in the description.)
	if n := axFocused(tb); n.Name != "Rematch" || strings.ReplaceAll(n.Description, " ", "") != strings.ReplaceAll(winners, " ", "") {
		t.Errorf("at the match's end Rematch is %+v; want it described by %q", n, winners)
	}
}

// TestBrowserSettingsSavedIsHeard: Save on the settings page came back to the page's top, its
// title "Settings" as before, and the confirmation below the heading (a status that arrives
// with its page, which screen readers do not read out) went unheard. The title now begins
// with it, as a table's notices do, and with the script it has the focus, as they have.
func TestBrowserSettingsSavedIsHeard(t *testing.T) {
	browserTest(t)
	site := browserSite(t)
	tb := newTab(t, startBrowser(t, time.Minute), site.URL, desktopWidth, desktopHeight)
	tb.open("/settings")
	tb.load("Save with Enter", chromedp.Focus(chromedp.CSS(`button[data-save]`)), chromedp.KeyEvent("\r"))
	if !tb.exists(`[data-notice="settings.saved"]`) {
		t.Fatal("Save did not come back with its confirmation")
	}
	if got := eval[string](tb, `document.title`); !strings.HasPrefix(got, "Saved · ") {
		t.Errorf("the title after Save is %q, want it to begin with the confirmation", got)
	}
	if f := eval[string](tb, focusScript); f != "notice" {
		t.Errorf("after Save the focus is on %s, want the confirmation", f)
	}
	// Reloaded, the page does not say it again (it did: the address kept ?saved=1).
	tb.load("reload", chromedp.Reload())
	if tb.exists(`[data-notice]`) || eval[string](tb, `location.pathname + location.search`) != "/settings" {
		t.Errorf("the settings page reloaded after Save says %q at %s", tb.seen(`[data-notice]`), eval[string](tb, `location.href`))
	}
	// A page opened afresh leaves the focus alone.
	tb.open("/settings?saved=1")
	if f := eval[string](tb, focusScript); f != "body" {
		t.Errorf("the settings page opened afresh: the focus on %s", f)
	}
}

// TestBrowserLevelChangeIsHeard: "Change level" at a solo table came back to the table with
// nothing said. Sent from the keyboard, the table now comes back with the level named in a
// status line, at the head of the title and, with the script, in the focus, as a move's
// notice is.
func TestBrowserLevelChangeIsHeard(t *testing.T) {
	browserTest(t)
	site := browserSite(t)
	tb := newTab(t, startBrowser(t, time.Minute), site.URL, desktopWidth, desktopHeight)
	for _, game := range []string{"asnas", "guandan"} {
		tb.open("/" + game)
		tb.do(chromedp.Evaluate[chromedp.Void](`(() => {
			const form = document.querySelector('form[action$="-level"]');
			const radio = form.querySelector('input[value="master"]');
			if (radio) radio.checked = true; else form.querySelector("select").value = "master";
		})()`))
		tb.load("Change level with Enter", chromedp.Focus(chromedp.CSS(`form[action$="-level"] button[type="submit"]`)), chromedp.KeyEvent("\r"))
		if got := eval[string](tb, `document.querySelector("[data-notice][role=status]")?.textContent ?? ""`); !strings.Contains(got, "Master") {
			t.Errorf("%s: after Change level the table says %q", game, got)
		}
		if got := eval[string](tb, `document.title`); !strings.HasPrefix(got, "AI level set · ") {
			t.Errorf("%s: the title after Change level is %q", game, got)
		}
		if f := eval[string](tb, focusScript); f != "notice" {
			t.Errorf("%s: after Change level the focus is on %s, want the notice", game, f)
		}
		// Reloaded, the table does not say it again (it did: the address kept ?notice=level).
		tb.load("reload", chromedp.Reload())
		if tb.exists(`[data-notice]`) || eval[string](tb, `location.pathname + location.search`) != "/"+game {
			t.Errorf("%s: the table reloaded after Change level says %q at %s", game, tb.seen(`[data-notice]`), eval[string](tb, `location.href`))
		}
	}
}
