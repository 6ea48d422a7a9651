package web_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The table tests check the As-Nas table as a player meets it: the hand and every move
// button inside the first screen, in English and Persian, on a phone and a laptop, in every
// phase of a deal and at the match's end; a whole deal played with the keyboard alone; the
// replay of the other players' moves, its sentences run on in Chinese; and axe-core's WCAG 2
// A and AA rules on every page and table state in English, Persian and Chinese.

// The laptop of the one-screen check: the common 1280×800.
const laptopWidth, laptopHeight = 1280, 800

// firstScreen is where the visitor's hand and the move buttons lie on the page as it loads.
type firstScreen struct {
	ScrollY  float64  `json:"scrollY"`
	Outside  []string `json:"outside"`
	Overlaps []string `json:"overlaps"`
	Actions  []string `json:"actions"`
	Hand     bool     `json:"hand"`
}

// firstScreenScript measures, without scrolling, every [data-hand="0"] and [data-action]
// element against the viewport.
const firstScreenScript = `(() => {
	const vw = document.documentElement.clientWidth, vh = window.innerHeight, out = [];
	const els = [...document.querySelectorAll('[data-hand="0"], [data-action]')];
	for (const el of els) {
		const r = el.getBoundingClientRect();
		if (r.top < 0 || r.left < 0 || r.bottom > vh + 0.5 || r.right > vw + 0.5)
			out.push((el.dataset.action || "hand") + " [" + [r.left, r.top, r.right, r.bottom].map(Math.round).join(",") + "] in " + vw + "x" + vh);
	}
	// The felt's parts (seats, centre, buttons) must not lie on top of each other.
	const parts = [...document.querySelectorAll(".felt > *")].filter((el) => el.getClientRects().length > 0);
	const overlaps = [];
	for (let i = 0; i < parts.length; i++) for (let j = i + 1; j < parts.length; j++) {
		const a = parts[i].getBoundingClientRect(), b = parts[j].getBoundingClientRect();
		if (Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1)
			overlaps.push(parts[i].className + " / " + parts[j].className);
	}
	return {scrollY: window.scrollY, outside: out, overlaps, hand: document.querySelector('[data-hand="0"]') !== null,
		actions: els.map((e) => e.dataset.action).filter(Boolean)};
})()`

// checkFirstScreen fails when the hand or a move button is outside the first screen, or the
// page did not load at its top.
func (tb *tab) checkFirstScreen(where string) firstScreen {
	tb.t.Helper()
	f := eval[firstScreen](tb, firstScreenScript)
	if !f.Hand {
		tb.t.Errorf("%s: no [data-hand=0] on the page", where)
	}
	if len(f.Actions) == 0 {
		tb.t.Errorf("%s: no [data-action] button on the page", where)
	}
	if len(f.Outside) > 0 {
		tb.t.Errorf("%s: outside the first screen: %q", where, f.Outside)
	}
	if len(f.Overlaps) > 0 {
		tb.t.Errorf("%s: parts of the felt overlap: %q", where, f.Overlaps)
	}
	if f.ScrollY != 0 {
		tb.t.Errorf("%s: the page loaded scrolled to %v", where, f.ScrollY)
	}
	if dir := os.Getenv("CARDAVIA_SHOTS"); dir != "" && (len(f.Outside) > 0 || len(f.Overlaps) > 0) {
		// A picture of the failure, for whoever fixes it.
		if png, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot()); err == nil {
			name := strings.Map(func(r rune) rune {
				if r < '0' || r > 'z' {
					return '-'
				}
				return r
			}, where)
			_ = os.WriteFile(filepath.Join(dir, "fail-"+name+".png"), png, 0o644)
		}
	}
	tb.checkFits(where)
	return f
}

// actionsNow are the data-action values of the table's buttons.
func (tb *tab) actionsNow() []string {
	tb.t.Helper()
	return eval[[]string](tb, `[...document.querySelectorAll(".felt button[data-action]")].map((b) => b.dataset.action)`)
}

