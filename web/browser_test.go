package web_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	aiasnas "github.com/cardavia/cardavia/ai/asnas"
	aiguandan "github.com/cardavia/cardavia/ai/guandan"
	"github.com/cardavia/cardavia/i18n"
	"github.com/cardavia/cardavia/web"
	"github.com/cardavia/cardavia/web/store"
	"github.com/cardavia/cardavia/web/views"
)

// The browser tests drive Debian's Chromium, headless, against the real router: they check what
// only a browser can tell, that pages run without console errors or CSP violations, load nothing
// from another host, lay out right-to-left and fit a phone, that app.js's live filters, saves and
// keyboard shortcuts work, and that both tables can be played with the mouse.

// Phone and desktop viewports, in CSS pixels.
const (
	phoneWidth, phoneHeight     = 390, 844
	desktopWidth, desktopHeight = 1280, 900
)

// stepTimeout bounds one browser action: a navigation, a click and the page it loads, a script.
// Every page comes from memory on localhost, so anything slower than this is a hang.
const stepTimeout = 10 * time.Second

// chromiumPath is the browser to drive: $CARDAVIA_CHROMIUM, else Debian's
// chromium-headless-shell, else Debian's chromium. The shell is the same Blink without the
// browser around it: it loads a page in about 60 % of the time, which took the browser tests
// from 370 s to 238 s; CARDAVIA_CHROMIUM=/usr/bin/chromium runs them in the full browser.
func chromiumPath() string {
	if p := os.Getenv("CARDAVIA_CHROMIUM"); p != "" {
		return p
	}
	for _, p := range []string{"/usr/bin/chromium-headless-shell", "/usr/bin/chromium"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return "/usr/bin/chromium-headless-shell"
}

// browserSite is the real router behind an httptest server, with a memory store and the real AI
// players. Match seeds count up from a constant, so every run deals the same cards and the games
// the tests play are the same each time.
func browserSite(t *testing.T) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(browserHandler(t))
	t.Cleanup(srv.Close)
	return srv
}

// browserHandler is browserSite's site, for a test that puts something in front of it.
func browserHandler(t *testing.T) http.Handler { return browserHandlerAt(t, time.Now) }

// browserHandlerAt is browserHandler on the clock now, which a test may move on.
func browserHandlerAt(t *testing.T, now func() time.Time) http.Handler {
	t.Helper()
	var seed atomic.Uint64
	seed.Store(7000)
	s, err := web.New(web.Config{
		Store:       store.NewMemory(store.TTL, now),
		SessionKeys: [][]byte{[]byte("browser-test-key-0123456789abcdef")},
		AsnasAI:     func(s uint64) web.AsnasAI { return aiasnas.NewPlayer(s) },
		GuandanAI:   func(s uint64) web.GuandanAI { return aiguandan.New(s) },
		Seed:        func() uint64 { return seed.Add(1) },
		Now:         now,
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// browserTest begins a test that drives Chromium; in -short mode (the race run, which is about
// the handlers and stores) it is skipped.
func browserTest(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("browser tests are skipped in -short mode")
	}
}

// chrome is the one Chromium the browser tests share. A launch costs about a second and a half
// of a busy machine, and the tests once launched 39; each tab has a browser context of its own
// (newTab), so the tests still share no cookies, storage or cache. It is launched again if it
// dies, and stopped by TestMain.
var chrome struct {
	sync.Mutex
	ctx    context.Context
	cancel context.CancelFunc
}

func TestMain(m *testing.M) {
	code := m.Run()
	chrome.Lock()
	if chrome.cancel != nil {
		chrome.cancel()
	}
	chrome.Unlock()
	os.Exit(code)
}

// startBrowser returns the shared Chromium, bounded by limit for the caller: a hang fails the
// test instead of the run. It skips (fails on CI) when there is no Chromium. The allocator
// gives the browser a fresh temporary profile and removes it afterwards.
func startBrowser(t *testing.T, limit time.Duration) context.Context {
	t.Helper()
	path := chromiumPath()
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no Chromium at %s (set CARDAVIA_CHROMIUM): %v", path, err)
		}
		t.Skipf("no Chromium at %s (set CARDAVIA_CHROMIUM): %v", path, err)
	}
	chrome.Lock()
	defer chrome.Unlock()
	if chrome.ctx == nil || chrome.ctx.Err() != nil {
		if chrome.cancel != nil {
			chrome.cancel()
		}
		chrome.ctx, chrome.cancel = launchChromium(t, path)
	}
	ctx, cancel := context.WithTimeout(chrome.ctx, limit)
	t.Cleanup(cancel)
	return ctx
}

// launchChromium starts a headless Chromium and returns its first tab's context.
func launchChromium(t *testing.T, path string) (context.Context, context.CancelFunc) {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("mute-audio", true),
		chromedp.WindowSize(desktopWidth, desktopHeight),
	)
	// A launch is tried up to three times: on a machine busy with the other test packages,
	// Chromium was once seen to exit before it listened (a fresh-clone run of 2026-12-03).
	// What the tests then check is never retried.
	for attempt := 1; ; attempt++ {
		alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		browser, cancelBrowser := chromedp.NewContext(alloc)
		stop := func() {
			cancelBrowser()
			cancelAlloc()
		}
		err := chromedp.Do(browser)
		if err == nil {
			return browser, stop
		}
		stop()
		if attempt == 3 {
			t.Fatalf("starting %s (%d attempts): %v", path, attempt, err)
		}
		t.Logf("starting %s, attempt %d: %v; trying again", path, attempt, err)
		time.Sleep(time.Second)
	}
}

// problem is something a page must never do: log an error or a warning, throw, violate the CSP
// or ask another host for anything.
type problem struct {
	kind, source, url, text string
}

func (p problem) String() string {
	return fmt.Sprintf("%s[%s] %s %s", p.kind, p.source, p.url, p.text)
}

