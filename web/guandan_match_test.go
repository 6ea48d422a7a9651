package web

import (
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
)

// maxMatchRequests bounds the full match: a match that does not end within this many requests
// is a bug (a deal that never ends, a form that is offered but never accepted), not bad luck.
const maxMatchRequests = 6000

// matchLevels is the levels in CONFORMANCE notation, low to high (RULES.md: 2 … 10, J, Q, K, A).
var matchLevels = []string{"2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"}

// noJSBrowser drives the Guandan table the way a browser without JavaScript does: it reads a
// page, submits one of the forms on it and follows the 303 back, and it counts its requests.
// It decides and asserts from the pages only, so it proves what a visitor can do (gtable adds
// its own check that no hidden card is shown, which compares with the stored match).
type noJSBrowser struct {
	ts       *testSite
	t        *testing.T
	requests int
	move     int  // data-move of the last table page
	changed  bool // an accepted move was posted since the last table page
	// posts counts the accepted posts by path, and "reading" the readings chosen, for the log.
	posts map[string]int
}

// table loads /guandan with a query and checks what every page of the match must hold: the
// hooks are there, the level is one of 2..A, no card face is shown in another seat's hand,
// and the move number moves on after an accepted move and only then.
func (b *noJSBrowser) table(query string) page {
	b.t.Helper()
	b.requests++
	var p page
	if query == "" {
		p = b.ts.gtable()
	} else {
		p = b.ts.gtable(query)
	}
	if !slices.Contains(matchLevels, p.groot("data-level")) {
		b.t.Fatalf("request %d: data-level %q is not a level 2..A", b.requests, p.groot("data-level"))
	}
	if n := p.doc.Find(`[data-hand]:not([data-hand="0"]) [data-card]`).Length(); n > 0 {
		b.t.Fatalf("request %d (deal %s): %d card faces inside another seat's hand",
			b.requests, p.groot("data-deal"), n)
	}
	move, err := strconv.Atoi(p.groot("data-move"))
	if err != nil {
		b.t.Fatalf("request %d: data-move %q", b.requests, p.groot("data-move"))
	}
	switch {
	case b.changed && move == b.move:
		b.t.Fatalf("request %d: data-move %d unchanged after an accepted move", b.requests, move)
	case !b.changed && b.move != 0 && move != b.move:
		b.t.Fatalf("request %d: data-move changed from %d to %d without an accepted move", b.requests, b.move, move)
	}
	b.move, b.changed = move, false
	return p
}

// submit posts a form of the table and returns the notice the table answers with ("" when the
// move was accepted).
func (b *noJSBrowser) submit(path string, form url.Values) string {
	b.t.Helper()
	b.requests++
	loc, err := url.Parse(b.ts.gpost(path, form))
	if err != nil {
		b.t.Fatal(err)
	}
	notice := loc.Query().Get("notice")
	b.changed = notice == ""
	if b.changed {
		b.posts[path]++
	}
	return notice
}

