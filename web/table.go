package web

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"sync"

	"github.com/cardavia/cardavia/record"
	"github.com/cardavia/cardavia/web/store"
	"github.com/cardavia/cardavia/web/views"
)

// soloSeat is the visitor's seat at a solo table; a shared table's players hold the seats
// their sessions say (see sharedTable).
const soloSeat = 0

// seats is a set of seats, bit s for seat s: the seats humans hold at a table, where the AI
// seats stop and wait.
type seats uint8

// soloSeats are the human seats of a solo table: the visitor's alone.
const soloSeats seats = 1 << soloSeat

// has tells whether seat is in the set.
func (h seats) has(seat int) bool { return seat >= 0 && seat < 8 && h&(1<<seat) != 0 }

// maxFormBytes bounds a move's form: a few short fields.
const maxFormBytes = 4 << 10

// liveMatch is a match being played, as the record package keeps it: its record and the state
// it replays to (*record.Asnas, *record.Guandan).
type liveMatch interface {
	// Token is the move number of the current position: the match's id and its moves.
	Token() uint64
	// Encode is the stored record.
	Encode() []byte
	// Deals is the number of deals dealt, the one being played among them.
	Deals() int
	// Acted tells whether seat has acted in the current deal.
	Acted(seat int) bool
}

// table is the plumbing every game table shares: finding the visitor's match, dealing the
// first one, and the shape of a move. A game brings its live match type L and what only it
// knows: how a match is dealt, read and summed up, and how its AI seats act. The games' values
// are asnasGame and guandanGame; their functions take the Server as an argument because its
// configuration (store, seeds, AI players) is what they work with.
type table[L liveMatch] struct {
	// game names the table: the store keys' part, the page's section and the table's path.
	game string
	// level names the level of the AI seats ("" for the configured AI), and at is the game's
	// table at another such level (nil for a table that is not a visitor's: see dealPending).
	level string
	at    func(ctx context.Context, level string) table[L]
	// deal starts match id from seed and lets the AI seats act until one of the humans is to
	// act.
	deal func(ctx context.Context, s *Server, id record.ID, seed uint64, humans seats) (L, error)
	// decode reads a stored record.
	decode func([]byte) (L, error)
	// clone copies a match so that the copy can be played on while the original is read.
	clone func(L) L
	// id is the match's id.
	id func(L) record.ID
	// playAI lets the AI seats act until one of the humans is to act or nobody is. ctx is the
	// request's: once it ends the AI stops and its error is returned (see guandanAIAt).
	playAI func(ctx context.Context, s *Server, l L, humans seats) error
	// over tells whether the match has ended.
	over func(L) bool
	// playing tells whether the match's last deal is still being played (its end not come).
	playing func(L) bool
	// summary sums up a finished match for the history of the player at a seat.
	summary func(l L, seat int) pastMatch
}

// step changes a match for one POST: it plays the action of the human at seat on l, or
// returns another match (a restart).
type step[L liveMatch] func(l L, seat int) (L, error)

// matchKey is where a match's record is stored.
func matchKey(id record.ID) string { return "match:" + id.String() }

// replacedKey marks a match that a restart has replaced; it is written once.
func replacedKey(id record.ID) string { return "replaced:" + id.String() }

// loadMatch reads a stored match; ok is false when there is none under id or it no longer
// decodes (a format or rules change, damage: logged, and its visitor gets a fresh table).
// A shared match is only read, never changed: it may come from the decoded matches (see
// decodedCache) and be read by other requests at the same time. One that is not shared is the
// caller's own to play on: a clone of the decoded match when there is one, which costs a
// fraction of decoding (replaying the deal's moves) again.
func (t table[L]) loadMatch(ctx context.Context, s *Server, id record.ID, shared bool) (l L, version uint64, ok bool, err error) {
	data, version, err := s.cfg.Store.Load(ctx, matchKey(id))
	if err != nil || data == nil {
		return l, version, false, err
	}
	if m, ok := s.decoded.get(id, data); ok {
		if l, ok := m.(L); ok {
			if !shared {
				l = t.clone(l)
			}
			return l, version, true, nil
		}
	}
	l, err = t.decode(data)
	if err != nil {
		s.log.WarnContext(ctx, "stored match unreadable; starting afresh", "game", t.game, "match", id.String(), "err", err)
		return l, version, false, nil
	}
	if shared {
		s.decoded.put(id, slices.Clone(data), l)
	}
	return l, version, true, nil
}

