package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// playingMarks checks the history's deal links of the visitor's own match: the deals listed
// in order, the one still being played (playing, 0 for none) marked in its words and its hook,
// and that deal's replay headed and titled as still going, the others not.
func playingMarks(t *testing.T, ts *testSite, game string, deals, playing int) {
	t.Helper()
	h := ts.get("/" + game + "/history")
	links := h.doc.Find(".history-current a[data-replay]")
	if h.status != http.StatusOK || links.Length() != deals {
		t.Fatalf("%s history: %d, %d deals of the match in progress, want %d", game, h.status, links.Length(), deals)
	}
	links.Each(func(i int, a *goquery.Selection) {
		no := i + 1
		_, marked := a.Attr("data-playing")
		text := strings.TrimSpace(a.Text())
		want := "Deal " + strconv.Itoa(no)
		if no == playing {
			want += " (in progress)"
		}
		if marked != (no == playing) || text != want {
			t.Errorf("%s history: deal %d's link reads %q (marked %v), want %q", game, no, text, marked, want)
		}
		r := ts.get(attr(a, "href")) // as dealt, then at its last step so far
		if last := r.doc.Find("a[data-step-last]"); last.Length() == 1 {
			r = ts.get(attr(last, "href"))
		}
		if r.status != http.StatusOK {
			t.Fatalf("%s deal %d's replay: %d", game, no, r.status)
		}
		head := strings.TrimSpace(r.doc.Find("h1").Text())
		wantHead := "Replay of deal " + strconv.Itoa(no)
		if no == playing {
			wantHead += " (in progress)"
		}
		if head != wantHead || !strings.Contains(title(r), " · "+wantHead+" · ") {
			t.Errorf("%s deal %d's replay is headed %q, titled %q, want %q", game, no, head, title(r), wantHead)
		}
	})
}

// TestHistoryMarksTheAsnasDealInProgress: the history lists the deal being played as such, and
// its replay says so, until the deal ends; then the next deal is the one marked.
func TestHistoryMarksTheAsnasDealInProgress(t *testing.T) {
	ts := newSite(t, bigSeeds(95))
	p := ts.table()
	if len(verbs(p)) == 0 {
		t.Fatal("the seed deals a first deal that ends before the visitor acts: pick another")
	}
	playingMarks(t, ts, "asnas", 1, 1)
	for range 40 {
		vs := verbs(p)
		if len(vs) == 0 {
			break
		}
		verb := vs[0]
		if verb == "look" && len(vs) > 1 {
			verb = vs[1]
		}
		ts.location("/asnas/move", url.Values{"move": {moveOf(p)}, "verb": {verb}})
		p = ts.table()
	}
	if p.doc.Find(`[data-action="next"]`).Length() != 1 {
		t.Fatal("the first deal did not end")
	}
	playingMarks(t, ts, "asnas", 1, 0)
	ts.location("/asnas/next", url.Values{"move": {moveOf(p)}})
	playingMarks(t, ts, "asnas", 2, 2)
}

// TestHistoryMarksTheGuandanDealInProgress: as in As-Nas, a Guandan deal being played is
// marked in the history and its replay, and no longer once it has ended.
func TestHistoryMarksTheGuandanDealInProgress(t *testing.T) {
	ts := newSite(t, bigSeeds(94))
	ts.gtable()
	playingMarks(t, ts, "guandan", 1, 1)
	move := ts.gprepare(guandanPosition(gd.DealStart{Levels: [2]gd.Rank{gd.Two, gd.Two}, Level: gd.Two, Leader: soloSeat, Hands: [4]gd.Set{
		cardsOf(t, "RJ"),
		cardsOf(t, "3S 4S 5C 7D 9H"),
		cardsOf(t, "6C"),
		cardsOf(t, "3D 4D 5S 7C 9C"),
	}}))
	playingMarks(t, ts, "guandan", 1, 1)
	ts.gpost("/guandan/play", url.Values{"move": {move}, "card": ids(cardsOf(t, "RJ"))})
	if p := ts.gtable(); p.groot("data-phase") != "dealover" {
		t.Fatalf("phase %s, want the deal's end", p.groot("data-phase"))
	}
	playingMarks(t, ts, "guandan", 1, 0)
}

// TestHistoryMarksTheSharedDealInProgress: a shared table's match in progress is listed with
// its deal being played marked, for each of its players, until the deal ends.
func TestHistoryMarksTheSharedDealInProgress(t *testing.T) {
	ts := newSite(t)
	path, players, _, _ := asnasPair(t, ts.as("Sara"), ts.as("Ali"), 0)
	marks := func(when string, want ...string) {
		t.Helper()
		for _, p := range players {
			var got []string
			sharedCurrent(p.get("/asnas/history")).Find("a[data-replay]").Each(func(_ int, a *goquery.Selection) {
				got = append(got, strings.TrimSpace(a.Text()))
			})
			if strings.Join(got, "|") != strings.Join(want, "|") {
				t.Errorf("%s, %s's history lists the deals %q, want %q", when, p.name, got, want)
			}
		}
	}
	marks("as the first deal is played", "Deal 1 (in progress)")
	playToDealEnd(t, path, players)
	marks("at the first deal's end", "Deal 1")
}
