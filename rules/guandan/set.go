package guandan

import (
	"math/bits"
	"strings"
)

// Set is a set of physical cards, a bitset over the 108 cards (bit i of the set is card i):
// a hand, a selection or a play. It is a comparable value, so plays can be compared with ==.
type Set [2]uint64

// Has reports whether c is in the set.
func (s Set) Has(c Card) bool { return s[c>>6]&(1<<(c&63)) != 0 }

// Add puts c into the set.
func (s *Set) Add(c Card) { s[c>>6] |= 1 << (c & 63) }

// Remove takes c out of the set.
func (s *Set) Remove(c Card) { s[c>>6] &^= 1 << (c & 63) }

// Len returns the number of cards in the set.
func (s Set) Len() int { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }

// Wilds counts the set's wild cards at level: its copies of the level's Heart.
func (s Set) Wilds(level Rank) int {
	n := 0
	for copy := range 2 {
		if c := NewCard(level, Hearts, copy); c.IsWild(level) && s.Has(c) {
			n++
		}
	}
	return n
}

// IsEmpty reports whether the set holds no card.
func (s Set) IsEmpty() bool { return s[0]|s[1] == 0 }

// Cards returns the cards in ascending card index.
func (s Set) Cards() []Card {
	out := make([]Card, 0, s.Len())
	for w := 0; w < 2; w++ {
		for x := s[w]; x != 0; x &= x - 1 {
			out = append(out, Card(w*64+bits.TrailingZeros64(x)))
		}
	}
	return out
}

// Union returns the cards in s or o.
func (s Set) Union(o Set) Set { return Set{s[0] | o[0], s[1] | o[1]} }

// Minus returns the cards in s and not in o.
func (s Set) Minus(o Set) Set { return Set{s[0] &^ o[0], s[1] &^ o[1]} }

// Intersect returns the cards in both s and o.
func (s Set) Intersect(o Set) Set { return Set{s[0] & o[0], s[1] & o[1]} }

// Contains reports whether o ⊆ s.
func (s Set) Contains(o Set) bool { return o[0]&^s[0] == 0 && o[1]&^s[1] == 0 }

// String lists the cards in CONFORMANCE notation, space-separated, weakest natural rank first
// (2 … A, then BJ, RJ; suits in the order S H C D). Both copies of a card appear twice, so the
// text parses back with ParseCards to a set with the same faces.
func (s Set) String() string {
	var b strings.Builder
	for f := 0; f < facesPerPack; f++ {
		for cp := 0; cp < 2; cp++ {
			c := Card(cp*facesPerPack + f)
			if s.Has(c) {
				if b.Len() > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(c.String())
			}
		}
	}
	return b.String()
}

// FullDeck returns all 108 cards.
func FullDeck() Set {
	return Set{^uint64(0), 1<<(NumCards-64) - 1}
}
