package web

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/cardavia/cardavia/i18n"
	"github.com/cardavia/cardavia/record"
	"github.com/cardavia/cardavia/rules/asnas"
	gd "github.com/cardavia/cardavia/rules/guandan"
	"github.com/cardavia/cardavia/web/views"
)

// historyLangs are the Accept-Language values of the six languages.
var historyLangs = []string{"en", "sv", "es", "fa", "da", "zh-CN"}

// playAsnasToTheEnd plays the visitor's As-Nas match to its end through the forms, with random
// legal verbs.
func playAsnasToTheEnd(t *testing.T, ts *testSite, rng *rand.Rand) page {
	t.Helper()
	for range 500 {
		p := ts.table()
		form := url.Values{"move": {moveOf(p)}}
		switch vs := verbs(p); {
		case len(vs) > 0:
			form.Set("verb", vs[rng.IntN(len(vs))])
			ts.location("/asnas/move", form)
		case p.doc.Find(`[data-action="new"]`).Length() == 1:
			return p
		default:
			ts.location("/asnas/next", form)
		}
	}
	t.Fatal("the match did not end in 500 posts")
	return page{}
}

// finishedOnce checks the history at a match's end, before a new one: the match is listed
// once, with the finished ones, and the current match's place says there is none in progress.
func finishedOnce(t *testing.T, ts *testSite, game string, deals int) {
	t.Helper()
	for _, lang := range historyLangs {
		h := ts.get("/"+game+"/history", "Accept-Language", lang)
		if n := h.doc.Find(`[data-past] > li`).Length(); h.status != http.StatusOK || n != 1 {
			t.Fatalf("%s %s at the match end: history %d, %d finished matches, want 1", game, lang, h.status, n)
		}
		if n := h.doc.Find("a[data-replay]").Length(); n != deals {
			t.Errorf("%s %s at the match end: %d replay links, want the finished match's %d once", game, lang, n, deals)
		}
		if over := h.doc.Find(`[data-current="over"]`); over.Length() != 1 || strings.TrimSpace(over.Text()) == "" {
			t.Errorf("%s %s at the match end: the current match's section does not say that none is in progress", game, lang)
		}
	}
}

// replayOf reads the match and deal of a replay link.
func replayOf(t *testing.T, href string) (record.ID, int) {
	t.Helper()
	parts := strings.Split(strings.Trim(href, "/"), "/")
	if len(parts) != 4 || parts[1] != "replay" {
		t.Fatalf("replay link %q", href)
	}
	id, ok := record.ParseID(parts[2])
	deal, err := strconv.Atoi(parts[3])
	if !ok || err != nil {
		t.Fatalf("replay link %q", href)
	}
	return id, deal
}

// walkReplay follows a replay's next links from its first step to its last, checking the hooks
// and auditing each page against the state at that step.
func walkReplay(t *testing.T, ts *testSite, game, href string, steps func(deal int) int, audit func(deal, step int, p page), lang string) int {
	t.Helper()
	_, deal := replayOf(t, href)
	p := ts.get(href, "Accept-Language", lang)
	for step := 0; ; step++ {
		if p.status != http.StatusOK {
			t.Fatalf("%s step %d: %d", href, step, p.status)
		}
		root := p.doc.Find(`[data-replay="true"]`)
		if root.Length() != 1 || attr(root, "data-game") != game || attr(root, "data-deal") != strconv.Itoa(deal) ||
			attr(root, "data-step") != strconv.Itoa(step) || attr(root, "data-steps") != strconv.Itoa(steps(deal)) {
			t.Fatalf("%s step %d: replay root %q %q %q %q", href, step, attr(root, "data-game"), attr(root, "data-deal"), attr(root, "data-step"), attr(root, "data-steps"))
		}
		if p.doc.Find("form").Length() > 0 && p.doc.Find(`form[action^="/settings"]`).Length() != p.doc.Find("form").Length() {
			t.Fatalf("%s step %d: a move form on a replay", href, step)
		}
		audit(deal, step, p)
		next := p.doc.Find("a[data-step-next]")
		if next.Length() == 0 {
			if step != steps(deal) {
				t.Fatalf("%s: no next link at step %d of %d", href, step, steps(deal))
			}
			return step
		}
		p = ts.get(attr(next, "href"), "Accept-Language", lang)
	}
}