// press clicks the table's button for action and waits for the next page.
func (tb *tab) press(action string) {
	tb.t.Helper()
	tb.load(action, click(fmt.Sprintf(`.felt button[data-action=%q]`, action)))
}

// playToEnd plays the rest of the deal with the mouse, choosing with pick among the actions
// offered (Look is always taken first), and calls at after every page; it returns once the
// deal is over (Next deal or Rematch offered).
func (tb *tab) playToEnd(pick func(actions []string) string, at func(actions []string)) []string {
	tb.t.Helper()
	for i := 0; i < 30; i++ {
		a := tb.actionsNow()
		at(a)
		if slices.Contains(a, "next") || slices.Contains(a, "new") {
			return a
		}
		if slices.Contains(a, "look") {
			tb.press("look")
			continue
		}
		tb.press(pick(a))
	}
	tb.t.Fatal("the deal did not end in 30 moves")
	return nil
}

// calling calls or holds; raising raises once when it may, then calls or holds; folding folds.
func calling(a []string) string {
	if slices.Contains(a, "call") {
		return "call"
	}
	return "hold"
}

func folding([]string) string { return "fold" }

// fastForwardScript plays the rest of the match by folding at every turn, with fetch: the
// server's pages are read, not drawn, which makes twelve deals take a second, not a minute.
const fastForwardScript = `(async () => {
	const read = async (r) => new DOMParser().parseFromString(await r.text(), "text/html");
	let d = await read(await fetch("/asnas"));
	for (let i = 0; i < 100; i++) {
		const felt = d.querySelector(".felt");
		if (felt.dataset.over === "true") return i;
		const move = d.querySelector(".felt input[name=move]").value;
		const fold = d.querySelector(".felt button[data-action=fold]");
		const body = new URLSearchParams({move});
		if (fold) body.set("verb", "fold");
		d = await read(await fetch(fold ? "/asnas/move" : "/asnas/next", {method: "POST", body}));
	}
	return -1;
})()`

// toMatchEnd folds through the rest of the match and shows its end.
func (tb *tab) toMatchEnd() {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 4*stepTimeout)
	defer cancel()
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](fastForwardScript, chromedp.EvalAwaitPromise))
	if err != nil || n < 0 {
		tb.t.Fatalf("folding to the match's end: %d requests, %v", n, err)
	}
	tb.open("/asnas")
}

// testAsnasFirstScreen plays at one size and language: a deal with a raise and calls, a deal
// folded at once, then folds through the rest of the match; it measures every page of the
// first two deals and the match's end.
func testAsnasFirstScreen(t *testing.T, tb *tab, lang string) {
	tb.open("/asnas")
	if lang != "en" {
		tb.switchLanguage(lang)
	}
	tb.askCoach(lang)
	n := 0
	measure := func(a []string) { n++; tb.checkFirstScreen(fmt.Sprintf("%s page %d %q", lang, n, a)) }
	raised := false
	tb.playToEnd(func(a []string) string {
		if !raised && slices.Contains(a, "raise") {
			raised = true
			return "raise"
		}
		return calling(a)
	}, measure)
	tb.press("next")
	tb.playToEnd(folding, measure)
	tb.open(worstAsnasPath + "?lang=" + lang)
	tb.checkFirstScreen(lang + " the tallest table: a four-hand showdown at the match's end")
	tb.toMatchEnd()
	f := tb.checkFirstScreen(lang + " the match's end")
	if !slices.Contains(f.Actions, "new") {
		t.Errorf("%s: the match's end offers %q, want Rematch (new)", lang, f.Actions)
	}
	tb.checkClean(lang+" the match", "")
}

