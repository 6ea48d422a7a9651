package guandan

import "math/bits"

// tally counts a selection of cards the way the combination rules look at it: wild cards
// apart, jokers apart, and the other ("natural") cards by rank.
type tally struct {
	n        int       // all cards
	wilds    int       // hearts of the level rank
	bj, rj   int       // jokers
	nat      int       // natural cards: neither wild nor joker
	maxCnt   uint8     // the largest cnt
	cnt      [15]uint8 // natural cards per rank (index 2..14)
	rankMask uint16    // bit r set when cnt[r] > 0
	suits    uint8     // bit s set when a natural card of suit s is present
}

func (t *tally) count(cards Set, level Rank) {
	*t = tally{}
	wildFace := -1
	if level >= Two && level <= Ace {
		wildFace = face(level, Hearts)
	}
	for w := 0; w < 2; w++ {
		for x := cards[w]; x != 0; x &= x - 1 {
			f := (w*64 + bits.TrailingZeros64(x)) % facesPerPack
			switch {
			case f == wildFace:
				t.wilds++
			case f == faceBJ:
				t.bj++
			case f == faceRJ:
				t.rj++
			default:
				r := f/4 + int(Two)
				t.cnt[r]++
				if t.cnt[r] > t.maxCnt {
					t.maxCnt = t.cnt[r]
				}
				t.rankMask |= 1 << r
				t.suits |= 1 << (f % 4)
				t.nat++
			}
			t.n++
		}
	}
}

// windowMask returns the rank bits of the sequence of length ln whose highest natural rank is
// high; the Ace also counts as 1 so that A 2 3 4 5, A A 2 2 3 3 and A A A 2 2 2 exist. It
// returns 0 when there is no such sequence (no wrap-around: nothing goes past the Ace).
func windowMask(high Rank, ln int) uint16 {
	low := int(high) - ln + 1
	if high > Ace || low < 1 {
		return 0
	}
	var m uint16
	for r := low; r <= int(high); r++ {
		if r == 1 {
			m |= 1 << Ace
		} else {
			m |= 1 << r
		}
	}
	return m
}

// windows[ln][high] caches windowMask for the three sequence lengths.
var windows = func() (w [6][15]uint16) {
	for _, ln := range []int{2, 3, 5} {
		for h := Two; h <= Ace; h++ {
			w[ln][h] = windowMask(h, ln)
		}
	}
	return w
}()

// Readings returns every distinct legal reading of exactly these cards at this level
// (RULES.md "Combinations" and "Wild cards", Decisions included). It is empty when the cards
// are no legal play.
//
// Wild cards may stand for any non-joker card, themselves included. Two Decisions shape the
// answer: a play made only of wild cards keeps their identity (one wild is a single of the
// level rank, two are a pair of it), and five cards that can be read as a straight flush are
// never also read as a plain straight. The second is a property of the whole set, because wilds
// take any suit: the straights of a set are all straight flushes exactly when its natural cards
// share one suit.
func Readings(cards Set, level Rank) []Reading {
	return AppendReadings(nil, cards, level)
}

// AppendReadings appends the readings of Readings to dst and returns the extended slice; with a
// dst of spare capacity it does not allocate.
func AppendReadings(dst []Reading, cards Set, level Rank) []Reading {
	var t tally
	t.count(cards, level)
	return t.appendReadings(dst, level)
}