// TestAsnasHistoryAndReplays: after a whole match and the start of the next, the history in
// every language lists both, with locale-formatted dates and statistics, and every step of
// every deal replays the table as the visitor saw it, hidden cards hidden.
// Before any match is finished the statistics have no deal to average over: they give the
// matches (none) and nothing per deal ("0 of 0", a place of 0.00).
func TestHistoryStatsBeforeAFinishedMatch(t *testing.T) {
	ts := newSite(t)
	for _, game := range []string{"asnas", "guandan"} {
		ts.get("/" + game) // a match begun, none finished
		h := ts.get("/" + game + "/history")
		if h.status != http.StatusOK {
			t.Fatalf("%s history: %d", game, h.status)
		}
		if got := strings.TrimSpace(h.doc.Find(`[data-stat="matches"]`).Text()); got != "0" {
			t.Errorf("%s: matches played %q, want 0", game, got)
		}
		if n := h.doc.Find(`[data-stat]`).Length(); n != 2 {
			t.Errorf("%s: %d statistics before a finished match, want the matches played and won", game, n)
		}
	}
}

func TestAsnasHistoryAndReplays(t *testing.T) {
	ts := newSite(t, bigSeeds(91))
	rng := rand.New(rand.NewPCG(9, 1))
	end := playAsnasToTheEnd(t, ts, rng)
	if end.doc.Find(`[data-history-link][href="/asnas/history"]`).Length() != 1 {
		t.Error("no history link at the match end")
	}
	finishedOnce(t, ts, "asnas", asnas.DealsPerMatch)
	ts.location("/asnas/restart", url.Values{"move": {moveOf(end)}})
	if p := ts.table(); len(verbs(p)) > 0 {
		ts.location("/asnas/move", url.Values{"move": {moveOf(p)}, "verb": {"look"}})
	}
	visitor := ts.visitorID()
	ctx := context.Background()
	var links []string
	for _, lang := range historyLangs {
		h := ts.get("/asnas/history", "Accept-Language", lang)
		if h.status != http.StatusOK || h.doc.Find(`[data-history="asnas"]`).Length() != 1 {
			t.Fatalf("%s: history %d", lang, h.status)
		}
		if n := h.doc.Find(`[data-past] > li`).Length(); n != 1 {
			t.Fatalf("%s: %d finished matches listed, want 1", lang, n)
		}
		if at, err := time.Parse(time.RFC3339, attr(h.doc.Find("time.history-date"), "datetime")); err != nil || time.Since(at) > time.Hour || time.Until(at) > time.Minute {
			t.Errorf("%s: the finished match's datetime %q (%v), want when it ended", lang, attr(h.doc.Find("time.history-date"), "datetime"), err)
		}
		date := h.doc.Find(".history-date").Text()
		if lang == "fa" && !strings.ContainsAny(date, "۰۱۲۳۴۵۶۷۸۹") || lang != "fa" && !strings.ContainsAny(date, "0123456789") || strings.Contains(date, ",0") {
			t.Errorf("%s: date %q", lang, date)
		}
		if lang == "fa" && !solarHijriMonth.MatchString(date) {
			t.Errorf("fa: date %q, want a month of the Solar Hijri calendar", date)
		}
		matches := strings.TrimSpace(h.doc.Find(`[data-stat="matches"]`).Text())
		if want := map[bool]string{true: "۱", false: "1"}[lang == "fa"]; matches != want {
			t.Errorf("%s: matches played %q, want %q", lang, matches, want)
		}
		if h.doc.Find(`svg[data-chart] rect`).Length() != 1 {
			t.Errorf("%s: the chart has no bar for the finished match", lang)
		}
		var these []string
		h.doc.Find("a[data-replay]").Each(func(_ int, a *goquery.Selection) { these = append(these, attr(a, "href")) })
		if len(these) != asnas.DealsPerMatch+1 {
			t.Fatalf("%s: %d replay links, want 12 of the finished match and 1 of the current", lang, len(these))
		}
		links = these
	}
	// A change of language or look on a replay comes back to the step shown.
	if p := ts.get(links[1] + "?step=2"); attr(p.doc.Find(`form[data-language] input[name="return"]`), "value") != links[1]+"?step=2" {
		t.Errorf("a replay's step 2 sends a language change back to %q", attr(p.doc.Find(`form[data-language] input[name="return"]`), "value"))
	}
	// Each deal's replay links to the match's deals before and after it, and to none past
	// either end: the current match's only deal (listed first) has neither.
	finished := links[1:]
	for i, href := range links {
		p := ts.get(href)
		for _, nb := range []struct {
			sel  string
			want int
		}{{"a[data-deal-prev]", i - 2}, {"a[data-deal-next]", i}} {
			a := p.doc.Find(nb.sel)
			inMatch := i > 0 && nb.want >= 0 && nb.want < len(finished)
			switch {
			case inMatch && (a.Length() != 1 || attr(a, "href") != finished[nb.want]):
				t.Errorf("%s: %s goes to %q, want %q", href, nb.sel, attr(a, "href"), finished[nb.want])
			case !inMatch && a.Length() != 0:
				t.Errorf("%s: %s to %q past the match's deals", href, nb.sel, attr(a, "href"))
			}
		}
	}
	steps := 0
	for i, href := range links {
		id, _ := replayOf(t, href)
		a, _, ok, err := asnasGame.loadMatch(ctx, ts.server, id, false)
		if err != nil || !ok {
			t.Fatalf("%s: no stored match", href)
		}
		lang := historyLangs[i%len(historyLangs)]
		steps += walkReplay(t, ts, "asnas", href, a.Steps, func(deal, step int, p page) {
			m, _, err := a.At(deal, step)
			if err != nil {
				t.Fatal(err)
			}
			auditAsnasMatch(t, m, visitor, p)
		}, lang)
	}
	if steps < 20 {
		t.Errorf("only %d replay steps walked", steps)
	}
	// Another visitor cannot look at these replays; a step beyond the deal is no page.
	other := newSite(t)
	other.srv, other.server = ts.srv, ts.server
	other.store = ts.store
	if p := other.get(links[0]); p.status != http.StatusNotFound {
		t.Errorf("another visitor's replay: %d, want 404", p.status)
	}
	if p := ts.get(links[0] + "?step=999"); p.status != http.StatusNotFound {
		t.Errorf("a step past the deal: %d, want 404", p.status)
	}
	for _, q := range []string{"?step=x", "?step=-1", "?step=99999999999999999999"} {
		if p := ts.get(links[0] + q); p.status != http.StatusNotFound || p.doc == nil {
			t.Errorf("a garbled step (%s): %d, want the 404 page", q, p.status)
		}
	}
}

