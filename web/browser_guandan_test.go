package web_test

import (
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/cardavia/cardavia/web"
)

// The Guandan table in Chromium: one screen (the hand and every move button inside the first
// screen of a phone and of a laptop, in English and Persian, at every step of a deal, the
// deal's summary and the tribute of the next one), a whole deal played with the keyboard
// alone, axe-core on every state in English, Persian and Chinese, and the replay of the AI's
// turns. With $CARDAVIA_SHOTS set to a directory, every state is also photographed there at
// the filters' extremes, for a person to look at.

// guandanHeader is the height the site's header is assumed to take: one line once its
// sliders are folded away. The table is measured below it, whatever the header is today.
const guandanHeader = 64

// guandanScreens are the two first screens the table must fit.
var guandanScreens = []struct {
	name string
	w, h int64
}{
	{"phone", 390, 844},
	{"laptop", 1280, 800},
}

// gdState is what the driver needs to know about the table on screen.
type gdState struct {
	Phase    string   `json:"phase"`
	Move     string   `json:"move"`
	Showdown string   `json:"showdown"`
	Actions  []string `json:"actions"`
	Leading  bool     `json:"leading"`
	HintPlay bool     `json:"hintPlay"`
	Mine     bool     `json:"mine"`
	Tribute  bool     `json:"tribute"`
	// Outside lists the hand and the move buttons that are not inside the first screen, with
	// their box below the assumed header; Wide is true when the page scrolls sideways.
	Outside []string `json:"outside"`
	Wide    bool     `json:"wide"`
	Focus   string   `json:"focus"`
}

const gdStateScript = `((assumed) => {
	const f = document.querySelector("[data-game=guandan]");
	const header = document.querySelector(".site-header");
	const extra = header ? Math.max(0, header.getBoundingClientRect().bottom + scrollY - assumed) : 0;
	const vh = innerHeight, vw = document.documentElement.clientWidth;
	const outside = [];
	const check = (el, what) => {
		const r = el.getBoundingClientRect();
		if (r.width === 0 && r.height === 0) return;
		const top = r.top + scrollY - extra, bottom = r.bottom + scrollY - extra;
		if (top < -0.5 || bottom > vh + 0.5 || r.left < -0.5 || r.right > vw + 0.5) {
			outside.push(what + " [" + [r.left, top, r.right, bottom].map(Math.round).join(",") + "]");
		}
	};
	const hand = f.querySelector('[data-hand="0"]');
	if (hand) check(hand, "hand"); else outside.push("no hand");
	const actions = [...document.querySelectorAll("[data-action]")];
	for (const b of actions) check(b, b.dataset.action);
	const a = document.activeElement;
	return {
		phase: f.dataset.phase, move: f.dataset.move, showdown: f.dataset.showdown,
		actions: actions.map((b) => b.dataset.action),
		leading: !f.querySelector("[data-action=pass]"),
		hintPlay: !!f.querySelector('.ghint[data-hint="true"]'),
		mine: !!f.querySelector('form[action="/guandan/play"], form[action="/guandan/return"]'),
		tribute: !!f.querySelector('[data-public="tribute"]'),
		outside, wide: document.documentElement.scrollWidth > vw,
		focus: a ? a.tagName.toLowerCase() + (a.closest('[data-hand="0"]') ? " in the hand" : "") : "",
	};
})(%d)`