// current is the visitor's stored current match, if there is one, with its shelf; shared as
// for loadMatch. What a move stored but could not file on the shelf (see post) is filed on the
// way: the match the visitor's cookie names as unfiled, and the current match once it is over
// and not yet among the finished ones.
func (t table[L]) current(ctx context.Context, s *Server, visitor string, shared bool) (l L, version uint64, sh storedShelf, ok bool, err error) {
	sh.shelf, sh.version, err = t.loadShelf(ctx, s, visitor)
	if err != nil {
		return l, 0, sh, false, err
	}
	t.fileUnfiled(ctx, s, visitor, &sh)
	id, has := record.ParseID(sh.Current)
	if !has {
		return l, 0, sh, false, nil
	}
	l, version, ok, err = t.loadMatch(ctx, s, id, shared)
	if err == nil && ok && t.over(l) && !sh.has(sh.Current) {
		t.mend(ctx, s, visitor, &sh, t.shelving(s, sh.shelf, l))
	}
	return l, version, sh, ok, err
}

// peek is the match the visitor's table shows, without storing or minting anything: their
// stored current match, else the pending one their cookie names; ok is false for neither.
func (t table[L]) peek(s *Server, r *http.Request) (l L, ok bool, err error) {
	ctx := r.Context()
	v := visitorFrom(ctx)
	if v.id != "" {
		if l, _, _, ok, err = t.current(ctx, s, v.id, true); err != nil || ok {
			return l, ok, err
		}
	}
	if v.session == nil {
		return l, false, nil
	}
	p := t.pending(s, v, false)
	if p.id == 0 {
		return l, false, nil
	}
	l, err = t.dealPending(ctx, s, p)
	return l, err == nil, err
}

// open is the match a table page shows: the visitor's stored current match, or else the
// match their first move will start, dealt from the seed in their cookie and not stored.
// A passer-by costs nothing but the cookie; their first POST deals the same match again.
// The visitor's shelf, read on the way, comes with it (empty for a visitor without one).
func (t table[L]) open(s *Server, w http.ResponseWriter, r *http.Request) (L, shelf, error) {
	ctx := r.Context()
	sh := shelf{Version: shelfVersion}
	if v := visitorFrom(ctx); v.id != "" {
		l, _, stored, ok, err := t.current(ctx, s, v.id, true)
		if err != nil || ok {
			if err == nil {
				_, err = s.ensureVisitor(w, r)
			}
			return l, stored.shelf, err
		}
		sh = stored.shelf
	}
	var p pending
	if _, err := s.saveVisitor(w, r, func(v *visitorState) { p = t.pending(s, v, true) }); err != nil {
		var zero L
		return zero, sh, err
	}
	l, err := t.dealPending(ctx, s, p)
	return l, sh, err
}

// look is open for a page that only shows what the visitor has: the match their table shows
// them (ok false when they have never opened it) and their shelf. It neither deals a match
// nor writes the session: a visitor whose first page is the history is not shown a match in
// progress they have never seen.
func (t table[L]) look(s *Server, r *http.Request) (l L, sh shelf, ok bool, err error) {
	ctx := r.Context()
	sh = shelf{Version: shelfVersion}
	v := visitorFrom(ctx)
	if v.id != "" {
		l, _, stored, found, err := t.current(ctx, s, v.id, true)
		if err != nil || found {
			return l, stored.shelf, found, err
		}
		sh = stored.shelf
	}
	if v.session != nil {
		if p := t.pending(s, v, false); p != (pending{}) {
			l, err = t.dealPending(ctx, s, p)
			return l, sh, err == nil, err
		}
	}
	return l, sh, false, nil
}

