package web

import (
	"encoding/binary"
	"hash/fnv"
	"net/http"

	"github.com/cardavia/cardavia/rules/asnas"
	"github.com/cardavia/cardavia/web/views"
)

// asnasGame is the As-Nas table's plumbing.
var asnasGame = table[asnas.Match, asnas.Event]{
	game:     "asnas",
	newMatch: (*Server).newAsnasMatch,
	playAI:   (*Server).playAI,
}

// asnasNotices are the table's notices, by the value of the ?notice= parameter. Anything else
// in the parameter is ignored.
var asnasNotices = map[string]string{
	"stale":   "asnas.notice.stale",
	"expired": "asnas.notice.expired",
}

// newAsnasMatch deals a new match from a fresh seed and lets the AI seats act until it is the
// human's turn; its log starts with the deal and the opening bet.
func (s *Server) newAsnasMatch() (asnas.Match, []asnas.Event, error) {
	m := asnas.NewMatch(s.cfg.Seed())
	return s.playAI(m, m.Deal.OpeningEvents())
}

// playAI lets the configured AI seats act until the human is to act or the deal is over (see
// playAsnasAI; a visitor's chosen level replaces it, see asnasFor).
func (s *Server) playAI(m asnas.Match, log []asnas.Event) (asnas.Match, []asnas.Event, error) {
	return playAsnasAI(s.cfg.AsnasAI, m, log)
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
	h := fnv.New64a()
	var buf [8]byte
	for _, w := range words {
		binary.LittleEndian.PutUint64(buf[:], w)
		_, _ = h.Write(buf[:])
	}
	return h.Sum64()
}

// asnasTable shows the visitor's table, dealing a new match for a new visitor.
func (s *Server) asnasTable(w http.ResponseWriter, r *http.Request) error {
	rec, version, err := s.asnasFor(r).open(s, w, r)
	if err != nil {
		return err
	}
	t := views.AsnasTable{View: rec.Match.View(humanSeat), Move: version, Log: rec.Log, Notice: asnasNotices[r.URL.Query().Get("notice")]}
	t.AI = s.asnasAIPanel(r, rec.Match)
	return s.render(w, r, http.StatusOK, views.AsnasPage(s.chrome(r, "asnas"), t))
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
	return s.asnasFor(r).post(s, w, r, asnasGame.redirect, func(m asnas.Match) (asnas.Match, []asnas.Event, error) {
		return m.Apply(asnas.Action{Seat: humanSeat, Verb: verb})
	})
}

// asnasNext deals the next deal once the current one is over.
func (s *Server) asnasNext(w http.ResponseWriter, r *http.Request) error {
	if err := parseMoveForm(w, r); err != nil {
		return err
	}
	return s.asnasFor(r).post(s, w, r, asnasGame.redirect, asnas.Match.NextDeal)
}

// asnasRestartForm asks for confirmation before a match is thrown away.
func (s *Server) asnasRestartForm(w http.ResponseWriter, r *http.Request) error {
	return asnasGame.restartForm(s, w, r, views.AsnasRestartPage)
}

// asnasRestart starts a new match: the confirmed restart, or "New match" after the last deal.
func (s *Server) asnasRestart(w http.ResponseWriter, r *http.Request) error {
	if err := parseMoveForm(w, r); err != nil {
		return err
	}
	return s.asnasFor(r).post(s, w, r, asnasGame.redirect, s.asnasFor(r).restart(s))
}
