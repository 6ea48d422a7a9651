package web

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	aiguandan "github.com/cardavia/cardavia/ai/guandan"
	"github.com/cardavia/cardavia/record"
	gd "github.com/cardavia/cardavia/rules/guandan"
)

// GuandanPositionPath is where the browser tests (package web_test) put a prepared Guandan
// position in front of the visitor who asks: POST it with ?name= one of GuandanPositions.
const GuandanPositionPath = "/test/guandan/position"

// GuandanPositions are the positions the browser tests can ask for.
var GuandanPositions = []string{"return", "last-move", "pair", "wild", "lead"}

// WithGuandanPositions serves site (a *Server from New) with GuandanPositionPath beside it.
// The position becomes the requesting visitor's current Guandan match, as gprepare does in
// this package's tests:
//   - "return": the end of a deal after which the visitor owes a return (returnPosition):
//     Next deal leads to the tribute and the return.
//   - "last-move": a whole match played by the server's own AI in all four seats, up to the
//     visitor's last decision: the move the Hint gives leads, through the server's AI
//     seats, to the match's end, with every deal of the match in its story.
//   - "pair": East led a pair of 9s and both others passed (pairToBeat): the visitor's pair
//     of Kings beats it.
//   - "lead": the visitor leads at level 2 holding 8♠ 8♣ 9♠ 9♣ and the wild 2♥, which make
//     a full house of 8s or of 9s (followPosition).
//   - "wild": at level 5 East led a straight 8-Q with the wild 5♥ standing in for the Jack
//     and both others passed (wildToSee); the visitor holds the other wild beside the other
//     level cards.
func WithGuandanPositions(t *testing.T, site http.Handler) http.Handler {
	s, ok := site.(*Server)
	if !ok {
		t.Fatalf("WithGuandanPositions needs the *Server from New, got %T", site)
	}
	mux := http.NewServeMux()
	mux.Handle("/", s)
	mux.HandleFunc("POST "+GuandanPositionPath, func(w http.ResponseWriter, r *http.Request) {
		sess, err := s.sessions.Get(r, cookieName)
		id, _ := sess.Values["id"].(string)
		if err != nil || id == "" {
			http.Error(w, "no visitor: open a table first", http.StatusBadRequest)
			return
		}
		var g *record.Guandan
		switch name := r.URL.Query().Get("name"); name {
		case "return":
			g = returnPosition(t)
		case "last-move":
			g, err = lastMovePosition(s, 1)
		case "pair":
			g = pairToBeat(t)
		case "wild":
			g = wildToSee(t)
		case "lead":
			g = followPosition(t)
		default:
			err = fmt.Errorf("no position %q (there are %q)", name, GuandanPositions)
		}
		if err == nil {
			err = putGuandan(r.Context(), s, id, g)
		}
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
	return mux
}

// putGuandan stores g as the visitor's current Guandan match (guandanGame.put, with errors).
func putGuandan(ctx context.Context, s *Server, visitor string, g *record.Guandan) error {
	key := matchKey(g.ID)
	_, version, err := s.cfg.Store.Load(ctx, key)
	if err != nil {
		return err
	}
	if err := s.cfg.Store.CompareAndSwap(ctx, key, version, g.Encode()); err != nil {
		return err
	}
	return guandanGame.updateShelf(ctx, s, visitor, func(sh *shelf) { sh.Current = g.ID.String() })
}

// lastMovePosition plays whole matches (from seed on) with the server's Club AI in every seat,
// seeded by the position as the server seeds its AI seats, and returns the first one cut just
// before the visitor's last decision, when that decision is in the match's last deal and AI
// seats play after it: from
// there the visitor's Hint, then the server's own AI seats, play exactly to the match's end.
func lastMovePosition(s *Server, seed uint64) (*record.Guandan, error) {
	for ; seed < 20; seed++ {
		g := record.NewGuandan(record.NewID(), seed, time.Now().Unix())
		var cut []byte
		cutDeal, after := 0, 0
		for i := 0; g.Match().Phase() != gd.PhaseMatchOver; i++ {
			if i > 20000 {
				return nil, fmt.Errorf("match %d did not end", seed)
			}
			m := g.Match()
			seat := m.ToAct()
			var a gd.Action
			switch m.Phase() {
			case gd.PhaseDealOver:
				a = gd.Action{Kind: gd.ActNextDeal}
			case gd.PhaseReturn:
				p := s.guandanPlayer(nil, aiguandan.LevelClub, guandanSeed(m, seat))
				a = gd.Action{Kind: gd.ActReturn, Seat: seat, Card: p.Return(m.View(seat))}
			case gd.PhasePlay:
				p := s.guandanPlayer(nil, aiguandan.LevelClub, guandanSeed(m, seat))
				a = p.Play(m.View(seat))
				if seat == soloSeat {
					// The visitor's move is the Hint's.
					if adv, ok := p.(aiguandan.Advisor); ok {
						a, _ = adv.Advise(m.View(seat))
					}
					cut, cutDeal, after = g.Encode(), m.DealNo, 0
				} else {
					after++
				}
				a.Seat = seat
			default:
				return nil, fmt.Errorf("match %d: phase %v", seed, m.Phase())
			}
			if _, err := g.Apply(a); err != nil {
				return nil, fmt.Errorf("match %d: %v", seed, err)
			}
		}
		// The table replays the AI's moves after the visitor's: there must be some.
		if cut == nil || cutDeal != g.Match().DealNo || after == 0 {
			continue
		}
		return record.DecodeGuandan(cut)
	}
	return nil, fmt.Errorf("no match with the visitor's last decision in its last deal")
}

// wildToSee is the "wild" position: at level 5, East's straight 8-Q has the wild 5♥ in the
// Jack's place, both others passed, and the visitor, to play, holds the other 5♥ (wild) next
// to 5♠ 5♣ (level cards) and a stack of 6s.
func wildToSee(t *testing.T) *record.Guandan {
	t.Helper()
	hand := cardsOf(t, "5S 5C 6S 6D 4C KS KH 3C 9H JD QH RJ")
	hand.Add(gd.NewCard(gd.Five, gd.Hearts, 1))
	g := guandanPosition(gd.DealStart{Levels: [2]gd.Rank{gd.Five, gd.Five}, Level: gd.Five, Leader: 1, Hands: [4]gd.Set{
		hand,
		cardsOf(t, "8S 9D 10C QS 5H 2C"),
		cardsOf(t, "4S 7D"),
		cardsOf(t, "3S 7C 2D"),
	}})
	for _, a := range []gd.Action{
		{Kind: gd.ActPlay, Seat: 1, Cards: cardsOf(t, "8S 9D 10C QS 5H")},
		{Kind: gd.ActPass, Seat: 2},
		{Kind: gd.ActPass, Seat: 3},
	} {
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return g
}