// play takes the human's turn as the Hint button suggests: the hinted cards with the reading
// they carry (the first reading offered if the table asks for one all the same), or a pass
// when the hint is a pass or there is none.
func (b *noJSBrowser) play(p page) {
	b.t.Helper()
	href, ok := p.doc.Find(`form[action="/guandan/play"] [data-action="hint"]`).Attr("href")
	if !ok {
		b.t.Fatalf("request %d: the play form has no Hint link", b.requests)
	}
	u, err := url.Parse(href)
	if err != nil || u.Path != "/guandan" || u.Query().Get("hint") != "1" {
		b.t.Fatalf("Hint link %q is not the table's ?hint=1 view", href)
	}
	h := b.table(u.RawQuery)
	form := url.Values{"move": {h.groot("data-move")}}
	cards := checkedCards(h)
	if attr(h.doc.Find("[data-hint]"), "data-hint") != "true" || len(cards) == 0 {
		if h.doc.Find(`form[action="/guandan/play"] [data-action="pass"]`).Length() != 1 {
			b.t.Fatalf("request %d (deal %s): the hint passes but the table offers no Pass (leading?)",
				b.requests, h.groot("data-deal"))
		}
		if n := b.submit("/guandan/pass", form); n != "" {
			b.t.Fatalf("request %d: Pass refused: %s", b.requests, n)
		}
		return
	}
	form["card"] = cards
	if r := playFormReading(h); r != "" {
		form.Set("reading", r) // the reading the hint's cards carry, as a browser sends it
	}
	notice := b.submit("/guandan/play", form)
	if notice == "choose" {
		c := b.table(url.Values{"notice": {"choose"}, "card": cards}.Encode())
		r := c.doc.Find(`form[action="/guandan/play"] input[name="reading"]`).First()
		if r.Length() == 0 {
			b.t.Fatalf("request %d: the table asks for a reading but offers none", b.requests)
		}
		if got := checkedCards(c); !slices.Equal(got, cards) {
			b.t.Fatalf("request %d: the reading question lost the selection: %v, want %v", b.requests, got, cards)
		}
		form.Set("reading", attr(r, "value"))
		b.posts["reading"]++
		notice = b.submit("/guandan/play", form)
	}
	if notice != "" {
		b.t.Fatalf("request %d (deal %s): the hint's cards %v were refused: notice %q",
			b.requests, h.groot("data-deal"), cards, notice)
	}
}

// shownTeamLevels are the two teams' levels as the page shows them, as indices into matchLevels.
func shownTeamLevels(t *testing.T, p page) [2]int {
	t.Helper()
	var out [2]int
	for team := range 2 {
		s := attr(p.doc.Find(`[data-team="`+strconv.Itoa(team)+`"]`), "data-team-level")
		i := slices.Index(matchLevels, s)
		if i < 0 {
			t.Fatalf("team %d level %q is not a level 2..A", team, s)
		}
		out[team] = i
	}
	return out
}

// shownPlacings are the seats in finishing order as the end-of-deal summary lists them.
func shownPlacings(t *testing.T, p page) []int {
	t.Helper()
	var out []int
	p.doc.Find(`[data-result="true"] [data-place-seat]`).Each(func(i int, s *goquery.Selection) {
		seat, err := strconv.Atoi(attr(s, "data-place-seat"))
		if err != nil || attr(s, "data-place") != strconv.Itoa(i+1) {
			t.Fatalf("placing %d: seat %q place %q", i+1, attr(s, "data-place-seat"), attr(s, "data-place"))
		}
		out = append(out, seat)
	})
	if len(out) < 2 {
		t.Fatalf("deal %s over with placings %v", p.groot("data-deal"), out)
	}
	return out
}

// shownPartnerPlace is the place of the first finisher's partner: 2 or 3 as listed, 4 when the
// summary lists four places or only three (the deal ended when the third player finished).
func shownPartnerPlace(places []int) int {
	if i := slices.Index(places, (places[0]+2)%4); i >= 0 {
		return i + 1
	}
	return 4
}

