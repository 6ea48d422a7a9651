package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/cardavia/cardavia/record"
	"github.com/cardavia/cardavia/web/store"
)

// A shared match is filed in each player's history when it ends (fileSharedMatch); while it is
// being played the history finds it through the tables its player was dealt a match at, kept
// per game and visitor under seatedKey. The list only leads to tables: whether the visitor
// still holds a seat there, and which match is being played, is read from the table itself.
// It is an entry of its own, not a field of the shelf, for the reason seatingKey gives.

// seatedKey is where the shared tables of game that visitor was dealt a match at are listed.
func seatedKey(game, visitor string) string { return "seated:" + game + ":" + visitor }

// seatedTables is what seatedKey stores: table ids, the most recently dealt first.
type seatedTables struct {
	Version int      `json:"v"`
	Tables  []string `json:"tables"`
}

// seatedVersion is the format of a stored seatedTables.
const seatedVersion = 1

// maxSeatedTables bounds the list: a player at more tables at once finds the match of an
// older one in their history when it ends, as before.
const maxSeatedTables = 8

// loadSeated reads the visitor's list of tables of game (empty when there is none) and its
// version. An unreadable one is logged and read as empty; the next deal writes it anew.
func (s *Server) loadSeated(ctx context.Context, game, visitor string) (seatedTables, uint64, error) {
	data, version, err := s.cfg.Store.Load(ctx, seatedKey(game, visitor))
	if err != nil || data == nil {
		return seatedTables{Version: seatedVersion}, version, err
	}
	var st seatedTables
	if err := decodeStrict(data, &st); err != nil || st.Version != seatedVersion {
		if err == nil {
			err = fmt.Errorf("web: seated tables format %d", st.Version)
		}
		s.log.WarnContext(ctx, "stored list of seated tables unreadable", "game", game, "err", err)
		return seatedTables{Version: seatedVersion}, version, nil
	}
	return st, version, nil
}

// noteSeated puts the table first in the list of each player seated at it, as its match is
// dealt (the start, a rematch) and at each of its deals, which also keeps the entry from
// expiring while a slow match goes on. The match is stored already: a failure costs a player
// only the match's place in their history until it ends, so it is logged. Like an
// announcement it is written even when its request has just been given up.
func (s *Server) noteSeated(ctx context.Context, t *sharedTable) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), announceWithin)
	defer cancel()
	for _, st := range t.Seats {
		if st.Visitor == "" {
			continue
		}
		err := s.updateSeated(ctx, t.Game, st.Visitor, func(ids []string) []string {
			ids = slices.DeleteFunc(ids, func(id string) bool { return id == t.ID })
			return append([]string{t.ID}, ids[:min(len(ids), maxSeatedTables-1)]...)
		})
		if err != nil {
			s.log.WarnContext(ctx, "list a shared table in a player's history", "game", t.Game, "table", t.ID, "err", err)
		}
	}
}

// forgetSeated takes the table off the visitor's list as its match is filed with their
// finished ones, so that finished matches never push one still being played out of the list
// (a rematch lists it again). A failure is logged: the list then keeps a table whose match is
// over, which the history passes over.
func (s *Server) forgetSeated(ctx context.Context, game, visitor, table string) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), announceWithin)
	defer cancel()
	err := s.updateSeated(ctx, game, visitor, func(ids []string) []string {
		return slices.DeleteFunc(ids, func(id string) bool { return id == table })
	})
	if err != nil {
		s.log.WarnContext(ctx, "take a shared table off a player's history", "game", game, "table", table, "err", err)
	}
}

// updateSeated changes the visitor's list with a compare-and-swap, retrying a few times when
// another table changes it at the same moment.
func (s *Server) updateSeated(ctx context.Context, game, visitor string, change func([]string) []string) error {
	for range 3 {
		st, version, err := s.loadSeated(ctx, game, visitor)
		if err != nil {
			return err
		}
		data, err := json.Marshal(seatedTables{Version: seatedVersion, Tables: change(slices.Clone(st.Tables))})
		if err != nil {
			return err
		}
		err = s.cfg.Store.CompareAndSwap(ctx, seatedKey(game, visitor), version, data)
		if !errors.Is(err, store.ErrConflict) {
			return err
		}
	}
	return store.ErrConflict
}

// keepSeating writes match id's stored seating again, unchanged, at each of its deals: a
// friends' match with no timer may outlive the entry's time in the store, and its replays
// while it is played are found through it. A failure is logged, as noteSeated's.
func (s *Server) keepSeating(ctx context.Context, id record.ID) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), announceWithin)
	defer cancel()
	data, version, err := s.cfg.Store.Load(ctx, seatingKey(id))
	if err == nil && data != nil {
		err = s.cfg.Store.CompareAndSwap(ctx, seatingKey(id), version, data)
	}
	if err != nil && !errors.Is(err, store.ErrConflict) {
		s.log.WarnContext(ctx, "keep a shared match's seating", "match", id.String(), "err", err)
	}
}

// dealtAt is what a shared table's move that dealt a new deal of its match does besides
// storing it: the match stays in its players' histories and its replays stay theirs.
func (s *Server) dealtAt(ctx context.Context, tb storedTable, id record.ID) {
	s.keepSeating(ctx, id)
	s.noteSeated(ctx, &tb.sharedTable)
}

// seatedMatch is the match being played at a shared table where the visitor holds a seat.
type seatedMatch struct {
	tb   storedTable
	id   record.ID
	seat int
}

// seatedMatches are the matches begun at the shared tables of game where the visitor holds a
// seat now, the most recently dealt first (over or not: the caller tells). A table that is
// gone, still gathering its players, or where the visitor no longer sits is passed over.
func (s *Server) seatedMatches(ctx context.Context, game, visitor string) ([]seatedMatch, error) {
	if visitor == "" {
		return nil, nil
	}
	st, _, err := s.loadSeated(ctx, game, visitor)
	if err != nil {
		return nil, err
	}
	var out []seatedMatch
	for _, id := range st.Tables {
		tb, err := s.loadTable(ctx, id)
		if errors.Is(err, errNoTable) {
			continue
		}
		if err != nil {
			return nil, err
		}
		mid, ok := tb.matchID()
		seat := tb.seatOf(visitor)
		if tb.Game != game || !ok || seat < 0 {
			continue
		}
		out = append(out, seatedMatch{tb: tb, id: mid, seat: seat})
	}
	return out, nil
}

// sharedSeat is the seat the visitor holds in match id if it is the match being played at a
// shared table where they sit (found through the seating stored as it was dealt), ok false
// otherwise: a replay of a shared match in progress is its players' alone, each from their
// own seat.
func (s *Server) sharedSeat(ctx context.Context, game, visitor string, id record.ID) (seat int, ok bool, err error) {
	if visitor == "" {
		return 0, false, nil
	}
	ms, named := s.loadSeating(ctx, id)
	if !named {
		return 0, false, nil
	}
	tb, err := s.loadTable(ctx, ms.Table)
	if errors.Is(err, errNoTable) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, err
	}
	seat = tb.seatOf(visitor)
	return seat, tb.Game == game && tb.Match == id.String() && seat >= 0, nil
}

// seatNames are the names of the table's players by seat, "" for a seat the AI holds.
func seatNames(t *sharedTable) []string {
	names := make([]string, len(t.Seats))
	for i, st := range t.Seats {
		if st.Visitor != "" {
			names[i] = st.Name
		}
	}
	return names
}