// TestBrowserGuandan plays the Guandan table in Chromium; see the top of this file.
func TestBrowserGuandan(t *testing.T) {
	browserTest(t)
	site := browserSite(t)
	shots := os.Getenv("CARDAVIA_SHOTS")

	// Each subtest has a browser of its own: startBrowser bounds a browser's life to two
	// minutes.
	open := func(t *testing.T, w, h int64, reduced bool) *tab {
		tb := newTab(t, startBrowser(t, 3*time.Minute), site.URL, w, h)
		if reduced {
			tb.reduceMotion()
		}
		tb.open("/guandan")
		return tb
	}
	t.Run("a deal by keyboard", func(t *testing.T) {
		tb := open(t, phoneWidth, phoneHeight, true)
		tb = playGuandanDeal(t, tb, shots)
		tb.checkClean("/guandan", "")
	})
	t.Run("replay", func(t *testing.T) { testGuandanReplay(t, open(t, phoneWidth, phoneHeight, false)) })
	// The hand and the tracker of cards still out both put the strongest rank at the left,
	// in Persian too: in Persian the tracker ran from the right while the hand ran from the left.
	t.Run("ranks run one way", func(t *testing.T) {
		tb := open(t, laptopWidth, laptopHeight, true)
		for _, lang := range []string{"en", "fa"} {
			if lang != "en" {
				tb.setLanguage(lang)
				tb.open("/guandan")
			}
			got := eval[[]float64](tb, `(() => {
				const x = (sel) => [...document.querySelectorAll(sel)].map((e) => e.getBoundingClientRect().left);
				const hand = x('[data-hand="0"] .ggroup'), ranks = x("[data-tracker] th");
				return [hand[0], hand[hand.length - 1], ranks[0], ranks[ranks.length - 1]];
			})()`)
			if len(got) != 4 || got[0] >= got[1] || got[2] >= got[3] {
				t.Errorf("%s: the hand's strongest and weakest groups at x %v, the tracker's strongest and weakest ranks at x %v; want both strongest at the left", lang, got[:2], got[2:])
			}
		}
	})
	t.Run("rules pictures", func(t *testing.T) {
		tb := open(t, phoneWidth, phoneHeight, true)
		for _, lang := range []string{"en", "fa", "zh"} {
			if lang != "en" {
				tb.setLanguage(lang)
			}
			tb.open("/guandan/rules")
			tb.checkFits("/guandan/rules " + lang)
			if n := eval[int](tb, `document.querySelectorAll("[data-combo] [data-card]").length`); n == 0 {
				t.Errorf("%s: the rules draw no combination", lang)
			}
			if shots != "" {
				tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("gcombos-title").scrollIntoView()`))
				png, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
				if err == nil {
					err = os.WriteFile(filepath.Join(shots, lang+"-phone-rules.png"), png, 0o644)
				}
				if err != nil {
					t.Fatal(err)
				}
			}
		}
		tb.checkClean("/guandan/rules", "")
	})
}

// stackTarget is a stack button's box as a target: its size, how many cards of other stacks
// it covers, and how much of its own last card's height (a fraction); and, above a caption,
// by how many pixels the box and the pill's focus ring reach over the caption (Ring tells
// whether the ring was there to measure).
type stackTarget struct {
	Label       string  `json:"label"`
	W           float64 `json:"w"`
	H           float64 `json:"h"`
	Covers      int     `json:"covers"`
	OwnCard     float64 `json:"ownCard"`
	Captioned   bool    `json:"captioned"`
	Ring        bool    `json:"ring"`
	OverCap     float64 `json:"overCap"`
	RingOverCap float64 `json:"ringOverCap"`
}

// stackTargetsScript measures each stack button of the hand focused, as by the keyboard:
// the ring is the pill's (::before) outline, the pill's box grown by the outline and its
// offset. It leaves the focus on the first button above a caption, for a photograph.
const stackTargetsScript = `(() => {
const out = [...document.querySelectorAll('[data-hand="0"] .gstack')].map((b) => {
	b.focus();
	const r = b.getBoundingClientRect(), g = b.closest(".ggroup"), cap = g.querySelector(".gcap");
	const overlaps = (c) => c.left < r.right && c.right > r.left && c.top < r.bottom && c.bottom > r.top;
	const others = [...document.querySelectorAll('[data-hand="0"] .ggroup')].filter((o) => o !== g).flatMap((o) => [...o.querySelectorAll(".gcard")]);
	const own = [...g.querySelectorAll(".gcard")].pop().getBoundingClientRect();
	const p = getComputedStyle(b, "::before"), o = parseFloat(p.outlineWidth) + parseFloat(p.outlineOffset);
	const ring = {left: r.left + parseFloat(p.left) - o, top: r.top + parseFloat(p.top) - o};
	ring.right = ring.left + parseFloat(p.width) + 2 * o;
	ring.bottom = ring.top + parseFloat(p.height) + 2 * o;
	const over = (a) => {
		if (!cap) return 0;
		const c = cap.getBoundingClientRect();
		return c.left < a.right && c.right > a.left ? Math.max(0, Math.min(a.bottom, c.bottom) - Math.max(a.top, c.top)) : 0;
	};
	return {label: b.getAttribute("aria-label"), w: r.width, h: r.height,
		covers: others.filter((c) => overlaps(c.getBoundingClientRect())).length,
		ownCard: Math.max(0, own.bottom - Math.max(r.top, own.top)) / own.height,
		captioned: !!cap, ring: b.matches(":focus-visible") && p.outlineStyle !== "none" && o > 0,
		overCap: over(r), ringOverCap: over(ring)};
});
document.querySelector('[data-hand="0"] .ggroup:has(.gcap) .gstack')?.focus();
return out;
})()`

// TestBrowserGuandanStackTargets: a stack's select-all button is a target of at least 24 by 24
// CSS pixels (WCAG 2.5.8; it was 29 by 15), on a phone and a laptop, in English and Persian,
// under a stack and above a wild's or level's caption; its box covers no card of another stack
// and no more than the foot of its own stack's last card (a third of it), neither the box nor
// the focus ring of its pill reaches over a caption under the stack (the box reached 9 px
// over it, the ring 6), and the hand still fits the first screen.
func TestBrowserGuandanStackTargets(t *testing.T) {
	browserTest(t)
	srv := httptest.NewServer(web.WithGuandanPositions(t, browserHandler(t)))
	t.Cleanup(srv.Close)
	for _, sc := range guandanScreens {
		for _, lang := range []string{"en", "fa"} {
			t.Run(sc.name+" "+lang, func(t *testing.T) {
				tb := newTab(t, startBrowser(t, time.Minute), srv.URL, sc.w, sc.h)
				tb.open("/guandan")
				if lang != "en" {
					tb.setLanguage(lang)
				}
				captioned := false
				for _, pos := range []string{"the first deal", "wild"} {
					if pos == "wild" {
						tb.position(pos)
					}
					where := fmt.Sprintf("%s, %s %s", pos, sc.name, lang)
					tb.gdState(where)
					targets := eval[[]stackTarget](tb, stackTargetsScript)
					if len(targets) == 0 {
						t.Fatalf("%s: no stack button", where)
					}
					for _, b := range targets {
						captioned = captioned || b.Captioned
						if b.W < 24 || b.H < 24 {
							t.Errorf("%s: %q is %.1f×%.1f px, under 24×24", where, b.Label, b.W, b.H)
						}
						if b.Covers > 0 || b.OwnCard > 1.0/3 {
							t.Errorf("%s: %q covers %d cards of other stacks and %.0f%% of its own last card", where, b.Label, b.Covers, b.OwnCard*100)
						}
						if !b.Ring {
							t.Errorf("%s: %q shows no focus ring to measure", where, b.Label)
						}
						if b.OverCap > 0 || b.RingOverCap > 0 {
							t.Errorf("%s: %q reaches %.1f px over its stack's caption, its focus ring %.1f px", where, b.Label, b.OverCap, b.RingOverCap)
						}
					}
					tb.shot(fmt.Sprintf("stack-targets-%s-%s-%s", sc.name, lang, strings.ReplaceAll(pos, " ", "-")))
				}
				if !captioned {
					t.Error("no stack button above a caption was measured")
				}
				tb.checkClean("the stack buttons", "")
			})
		}
	}
}

// reduceMotion makes the tab prefer reduced motion: the replay then shows its end at once, so
// what is measured is what stays.
func (tb *tab) reduceMotion() {
	tb.t.Helper()
	if _, err := chromedp.Call(tb.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}},
	}); err != nil {
		tb.t.Fatalf("emulating reduced motion: %v", err)
	}
}

// twin opens the same visitor's table in a browser of its own (the cookies copied), for t.
// Looking at a state in every language takes a browser's whole two minutes on a busy machine.
func (tb *tab) twin(t *testing.T) *tab {
	t.Helper()
	got, err := chromedp.Call(tb.ctx, network.GetCookies, network.GetCookiesParams{URLs: []string{tb.base}})
	if err != nil {
		t.Fatalf("reading the cookies: %v", err)
	}
	tw := newTab(t, startBrowser(t, 3*time.Minute), tb.base, phoneWidth, phoneHeight)
	tw.reduceMotion()
	var cookies []*network.CookieParam
	for _, c := range got.Cookies {
		cookies = append(cookies, &network.CookieParam{Name: c.Name, Value: c.Value, URL: tb.base, Path: c.Path, HTTPOnly: c.HTTPOnly, SameSite: c.SameSite})
	}
	if _, err := chromedp.Call(tw.ctx, network.SetCookies, network.SetCookiesParams{Cookies: cookies}); err != nil {
		t.Fatalf("copying the cookies: %v", err)
	}
	tw.open("/guandan")
	return tw
}

// setLanguage chooses the language through the settings endpoint, then reloads the table.
func (tb *tab) setLanguage(code string) {
	tb.t.Helper()
	tb.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`fetch("/settings/language", {method: "POST",
		body: new URLSearchParams({lang: %q, return: "/guandan"}), credentials: "same-origin"}).then((r) => r.ok || Promise.reject(r.status))`, code),
		chromedp.EvalAwaitPromise))
	tb.open("/guandan")
	if got := eval[string](tb, "document.documentElement.lang"); !strings.HasPrefix(got, code) {
		tb.t.Fatalf("the page is in %q, want %s", got, code)
	}
}

// setFilters sets the three filters through the header's endpoint and reloads.
func (tb *tab) setFilters(v int) {
	tb.t.Helper()
	tb.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`fetch("/settings", {method: "POST", headers: {Accept: "application/json"},
		body: new URLSearchParams({contrast: "%[1]d", grain: "%[1]d", temperature: "%[1]d", return: "/guandan"}), credentials: "same-origin"}).then((r) => r.ok || Promise.reject(r.status))`, v),
		chromedp.EvalAwaitPromise))
	tb.load("reload", chromedp.Reload())
}

// gdState reads the table and checks that it fits the first screen.
func (tb *tab) gdState(where string) gdState {
	tb.t.Helper()
	s := eval[gdState](tb, fmt.Sprintf(gdStateScript, guandanHeader))
	if len(s.Outside) > 0 {
		tb.t.Errorf("%s (%s): outside the first screen under a %d px header: %q", where, s.Phase, guandanHeader, s.Outside)
	}
	if s.Wide {
		tb.t.Errorf("%s: the page scrolls sideways", where)
	}
	return s
}

// axe runs axe-core on the page, when the test has it.
func (tb *tab) axe(where string) {
	tb.t.Helper()
	needAxe(tb.t)
	v, err := axeViolations(tb.ctx)
	if err != nil {
		tb.t.Fatalf("%s: %v", where, err)
	}
	for _, line := range v {
		tb.t.Errorf("%s: axe: %s", where, line)
	}
}

// shoot photographs the screen at the filters' extremes into dir, when one is given.
func (tb *tab) shoot(dir, name string) {
	tb.t.Helper()
	if dir == "" {
		return
	}
	for _, v := range []int{50, 0, 100} {
		if v != 50 {
			tb.setFilters(v)
		}
		// The header as it will be: one line, its sliders folded away (another branch does it).
		tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll(".site-header .controls").forEach((c) => c.style.display = "none")`))
		png, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
		if err != nil {
			tb.t.Fatalf("screenshot: %v", err)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-f%d.png", name, v)), png, 0o644); err != nil {
			tb.t.Fatal(err)
		}
	}
	tb.setFilters(50)
}

// guandanLooks are the languages and screens every kind of state is measured in; axe runs
// once per language (it does not depend on the size).
var guandanLooks = []struct {
	lang   string
	screen int
}{
	{"en", 0}, {"en", 1}, {"fa", 1}, {"fa", 0}, {"zh", 0}, {"zh", 1},
}

// everyLook measures the state on screen in every language and size of guandanLooks, runs
// axe in each language and photographs it when asked, in a twin of the tab (a subtest with a
// browser of its own). A GET never changes the match, so the twin sees the same state.
func (tb *tab) everyLook(t *testing.T, kind, shots string) {
	t.Run(kind, func(t *testing.T) {
		tw := tb.twin(t)
		// The language is the visitor's, kept by the server: each look sets it, and English
		// comes back at the end for the deal to go on in.
		defer tw.setLanguage("en")
		lang := ""
		for _, l := range guandanLooks {
			sc := guandanScreens[l.screen]
			tw.do(chromedp.EmulateViewport(sc.w, sc.h))
			if l.lang != lang {
				tw.setLanguage(l.lang)
				lang = l.lang
			}
			where := kind + " (" + l.lang + ", " + sc.name + ")"
			tw.gdState(where)
			if sc.name == "phone" {
				tw.axe(where)
			}
			tw.shoot(shots, l.lang+"-"+sc.name+"-"+strings.Fields(kind)[0])
		}
		tw.checkClean(kind, "")
	})
}

// playGuandanDeal plays the first deal to its end and the next deal's start (the tribute)
// with the keyboard alone: the hand is reached in three Tabs through the skip links and a card
// ticked with Space; Hint, Play, Pass, Return and Next deal go by their shortcut letters.
// After every move the table must fit the phone's first screen; each kind of state (the
// start, a later move with its hint, the deal's summary, the tribute, a return) is also measured in every
// look of guandanLooks, and checked by axe.
//
// It returns the tab it ends in: after each look the deal goes on in a twin, since a browser
// lives two minutes.
func playGuandanDeal(t *testing.T, tb *tab, shots string) *tab {
	seen := map[string]bool{}
	var looking time.Duration
	once := func(kind string) {
		if !seen[kind] {
			seen[kind] = true
			start := time.Now()
			tb.everyLook(t, kind, shots)
			looking += time.Since(start)
			tb.checkClean(kind, "")
			tb = tb.twin(t)
		}
	}
	defer func() { t.Logf("states seen in every look: %v (%v of it)", seen, looking.Round(time.Millisecond)) }()
	dealt := false
	for i := 0; ; i++ {
		if i == 120 {
			t.Fatalf("the deal did not end in 120 moves")
		}
		s := tb.gdState(fmt.Sprintf("move %d", i))
		switch {
		case s.Phase == "dealover" || s.Phase == "matchover":
			if s.Showdown != "true" {
				t.Errorf("the deal summary's root is not data-showdown=true")
			}
			once("summary")
			tb.load("Next deal (n)", chromedp.KeyEvent("n"))
			dealt = true
		case dealt && s.Tribute:
			once("tribute")
			if s.Phase == "return" && s.Mine {
				tb.returnByKeyboard("the return")
				tb.gdState("after the return")
				once("returned")
			}
			return tb
		case dealt:
			t.Log("no tribute at the second deal's start")
			return tb
		case s.Phase == "play" && s.Mine:
			if i == 0 {
				once("start")
				tb.reachHand("the start")
			}
			if i == 0 {
				// The H key on a Persian layout types "ا": the Hint link's shortcut goes by the
				// physical key too, as the buttons' do.
				tb.load("Hint (the H key typing ا)", chromedp.KeyEvent("ا", func(p *input.DispatchKeyEventParams) { p.Code = "KeyH" }))
			} else {
				tb.load("Hint (h)", chromedp.KeyEvent("h"))
			}
			h := tb.gdState(fmt.Sprintf("hint %d", i))
			if i > 0 {
				once("after a move, with a hint")
			}
			if h.HintPlay {
				tb.load("Play (p)", chromedp.KeyEvent("p"))
			} else {
				tb.load("Pass (x)", chromedp.KeyEvent("x"))
			}
		default:
			t.Fatalf("move %d: nothing to do at the table: %+v", i, s)
		}
	}
}

// reachHand checks the hand is three Tabs away from the page's start: the skip link to the
// content, the one to the hand beside it (Enter), then the first card, which Space ticks and
// unticks.
func (tb *tab) reachHand(where string) {
	tb.t.Helper()
	tb.do(chromedp.KeyEvent(kb.Tab), chromedp.KeyEvent(kb.Tab), chromedp.KeyEvent(kb.Enter), chromedp.KeyEvent(kb.Tab))
	if f := eval[string](tb, `(() => { const a = document.activeElement; return a.closest('[data-hand="0"]') ? a.type : a.outerHTML.slice(0, 80); })()`); f != "checkbox" {
		tb.t.Errorf("%s: three Tabs through the skip links reach %s, not a card of the hand", where, f)
		return
	}
	tb.do(chromedp.KeyEvent(" "))
	if !eval[bool](tb, `document.activeElement.checked`) {
		tb.t.Errorf("%s: Space did not tick the focused card", where)
	}
	// guandan.js asks the engine about the selection: a single card is a play to lead, and to
	// follow a single it is one or too weak; anything but "nothing selected".
	leading := !tb.exists("[data-action=pass]")
	if leading {
		tb.waitLine(where+", one card ticked", "playable")
	} else {
		tb.waitLineNot(where+", one card ticked", "none")
	}
	tb.do(chromedp.KeyEvent(" "))
	tb.waitLine(where+", nothing ticked", "none")
	// A stack's button ticks the whole stack; the line follows.
	if tb.exists(".gstack") {
		tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelector(".gstack").click()`))
		if !eval[bool](tb, `(() => { const g = document.querySelector(".gstack").closest(".ggroup");
			return [...g.querySelectorAll("input")].every((i) => i.checked) && g.querySelector(".gstack").getAttribute("aria-pressed") === "true"; })()`) {
			tb.t.Errorf("%s: the stack button did not tick its stack", where)
		}
		tb.waitLineNot(where+", a stack ticked", "none")
		tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelector(".gstack").click()`))
		tb.waitLine(where+", the stack unticked", "none")
	}
}

