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
// dealt (the start, every rematch, which also keeps the entry from expiring). The match is
// stored already: a failure costs a player only the match's place in their history until it
// ends, so it is logged. Like an announcement it is written even when its request has just
// been given up.
func (s *Server) noteSeated(ctx context.Context, t *sharedTable) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), announceWithin)
	defer cancel()
	for _, st := range t.Seats {
		if st.Visitor == "" {
			continue
		}
		if err := s.addSeated(ctx, t.Game, st.Visitor, t.ID); err != nil {
			s.log.WarnContext(ctx, "list a shared table in a player's history", "game", t.Game, "table", t.ID, "err", err)
		}
	}
}

// addSeated puts table first in the visitor's list, with a compare-and-swap, retrying a few
// times when another table deals for them at the same moment.
func (s *Server) addSeated(ctx context.Context, game, visitor, table string) error {
	for range 3 {
		st, version, err := s.loadSeated(ctx, game, visitor)
		if err != nil {
			return err
		}
		ids := slices.DeleteFunc(slices.Clone(st.Tables), func(id string) bool { return id == table })
		ids = append([]string{table}, ids[:min(len(ids), maxSeatedTables-1)]...)
		data, err := json.Marshal(seatedTables{Version: seatedVersion, Tables: ids})
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