// TestGuandanFullMatchThroughTheForms plays a whole match, from both teams at 2 until a team
// wins at A, through the table's forms only, as a browser without JavaScript would: a return
// when one is owed, Next deal after a deal, and on the human's turn the hinted cards (or a
// pass). Along the way the levels shown must follow RULES.md ("Promotion and match end"), and
// at the end New match must deal a fresh match at 2.
func TestGuandanFullMatchThroughTheForms(t *testing.T) {
	start := time.Now()
	b := &noJSBrowser{ts: newSite(t), t: t, posts: map[string]int{}}
	levels := [2]int{0, 0} // the teams' levels before the deal in progress
	dealLevel := 0         // the level the deal in progress is played at
	deal := 1
	var history []string // each deal's level and the teams' levels after it, for the log
	var final page
	for {
		if b.requests >= maxMatchRequests {
			t.Fatalf("no winner after %d requests (deal %d, levels %s/%s)", b.requests, deal,
				matchLevels[levels[0]], matchLevels[levels[1]])
		}
		p := b.table("")
		// The deal number never goes back, and goes on by one exactly after Next deal.
		if got := p.groot("data-deal"); got != strconv.Itoa(deal) {
			t.Fatalf("request %d: data-deal %q, want %d", b.requests, got, deal)
		}
		if got := p.groot("data-level"); got != matchLevels[dealLevel] {
			t.Fatalf("deal %d is played at %s, want %s (the last winner's level)", deal, got,
				matchLevels[dealLevel])
		}
		if p.groot("data-over") == "true" {
			final = p
			break
		}
		move := url.Values{"move": {p.groot("data-move")}}
		switch {
		case p.doc.Find(`form[action="/guandan/return"]`).Length() == 1:
			checkLevelsKept(t, p, deal, levels)
			card := p.doc.Find(`form[action="/guandan/return"] input[name="card"]:not([disabled])`).First()
			if card.Length() == 0 {
				t.Fatalf("deal %d: a return is owed but no card can be chosen", deal)
			}
			move.Set("card", attr(card, "value"))
			if n := b.submit("/guandan/return", move); n != "" {
				t.Fatalf("deal %d: return refused: %s", deal, n)
			}
		case p.doc.Find(`form[action="/guandan/next"]`).Length() == 1:
			history = append(history, matchLevels[dealLevel])
			levels, dealLevel = checkPromotion(t, p, levels, dealLevel)
			history = append(history, "→"+matchLevels[levels[0]]+"/"+matchLevels[levels[1]]+" ")
			if n := b.submit("/guandan/next", move); n != "" {
				t.Fatalf("deal %d: Next deal refused: %s", deal, n)
			}
			deal++
		case p.doc.Find(`form[action="/guandan/play"]`).Length() == 1:
			checkLevelsKept(t, p, deal, levels)
			b.play(p)
		default:
			t.Fatalf("deal %d: the match is not over but the table offers no form:\n%s", deal, p.body)
		}
	}
	matchRequests := b.requests
	checkMatchWinShown(t, final, levels, dealLevel)
	checkClimbShown(t, final, deal, history)
	// New match, from the match's end with the hand sorted by suit: the new match's hand is
	// sorted so too (it came back sorted by rank).
	form := b.table("arrange=suit").doc.Find(`form[action="/guandan/restart"]:has([data-action="new"])`)
	if form.Length() != 1 {
		t.Fatal("no New match form after the match")
	}
	if loc := b.ts.gpost("/guandan/restart", submitted(form)); loc != "/guandan?arrange=suit" {
		t.Errorf("New match from the hand sorted by suit leads to %q", loc)
	}
	b.changed = true
	fresh := b.table("")
	if fresh.groot("data-deal") != "1" || fresh.groot("data-level") != "2" ||
		fresh.groot("data-over") != "false" || shownTeamLevels(t, fresh) != [2]int{0, 0} {
		t.Errorf("New match: deal %s level %s over %s teams %v", fresh.groot("data-deal"),
			fresh.groot("data-level"), fresh.groot("data-over"), shownTeamLevels(t, fresh))
	}
	t.Logf("match won in %d deals, %d requests, %v; accepted posts %v", deal, matchRequests,
		time.Since(start).Round(time.Millisecond), b.posts)
	t.Logf("deal levels → team levels: %s", strings.Join(history, ""))
}

// checkLevelsKept holds while a deal is played: the teams' levels are the ones they had when
// it began.
func checkLevelsKept(t *testing.T, p page, deal int, want [2]int) {
	t.Helper()
	if got := shownTeamLevels(t, p); got != want {
		t.Fatalf("deal %d: team levels %s/%s, want %s/%s", deal, matchLevels[got[0]], matchLevels[got[1]],
			matchLevels[want[0]], matchLevels[want[1]])
	}
}