// recorder collects a tab's problems and the responses it received. Chromedp calls listen from
// the tab's event loop, in the order the browser sent the events, before the reply to the
// command that caused them: when an action returns, its events are here.
type recorder struct {
	host string

	mu        sync.Mutex
	problems  []problem
	responses []response
}

type response struct {
	path   string
	status int64
}

func (r *recorder) listen(ev any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch ev := ev.(type) {
	case *runtime.EventConsoleAPICalled:
		if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeWarning ||
			ev.Type == runtime.ConsoleAPICalledTypeAssert {
			var args []string
			for _, a := range ev.Args {
				if a.Description != "" {
					args = append(args, a.Description)
				} else {
					args = append(args, string(a.Value))
				}
			}
			r.problems = append(r.problems, problem{"console." + string(ev.Type), "", "", strings.Join(args, " ")})
		}
	case *runtime.EventExceptionThrown:
		d := ev.ExceptionDetails
		text := d.Text
		if d.Exception != nil {
			text += " " + d.Exception.Description
		}
		r.problems = append(r.problems, problem{"exception", "", d.URL, text})
	case *log.EventEntryAdded:
		// The browser's own messages: failed loads, CSP violations, deprecations, interventions.
		if e := ev.Entry; e.Level == log.EntryLevelError || e.Level == log.EntryLevelWarning {
			r.problems = append(r.problems, problem{"log." + string(e.Level), string(e.Source), e.URL, e.Text})
		}
	case *network.EventRequestWillBeSent:
		u, err := url.Parse(ev.Request.URL)
		switch {
		case err != nil:
			r.problems = append(r.problems, problem{"request", "network", ev.Request.URL, err.Error()})
		case u.Scheme == "data" || u.Scheme == "about":
		case u.Host != r.host:
			r.problems = append(r.problems, problem{"request to another host", "network", ev.Request.URL, ev.Request.Method})
		}
	case *network.EventResponseReceived:
		if u, err := url.Parse(ev.Response.URL); err == nil && u.Host == r.host {
			r.responses = append(r.responses, response{u.Path, ev.Response.Status})
		}
	}
}

// take returns the problems since the last call and forgets them.
func (r *recorder) take() []problem {
	r.mu.Lock()
	defer r.mu.Unlock()
	p := r.problems
	r.problems = nil
	return p
}

// count says how many responses with this path and status the tab has received so far.
func (r *recorder) count(path string, status int64) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, x := range r.responses {
		if x.path == path && x.status == status {
			n++
		}
	}
	return n
}

// cspWatch is evaluated in every document before the page's own scripts, so it hears every
// securitypolicyviolation event, including those raised while the page is parsed. DevTools'
// scripts are exempt from the page's CSP.
const cspWatch = `window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(e.violatedDirective + " " + e.blockedURI), true);`

// tab is one browser tab in a browser context of its own (its own cookies: a new visitor),
// with its recorder.
type tab struct {
	t    *testing.T
	ctx  context.Context
	rec  *recorder
	base string
}

func newTab(t *testing.T, browser context.Context, base string, width, height int64) *tab {
	t.Helper()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	rec := &recorder{host: u.Host}
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext(), chromedp.WithListener(rec.listen))
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	tb := &tab{t: t, ctx: ctx, rec: rec, base: base}
	tb.do(chromedp.EmulateViewport(width, height))
	// The tables replay the other players' moves, and a click or key during a replay only
	// skips it. Tabs act as a visitor who prefers reduced motion (the end state at once),
	// except where a test turns the motion back on (tab.motion) to check the replay itself.
	tb.motion(false)
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: cspWatch}); err != nil {
		t.Fatalf("adding the CSP watcher: %v", err)
	}
	// The visitor's browser asks for English whatever the machine's locale; the pages test
	// changes the language with the site's own menu.
	if _, err := chromedp.Call(ctx, network.SetExtraHTTPHeaders, network.SetExtraHTTPHeadersParams{
		Headers: network.Headers{"Accept-Language": "en-GB,en;q=0.9"},
	}); err != nil {
		t.Fatalf("setting Accept-Language: %v", err)
	}
	return tb
}

// motion emulates a visitor who does (true) or does not (false) accept motion on pages:
// prefers-reduced-motion.
func (tb *tab) motion(on bool) {
	tb.t.Helper()
	v := "reduce"
	if on {
		v = "no-preference"
	}
	if _, err := chromedp.Call(tb.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: v}},
	}); err != nil {
		tb.t.Fatalf("emulating prefers-reduced-motion: %v", err)
	}
}