// askCoach asks the coach where the decision is, with the move buttons (as the Guandan Hint
// sits beside Play), and checks that its advice comes with them: the hand and every button
// still on the first screen, the advice right under the buttons with the focus, its heading
// on that screen too, and Ask the coach gone once it has spoken.
func (tb *tab) askCoach(lang string) {
	tb.t.Helper()
	const ask = `.felt form.actions a[data-action="coach"]`
	if !tb.exists(ask) {
		tb.t.Errorf("%s: no Ask the coach among the move buttons", lang)
		return
	}
	// With the keyboard (a key during the replay only ends it): the advice then has the focus,
	// so that a screen reader reads it, as it does the Guandan hint.
	waitFor(10*time.Second, func() bool { return !tb.exists(".replaying") })
	tb.load("ask the coach with Enter", chromedp.Focus(chromedp.CSS(ask)), chromedp.KeyEvent("\r"))
	where := lang + " the coach's advice"
	tb.checkFirstScreen(where)
	if f := eval[string](tb, `document.activeElement.matches("[data-coach]") ? "" : document.activeElement.outerHTML.slice(0, 80)`); f != "" {
		tb.t.Errorf("%s: the focus is on %s, not on the advice", where, f)
	}
	if tb.exists(`a[data-action="coach"], a[data-control="coach"]`) {
		tb.t.Errorf("%s: Ask the coach is still offered", where)
	}
	placed := eval[string](tb, `(() => {
		const c = document.querySelector(".felt .actions-area form.actions + [data-coach]");
		if (!c) return "not right under the move buttons";
		const h = c.querySelector("h2").getBoundingClientRect();
		return h.bottom <= window.innerHeight ? "" : "its heading is below the first screen, at " + Math.round(h.top);
	})()`)
	if placed != "" {
		tb.t.Errorf("%s: the advice is %s", where, placed)
	}
}

// focused describes the focused element.
func (tb *tab) focused() string {
	tb.t.Helper()
	return eval[string](tb, `(() => { const a = document.activeElement;
		return a ? a.tagName.toLowerCase() + (a.dataset.action ? "[" + a.dataset.action + "]" : "") + (a.id ? "#" + a.id : "") + " " + (a.getAttribute("href") || "") : ""; })()`)
}

// testAsnasKeyboard plays a whole deal with the keyboard alone: Tab to the skip link to the
// hand, Enter, Tab to the first button and Enter; then the shortcut keys printed on the
// buttons until the deal ends, and N for the next deal.
func testAsnasKeyboard(t *testing.T, tb *tab) {
	tb.open("/asnas")
	tabs := 0
	for ; tabs < 3 && !strings.Contains(tb.focused(), "#hand"); tabs++ {
		tb.do(chromedp.KeyEvent(kb.Tab))
	}
	if f := tb.focused(); !strings.HasPrefix(f, "a ") || !strings.HasSuffix(f, "#hand") {
		t.Fatalf("after %d Tabs the focus is on %q, want the skip link to the hand", tabs, f)
	}
	tb.do(chromedp.KeyEvent(kb.Enter))
	tb.do(chromedp.KeyEvent(kb.Tab))
	first := tb.focused()
	if !strings.HasPrefix(first, "button[") {
		t.Fatalf("Tab after the skip link to the hand reaches %q, want the first move button", first)
	}
	if tabs+2 > 4 {
		t.Errorf("the first move button took %d key presses, want at most 4", tabs+2)
	}
	tb.load("Enter on "+first, chromedp.KeyEvent(kb.Enter))

	// The keys printed on the buttons are the keys bound.
	keys := eval[[]string](tb, `[...document.querySelectorAll(".felt button[data-action]")].map((b) =>
		b.dataset.action + "=" + b.getAttribute("aria-keyshortcuts") + "=" + (b.querySelector("kbd") || {}).textContent)`)
	for _, k := range keys {
		parts := strings.Split(k, "=")
		if len(parts) != 3 || parts[1] == "" || strings.ToLower(parts[2]) != parts[1] {
			t.Errorf("button %q: the key printed on it and its aria-keyshortcuts differ", k)
		}
	}
	for i := 0; ; i++ {
		if i == 30 {
			t.Fatal("the deal did not end in 30 key presses")
		}
		a := tb.actionsNow()
		if slices.Contains(a, "next") {
			break
		}
		act := calling(a)
		if slices.Contains(a, "look") {
			act = "look"
		}
		key := eval[string](tb, fmt.Sprintf(`document.querySelector('.felt button[data-action=%q]').getAttribute("aria-keyshortcuts")`, act))
		tb.load("the key "+key+" ("+act+")", chromedp.KeyEvent(key))
	}
	faces := eval[int](tb, `document.querySelectorAll('[data-hand="0"] [data-card]').length`)
	if faces != 5 {
		t.Errorf("at the deal's end the visitor's own hand shows %d faces, want 5", faces)
	}
	tb.load("the key n", chromedp.KeyEvent("n"))
	if d := eval[string](tb, `document.querySelector("[data-game=asnas]").dataset.deal`); d != "2" {
		t.Errorf("after n: deal %q, want 2", d)
	}
	tb.checkClean("/asnas by keyboard", "")
}