// TestGuandanHistoryAndReplays: a Guandan match won at A, then the start of the next: the
// history in every language shows the final levels and the statistics, and every step of
// every deal replays the table as the visitor saw it, hidden cards hidden.
func TestGuandanHistoryAndReplays(t *testing.T) {
	ts := newSite(t, bigSeeds(92))
	ts.gtable()
	move := ts.gprepare(matchEndPosition(t))
	ts.gpost("/guandan/play", url.Values{"move": {move}, "card": ids(cardsOf(t, "RJ"))})
	end := ts.gtable()
	if end.groot("data-over") != "true" || end.doc.Find(`[data-history-link][href="/guandan/history"]`).Length() != 1 {
		t.Fatal("no history link at the match end")
	}
	finishedOnce(t, ts, "guandan", 1)
	ts.gpost("/guandan/restart", url.Values{"move": {end.groot("data-move")}})
	for range 6 {
		p := ts.gtable()
		form := url.Values{"move": {p.groot("data-move")}}
		if p.doc.Find(`[data-action="pass"]`).Length() == 1 {
			ts.gpost("/guandan/pass", form)
			continue
		}
		h := ts.gtable("hint=1")
		h.doc.Find(`form[action="/guandan/play"] input[name="card"][checked]`).Each(func(_ int, s *goquery.Selection) { form.Add("card", attr(s, "value")) })
		if r := playFormReading(h); r != "" {
			form.Set("reading", r)
		}
		ts.gpost("/guandan/play", form)
	}
	visitor := ts.visitorID()
	ctx := context.Background()
	var links []string
	for _, lang := range historyLangs {
		h := ts.get("/guandan/history", "Accept-Language", lang)
		if h.status != http.StatusOK || h.doc.Find(`[data-history="guandan"]`).Length() != 1 {
			t.Fatalf("%s: history %d", lang, h.status)
		}
		past := h.doc.Find(`[data-past] > li`)
		if past.Length() != 1 || attr(past, "data-won") != "true" || past.Find("[data-levels]").Length() != 1 {
			t.Fatalf("%s: the won match is not listed as won with its levels", lang)
		}
		if got := strings.TrimSpace(h.doc.Find(`[data-stat="place"]`).Text()); got != map[bool]string{true: "۱٫۰۰", false: map[bool]string{true: "1,00", false: "1.00"}[lang == "sv" || lang == "es" || lang == "da"]}[lang == "fa"] {
			t.Errorf("%s: average place %q, want first", lang, got)
		}
		links = links[:0]
		h.doc.Find("a[data-replay]").Each(func(_ int, a *goquery.Selection) { links = append(links, attr(a, "href")) })
		if len(links) != 2 {
			t.Fatalf("%s: %d replay links, want the finished deal and the current one", lang, len(links))
		}
	}
	for i, href := range links {
		id, _ := replayOf(t, href)
		g, _, ok, err := guandanGame.loadMatch(ctx, ts.server, id, false)
		if err != nil || !ok {
			t.Fatalf("%s: no stored match", href)
		}
		walkReplay(t, ts, "guandan", href, g.Steps, func(deal, step int, p page) {
			m, _, err := g.At(deal, step)
			if err != nil {
				t.Fatal(err)
			}
			auditGuandanMatch(t, m, visitor, p)
		}, historyLangs[(i*3)%len(historyLangs)])
	}
	// Asked for every seat's cards, the finished deal shows each seat's hand as it was at every
	// step; the deal still being played shows none of them, and offers no such link.
	opened := 0
	for _, href := range links {
		id, deal := replayOf(t, href)
		g, _, _, err := guandanGame.loadMatch(ctx, ts.server, id, false)
		if err != nil {
			t.Fatal(err)
		}
		last, _, err := g.At(deal, g.Steps(deal))
		if err != nil {
			t.Fatal(err)
		}
		over := last.Phase() == gd.PhaseDealOver || last.Phase() == gd.PhaseMatchOver
		for step := 0; step <= g.Steps(deal); step++ {
			p := ts.get(fmt.Sprintf("%s?step=%d&open=1", href, step))
			m, _, err := g.At(deal, step)
			if err != nil {
				t.Fatal(err)
			}
			if !over {
				if p.doc.Find(`[data-public="open"], [data-open-toggle]`).Length() > 0 {
					t.Fatalf("%s step %d: the deal is not over, yet the others' cards are offered", href, step)
				}
				auditGuandanMatch(t, m, visitor, p)
				continue
			}
			if tg := p.doc.Find(`a[data-open-toggle="true"]`); tg.Length() != 1 || !strings.Contains(attr(p.doc.Find("a[data-step-next]"), "href"), "open=1") && step < g.Steps(deal) {
				t.Fatalf("%s step %d: no way back to the visitor's view, or the next step drops the open hands", href, step)
			}
			for seat := 1; seat < 4; seat++ {
				got := map[string]int{}
				p.doc.Find(fmt.Sprintf(`[data-public="open"][data-open="%d"] [data-card]`, seat)).Each(func(_ int, c *goquery.Selection) { got[attr(c, "data-card")]++ })
				if want := faceCount(m.Hands[seat].Cards()...); !maps.Equal(got, want) {
					t.Fatalf("%s step %d: seat %d shown holding %v, want %v", href, step, seat, got, want)
				}
			}
			opened++
		}
		if p := ts.get(href); over && p.doc.Find(`a[data-open-toggle="false"]`).Length() != 1 {
			t.Errorf("%s: the finished deal offers no way to show every seat's cards", href)
		}
	}
	if opened == 0 {
		t.Error("no step of a finished deal was shown with every hand")
	}
}

