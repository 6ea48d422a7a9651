package asnas

import "sort"

// Category is the kind of a hand, from weakest to strongest, so that a larger Category wins.
// There are no straights and no flushes (RULES.md: the identities are ranks, not suits).
type Category uint8

// The six categories, weakest first.
const (
	HighCard Category = iota + 1
	Pair
	TwoPair
	ThreeOfAKind
	FullHouse
	FourOfAKind
)

var categoryWords = [...]string{"none", "high-card", "pair", "two-pair", "three-of-a-kind", "full-house", "four-of-a-kind"}

// String returns the category's word as used in the conformance cases ("full-house", ...).
func (c Category) String() string {
	if int(c) < len(categoryWords) {
		return categoryWords[c]
	}
	return "none"
}

// Value is a hand's strength: a higher Value beats a lower one and equal Values tie. It packs the
// category above the five ranks listed in comparison order (larger group first, then higher rank
// first, RULES.md "Hand ranking"), three bits each, so plain integer comparison is the rule.
// The zero Value belongs to no real hand.
type Value uint32

const (
	rankBits     = 3
	categoryShft = HandSize * rankBits
)

// Category returns the category of the hand that has this Value.
func (v Value) Category() Category { return Category(v >> categoryShft) }

// tableSize covers every hand index: five digits in base 6 (rank 0 is "hidden").
const tableSize = 6 * 6 * 6 * 6 * 6

// valueTable maps handIndex(h) to Evaluate(h). It is computed once when the package loads and
// never written again; it is a constant that is cheaper to compute than to type out. A table
// indexed by the cards themselves makes evaluation a handful of arithmetic operations and one
// load from a 30 KiB table that stays in the L1 cache, with no sorting and no branches.
var valueTable = buildValueTable()

// handIndex reads the hand as a five-digit number in base 6.
func handIndex(h Hand) int {
	return (((int(h[0])*6+int(h[1]))*6+int(h[2]))*6+int(h[3]))*6 + int(h[4])
}

// Evaluate returns the hand's strength. A hand the pack cannot deal (a hidden card, five of a
// kind, a rank out of range) gets the zero Value.
func Evaluate(h Hand) Value {
	// Out-of-range ranks can only come from a corrupt hand (bad JSON, say). One test on the five
	// bytes packed into a word keeps the lookup inside the table: a byte is above As (5) when
	// it has a bit above the low three, or when adding 2 to it carries into bit 3.
	x := uint64(h[0]) | uint64(h[1])<<8 | uint64(h[2])<<16 | uint64(h[3])<<24 | uint64(h[4])<<32
	if (x&0xf8f8f8f8f8)|((x+0x0202020202)&0x0808080808) != 0 {
		return 0
	}
	return valueTable[handIndex(h)]
}

// Compare returns 1 when a beats b, -1 when b beats a and 0 when they tie.
func Compare(a, b Hand) int {
	va, vb := Evaluate(a), Evaluate(b)
	switch {
	case va > vb:
		return 1
	case va < vb:
		return -1
	}
	return 0
}

func buildValueTable() *[tableSize]Value {
	var t [tableSize]Value
	var h Hand
	for i := range tableSize {
		n := i
		for j := HandSize - 1; j >= 0; j-- {
			h[j] = Rank(n % 6)
			n /= 6
		}
		t[i] = slowEvaluate(h)
	}
	return &t
}

// slowEvaluate computes a hand's Value straight from RULES.md by sorting; it builds the table
// and serves as the reference that the table is tested against.
func slowEvaluate(h Hand) Value {
	if !h.Valid() {
		return 0
	}
	c := h.Counts()
	cards := h
	// Larger group first, then higher rank first: the comparison order of every category.
	sort.Slice(cards[:], func(i, j int) bool {
		if c[cards[i]] != c[cards[j]] {
			return c[cards[i]] > c[cards[j]]
		}
		return cards[i] > cards[j]
	})
	var cat Category
	switch first, second := c[cards[0]], c[cards[c[cards[0]]]]; {
	case first == 4:
		cat = FourOfAKind
	case first == 3 && second == 2:
		cat = FullHouse
	case first == 3:
		cat = ThreeOfAKind
	case first == 2 && second == 2:
		cat = TwoPair
	case first == 2:
		cat = Pair
	default:
		cat = HighCard
	}
	v := Value(cat)
	for _, r := range cards {
		v = v<<rankBits | Value(r)
	}
	return v
}
