package web_test

import (
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/cardavia/cardavia/web"
)

// The Guandan table's endings in Chromium, from prepared positions (web.WithGuandanPositions):
// the tribute and a return chosen and given with the keyboard alone, and the match's end
// reached by the visitor's last move, also by keyboard, then Rematch. Each state is measured
// in every look of guandanLooks (the hand and every move button inside the first screen at
// 390×844 and 1280×800 in English and Persian) and checked by axe in English, Persian and
// Chinese; so is the keys help, open. With $CARDAVIA_SHOTS set they are photographed too.
func TestBrowserGuandanEnds(t *testing.T) {
	browserTest(t)
	site := browserSite(t)
	srv := httptest.NewServer(web.WithGuandanPositions(t, site.Config.Handler))
	t.Cleanup(srv.Close)
	shots := os.Getenv("CARDAVIA_SHOTS")
	open := func(t *testing.T, name string) *tab {
		tb := newTab(t, startBrowser(t, 3*time.Minute), srv.URL, phoneWidth, phoneHeight)
		tb.reduceMotion()
		tb.open("/guandan")
		tb.position(name)
		return tb
	}

	t.Run("return by keyboard", func(t *testing.T) {
		tb := open(t, "return")
		if s := tb.gdState("the prepared deal end"); s.Phase != "dealover" || s.Showdown != "true" {
			t.Fatalf("the prepared position shows %+v, want the deal's end", s)
		}
		tb.load("Next deal (n)", chromedp.KeyEvent("n"))
		s := tb.gdState("the return")
		if s.Phase != "return" || !s.Mine || !s.Tribute || !slices.Contains(s.Actions, "return") {
			t.Fatalf("after Next deal: %+v, want your return with the tribute shown", s)
		}
		tb.everyLook(t, "return", shots)
		tb.keysHelp(t, "return")
		tb = tb.twin(t)
		card := eval[string](tb, `document.querySelector('[data-hand="0"] input[type=radio]:not(:disabled)').closest("[data-card]").dataset.card`)
		tb.returnByKeyboard("the return")
		s = tb.gdState("after the return")
		if s.Phase == "return" && s.Mine {
			t.Fatalf("the return by keyboard did not happen: %+v", s)
		}
		// The card given back is public now, in the tribute list, from you.
		got := eval[[]string](tb, `[...document.querySelectorAll('[data-public="tribute"] [data-event="return"] [data-card]')].map((c) => c.dataset.card)`)
		if !slices.Contains(got, card) {
			t.Errorf("returned %s by keyboard; the tribute list shows the returns %v", card, got)
		}
		tb.everyLook(t, "returned", shots)
		tb.checkClean("the return", "")
	})

	t.Run("replay from the trick before", func(t *testing.T) { testReplayFromTheTrick(t, open(t, "pair")) })

	// The replay of a deal that is over can show every seat's cards; the page stays clean.
	t.Run("open hands of a finished deal", func(t *testing.T) {
		tb := open(t, "return")
		tb.open("/guandan/history")
		tb.load("the deal's replay", click(`a[data-replay][href$="/1"]`))
		tb.load("show everyone's cards", click(`a[data-open-toggle="false"]`))
		for _, lang := range []string{"en", "fa"} {
			if lang != "en" {
				tb.switchLanguage(lang)
			}
			if n := eval[int](tb, `document.querySelectorAll('[data-public="open"]').length`); n != 3 {
				t.Errorf("%s: %d other seats shown with their cards at the deal's start, want 3", lang, n)
			}
			tb.checkFits(lang + " the open replay")
			tb.checkAxe(lang + " the open replay")
		}
		tb.load("hide them", click(`a[data-open-toggle="true"]`))
		if tb.exists(`[data-public="open"]`) {
			t.Error("the others' cards still shown after Hide")
		}
		tb.checkClean("the open replay", "")
	})

	// A wild in a played combination is drawn where it stands, with its stand-in's tag in
	// full view over its face at every filter value; and the wild and level stacks of the hand
	// each keep their caption to themselves, the level's under its stack's button.
	t.Run("a wild in a combination", func(t *testing.T) {
		tb := open(t, "wild")
		tb.gdState("the wild straight")
		for _, lang := range []string{"en", "fa", "zh"} {
			if lang != "en" {
				tb.setLanguage(lang)
			}
			for _, v := range []int{50, 0, 100} {
				tb.setFilters(v)
				got := eval[struct {
					Order []string `json:"order"`
					Tag   string   `json:"tag"`
					Shown bool     `json:"shown"`
					Caps  []string `json:"caps"`
				}](tb, `(() => {
					const play = document.querySelector('[data-act="1"] .grun');
					const tag = play?.querySelector(".gas");
					const b = tag?.getBoundingClientRect();
					const caps = [...document.querySelectorAll('[data-hand="0"] .ggroup:is(.wild, .level) .gcap')];
					// Each caption is a tab of its own stack: inside the stack's column, touching the
					// foot of its cards (or of the stack's button, which it makes way for), and drawn
					// as a box (a border), so that two neighbouring captions never read as one phrase.
					const clash = caps.filter((c) => {
						const r = c.getBoundingClientRect(), g = c.closest(".ggroup").getBoundingClientRect();
						const above = c.closest(".ggroup").querySelector(".gstack") || c.closest(".ggroup").querySelector(".gcards");
						const st = getComputedStyle(c);
						return r.left < g.left - 0.5 || r.right > g.right + 0.5 || Math.abs(r.top - above.getBoundingClientRect().bottom) > 1
							|| parseFloat(st.borderInlineStartWidth) === 0 || st.borderInlineStartColor === "rgba(0, 0, 0, 0)";
					});
					return {
						order: play ? [...play.querySelectorAll("[data-card]")].map((c) => c.dataset.card) : [],
						tag: tag ? tag.dataset.stands + " " + tag.textContent : "",
						shown: !!tag && b.width > 0 && tag.contains(document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2)),
						caps: clash.map((c) => c.textContent),
					};
				})()`)
				if fmt.Sprint(got.Order) != "[8S 9D TC 5H QS]" || !strings.HasPrefix(got.Tag, "J") || !got.Shown {
					t.Errorf("%s, filters %d: East's straight drawn %v, wild tag %q shown %v; want the wild in the Jack's place, tagged and in view", lang, v, got.Order, got.Tag, got.Shown)
				}
				if shots != "" {
					for _, z := range []struct{ sel, name string }{{`[data-act="1"]`, "play"}, {"#ghand", "hand"}} {
						png, err := chromedp.Run(tb.ctx, chromedp.ScreenshotScale(z.sel, 3))
						if err == nil {
							err = os.WriteFile(filepath.Join(shots, fmt.Sprintf("zoom-%s-wild-%s-f%d.png", lang, z.name, v)), png, 0o644)
						}
						if err != nil {
							t.Fatal(err)
						}
					}
				}
				if len(got.Caps) > 0 {
					t.Errorf("%s, filters %d: captions not drawn as tabs of their own stacks: %q", lang, v, got.Caps)
				}
			}
		}
		tb.setLanguage("en")
		tb.setFilters(50)
		tb.everyLook(t, "wild", shots)
	})

	t.Run("match end by keyboard", func(t *testing.T) {
		tb := open(t, "last-move")
		s := tb.gdState("the last move")
		if s.Phase != "play" || !s.Mine {
			t.Fatalf("the prepared position shows %+v, want your turn", s)
		}
		tb.reachHand("the last move")
		tb.load("Hint (h)", chromedp.KeyEvent("h"))
		key := "x"
		if tb.gdState("the last hint").HintPlay {
			key = "p"
		}
		// With motion, the AI's last moves replay: the teams' levels, which the deal's end has
		// raised, wait for the replay's end.
		tb.motion(true)
		tb.load("the last move ("+key+")", chromedp.KeyEvent(key))
		if !eval[bool](tb, `document.documentElement.classList.contains("greplaying")`) {
			t.Error("the match's last deal does not replay its last moves")
		} else if tb.seen(".gteam-level") != "hidden" {
			t.Errorf("the teams' levels are %s while the deal's last moves replay", tb.seen(".gteam-level"))
		} else {
			// Nor does a seat that finishes in the replay show its placing before it does.
			early := eval[struct {
				Pending int      `json:"pending"`
				Shown   []string `json:"shown"`
			}](tb, `(() => {
				const tpl = document.querySelector("template[data-replay]");
				const at = Number(tpl.dataset.at);
				const outs = [...tpl.content.querySelectorAll("[data-step]")].filter((s, i) => i >= at && s.dataset.step === "out");
				const shown = outs.map((s) => document.querySelector('[data-seat="' + s.dataset.seat + '"] .gplace'))
					.filter((p) => p && getComputedStyle(p).visibility !== "hidden").map((p) => p.closest("[data-seat]").dataset.seat + " " + p.textContent);
				// Nor is it drawn as out: its backs stay as bright as the others', and shown while it holds cards.
				for (const s of outs) {
					const seat = document.querySelector('.gseat[data-seat="' + s.dataset.seat + '"]');
					const backs = seat?.querySelector(".gbacks");
					if (seat?.classList.contains("out")) shown.push(s.dataset.seat + " drawn as out");
					if (backs && backs.dataset.count !== "0" && !backs.querySelector(".gback")?.getClientRects().length) shown.push(s.dataset.seat + " without its back");
				}
				return {pending: outs.length, shown};
			})()`)
			if early.Pending == 0 {
				t.Log("the replay had passed every seat's finish before a look")
			} else if len(early.Shown) > 0 {
				t.Errorf("seats still to finish in the replay already look finished: %q", early.Shown)
			}
		}
		tb.do(chromedp.KeyEvent(kb.Escape))
		if tb.seen(".gteam-level") != "shown" {
			t.Error("after the replay the teams' levels are not shown")
		}
		tb.motion(false)
		s = tb.gdState("the match end")
		if s.Phase != "matchover" || s.Showdown != "true" || !slices.Contains(s.Actions, "new") {
			t.Fatalf("after the last move: %+v, want the match's end with Rematch", s)
		}
		end := eval[struct {
			Winner string `json:"winner"`
			Climb  int    `json:"climb"`
			Rows   int    `json:"rows"`
			Deal   string `json:"deal"`
		}](tb, `(() => ({
			winner: document.querySelector("[data-winner]")?.textContent.trim() || "",
			climb: +(document.querySelector("[data-climb]")?.dataset.climb || 0),
			rows: document.querySelectorAll("[data-climb-deal]").length,
			deal: document.querySelector("[data-game=guandan]").dataset.deal,
		}))()`)
		if end.Winner == "" || end.Climb < 2 || end.Rows != end.Climb || fmt.Sprint(end.Rows) != end.Deal {
			t.Errorf("the match's end: %+v, want the winner and a row for each of its deals", end)
		}
		tb.everyLook(t, "matchover", shots)
		tb.keysHelp(t, "matchover")
		tb = tb.twin(t)
		tb.load("Rematch (n)", chromedp.KeyEvent("n"))
		if d, over := eval[string](tb, `document.querySelector("[data-game=guandan]").dataset.deal`), eval[string](tb, `document.querySelector("[data-game=guandan]").dataset.over`); d != "1" || over != "false" {
			t.Errorf("Rematch by keyboard: deal %s, over %s; want a new match", d, over)
		}
		tb.gdState("the rematch")
		tb.checkClean("the match end", "")
	})
}