// waitLine waits for the live selection line to give this verdict.
func (tb *tab) waitLine(where, verdict string) { tb.t.Helper(); tb.waitVerdict(where, verdict, true) }

// waitLineNot waits for the live selection line to give another verdict than this one.
func (tb *tab) waitLineNot(where, verdict string) {
	tb.t.Helper()
	tb.waitVerdict(where, verdict, false)
}

func (tb *tab) waitVerdict(where, verdict string, same bool) {
	tb.t.Helper()
	deadline := time.Now().Add(stepTimeout)
	for {
		got := eval[string](tb, `document.querySelector(".gsel").dataset.selection`)
		if (got == verdict) == same {
			return
		}
		if time.Now().After(deadline) {
			tb.t.Errorf("%s: the selection line says %q (%s), want %s", where, got, eval[string](tb, `document.querySelector(".gsel").textContent`), verdict)
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// returnByKeyboard gives a card back with keys only: the skip links to the hand, the first
// card that may be returned, Space, and the Return shortcut.
func (tb *tab) returnByKeyboard(where string) {
	tb.t.Helper()
	tb.do(chromedp.KeyEvent(kb.Tab), chromedp.KeyEvent(kb.Enter), chromedp.KeyEvent(kb.Tab), chromedp.KeyEvent(kb.Enter), chromedp.KeyEvent(kb.Tab), chromedp.KeyEvent(" "))
	if !eval[bool](tb, `document.activeElement.type === "radio" && document.activeElement.checked`) {
		tb.t.Fatalf("%s: the keys did not choose a return card (focus on %s)", where, eval[string](tb, `document.activeElement.outerHTML.slice(0, 80)`))
	}
	tb.load("Return (r)", chromedp.KeyEvent("r"))
}

// testGuandanReplay checks the replay of the AI's turns after a move: the felt starts from the
// trick as it stood (testReplayFromTheTrick looks at that), the steps come one by one with each AI action announced, and a key shows the
// end at once, exactly as the server drew it.
func testGuandanReplay(t *testing.T, tb *tab) {
	// A replay of three steps or more: the log is read while it runs.
	long := `(document.querySelector("template[data-replay]")?.content.querySelectorAll("[data-step]").length || 0) >= 3`
	for i := 0; i < 30; i++ {
		if eval[bool](tb, long) {
			break
		}
		tb.load("Hint", chromedp.KeyEvent("h"))
		key := "x"
		if tb.exists(`.ghint[data-hint="true"]`) {
			key = "p"
		}
		tb.load("move", chromedp.KeyEvent(key))
	}
	if !eval[bool](tb, long) {
		t.Fatal("no three steps to replay in 30 moves")
	}
	tb.motion(true) // the tabs prefer reduced motion unless a test asks for the replay
	defer tb.motion(false)
	// A tab replays a move once (the page above was that move's): this one forgets, as a new
	// tab would not know it.
	tb.do(chromedp.Evaluate[chromedp.Void](`sessionStorage.clear()`))
	tb.load("reload", chromedp.Reload())
	if !eval[bool](tb, `document.documentElement.classList.contains("greplaying")`) {
		t.Fatal("the replay did not start")
	}
	// The log below the felt must not tell the end while the felt is still replaying it: the
	// last line, and every line of a step still to come, stay out of sight until then.
	logScript := `(() => {
		const tpl = document.querySelector("template[data-replay]");
		const at = Number(tpl.dataset.at || 0), steps = tpl.content.querySelectorAll("[data-step]").length;
		const lines = [...document.querySelectorAll("[data-log] li")];
		const seen = lines.map((li) => li.checkVisibility({visibilityProperty: true}));
		return {at, steps, lines: lines.length, seen: seen.filter(Boolean).length, last: seen.length > 0 && seen[seen.length - 1]};
	})()`
	type logSeen struct {
		At, Steps, Lines, Seen int
		Last                   bool
	}
	if l := eval[logSeen](tb, logScript); l.At < l.Steps {
		if l.Last || l.Seen >= l.Lines {
			t.Errorf("at step %d of %d the log already shows %d of its %d lines, the last one too: %v", l.At, l.Steps, l.Seen, l.Lines, l.Last)
		}
	} else {
		t.Errorf("the replay of %d steps was over before the page could be read", l.Steps)
	}
	// Nor may the visitor's prompt, which names the play to beat and who made it.
	if tb.seen(".gprompt") == "shown" {
		t.Errorf("the prompt %q shows while the replay runs", eval[string](tb, `document.querySelector(".gprompt").textContent`))
	}
	tb.do(chromedp.Sleep(1500 * time.Millisecond))
	if shots := os.Getenv("CARDAVIA_SHOTS"); shots != "" {
		if png, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot()); err == nil {
			_ = os.WriteFile(filepath.Join(shots, "en-phone-replaying.png"), png, 0o644)
		}
	}
	// Every action bubble shown is at its seat's part of the trick, inside the felt.
	if stray := eval[[]string](tb, `(() => {
		const f = document.querySelector(".gfelt").getBoundingClientRect();
		return [...document.querySelectorAll(".gbubble")].filter((b) => {
			const r = b.getBoundingClientRect();
			return !b.closest("[data-act]") || r.top < f.top || r.bottom > f.bottom || r.left < f.left || r.right > f.right;
		}).map((b) => b.textContent);
	})()`); len(stray) > 0 {
		t.Errorf("action bubbles away from their seats: %q", stray)
	}
	said := eval[string](tb, `document.querySelector("[data-announce]").textContent`)
	if said == "" {
		t.Error("no AI action announced during the replay")
	}
	// The first key only ends the replay, as at the As-Nas table: H does not also take the
	// player to the hint (nor X pass) before they have seen the trick as it ends. The replay
	// starts again for it: on a busy machine the checks above can outlast it.
	tb.do(chromedp.Evaluate[chromedp.Void](`sessionStorage.clear()`))
	tb.load("reload", chromedp.Reload())
	if !eval[bool](tb, `document.documentElement.classList.contains("greplaying")`) {
		t.Fatal("the replay did not start again")
	}
	before := eval[string](tb, `location.href`)
	tb.do(chromedp.KeyEvent("h"))
	if eval[bool](tb, `document.documentElement.classList.contains("greplaying") || !!document.querySelector(".gbubble, .gskip")`) {
		t.Error("a key did not end the replay")
	}
	tb.do(chromedp.Sleep(500 * time.Millisecond))
	if eval[string](tb, `location.href`) != before || tb.exists(".ghint") {
		t.Error("the key that ended the replay also did what it does at the table (the hint)")
	}
	if l := eval[logSeen](tb, logScript); l.Seen != l.Lines {
		t.Errorf("after the replay the log shows %d of its %d lines", l.Seen, l.Lines)
	}
	if tb.seen(".gprompt") == "hidden" {
		t.Error("after the replay the prompt is still hidden")
	}
	same, err := chromedp.Run(tb.ctx, chromedp.Evaluate[bool](`fetch("/guandan", {credentials: "same-origin"}).then((r) => r.text()).then((html) => {
		const doc = new DOMParser().parseFromString(html, "text/html");
		const norm = (el) => el.innerHTML.replace(/\s+/g, " ").replace(/ class="[^"]*fresh[^"]*"/g, "");
		return [...document.querySelectorAll("[data-act]")].every((el) => norm(el) === norm(doc.querySelector('[data-act="' + el.dataset.act + '"]')))
			&& [...document.querySelectorAll("[data-count]")].every((el) => el.dataset.count === doc.querySelector('[data-hand="' + el.dataset.hand + '"]').dataset.count);
	})`, chromedp.EvalAwaitPromise))
	if err != nil || !same {
		t.Errorf("after the replay the felt differs from the page the server drew (%v)", err)
	}
	// The same move seen again (a hint, a refused play, the hand arranged, a reload) is not
	// replayed, nor announced, again.
	tb.load("the hint", chromedp.KeyEvent("h"))
	if eval[bool](tb, `document.documentElement.classList.contains("greplaying")`) || eval[string](tb, `document.querySelector("[data-announce]").textContent`) != "" {
		t.Error("the hint's page of the same move replayed or announced the AI's moves again")
	}

	// A press that makes no click (a touch that starts a scroll) ends the replay, and the
	// next tap counts: the click the press would have made was kept to be swallowed, and the
	// next real one, a card ticked or Play, was lost instead.
	tb.do(chromedp.Evaluate[chromedp.Void](`sessionStorage.clear()`))
	tb.load("reload", chromedp.Reload())
	if !eval[bool](tb, `document.documentElement.classList.contains("greplaying")`) {
		t.Fatal("the replay did not start again")
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`(() => {
		const at = {bubbles: true, isPrimary: true, pointerId: 1, pointerType: "touch", button: 0};
		document.querySelector(".gfelt").dispatchEvent(new PointerEvent("pointerdown", at));
		document.querySelector(".gfelt").dispatchEvent(new PointerEvent("pointercancel", at));
	})()`), chromedp.Sleep(100*time.Millisecond))
	if eval[bool](tb, `document.documentElement.classList.contains("greplaying")`) {
		t.Fatal("a press did not end the replay")
	}
	ticked := `document.querySelectorAll('.gform input[name="card"]:checked').length`
	n := eval[int](tb, ticked)
	spot := eval[[2]float64](tb, `(() => { const r = document.querySelector(".ghand label[data-card]").getBoundingClientRect(); return [r.left + r.width / 2, r.top + 6]; })()`)
	tb.do(chromedp.MouseClickXY(spot[0], spot[1]))
	if eval[int](tb, ticked) == n {
		t.Errorf("after a press that made no click, a tap on a card ticked nothing (%d cards ticked before and after)", n)
	}
}

// firstScreenStrictScript lists the hand and the move buttons that do not lie inside the
// first screen as it is, under the header as tall as it is today (gdState allows for a header
// of guandanHeader px), and says whether the page shows a notice and a hint.
const firstScreenStrictScript = `(() => {
	const outside = [];
	for (const el of [document.querySelector('[data-hand="0"]'), ...document.querySelectorAll(".felt [data-action]")]) {
		if (!el) { outside.push("no hand"); continue; }
		const r = el.getBoundingClientRect();
		if (r.top + scrollY < 0 || r.bottom + scrollY > innerHeight + 0.5) outside.push((el.dataset.action || "hand") + " to " + Math.round(r.bottom + scrollY));
	}
	return {outside, notice: !!document.querySelector("[data-notice]"), hint: !!document.querySelector(".ghint")};
})()`

// TestBrowserGuandanHintAfterLevel: on a phone of 390×844 the level notice ("AI level set to
// …") over the hint's sentences pushed Play, Pass and Hint below the first screen (with the
// first deal's 27 cards, by 1 px in English and 20 in Persian). The table's Hint link leaves
// the notice out, but an address with both (typed, bookmarked, seen again) showed it again.
// Now the hint's page, reached by the Hint after Change level or by such an address, shows no
// notice of the change made a page before, and the hand and the move buttons lie inside the
// first screen with the hint showing, in English, Persian and Chinese. Each language has a
// site of its own, so that each deals the same cards.
func TestBrowserGuandanHintAfterLevel(t *testing.T) {
	browserTest(t)
	type screen struct {
		Outside []string `json:"outside"`
		Notice  bool     `json:"notice"`
		Hint    bool     `json:"hint"`
	}
	for _, lang := range []string{"en", "fa", "zh"} {
		t.Run(lang, func(t *testing.T) {
			tb := newTab(t, startBrowser(t, time.Minute), browserSite(t).URL, phoneWidth, phoneHeight)
			tb.open("/guandan")
			if lang != "en" {
				tb.setLanguage(lang)
			}
			tb.do(chromedp.SetValue(chromedp.CSS(`[data-level-form] select`), "beginner"))
			tb.load("Change level", click(`[data-level-form] button[type="submit"]`))
			if s := eval[screen](tb, firstScreenStrictScript); !s.Notice {
				t.Fatalf("after Change level the table shows no notice")
			}
			tb.load("Hint", click(`a[data-action="hint"]`))
			for _, where := range []string{"the Hint after Change level", "an address with the hint and the level notice"} {
				if where != "the Hint after Change level" {
					tb.open("/guandan?notice=level&hint=1")
				}
				s := eval[screen](tb, firstScreenStrictScript)
				if !s.Hint {
					t.Fatalf("%s: no hint", where)
				}
				if s.Notice {
					t.Errorf("%s: the level notice shows again beside the hint", where)
				}
				if len(s.Outside) > 0 {
					t.Errorf("%s: outside the first screen of %d px: %q", where, phoneHeight, s.Outside)
				}
				tb.shot(fmt.Sprintf("hint-after-level-%s-%d", lang, len(where)))
			}
			tb.checkClean("the hint after a level change", "")
		})
	}
}
