package guandan

import "math/bits"

// gen is the state of one LegalPlays search: the hand as rank and suit counts plus, for every
// rank, its cards in the canonical order in which plays take them.
type gen struct {
	level   Rank
	prev    Reading
	leading bool
	out     []Play

	wild   [2]Card // the hand's wild cards
	nw     int
	bj, rj [2]Card
	nbj    int
	nrj    int

	cnt   [15]uint8      // natural (non-wild, non-joker) cards per rank
	sc    [15][4]uint8   // natural cards per rank and suit
	cards [15][4][2]Card // the cards themselves
	pref  [15][8]Card    // a rank's cards, best to give away first
	sfUse [15][4]uint8   // in how many straight flush windows the hand could use (rank, suit)

	suitMask  [15]uint8   // bit s set when the hand holds a natural card of rank r and suit s
	suitRanks [4]uint16   // bit r set when the hand holds a natural card of suit s and rank r
	sfSuits   [15]uint8   // sfSuits[h]: the suits that could make the straight flush up to h
	prefix    [15][9]cset // prefix[r][k]: the first k cards of pref[r]
	wildSet   [3]cset     // wildSet[k]: the first k wild cards
}

// init counts the hand into the search tables and orders every rank's cards canonically.
func (g *gen) init(hand Set, level Rank, prev Reading) {
	g.level, g.prev, g.leading = level, prev, prev.IsZero()
	wildFace := -1
	if level >= Two && level <= Ace {
		wildFace = face(level, Hearts)
	}
	for w := 0; w < 2; w++ {
		for x := hand[w]; x != 0; x &= x - 1 {
			c := Card(w*64 + bits.TrailingZeros64(x))
			f := int(c) % facesPerPack
			switch {
			case f == wildFace:
				g.wild[g.nw] = c
				g.nw++
			case f == faceBJ:
				g.bj[g.nbj] = c
				g.nbj++
			case f == faceRJ:
				g.rj[g.nrj] = c
				g.nrj++
			default:
				r, s := f/4+int(Two), f%4
				g.cards[r][s][g.sc[r][s]] = c
				g.sc[r][s]++
				g.cnt[r]++
				g.suitMask[r] |= 1 << s
				g.suitRanks[s] |= 1 << r
			}
		}
	}
	for k := 1; k <= g.nw; k++ {
		g.wildSet[k] = g.wildSet[k-1].with(g.wild[k-1])
	}
	g.computeSFUse()
	for r := Two; r <= Ace; r++ {
		if g.cnt[r] > 0 {
			g.orderRank(r)
			for k := 1; k <= int(g.cnt[r]); k++ {
				g.prefix[r][k] = g.prefix[r][k-1].with(g.pref[r][k-1])
			}
		}
	}
}

// computeSFUse counts, for every natural card, the straight flush windows of its suit that the
// hand could still complete with its wilds; LegalPlays gives such cards away last. It works on
// one rank bit mask per suit.
func (g *gen) computeSFUse() {
	for s := 0; s < 4; s++ {
		ranks := g.suitRanks[s]
		if bits.OnesCount16(ranks)+g.nw < 5 {
			continue
		}
		for h := Five; h <= Ace; h++ {
			in := ranks & windows[5][h]
			if bits.OnesCount16(in)+g.nw < 5 {
				continue
			}
			g.sfSuits[h] |= 1 << s
			for ; in != 0; in &= in - 1 {
				g.sfUse[bits.TrailingZeros16(in)][s]++
			}
		}
	}
}

// seqRank is the i-th rank (0 = lowest) of the sequence of length ln ending at high; the Ace
// stands below the 2 when the sequence starts below 2.
func seqRank(high Rank, ln, i int) Rank {
	return SequenceRank(int(high) - ln + 1 + i)
}

// SequenceRank maps a position in the natural order of sequences to its rank: position 1 is
// the Ace played low (A 2 3 4 5), positions 2 to 14 are the ranks 2 to A themselves
// (RULES.md "Sequences").
func SequenceRank(pos int) Rank {
	if pos == 1 {
		return Ace
	}
	return Rank(pos)
}

// orderRank fills pref[r]: first one copy of each card held twice (the other copy stays, so
// nothing is lost), then the remaining cards with the fewest straight-flush uses first.
func (g *gen) orderRank(r Rank) {
	var keys [8]int
	n := 0
	for s := 0; s < 4; s++ {
		switch g.sc[r][s] {
		case 2:
			g.pref[r][n], keys[n] = g.cards[r][s][0], 0
			n++
			g.pref[r][n], keys[n] = g.cards[r][s][1], 2+4*int(g.sfUse[r][s])
			n++
		case 1:
			g.pref[r][n], keys[n] = g.cards[r][s][0], 1+4*int(g.sfUse[r][s])
			n++
		}
	}
	for i := 1; i < n; i++ { // insertion sort, stable, at most 8 cards
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
			g.pref[r][j], g.pref[r][j-1] = g.pref[r][j-1], g.pref[r][j]
		}
	}
}

// take returns the first k cards of rank r in canonical order, as a set.
func (g *gen) take(r Rank, k int) cset { return g.prefix[r][k] }

// wilds returns the first k of the hand's wild cards.
func (g *gen) wilds(k int) cset { return g.wildSet[k] }

// emit appends the play if it is legal now.
func (g *gen) emit(cards cset, r Reading) {
	if g.keep(r) {
		g.out = push(g.out, cards, r)
	}
}

// keep reports whether a play read as r is legal now.
func (g *gen) keep(r Reading) bool { return g.leading || r.Beats(g.prev, g.level) }

// beatsRank is a quick filter: false when a same-kind play of rank r cannot beat prev, so the
// search can skip it before building cards.
func (g *gen) beatsRank(k Kind, r Rank) bool {
	if g.leading || g.prev.Kind != k {
		return true
	}
	if k.isSequence() {
		return r > g.prev.Rank
	}
	return Strength(r, g.level) > Strength(g.prev.Rank, g.level)
}

// cset is a Set held as a two-field struct. The compiler keeps such a struct in registers but
// not a two-element array like Set, so the hot loops of the search work on csets and convert
// once per play.
type cset struct{ lo, hi uint64 }

func (s cset) or(o cset) cset    { return cset{s.lo | o.lo, s.hi | o.hi} }
func (s cset) minus(o cset) cset { return cset{s.lo &^ o.lo, s.hi &^ o.hi} }
func (s cset) empty() bool       { return s.lo|s.hi == 0 }

// with returns s plus c.
func (s cset) with(c Card) cset {
	if c < 64 {
		s.lo |= 1 << c
	} else {
		s.hi |= 1 << (c - 64)
	}
	return s
}

// push appends a play. It writes the fields in place instead of appending a Play literal:
// the compiler builds such a literal on the stack with byte-sized stores for the Reading and
// then copies it with wide loads, which stalls store forwarding on every play.
func push(out []Play, cards cset, r Reading) []Play {
	n := len(out)
	if n < cap(out) {
		out = out[:n+1]
	} else {
		out = append(out, Play{})
	}
	p := &out[n]
	p.Cards[0], p.Cards[1] = cards.lo, cards.hi
	p.Reading = r
	return out
}