// testReplayFromTheTrick checks that the replay of the AI's turns starts from the trick as it
// stood before the visitor's move: East's pair of 9s and two passes stay on the felt while
// the visitor's Kings appear, before the AI's turns follow.
func testReplayFromTheTrick(t *testing.T, tb *tab) {
	before := eval[string](tb, `document.querySelector('[data-act="1"]').innerHTML`)
	if !strings.Contains(before, `data-card="9`) {
		t.Fatalf("the prepared trick does not show East's 9s: %.200s", before)
	}
	// At colour temperature 100 the card faces rise above the wash: a stack's button (and a
	// wild's tag) must still show over them.
	tb.setFilters(100)
	if hidden := eval[[]string](tb, `[...document.querySelectorAll(".gstack, .gas")].filter((el) => {
		const b = el.getBoundingClientRect();
		if (b.width === 0 || b.top < 0 || b.bottom > innerHeight) return false;
		return !el.contains(document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2));
	}).map((el) => el.className + " " + el.textContent)`); len(hidden) > 0 || !tb.exists(".gstack") {
		t.Errorf("at temperature 100, covered by card faces: %q (or no stack button at all)", hidden)
	}
	tb.setFilters(50)
	tb.do(chromedp.Evaluate[chromedp.Void](`for (const c of ["KS", "KH"]) document.querySelector('[data-hand="0"] [data-card="' + c + '"] input').click()`))
	tb.motion(true)
	defer tb.motion(false)
	tb.load("Play (p)", chromedp.KeyEvent("p"))
	for try := 0; ; try++ {
		s := eval[struct {
			At     string `json:"at"`
			East   bool   `json:"east"`
			Passes int    `json:"passes"`
			Mine   bool   `json:"mine"`
		}](tb, `(() => ({
			at: document.querySelector("template[data-replay]")?.dataset.at || "",
			east: !!document.querySelector('[data-act="1"] [data-card^="9"]'),
			passes: document.querySelectorAll('[data-act="2"] [data-status="passed"], [data-act="3"] [data-status="passed"]').length,
			mine: !!document.querySelector('[data-act="0"] [data-card^="K"]'),
		}))()`)
		if s.At != "1" {
			// The machine was slow and the replay went on: look again from its start.
			if try == 3 {
				t.Fatalf("the replay's first step never stayed long enough to look at (%+v)", s)
			}
			tb.load("reload", chromedp.Reload())
			continue
		}
		if !s.East || s.Passes != 2 || !s.Mine {
			t.Errorf("the replay's first step: %+v; want East's 9s and two passes still on the felt, with your Kings", s)
		}
		if dir := os.Getenv("CARDAVIA_SHOTS"); dir != "" {
			if png, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot()); err == nil {
				_ = os.WriteFile(filepath.Join(dir, "en-phone-replay-start.png"), png, 0o644)
			}
		}
		break
	}
	tb.do(chromedp.KeyEvent(kb.Escape))
	if tb.exists(".gbubble, .gskip") {
		t.Error("a key did not end the replay")
	}
}

