package web

import (
	"net/http"
	"net/url"
	"sync/atomic"
	"testing"

	aiasnas "github.com/cardavia/cardavia/ai/asnas"
	"github.com/cardavia/cardavia/record"
)

// aiFirstSeed is a match seed whose first deal has an AI seat act before the visitor, at both
// tables: only then does the level matter to the match a table shows before the first move.
func aiFirstSeed(t *testing.T) uint64 {
	t.Helper()
	for seed := uint64(1); seed < 1000; seed++ {
		a := record.NewAsnas(record.NewID(), seed, 0)
		g := record.NewGuandan(record.NewID(), seed, 0)
		if a.Match().ToAct() != soloSeat && g.Match().ToAct() != soloSeat {
			return seed
		}
	}
	t.Fatal("no seed lets an AI seat act first at both tables")
	return 0
}

// A visitor who chose a level before their first move sees their pending match dealt at that
// level on every page: the table, the history, a replay, the Guandan selection line and the
// restart forms. The default level's players (the configured ones) are never asked, and a
// restart form carries the move number of the table's match, the one its POST checks.
func TestPendingMatchAtTheVisitorsLevel(t *testing.T) {
	seed := aiFirstSeed(t)
	var defaultDecisions atomic.Int64
	ts := newSite(t, func(c *Config) {
		c.Seed = func() uint64 { return seed }
		c.AsnasAI = func(s uint64) AsnasAI { defaultDecisions.Add(1); return aiasnas.NewPlayer(s) }
		c.GuandanAI = func(s uint64) GuandanAI { defaultDecisions.Add(1); return testGuandanAI(s) }
	})
	for _, path := range []string{"/settings/asnas-level", "/settings/guandan-level"} {
		ts.location(path, url.Values{"level": {"beginner"}, "return": {"/"}})
	}
	for _, game := range []string{"asnas", "guandan"} {
		table := ts.get("/" + game)
		if table.status != http.StatusOK {
			t.Fatalf("%s table: %d", game, table.status)
		}
		move := attr(table.doc.Find(`[data-game="`+game+`"]`), "data-move")
		history := ts.get("/" + game + "/history")
		replay := attr(history.doc.Find("a[data-replay]").First(), "href")
		if history.status != http.StatusOK || replay == "" {
			t.Fatalf("%s history: %d, replay link %q", game, history.status, replay)
		}
		restart := ts.get("/" + game + "/restart")
		if got := attr(restart.doc.Find(`input[name="move"]`), "value"); restart.status != http.StatusOK || got != move {
			t.Errorf("%s restart form: %d with move %q, want the table's %q", game, restart.status, got, move)
		}
		pages := []string{replay, replay + "?step=1"}
		if game == "guandan" {
			pages = append(pages, "/guandan/selection?card=1")
		}
		for _, path := range pages {
			if p := ts.get(path); p.status != http.StatusOK {
				t.Errorf("GET %s: %d", path, p.status)
			}
		}
	}
	if n := defaultDecisions.Load(); n != 0 {
		t.Errorf("the default level's players made %d decisions for a visitor at beginner", n)
	}
}
