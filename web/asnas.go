package web

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"net/http"
	"strconv"

	"github.com/cardavia/cardavia/rules/asnas"
	"github.com/cardavia/cardavia/web/store"
	"github.com/cardavia/cardavia/web/views"
)

// humanSeat is the visitor's seat at every table.
const humanSeat = 0

// maxFormBytes bounds a move's form: a few short fields.
const maxFormBytes = 4 << 10

// maxAISteps bounds the AI seats' turns in one request. A deal has at most a few dozen actions;
// an AI that never ends its turn is a bug, reported as such instead of looping forever.
const maxAISteps = 200

// asnasRecord is what the store keeps for one visitor's As-Nas table: the engine's match and
// the events since the human's last move, for the log.
type asnasRecord struct {
	Match asnas.Match   `json:"match"`
	Log   []asnas.Event `json:"log"`
}

// notices are the table's notices, by the value of the ?notice= parameter. Anything else in
// the parameter is ignored.
var notices = map[string]string{
	"stale":   "asnas.notice.stale",
	"expired": "asnas.notice.expired",
}

func asnasKey(id string) string { return "asnas:" + id }

// loadAsnas returns the visitor's record (nil when there is none) and its version.
func (s *Server) loadAsnas(ctx context.Context, id string) (*asnasRecord, uint64, error) {
	return loadRecord[asnasRecord](ctx, s, asnasKey(id))
}

// saveAsnas writes rec if the stored version is still version; the new version is version+1.
func (s *Server) saveAsnas(ctx context.Context, id string, version uint64, rec *asnasRecord) error {
	return saveRecord(ctx, s, asnasKey(id), version, rec)
}

// newAsnasMatch deals a new match from a fresh seed and lets the AI seats act until it is the
// human's turn; its log starts with the deal and the opening bet.
func (s *Server) newAsnasMatch() (asnas.Match, []asnas.Event, error) {
	m := asnas.NewMatch(s.cfg.Seed())
	return s.playAI(m, m.Deal.OpeningEvents())
}

// firstAsnasMatch deals and saves a visitor's first match. If another tab of the same visitor
// saved one first, that one is shown instead.
func (s *Server) firstAsnasMatch(ctx context.Context, id string, version uint64) (*asnasRecord, uint64, error) {
	m, log, err := s.newAsnasMatch()
	if err != nil {
		return nil, 0, err
	}
	rec := &asnasRecord{Match: m, Log: log}
	err = s.saveAsnas(ctx, id, version, rec)
	if err == nil {
		return rec, version + 1, nil
	}
	if !errors.Is(err, store.ErrConflict) {
		return nil, 0, err
	}
	rec, version, err = s.loadAsnas(ctx, id)
	if err == nil && rec == nil {
		err = store.ErrConflict
	}
	return rec, version, err
}

// playAI lets the AI seats act until the human is to act or the deal is over, and appends what
// they did to log. An AI that picks an illegal verb is a server error, not the visitor's.
func (s *Server) playAI(m asnas.Match, log []asnas.Event) (asnas.Match, []asnas.Event, error) {
	for range maxAISteps {
		seat := m.ToAct()
		if seat < 0 || seat == humanSeat {
			return m, log, nil
		}
		verb := s.cfg.AsnasAI(decisionSeed(m, seat)).Decide(m.View(seat))
		next, ev, err := m.Apply(asnas.Action{Seat: seat, Verb: verb})
		if err != nil {
			// %v, not %w: the engine's error must not be mapped to a 4xx as if the visitor erred.
			return m, log, fmt.Errorf("web: AI at seat %d chose %v: %v", seat, verb, err)
		}
		m, log = next, append(log, ev...)
	}
	return m, log, errors.New("web: the AI seats did not end their turns")
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
	ctx := r.Context()
	id, err := s.ensureVisitor(w, r)
	if err != nil {
		return err
	}
	rec, version, err := s.loadAsnas(ctx, id)
	if err != nil {
		return err
	}
	if rec == nil {
		if rec, version, err = s.firstAsnasMatch(ctx, id, version); err != nil {
			return err
		}
	}
	t := views.AsnasTable{View: rec.Match.View(humanSeat), Move: version, Log: rec.Log, Notice: notices[r.URL.Query().Get("notice")]}
	return s.render(w, r, http.StatusOK, views.AsnasPage(s.chrome(r, "asnas"), t))
}