// openQuick opens the header's disclosure of the language and the filters, so that its
// controls can be focused and clicked.
func (tb *tab) openQuick() {
	tb.t.Helper()
	tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("details.quick").open = true`))
}

// do runs actions that return nothing, within the step timeout.
func (tb *tab) do(actions ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, stepTimeout)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		tb.t.Fatalf("browser: %v", err)
	}
}

// load runs actions that lead to a new page (a navigation, a click on a submit button, a key
// bound to one) and waits for it; it returns the page's HTTP status after any redirect.
func (tb *tab) load(what string, actions ...chromedp.Action[chromedp.Void]) int64 {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, stepTimeout)
	defer cancel()
	resp, err := chromedp.RunResponse(ctx, actions...)
	if err != nil {
		tb.t.Fatalf("%s: no page loaded: %v", what, err)
	}
	if resp == nil {
		tb.t.Fatalf("%s: no response", what)
	}
	return resp.Status
}

// keyWait is how long a key bound to a button has to start loading the next page.
const keyWait = 5 * time.Second

// tryLoad is load for actions that may rightly do nothing: it says whether a page loaded
// within d.
func (tb *tab) tryLoad(d time.Duration, actions ...chromedp.Action[chromedp.Void]) bool {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, d)
	defer cancel()
	_, err := chromedp.RunResponse(ctx, actions...)
	if err != nil && !errors.Is(err, context.DeadlineExceeded) {
		tb.t.Fatalf("browser: %v", err)
	}
	return err == nil
}

// open navigates to a path of the site.
func (tb *tab) open(path string) int64 {
	tb.t.Helper()
	return tb.load("GET "+path, chromedp.Navigate(tb.base+path))
}

// click clicks the centre of the first element the CSS selector finds, with the mouse.
func click(sel string) chromedp.Action[chromedp.Void] { return chromedp.Click(chromedp.CSS(sel)) }

// eval evaluates a script in the tab and decodes its value.
func eval[T any](tb *tab, script string) T {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, stepTimeout)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](script))
	// A page that reloads itself (no JavaScript, a meta refresh) can drop the document an
	// evaluation ran in; the next document answers.
	for try := 0; err != nil && try < 5 && strings.Contains(err.Error(), "context") && ctx.Err() == nil; try++ {
		time.Sleep(200 * time.Millisecond)
		v, err = chromedp.Run(ctx, chromedp.Evaluate[T](script))
	}
	if err != nil {
		tb.t.Fatalf("evaluating %.80q: %v", script, err)
	}
	return v
}

// exists says whether the CSS selector matches anything now, without waiting.
func (tb *tab) exists(sel string) bool {
	tb.t.Helper()
	return eval[bool](tb, fmt.Sprintf("document.querySelector(%q) !== null", sel))
}

// noticeTitle is the short form of the page's notice that begins its title, in English, the
// tabs' language.
func noticeTitle(tb *tab) string {
	tb.t.Helper()
	key := eval[string](tb, `document.querySelector("[data-notice]").dataset.notice`)
	return i18n.T(i18n.WithLocale(context.Background(), i18n.Locales[0]), views.NoticeView{Key: key}.TitleKey())
}

// seen says whether the first element the CSS selector matches is "shown" or "hidden" (by
// display or visibility) now, or "none" when nothing with text matches.
func (tb *tab) seen(sel string) string {
	tb.t.Helper()
	return eval[string](tb, fmt.Sprintf(`(() => {
		const el = document.querySelector(%q);
		if (!el || !el.textContent.trim()) return "none";
		return el.checkVisibility({visibilityProperty: true}) ? "shown" : "hidden";
	})()`, sel))
}

// take forgets the problems so far (used around planted faults).
func (tb *tab) take() []problem { return tb.rec.take() }

// checkClean reports the tab's problems since the last check, and the CSP violations the page
// itself saw. A 404 page may log its own failed load (give its path as missing); nothing else
// is excused.
func (tb *tab) checkClean(where, missing string) {
	tb.t.Helper()
	for _, p := range tb.rec.take() {
		if missing != "" && p.source == string(log.EntrySourceNetwork) && strings.Contains(p.text, "404") {
			if u, err := url.Parse(p.url); err == nil && u.RequestURI() == missing {
				continue
			}
		}
		tb.t.Errorf("%s: %s", where, p)
	}
	if v := eval[[]string](tb, "window.__csp || []"); len(v) > 0 {
		tb.t.Errorf("%s: CSP violations: %q", where, v)
	}
}

// layout is what the checks need about a page's geometry and language.
type layout struct {
	Lang         string   `json:"lang"`
	Dir          string   `json:"dir"`
	ScrollWidth  int      `json:"scrollWidth"`
	ClientWidth  int      `json:"clientWidth"`
	InnerWidth   int      `json:"innerWidth"`
	Offenders    []string `json:"offenders"`
	BrokenImages []string `json:"brokenImages"`
}

// layoutScript measures the page. When the document is wider than the viewport, it names what
// to fix: the outermost elements that stick out, and the innermost whose content spills.
const layoutScript = `(() => {
	const de = document.documentElement, w = de.clientWidth;
	const name = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
		(el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\s+/).join(".") : "") +
		[...el.attributes].filter((a) => a.name.startsWith("data-")).map((a) => "[" + a.name + "=" + a.value + "]").join("");
	const out = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && (r.right > w + 0.5 || r.left < -0.5); };
	const spills = (el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === "visible";
	const offenders = [];
	if (de.scrollWidth > w) {
		for (const el of document.body.querySelectorAll("*")) {
			const r = el.getBoundingClientRect();
			if (out(el) && !out(el.parentElement)) {
				offenders.push(name(el) + " [" + Math.round(r.left) + "," + Math.round(r.right) + "]");
			} else if (spills(el) && ![...el.children].some(spills)) {
				offenders.push(name(el) + " content " + el.scrollWidth + " px in " + el.clientWidth);
			}
		}
	}
	const broken = [...document.images].filter((i) => !i.complete || i.naturalWidth === 0).map((i) => i.src);
	return {lang: de.lang, dir: de.dir, scrollWidth: de.scrollWidth, clientWidth: w, innerWidth: window.innerWidth,
		offenders: offenders.slice(0, 6), brokenImages: broken};
})()`

// checkFits fails when the page is wider than the viewport (it would scroll sideways on a
// phone) or shows a broken image. The measure is stricter than scrollWidth <= innerWidth+1:
// clientWidth excludes a scrollbar, and anything wider than it scrolls.
func (tb *tab) checkFits(where string) layout {
	tb.t.Helper()
	l := eval[layout](tb, layoutScript)
	if l.ScrollWidth > l.ClientWidth {
		tb.t.Errorf("%s: the page is %d px wide in a %d px viewport (innerWidth %d); sticking out: %q",
			where, l.ScrollWidth, l.ClientWidth, l.InnerWidth, l.Offenders)
	}
	if len(l.BrokenImages) > 0 {
		tb.t.Errorf("%s: broken images %q", where, l.BrokenImages)
	}
	return l
}

// TestBrowser runs every browser check in one Chromium. Each subtest has a tab and a visitor
// of its own.
func TestBrowser(t *testing.T) {
	browserTest(t)
	// The site first, so that its cleanup runs last: the browser closes its connections first.
	site := browserSite(t)
	browser := startBrowser(t, 2*time.Minute)

	t.Run("pages", func(t *testing.T) { testPages(t, newTab(t, browser, site.URL, phoneWidth, phoneHeight)) })
	t.Run("slider labels", func(t *testing.T) {
		testLabelsInEveryLanguage(t, newTab(t, browser, site.URL, desktopWidth, desktopHeight))
	})
	t.Run("filters", func(t *testing.T) { testFilters(t, newTab(t, browser, site.URL, desktopWidth, desktopHeight)) })
	t.Run("filter looks", func(t *testing.T) { testFilterLooks(t, newTab(t, browser, site.URL, desktopWidth, desktopHeight)) })
	t.Run("asnas", func(t *testing.T) { testAsnas(t, newTab(t, browser, site.URL, phoneWidth, phoneHeight)) })
	t.Run("guandan", func(t *testing.T) { testGuandan(t, newTab(t, browser, site.URL, phoneWidth, phoneHeight)) })
	t.Run("overlays let clicks through", func(t *testing.T) {
		testOverlays(t, newTab(t, browser, site.URL, desktopWidth, desktopHeight))
	})
}

// sitePages are every kind of page the site has, and a missing one.
var sitePages = []struct {
	path   string
	status int64
}{
	{"/", 200}, {"/asnas", 200}, {"/asnas/rules", 200}, {"/guandan", 200}, {"/guandan/rules", 200},
	{"/settings", 200}, {"/no-such-page", 404},
	// The other ways to look at the tables: Guandan's arrangements and hint, the restart questions.
	{"/guandan?arrange=suit", 200}, {"/guandan?arrange=plan", 200}, {"/guandan?hint=1", 200},
	{"/asnas/restart", 200}, {"/guandan/restart", 200},
	// The forms with text boxes: a shared table's host names themself.
	{"/asnas/tables/new", 200}, {"/guandan/tables/new", 200},
}

// fieldsScript measures every text box and drop-down list on the page, the header's language
// menu opened for it: the ones under 16 px of type (where iOS zooms the page in on focus) or
// under 40 px tall (a fingertip's target, as tall as the buttons beside them).
const fieldsScript = `(() => {
	const quick = document.querySelector("details.quick"), was = quick?.open;
	if (quick) quick.open = true;
	const fields = [...document.querySelectorAll('input[type="text"], select')];
	const small = fields.map((f) => {
		const s = getComputedStyle(f), h = f.getBoundingClientRect().height;
		return parseFloat(s.fontSize) < 16 || h < 40 ? (f.id || f.name) + " " + s.fontSize + " " + h.toFixed(1) + "px tall" : "";
	}).filter(Boolean);
	if (quick) quick.open = was;
	return {count: fields.length, small};
})()`

// fields are what fieldsScript found.
type fields struct {
	Count int      `json:"count"`
	Small []string `json:"small"`
}

// testPages loads every page in English, switches to Persian with the header's language menu,
// and loads every page again, at a phone's width.
func testPages(t *testing.T, tb *tab) {
	for _, lang := range []struct{ code, dir string }{{"en", "ltr"}, {"fa", "rtl"}} {
		if lang.code != "en" {
			tb.open("/")
			tb.checkClean(lang.code+" /", "")
			tb.switchLanguage(lang.code)
		}
		for _, p := range sitePages {
			where := lang.code + " " + p.path
			if status := tb.open(p.path); status != p.status {
				t.Errorf("%s: status %d, want %d", where, status, p.status)
			}
			missing := ""
			if p.status == 404 {
				missing = p.path
			}
			tb.checkClean(where, missing)
			l := tb.checkFits(where)
			if l.Lang != lang.code || l.Dir != lang.dir {
				t.Errorf("%s: <html lang=%q dir=%q>, want lang=%q dir=%q", where, l.Lang, l.Dir, lang.code, lang.dir)
			}
			if !tb.exists(`.controls form[data-filters] input[data-filter="contrast"]`) {
				t.Errorf("%s: no filter sliders in the header", where)
			}
			if f := eval[fields](tb, fieldsScript); f.Count == 0 || len(f.Small) > 0 {
				t.Errorf("%s: of %d text boxes and menus, too small to type in or tap: %q", where, f.Count, f.Small)
			}
		}
	}

	// The checks above must be able to fail: an inline script, a script from another host and
	// an uncaught exception are each reported.
	tb.open("/")
	tb.take()
	tb.do(chromedp.Evaluate[chromedp.Void](`(() => {
		const s = document.createElement("script"); s.textContent = "window.__inline = 1"; document.head.append(s);
		const x = document.createElement("script"); x.src = "https://cdn.example.invalid/x.js"; document.head.append(x);
		setTimeout(() => { throw new Error("canary"); });
	})()`))
	var probs []problem
	var sawCSP, sawThrow bool
	var csp []string
	for deadline := time.Now().Add(stepTimeout); !(sawCSP && sawThrow && len(csp) >= 2) && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
		for _, p := range tb.take() {
			probs = append(probs, p)
			sawCSP = sawCSP || strings.Contains(p.text, "Content Security Policy")
			sawThrow = sawThrow || (p.kind == "exception" && strings.Contains(p.text, "canary"))
		}
		csp = eval[[]string](tb, "window.__csp")
	}
	if !sawCSP || !sawThrow || len(csp) < 2 || eval[bool](tb, "window.__inline === 1") {
		t.Errorf("the detectors missed a planted fault: CSP in the log %v, exception %v, page-side violations %q; all problems: %v",
			sawCSP, sawThrow, csp, probs)
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("main").append(Object.assign(document.createElement("div"), {textContent: "x".repeat(200)}))`))
	if l := eval[layout](tb, layoutScript); l.ScrollWidth <= l.ClientWidth || len(l.Offenders) == 0 {
		t.Errorf("the layout check missed a planted 200-character word: %+v", l)
	}
}

