package web

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/cardavia/cardavia/web/store"
	"github.com/cardavia/cardavia/web/views"
)

// The errors of shared tables, each its own translated page.
var (
	// errNoTable is a table id that does not exist (never did, or expired): 404.
	errNoTable = &statusError{status: http.StatusNotFound, reason: "no such table", text: "tables.error.none"}
	// errNotSeated is a move, or a host's action, from a visitor who does not hold the seat
	// it needs: 403, and nothing changes.
	errNotSeated = &statusError{status: http.StatusForbidden, reason: "not seated at this table", text: "tables.error.notseated"}
	// errNotHost is a host's action from another player: 403.
	errNotHost = &statusError{status: http.StatusForbidden, reason: "not the host", text: "tables.error.nothost"}
	// errTableStarted is a seat asked for at a table whose match has begun: 409.
	errTableStarted = &statusError{status: http.StatusConflict, reason: "table already started", text: "tables.error.started"}
	// errSeatsSettled is a change of the lobby's seats (leave, move, remove) asked for from a
	// page older than the match's start: 409, in words for a player who has a seat.
	errSeatsSettled = &statusError{status: http.StatusConflict, reason: "seats settled", text: "tables.error.seated"}
	// errSeatTaken is a seat somebody else holds, or a full table: 409.
	errSeatTaken = &statusError{status: http.StatusConflict, reason: "seat taken", text: "tables.error.taken"}
	// errTooManyTables is a client over its tables an hour: 429.
	errTooManyTables = &statusError{status: http.StatusTooManyRequests, reason: "too many tables", text: "tables.error.toomany"}
	// errTooManyStreams is a client over its open live connections: 429.
	errTooManyStreams = &statusError{status: http.StatusTooManyRequests, reason: "too many live connections", text: "tables.error.streams"}
	// errNotYet is a seat that may not be handed to the AI yet: 409.
	errNotYet = &statusError{status: http.StatusConflict, reason: "seat not idle long enough", text: "tables.error.notyet"}
	// errAISeat is an AI's own seat named to be handed to the AI (no page offers it): 409.
	errAISeat = &statusError{status: http.StatusConflict, reason: "seat is the AI's", text: "tables.error.aiseat"}
)

// playedAt is the plumbing of a game's shared tables at a level, and what a shared table
// needs to know of a match besides: who is to act.
type playedAt[L liveMatch] struct {
	table[L]
	// waiting is the seat whose move the match waits for, -1 when it waits for nobody in
	// particular (a deal or the match is over: the players go on, see sharedTable.markReady).
	waiting func(L) int
	// dealOver tells a deal that is over in a match that is not: the next deal waits for
	// the players (sharedTable.markReady).
	dealOver func(L) bool
	// nextDeal deals the next deal of a match whose deal is over, at the ask of seat.
	nextDeal step[L]
	// told is how many events the current deal's log holds: where a seat handed to the AI or
	// taken back is told in it (sharedTable.noteAside).
	told func(L) int
}

// tablePath is a shared table's page.
func tablePath(game, id string) string { return "/" + game + "/tables/" + id }

// parseTablePath reads a path under a shared table's (tablePath's "/asnas/tables/ID" and what
// follows it) as the game, the table's id and the parts after the id; ok is false for any
// other path.
func parseTablePath(path string) (game, id string, rest []string, ok bool) {
	parts := strings.Split(strings.TrimPrefix(path, "/"), "/")
	if len(parts) < 3 || parts[1] != "tables" || parts[2] == "" {
		return "", "", nil, false
	}
	if _, known := tableGames[parts[0]]; !known {
		return "", "", nil, false
	}
	return parts[0], parts[2], parts[3:], true
}

// sharedPost is the shape of a move at a shared table, as post is at a solo one: read the
// move number, find the table and the seat the visitor's session holds there (never a seat
// the form names), refuse a stale form without changing anything, apply the step for that
// seat, let the AI seats act until a person is to act, and store the match and the table in
// one compare-and-swap; then tell the table's live pages and answer 303 through back.
func sharedPost[L liveMatch](s *Server, w http.ResponseWriter, r *http.Request, at func(string) (playedAt[L], bool),
	back func(w http.ResponseWriter, r *http.Request, notice views.Notice) error, st step[L]) error {
	return sharedMove(s, w, r, at, back, st, false)
}

