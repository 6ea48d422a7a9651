package web

import (
	"context"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/cardavia/cardavia/record"
	gd "github.com/cardavia/cardavia/rules/guandan"
)

// The hidden-card audit of the shared tables: every player's page at every position, in the
// bytes as in the markup (auditAsnasSeat, auditGuandanSeat), a player whose seat the AI plays
// for a while, the replays of the match being played from each seat, and somebody who is not
// seated, who sees no card, no replay and no selection.

// feltOnly is a shared table's page with its root's data-game left out, so that the felt is
// the one game root the audits look for, as on a solo table's page.
func feltOnly(t *testing.T, p page) page {
	t.Helper()
	body := p.body
	for _, game := range []string{"asnas", "guandan"} {
		body = strings.Replace(body, `data-game="`+game+`" data-table`, `data-table`, 1)
	}
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if n := doc.Find("[data-game]").Length(); n != 1 {
		t.Fatalf("%d game roots on the shared table's page", n)
	}
	return page{status: p.status, header: p.header, body: body, doc: doc}
}

// sharedMatchOf is the id of the match being played at the shared table at path.
func sharedMatchOf(t *testing.T, ts *testSite, path string) record.ID {
	t.Helper()
	tb, err := ts.server.loadTable(context.Background(), path[strings.LastIndex(path, "/")+1:])
	if err != nil {
		t.Fatal(err)
	}
	id, ok := record.ParseID(tb.Match)
	if !ok {
		t.Fatalf("no match at %s", path)
	}
	return id
}

// auditStranger checks the table at path as somebody not seated at it sees it: no card, no
// replay of its match, no selection line.
func auditStranger(t *testing.T, eve *player, path, game string, id record.ID) {
	t.Helper()
	if p := eve.get(path); p.status != http.StatusOK || strings.Contains(p.body, "data-card") || p.doc.Find("a[data-replay]").Length() > 0 {
		t.Errorf("somebody not seated sees the table (%d) with %d cards", p.status, strings.Count(p.body, "data-card="))
	}
	if p := eve.get("/" + game + "/replay/" + id.String() + "/1"); p.status != http.StatusNotFound {
		t.Errorf("somebody not seated replays the match: %d", p.status)
	}
	if game == "guandan" {
		if p := eve.get(path + "/selection?card=0&card=54"); strings.Contains(p.body, "data-card") || strings.Contains(p.body, "data-verdict") {
			t.Errorf("somebody not seated gets a selection line:\n%s", p.body)
		}
	}
}

func TestHiddenCardsSharedAsnasRandomPlay(t *testing.T) {
	ts := newSite(t, bigSeeds(77))
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(77, 3))
	sara, ali, mina, eve := ts.as("Sara"), ts.as("Ali"), ts.as("Mina"), ts.as("Eve")
	path := sara.openTable("asnas", "beginner", 0)
	ali.sit(path, 1)
	mina.sit(path, 2)
	sara.post(path+"/start", nil)
	players := map[int]*player{0: sara, 1: ali, 2: mina}
	ids := map[int]string{0: sara.visitorID(), 1: ali.visitorID(), 2: mina.visitorID()}
	id := sharedMatchOf(t, ts, path)
	showdowns := 0
	for step := 0; ; step++ {
		if step == 400 {
			t.Fatal("the match did not end in 400 steps")
		}
		a, _, _, err := asnasGame.loadMatch(ctx, ts.server, id, false)
		if err != nil {
			t.Fatal(err)
		}
		m := a.Match()
		for seat, p := range players {
			auditAsnasSeat(t, m, seat, ids[seat], feltOnly(t, p.get(path)))
			if !m.Deal.Over() && step%5 != 0 {
				continue
			}
			// The replay of the deal being played (or just ended), at every step.
			for st := 0; st <= a.Steps(a.Deals()); st++ {
				r := p.get("/asnas/replay/" + id.String() + "/" + strconv.Itoa(a.Deals()) + "?step=" + strconv.Itoa(st))
				if r.status != http.StatusOK {
					t.Fatalf("%s's replay of step %d: %d", p.name, st, r.status)
				}
				at, _, err := a.At(a.Deals(), st)
				if err != nil {
					t.Fatal(err)
				}
				auditAsnasSeat(t, at, seat, ids[seat], r)
			}
		}
		auditStranger(t, eve, path, "asnas", id)
		switch step {
		case 10:
			ali.post(path+"/away", url.Values{"away": {"1"}})
		case 30:
			ali.post(path+"/back", url.Values{"back": {"1"}})
		}
		if m.Over() {
			break
		}
		if m.Deal.Over() {
			if m.Deal.Showdown {
				showdowns++
			}
			for _, p := range players {
				p.post(path+"/next", url.Values{"move": {rootOf(p.get(path), "data-move")}})
			}
			continue
		}
		p, ok := players[m.ToAct()]
		if !ok {
			t.Fatalf("the match waits for seat %d, an AI's", m.ToAct())
		}
		pg := p.get(path)
		var verbs []string
		pg.doc.Find(`form[action$="/move"] button[data-verb]`).Each(func(_ int, s *goquery.Selection) { verbs = append(verbs, attr(s, "value")) })
		if len(verbs) == 0 {
			continue // the AI plays the seat (Ali away)
		}
		v := verbs[rng.IntN(len(verbs))]
		if v == "fold" && rng.IntN(2) == 0 {
			v = verbs[0] // fewer folds, more showdowns
		}
		if r := p.post(path+"/move", url.Values{"move": {rootOf(pg, "data-move")}, "verb": {v}}); r.status != http.StatusSeeOther {
			t.Fatalf("%s's %s: %d", p.name, v, r.status)
		}
	}
	if showdowns == 0 {
		t.Error("no deal ended in a showdown: the audit missed the hands shown")
	}
}