// TestHistoryStatsSumTheMatches: the statistics are the sums of the finished matches' own,
// and the shelf keeps at most 20 matches, newest first.
func TestHistoryStatsSumTheMatches(t *testing.T) {
	var sh shelf
	for i := range 25 {
		sh.add(pastMatch{ID: strconv.Itoa(i), Won: i%2 == 0, Deals: 12, Stats: stats{Matches: 1, Won: 1 - i%2, Deals: 12, Points: int64(i), Showdowns: 2}})
	}
	if len(sh.Past) != maxPast || sh.Past[0].ID != "24" || sh.Past[maxPast-1].ID != "5" {
		t.Fatalf("past: %d matches, newest %s, oldest %s", len(sh.Past), sh.Past[0].ID, sh.Past[len(sh.Past)-1].ID)
	}
	if sh.Stats.Matches != 25 || sh.Stats.Won != 13 || sh.Stats.Deals != 300 || sh.Stats.Points != 300 || sh.Stats.Showdowns != 50 {
		t.Errorf("stats %+v", sh.Stats)
	}
	for _, tc := range []struct {
		finish []int
		seat   int
		want   int
	}{{[]int{0, 2}, 0, 2}, {[]int{1, 0, 3}, 0, 4}, {[]int{1, 3}, 0, 7}, {[]int{1, 2, 3}, 0, 8}} {
		if got := placeHalves(tc.finish, tc.seat); got != tc.want {
			t.Errorf("place of %d in %v: %d halves, want %d", tc.seat, tc.finish, got, tc.want)
		}
	}
	if _, err := decodeShelf([]byte(`{"v":1,"current":"","stats":{},"saved":0,"extra":1}`)); err == nil {
		t.Error("a shelf with an unknown field decoded")
	}
	if _, err := decodeShelf([]byte(`{"v":2,"stats":{},"saved":0}`)); err == nil {
		t.Error("a shelf of another version decoded")
	}
}

