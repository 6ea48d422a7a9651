package record

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"
)

// Format is the version of the stored format this package writes. Decoding accepts exactly
// the versions it lists in decoders; see the README's "Stored matches" for how a new one is
// rolled out.
const Format = 1

// The errors of decoding, for errors.Is.
var (
	// ErrFormat: the record is of a format version this build does not read.
	ErrFormat = errors.New("record: unknown format version")
	// ErrRules: the record was played under other rules than this engine's.
	ErrRules = errors.New("record: recorded under other rules")
	// ErrCorrupt: the bytes are not a record, or its actions do not replay.
	ErrCorrupt = errors.New("record: corrupt record")
	// ErrGame: the record is of the other game.
	ErrGame = errors.New("record: record of another game")
)

// The games, as the record's second byte says.
const (
	gameAsnas   = 1
	gameGuandan = 2
)

// ID is a match's identifier: 39 random bits. It is short enough to share the move token with
// the match's move count (see Token), and long enough that a visitor never meets a repeat.
type ID uint64

// idBits is the size of an ID: with moveBits, 63 bits, so that a token is a non-negative
// int64 wherever it is parsed.
const idBits = 39

// moveBits is how many moves a match may have: far beyond any match (a Guandan match from 2 to
// A is a few thousand actions).
const moveBits = 24

// NewID draws a random match id, never zero.
func NewID() ID {
	for {
		var b [8]byte
		_, _ = rand.Read(b[:])
		if id := ID(binary.LittleEndian.Uint64(b[:]) & (1<<idBits - 1)); id != 0 {
			return id
		}
	}
}

// String is the id as 10 hex digits, as in URLs and store keys.
func (id ID) String() string { return fmt.Sprintf("%010x", uint64(id)) }

// ParseID reads an id written by String.
func ParseID(s string) (ID, bool) {
	if len(s) != 10 {
		return 0, false
	}
	n, err := strconv.ParseUint(s, 16, 64)
	if err != nil || n == 0 {
		return 0, false
	}
	return ID(n), true
}

// Token is the move number a form carries: the match's id and its number of moves together, so
// that a form of one match can never be taken for a position of another, however its moves
// compare (ids of one visitor's matches differ; a match's moves only grow).
func Token(id ID, moves int) uint64 {
	return uint64(id)<<moveBits | uint64(moves)&(1<<moveBits-1)
}

// SplitToken is Token undone: the match's id and its number of moves.
func SplitToken(n uint64) (ID, int) { return ID(n >> moveBits), int(n & (1<<moveBits - 1)) }

// maxMoves bounds a match's moves so that Token stays exact.
const maxMoves = 1<<moveBits - 1

// ErrTooLong refuses an action beyond maxMoves.
var ErrTooLong = errors.New("record: match too long")

// writer appends a record's fields.
type writer struct{ b []byte }

func (w *writer) byte(v byte)      { w.b = append(w.b, v) }
func (w *writer) uvarint(v uint64) { w.b = binary.AppendUvarint(w.b, v) }
func (w *writer) u64(v uint64)     { w.b = binary.LittleEndian.AppendUint64(w.b, v) }

// reader reads a record's fields; the first failure sticks, so a decoder checks once at the end
// (and before using a count).
type reader struct {
	b   []byte
	err error
}

func (r *reader) fail(what string) {
	if r.err == nil {
		r.err = fmt.Errorf("%w: %s", ErrCorrupt, what)
	}
}

func (r *reader) byte() byte {
	if r.err != nil || len(r.b) == 0 {
		r.fail("truncated")
		return 0
	}
	v := r.b[0]
	r.b = r.b[1:]
	return v
}

func (r *reader) uvarint() uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail("bad number")
		return 0
	}
	// One value, one encoding: an overlong varint (0x80 0x00 for 0) would decode to a record
	// that encodes to other bytes.
	if n != len(binary.AppendUvarint(nil, v)) {
		r.fail("overlong number")
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *reader) u64() uint64 {
	if r.err != nil || len(r.b) < 8 {
		r.fail("truncated")
		return 0
	}
	v := binary.LittleEndian.Uint64(r.b)
	r.b = r.b[8:]
	return v
}

// count reads a length and refuses one above limit, so a damaged record cannot make the
// decoder allocate without bound.
func (r *reader) count(limit int) int {
	n := r.uvarint()
	if n > uint64(limit) {
		r.fail("count out of range")
		return 0
	}
	return int(n)
}

// header is what every record starts with.
type header struct {
	game    byte
	id      ID
	started int64
	seed    uint64
}

func (w *writer) header(h header, rules int) {
	w.byte(Format)
	w.byte(h.game)
	w.uvarint(uint64(rules))
	w.uvarint(uint64(h.id))
	w.uvarint(uint64(h.started))
	w.u64(h.seed)
}

// readHeader reads and checks the header of a record of game played under rules.
func readHeader(r *reader, game byte, rules int) (header, error) {
	if len(r.b) == 0 {
		return header{}, fmt.Errorf("%w: empty", ErrCorrupt)
	}
	if f := r.byte(); f != Format {
		return header{}, fmt.Errorf("%w: %d", ErrFormat, f)
	}
	h := header{game: r.byte()}
	if r.err == nil && h.game != game {
		return header{}, fmt.Errorf("%w: %d", ErrGame, h.game)
	}
	if v := r.uvarint(); r.err == nil && v != uint64(rules) {
		return header{}, fmt.Errorf("%w: rules %d, engine %d", ErrRules, v, rules)
	}
	id := r.uvarint()
	if id == 0 || id >= 1<<idBits {
		r.fail("match id out of range")
	}
	h.id = ID(id)
	started := r.uvarint()
	if started > 1<<40 {
		r.fail("start time out of range")
	}
	h.started = int64(started)
	h.seed = r.u64()
	return h, r.err
}

// done checks that the whole record was read.
func (r *reader) done() error {
	if r.err == nil && len(r.b) > 0 {
		r.fail("bytes after the record")
	}
	return r.err
}
