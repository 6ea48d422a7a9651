package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/cardavia/cardavia/i18n"
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