// checkPromotion checks a deal's end that is not the match's against RULES.md: the first
// finisher's team goes up 3, 2 or 1 levels (partner second, third, fourth), never above A, the
// other team stays, and the team cannot have met the match-winning condition. It returns the
// levels and the next deal's level.
func checkPromotion(t *testing.T, p page, before [2]int, dealLevel int) ([2]int, int) {
	t.Helper()
	places := shownPlacings(t, p)
	winner := places[0] % 2
	pp := shownPartnerPlace(places)
	if before[winner] == len(matchLevels)-1 && dealLevel == len(matchLevels)-1 && pp <= 3 {
		t.Fatalf("deal %s: team %d was at A, won the deal at A with its partner %d, but the match goes on",
			p.groot("data-deal"), winner, pp)
	}
	after := before
	after[winner] = min(before[winner]+5-pp, len(matchLevels)-1)
	if got := shownTeamLevels(t, p); got != after {
		t.Fatalf("deal %s (places %v, levels %s/%s): levels shown %s/%s, want %s/%s", p.groot("data-deal"), places,
			matchLevels[before[0]], matchLevels[before[1]], matchLevels[got[0]], matchLevels[got[1]],
			matchLevels[after[0]], matchLevels[after[1]])
	}
	return after, after[winner]
}

// checkMatchWinShown checks the match's end against RULES.md: the winning team was at A, the
// deal was played at A, it finished first with the partner not last; the page names that team
// and shows the level at A.
func checkMatchWinShown(t *testing.T, p page, before [2]int, dealLevel int) {
	t.Helper()
	ace := len(matchLevels) - 1
	places := shownPlacings(t, p)
	winner := places[0] % 2
	if pp := shownPartnerPlace(places); before[winner] != ace || dealLevel != ace || pp > 3 {
		t.Errorf("match won by team %d at level %s (deal at %s), partner placed %d", winner,
			matchLevels[before[winner]], matchLevels[dealLevel], pp)
	}
	if p.groot("data-level") != "A" || shownTeamLevels(t, p)[winner] != ace {
		t.Errorf("match over at level %s, team levels %v", p.groot("data-level"), shownTeamLevels(t, p))
	}
	w := p.doc.Find("[data-winner]")
	if attr(w, "data-winner") != strconv.Itoa(winner) || w.Text() == "" {
		t.Errorf("winner line %q names team %q, want team %d", w.Text(), attr(w, "data-winner"), winner)
	}
}

// checkClimbShown checks the match end's story in levels: one row per deal, in order, each
// naming the level it was played at, and the teams' levels after the last deal as the match
// ended with.
func checkClimbShown(t *testing.T, p page, deals int, history []string) {
	t.Helper()
	rows := p.doc.Find(`table.gclimb tr[data-climb-deal]`)
	if rows.Length() != deals {
		t.Fatalf("the match end lists %d deals, the match had %d (%v)", rows.Length(), deals, history)
	}
	rows.Each(func(i int, r *goquery.Selection) {
		if got := attr(r, "data-climb-deal"); got != strconv.Itoa(i+1) {
			t.Errorf("row %d is deal %s", i+1, got)
		}
		// The deal that won the match climbed no level: the row says the match was won, and
		// no row reads "+0" (a win at A with the partner last stays at A).
		won := r.Is("[data-climb-won]")
		if text := r.Text(); won != (i == deals-1) || strings.Contains(text, "+0") || won != strings.Contains(text, "match won") {
			t.Errorf("row %d (won %v of %d deals): %q", i+1, won, deals, strings.Join(strings.Fields(text), " "))
		}
	})
	if p.doc.Find(`form[action="/guandan/restart"] button[data-action="new"]`).Length() != 1 {
		t.Error("the match end offers no Rematch")
	}
}
