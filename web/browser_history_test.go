package web_test

import (
	"fmt"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/cardavia/cardavia/web"
)

// TestBrowserHistory: after a whole As-Nas match, the history and a deal's replay fit a phone
// and pass axe in English and Persian; the arrow keys step through the replay the way the page
// reads (→ forward in English, ← forward in Persian), Home and End go to its ends, the last
// step links to the next deal, and Play walks on by itself.
func TestBrowserHistory(t *testing.T) {
	browserTest(t)
	site := browserSite(t)
	tb := newTab(t, startBrowser(t, 3*time.Minute), site.URL, phoneWidth, phoneHeight)
	tb.open("/asnas")
	tb.toMatchEnd()
	step := func() string {
		return eval[string](tb, `(document.querySelector("[data-replay=true]") || {dataset: {}}).dataset.step || ""`)
	}
	key := func(k string) {
		tb.t.Helper()
		tb.load("key "+k, chromedp.KeyEvent(k))
	}
	for _, lang := range []string{"en", "fa"} {
		tb.open("/asnas/history")
		if lang != "en" {
			tb.switchLanguage(lang)
		}
		tb.checkFits(lang + " history")
		tb.checkAxe(lang + " history")
		if n := eval[int](tb, `document.querySelectorAll("[data-past] a[data-replay]").length`); n != 12 {
			t.Fatalf("%s: the finished match lists %d deals, want 12", lang, n)
		}
		if !tb.exists(`svg[data-chart] text.chart-label`) {
			t.Errorf("%s: the chart has no scale", lang)
		}
		// The date of a finished match becomes the visitor's local date and time, in the
		// page's digits.
		clock := map[string]string{"en": `\d{1,2}:\d{2}`, "fa": `[۰-۹]{1,2}:[۰-۹]{2}`}[lang]
		if date := eval[string](tb, `document.querySelector("time.history-date").textContent`); !regexp.MustCompile(clock).MatchString(date) {
			t.Errorf("%s: the finished match's date reads %q, want its local date and time", lang, date)
		} else if lang == "fa" && !regexp.MustCompile(`۱۴[۰-۹]{2}`).MatchString(date) {
			t.Errorf("fa: the finished match's date reads %q, want a year of the Solar Hijri calendar (14xx)", date)
		}
		tb.load(lang+" the replay of deal 2", click(`[data-past] a[data-replay][href$="/2"]`))
		tb.checkFits(lang + " replay")
		tb.checkAxe(lang + " replay")
		forward, back := kb.ArrowRight, kb.ArrowLeft
		if lang == "fa" {
			forward, back = back, forward
		}
		if s := step(); s != "0" {
			t.Fatalf("%s: the replay opens at step %q, want 0", lang, s)
		}
		key(forward)
		key(forward)
		if s := step(); s != "2" {
			t.Errorf("%s: two steps forward show step %q, want 2", lang, s)
		}
		key(back)
		if s := step(); s != "1" {
			t.Errorf("%s: a step back shows step %q, want 1", lang, s)
		}
		key(kb.End)
		last := eval[string](tb, `document.querySelector("[data-replay=true]").dataset.steps`)
		if s := step(); s != last {
			t.Errorf("%s: End shows step %q, want the last, %s", lang, s, last)
		}
		if tb.exists("a[data-step-next]") || !tb.exists(`a[data-deal-next][href$="/3"]`) {
			t.Errorf("%s: the last step offers a next step, or no link to deal 3", lang)
		}
		key(kb.Home)
		if s := step(); s != "0" {
			t.Errorf("%s: Home shows step %q, want 0", lang, s)
		}
		// An arrow key on the header's contrast slider is the slider's, not the replay's.
		tb.openQuick()
		tb.do(chromedp.Focus(chromedp.CSS(`#header-contrast`)))
		if f := tb.focused(); !strings.HasPrefix(f, "input#header-contrast") {
			t.Fatalf("%s: focusing the contrast slider focused %q", lang, f)
		}
		if tb.tryLoad(time.Second, chromedp.KeyEvent(forward)) {
			t.Errorf("%s: an arrow key on a slider stepped the replay, to step %s", lang, step())
		}
		tb.open(eval[string](tb, "location.pathname"))
		tb.load(lang+" Play", click(".replay-play"))
		if s := step(); s != "1" {
			t.Errorf("%s: Play went to step %q, want 1", lang, s)
		}
		tb.load(lang+" Play goes on", chromedp.Sleep(10*time.Millisecond)) // the next page follows by itself
		if s := step(); s != "2" {
			t.Errorf("%s: Play stopped at step %q, want it to go on to 2", lang, s)
		}
		tb.do(chromedp.Click(chromedp.CSS(".replay-play"))) // Pause
		if got := eval[string](tb, `document.querySelector(".replay-play").getAttribute("aria-pressed")`); got != "false" {
			t.Errorf("%s: after Pause the button is pressed: %q", lang, got)
		}
		if tb.tryLoad(2500*time.Millisecond, chromedp.Sleep(10*time.Millisecond)) {
			t.Errorf("%s: the replay went on after Pause, to step %s", lang, step())
		}
		tb.checkClean(fmt.Sprintf("%s history and replay", lang), "")
		if lang == "fa" && !strings.Contains(eval[string](tb, "document.documentElement.dir"), "rtl") {
			t.Errorf("the Persian replay is not right to left")
		}
	}

	// A Guandan replay loads the table's own scripts too; the keys step it all the same.
	tb.open("/guandan")
	tb.reachHand("the first move")
	tb.load("Hint (h)", chromedp.KeyEvent("h"))
	move := "x"
	if tb.gdState("the hint").HintPlay {
		move = "p"
	}
	tb.load("the first move ("+move+")", chromedp.KeyEvent(move))
	tb.open("/guandan/history")
	tb.load("the Guandan replay", click(`a[data-replay][href$="/1"]`))
	tb.checkAxe("fa Guandan replay")
	key(kb.ArrowLeft)
	if s := step(); s != "1" {
		t.Errorf("Guandan replay in Persian: ← shows step %q, want 1", s)
	}
	tb.checkClean("the Guandan replay", "")
}

