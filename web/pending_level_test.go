package web

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
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

// openingAt is the log of the match dealt from seed with the AI seats at level, up to the
// visitor's first move.
func openingAt(t *testing.T, s *Server, game, level string, seed uint64) string {
	t.Helper()
	ctx := context.Background()
	if game == "asnas" {
		a, err := asnasSoloAt(ctx, level).deal(ctx, s, record.NewID(), seed, soloSeats)
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(a.DealLog())
	}
	g, err := guandanSoloAt(ctx, level).deal(ctx, s, record.NewID(), seed, soloSeats)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprint(g.DealLog())
}

// levelsApart is a site dealing game's matches from seed, a seed whose opening (the AI seats'
// moves before the visitor's first) at level first differs from level other's, so that a test
// of which level deals a pending match can fail; setLevel chooses the visitor's level.
func levelsApart(t *testing.T, game string) (ts *testSite, seed uint64, first, other string, setLevel func(string)) {
	t.Helper()
	var next atomic.Uint64
	ts = newSite(t, func(c *Config) { c.Seed = func() uint64 { return next.Load() } })
	first, other = "club", "beginner"
	if game == "asnas" {
		first = "master"
	}
	for s := uint64(1); s < 500 && next.Load() == 0; s++ {
		if openingAt(t, ts.server, game, first, s) != openingAt(t, ts.server, game, other, s) {
			next.Store(s)
		}
	}
	if next.Load() == 0 {
		t.Fatal("no seed has the levels open a deal differently")
	}
	setLevel = func(level string) {
		ts.location("/settings/"+game+"-level", url.Values{"level": {level}, "return": {"/" + game}})
	}
	return ts, next.Load(), first, other, setLevel
}

// The AI seats' moves a table shows before the visitor's first move are played at the level
// the table was first shown at. A visitor who changes the level then sees the same moves again:
// the same hands played at another level would tell more of them, a level at a time. The
// first move keeps them, and the new level plays from the AI players' next move, as the level
// notice says.
func TestPendingMatchKeepsTheLevelItWasShownAt(t *testing.T) {
	for _, game := range []string{"asnas", "guandan"} {
		t.Run(game, func(t *testing.T) {
			ts, _, first, other, setLevel := levelsApart(t, game)
			setLevel(first)
			shown := ts.get("/" + game)
			opening := logLines(shown)
			setLevel(other)
			if again := logLines(ts.get("/" + game)); !slices.Equal(again, opening) {
				t.Fatalf("after a change of level the table shows %q, want the moves it showed: %q", again, opening)
			}
			// The replay of the deal up to the visitor's first move, from the history: the
			// same moves before that move (the pending match) and after it (the stored one).
			replayed := func(when string) {
				t.Helper()
				replay := attr(ts.get("/"+game+"/history").doc.Find("a[data-replay]").First(), "href")
				var steps []string                              // a step's page says what that step did
				for step := 1; step <= len(opening)-2; step++ { // the log's first two lines are the deal's start
					r := ts.get(fmt.Sprintf("%s?step=%d", replay, step))
					if r.status != http.StatusOK {
						t.Fatalf("%s, the replay's step %d: %d", when, step, r.status)
					}
					steps = append(steps, logLines(r)...)
				}
				if !slices.Equal(steps, opening[2:]) {
					t.Errorf("%s, the replay's steps say %q, want %q", when, steps, opening[2:])
				}
			}
			replayed("before the first move")
			if game == "asnas" {
				ts.post("/asnas/move", url.Values{"move": {moveOf(shown)}, "verb": {"fold"}})
			} else {
				ts.gpost("/guandan/pass", url.Values{"move": {shown.groot("data-move")}})
			}
			replayed("after the first move")
		})
	}
}

// A session cookie from before the pending match kept its level (its value the match's id and
// seed alone) is no pending match: dealt at the visitor's level of the moment, as it was, it
// showed the same hands played another way at each level the visitor chose before moving. Its
// table deals a match of its own, kept at the level it is first shown at like any other, and a
// first move from its page finds it gone, as from an expired cookie.
func TestPendingMatchFromBeforeTheLevelWasKept(t *testing.T) {
	for _, game := range []string{"asnas", "guandan"} {
		t.Run(game, func(t *testing.T) {
			ts, seed, first, other, setLevel := levelsApart(t, game)
			setLevel(first)
			// The cookie as the site wrote it before: the visitor's id and the pending match's
			// id and seed, no level.
			old := sessionCookie(t, ts.server.sessions, map[any]any{
				"id":              ts.visitorID(),
				"pending:" + game: record.NewID().String() + "." + strconv.FormatUint(seed, 16),
			})
			u, _ := url.Parse(ts.srv.URL)
			ts.client.Jar.SetCookies(u, []*http.Cookie{old})
			if loc := ts.location("/"+game+"/restart", url.Values{"move": {"1"}}); !strings.Contains(loc, "notice=expired") {
				t.Errorf("a first move from the cookie's table went to %s, want the expired notice", loc)
			}
			ts.client.Jar.SetCookies(u, []*http.Cookie{old})
			opening := logLines(ts.get("/" + game))
			setLevel(other)
			if again := logLines(ts.get("/" + game)); !slices.Equal(again, opening) {
				t.Fatalf("after a change of level the table shows %q, want the moves it showed: %q", again, opening)
			}
		})
	}
}
