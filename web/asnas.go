package web

import (
	"net/http"

	"github.com/cardavia/cardavia/record"
	"github.com/cardavia/cardavia/rules/asnas"
	"github.com/cardavia/cardavia/web/views"
)

// asnasGame is the As-Nas table's plumbing.
var asnasGame = table[*record.Asnas]{
	game:    "asnas",
	deal:    (*Server).newAsnasMatch,
	decode:  record.DecodeAsnas,
	clone:   (*record.Asnas).Clone,
	id:      func(a *record.Asnas) record.ID { return a.ID },
	playAI:  (*Server).playAI,
	over:    func(a *record.Asnas) bool { return a.Match().Over() },
	summary: asnasSummary,
}

// newAsnasMatch deals match id from seed and lets the AI seats act until it is the human's
// turn.
func (s *Server) newAsnasMatch(id record.ID, seed uint64) (*record.Asnas, error) {
	a := record.NewAsnas(id, seed, s.cfg.Now().Unix())
	return a, s.playAI(a)
}

// playAI lets the configured AI seats act until the human is to act or the deal is over (see
// playAsnasAI; a visitor's chosen level replaces it, see asnasFor).
func (s *Server) playAI(a *record.Asnas) error {
	return playAsnasAI(s.cfg.AsnasAI, a)
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
	t := views.AsnasTable{View: humanView(a.Match()), Move: a.Token(), Log: a.DealLog(), Notice: views.ParseAsnasNotice(r.URL.Query().Get("notice"))}
	t.Learn = sh.Stats.Matches == 0
	t.AI = s.asnasAIPanel(r, a.Match())
	ch := s.chrome(r, "asnas")
	ch.SkipToHand = true
	return s.render(w, r, http.StatusOK, views.AsnasPage(ch, t))
}

// humanView is the match as the visitor sees it. Once a deal is over the visitor sees their
// own hand even if they never looked (as dealer, everybody may fold before their first turn);
// every other hand stays as the engine's view has it: a folded or uncontested hand is never
// shown (RULES.md).
func humanView(m asnas.Match) asnas.View {
	v := m.View(humanSeat)
	if me := &v.Seats[humanSeat]; v.DealOver && !me.Shown {
		h := m.Deal.Hands[humanSeat]
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
	return s.asnasFor(r).post(s, w, r, asnasGame.redirect, func(a *record.Asnas) (*record.Asnas, error) {
		_, err := a.Apply(asnas.Action{Seat: humanSeat, Verb: verb})
		return a, err
	})
}

// asnasNext deals the next deal once the current one is over.
func (s *Server) asnasNext(w http.ResponseWriter, r *http.Request) error {
	if err := parseMoveForm(w, r); err != nil {
		return err
	}
	return s.asnasFor(r).post(s, w, r, asnasGame.redirect, func(a *record.Asnas) (*record.Asnas, error) {
		_, err := a.NextDeal()
		return a, err
	})
}

// asnasRestartForm asks for confirmation before a match is thrown away.
func (s *Server) asnasRestartForm(w http.ResponseWriter, r *http.Request) error {
	return asnasGame.restartForm(s, w, r)
}

// asnasRestart starts a new match: the confirmed restart, or "New match" after the last deal.
func (s *Server) asnasRestart(w http.ResponseWriter, r *http.Request) error {
	if err := parseMoveForm(w, r); err != nil {
		return err
	}
	return s.asnasFor(r).post(s, w, r, asnasGame.redirect, s.asnasFor(r).restart(s))
}
