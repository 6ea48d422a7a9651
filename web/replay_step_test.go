package web

import (
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/cardavia/cardavia/i18n"
	"github.com/cardavia/cardavia/web/store"
)

// stepLine is the replay's line that names the step shown.
func stepLine(t *testing.T, ts *testSite, href, lang string) string {
	t.Helper()
	p := ts.get(href, "Accept-Language", lang)
	if p.status != http.StatusOK {
		t.Fatalf("%s (%s): %d", href, lang, p.status)
	}
	return strings.TrimSpace(p.doc.Find(".table-head .deal-no").Text())
}

// TestReplayNamesItsOpening: a replay opens on the position named for what it is, the cards
// as dealt (in Guandan, as dealt with the tribute paid when the deal began with one), not on a
// counter's "step 0"; the moves after it are counted from 1, of the deal's moves, in every
// language and its digits.
func TestReplayNamesItsOpening(t *testing.T) {
	ts := newSite(t)
	p := ts.table()
	ts.location("/asnas/move", url.Values{"move": {moveOf(p)}, "verb": {"look"}})
	ts.gtable()
	move := ts.gprepare(returnPosition(t))
	ts.gpost("/guandan/next", url.Values{"move": {move}})
	g := ts.gtable()
	ts.gpost("/guandan/return", url.Values{"move": {g.groot("data-move")},
		"card": {attr(g.doc.Find(`form[action="/guandan/return"] input[name="card"]:not([disabled])`).First(), "value")}})

	replays := func(game string) []string {
		var links []string
		ts.get("/" + game + "/history").doc.Find("a[data-replay]").Each(func(_ int, a *goquery.Selection) { links = append(links, attr(a, "href")) })
		return links
	}
	asnasDeal := replays("asnas")
	gdDeals := replays("guandan")
	if len(asnasDeal) != 1 || len(gdDeals) != 2 {
		t.Fatalf("replay links: As-Nas %v, Guandan %v; want one deal and two", asnasDeal, gdDeals)
	}
	for _, tc := range []struct {
		href, opening string
	}{
		{asnasDeal[0], "replay.opening.dealt"},
		{gdDeals[0], "replay.opening.dealt"},
		{gdDeals[1], "replay.opening.tribute"},
	} {
		steps := attr(ts.get(tc.href).doc.Find(`[data-replay="true"]`), "data-steps")
		for _, lang := range historyLangs {
			ctx := i18n.WithLocale(t.Context(), i18n.Match(lang))
			want := i18n.T(ctx, tc.opening)
			if got := stepLine(t, ts, tc.href, lang); got != want || strings.ContainsAny(got, "0۰") {
				t.Errorf("%s (%s) opens with %q, want %q", tc.href, lang, got, want)
			}
			if got := stepLine(t, ts, tc.href+"?step=0", lang); got != want {
				t.Errorf("%s?step=0 (%s) reads %q, want %q", tc.href, lang, got, want)
			}
			n, err := strconv.Atoi(steps)
			if err != nil || n < 1 {
				t.Fatalf("%s: %q steps", tc.href, steps)
			}
			if got, want := stepLine(t, ts, tc.href+"?step=1", lang), i18n.T(ctx, "replay.move", 1, n); got != want {
				t.Errorf("%s?step=1 (%s) reads %q, want %q", tc.href, lang, got, want)
			}
		}
	}
	if got := stepLine(t, ts, gdDeals[1], "en"); got != "As dealt, tribute paid" {
		t.Errorf("the Guandan deal with a tribute opens with %q in English", got)
	}
	if got := stepLine(t, ts, asnasDeal[0]+"?step=1", "fa"); !strings.HasPrefix(got, "حرکت ۱ از ") {
		t.Errorf("the first move in Persian reads %q", got)
	}
}