// TestBrowserReplayPlayStaysWithItsDeal: Play walks on through the deal it was pressed on,
// and only that one. A player who leaves a playing replay (for the list of deals, the table,
// another page) and later opens a replay finds it at rest at its first step, not walking on
// by itself; and a step taken by hand with the mouse takes over from Play, as one taken with
// an arrow key does.
func TestBrowserReplayPlayStaysWithItsDeal(t *testing.T) {
	browserTest(t)
	site := browserSite(t)
	tb := newTab(t, startBrowser(t, 2*time.Minute), site.URL, phoneWidth, phoneHeight)
	tb.open("/asnas")
	tb.playToEnd(calling, func([]string) {})
	step := func() string {
		return eval[string](tb, `(document.querySelector("[data-replay=true]") || {dataset: {}}).dataset.step || ""`)
	}
	pressed := func() string {
		return eval[string](tb, `document.querySelector(".replay-play").getAttribute("aria-pressed") || ""`)
	}
	tb.open("/asnas/history")
	tb.load("the replay of deal 1", click(`a[data-replay][href$="/1"]`))
	tb.load("Play", click(".replay-play"))
	if s, p := step(), pressed(); s != "1" || p != "true" {
		t.Fatalf("Play went to step %q, pressed %q; want step 1, playing", s, p)
	}
	tb.load("All deals, while playing", click(`.restart a[href*="/history#"]`))
	tb.load("the replay of deal 1 again", click(`a[data-replay][href$="/1"]`))
	if p := pressed(); p != "false" {
		t.Errorf("a replay opened after leaving a playing one is pressed: %q", p)
	}
	if tb.tryLoad(2500*time.Millisecond, chromedp.Sleep(10*time.Millisecond)) {
		t.Errorf("a replay opened after leaving a playing one walked on by itself, to step %s", step())
	}
	tb.load("Play", click(".replay-play"))
	tb.load("Next by hand, while playing", click("a[data-step-next]"))
	if s, p := step(), pressed(); s != "2" || p != "false" {
		t.Errorf("Next clicked while playing shows step %q, pressed %q; want step 2, at rest", s, p)
	}
	if tb.tryLoad(2500*time.Millisecond, chromedp.Sleep(10*time.Millisecond)) {
		t.Errorf("after a step by hand the replay walked on by itself, to step %s", step())
	}
	tb.checkClean("replay play and leave", "")
}

// TestBrowserReplayPlayNeedsTheScript: Play is the script's (it walks on by itself), so
// without the script the replay offers no Play button that does nothing when pressed; the
// steps' links do the work there.
func TestBrowserReplayPlayNeedsTheScript(t *testing.T) {
	browserTest(t)
	site := browserSite(t)
	tb := newTab(t, startBrowser(t, time.Minute), site.URL, phoneWidth, phoneHeight)
	tb.open("/asnas")
	tb.open("/asnas/history")
	replay := eval[string](tb, `document.querySelector("a[data-replay]").getAttribute("href")`)
	visible := func() bool {
		return eval[bool](tb, `(b => !!b && b.getClientRects().length > 0)(document.querySelector(".replay-play"))`)
	}
	tb.open(replay)
	if !visible() {
		t.Errorf("with the script the replay has no Play button")
	}
	if _, err := chromedp.Call(tb.ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatalf("turning scripts off: %v", err)
	}
	tb.open(replay)
	if visible() {
		t.Errorf("without the script the replay shows a Play button that cannot play")
	}
	if !tb.exists("a[data-step-next]") {
		t.Errorf("without the script the replay has no link to its next step")
	}
	tb.checkClean("replay without the script", "")
}