// replayState is what the replay shows now: the pot's text, the steps still to come and
// the live region's words.
type replayState struct {
	Pot     string `json:"pot"`
	Final   string `json:"final"`
	Pending int    `json:"pending"`
	Steps   int    `json:"steps"`
	Live    string `json:"live"`
}

const replayStateScript = `(() => {
	const pot = document.querySelector('[data-replay-slot="pot"]');
	return {pot: pot ? pot.textContent : "", final: pot ? pot.dataset.replayFrom || "" : "",
		pending: document.querySelectorAll("[data-replay-pending]").length,
		steps: document.querySelectorAll("[data-replay-step]").length,
		live: (document.querySelector("[data-replay-live]") || {}).textContent || ""};
})()`

// testAsnasReplay checks the replay with motion allowed: a new deal's page starts from the
// table before the deal and plays its events one by one into the live region; a key ends it
// at once on the page as served. Without motion the page is the end state at once.
func testAsnasReplay(t *testing.T, tb *tab) {
	tb.motion(true)
	tb.open("/asnas")
	// The pot as served is the pot after the last step.
	served := eval[string](tb, `JSON.parse([...document.querySelectorAll("[data-replay-step]")].pop().dataset.replaySet).pot`)
	s := eval[replayState](tb, replayStateScript)
	if s.Steps < 2 {
		t.Fatalf("a new deal's page has %d replay steps, want the deal, the opening bet and more", s.Steps)
	}
	if s.Pending == 0 {
		t.Errorf("right after loading no step is still to come: %+v", s)
	}
	// The buttons name the bet as it stands at the end ("Call 4"): they wait for the replay.
	if tb.seen(".actions-area") == "shown" {
		t.Errorf("the buttons %q show while the replay runs", eval[string](tb, `document.querySelector(".actions-area").textContent.trim()`))
	}
	deadline := time.Now().Add(stepTimeout)
	for eval[replayState](tb, replayStateScript).Live == "" {
		if time.Now().After(deadline) {
			t.Fatal("the replay never spoke into the live region")
		}
		time.Sleep(50 * time.Millisecond)
	}
	// Tab ends it too (the buttons a keyboard player tabs to wait for its end).
	tb.do(chromedp.KeyEvent(kb.Tab))
	s = eval[replayState](tb, replayStateScript)
	if s.Pending != 0 || s.Pot != served {
		t.Errorf("after Tab the replay shows pot %q with %d steps to come, want %q and none", s.Pot, s.Pending, served)
	}
	if a := tb.seen(".actions-area"); a != "shown" {
		t.Errorf("after the replay the buttons are %s", a)
	}
	// The same move seen again is not replayed again.
	tb.open("/asnas")
	if s = eval[replayState](tb, replayStateScript); s.Pending != 0 || eval[bool](tb, `document.querySelector("[data-replay]").classList.contains("replaying")`) {
		t.Errorf("the page of the same move replays again: %d steps to come", s.Pending)
	}
	tb.motion(false)
	tb.open("/asnas")
	if s = eval[replayState](tb, replayStateScript); s.Pending != 0 {
		t.Errorf("with reduced motion %d steps are still to come", s.Pending)
	}
	tb.checkClean("/asnas replay", "")
}

