package web

import (
	"context"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/cardavia/cardavia/record"
	"github.com/cardavia/cardavia/rules/asnas"
	"github.com/cardavia/cardavia/web/views"
)

// asnasGame is the As-Nas table's plumbing with the configured AI players. A page that deals a
// visitor's match takes asnasFor(r), which seats the level they chose.
var asnasGame = asnasWith(func(_ context.Context, s *Server, a *record.Asnas, humans seats) error {
	return playAsnasAI(s.cfg.AsnasAI, a, humans)
})

// asnasWith is the As-Nas table's plumbing whose AI seats act by playAI, until a human is to
// act or the deal is over, in every match it deals as in every move.
func asnasWith(playAI func(ctx context.Context, s *Server, a *record.Asnas, humans seats) error) table[*record.Asnas] {
	return table[*record.Asnas]{
		game: "asnas",
		deal: func(ctx context.Context, s *Server, id record.ID, seed uint64, humans seats) (*record.Asnas, error) {
			a := record.NewAsnas(id, seed, s.cfg.Now().Unix())
			return a, playAI(ctx, s, a, humans)
		},
		decode:  record.DecodeAsnas,
		clone:   (*record.Asnas).Clone,
		id:      func(a *record.Asnas) record.ID { return a.ID },
		playAI:  playAI,
		over:    func(a *record.Asnas) bool { return a.Match().Over() },
		playing: func(a *record.Asnas) bool { return !a.Match().DealOver() },
		summary: asnasSummary,
	}
}

// decisionSeed derives an AI decision's seed from the match seed and the position: the same
// position of the same match always gets the same seed.
func decisionSeed(m asnas.Match, seat int) uint64 {
	d := m.Deal
	words := []uint64{m.Seed, uint64(m.DealNo), uint64(seat), uint64(d.HighBet)}
	for s := range asnas.NumSeats {
		var flags uint64
		for i, b := range []bool{d.Looked[s], d.Acted[s], d.Folded[s]} {
			if b {
				flags |= 1 << i
			}
		}
		words = append(words, uint64(d.Stakes[s]), uint64(d.Raises[s]), flags)
	}
	return positionSeed(words...)
}

// asnasTable shows the visitor's table, dealing a new match for a new visitor.
func (s *Server) asnasTable(w http.ResponseWriter, r *http.Request) error {
	a, sh, err := s.asnasFor(r).open(s, w, r)
	if err != nil {
		return err
	}
	t := views.AsnasTable{View: seatView(a.Match(), soloSeat), Move: a.Token(), Log: a.DealLog(), Notice: views.ParseAsnasNotice(r.URL.Query().Get("notice"))}
	t.DealReplay = dealReplay("asnas", a.ID, t.View.DealNo, t.View.DealOver)
	if t.AI, err = s.asnasAIPanel(w, r, a.Match()); err != nil {
		return err
	}
	t.Learn = s.offersLesson(r, "asnas", sh.Stats.Matches)
	ch := s.chrome(r, "asnas")
	ch.SkipToHand = views.AsnasHand
	return s.render(w, r, http.StatusOK, views.AsnasPage(ch, t))
}

// seatView is the match as the player at seat sees it. Once a deal is over a player sees
// their own hand even if they never looked (as dealer, everybody may fold before their first
// turn); every other hand stays as the engine's view has it: a folded or uncontested hand is
// never shown (RULES.md).
func seatView(m asnas.Match, seat int) asnas.View {
	v := m.View(seat)
	if me := &v.Seats[seat]; v.DealOver && !me.Shown {
		h := m.Deal.Hands[seat]
		me.Hand, me.Shown, me.Category = h, true, asnas.Evaluate(h).Category()
	}
	return v
}

// asnasMove applies the human's verb.
func (s *Server) asnasMove(w http.ResponseWriter, r *http.Request) error {
	if err := parseMoveForm(w, r); err != nil {
		return err
	}
	verb, err := asnas.ParseVerb(r.PostFormValue("verb"))
	if err != nil {
		return badRequest("unknown verb")
	}
	return s.asnasPost(w, r, func(a *record.Asnas, seat int) (*record.Asnas, error) {
		_, err := a.Apply(asnas.Action{Seat: seat, Verb: verb})
		return a, err
	})
}

// asnasPost plays a step at the visitor's solo table, or at the shared table of the path.
func (s *Server) asnasPost(w http.ResponseWriter, r *http.Request, st step[*record.Asnas]) error {
	if id := chi.URLParam(r, "table"); id != "" {
		return sharedPost(s, w, r, asnasAt, sharedRedirect("asnas", id), st)
	}
	return s.asnasFor(r).post(s, w, r, asnasGame.redirect, st)
}

// asnasNext deals the next deal once the current one is over.
func (s *Server) asnasNext(w http.ResponseWriter, r *http.Request) error {
	if err := parseMoveForm(w, r); err != nil {
		return err
	}
	if id := chi.URLParam(r, "table"); id != "" {
		return sharedMove(s, w, r, asnasAt, sharedRedirect("asnas", id), asnasNextDeal, true)
	}
	return s.asnasPost(w, r, asnasNextDeal)
}

// asnasNextDeal is the step of Next deal.
func asnasNextDeal(a *record.Asnas, _ int) (*record.Asnas, error) {
	_, err := a.NextDeal()
	return a, err
}

// asnasRestartForm asks for confirmation before a match is thrown away.
func (s *Server) asnasRestartForm(w http.ResponseWriter, r *http.Request) error {
	return s.asnasFor(r).restartForm(s, w, r)
}

// asnasRestart starts a new match: the confirmed restart, or "New match" after the last deal.
func (s *Server) asnasRestart(w http.ResponseWriter, r *http.Request) error {
	if err := parseMoveForm(w, r); err != nil {
		return err
	}
	return s.asnasFor(r).post(s, w, r, asnasGame.redirect, s.asnasFor(r).restart(r.Context(), s))
}
