package web_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// markRegions marks the live regions of a shared table's page, and regionsKept names those
// that left the document since or are not the page's any more: a screen reader reads a change
// inside a live region it already knows, never one that arrives with its words already in it
// (an element taken out of the page and put back is a new one to it).
const markRegions = `(() => {
	window.__regions = {};
	for (const sel of ["[data-announce]", ".shared-status", ".talk-said"]) window.__regions[sel] = document.querySelector(sel);
	window.__regions["[data-announce]"]?.replaceChildren();
	window.__left = [];
	new MutationObserver((records) => {
		for (const r of records) for (const n of r.removedNodes) for (const [sel, el] of Object.entries(window.__regions)) {
			if (el && n.contains(el)) window.__left.push(sel);
		}
	}).observe(document.body, {childList: true, subtree: true});
})()`

const regionsKept = `(() => [...new Set([...window.__left, ...Object.entries(window.__regions || {})
	.filter(([sel, el]) => !el || document.querySelector(sel) !== el)
	.map(([sel]) => sel)])])()`

// TestBrowserLiveTableSpeaks: at a shared table with JavaScript, the others' moves and the
// phrases they say are announced, and the player's focus stays where it was. Before, each
// live update swapped in the whole table: the live regions (the words of the others' moves,
// whose turn it is, the phrases said) arrived anew with their words already in them, which
// screen readers do not read out, and the focus, kept only on an element with an id, fell to
// the page's body whenever it was on a card, a button or a phrase. And the turn's countdown,
// inside the status line (role="status", atomic), had the whole line read out every second.
func TestBrowserLiveTableSpeaks(t *testing.T) {
	browserTest(t)
	browser := startBrowser(t, 3*time.Minute)
	site := browserSite(t)
	host := newTab(t, browser, site.URL, desktopWidth, desktopHeight)
	friend := newTab(t, browser, site.URL, desktopWidth, desktopHeight)

	host.open("/guandan/tables/new")
	host.do(chromedp.SetValue(chromedp.CSS(`#table-name`), "Sara"),
		chromedp.Click(chromedp.CSS(`input[name="timer"][value="60"]`)))
	host.load("open a table", click(`[data-action="open"]`))
	path := eval[string](host, `new URL(document.querySelector("a[data-invite]").href).pathname`)
	friend.sit(path, 2, "Mina")
	friend.mark()
	// The lobby's status line is there, empty, so that the start is read out at once.
	friend.do(chromedp.Evaluate[chromedp.Void](`window.__status = document.querySelector(".shared-status")`))
	host.load("start", click(`[data-action="start"]`))
	if _, ok := friend.waitRoot("data-phase", "lobby", liveWait); !ok || !friend.stayed() {
		t.Fatal("the friend's page did not follow the start live")
	}
	if !eval[bool](friend, `!!window.__status && document.querySelector(".shared-status") === window.__status && window.__status.textContent.trim() !== ""`) {
		t.Error("the start of the match came in a new status line, which a screen reader does not read out: the friend waiting in the lobby is not told")
	}
	// The countdown ticks without being read out.
	if got := eval[string](host, `(() => { const r = document.querySelector("[data-deadline]")?.closest("[aria-live], [role=status], [role=alert]"); return r ? r.getAttribute("aria-live") ?? {status: "polite", alert: "assertive"}[r.getAttribute("role")] : "none"; })()`); got != "off" {
		t.Errorf("the turn's countdown changes every second inside a live region (its nearest says aria-live=%q), so it is read out every second", got)
	}
	if host.root("data-to-act") != "0" {
		t.Fatalf("the host does not lead the first deal (seat %s to act)", host.root("data-to-act"))
	}

	// The friend's focus is on a phrase to say while the host plays.
	friend.do(chromedp.Focus(chromedp.CSS(`form.talk-say button[data-phrase]:nth-of-type(2)`)))
	phrase := eval[string](friend, `document.activeElement.dataset.phrase`)
	friend.do(chromedp.Evaluate[chromedp.Void](markRegions))
	before := friend.root("data-move")
	host.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('.gform input[name="card"]').click()`))
	host.load("play a card", click(`[data-action="play"]`))
	if _, ok := friend.waitRoot("data-move", before, liveWait); !ok || !friend.stayed() {
		t.Fatal("the host's play did not reach the friend's page live")
	}
	// The replay of the moves (reduced motion: at once) has said them.
	waitFor(2*time.Second, func() bool {
		return eval[string](friend, `document.querySelector("[data-announce]").textContent`) != ""
	})
	if lost := eval[[]string](friend, regionsKept); len(lost) > 0 {
		t.Errorf("after the host's play the friend's live regions %v are new elements, whose words a screen reader does not read", lost)
	}
	if said := eval[string](friend, `document.querySelector("[data-announce]").textContent`); !strings.Contains(said, "Sara") {
		t.Errorf("the host's play was not announced at the friend's seat (it says %q)", said)
	}
	if got := eval[string](friend, `document.activeElement.dataset.phrase ?? document.activeElement.outerHTML.slice(0, 80)`); got != phrase {
		t.Errorf("the friend's focus was on the phrase %s; after the host's play it is on %s", phrase, got)
	}

	// A phrase said by the friend reaches the host's list of phrases, which was there (empty)
	// before, so that it is read out.
	host.do(chromedp.Evaluate[chromedp.Void](markRegions))
	host.mark()
	// As a replay that a newer table stopped leaves it (the stopped replay never finishes):
	// the class that hides the prompt and the result while the moves replay.
	host.do(chromedp.Evaluate[chromedp.Void](`document.documentElement.classList.add("greplaying")`))
	friend.do(chromedp.Focus(chromedp.CSS(`form.talk-say button[data-phrase]`)))
	friend.load("say a phrase", chromedp.KeyEvent("\r"))
	if !waitFor(liveWait, func() bool { return host.exists("[data-said]") }) || !host.stayed() {
		t.Fatal("the phrase did not reach the host live")
	}
	if lost := eval[[]string](host, regionsKept); len(lost) > 0 {
		t.Errorf("after a phrase said the host's live regions %v are new elements, whose words a screen reader does not read", lost)
	}
	// The newer table has no moves to replay: nothing may stay hidden for a replay.
	if eval[bool](host, `document.documentElement.classList.contains("greplaying")`) {
		t.Error("a newer table without a replay kept the replay's class: its prompt and result stay hidden")
	}
}

// TestBrowserLiveLobbyKeepsWhatIsTyped: a guest types a name into a seat's field, or has the
// focus on a seat's button, while another player takes a seat: the lobby updates live, and
// the name typed so far and the focus stay where they were. Before, the new lobby's field
// came empty (the name typed was lost mid-word), and the focus on a seat's Take went to the
// first seat's.
func TestBrowserLiveLobbyKeepsWhatIsTyped(t *testing.T) {
	browserTest(t)
	browser := startBrowser(t, 2*time.Minute)
	site := browserSite(t)
	host := newTab(t, browser, site.URL, desktopWidth, desktopHeight)
	guest := newTab(t, browser, site.URL, desktopWidth, desktopHeight)
	other := newTab(t, browser, site.URL, desktopWidth, desktopHeight)
	path := host.openShared("asnas", "Sara")
	guest.open(path)
	guest.mark()

	// Typing, then someone else sits.
	guest.do(chromedp.Focus(chromedp.CSS(`#seat-name-1`)), chromedp.KeyEvent("Al"))
	other.sit(path, 2, "Mina")
	if !waitFor(liveWait, func() bool { return guest.exists(`[data-seat-slot="2"][data-human="true"]`) }) || !guest.stayed() {
		t.Fatal("the guest's lobby did not show the seat taken live")
	}
	if got := eval[string](guest, `document.querySelector("#seat-name-1").value`); got != "Al" {
		t.Errorf("the name typed into the seat's field is now %q, want %q", got, "Al")
	}
	if got := eval[string](guest, `document.activeElement.id`); got != "seat-name-1" {
		t.Errorf("the focus left the field typed into, for %q", got)
	}
	guest.do(chromedp.KeyEvent("i"))
	if got := eval[string](guest, `document.querySelector("#seat-name-1").value`); got != "Ali" {
		t.Errorf("typing on after the update gives %q, want %q", got, "Ali")
	}

	// The focus on the last seat's button, then someone else leaves.
	guest.do(chromedp.Focus(chromedp.CSS(`[data-take-seat="3"] button`)))
	other.load("leave", click(`[data-action="leave"]`))
	if !waitFor(liveWait, func() bool { return guest.exists(`[data-seat-slot="2"][data-human="false"]`) }) || !guest.stayed() {
		t.Fatal("the guest's lobby did not show the seat left live")
	}
	if got := eval[string](guest, `document.activeElement.closest("[data-take-seat]")?.dataset.takeSeat ?? document.activeElement.tagName`); got != "3" {
		t.Errorf("the focus on the last seat's Take is now on seat %s's", got)
	}
}

