package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/cardavia/cardavia/record"
	"github.com/cardavia/cardavia/web/store"
)

// shelf is a visitor's record at one game's table: which match is their current one, their
// last finished ones, newest first, and their statistics over every match they finished. It
// points to matches and holds none: a match is not a visitor (a later table may seat several
// visitors at one match), so a match keeps no visitor and each visitor keeps their shelf.
//
// Stored as JSON under stable names with a format version; decoding refuses unknown fields and
// other versions, like the match records.
type shelf struct {
	// Version is shelfVersion.
	Version int `json:"v"`
	// Current is the id of the current match, "" before the first move.
	Current string `json:"current,omitempty"`
	// Past are the last finished matches, newest first, at most maxPast.
	Past []pastMatch `json:"past,omitempty"`
	// Stats are summed over every match finished (not only the ones still in Past).
	Stats stats `json:"stats"`
	// Saved is when the shelf was last written (Unix seconds); see shelfRefreshAfter.
	Saved int64 `json:"saved"`
}

// shelfVersion is the format of a stored shelf.
const shelfVersion = 1

// maxPast is how many finished matches the history keeps.
const maxPast = 20

// shelfRefreshAfter is how old a shelf may get before a move writes it again: the store
// forgets an entry 30 days after its last write, and a shelf must outlive the long match it
// points to.
const shelfRefreshAfter = 24 * time.Hour

// pastMatch is one finished match in the history.
type pastMatch struct {
	// ID is the match's id; its record may have expired from the store.
	ID string `json:"id"`
	// Finished is when it ended (Unix seconds).
	Finished int64 `json:"finished"`
	// Won tells whether the visitor won (alone or sharing the win).
	Won bool `json:"won"`
	// Deals is the number of deals played.
	Deals int `json:"deals"`
	// Points is the visitor's As-Nas total, in twelfths of a point (asnas.Score).
	Points int64 `json:"points,omitempty"`
	// Levels are the two teams' final Guandan levels (team 0 is the visitor's), as rank
	// numbers 2..14.
	Levels [2]int `json:"levels,omitempty"`
	// Stats are this match's own statistics.
	Stats stats `json:"stats"`
	// Seat is the visitor's seat in a match played at a shared table (0 at a solo one): its
	// replay shows the deal from there.
	Seat int `json:"seat,omitempty"`
	// Names are the players' names of a match played at a shared table, by seat, "" for a
	// seat the AI held (none at a solo table, nor for one filed before they were kept).
	Names []string `json:"names,omitempty"`
}

// stats are a visitor's statistics at one game; a shelf sums them over matches.
type stats struct {
	Matches int `json:"matches"`
	Won     int `json:"won"`
	Deals   int `json:"deals"`
	// Points is the As-Nas total in twelfths of a point; Showdowns are the showdowns the
	// visitor reached, ShowdownsWon those they won or shared.
	Points       int64 `json:"points,omitempty"`
	Showdowns    int   `json:"showdowns,omitempty"`
	ShowdownsWon int   `json:"showdowns_won,omitempty"`
	// DealsWon are the Guandan deals the visitor's team won; PlaceHalves is the sum of the
	// visitor's finishing places, doubled (a deal that ends before the visitor is out leaves
	// them sharing the last places, 3.5 when two are left); Levels counts the levels the
	// visitor's team climbed.
	DealsWon    int `json:"deals_won,omitempty"`
	PlaceHalves int `json:"place_halves,omitempty"`
	Levels      int `json:"levels,omitempty"`
}

func (a *stats) add(b stats) {
	a.Matches += b.Matches
	a.Won += b.Won
	a.Deals += b.Deals
	a.Points += b.Points
	a.Showdowns += b.Showdowns
	a.ShowdownsWon += b.ShowdownsWon
	a.DealsWon += b.DealsWon
	a.PlaceHalves += b.PlaceHalves
	a.Levels += b.Levels
}

// has tells whether match id is among the finished ones.
func (sh *shelf) has(id string) bool {
	for _, p := range sh.Past {
		if p.ID == id {
			return true
		}
	}
	return false
}

// seatIn is the seat the visitor played match id from: 0 unless it was a shared table's.
func (sh *shelf) seatIn(id string) int {
	for _, p := range sh.Past {
		if p.ID == id {
			return p.Seat
		}
	}
	return soloSeat
}

