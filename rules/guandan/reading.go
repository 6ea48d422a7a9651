package guandan

import (
	"fmt"
	"strconv"
	"strings"
)

// Kind is the kind of a combination (RULES.md "Combinations").
type Kind uint8

// The ten kinds of legal plays.
const (
	Single Kind = iota + 1
	Pair
	Triple
	FullHouse
	Straight
	Tube
	Plate
	Bomb
	StraightFlush
	JokerBomb
)

var kindNames = [...]string{"", "single", "pair", "triple", "full-house", "straight", "tube", "plate", "bomb", "straight-flush", "joker-bomb"}

// String returns the CONFORMANCE name of the kind, e.g. "full-house".
func (k Kind) String() string {
	if int(k) < len(kindNames) && k != 0 {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// isSequence reports whether the kind ranks by natural order (RULES.md "Sequences").
func (k Kind) isSequence() bool {
	return k == Straight || k == Tube || k == Plate || k == StraightFlush
}

// Reading is how a set of cards is read as a combination.
//
// Rank is the key rank: the rank of a single, pair, triple or bomb; the triple's rank for a full
// house; the highest natural rank for sequences (5 for A 2 3 4 5, 3 for A A 2 2 3 3, 2 for
// A A A 2 2 2); BlackJoker or RedJoker for joker singles and pairs; 0 for a joker bomb.
// Size is the number of cards of a bomb (4..10) and 0 for every other kind.
type Reading struct {
	Kind Kind
	Rank Rank
	Size uint8
}

// String returns the CONFORMANCE notation: "pair:7", "bomb:6x9", "straight:T", "joker-bomb".
func (r Reading) String() string {
	switch r.Kind {
	case 0:
		return ""
	case JokerBomb:
		return "joker-bomb"
	case Bomb:
		return fmt.Sprintf("bomb:%dx%s", r.Size, r.Rank)
	}
	return r.Kind.String() + ":" + r.Rank.String()
}

// ParseReading reads a reading in CONFORMANCE notation. It checks the notation, not whether
// such a combination can exist (e.g. "tube:2" parses).
func ParseReading(s string) (Reading, error) {
	s = strings.TrimSpace(s)
	if s == "joker-bomb" {
		return Reading{Kind: JokerBomb}, nil
	}
	name, key, ok := strings.Cut(s, ":")
	if !ok {
		return Reading{}, fmt.Errorf("%w: reading %q", ErrBadNotation, s)
	}
	var k Kind
	for i := Single; i < JokerBomb; i++ {
		if kindNames[i] == name {
			k = i
		}
	}
	if k == 0 {
		return Reading{}, fmt.Errorf("%w: reading %q", ErrBadNotation, s)
	}
	if k == Bomb {
		sz, rk, ok := strings.Cut(key, "x")
		n, err := strconv.Atoi(sz)
		if !ok || err != nil || n < 4 || n > 10 {
			return Reading{}, fmt.Errorf("%w: reading %q", ErrBadNotation, s)
		}
		r, err := ParseRank(rk)
		if err != nil || r > Ace {
			return Reading{}, fmt.Errorf("%w: reading %q", ErrBadNotation, s)
		}
		return Reading{Kind: Bomb, Rank: r, Size: uint8(n)}, nil
	}
	r, err := ParseRank(key)
	if err != nil || (r > Ace && k != Single && k != Pair) {
		return Reading{}, fmt.Errorf("%w: reading %q", ErrBadNotation, s)
	}
	return Reading{Kind: k, Rank: r}, nil
}

// IsZero reports whether r is the zero Reading, which stands for "nothing to beat" (a lead)
// or "no reading named".
func (r Reading) IsZero() bool { return r == Reading{} }

// IsBomb reports whether r is of the bomb class: a bomb, a straight flush or the joker bomb.
func (r Reading) IsBomb() bool {
	return r.Kind == Bomb || r.Kind == StraightFlush || r.Kind == JokerBomb
}

// bombPower places a bomb-class reading on the ladder of RULES.md "Beating a play":
// 4-card < 5-card < straight flush < 6 < 7 < 8 < 9 < 10-card < joker bomb. Bomb sizes are
// doubled so that the straight flush fits between 5 and 6.
func (r Reading) bombPower() int {
	switch r.Kind {
	case Bomb:
		return 2 * int(r.Size)
	case StraightFlush:
		return 11
	case JokerBomb:
		return 30
	}
	return 0
}

// Beats reports whether a play read as r beats the last play read as prev at this level
// (RULES.md "Beating a play"). Anything legal may lead, so every non-zero r beats a zero prev.
// Ordinary plays need the same kind and a higher rank: promoted strength for same-rank groups
// (single, pair, triple, full house), natural order for sequences. Bomb-class plays beat every
// ordinary play and each other along the bomb ladder, comparing rank within one rung.
func (r Reading) Beats(prev Reading, level Rank) bool {
	if r.IsZero() {
		return false
	}
	if prev.IsZero() {
		return true
	}
	if r.IsBomb() {
		if !prev.IsBomb() {
			return true
		}
		p, q := r.bombPower(), prev.bombPower()
		if p != q {
			return p > q
		}
		if r.Kind == StraightFlush {
			return r.Rank > prev.Rank
		}
		return Strength(r.Rank, level) > Strength(prev.Rank, level)
	}
	if prev.IsBomb() || r.Kind != prev.Kind {
		return false
	}
	if r.Kind.isSequence() {
		return r.Rank > prev.Rank
	}
	return Strength(r.Rank, level) > Strength(prev.Rank, level)
}