// TestNoSuchReplay: an address of a replay that is not there (a match that is not the
// visitor's or no longer kept, a deal or step past its end, a garbled part, a missing or extra
// one) is a 404 that says so, in the visitor's language, and leads to their history of that
// game, where the replays they can open are listed, rather than the site's "There is no page at
// this address". A 404 elsewhere keeps the general page.
func TestNoSuchReplay(t *testing.T) {
	ts := newSite(t)
	p := ts.table()
	ts.location("/asnas/move", url.Values{"move": {moveOf(p)}, "verb": {"look"}})
	ts.gtable()
	var asnasDeal, gdDeal string
	asnasDeal = attr(ts.get("/asnas/history").doc.Find("a[data-replay]"), "href")
	if asnasDeal == "" {
		t.Fatal("no As-Nas replay listed")
	}
	gdDeal = "/guandan/replay/" + strings.Split(asnasDeal, "/")[3] + "/1" // an As-Nas match's id
	stranger := newSite(t)
	stranger.srv, stranger.server, stranger.store = ts.srv, ts.server, ts.store
	for _, c := range []struct {
		ts     *testSite
		game   string
		target string
	}{
		{ts, "asnas", asnasDeal + "?step=999"},
		{ts, "asnas", asnasDeal + "?step=-1"},
		{ts, "asnas", asnasDeal + "?step=x"},
		{ts, "asnas", strings.TrimSuffix(asnasDeal, "/1") + "/2"},
		{ts, "asnas", strings.TrimSuffix(asnasDeal, "/1") + "/0"},
		{ts, "asnas", strings.TrimSuffix(asnasDeal, "/1") + "/x"},
		{ts, "asnas", strings.TrimSuffix(asnasDeal, "/1")},
		{ts, "asnas", asnasDeal + "/more"},
		{ts, "asnas", "/asnas/replay/0123456789/1"},
		{ts, "asnas", "/asnas/replay/%3Cscript%3E/1"},
		{ts, "asnas", "/asnas/replay"},
		{ts, "guandan", gdDeal},
		{ts, "guandan", "/guandan/replay/zz/1?step=1"},
		{stranger, "asnas", asnasDeal},
	} {
		for _, lang := range []string{"en", "fa"} {
			ctx := i18n.WithLocale(t.Context(), i18n.Match(lang))
			p := c.ts.get(c.target, "Accept-Language", lang)
			wantErrorPage(t, p, http.StatusNotFound)
			if got, want := strings.TrimSpace(p.doc.Find("h1").Text()), i18n.T(ctx, "replay.error.none.title"); got != want {
				t.Errorf("%s (%s): the page says %q, want %q", c.target, lang, got, want)
			}
			if days := i18n.Number(ctx, store.TTL.Hours()/24, 0); !strings.Contains(p.doc.Find(".message-page").Text(), days) {
				t.Errorf("%s (%s): the page does not say replays are kept for %s days, as the store keeps them", c.target, lang, days)
			}
			// Matches in progress with friends are replayable too: the page said only "the
			// current one", the visitor's own table's.
			if friends := map[string]string{"en": "with friends", "fa": "با دوستان"}[lang]; !strings.Contains(p.doc.Find(".message-page").Text(), friends) {
				t.Errorf("%s (%s): the page does not say matches with friends are replayable too", c.target, lang)
			}
			back := p.doc.Find(`a[data-back]`)
			if attr(back, "href") != "/"+c.game+"/history" || strings.TrimSpace(back.Text()) != i18n.T(ctx, "history.link") {
				t.Errorf("%s (%s): leads to %q (%q), want the %s history", c.target, lang, attr(back, "href"), back.Text(), c.game)
			}
		}
	}
	for _, target := range []string{"/asnas/nothing", "/replay/1/1", "/asnas/history/x"} {
		p := ts.get(target)
		wantErrorPage(t, p, http.StatusNotFound)
		if got := strings.TrimSpace(p.doc.Find("h1").Text()); got != "Page not found" {
			t.Errorf("%s: the page says %q, want the general 404", target, got)
		}
	}
}