// add puts a finished match first and counts it in the statistics. It makes a new Past: a
// shelf loaded from the store shares its Past with other requests' (Server.shelves).
func (sh *shelf) add(p pastMatch) {
	sh.Past = append([]pastMatch{p}, sh.Past[:min(len(sh.Past), maxPast-1)]...)
	sh.Stats.add(p.Stats)
}

// stale tells whether the shelf should be written again to stay alive.
func (sh *shelf) stale(now time.Time) bool {
	return now.Sub(time.Unix(sh.Saved, 0)) >= shelfRefreshAfter
}

// shelfKey is where a visitor's shelf of one game is stored.
func (t table[L]) shelfKey(visitor string) string { return "shelf:" + t.game + ":" + visitor }

// decodeStrict reads one stored JSON value into v, strictly: an unknown field or bytes after
// the value make the entry unreadable, so that a format this build does not know is never
// half read. The stored formats (shelves, tables, talk, seatings) are all read so.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("web: bytes after the stored value")
	}
	return nil
}

// decodeShelf reads a stored shelf strictly.
func decodeShelf(data []byte) (shelf, error) {
	var sh shelf
	if err := decodeStrict(data, &sh); err != nil {
		return shelf{}, err
	}
	if sh.Version != shelfVersion {
		return shelf{}, fmt.Errorf("web: shelf format %d", sh.Version)
	}
	return sh, nil
}

// loadShelf reads the visitor's shelf (empty when there is none) and its version. An
// unreadable one is logged and read as empty, so that its visitor can go on playing; the next
// write replaces it.
func (t table[L]) loadShelf(ctx context.Context, s *Server, visitor string) (shelf, uint64, error) {
	key := t.shelfKey(visitor)
	data, version, err := s.cfg.Store.Load(ctx, key)
	if err != nil || data == nil {
		return shelf{Version: shelfVersion}, version, err
	}
	if sh, ok := s.shelves.get(key, data); ok {
		return sh, version, nil // its Past is shared: changing a shelf means add, a new slice
	}
	sh, err := decodeShelf(data)
	if err != nil {
		s.log.WarnContext(ctx, "stored shelf unreadable; starting afresh", "game", t.game, "err", err)
		return shelf{Version: shelfVersion}, version, nil
	}
	for _, p := range sh.Past {
		if _, ok := record.ParseID(p.ID); !ok {
			// Still listed and counted, but with no replay to link to.
			s.log.WarnContext(ctx, "shelf lists a finished match under a garbled id", "game", t.game, "match", p.ID)
		}
	}
	s.shelves.put(key, data, sh)
	return sh, version, nil
}

// updateShelf changes the visitor's shelf with a compare-and-swap, retrying a few times when
// another request of the same visitor saves at the same moment.
func (t table[L]) updateShelf(ctx context.Context, s *Server, visitor string, change func(*shelf)) error {
	for range 3 {
		sh, version, err := t.loadShelf(ctx, s, visitor)
		if err != nil {
			return err
		}
		out, err := encodeShelf(s, sh, change)
		if err != nil {
			return err
		}
		err = s.cfg.Store.CompareAndSwap(ctx, t.shelfKey(visitor), version, out)
		if !errors.Is(err, store.ErrConflict) {
			return err
		}
	}
	return store.ErrConflict
}

// unfiledKey is the session value that names a match a move stored but could not file as the
// visitor's current one: "<the shelf's current match before>.<the match>".
func (t table[L]) unfiledKey() string { return "unfiled:" + t.game }

// fileUnfiled makes the match the visitor's cookie names as unfiled their current one, if the
// shelf still points where it pointed before that move (if it has moved on since, another of
// their requests filed a later match, and the cookie's is forgotten).
func (t table[L]) fileUnfiled(ctx context.Context, s *Server, visitor string, sh *storedShelf) {
	v := visitorFrom(ctx)
	txt, ok := "", false
	if v.session != nil && v.id == visitor {
		txt, ok = v.session.Values[t.unfiledKey()].(string)
	}
	if !ok {
		return
	}
	before, idTxt, _ := strings.Cut(txt, ".")
	if id, ok := record.ParseID(idTxt); ok && sh.Current == before {
		l, _, found, err := t.loadMatch(ctx, s, id, true)
		if err != nil {
			s.log.WarnContext(ctx, "load unfiled match", "game", t.game, "match", idTxt, "err", err)
			return // the next request tries again
		}
		if found {
			filing := t.shelving(s, sh.shelf, l)
			if !t.mend(ctx, s, visitor, sh, func(x *shelf) {
				if x.Current == before {
					filing(x)
				}
			}) {
				return
			}
		}
	}
	delete(v.session.Values, t.unfiledKey()) // sent with the next cookie the request saves
}