// position makes a prepared position the visitor's match (web.GuandanPositionPath) and
// shows it.
func (tb *tab) position(name string) {
	tb.t.Helper()
	tb.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`fetch(%q + "?name=" + %q, {method: "POST", credentials: "same-origin"})
		.then(async (r) => r.ok || Promise.reject(r.status + " " + await r.text()))`, web.GuandanPositionPath, name), chromedp.EvalAwaitPromise))
	tb.open("/guandan")
}

// keysState is the keys help, open: the keys it lists, the shortcuts of the buttons on the
// page, and whether its box lies inside the screen.
type keysState struct {
	Listed  []string `json:"listed"`
	Buttons []string `json:"buttons"`
	Outside bool     `json:"outside"`
	Covered bool     `json:"covered"`
	Wide    bool     `json:"wide"`
}

const keysScript = `(() => {
	const d = document.querySelector("details.keys-help");
	if (!d) return {listed: [], buttons: [], outside: true, covered: false, wide: false};
	d.open = true;
	const r = d.querySelector("dl").getBoundingClientRect();
	const vw = document.documentElement.clientWidth;
	return {
		listed: [...d.querySelectorAll("[data-key-action] kbd")].map((k) => k.textContent.trim().toLowerCase()),
		buttons: [...document.querySelectorAll(".felt [aria-keyshortcuts]")].map((b) => b.getAttribute("aria-keyshortcuts")),
		outside: r.left < -0.5 || r.right > vw + 0.5 || r.height === 0,
		// Wherever a card (face or back) lies under the help, the help is what shows there.
		covered: [...document.querySelectorAll(".gface, .gback, .gstack")].some((c) => {
			const b = c.getBoundingClientRect();
			const x0 = Math.max(b.left, r.left), x1 = Math.min(b.right, r.right);
			const y0 = Math.max(b.top, r.top), y1 = Math.min(b.bottom, r.bottom, innerHeight);
			if (x1 - x0 < 2 || y1 - y0 < 2) return false;
			return !d.querySelector("dl").contains(document.elementFromPoint((x0 + x1) / 2, (y0 + y1) / 2));
		}),
		wide: document.documentElement.scrollWidth > vw,
	};
})()`