// asnasStep changes a match for one POST and returns the events it caused.
type asnasStep func(m asnas.Match) (asnas.Match, []asnas.Event, error)

// asnasPost is the shape of every move: read the move number, load the match, refuse a stale
// form without changing anything, apply the step, let the AI seats act, save with a
// compare-and-swap and answer 303 to the table.
func (s *Server) asnasPost(w http.ResponseWriter, r *http.Request, step asnasStep) error {
	ctx := r.Context()
	move, err := strconv.ParseUint(r.PostFormValue("move"), 10, 64)
	if err != nil {
		return badRequest("missing or garbled move number")
	}
	known := visitorFrom(ctx).id != ""
	id, err := s.ensureVisitor(w, r)
	if err != nil {
		return err
	}
	if !known {
		// No valid cookie: a new visitor (or a tampered or expired cookie). They get a fresh
		// table; nothing of anybody's match changes.
		return redirectTable(w, r, "expired")
	}
	rec, version, err := s.loadAsnas(ctx, id)
	if err != nil {
		return err
	}
	if rec == nil {
		return redirectTable(w, r, "expired")
	}
	if move != version {
		return redirectTable(w, r, "stale")
	}
	m, log, err := step(rec.Match)
	if err != nil {
		return err
	}
	if m, log, err = s.playAI(m, log); err != nil {
		return err
	}
	err = s.saveAsnas(ctx, id, version, &asnasRecord{Match: m, Log: log})
	if errors.Is(err, store.ErrConflict) {
		// Another request of this visitor moved first; this form is now stale.
		return redirectTable(w, r, "stale")
	}
	if err != nil {
		return err
	}
	return redirectTable(w, r, "")
}

func redirectTable(w http.ResponseWriter, r *http.Request, notice string) error {
	url := "/asnas"
	if notice != "" {
		url += "?notice=" + notice
	}
	http.Redirect(w, r, url, http.StatusSeeOther)
	return nil
}

// parseMoveForm reads a POST form of bounded size.
func parseMoveForm(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	if err := r.ParseForm(); err != nil {
		return badRequest("unreadable form")
	}
	return nil
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
	return s.asnasPost(w, r, func(m asnas.Match) (asnas.Match, []asnas.Event, error) {
		return m.Apply(asnas.Action{Seat: humanSeat, Verb: verb})
	})
}

// asnasNext deals the next deal once the current one is over.
func (s *Server) asnasNext(w http.ResponseWriter, r *http.Request) error {
	if err := parseMoveForm(w, r); err != nil {
		return err
	}
	return s.asnasPost(w, r, func(m asnas.Match) (asnas.Match, []asnas.Event, error) {
		return m.NextDeal()
	})
}

// asnasRestartForm asks for confirmation before a match is thrown away.
func (s *Server) asnasRestartForm(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	id, err := s.ensureVisitor(w, r)
	if err != nil {
		return err
	}
	rec, version, err := s.loadAsnas(ctx, id)
	if err != nil {
		return err
	}
	if rec == nil {
		return redirectTable(w, r, "")
	}
	return s.render(w, r, http.StatusOK, views.AsnasRestartPage(s.chrome(r, "asnas"), version))
}

// asnasRestart starts a new match: the confirmed restart, or "New match" after the last deal.
func (s *Server) asnasRestart(w http.ResponseWriter, r *http.Request) error {
	if err := parseMoveForm(w, r); err != nil {
		return err
	}
	return s.asnasPost(w, r, func(asnas.Match) (asnas.Match, []asnas.Event, error) {
		return s.newAsnasMatch()
	})
}
