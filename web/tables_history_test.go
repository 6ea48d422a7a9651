package web

import (
	"context"
	"net/http"
	"net/url"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	gd "github.com/cardavia/cardavia/rules/guandan"
	"github.com/cardavia/cardavia/web/store"
)

// A shared match in progress is in its players' histories as the solo one is: its deals
// replayable from each player's seat, named by the others, with the way back to its table.

// sharedCurrent are the shared matches in progress a history page lists.
func sharedCurrent(h page) *goquery.Selection { return h.doc.Find(`[data-shared-current]`) }

// replayHrefs are the replay links of a part of a page.
func replayHrefs(s *goquery.Selection) []string {
	var out []string
	s.Find("a[data-replay]").Each(func(_ int, a *goquery.Selection) { out = append(out, attr(a, "href")) })
	return out
}

// withBolt is a site whose store is the embedded bbolt one, in a temporary file.
func withBolt(t *testing.T) testOption {
	db, err := store.OpenBolt(filepath.Join(t.TempDir(), "cardavia.db"), store.TTL, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return func(c *Config) { c.Store = db }
}

func TestSharedMatchInProgressInTheHistory(t *testing.T) {
	for _, st := range []string{"memory", "bolt"} {
		t.Run(st, func(t *testing.T) {
			var opts []testOption
			if st == "bolt" {
				opts = append(opts, withBolt(t))
			}
			sharedMatchInProgress(t, newSite(t, opts...))
		})
	}
}

func sharedMatchInProgress(t *testing.T, ts *testSite) {
	sara, ali, mina, reza := ts.as("Sara"), ts.as("Ali"), ts.as("Mina"), ts.as("Reza")
	path := sara.openTable("asnas", "beginner", 0)
	ali.sit(path, 1)
	mina.sit(path, 3)
	// Reza sits and stands up before the start: the match is not his.
	reza.sit(path, 2)
	if r := reza.post(path+"/leave", nil); r.status != http.StatusSeeOther {
		t.Fatalf("Reza stands up: %d", r.status)
	}
	sara.post(path+"/start", nil)
	players := map[string]*player{"0": sara, "1": ali, "3": mina}
	if r := ali.view(path); r.doc.Find("[data-replay-deal]").Length() != 0 {
		t.Error("the table links to a deal's replay before any deal has ended")
	}
	playToDealEnd(t, path, players)

	// Each player's table links to the replay of the deal just ended, once (the felt's link; the
	// foot's offers the deal before the one being played); Reza's view does not.
	var replay string
	for _, p := range []*player{sara, ali, mina} {
		v := p.view(path)
		a := v.doc.Find("a[data-deal-replay]")
		if a.Length() != 1 || attr(a, "data-deal-replay") != "1" || !strings.HasPrefix(attr(a, "href"), "/asnas/replay/") || !strings.HasSuffix(attr(a, "href"), "/1") {
			t.Fatalf("%s's table at the deal's end: replay link %q (deal %q), want deal 1's", p.name, attr(a, "href"), attr(a, "data-deal-replay"))
		}
		if n := v.doc.Find(`a[href="` + attr(a, "href") + `"]`).Length(); n != 1 {
			t.Errorf("%s's table at the deal's end links %d times to its replay", p.name, n)
		}
		if replay == "" {
			replay = attr(a, "href")
		} else if attr(a, "href") != replay {
			t.Errorf("%s's table links to %q, Sara's to %q", p.name, attr(a, "href"), replay)
		}
		if got := strings.TrimSpace(a.Text()); got != "Replay of deal 1" {
			t.Errorf("%s's replay link reads %q", p.name, got)
		}
	}
	if r := reza.get(path); r.doc.Find("a[data-replay-deal], a[data-deal-replay]").Length() != 0 {
		t.Error("a visitor who is not seated is offered the deal's replay")
	}
	mid, _ := replayOf(t, replay)

	// Each player's history lists the match in progress: named by the others, its deal
	// replayable, the way back to the table.
	for _, c := range []struct {
		p          *player
		lang, with string
	}{{ali, "en", "with Sara and Mina"}, {mina, "en", "with Sara and Ali"}, {sara, "fa", "با Ali و Mina"}} {
		h := c.p.get("/asnas/history", "Accept-Language", c.lang)
		cur := sharedCurrent(h)
		if h.status != http.StatusOK || cur.Length() != 1 || attr(cur, "data-shared-current") != path {
			t.Fatalf("%s's history: %d, %d shared matches in progress (%q), want the table's", c.p.name, h.status, cur.Length(), attr(cur, "data-shared-current"))
		}
		if got := lineOf(cur.Find("[data-with]")); got != c.with {
			t.Errorf("%s's history names the match in progress %q, want %q", c.p.name, got, c.with)
		}
		if back := attr(cur.Find("a[data-shared-table]"), "href"); back != path {
			t.Errorf("%s's history leads back to %q, want the table", c.p.name, back)
		}
		if got := replayHrefs(cur); !slices.Equal(got, []string{replay}) {
			t.Errorf("%s's history lists the deals %v, want %v", c.p.name, got, []string{replay})
		}
		if attr(cur, "id") != "match-"+mid.String() {
			t.Errorf("%s's history: the match in progress has the anchor %q", c.p.name, attr(cur, "id"))
		}
		if h.doc.Find(`[data-current="over"]`).Length() != 0 {
			t.Errorf("%s's history says no match is in progress", c.p.name)
		}
		// They play only at this table: the solo table would start a match nobody asked for.
		if back := attr(h.doc.Find("a[data-history-back]"), "href"); back != path {
			t.Errorf("%s's history's way back leads to %q, want the table they play at", c.p.name, back)
		}
	}
	if h := reza.get("/asnas/history"); sharedCurrent(h).Length() != 0 || len(replayHrefs(h.doc.Selection)) != 0 {
		t.Error("Reza, who stood up before the start, has the match in his history")
	}
	if r := reza.get(replay); r.status != http.StatusNotFound || strings.Contains(r.body, "data-card") {
		t.Errorf("Reza replays the deal: %d", r.status)
	}

	// Ali's replay shows the deal from his seat, step by step: no card he did not see.
	a, _, ok, err := asnasGame.loadMatch(context.Background(), ts.server, mid, false)
	if err != nil || !ok {
		t.Fatalf("the shared match: %v %v", ok, err)
	}
	aliID := ali.visitorID()
	walkReplay(t, ali.testSite, "asnas", replay, a.Steps, func(deal, step int, p page) {
		m, _, err := a.At(deal, step)
		if err != nil {
			t.Fatal(err)
		}
		if attr(p.doc.Find(".felt .seat").Last(), "data-seat") != "1" {
			t.Fatalf("step %d is not seen from Ali's seat", step)
		}
		auditAsnasSeat(t, m, 1, aliID, p)
	}, "en")
	first := ali.get(replay)
	if back := attr(first.doc.Find("[data-back-table]"), "href"); back != path {
		t.Errorf("the replay leads back to %q, want the table", back)
	}
	if all := attr(first.doc.Find(`a[href^="/asnas/history"]`), "href"); all != "/asnas/history#match-"+mid.String() {
		t.Errorf("the replay's all deals lead to %q", all)
	}

	// Ali steps away: the AI plays his seat, and the match is still his, replays and all.
	if r := ali.post(path+"/away", url.Values{"away": {"1"}}); r.status != http.StatusSeeOther {
		t.Fatalf("Ali steps away: %d", r.status)
	}
	for _, p := range []*player{sara, mina} {
		if r := p.post(path+"/next", url.Values{"move": {rootOf(p.view(path), "data-move")}}); r.status != http.StatusSeeOther {
			t.Fatalf("%s asks for the next deal: %d", p.name, r.status)
		}
	}
	if r := sara.view(path); rootOf(r, "data-phase") == "dealover" || attr(r.doc.Find("a[data-replay-deal]"), "data-replay-deal") != "1" {
		t.Fatalf("during the second deal (phase %s) the table links to deal %q's replay, want the one just finished",
			rootOf(r, "data-phase"), attr(r.doc.Find("a[data-replay-deal]"), "data-replay-deal"))
	}
	h := ali.get("/asnas/history")
	deals := replayHrefs(sharedCurrent(h))
	if len(deals) != 2 || deals[0] != replay {
		t.Fatalf("away, Ali's history lists the deals %v, want the first two", deals)
	}
	if a, _, _, err = asnasGame.loadMatch(context.Background(), ts.server, mid, false); err != nil {
		t.Fatal(err)
	}
	walkReplay(t, ali.testSite, "asnas", deals[1], a.Steps, func(deal, step int, p page) {
		m, _, err := a.At(deal, step)
		if err != nil {
			t.Fatal(err)
		}
		auditAsnasSeat(t, m, 1, aliID, p)
	}, "fa")
}

// A deal still being played at a shared table is replayed to a player as they saw it: their
// own cards once they looked, never another player's, even with everyone's cards asked for.
func TestSharedDealInProgressReplayHidesTheirCards(t *testing.T) {
	ts := newSite(t)
	ctx := context.Background()

	// As-Nas: both players look at their cards, then the deal goes on.
	sara, ali := ts.as("Sara"), ts.as("Ali")
	path := sara.openTable("asnas", "beginner", 0)
	ali.sit(path, 2)
	sara.post(path+"/start", nil)
	players := map[string]*player{"0": sara, "2": ali}
	looked := map[string]bool{}
	for moves := 0; moves < 3 || !looked["Sara"]; moves++ {
		r := sara.view(path)
		p, ok := players[rootOf(r, "data-to-act")]
		if !ok || rootOf(r, "data-phase") != "betting" || moves > 20 {
			break
		}
		pg := p.view(path)
		verb := attr(pg.doc.Find(`form[action$="/move"] button[data-verb]`).First(), "value")
		if pg.doc.Find(`button[data-verb="look"]`).Length() == 1 {
			verb, looked[p.name] = "look", true
		} else if slices.Contains([]string{"fold"}, verb) {
			verb = attr(pg.doc.Find(`form[action$="/move"] button[data-verb]`).Eq(1), "value")
		}
		if res := p.post(path+"/move", url.Values{"move": {rootOf(pg, "data-move")}, "verb": {verb}}); res.status != http.StatusSeeOther {
			t.Fatalf("%s's move: %d", p.name, res.status)
		}
	}
	if !looked["Sara"] || rootOf(sara.view(path), "data-phase") != "betting" {
		t.Fatalf("Sara looked %v; phase %s, want the first deal going on", looked["Sara"], rootOf(sara.view(path), "data-phase"))
	}
	deals := replayHrefs(sharedCurrent(ali.get("/asnas/history")))
	if len(deals) != 1 {
		t.Fatalf("Ali's history lists %v, want the deal in progress", deals)
	}
	mid, _ := replayOf(t, deals[0])
	a, _, _, err := asnasGame.loadMatch(ctx, ts.server, mid, false)
	if err != nil {
		t.Fatal(err)
	}
	if a.Match().Deal.Over() || a.Steps(1) < 2 {
		t.Fatalf("the first deal: over %v after %d steps", a.Match().Deal.Over(), a.Steps(1))
	}
	aliID := ali.visitorID()
	hidden := 0
	walkReplay(t, ali.testSite, "asnas", deals[0], a.Steps, func(deal, step int, p page) {
		m, _, err := a.At(deal, step)
		if err != nil {
			t.Fatal(err)
		}
		auditAsnasSeat(t, m, 2, aliID, p)
		if m.Deal.Looked[0] && p.doc.Find(`[data-hand="0"] [data-card]`).Length() == 0 {
			hidden++ // Sara's cards, which she has looked at, stay hidden from Ali
		}
	}, "en")
	if hidden == 0 {
		t.Error("no step of the replay was after Sara looked at her cards")
	}

	// Guandan: the deal's replay offers no everyone's cards, and asking for them shows none.
	gpath := sara.openTable("guandan", "beginner", 0)
	ali.sit(gpath, 1)
	sara.post(gpath+"/start", nil)
	gplayers := map[string]*player{"0": sara, "1": ali}
	for range 4 {
		r := sara.view(gpath)
		p, ok := gplayers[rootOf(r, "data-to-act")]
		if !ok || rootOf(r, "data-phase") != "play" {
			break
		}
		if res := guandanBot(p, gpath, p.view(gpath)); res.status != http.StatusSeeOther {
			t.Fatalf("%s's move: %d", p.name, res.status)
		}
	}
	gdeals := replayHrefs(sharedCurrent(ali.get("/guandan/history")))
	if len(gdeals) != 1 {
		t.Fatalf("Ali's Guandan history lists %v, want the deal in progress", gdeals)
	}
	gid, _ := replayOf(t, gdeals[0])
	g, _, _, err := guandanGame.loadMatch(ctx, ts.server, gid, false)
	if err != nil {
		t.Fatal(err)
	}
	if g.Match().Phase() != gd.PhasePlay {
		t.Fatalf("the Guandan deal is at phase %v, want going on", g.Match().Phase())
	}
	audit := func(deal, step int, p page) {
		m, _, err := g.At(deal, step)
		if err != nil {
			t.Fatal(err)
		}
		if attr(p.doc.Find(`[data-hand][data-count]`).First(), "data-hand") == "" {
			t.Fatalf("step %d: no other seat's hand area", step)
		}
		auditGuandanSeat(t, m, 1, aliID, p)
		if p.doc.Find("[data-open-toggle], [data-open], [data-remaining]").Length() != 0 {
			t.Errorf("step %d: the replay of a deal in progress offers or shows the others' cards", step)
		}
	}
	walkReplay(t, ali.testSite, "guandan", gdeals[0], g.Steps, audit, "en")
	for step := range g.Steps(1) + 1 {
		p := ali.get(gdeals[0] + "?open=1&step=" + strconv.Itoa(step))
		if p.status != http.StatusOK {
			t.Fatalf("step %d with everyone's cards asked for: %d", step, p.status)
		}
		audit(1, step, p)
	}
}

// A player at several shared tables at once finds each match in progress in their history,
// the most recently dealt first, after their own; a match that ends goes to the finished ones,
// and its rematch takes its place among those in progress.
func TestSharedTablesInProgressAtOnce(t *testing.T) {
	ts := newSite(t)
	sara, ali, mina := ts.as("Sara"), ts.as("Ali"), ts.as("Mina")
	// Sara's own match, begun with a move.
	p := sara.get("/asnas")
	sara.location("/asnas/move", url.Values{"move": {moveOf(p)}, "verb": {verbs(p)[0]}})
	// A match with Ali, played to its end by the AI while they are away, then one with Mina.
	withAli, _ := finishedMatch(t, "asnas", 0, map[int]*player{0: sara, 2: ali})
	withMina := sara.openTable("asnas", "beginner", 0)
	mina.sit(withMina, 1)
	sara.post(withMina+"/start", nil)
	// And a Guandan table with Ali.
	gpath := sara.openTable("guandan", "beginner", 0)
	ali.sit(gpath, 3)
	sara.post(gpath+"/start", nil)

	h := sara.get("/asnas/history")
	if got := sharedCurrent(h); got.Length() != 1 || attr(got, "data-shared-current") != withMina {
		t.Fatalf("Sara's history lists the shared matches in progress %d (%q), want the one with Mina (the one with Ali is over)", got.Length(), attr(got, "data-shared-current"))
	}
	if n := h.doc.Find(`[data-past] > li`).Length(); n != 1 || lineOf(h.doc.Find(`[data-past] [data-with]`)) != "with Ali" {
		t.Errorf("Sara's history lists %d finished matches (%q), want the one with Ali", n, lineOf(h.doc.Find(`[data-past] [data-with]`)))
	}

	// The rematch with Ali: now two shared matches in progress, the latest dealt first.
	end := ali.view(withAli)
	for _, p := range []*player{ali, sara} {
		if r := p.post(withAli+"/rematch", url.Values{"move": {rootOf(end, "data-move")}}); r.status != http.StatusSeeOther {
			t.Fatalf("%s's rematch: %d", p.name, r.status)
		}
	}
	if rootOf(sara.view(withAli), "data-phase") == "over" {
		t.Fatal("the rematch was not dealt")
	}
	h = sara.get("/asnas/history")
	var tables, withs []string
	sharedCurrent(h).Each(func(_ int, s *goquery.Selection) {
		tables = append(tables, attr(s, "data-shared-current"))
		withs = append(withs, lineOf(s.Find("[data-with]")))
		if len(replayHrefs(s)) != 1 {
			t.Errorf("the match at %s lists %d deals, want its first", attr(s, "data-shared-current"), len(replayHrefs(s)))
		}
	})
	if !slices.Equal(tables, []string{withAli, withMina}) || !slices.Equal(withs, []string{"with Ali", "with Mina"}) {
		t.Errorf("Sara's shared matches in progress: %v %v, want the rematch with Ali, then the match with Mina", tables, withs)
	}
	cur := h.doc.Find(".history-current")
	if cur.Length() != 3 || attr(cur.First(), "data-shared-current") != "" || lineOf(cur.First().Find("[data-own]")) != "At your own table" {
		t.Errorf("%d matches in progress, the first at %q (%q): want Sara's own first, told apart, then the two shared",
			cur.Length(), attr(cur.First(), "data-shared-current"), lineOf(cur.First().Find("[data-own]")))
	}
	if back := attr(h.doc.Find("a[data-history-back]"), "href"); back != "/asnas" {
		t.Errorf("Sara, who has a table of her own, is led back to %q", back)
	}
	if got := strings.TrimSpace(h.doc.Find("#current-title").Text()); got != "Your matches in progress" {
		t.Errorf("the heading over three matches in progress: %q", got)
	}
	if h.doc.Find(`[data-current="over"]`).Length() != 0 {
		t.Error("the history says no match is in progress")
	}
	if g := sara.get("/guandan/history"); attr(sharedCurrent(g), "data-shared-current") != gpath || sharedCurrent(g).Length() != 1 {
		t.Errorf("Sara's Guandan history lists %d shared matches (%q), want the Guandan table's", sharedCurrent(g).Length(), attr(sharedCurrent(g), "data-shared-current"))
	}
	// Each player's history lists only their own tables; Mina has no other match, and her
	// heading is the one match's.
	if got := sharedCurrent(ali.get("/asnas/history")); got.Length() != 1 || attr(got, "data-shared-current") != withAli {
		t.Errorf("Ali's history lists %d shared matches (%q), want the rematch's", got.Length(), attr(got, "data-shared-current"))
	}
	mh := mina.get("/asnas/history")
	if got := sharedCurrent(mh); got.Length() != 1 || attr(got, "data-shared-current") != withMina {
		t.Errorf("Mina's history lists %d shared matches (%q), want hers", got.Length(), attr(got, "data-shared-current"))
	}
	if back := attr(mh.doc.Find("a[data-history-back]"), "href"); back != withMina {
		t.Errorf("Mina, who plays only with Sara, is led back to %q, want their table", back)
	}
	if got := strings.TrimSpace(mh.doc.Find("#current-title").Text()); got != "The current match" || mh.doc.Find("[data-own]").Length() != 0 {
		t.Errorf("Mina's heading over one match in progress: %q", got)
	}
	// Another player may not replay them: Mina not the match with Ali.
	sharedCurrent(h).Each(func(_ int, s *goquery.Selection) {
		if attr(s, "data-shared-current") != withAli {
			return
		}
		for _, href := range replayHrefs(s) {
			if r := mina.get(href); r.status != http.StatusNotFound {
				t.Errorf("Mina replays %s, a deal of the match with Ali: %d", href, r.status)
			}
		}
	})
}

// On Redis, shared by several processes, a player finds the match in progress in their
// history through either process, as it was dealt through the other.
func TestRedisSharedMatchInProgressInTheHistory(t *testing.T) {
	two := newTwoServers(t)
	sara, ali := two.saraAndAli(t)
	path := sara.openTable("asnas", "beginner", 0)
	ali.sit(path, 2)
	sara.post(path+"/start", nil)
	for _, c := range []struct {
		p          *player
		with, seat string
	}{{ali, "with Sara", "2"}, {sara, "with Ali", "0"}} {
		for i, srv := range two.srvs {
			p := &player{&testSite{t: t, srv: srv, client: c.p.client}, c.p.name}
			cur := sharedCurrent(p.get("/asnas/history"))
			if cur.Length() != 1 || attr(cur, "data-shared-current") != path || lineOf(cur.Find("[data-with]")) != c.with {
				t.Fatalf("%s's history through process %d: %d shared matches in progress (%q, %q)", p.name, i, cur.Length(),
					attr(cur, "data-shared-current"), lineOf(cur.Find("[data-with]")))
			}
			deals := replayHrefs(cur)
			if len(deals) != 1 {
				t.Fatalf("%s's history through process %d lists the deals %v, want the first", p.name, i, deals)
			}
			r := p.get(deals[0])
			if r.status != http.StatusOK || attr(r.doc.Find(".felt .seat").Last(), "data-seat") != c.seat {
				t.Errorf("%s replays the deal in progress through process %d: %d, seen from seat %q", p.name, i, r.status,
					attr(r.doc.Find(".felt .seat").Last(), "data-seat"))
			}
		}
	}
}

// A friends' match with no timer may be played over weeks: its place in the players'
// histories and its replays were written only when it was dealt, and expired under it while
// the table and the match, written at every move, lived on (the table then linked to a replay
// that answered 404). Each deal now keeps them.
func TestSharedMatchInProgressOutlivesTheStoresTime(t *testing.T) {
	clk := &clock{now: time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)}
	ts := newSite(t, func(c *Config) {
		c.Now = clk.Now
		c.Store = store.NewMemory(store.TTL, clk.Now)
	})
	path, players, _, _ := asnasPair(t, ts.as("Sara"), ts.as("Ali"), 0)
	ali := players["2"]
	for deal := 1; deal <= 3; deal++ {
		clk.add(12 * 24 * time.Hour)
		playToDealEnd(t, path, players)
		for _, p := range players {
			p.post(path+"/next", url.Values{"move": {rootOf(p.view(path), "data-move")}})
		}
	}
	clk.add(12 * 24 * time.Hour) // day 48: the match was dealt more than 30 days ago
	playToDealEnd(t, path, players)
	if n := sharedCurrent(ali.get("/asnas/history")).Length(); n != 1 {
		t.Errorf("on day 48 of the match Ali's history lists %d shared matches in progress, want it", n)
	}
	a := ali.view(path).doc.Find("a[data-deal-replay]")
	if r := ali.get(attr(a, "href")); a.Length() != 1 || r.status != http.StatusOK {
		t.Errorf("on day 48 the table's replay link %q answers %d, want 200", attr(a, "href"), r.status)
	}
}

// A player's list of tables is of matches in progress: eight finished matches of their own
// pushed out of it a match still being played with a friend.
func TestFinishedMatchesLeaveTheSharedOneInProgress(t *testing.T) {
	ts := newSite(t)
	sara, ali := ts.as("Sara"), ts.as("Ali")
	path, _, _, _ := asnasPair(t, sara, ali, 0)
	for range maxSeatedTables {
		finishedMatch(t, "asnas", 0, map[int]*player{0: ali})
	}
	got := sharedCurrent(ali.get("/asnas/history"))
	if got.Length() != 1 || attr(got, "data-shared-current") != path {
		t.Errorf("after %d finished matches of his own, Ali's history lists %d matches in progress (%q), want the one with Sara at %s",
			maxSeatedTables, got.Length(), attr(got, "data-shared-current"), path)
	}
}