// sharedMove is sharedPost; with next, st is Next deal's step, and while the others present
// have not asked for it too, it only notes that this player has (sharedTable.markReady).
func sharedMove[L liveMatch](s *Server, w http.ResponseWriter, r *http.Request, at func(string) (playedAt[L], bool),
	back func(w http.ResponseWriter, r *http.Request, notice views.Notice) error, st step[L], next bool) error {
	ctx := r.Context()
	move, err := strconv.ParseUint(r.PostFormValue("move"), 10, 64)
	if err != nil {
		return badRequest("missing or garbled move number")
	}
	tb, err := s.loadTable(ctx, chi.URLParam(r, "table"))
	if err != nil {
		return err
	}
	g, ok := at(tb.Level)
	if !ok || tb.Game != g.game {
		return errNoTable
	}
	g.table = timedTable(ctx, g.table, tb.Level)
	seat, err := actingSeat(r, &tb.sharedTable, visitorFrom(ctx).id)
	if err != nil {
		return err
	}
	mid, ok := tb.matchID()
	if !ok {
		return back(w, r, views.NoticeStale) // the lobby: nothing to move yet
	}
	l, version, ok, err := g.loadMatch(ctx, s, mid, false)
	if err != nil {
		return err
	}
	if !ok || move != l.Token() {
		return back(w, r, views.NoticeStale)
	}
	for try := 0; next && g.dealOver(l); try++ {
		asked := tb.Ready.has(seat)
		if !tb.markReady(seat, s.cfg.Now()) {
			break // the last to ask, or the others waited for long enough: deal below
		}
		if asked {
			// Asked already (a double click, a second tab): nothing new to write, nor to
			// announce to every page of the table.
			return back(w, r, views.NoticeNone)
		}
		// The match is written back unchanged, so that the compare-and-swap still refuses a
		// mark made on a deal that another request has meanwhile moved on from.
		err := storeMove(ctx, s, tb, g.table, l, version)
		if !errors.Is(err, store.ErrConflict) {
			if err != nil {
				return err
			}
			return back(w, r, views.NoticeNone)
		}
		if try == 3 {
			return back(w, r, views.NoticeStale)
		}
		// Others asked at the same moment: ask again on the table as it is now, at the same
		// deal's end (the form is stale otherwise). The last to ask deals below.
		if tb, err = s.loadTable(ctx, tb.ID); err != nil {
			return err
		}
		if l, version, ok, err = g.loadMatch(ctx, s, mid, false); err != nil {
			return err
		}
		if !ok || move != l.Token() {
			return back(w, r, views.NoticeStale)
		}
	}
	wasOver, deals := g.over(l), l.Deals()
	if l, err = st(l, seat); err != nil {
		return err
	}
	if g.id(l) != mid {
		return errNotSeated // a restart: not a move of a shared table (it has Rematch)
	}
	if err := g.playAI(ctx, s, l, tb.humans()); err != nil {
		return err
	}
	tb.Turn = s.cfg.Now().UnixMilli()
	tb.clearReady()
	if err := storeMove(ctx, s, tb, g.table, l, version); err != nil {
		if errors.Is(err, store.ErrConflict) {
			return back(w, r, views.NoticeStale)
		}
		return err
	}
	if l.Deals() > deals {
		s.dealtAt(ctx, tb, mid)
	}
	if g.over(l) && !wasOver {
		s.metrics.MatchFinished(g.game)
		s.fileSharedMatchForAll(r, tb) // after dealtAt, which lists the table again
	}
	return back(w, r, views.NoticeNone)
}

// actingSeat is the seat a request acts for: the one the visitor's session holds at the
// table. A form that names another seat (a forged field) is refused, never followed.
func actingSeat(r *http.Request, t *sharedTable, visitor string) (int, error) {
	seat := t.seatOf(visitor)
	if seat < 0 {
		return -1, errNotSeated
	}
	if named, ok := r.PostForm["seat"]; ok && (len(named) != 1 || named[0] != strconv.Itoa(seat)) {
		return -1, errNotSeated
	}
	return seat, nil
}

// storeMove writes a move's match l (read at version) and the table together, in one
// compare-and-swap, keeps the decoded match for the pages that follow, and tells the table's
// live pages. A write refused because another request moved first is store.ErrConflict.
func storeMove[L liveMatch](ctx context.Context, s *Server, tb storedTable, t table[L], l L, version uint64) error {
	tdata, err := tb.encode()
	if err != nil {
		return err
	}
	data := l.Encode()
	err = s.cfg.Store.CompareAndSwapAll(ctx,
		store.Swap{Key: tableKey(tb.ID), Version: tb.version, Data: tdata},
		store.Swap{Key: matchKey(t.id(l)), Version: version, Data: data})
	if err != nil {
		return err
	}
	s.decoded.put(t.id(l), data, l)
	s.announce(ctx, tb.ID, tb.Rev+1)
	return nil
}