// testAsnasReplayRunsOn opens a new match in Chinese with reduced motion, where the replay
// ends at once and announces all its steps in one go: they run on, each after the last one's
// 。 with no space (app.js joined them with an ASCII space in every language).
func testAsnasReplayRunsOn(t *testing.T, tb *tab) {
	tb.open("/")
	tb.switchLanguage("zh")
	tb.open("/asnas")
	s := eval[replayState](tb, replayStateScript)
	if s.Steps < 2 || strings.Count(s.Live, "。") < s.Steps {
		t.Fatalf("a new deal's %d steps announced as %q, want each sentence of them", s.Steps, s.Live)
	}
	if regexp.MustCompile(`[。？！]\s`).MatchString(s.Live) {
		t.Errorf("the steps are announced with a space between them: %q", s.Live)
	}
}

// testAsnasShowdownReplay plays deals, folding, until one ends after the visitor's move at a
// showdown: while the AI's moves replay, the hands it turns over are backs and who took the
// pot is not told; a key ends the replay on the faces and the result.
func testAsnasShowdownReplay(t *testing.T, tb *tab) {
	tb.motion(true)
	tb.open("/asnas")
	visible := func(sel string) bool {
		return eval[bool](tb, fmt.Sprintf(`(() => { const el = document.querySelector(%q); return !!el && el.checkVisibility({visibilityProperty: true}); })()`, sel))
	}
	for range 12 {
		tb.do(chromedp.KeyEvent("x")) // the deal's start replayed: skipped
		switch {
		case tb.exists(`form.actions button[data-verb="fold"]`):
			tb.load("fold", click(`form.actions button[data-verb="fold"]`))
		case tb.exists(`form.actions button[data-verb="hold"]`):
			tb.load("hold", click(`form.actions button[data-verb="hold"]`))
		case tb.exists(`[data-action="next"]`):
			tb.load("next deal", click(`[data-action="next"]`))
			continue
		default:
			t.Fatal("the As-Nas table offers no move and no next deal")
		}
		if !tb.exists(".replay-backs") {
			continue // no showdown, or not reached by this page's replay
		}
		if !eval[bool](tb, `document.querySelector("[data-replay]").classList.contains("replaying")`) {
			t.Fatal("the showdown's page does not replay the moves before it")
		}
		tb.shot("asnas-showdown-replaying")
		if !visible(".replay-backs") || visible(".replay-backs + .hand") || visible(".result-line") {
			t.Errorf("while the moves before the showdown replay: backs %v, the faces %v, who took the pot %v; want the backs only",
				visible(".replay-backs"), visible(".replay-backs + .hand"), visible(".result-line"))
		}
		tb.do(chromedp.KeyEvent("x"))
		if visible(".replay-backs") || !visible(".replay-backs + .hand") || !visible(".result-line") {
			t.Errorf("after the replay: backs %v, the faces %v, who took the pot %v; want the faces and the result",
				visible(".replay-backs"), visible(".replay-backs + .hand"), visible(".result-line"))
		}
		tb.shot("asnas-showdown-replayed")
		tb.checkClean("/asnas showdown replay", "")
		return
	}
	t.Fatal("twelve moves reached no showdown after the visitor's move")
}

// checkAxe runs axe-core on the tab's page.
func (tb *tab) checkAxe(where string) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, stepTimeout)
	defer cancel()
	v, err := axeViolations(ctx)
	if err != nil {
		tb.t.Fatalf("%s: %v", where, err)
	}
	for _, x := range v {
		tb.t.Errorf("%s: axe: %s", where, x)
	}
}