func (t *tally) appendReadings(dst []Reading, level Rank) []Reading {
	if t.n == 0 {
		return dst
	}
	if t.n == t.wilds {
		if t.n == 1 {
			return append(dst, Reading{Kind: Single, Rank: level})
		}
		return append(dst, Reading{Kind: Pair, Rank: level})
	}
	jokers := t.bj + t.rj
	oneRank := jokers == 0 && bits.OnesCount16(t.rankMask) == 1
	var rank Rank // the rank of the natural cards when oneRank
	if oneRank {
		rank = Rank(bits.TrailingZeros16(t.rankMask))
	}
	switch t.n {
	case 1:
		switch {
		case t.bj == 1:
			return append(dst, Reading{Kind: Single, Rank: BlackJoker})
		case t.rj == 1:
			return append(dst, Reading{Kind: Single, Rank: RedJoker})
		}
		return append(dst, Reading{Kind: Single, Rank: rank})
	case 2:
		switch {
		case t.bj == 2:
			return append(dst, Reading{Kind: Pair, Rank: BlackJoker})
		case t.rj == 2:
			return append(dst, Reading{Kind: Pair, Rank: RedJoker})
		case oneRank:
			return append(dst, Reading{Kind: Pair, Rank: rank})
		}
		return dst
	case 3:
		if oneRank {
			return append(dst, Reading{Kind: Triple, Rank: rank})
		}
		return dst
	case 4:
		if t.bj == 2 && t.rj == 2 {
			return append(dst, Reading{Kind: JokerBomb})
		}
	case 5:
		dst = t.appendFullHouses(dst)
		dst = t.appendStraights(dst)
	case 6:
		dst = t.appendSequences(dst, Tube, 3, 2)
		dst = t.appendSequences(dst, Plate, 2, 3)
	}
	if oneRank && t.n >= 4 && t.n <= 10 {
		dst = append(dst, Reading{Kind: Bomb, Rank: rank, Size: uint8(t.n)})
	}
	return dst
}

// appendFullHouses reads five cards as a triple plus a pair of another rank. The pair may be two
// identical jokers but never mixed ones, and a wild never stands for a joker.
func (t *tally) appendFullHouses(dst []Reading) []Reading {
	jokers := t.bj + t.rj
	if jokers > 0 {
		// The jokers must be the pair; the other three cards must be a triple.
		if (t.bj == 2 || t.rj == 2) && jokers == 2 && bits.OnesCount16(t.rankMask) == 1 {
			dst = append(dst, Reading{Kind: FullHouse, Rank: Rank(bits.TrailingZeros16(t.rankMask))})
		}
		return dst
	}
	switch bits.OnesCount16(t.rankMask) {
	case 1:
		// Three natural cards and two wilds: the wilds are a pair of any other rank. With four or
		// five natural cards of one rank there is no pair of another rank.
		if t.nat == 3 {
			dst = append(dst, Reading{Kind: FullHouse, Rank: Rank(bits.TrailingZeros16(t.rankMask))})
		}
	case 2:
		a := Rank(bits.TrailingZeros16(t.rankMask))
		b := Rank(bits.Len16(t.rankMask) - 1)
		// The wilds fill whatever is missing, since the total is five.
		if t.cnt[a] <= 3 && t.cnt[b] <= 2 {
			dst = append(dst, Reading{Kind: FullHouse, Rank: a})
		}
		if t.cnt[b] <= 3 && t.cnt[a] <= 2 {
			dst = append(dst, Reading{Kind: FullHouse, Rank: b})
		}
	}
	return dst
}

// appendStraights reads five cards as straights, or as straight flushes when all natural cards
// share a suit (the Decision of RULES.md: such a set is never a plain straight).
func (t *tally) appendStraights(dst []Reading) []Reading {
	if t.bj+t.rj > 0 || t.maxCnt > 1 {
		return dst
	}
	kind := Straight
	if bits.OnesCount8(t.suits) == 1 {
		kind = StraightFlush
	}
	for h := Five; h <= Ace; h++ {
		if t.rankMask&^windows[5][h] == 0 {
			dst = append(dst, Reading{Kind: kind, Rank: h})
		}
	}
	return dst
}

// appendSequences reads six cards as tubes (three consecutive pairs) or plates (two
// consecutive triples): the natural cards must lie in the window with at most `per` of a rank;
// the wilds then fill exactly what is missing.
func (t *tally) appendSequences(dst []Reading, k Kind, ln int, per uint8) []Reading {
	if t.bj+t.rj > 0 || t.maxCnt > per {
		return dst
	}
	for h := Rank(ln); h <= Ace; h++ {
		if m := windows[ln][h]; m != 0 && t.rankMask&^m == 0 {
			dst = append(dst, Reading{Kind: k, Rank: h})
		}
	}
	return dst
}