// keysHelp opens the table's keys help in English, Persian and Chinese on a phone and on a
// laptop: every shortcut of the page's buttons is listed, the box stays inside the screen,
// and axe finds nothing (in a twin: a browser lives a few minutes).
func (tb *tab) keysHelp(t *testing.T, kind string) {
	t.Run(kind+" keys help", func(t *testing.T) {
		tw := tb.twin(t)
		defer tw.setLanguage("en")
		defer tw.setFilters(50)
		// Each language at another filter value: away from 50 the card faces rise above the
		// colour wash, and the open help must stay above them.
		for i, lang := range []string{"en", "fa", "zh"} {
			tw.setLanguage(lang)
			tw.setFilters([]int{50, 100, 0}[i])
			for _, sc := range guandanScreens {
				tw.do(chromedp.EmulateViewport(sc.w, sc.h))
				where := fmt.Sprintf("%s, keys help (%s, %s)", kind, lang, sc.name)
				k := eval[keysState](tw, keysScript)
				for _, b := range k.Buttons {
					if !slices.Contains(k.Listed, b) {
						t.Errorf("%s: the key %q of a button is not in the help %v", where, b, k.Listed)
					}
				}
				if len(k.Buttons) == 0 {
					t.Errorf("%s: no button with a shortcut on the page", where)
				}
				if k.Outside || k.Wide || k.Covered {
					t.Errorf("%s: the open help leaves the screen or is covered (outside %v, sideways %v, covered %v)", where, k.Outside, k.Wide, k.Covered)
				}
				if sc.name == "phone" {
					tw.axe(where)
				}
				if dir := os.Getenv("CARDAVIA_SHOTS"); dir != "" {
					png, err := chromedp.Run(tw.ctx, chromedp.CaptureScreenshot())
					if err == nil {
						err = os.WriteFile(filepath.Join(dir, strings.Join([]string{lang, sc.name, kind, "keys.png"}, "-")), png, 0o644)
					}
					if err != nil {
						t.Fatal(err)
					}
				}
			}
		}
		tw.checkClean(kind+" keys help", "")
	})
}