// switchLanguage chooses a language in the header's menu, which submits itself on change
// (app.js); the server answers 303 to the page the visitor was on.
func (tb *tab) switchLanguage(code string) {
	tb.t.Helper()
	from := eval[string](tb, "location.pathname")
	status := tb.load("switching to "+code, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(
		`(() => { const s = document.querySelector("form[data-language] select[name=lang]"); s.value = %q;
		s.dispatchEvent(new Event("change", {bubbles: true})); })()`, code)))
	if status != 200 {
		tb.t.Errorf("switching to %s: status %d", code, status)
	}
	if to := eval[string](tb, "location.pathname"); to != from {
		tb.t.Errorf("switching to %s on %s landed on %s", code, from, to)
	}
}

// testLabelsInEveryLanguage checks, in every language the menu offers, that app.js prints a
// slider's value exactly as the server does (digits, percent sign, spaces), or the label would
// change its look under the visitor's finger.
func testLabelsInEveryLanguage(t *testing.T, tb *tab) {
	tb.open("/settings")
	codes := eval[[]string](tb, `[...document.querySelectorAll("form[data-language] option")].map((o) => o.value)`)
	if len(codes) < 6 {
		t.Errorf("the language menu offers %q", codes)
	}
	const outputs = `[...document.querySelectorAll("output[data-output]")].map((o) => o.textContent)`
	for _, code := range codes {
		tb.switchLanguage(code)
		dir := eval[string](tb, "document.documentElement.dir")
		if want := map[bool]string{true: "rtl", false: "ltr"}[code == "fa"]; dir != want {
			t.Errorf("%s: dir %q, want %q", code, dir, want)
		}
		before := eval[[]string](tb, outputs)
		tb.do(chromedp.Evaluate[chromedp.Void](`for (const i of document.querySelectorAll("input[data-filter]"))
			i.dispatchEvent(new Event("input", {bubbles: true}))`))
		if after := eval[[]string](tb, outputs); !slices.Equal(before, after) || len(after) != 6 {
			t.Errorf("%s: the sliders' values read %q from the server and %q once app.js prints them", code, before, after)
		}
	}
	tb.checkClean("/settings in every language", "")
}