// TestChartScale: the chart puts its zero line where the values need it, draws the largest bar
// to the scale's end, and writes the scale's ends and zero in the locale's numbers.
func TestChartScale(t *testing.T) {
	fa, _ := i18n.ByCode("fa")
	r := httptest.NewRequest(http.MethodGet, "/", nil)
	r = r.WithContext(i18n.WithLocale(r.Context(), fa))
	chart := func(vals ...float64) views.Chart {
		past := make([]pastMatch, len(vals))
		for i := range vals {
			past[i].Deals = i // which value: past is newest first
		}
		return chartOf(r, past, func(p pastMatch) (float64, string) { return vals[p.Deals], "" })
	}
	labels := func(c views.Chart) map[int]string {
		m := map[int]string{}
		for _, l := range c.Labels {
			m[l.Y] = l.Text
		}
		return m
	}

	// Levels climbed are never negative: the zero line is at the foot and the tallest bar
	// reaches the top; the bars are oldest first.
	c := chart(3, 12, 0)
	if c.Base != chartHeight-chartPad {
		t.Errorf("non-negative values: zero line at %d, want the foot %d", c.Base, chartHeight-chartPad)
	}
	if b := c.Bars[1]; b.Y != chartPad || b.Y+b.H != c.Base || b.Negative {
		t.Errorf("the largest value's bar %+v, want from %d to the zero line", b, chartPad)
	}
	if b := c.Bars[0]; b.H != 1 || b.Y+b.H != c.Base {
		t.Errorf("a zero's bar %+v, want a sliver on the zero line", b)
	}
	if b := c.Bars[2]; b.Y+b.H != c.Base || b.H != 13 {
		t.Errorf("3 of 12: bar %+v, want 13 units high on the zero line", b)
	}
	if got := labels(c); got[chartPad] != "۱۲" || got[c.Base] != "۰" || len(got) != 2 {
		t.Errorf("scale %v, want ۱۲ at the top and ۰ at the foot", got)
	}

	// Points can be negative: the zero line divides the height in proportion.
	c = chart(-2.5, 7.5)
	if want := chartPad + 39; c.Base != want {
		t.Errorf("7.5 and -2.5: zero line at %d, want %d", c.Base, want)
	}
	if b := c.Bars[1]; !b.Negative || b.Y != c.Base || b.Y+b.H != chartHeight-chartPad {
		t.Errorf("the negative bar %+v, want from the zero line to the foot", b)
	}
	if got, neg := labels(c), i18n.Number(r.Context(), -2.5, 2); got[chartPad] != "۷٫۵۰" || got[chartHeight-chartPad] != neg || !strings.Contains(neg, "۲٫۵۰") {
		t.Errorf("scale %v, want ۷٫۵۰ at the top and %s at the foot", got, neg)
	}
}