func TestHiddenCardsSharedGuandanPlay(t *testing.T) {
	ts := newSite(t, bigSeeds(78))
	ctx := context.Background()
	sara, ali, eve := ts.as("Sara"), ts.as("Ali"), ts.as("Eve")
	path := sara.openTable("guandan", "beginner", 0)
	ali.sit(path, 1)
	sara.post(path+"/start", nil)
	players := map[int]*player{0: sara, 1: ali}
	ids := map[int]string{0: sara.visitorID(), 1: ali.visitorID()}
	id := sharedMatchOf(t, ts, path)
	for step := 0; ; step++ {
		if step == 300 {
			t.Fatal("the first deal did not end in 300 steps")
		}
		g, _, _, err := guandanGame.loadMatch(ctx, ts.server, id, false)
		if err != nil {
			t.Fatal(err)
		}
		m := g.Match()
		over := m.Phase() == gd.PhaseDealOver
		for seat, p := range players {
			// The table as the page shows it, and with the AI's plan of the hand, a hint asked
			// for (none among friends) and a selection of cards that are not all the player's.
			for _, q := range []string{"", "?arrange=plan&hint=1&card=0&card=54&card=107"} {
				auditGuandanSeat(t, m, seat, ids[seat], feltOnly(t, p.get(path+q)))
			}
			if sel := p.get(path + "/selection?card=0&card=54&card=107"); strings.Contains(sel.body, "data-card") {
				t.Errorf("%s's selection line shows cards:\n%s", p.name, sel.body)
			}
			if !over && step%40 != 0 {
				continue
			}
			// The replay of the deal, every step, with everyone's cards asked for: shown only
			// once it is over.
			for st := 0; st <= g.Steps(1); st++ {
				r := p.get("/guandan/replay/" + id.String() + "/1?open=1&step=" + strconv.Itoa(st))
				if r.status != http.StatusOK {
					t.Fatalf("%s's replay of step %d: %d", p.name, st, r.status)
				}
				if !over {
					at, _, err := g.At(1, st)
					if err != nil {
						t.Fatal(err)
					}
					auditGuandanSeat(t, at, seat, ids[seat], r)
				}
			}
		}
		auditStranger(t, eve, path, "guandan", id)
		switch step {
		case 10:
			ali.post(path+"/away", url.Values{"away": {"1"}})
		case 20:
			ali.post(path+"/back", url.Values{"back": {"1"}})
		}
		if over {
			return
		}
		if p, ok := players[m.ToAct()]; ok {
			guandanBot(p, path, p.get(path))
		}
	}
}