// TestReplayOneAddress: a replay has one address, the one the site links to. The same deal
// written another way (a match's id in capitals, a deal's number with a leading zero or a plus
// sign) is a permanent redirect there, its query kept, in both games (it was the page itself,
// under a second address); a HEAD is redirected too.
func TestReplayOneAddress(t *testing.T) {
	ts := newSite(t)
	p := ts.table()
	ts.location("/asnas/move", url.Values{"move": {moveOf(p)}, "verb": {"look"}})
	ts.gtable()
	for _, game := range []string{"asnas", "guandan"} {
		href := attr(ts.get("/"+game+"/history").doc.Find("a[data-replay]").First(), "href")
		match, deal, ok := strings.Cut(strings.TrimPrefix(href, "/"+game+"/replay/"), "/")
		if !ok || deal != "1" {
			t.Fatalf("%s: the first replay listed is %q", game, href)
		}
		if p := ts.get(href + "?step=1"); p.status != http.StatusOK {
			t.Fatalf("%s?step=1: %d", href, p.status)
		}
		upper := strings.ToUpper(match)
		if upper == match { // an id of digits alone (one in 70): one with letters, not the visitor's
			upper, match = "ABCDEF0123", "abcdef0123"
		}
		base := "/" + game + "/replay/"
		for _, c := range []struct{ target, location string }{
			{base + match + "/01", base + match + "/1"},
			{base + match + "/+1?step=1", base + match + "/1?step=1"},
			{base + upper + "/1?step=1&open=1", base + match + "/1?step=1&open=1"},
			{base + upper + "/001", base + match + "/1"},
		} {
			for _, method := range []string{http.MethodGet, http.MethodHead} {
				req, err := http.NewRequest(method, ts.srv.URL+c.target, nil)
				if err != nil {
					t.Fatal(err)
				}
				resp, err := ts.client.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				resp.Body.Close()
				if resp.StatusCode != http.StatusMovedPermanently || resp.Header.Get("Location") != c.location {
					t.Errorf("%s %s: %d to %q, want 301 to %q", method, c.target, resp.StatusCode, resp.Header.Get("Location"), c.location)
				}
			}
		}
	}
}

// TestReplayTitleSaysTheStep: each step of a replay is a page of its own, and its title says
// first which step it is, then the deal and the game: a screen reader reads a new page's title
// first, so stepping with the links is heard move by move (every step's title was "Replay of
// deal 1"), and a tab or the browser's history tells an As-Nas replay from a Guandan one.
func TestReplayTitleSaysTheStep(t *testing.T) {
	ts := newSite(t)
	p := ts.table()
	ts.location("/asnas/move", url.Values{"move": {moveOf(p)}, "verb": {"look"}})
	href := attr(ts.get("/asnas/history").doc.Find("a[data-replay]"), "href")
	first := ts.get(href)
	steps := attr(first.doc.Find(`[data-replay="true"]`), "data-steps")
	for _, tc := range []struct{ q, lang, want string }{
		{"", "en", "As dealt · Replay of deal 1 (in progress) · As-Nas · CARDAVIA"},
		{"?step=1", "en", "Move 1 of " + steps + " · Replay of deal 1 (in progress) · As-Nas · CARDAVIA"},
	} {
		if got := title(ts.get(href+tc.q, "Accept-Language", tc.lang)); got != tc.want {
			t.Errorf("%s%s (%s): title %q, want %q", href, tc.q, tc.lang, got, tc.want)
		}
	}
	if got := title(ts.get(href+"?step=1", "Accept-Language", "fa")); !strings.HasPrefix(got, "حرکت ۱ از ") || !strings.Contains(got, "آس\u200cناس") {
		t.Errorf("the Persian title of move 1: %q", got)
	}
}

// TestReplayLeadsBackToItsMatch: a replay's "All deals" leads to its own match in the
// history, not to the top of a page of up to twenty matches: the history marks each match
// with the anchor the link names, around that match's deals.
func TestReplayLeadsBackToItsMatch(t *testing.T) {
	ts := newSite(t, bigSeeds(91))
	end := playAsnasToTheEnd(t, ts, rand.New(rand.NewPCG(9, 1)))
	ts.location("/asnas/restart", url.Values{"move": {moveOf(end)}})
	if p := ts.table(); len(verbs(p)) > 0 {
		ts.location("/asnas/move", url.Values{"move": {moveOf(p)}, "verb": {"look"}})
	}
	h := ts.get("/asnas/history")
	links := h.doc.Find("a[data-replay]")
	if links.Length() != 13 {
		t.Fatalf("%d replay links, want the current match's 1 and the finished one's 12", links.Length())
	}
	links.Each(func(_ int, a *goquery.Selection) {
		href := attr(a, "href")
		all := attr(ts.get(href).doc.Find(`.restart a[href^="/asnas/history"]`), "href")
		path, anchor, ok := strings.Cut(all, "#")
		if !ok || path != "/asnas/history" || anchor == "" {
			t.Fatalf("%s: All deals leads to %q, want the history at its match", href, all)
		}
		if n := h.doc.Find("#" + anchor).Find(`a[data-replay][href="` + href + `"]`).Length(); n != 1 {
			t.Errorf("%s: the history's #%s does not hold this deal's link", href, anchor)
		}
	})
}