// post is the shape of every move: read the move number, find the match, refuse a stale form
// without changing anything, apply the step, let the AI seats act, save with a
// compare-and-swap, keep the visitor's shelf up to date and answer 303 to the table through
// back, with a notice when the move did not happen. The step's own errors are returned as
// they are, for the game to map.
func (t table[L]) post(s *Server, w http.ResponseWriter, r *http.Request,
	back func(w http.ResponseWriter, r *http.Request, notice views.Notice) error, st step[L]) error {
	ctx := r.Context()
	move, err := strconv.ParseUint(r.PostFormValue("move"), 10, 64)
	if err != nil {
		return badRequest("missing or garbled move number")
	}
	v := visitorFrom(ctx)
	if v.id == "" {
		// No valid cookie: a new visitor (or a tampered or expired cookie). They get a fresh
		// table; nothing of anybody's match changes.
		return t.answer(s, w, r, back, views.NoticeExpired, nil)
	}
	l, version, sh, ok, err := t.current(ctx, s, v.id, false) // the move changes it
	if err != nil {
		return err
	}
	fresh := !ok
	if fresh {
		// The visitor's first move: the match the table showed them, from their cookie.
		// It is stored from nothing (version 0), so that when another tab's first move got
		// there first (or, once in 2^40, another match has this id) the write is refused.
		p := t.pending(s, v, false)
		if p.id == 0 {
			return t.answer(s, w, r, back, views.NoticeExpired, nil)
		}
		if l, err = t.dealPending(ctx, s, p); err != nil {
			return err
		}
		version = 0
	}
	if move != l.Token() {
		return t.answer(s, w, r, back, views.NoticeStale, nil)
	}
	// The step may change l in place: what the match was before is read now.
	old, wasOver := l, t.over(l)
	if l, err = st(l, soloSeat); err != nil {
		return err
	}
	if err := t.playAI(ctx, s, l, soloSeats); err != nil {
		return err
	}
	data := l.Encode()
	swaps := []store.Swap{{Key: matchKey(t.id(l)), Version: version, Data: data}}
	if t.id(l) != t.id(old) {
		// A restart. In the same write it claims the old match's one "replaced" mark (written
		// once, from nothing), so that of two racing restarts only one wins, even when the
		// other loaded the old match after the first had claimed it, and stores the new match
		// under its own, so far unused, key.
		swaps = []store.Swap{{Key: replacedKey(t.id(old)), Data: []byte{1}}, {Key: matchKey(t.id(l)), Data: data}}
	}
	// The shelf changes with the move when the match begins, ends or the shelf is due to be
	// kept alive: then it goes in the same write, one commit for the player to wait for. If
	// that write is refused, the match alone is tried: a shelf changed meanwhile (another
	// tab's move) must not refuse the move, which then updates the shelf on its own.
	filing := t.shelving(s, sh.shelf, l)
	shelved := false
	if filing != nil {
		out, err := encodeShelf(s, sh.shelf, filing)
		if err != nil {
			return err
		}
		shelved = s.cfg.Store.CompareAndSwapAll(ctx, append(swaps, store.Swap{Key: t.shelfKey(v.id), Version: sh.version, Data: out})...) == nil
	}
	if !shelved {
		err = s.cfg.Store.CompareAndSwapAll(ctx, swaps...)
	}
	if errors.Is(err, store.ErrConflict) {
		// Another request of this visitor moved first; this form is now stale. If it was the
		// first move, the pending match is taken: the next table gets a new one.
		var change func(*visitorState)
		if fresh {
			change = t.dropPending
		}
		return t.answer(s, w, r, back, views.NoticeStale, change)
	}
	if err != nil {
		return err
	}
	// The table the redirect shows reads the match just stored: from here on l is only read.
	s.decoded.put(t.id(l), data, l)
	// The move is saved even when its filing fails: the player's move stands, the failure is
	// reported, and the visitor's next request at this table files it (see current). A match
	// the shelf does not point to yet is named in the cookie for that.
	unfiled := ""
	if filing != nil && !shelved {
		if err := t.updateShelf(ctx, s, v.id, filing); err != nil {
			s.log.ErrorContext(ctx, "update shelf", "game", t.game, "match", t.id(l).String(), "err", err)
			s.metrics.ShelfUpdateFailed(t.game)
			if sh.Current != t.id(l).String() {
				unfiled = sh.Current + "." + t.id(l).String()
			}
		}
	}
	if t.id(l) != t.id(old) || fresh {
		s.metrics.MatchStarted(t.game)
	}
	if t.over(l) && !wasOver {
		s.metrics.MatchFinished(t.game)
	}
	return t.answer(s, w, r, back, views.NoticeNone, func(v *visitorState) {
		if fresh {
			t.dropPending(v)
		}
		if unfiled != "" {
			v.session.Values[t.unfiledKey()] = unfiled
		}
	})
}

// answer sends the cookie (renewing its 30 days, with change applied to the session) and
// redirects through back.
func (t table[L]) answer(s *Server, w http.ResponseWriter, r *http.Request,
	back func(w http.ResponseWriter, r *http.Request, notice views.Notice) error, notice views.Notice, change func(*visitorState)) error {
	if _, err := s.saveVisitor(w, r, change); err != nil {
		return err
	}
	return back(w, r, notice)
}