// due is when the seat to act at the table runs out of time, zero for no timer.
func (t *sharedTable) due() time.Time {
	if t.Timer <= 0 || t.Turn == 0 {
		return time.Time{}
	}
	return time.UnixMilli(t.Turn).Add(time.Duration(t.Timer) * time.Second)
}

// handOverAt is when the others may hand the seat to act to the AI: when its time runs out, or
// after the silence with no timer.
func (t *sharedTable) handOverAt() time.Time {
	if t.Turn == 0 {
		return time.Time{}
	}
	return time.UnixMilli(t.Turn).Add(t.patience())
}

// handOver lets the AI play seat from now on (it is away) and lets the AI seats act until a
// person is to act; stored like a move. It is how a timer runs out and how the others hand
// over the seat of a player who keeps them waiting: then the seat must be the one to act, and
// of several requests that see the same deadline pass (on one process or several), the
// compare-and-swap lets exactly one apply it. With self, a player lets the AI play their own
// seat, whoever is to act: the AI plays it at once if it is, else from its next turn; a move
// by someone else meanwhile only makes it try again on the new state. At a deal's end where
// every other player present has asked for the next deal, the one leaving was the last they
// waited for, and it is dealt.
func handOver[L liveMatch](ctx context.Context, s *Server, g playedAt[L], tb storedTable, seat int, self bool) error {
	for try := 0; ; try++ {
		mid, ok := tb.matchID()
		if !ok {
			return nil
		}
		l, version, ok, err := g.loadMatch(ctx, s, mid, false)
		if err != nil || !ok {
			return err
		}
		if !tb.humans().has(seat) || g.over(l) || !self && g.waiting(l) != seat {
			return nil // moved meanwhile, already away, or nothing left to play
		}
		tb.Seats[seat].Away = true
		dealt, deals := false, l.Deals()
		if g.dealOver(l) && tb.Ready&tb.humans() != 0 && tb.unready() == 0 {
			// The others present have all asked for the next deal and waited only for this
			// player, who leaves: deal it, as their own ask would have.
			if l, err = g.nextDeal(l, seat); err != nil {
				return err
			}
			tb.clearReady()
			dealt = true
		}
		// The log says so where it happened: after the deal's events so far (the next deal's
		// opening, when this dealt it), before any move the AI makes for the seat.
		tb.noteAside(l.Deals(), g.told(l), seat, asideWhy(&tb.sharedTable, self))
		if dealt || g.waiting(l) == seat {
			if err := g.playAI(ctx, s, l, tb.humans()); err != nil {
				return err
			}
			tb.Turn = s.cfg.Now().UnixMilli()
		}
		err = storeMove(ctx, s, tb, g.table, l, version)
		if err == nil && l.Deals() > deals {
			s.dealtAt(ctx, tb, mid)
		}
		if !errors.Is(err, store.ErrConflict) {
			return err
		}
		if !self {
			return nil // another request handed it over, or the player moved in time
		}
		if try == 3 {
			return err
		}
		if tb, err = s.loadTable(ctx, tb.ID); err != nil {
			return err
		}
	}
}

// asideWhy is why a seat is handed to the AI: its player's own choice (self), else its time
// ran out (with a timer), else the others handed it over after the silence.
func asideWhy(t *sharedTable, self bool) string {
	switch {
	case self:
		return views.AsideSelf
	case t.Timer > 0:
		return views.AsideTime
	}
	return views.AsideWait
}

// expire hands the seat to act to the AI when its time has run out: every page and live
// connection of the table checks, so no clock process is needed. It reports whether it
// changed anything (the caller then reads the table again).
func expire[L liveMatch](ctx context.Context, s *Server, g playedAt[L], tb storedTable, l L) (bool, error) {
	due := tb.due()
	if due.IsZero() || s.cfg.Now().Before(due) || g.over(l) {
		return false, nil
	}
	seat := g.waiting(l)
	if seat < 0 || !tb.humans().has(seat) {
		return false, nil
	}
	return true, handOver(ctx, s, g, tb, seat, false)
}