// solarHijriMonth matches the name of a month of the Solar Hijri calendar, which Persian
// readers date by.
var solarHijriMonth = regexp.MustCompile(`فروردین|اردیبهشت|خرداد|تیر|مرداد|شهریور|مهر|آبان|آذر|دی|بهمن|اسفند`)

// A visitor whose first page is the history sees no match in progress: it listed "Deal 1" of
// a match dealt for them there and then, which they had never seen. Once they have opened the
// table, its match is listed with its replay.
func TestHistoryFirstVisitShowsNoMatch(t *testing.T) {
	for _, game := range []string{"asnas", "guandan"} {
		ts := newSite(t)
		first := ts.get("/" + game + "/history")
		if first.status != http.StatusOK {
			t.Fatalf("%s history, first visit: %d", game, first.status)
		}
		if n := first.doc.Find(`a[href*="/` + game + `/replay/"]`).Length(); n != 0 {
			t.Errorf("%s history, first visit: %d replays of a match never seen", game, n)
		}
		ts.get("/" + game)
		if n := ts.get("/" + game + "/history").doc.Find(`a[href*="/` + game + `/replay/"]`).Length(); n != 1 {
			t.Errorf("%s history after opening the table: %d replays, want the current match's first deal", game, n)
		}
	}
}

// A Guandan deal has one name in a language: the history and the replay call it what the
// table called it. Persian players read "دور" for a deal at the Guandan table, where "دست" is
// a trick; the history and the replay used As-Nas's "دست" for the deal, so a Persian player
// read "the replay of trick 1" above a table headed "deal 1".
func TestGuandanHistoryNamesTheDealAsTheTableDoes(t *testing.T) {
	for _, lang := range historyLangs {
		ts := newSite(t)
		ts.gtable()
		move := ts.gprepare(returnPosition(t)) // deal 1 is over
		ts.gpost("/guandan/next", url.Values{"move": {move}})
		table := ts.get("/guandan", "Accept-Language", lang)
		dealTwo := strings.TrimSpace(table.doc.Find(".gdeal").Text())
		h := ts.get("/guandan/history", "Accept-Language", lang)
		var names []string
		h.doc.Find("a[data-replay]").Each(func(_ int, a *goquery.Selection) { names = append(names, strings.TrimSpace(a.Text())) })
		// Deal 2 is being played: the history marks it so, after the table's own name for it.
		if len(names) != 2 || !strings.HasPrefix(names[1], dealTwo) || names[1] == dealTwo {
			t.Fatalf("%s: the history names the deals %q; the table names deal 2 %q", lang, names, dealTwo)
		}
		r := ts.get(attr(h.doc.Find("a[data-replay]").Last(), "href"), "Accept-Language", lang)
		if title := r.doc.Find("h1").Text(); !strings.Contains(strings.ToLower(title), strings.ToLower(dealTwo)) {
			t.Errorf("%s: the replay of deal 2 is titled %q, without the table's %q", lang, title, dealTwo)
		}
		if prev := strings.TrimSpace(r.doc.Find("[data-deal-prev]").Text()); !strings.Contains(strings.ToLower(prev), strings.ToLower(names[0])) {
			t.Errorf("%s: the link to deal 1 reads %q, the history names it %q", lang, prev, names[0])
		}
	}
}