// TestBrowserReplayPlayFromTheEnd: Play on a deal's last step plays the deal again from its
// start, as a player pressing Play on a replay that has run out expects (it was a button that
// did nothing there), and goes on from there until Pause or the end.
func TestBrowserReplayPlayFromTheEnd(t *testing.T) {
	browserTest(t)
	site := browserSite(t)
	tb := newTab(t, startBrowser(t, time.Minute), site.URL, phoneWidth, phoneHeight)
	tb.open("/asnas")
	tb.playToEnd(calling, func([]string) {})
	step := func() string {
		return eval[string](tb, `(document.querySelector("[data-replay=true]") || {dataset: {}}).dataset.step || ""`)
	}
	tb.open("/asnas/history")
	tb.load("the replay of deal 1", click(`a[data-replay][href$="/1"]`))
	tb.load("Last", click("a[data-step-last]"))
	if s, last := step(), eval[string](tb, `document.querySelector("[data-replay=true]").dataset.steps`); s != last || s == "0" {
		t.Fatalf("Last shows step %q of %q", s, last)
	}
	tb.load("Play at the end", click(".replay-play"))
	if s := step(); s != "0" {
		t.Errorf("Play on the last step went to step %q, want the start (0)", s)
	}
	tb.load("Play goes on", chromedp.Sleep(10*time.Millisecond))
	if s := step(); s != "1" {
		t.Errorf("Play from the start stopped at step %q, want it to go on to 1", s)
	}
	tb.do(chromedp.Click(chromedp.CSS(".replay-play"))) // Pause
	tb.checkClean("Play from the end", "")

	// A deal with no move yet (the visitor owes the return that opens it) has nothing to
	// play: no Play button that would do nothing, with or without the script.
	srv := httptest.NewServer(web.WithGuandanPositions(t, site.Config.Handler))
	t.Cleanup(srv.Close)
	gb := newTab(t, startBrowser(t, time.Minute), srv.URL, phoneWidth, phoneHeight)
	gb.open("/guandan")
	gb.position("return")
	gb.open("/guandan")
	gb.load("Next deal (n)", chromedp.KeyEvent("n"))
	gb.open("/guandan/history")
	gb.load("the replay of deal 2", click(`a[data-replay][href$="/2"]`))
	if steps := eval[string](gb, `document.querySelector("[data-replay=true]").dataset.steps`); steps != "0" {
		t.Fatalf("deal 2 before the return has %s steps, want 0", steps)
	}
	if eval[bool](gb, `(b => !!b && b.getClientRects().length > 0)(document.querySelector(".replay-play"))`) {
		t.Error("a deal with no move yet offers Play")
	}
	gb.checkClean("a replay with nothing to play", "")
}

// TestBrowserHistorySharedInProgress: a player's history with a match in progress at a shared
// table (and one of their own) fits a phone and passes axe in English and Persian, the shared
// one named by the other player and linked to its table; the table's link to the deal just
// ended leads to its replay.
func TestBrowserHistorySharedInProgress(t *testing.T) {
	browserTest(t)
	needAxe(t)
	browser := startBrowser(t, 3*time.Minute)
	srv := browserSite(t)
	sara := newTab(t, browser, srv.URL, phoneWidth, phoneHeight)
	mina := newTab(t, browser, srv.URL, 1280, 800)
	sara.open("/asnas")
	sara.load("a move of Sara's own match", click(`form[action="/asnas/move"] button[data-verb]`))
	path := sara.openShared("asnas", "Sara")
	mina.sit(path, 3, "مینا")
	sara.open(path)
	sara.load("start", click(`[data-action="start"]`))
	// Both let the AI play for them: the first deal plays itself to its end.
	for _, tb := range []*tab{sara, mina} {
		tb.open(path)
		tb.load("step away", click(`[data-action="step-away"]`))
	}
	sara.open(path)
	if phase := sara.root("data-phase"); phase != "dealover" {
		t.Fatalf("with both players away the first deal is at phase %q, want its end", phase)
	}
	sara.checkAxe("the shared table at the deal's end")
	if st := sara.load("the deal's replay", click(`a[data-deal-replay="1"]`)); st != 200 || !sara.exists(`[data-replay="true"][data-deal="1"]`) {
		t.Fatalf("the table's link to the deal just ended: %d, no replay of deal 1", st)
	}
	for _, lang := range []string{"en", "fa"} {
		sara.open("/asnas/history")
		if lang != "en" {
			sara.switchLanguage(lang)
		}
		sara.checkFits(lang + " history with a shared match in progress")
		sara.checkAxe(lang + " history with a shared match in progress")
		sara.shot("history-shared-" + lang)
		if with := eval[string](sara, `document.querySelector("[data-shared-current] [data-with]")?.textContent ?? ""`); !strings.Contains(with, "مینا") {
			t.Errorf("%s: the shared match in progress is named %q, want with مینا", lang, with)
		}
		if n := eval[int](sara, `document.querySelectorAll(".history-current a[data-replay]").length`); n != 2 {
			t.Errorf("%s: %d deals in progress listed, want the own match's and the shared one's", lang, n)
		}
	}
	sara.load("back to the shared table", click(`a[data-shared-table]`))
	if got := eval[string](sara, "location.pathname"); got != path {
		t.Errorf("the history's way to the shared table leads to %s, want %s", got, path)
	}
}