// TestBrowserLiveStartSpeaks: a player waiting in the lobby of a shared table, As-Nas or
// Guandan, hears the first moves of the match when the host starts it. Before, the region
// their words go into (the replay's) came with the table, new to the page, and a screen reader
// does not read a region that arrives with its words; the lobby now has it, empty, and the live
// page keeps it.
func TestBrowserLiveStartSpeaks(t *testing.T) {
	browserTest(t)
	browser := startBrowser(t, 3*time.Minute)
	site := browserSite(t)
	for _, game := range []struct{ name, region string }{{"asnas", "[data-replay-live]"}, {"guandan", "[data-announce]"}} {
		host := newTab(t, browser, site.URL, desktopWidth, desktopHeight)
		friend := newTab(t, browser, site.URL, phoneWidth, phoneHeight)
		path := host.openShared(game.name, "Sara")
		friend.sit(path, 2, "Mina")
		friend.mark()
		if !eval[bool](friend, `!!(window.__moves = document.querySelector("`+game.region+`"))`) {
			t.Errorf("%s: the lobby has no live region for the moves", game.name)
		}
		host.load("start", click(`[data-action="start"]`))
		if _, ok := friend.waitRoot("data-phase", "lobby", liveWait); !ok || !friend.stayed() {
			t.Fatalf("%s: the friend's page did not follow the start live", game.name)
		}
		if !eval[bool](friend, `!!window.__moves && document.querySelector("`+game.region+`") === window.__moves && window.__moves.isConnected`) {
			t.Errorf("%s: the first moves of the match come into a live region new to the page, which a screen reader does not read out", game.name)
		}
		// The host plays (or passes) until the friend has heard a move.
		for range 6 {
			if eval[string](friend, `window.__moves?.textContent ?? ""`) != "" || host.root("data-to-act") != "0" {
				break
			}
			before := friend.root("data-move")
			if game.name == "guandan" {
				host.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('.gform input[name="card"]').click()`))
				host.load("play a card", click(`[data-action="play"]`))
			} else {
				host.load("act", click(`.felt .actions button`))
			}
			friend.waitRoot("data-move", before, liveWait)
		}
		if !waitFor(2*time.Second, func() bool { return eval[string](friend, `window.__moves?.textContent ?? ""`) != "" }) {
			t.Errorf("%s: the friend heard no move in the lobby's live region (the page's says %q)", game.name,
				eval[string](friend, `document.querySelector("`+game.region+`")?.textContent ?? ""`))
		}
	}
}

// TestBrowserLiveHandOverSpeaks: a seat handed to the AI, or taken back, with no move after it
// yet is read out to the others once, as a move is. It is no step of any replay, and the
// table's move stays the same, so nothing read it out: a player whose friend let the AI play
// heard nothing until the AI's first move. A later live update at the same point (a phrase
// said) does not read it again, and the player who stepped away is not told what they did.
func TestBrowserLiveHandOverSpeaks(t *testing.T) {
	browserTest(t)
	browser := startBrowser(t, 3*time.Minute)
	site := browserSite(t)
	for _, game := range []struct{ name, region string }{{"asnas", "[data-replay-live]"}, {"guandan", "[data-announce]"}} {
		host := newTab(t, browser, site.URL, desktopWidth, desktopHeight)
		friend := newTab(t, browser, site.URL, phoneWidth, phoneHeight)
		path := host.openShared(game.name, "Sara")
		friend.sit(path, 2, "Mina")
		host.load("start", click(`[data-action="start"]`))
		friend.open(path)
		// The hand-over must come while the host is to act, so that the AI does not move for
		// Mina at once.
		for range 6 {
			if friend.root("data-to-act") != "2" {
				break
			}
			switch {
			case friend.exists(`[data-action="pass"]`):
				friend.load("pass", click(`[data-action="pass"]`))
			case game.name == "guandan":
				friend.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('.gform input[name="card"]').click()`))
				friend.load("play a card", click(`[data-action="play"]`))
			default:
				friend.load("act", click(`.felt .actions button`))
			}
		}
		if host.open(path); host.root("data-to-act") != "0" {
			t.Fatalf("%s: the table waits for seat %s, not the host", game.name, host.root("data-to-act"))
		}
		said := func(tb *tab) string {
			return eval[string](tb, `document.querySelector("`+game.region+`")?.textContent ?? ""`)
		}
		hush := func(tb *tab) {
			tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("` + game.region + `").textContent = ""`))
		}
		hears := func(want string) {
			t.Helper()
			if !waitFor(liveWait, func() bool { return strings.Contains(said(host), want) }) {
				t.Errorf("%s: the host did not hear %q (the region says %q)", game.name, want, said(host))
			}
		}
		hush(host)
		host.mark()
		friend.load("step away", click(`[data-action="step-away"]`))
		hears("\u2068Mina\u2069 let the AI take over the seat.")
		if !host.stayed() || host.root("data-to-act") != "0" {
			t.Fatalf("%s: the host's page reloaded, or the match moved on", game.name)
		}
		if got := said(friend); strings.Contains(got, "You let the AI") {
			t.Errorf("%s: the friend is told what they did: %q", game.name, got)
		}
		// A phrase said at the same point: the hand-over is not read out again.
		hush(host)
		friend.load("say a phrase", click(`form.talk-say button[data-phrase]`))
		if !waitFor(liveWait, func() bool { return host.exists("[data-said]") }) {
			t.Fatalf("%s: the phrase did not reach the host live", game.name)
		}
		time.Sleep(300 * time.Millisecond)
		if got := said(host); strings.Contains(got, "let the AI") {
			t.Errorf("%s: a phrase said read the hand-over out again: %q", game.name, got)
		}
		hush(host)
		friend.load("take the seat back", click(`[data-action="back"]`))
		hears("\u2068Mina\u2069 took the seat back from the AI.")
	}
}

// TestBrowserLiveHandOversAtOnePoint: two hand-overs at one point of the deal, with no move
// between, that reach a player's page together (they were away from the table, or both came
// in one update) are each read out, in order, and once: only the newest was, so a player
// never heard that the first of two friends who left had left. Later hand-overs at the same
// point read out only themselves, among them the same player's second hand-over there.
func TestBrowserLiveHandOversAtOnePoint(t *testing.T) {
	browserTest(t)
	browser := startBrowser(t, 3*time.Minute)
	site := browserSite(t)
	for _, game := range []struct{ name, region string }{{"asnas", "[data-replay-live]"}, {"guandan", "[data-announce]"}} {
		host := newTab(t, browser, site.URL, desktopWidth, desktopHeight)
		ali := newTab(t, browser, site.URL, phoneWidth, phoneHeight)
		mina := newTab(t, browser, site.URL, phoneWidth, phoneHeight)
		path := host.openShared(game.name, "Sara")
		ali.sit(path, 1, "Ali")
		mina.sit(path, 2, "Mina")
		host.load("start", click(`[data-action="start"]`))
		// The hand-overs must come while the host is to act, so that the AI moves for nobody.
		friends := map[string]*tab{"1": ali, "2": mina}
		for range 8 {
			host.open(path)
			friend, ok := friends[host.root("data-to-act")]
			if !ok {
				break
			}
			friend.open(path)
			switch {
			case friend.exists(`[data-action="pass"]`):
				friend.load("pass", click(`[data-action="pass"]`))
			case game.name == "guandan":
				friend.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('.gform input[name="card"]').click()`))
				friend.load("play a card", click(`[data-action="play"]`))
			default:
				friend.load("act", click(`.felt .actions button`))
			}
		}
		if host.open(path); host.root("data-to-act") != "0" {
			t.Fatalf("%s: the table waits for seat %s, not the host", game.name, host.root("data-to-act"))
		}
		move := host.root("data-move")
		ali.open(path)
		mina.open(path)
		// The host looks away while things happen at the table, then back: what happened
		// since, and only that, is read out.
		hearsOnReturn := func(what string, want []string, act func()) {
			t.Helper()
			host.open("/")
			act()
			host.open(path)
			if host.root("data-move") != move {
				t.Fatalf("%s: the match moved on", game.name)
			}
			wanted := strings.Join(want, " ")
			var said string
			waitFor(2*time.Second, func() bool {
				said = eval[string](host, `document.querySelector("`+game.region+`")?.textContent ?? ""`)
				return said == wanted
			})
			if said != wanted {
				t.Errorf("%s: %s, the host heard %q, want %q", game.name, what, said, wanted)
			}
		}
		hearsOnReturn("two friends let the AI play", []string{
			"\u2068Ali\u2069 let the AI take over the seat.",
			"\u2068Mina\u2069 let the AI take over the seat.",
		}, func() {
			ali.load("Ali steps away", click(`[data-action="step-away"]`))
			mina.load("Mina steps away", click(`[data-action="step-away"]`))
		})
		hearsOnReturn("a friend came back and left again", []string{
			"\u2068Ali\u2069 took the seat back from the AI.",
			"\u2068Ali\u2069 let the AI take over the seat.",
		}, func() {
			ali.load("Ali comes back", click(`[data-action="back"]`))
			ali.load("Ali steps away again", click(`[data-action="step-away"]`))
		})
	}
}