// filterState is the three filters as a page shows them: the root's attributes, the CSS
// numbers they become, the header's sliders and printed values, and the settings page's.
type filterState struct {
	Root    map[string]string `json:"root"`
	Var     map[string]string `json:"var"`
	Sliders map[string]string `json:"sliders"`
	Header  map[string]string `json:"header"`
	Page    map[string]string `json:"page"`
	Label   string            `json:"label"`
}

const filterStateScript = `(() => {
	const names = ["contrast", "grain", "temperature"], root = document.documentElement, cs = getComputedStyle(root);
	const pick = (f) => Object.fromEntries(names.map((n) => [n, f(n)]));
	const text = (sel) => { const e = document.querySelector(sel); return e ? e.textContent : ""; };
	return {
		root: pick((n) => root.dataset[n]),
		var: pick((n) => cs.getPropertyValue("--" + n).trim()),
		sliders: pick((n) => document.getElementById("header-" + n).value),
		header: pick((n) => text(".controls output[data-output=" + n + "]")),
		page: pick((n) => text(".settings output[data-output=" + n + "]")),
		label: document.getElementById("header-contrast").closest("label").textContent.replace(/\s+/g, ""),
	};
})()`

// setSlider moves a slider the way a script can: it sets the value and sends the events a
// browser sends while the thumb moves ("input") and when it is let go ("change").
func setSlider(id string, value int, events ...string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const i = document.getElementById(%q); i.value = "%d";
		for (const e of %q.split(" ")) i.dispatchEvent(new Event(e, {bubbles: true})); })()`, id, value, strings.Join(events, " ")))
}

// wantFilters checks every place a page shows the filters, and the header's label in full.
func wantFilters(t *testing.T, where string, s filterState, contrast, grain, temperature int, settingsPage bool) {
	t.Helper()
	for name, v := range map[string]int{"contrast": contrast, "grain": grain, "temperature": temperature} {
		n, pct := fmt.Sprint(v), fmt.Sprintf("%d%%", v)
		if s.Root[name] != n || s.Var[name] != n || s.Sliders[name] != n || s.Header[name] != pct {
			t.Errorf("%s: %s shows root %q, CSS %q, slider %q, label %q; want %s everywhere",
				where, name, s.Root[name], s.Var[name], s.Sliders[name], s.Header[name], pct)
		}
		if settingsPage && s.Page[name] != pct {
			t.Errorf("%s: the settings page's %s reads %q, want %s", where, name, s.Page[name], pct)
		}
	}
	if want := fmt.Sprintf("Contrast:%d%%", contrast); s.Label != want {
		t.Errorf("%s: the header's contrast label reads %q, want %q (spaces aside)", where, s.Label, want)
	}
}

// waitSaves waits until the tab has received n answers 204 to its filter saves.
func (tb *tab) waitSaves(n int) {
	tb.t.Helper()
	deadline := time.Now().Add(stepTimeout)
	for tb.rec.count("/settings", 204) < n {
		if time.Now().After(deadline) {
			tb.t.Fatalf("the filters were not saved: %d answers 204 from /settings, want %d", tb.rec.count("/settings", 204), n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// testFilters moves the sliders with app.js running: the page follows while a slider moves,
// the value is saved without a reload when it is let go, later pages arrive with it, and Reset
// returns to neutral.
func testFilters(t *testing.T, tb *tab) {
	tb.open("/settings")
	wantFilters(t, "a new visitor", eval[filterState](tb, filterStateScript), 50, 50, 50, true)
	tb.do(chromedp.Evaluate[chromedp.Void](`window.__marker = "kept"`))

	tb.do(setSlider("settings-contrast", 80, "input"))
	wantFilters(t, "while the settings page's contrast slider moves", eval[filterState](tb, filterStateScript), 80, 50, 50, true)
	if n := tb.rec.count("/settings", 204); n != 0 {
		t.Errorf("a moving slider saved already (%d saves); it should save when let go", n)
	}
	tb.do(setSlider("settings-contrast", 80, "change"))
	tb.waitSaves(1)
	if m := eval[string](tb, `(window.__marker || "") + " " + location.pathname + location.search`); m != "kept /settings" {
		t.Errorf("saving a slider reloaded or left the page: marker and address %q", m)
	}

	tb.open("/settings")
	wantFilters(t, "/settings after saving", eval[filterState](tb, filterStateScript), 80, 50, 50, true)
	tb.open("/")
	wantFilters(t, "/ after saving", eval[filterState](tb, filterStateScript), 80, 50, 50, false)

	// The keyboard moves a slider the browser's own way: the events come from the browser.
	tb.openQuick()
	tb.do(chromedp.Evaluate[chromedp.Void](`window.__marker = "kept"`),
		chromedp.Focus(chromedp.ID("header-grain")), chromedp.KeyEvent(kb.ArrowRight))
	tb.waitSaves(2)
	wantFilters(t, "after ArrowRight on the header's grain slider", eval[filterState](tb, filterStateScript), 80, 51, 50, false)

	tb.do(click(`.controls form[data-filters] button[data-reset]`))
	wantFilters(t, "right after Reset", eval[filterState](tb, filterStateScript), 50, 50, 50, false)
	tb.waitSaves(3)
	if m := eval[string](tb, `(window.__marker || "") + " " + location.pathname`); m != "kept /" {
		t.Errorf("Reset reloaded or left the page: marker and address %q", m)
	}
	tb.open("/asnas/rules")
	wantFilters(t, "a page loaded after Reset", eval[filterState](tb, filterStateScript), 50, 50, 50, false)
	tb.checkClean("filters", "")
}

// look is what the filters change in the computed style: the root's filter, the paper's
// texture on the body, the grain layer (body::before) and the temperature layer (body::after).
type look struct {
	Filter        string `json:"filter"`
	Body          string `json:"body"`
	Before        string `json:"before"`
	BeforeOpacity string `json:"beforeOpacity"`
	After         string `json:"after"`
	AfterColor    string `json:"afterColor"`
	AfterImage    string `json:"afterImage"`
}

const lookScript = `(() => {
	const h = getComputedStyle(document.documentElement), b = getComputedStyle(document.body);
	const be = getComputedStyle(document.body, "::before"), af = getComputedStyle(document.body, "::after");
	return {filter: h.filter, body: b.backgroundImage, before: be.content, beforeOpacity: be.opacity,
		after: af.content, afterColor: af.backgroundColor, afterImage: af.backgroundImage};
})()`

// testFilterLooks checks that each filter changes the page's computed look at 0 and at 100,
// and that at 50/50/50 nothing is applied at all.
func testFilterLooks(t *testing.T, tb *tab) {
	tb.open("/")
	neutral := eval[look](tb, lookScript)
	if neutral.Filter != "none" || neutral.Before != "none" || neutral.After != "none" {
		t.Errorf("at 50/50/50 something is applied: %+v", neutral)
	}
	for _, name := range []string{"contrast", "grain", "temperature"} {
		for _, v := range []int{0, 100} {
			tb.do(setSlider("header-"+name, v, "input"))
			l := eval[look](tb, lookScript)
			if l == neutral {
				t.Errorf("%s at %d looks exactly like 50: %+v", name, v, l)
			}
			// Each filter touches its own part of the look, and only that.
			var ok bool
			var want string
			switch name {
			case "contrast":
				ok, want = l.Filter != "none" && l.Before == "none" && l.After == "none", "a root filter and no layer"
			case "grain":
				ok, want = l.Filter == "none" && l.After == "none" && (l.Body != neutral.Body || l.BeforeOpacity != "0"),
					"no root filter, no temperature layer, and the paper's texture or the grain layer changed"
			case "temperature":
				ok, want = l.Filter == "none" && l.Before == "none" && l.After != "none" && l.Body == neutral.Body,
					"the temperature layer alone"
			}
			if !ok {
				t.Errorf("%s at %d: want %s, got %+v", name, v, want, l)
			}
		}
		tb.do(setSlider("header-"+name, 50, "input"))
		if l := eval[look](tb, lookScript); l != neutral {
			t.Errorf("%s back at 50 does not look neutral: %+v, want %+v", name, l, neutral)
		}
	}
	tb.checkClean("filter looks", "")
}

// asnasState is the As-Nas table as the tests need it.
type asnasState struct {
	Deal     string   `json:"deal"`
	Showdown bool     `json:"showdown"`
	Verbs    []string `json:"verbs"`
	Next     bool     `json:"next"`
	Leaks    int      `json:"leaks"`
	Faces    []string `json:"faces"`
	Backs    int      `json:"backs"`
}

const asnasStateScript = `(() => {
	const f = document.querySelector("[data-game=asnas]");
	return {
		deal: f.dataset.deal, showdown: f.dataset.showdown === "true",
		verbs: [...f.querySelectorAll("button[data-verb]")].map((b) => b.dataset.verb),
		next: f.querySelector("button[data-action=next]") !== null,
		leaks: f.querySelectorAll('[data-hand="1"] [data-card], [data-hand="2"] [data-card], [data-hand="3"] [data-card]').length,
		faces: [...f.querySelectorAll('[data-hand="0"] [data-card]')].map((c) => c.dataset.card),
		backs: f.querySelectorAll('[data-hand="0"] .back').length,
	};
})()`

// testAsnas plays a deal of As-Nas with the mouse at a phone's width: Look, then Call or Hold
// until the deal ends, then the Next deal key. No other hand may show a face before a showdown.
func testAsnas(t *testing.T, tb *tab) {
	tb.open("/asnas")
	looked := false
	var s asnasState
	for i := 0; ; i++ {
		if i == 30 {
			t.Fatalf("the deal did not end after 30 moves: %+v", s)
		}
		s = eval[asnasState](tb, asnasStateScript)
		if s.Leaks > 0 && !s.Showdown {
			t.Errorf("move %d: %d cards of other seats face up without a showdown", i, s.Leaks)
		}
		tb.checkFits(fmt.Sprintf("/asnas move %d", i))
		if s.Next {
			break
		}
		if slices.Contains(s.Verbs, "look") {
			if len(s.Faces) != 0 || s.Backs != 5 {
				t.Errorf("before Look: own hand shows faces %q and %d backs, want 5 backs", s.Faces, s.Backs)
			}
			tb.load("Look", click(`button[data-verb="look"]`))
			s = eval[asnasState](tb, asnasStateScript)
			if len(s.Faces) != 5 || s.Backs != 0 {
				t.Errorf("after Look: own hand shows faces %q and %d backs, want 5 faces", s.Faces, s.Backs)
			}
			looked = true
			continue
		}
		k := slices.IndexFunc(s.Verbs, func(v string) bool { return v == "call" || v == "hold" })
		if k < 0 {
			t.Fatalf("neither Call nor Hold among %q", s.Verbs)
		}
		tb.load(s.Verbs[k], click(fmt.Sprintf(`button[data-verb=%q]`, s.Verbs[k])))
	}
	if !looked {
		t.Error("the deal ended without the human ever being offered Look")
	}
	t.Logf("deal 1 ended, showdown %v, own hand %q", s.Showdown, s.Faces)
	tb.checkClean("/asnas during the deal", "")

	// Keys typed outside the table (here on the header's first link) are no shortcuts
	// (WCAG 2.1.4): the page stays as it is.
	if tb.tryLoad(time.Second, chromedp.Focus(chromedp.CSS("header a")), chromedp.KeyEvent("n")) {
		t.Error("the key n with the focus on a header link dealt the next hand")
	}
	if s = eval[asnasState](tb, asnasStateScript); s.Deal != "1" {
		t.Errorf("after n on a header link: deal %q, want 1", s.Deal)
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`document.activeElement.blur()`))

	// The Next deal button's key (aria-keyshortcuts) deals again.
	tb.load("the key n", chromedp.KeyEvent("n"))
	s = eval[asnasState](tb, asnasStateScript)
	if s.Deal != "2" || s.Leaks != 0 || s.Backs != 5 {
		t.Errorf("after n: deal %q, %d other faces, %d own backs; want deal 2, none, 5", s.Deal, s.Leaks, s.Backs)
	}
	tb.checkClean("/asnas next deal", "")
}

// guandanState is the Guandan table as the tests need it.
type guandanState struct {
	Phase   string `json:"phase"`
	Move    string `json:"move"`
	Play    bool   `json:"play"`
	Leading bool   `json:"leading"`
	Return  bool   `json:"return"`
	Next    bool   `json:"next"`
	Leaks   int    `json:"leaks"`
	Hand    int    `json:"hand"`
}

const guandanStateScript = `(() => {
	const f = document.querySelector("[data-game=guandan]");
	return {
		phase: f.dataset.phase, move: f.dataset.move,
		play: f.querySelector('form[action="/guandan/play"]') !== null,
		leading: f.querySelector("button[data-action=pass]") === null,
		return: f.querySelector('form[action="/guandan/return"]') !== null,
		next: f.querySelector("button[data-action=next]") !== null,
		leaks: f.querySelectorAll('[data-hand="1"] [data-card], [data-hand="2"] [data-card], [data-hand="3"] [data-card]').length,
		hand: f.querySelectorAll('[data-hand="0"] [data-card]').length,
	};
})()`

// pickable is a card of the human's hand that the mouse can reach: the last card of the first
// group, the one on top of its stack.
type pickable struct {
	ID     string `json:"id"`
	Card   string `json:"card"`
	OnTop  bool   `json:"onTop"`
	Picked bool   `json:"picked"`
}

const pickableScript = `(() => {
	const l = document.querySelector('[data-hand="0"] .ggroup .gcards > label.gcard.pick:last-child');
	l.scrollIntoView({block: "center"});
	const r = l.getBoundingClientRect(), hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
	return {id: l.dataset.id, card: l.dataset.card, onTop: l.contains(hit), picked: l.querySelector("input").checked};
})()`

// checked says whether the card with this index is ticked.
func (tb *tab) checked(id string) bool {
	tb.t.Helper()
	return eval[bool](tb, fmt.Sprintf(`document.querySelector('input.gpick[value="%s"]').checked`, id))
}

// testGuandan plays Guandan with the mouse and the keyboard: the first times it must follow it
// passes with the X key, later it follows the hint; when it leads it picks a card with the
// mouse (a click toggles it), plays it as a single, and checks the felt shows it. It leads
// twice: once with the Play button, once with the P key.
func testGuandan(t *testing.T, tb *tab) {
	tb.open("/guandan")
	leads, passes, follows := 0, 0, 0
	for i := 0; leads < 2; i++ {
		if i == 40 {
			t.Fatalf("led %d times, passed %d times and followed %d times in 40 moves", leads, passes, follows)
		}
		s := eval[guandanState](tb, guandanStateScript)
		tb.checkFits(fmt.Sprintf("/guandan move %d", i))
		if s.Leaks > 0 {
			t.Errorf("move %d: %d cards of other seats on the page", i, s.Leaks)
		}
		switch {
		case s.Next:
			tb.load("Next deal", click("button[data-action=next]"))
		case s.Return:
			tb.do(click(`[data-hand="0"] label.gcard.pick:not(.off)`))
			tb.load("Return", click("button[data-action=return]"))
		case s.Play && !s.Leading && passes < 2:
			tb.load("the key x (pass)", chromedp.KeyEvent("x"))
			if after := eval[guandanState](tb, guandanStateScript); after.Move == s.Move {
				t.Fatalf("the x key did not pass: move %s before and after", s.Move)
			}
			passes++
		case s.Play && !s.Leading:
			// Follow as the hint says, so that the human wins tricks and leads again soon.
			tb.load("Hint", click("a[data-action=hint]"))
			key := "x"
			if tb.exists(`.ghint[data-hint="true"]`) {
				key = "p"
			}
			tb.load("the key "+key+" after a hint", chromedp.KeyEvent(key))
			follows++
		case s.Play:
			leads++
			c := eval[pickable](tb, pickableScript)
			if !c.OnTop || c.Picked {
				t.Fatalf("the card %s (%s) is covered or already ticked: %+v", c.Card, c.ID, c)
			}
			sel := fmt.Sprintf(`label.gcard.pick[data-id="%s"]`, c.ID)
			for n, want := range []bool{true, false, true} {
				tb.do(click(sel))
				if got := tb.checked(c.ID); got != want {
					t.Fatalf("after click %d on %s the card is ticked: %v, want %v", n+1, c.Card, got, want)
				}
			}
			if leads == 1 {
				tb.load("Play", click("button[data-action=play]"))
			} else {
				// The key right after the mouse picked the card, as a player would press it. The
				// click leaves the focus on the card's checkbox.
				if !tb.tryLoad(keyWait, chromedp.KeyEvent("p")) {
					t.Errorf("pressing p right after picking %s with the mouse did not play it (focus on %s): "+
						"app.js ignores keys typed in any input, the card checkboxes included", c.Card,
						eval[string](tb, `document.activeElement.outerHTML.slice(0, 60)`))
					tb.do(chromedp.Evaluate[chromedp.Void](`document.activeElement.blur()`))
					tb.load("the key p (play) with the focus on the page", chromedp.KeyEvent("p"))
				}
			}
			after := eval[guandanState](tb, guandanStateScript)
			if after.Hand != s.Hand-1 {
				t.Errorf("lead %d: the hand went from %d to %d cards, want one fewer", leads, s.Hand, after.Hand)
			}
			if !tb.exists(fmt.Sprintf(`[data-trick="0"] [data-card=%q]`, c.Card)) {
				t.Errorf("lead %d: the felt does not show the single %s under your seat", leads, c.Card)
			}
		default:
			t.Fatalf("move %d: not the human's turn, no return and no next deal: %+v", i, s)
		}
	}
	t.Logf("led %d times, passed %d times with x, followed the hint %d times", leads, passes, follows)
	if passes == 0 {
		t.Log("the human never had to follow, so the x key was not tried")
	}
	tb.checkClean("/guandan", "")
}

// hitFailures lists the elements the CSS selector finds whose centre, in the viewport, hits
// something other than the element or a child of it.
const hitFailuresScript = `((sel) => {
	const bad = [];
	for (const el of document.querySelectorAll(sel)) {
		if (el.getClientRects().length === 0) continue;
		el.scrollIntoView({block: "center"});
		const r = el.getBoundingClientRect(), hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
		if (!el.contains(hit)) bad.push(el.outerHTML.slice(0, 60) + " -> " + (hit ? hit.tagName + "." + hit.className : "nothing"));
	}
	return bad;
})(%q)`

// testOverlays turns every filter to its extremes, so the grain and temperature layers lie over
// the page, and checks that every control still receives the pointer, then clicks Look.
func testOverlays(t *testing.T, tb *tab) {
	tb.open("/asnas")
	// The header's settings open over the page, so the page's own controls are checked with
	// them closed and the settings' controls with them open.
	page := `.site-nav a, .quick > summary, .felt button, .restart a, main a`
	quick := `.controls select, .controls input, .controls button:not([data-without-js])`
	for _, v := range []int{100, 0} {
		for _, name := range []string{"contrast", "grain", "temperature"} {
			tb.do(setSlider("header-"+name, v, "input"))
		}
		l := eval[look](tb, lookScript)
		if l.Before == "none" || l.After == "none" {
			t.Fatalf("at %d the grain and temperature layers are not there: %+v", v, l)
		}
		for _, open := range []bool{false, true} {
			controls := page
			if open {
				controls = quick
			}
			tb.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector("details.quick").open = %v`, open)))
			if bad := eval[[]string](tb, fmt.Sprintf(hitFailuresScript, controls)); len(bad) > 0 {
				t.Errorf("with every filter at %d, a layer covers controls: %q", v, bad)
			}
			if n := eval[int](tb, fmt.Sprintf(`[...document.querySelectorAll(%q)].filter((e) => e.getClientRects().length > 0).length`, controls)); n < 5 {
				t.Errorf("only %d controls checked (%s)", n, controls)
			}
		}
		tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("details.quick").open = false`))
	}
	for _, name := range []string{"contrast", "grain", "temperature"} {
		tb.do(setSlider("header-"+name, 100, "input"))
	}
	tb.load("Look under the layers", click(`button[data-verb="look"]`))
	if s := eval[asnasState](tb, asnasStateScript); len(s.Faces) != 5 {
		t.Errorf("a mouse click on Look under the layers did not look: own faces %q", s.Faces)
	}
	tb.checkClean("/asnas with layers", "")
}

// TestRecorderFlagsOtherHosts checks the part of the recorder a page of this site cannot
// exercise (the CSP stops it first): a request to any other host is a problem, one to the site
// or a data: URL is not.
func TestRecorderFlagsOtherHosts(t *testing.T) {
	r := &recorder{host: "127.0.0.1:8080"}
	for _, u := range []string{"http://127.0.0.1:8080/static/app.css", "data:image/svg+xml,%3Csvg/%3E",
		"http://127.0.0.1:9090/x", "https://fonts.example.com/a.woff2", "http://localhost:8080/"} {
		r.listen(&network.EventRequestWillBeSent{Request: &network.Request{URL: u, Method: "GET"}})
	}
	var got []string
	for _, p := range r.take() {
		got = append(got, p.url)
	}
	want := []string{"http://127.0.0.1:9090/x", "https://fonts.example.com/a.woff2", "http://localhost:8080/"}
	if !slices.Equal(got, want) {
		t.Errorf("flagged %q, want %q", got, want)
	}
}