// shelving is how a move on l changes the visitor's shelf sh, or nil when it does not: l
// becomes the current match, a finished match goes to the past ones, and the shelf is written
// again once a day so that it lives as long as the matches it points to. The change may be
// applied to a shelf read later than sh.
func (t table[L]) shelving(s *Server, sh shelf, l L) func(*shelf) {
	id := t.id(l).String()
	finished := t.over(l) && !sh.has(id)
	if sh.Current == id && !finished && !sh.stale(s.cfg.Now()) {
		return nil
	}
	var past *pastMatch
	if finished {
		p := t.summary(l, soloSeat)
		p.ID, p.Finished = id, s.cfg.Now().Unix()
		past = &p
	}
	return func(sh *shelf) {
		sh.Current = id
		if past != nil && !sh.has(id) {
			sh.add(*past)
		}
	}
}

// restart is the step that throws the match away and deals a new one, for the confirmed
// restart and for "New match" after the match.
func (t table[L]) restart(ctx context.Context, s *Server) step[L] {
	return func(L, int) (L, error) { return t.deal(ctx, s, record.NewID(), s.cfg.Seed(), soloSeats) }
}

// restartForm asks for confirmation before a match is thrown away, the stored one or the one
// the table shows a passer-by. A finished match loses nothing (it is in the history): the
// table's end, with its New match, is the answer. The page warns that the match is lost only
// once something would be: the visitor has made a move in it (a deal after the first is dealt
// by their Next deal) or a deal has ended, which may happen before their first turn (an As-Nas
// dealer whom the three others fold to wins the pot at once).
func (t table[L]) restartForm(s *Server, w http.ResponseWriter, r *http.Request) error {
	l, _, err := t.open(s, w, r)
	if err != nil {
		return err
	}
	if t.over(l) {
		return t.redirect(w, r, views.NoticeNone)
	}
	lose := l.Deals() > 1 || l.Acted(soloSeat) || !t.playing(l)
	return s.render(w, r, http.StatusOK, views.RestartPage(s.plainChrome(r, t.game), t.game, l.Token(), lose))
}

// redirect answers 303 See Other to the table, with a notice (NoticeNone for none).
func (t table[L]) redirect(w http.ResponseWriter, r *http.Request, notice views.Notice) error {
	url := "/" + t.game
	if notice != views.NoticeNone {
		url += "?notice=" + notice.String()
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

// decodedCache holds values decoded lately from the store, each with the stored bytes it was
// decoded from, so that the requests that read the same entry again do not decode it again.
// An entry serves only a load that reads exactly its bytes, so it is right whatever wrote the
// store (another process on the same Redis included). Its values are shared by concurrent
// requests and never changed.
//
// Three of them: the matches (the pages read right after a move, the table the move redirects
// to and a hint, would replay a Guandan record's whole current deal, a tenth of a table page's
// CPU), and the shelves and preferences that every table page and move reads (as JSON, the
// shelf alone was 3 % of the server's CPU under a crowd).
type decodedCache[K comparable, V any] struct {
	mu sync.Mutex
	m  map[K]decodedEntry[V]
}

type decodedEntry[V any] struct {
	data  []byte
	value V
}

// maxDecoded bounds each cache: a Guandan match late in a long climb is some 80 KB decoded,
// so at most about 40 MB, and a crowd of 500 players keeps its tables in it.
const maxDecoded = 512

// get is the value decoded from data under key.
func (d *decodedCache[K, V]) get(key K, data []byte) (v V, ok bool) {
	d.mu.Lock()
	e, ok := d.m[key]
	d.mu.Unlock()
	if !ok || !bytes.Equal(e.data, data) {
		return v, false
	}
	return e.value, true
}

// put keeps v, decoded from data (which nobody changes afterwards), under key; when full it
// drops another entry, any one (a map's order is random).
func (d *decodedCache[K, V]) put(key K, data []byte, v V) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.m == nil {
		d.m = make(map[K]decodedEntry[V], maxDecoded)
	}
	if _, ok := d.m[key]; !ok && len(d.m) >= maxDecoded {
		for k := range d.m {
			delete(d.m, k)
			break
		}
	}
	d.m[key] = decodedEntry[V]{data, v}
}