// TestHistoryExpiredReplays: the store forgets a match 30 days after its last move, while the
// history, written again as the player goes on playing, keeps listing it; its deals' links
// then led to a page saying there is no such replay. Once a finished match is that old its
// deals are no longer links, and the history says why; until then they are.
func TestHistoryExpiredReplays(t *testing.T) {
	now := time.Now()
	ts := newSite(t, bigSeeds(91), func(c *Config) { c.Now = func() time.Time { return now } })
	playAsnasToTheEnd(t, ts, rand.New(rand.NewPCG(9, 1)))
	for _, tc := range []struct {
		later   time.Duration
		expired bool
	}{{29 * 24 * time.Hour, false}, {store.TTL, true}} {
		now = time.Now().Add(tc.later)
		for _, lang := range historyLangs {
			ctx := i18n.WithLocale(t.Context(), i18n.Match(lang))
			h := ts.get("/asnas/history", "Accept-Language", lang)
			past := h.doc.Find(`[data-past] > li`)
			links, note := past.Find("a[data-replay]").Length(), strings.TrimSpace(past.Find("[data-expired]").Text())
			switch {
			case past.Length() != 1:
				t.Fatalf("%v later (%s): %d finished matches listed, want 1", tc.later, lang, past.Length())
			case tc.expired && (links != 0 || note != i18n.T(ctx, "history.expired", 30)):
				t.Errorf("%v later (%s): %d replay links, note %q; want none, and why", tc.later, lang, links, note)
			case !tc.expired && (links != 12 || note != ""):
				t.Errorf("%v later (%s): %d replay links, note %q; want the 12 deals", tc.later, lang, links, note)
			}
		}
	}
}

// A deal's end offers its replay beside Next deal (and Rematch at the match's end), solo and
// shared, As-Nas and Guandan: a player who wants to see it again before going on had to find
// it in the history. While a deal is played there is none.
func TestDealEndOffersItsReplay(t *testing.T) {
	check := func(who string, p page, game string, deal int, get func(string) page) {
		t.Helper()
		a := p.doc.Find("a[data-deal-replay]")
		if a.Length() != 1 || attr(a, "data-deal-replay") != strconv.Itoa(deal) || !strings.HasPrefix(attr(a, "href"), "/"+game+"/replay/") ||
			!strings.HasSuffix(attr(a, "href"), "/"+strconv.Itoa(deal)) {
			t.Fatalf("%s at deal %d's end: %d replay links (%q, deal %q)", who, deal, a.Length(), attr(a, "href"), attr(a, "data-deal-replay"))
		}
		if r := get(attr(a, "href")); r.status != http.StatusOK || r.doc.Find(`[data-steps]`).Length() != 1 {
			t.Errorf("%s: the deal's replay %s answers %d", who, attr(a, "href"), r.status)
		}
	}
	none := func(who string, p page) {
		t.Helper()
		if n := p.doc.Find("a[data-deal-replay]").Length(); n != 0 {
			t.Errorf("%s: %d deal replay links while a deal is played", who, n)
		}
	}

	// Solo As-Nas: a whole match, checked at each deal's end and at the match's.
	ts := newSite(t)
	none("solo As-Nas at its start", ts.table())
	deals := 0
	for range 500 {
		p := ts.table()
		form := url.Values{"move": {moveOf(p)}}
		if vs := verbs(p); len(vs) > 0 {
			form.Set("verb", vs[0])
			ts.location("/asnas/move", form)
			continue
		}
		deals++
		check("solo As-Nas", p, "asnas", deals, func(h string) page { return ts.get(h) })
		if p.doc.Find(`[data-action="new"]`).Length() == 1 {
			break
		}
		ts.location("/asnas/next", form)
	}
	if deals != 12 {
		t.Fatalf("the solo As-Nas match ended after %d deals", deals)
	}

	// Solo Guandan: a deal over.
	gs := newSite(t)
	gs.get("/guandan")
	gs.gprepare(returnPosition(t))
	check("solo Guandan", gs.get("/guandan"), "guandan", 1, func(h string) page { return gs.get(h) })

	// A shared As-Nas table: each player's felt at the deal's end.
	sh := newSite(t)
	path, players, _, _ := asnasPair(t, sh.as("Sara"), sh.as("Ali"), 0)
	none("shared As-Nas", players["0"].view(path))
	playToDealEnd(t, path, players)
	for _, p := range players {
		check(p.name+" at the shared table", p.view(path), "asnas", 1, func(h string) page { return p.get(h) })
	}
}