// mend writes a filing a move could not (see fileUnfiled and current) and reloads the shelf
// into sh. A failure is reported and leaves sh as it was, for the next request to try again.
func (t table[L]) mend(ctx context.Context, s *Server, visitor string, sh *storedShelf, filing func(*shelf)) bool {
	err := t.updateShelf(ctx, s, visitor, filing)
	if err == nil {
		sh.shelf, sh.version, err = t.loadShelf(ctx, s, visitor)
	}
	if err != nil {
		s.log.ErrorContext(ctx, "mend shelf", "game", t.game, "err", err)
		s.metrics.ShelfUpdateFailed(t.game)
		return false
	}
	s.log.InfoContext(ctx, "shelf mended", "game", t.game, "current", sh.Current)
	return true
}

// storedShelf is a shelf as loaded, with the version a write of it compares.
type storedShelf struct {
	shelf
	version uint64
}

// encodeShelf is sh after change, stamped with the format and the time, as stored.
func encodeShelf(s *Server, sh shelf, change func(*shelf)) ([]byte, error) {
	change(&sh)
	sh.Version, sh.Saved = shelfVersion, s.cfg.Now().Unix()
	return json.Marshal(sh)
}

// pending is the match a visitor's first move at a table starts: the table page shows it
// dealt, but it is stored only with that move. Its id and seed travel in the signed and
// encrypted session cookie, so the visitor can neither see nor choose the seed, and the POST
// deals exactly what the page showed. The AI seats' moves before that first move are played
// at the level the table was first shown at (level): a visitor who changes the level before
// moving sees the same moves again, not the same hands played another way (each level's
// opening would tell more of the hidden cards), and the new level plays from the AI players'
// next move, as the level notice says.
type pending struct {
	id    record.ID
	seed  uint64
	level string
}

// pendingKey is the session value of a table's pending match.
func (t table[L]) pendingKey() string { return "pending:" + t.game }

// pending reads the visitor's pending match from their session (zero when there is none);
// with mint, a missing one is drawn and put in the session, for the caller to save. A cookie
// from before the level was kept (an id and a seed alone) names none: its match was dealt at
// the visitor's level of the moment, so each level chosen before the first move played the
// same hands another way, and which of them its page last showed is not known. Nothing of it
// is stored, so nothing is lost: its table deals a match of its own.
func (t table[L]) pending(s *Server, v *visitorState, mint bool) pending {
	if txt, ok := v.session.Values[t.pendingKey()].(string); ok {
		idTxt, rest, _ := strings.Cut(txt, ".")
		seedTxt, level, leveled := strings.Cut(rest, ".")
		id, okID := record.ParseID(idTxt)
		seed, err := strconv.ParseUint(seedTxt, 16, 64)
		if okID && err == nil && leveled {
			return pending{id: id, seed: seed, level: level}
		}
	}
	if !mint {
		return pending{}
	}
	p := pending{id: record.NewID(), seed: s.cfg.Seed(), level: t.level}
	v.session.Values[t.pendingKey()] = p.id.String() + "." + strconv.FormatUint(p.seed, 16) + "." + p.level
	return p
}

// dealPending deals the pending match p as its page showed it: with the AI seats at the level
// it was first shown at, whatever the visitor's level now.
func (t table[L]) dealPending(ctx context.Context, s *Server, p pending) (L, error) {
	if p.level != t.level && t.at != nil {
		t = t.at(ctx, p.level)
	}
	return t.deal(ctx, s, p.id, p.seed, soloSeats)
}

// dropPending forgets the pending match once it is stored.
func (t table[L]) dropPending(v *visitorState) { delete(v.session.Values, t.pendingKey()) }