// testAxe checks the site's pages and every As-Nas table state in one language.
func testAxe(t *testing.T, tb *tab, lang string) {
	tb.open("/")
	if lang != "en" {
		tb.switchLanguage(lang)
	}
	for _, p := range []string{"/", "/settings", "/asnas/rules", "/guandan/rules", "/asnas/restart"} {
		tb.open(p)
		tb.checkAxe(lang + " " + p)
	}
	if lang == "en" {
		// The check must be able to fail: an image without a text alternative is reported.
		tb.open("/")
		tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("main").append(Object.assign(document.createElement("img"), {src: "/favicon.ico"}))`))
		ctx, cancel := context.WithTimeout(tb.ctx, stepTimeout)
		v, err := axeViolations(ctx)
		cancel()
		if err != nil || !slices.ContainsFunc(v, func(s string) bool { return strings.HasPrefix(s, "image-alt") }) {
			t.Errorf("axe did not report an image without alt: %q, %v", v, err)
		}
		tb.take()
		// The header's and the table's disclosures, open (their text is the same in every
		// language; their colours and layout are what is checked).
		tb.open("/settings")
		tb.openQuick()
		tb.checkAxe(lang + " /settings, the header's settings open")
		tb.open("/asnas")
		tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("details.keys-help").open = true`))
		tb.checkAxe(lang + " /asnas, the keys open")
	}
	// The table's states: before and after Look, the end of a deal played out and of a deal
	// folded, and the match's end.
	tb.open("/asnas?coach=1")
	if tb.exists("[data-coach]") {
		tb.checkAxe(lang + " /asnas, the coach's advice")
	}
	looked := false
	tb.playToEnd(calling, func(a []string) {
		switch {
		case slices.Contains(a, "look"):
			tb.checkAxe(lang + " /asnas before Look")
		case !looked:
			looked = true
			tb.checkAxe(lang + " /asnas after Look")
		}
	})
	tb.checkAxe(lang + " /asnas a deal's end")
	tb.press("next")
	tb.playToEnd(folding, func([]string) {})
	tb.checkAxe(lang + " /asnas a folded deal's end")
	// The names under a folded hand's cards are read as the others' (the fade is the
	// pictures'); axe passes over them, hidden from assistive technology beside the alt texts.
	type names struct{ All, Faded []string }
	if n := eval[names](tb, `(() => {
		const all = [...document.querySelectorAll(".seat.folded .card .name")];
		const faded = (n) => { for (let e = n; e; e = e.parentElement) if (Number(getComputedStyle(e).opacity) < 1) return true; return false; };
		return {all: all.map((n) => n.textContent), faded: all.filter(faded).map((n) => n.textContent)};
	})()`); len(n.All) == 0 || len(n.Faded) > 0 {
		t.Errorf("%s: the names under a folded hand %q, faded %q", lang, n.All, n.Faded)
	}
	tb.toMatchEnd()
	tb.checkAxe(lang + " /asnas the match's end")
}

// TestBrowserTables runs the table checks in a Chromium of their own.
func TestBrowserTables(t *testing.T) {
	browserTest(t)
	site := worstSite(t)
	browser := startBrowser(t, 3*time.Minute)
	sizes := []struct {
		name string
		w, h int64
	}{{"phone", phoneWidth, phoneHeight}, {"laptop", laptopWidth, laptopHeight}}
	for _, size := range sizes {
		for _, lang := range []string{"en", "fa"} {
			t.Run(fmt.Sprintf("asnas first screen %s %s", size.name, lang), func(t *testing.T) {
				testAsnasFirstScreen(t, newTab(t, browser, site.URL, size.w, size.h), lang)
			})
		}
	}
	t.Run("asnas keyboard", func(t *testing.T) { testAsnasKeyboard(t, newTab(t, browser, site.URL, phoneWidth, phoneHeight)) })
	t.Run("asnas replay", func(t *testing.T) { testAsnasReplay(t, newTab(t, browser, site.URL, laptopWidth, laptopHeight)) })
	t.Run("asnas showdown replay", func(t *testing.T) {
		testAsnasShowdownReplay(t, newTab(t, browser, site.URL, laptopWidth, laptopHeight))
	})
	t.Run("asnas replay zh", func(t *testing.T) { testAsnasReplayRunsOn(t, newTab(t, browser, site.URL, phoneWidth, phoneHeight)) })
	for _, lang := range []string{"en", "fa", "zh"} {
		t.Run("axe "+lang, func(t *testing.T) {
			needAxe(t)
			testAxe(t, newTab(t, browser, site.URL, phoneWidth, phoneHeight), lang)
		})
	}
}