// TestBrowserGuandanStaleReadingQuestion: Play asked which reading the selected cards stand
// for; once the selection changes, the question (whose choice is required) goes, or Play
// would refuse to send a selection it no longer fits.
func TestBrowserGuandanStaleReadingQuestion(t *testing.T) {
	browserTest(t)
	browser := startBrowser(t, time.Minute)
	srv := httptest.NewServer(web.WithGuandanPositions(t, browserHandler(t)))
	t.Cleanup(srv.Close)
	tb := newTab(t, browser, srv.URL, 390, 844)
	tb.open("/guandan")
	tb.position("lead")
	tb.do(chromedp.Evaluate[chromedp.Void](`for (const c of ["8S", "8C", "9S", "9C", "2H"]) document.querySelector('[data-hand="0"] [data-card="' + c + '"] input').click()`))
	tb.load("play", chromedp.Evaluate[chromedp.Void](`document.querySelector('form[action="/guandan/play"]').requestSubmit(document.querySelector('button[data-action="play"]'))`))
	if !tb.exists(".greadings") {
		t.Fatal("Play did not ask which reading the cards stand for")
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-hand="0"] [data-card="2H"] input').click()`))
	if tb.exists(".greadings") || !eval[bool](tb, `document.querySelector('form[action="/guandan/play"]').checkValidity()`) {
		t.Error("after the selection changed, the reading question stays and keeps Play from sending")
	}
}
