package web

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	"github.com/a-h/templ"

	"github.com/cardavia/cardavia/web/store"
	"github.com/cardavia/cardavia/web/views"
)

// humanSeat is the visitor's seat at every table.
const humanSeat = 0

// maxFormBytes bounds a move's form: a few short fields.
const maxFormBytes = 4 << 10

// table is the plumbing every game table shares: storing the visitor's match, dealing the
// first one, and the shape of a move. A game brings its match type M, its event type E and
// what only it knows: how a match starts and how its AI seats act. The games' values are
// asnasGame and guandanGame; their methods take the Server as an argument because its
// configuration (store, seeds, AI players) is what they work with.
type table[M, E any] struct {
	// game names the table: the store key's prefix, the page's section and the table's path.
	game string
	// newMatch deals a match from a fresh seed and lets the AI seats act until the human is to
	// act; its log starts with the deal.
	newMatch func(s *Server) (M, []E, error)
	// playAI lets the AI seats act until the human is to act or nobody is, appending what they
	// did to the log.
	playAI func(s *Server, m M, log []E) (M, []E, error)
}

// step changes a match for one POST and returns the events it caused.
type step[M, E any] func(m M) (M, []E, error)

// open is the visitor's record and its version, with a first match dealt and saved for a
// new visitor.
func (t table[M, E]) open(s *Server, w http.ResponseWriter, r *http.Request) (*record[M, E], uint64, error) {
	id, err := s.ensureVisitor(w, r)
	if err != nil {
		return nil, 0, err
	}
	rec, version, err := t.load(r.Context(), s, id)
	if err != nil || rec != nil {
		return rec, version, err
	}
	if r.Method == http.MethodHead {
		// Nobody sees a HEAD's table: deal one to answer honestly, but keep nothing, so that
		// probes and crawlers do not fill the store.
		m, log, err := t.newMatch(s)
		return &record[M, E]{Match: m, Log: log}, version, err
	}
	return t.first(r.Context(), s, id, version)
}

// first deals and saves a visitor's first match. If another tab of the same visitor saved one
// first, that one is shown instead. A conflict with no record behind it (the janitor swept an
// expired match between our load and our save) is simply tried again.
func (t table[M, E]) first(ctx context.Context, s *Server, id string, version uint64) (*record[M, E], uint64, error) {
	m, log, err := t.newMatch(s)
	if err != nil {
		return nil, 0, err
	}
	rec := &record[M, E]{Match: m, Log: log}
	for range 3 {
		err = t.save(ctx, s, id, version, rec)
		if err == nil {
			s.metrics.MatchStarted(t.game)
			return rec, version + 1, nil
		}
		if !errors.Is(err, store.ErrConflict) {
			return nil, 0, err
		}
		var other *record[M, E]
		if other, version, err = t.load(ctx, s, id); err != nil || other != nil {
			return other, version, err
		}
	}
	return nil, 0, store.ErrConflict
}

// post is the shape of every move: read the move number, load the match, refuse a stale
// form without changing anything, apply the step, let the AI seats act, save with a
// compare-and-swap and answer 303 to the table through back, with a notice when the move did
// not happen. The step's own errors are returned as they are, for the game to map.
func (t table[M, E]) post(s *Server, w http.ResponseWriter, r *http.Request,
	back func(w http.ResponseWriter, r *http.Request, notice string) error, step step[M, E]) error {
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
		return back(w, r, "expired")
	}
	rec, version, err := t.load(ctx, s, id)
	if err != nil {
		return err
	}
	if rec == nil {
		return back(w, r, "expired")
	}
	if move != version {
		return back(w, r, "stale")
	}
	m, log, err := step(rec.Match)
	if err != nil {
		return err
	}
	if m, log, err = t.playAI(s, m, log); err != nil {
		return err
	}
	err = t.save(ctx, s, id, version, &record[M, E]{Match: m, Log: log})
	if errors.Is(err, store.ErrConflict) {
		// Another request of this visitor moved first; this form is now stale.
		return back(w, r, "stale")
	}
	if err != nil {
		return err
	}
	s.metrics.countFinished(t.game, rec.Match, m)
	return back(w, r, "")
}

// restart is the step that throws the match away and deals a new one, for the confirmed
// restart and for "New match" after the match.
func (t table[M, E]) restart(s *Server) step[M, E] {
	return func(M) (M, []E, error) {
		s.metrics.MatchStarted(t.game)
		return t.newMatch(s)
	}
}

// restartForm asks for confirmation before a match is thrown away. Without a match there is
// nothing to throw away, so the visitor goes to the table.
func (t table[M, E]) restartForm(s *Server, w http.ResponseWriter, r *http.Request,
	page func(ch views.Chrome, move uint64) templ.Component) error {
	id, err := s.ensureVisitor(w, r)
	if err != nil {
		return err
	}
	rec, version, err := t.load(r.Context(), s, id)
	if err != nil {
		return err
	}
	if rec == nil {
		return t.redirect(w, r, "")
	}
	return s.render(w, r, http.StatusOK, page(s.chrome(r, t.game), version))
}

// redirect answers 303 See Other to the table, with a notice ("" for none).
func (t table[M, E]) redirect(w http.ResponseWriter, r *http.Request, notice string) error {
	url := "/" + t.game
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
		return formError(err)
	}
	return nil
}
