package guandan

import "math/bits"

// The sequence families of LegalPlays: straights, straight flushes, tubes and plates.

// fillMasks lists the 5-bit masks of window positions that wilds may fill, by how many wilds
// they take: 1 mask with none, 5 with one, 10 with two.
var fillMasks = func() (m [3][]uint8) {
	for f := 0; f < 32; f++ {
		if n := onesCount5(f); n <= 2 {
			m[n] = append(m[n], uint8(f))
		}
	}
	return m
}()

// straightFlushes emits, for every window and suit the hand could complete (sfSuits), one
// straight flush per set of window positions the wilds fill: the positions the suit lacks, and
// possibly more. The cards of the window are looked up once; a play then costs a few set
// operations: the window's cards minus those of the (at most two) positions the wilds take.
func (g *gen) straightFlushes() {
	out := g.out
	for h := Five; h <= Ace; h++ {
		flush := Reading{Kind: StraightFlush, Rank: h}
		if g.sfSuits[h] == 0 || !g.keep(flush) {
			continue
		}
		for m := g.sfSuits[h]; m != 0; m &= m - 1 {
			s := bits.TrailingZeros8(m)
			var pos [5]cset // each position's card of suit s
			var all cset
			missing := uint8(0)
			for i := 0; i < 5; i++ {
				r := seqRank(h, 5, i)
				if g.sc[r][s] == 0 {
					missing |= 1 << i
					continue
				}
				pos[i] = cset{}.with(g.cards[r][s][0])
				all = all.or(pos[i])
			}
			for nf := onesCount5(int(missing)); nf <= g.nw; nf++ {
				wild := g.wildSet[nf]
				for _, fill := range fillMasks[nf] {
					if fill&missing != missing {
						continue
					}
					cards := all
					for f := fill &^ missing; f != 0; f &= f - 1 {
						cards = cards.minus(pos[bits.TrailingZeros8(f)])
					}
					out = push(out, cards.or(wild), flush)
				}
			}
		}
	}
	g.out = out
}

// straights emits plain straights: for every window and every set of window positions the
// wilds fill, one straight of canonical cards, provided the natural cards can be of two suits
// or more (five cards of one suit are a straight flush, never a straight). A window is skipped
// at once when it misses more ranks than the hand has wilds.
func (g *gen) straights() {
	// Per rank, once: the canonical card and its suit, and a card of another suit if any
	// (the swap that keeps a straight from being five cards of one suit).
	var canonSuit [15]uint8
	var alt [15]cset
	for r := Two; r <= Ace; r++ {
		if g.cnt[r] == 0 {
			continue
		}
		first := g.pref[r][0].Suit()
		canonSuit[r] = 1 << first
		for j := 1; j < int(g.cnt[r]); j++ {
			if c := g.pref[r][j]; c.Suit() != first {
				alt[r] = cset{}.with(c)
				break
			}
		}
	}
	out := g.out
	for h := Five; h <= Ace; h++ {
		straight := Reading{Kind: Straight, Rank: h}
		if !g.keep(straight) {
			continue
		}
		var rs [5]Rank
		missing := uint8(0) // positions of window ranks the hand lacks
		for i := 0; i < 5; i++ {
			rs[i] = seqRank(h, 5, i)
			if g.cnt[rs[i]] == 0 {
				missing |= 1 << i
			}
		}
		if onesCount5(int(missing)) > g.nw {
			continue
		}
		for nf := onesCount5(int(missing)); nf <= g.nw; nf++ {
			wild := g.wildSet[nf]
			for _, fill := range fillMasks[nf] {
				if fill&missing != missing {
					continue
				}
				var nat cset
				var union, chosen uint8 // suits held, suits of the canonical cards
				swap := -1              // the first position with a card of another suit
				for m := 0x1F &^ fill; m != 0; m &= m - 1 {
					r := rs[bits.TrailingZeros8(m)]
					nat = nat.or(g.prefix[r][1])
					union |= g.suitMask[r]
					chosen |= canonSuit[r]
					if swap < 0 && !alt[r].empty() {
						swap = int(r)
					}
				}
				if union&(union-1) == 0 {
					continue
				}
				if chosen&(chosen-1) == 0 {
					// The canonical cards share a suit, which would make a straight flush:
					// swap one for a card of another suit. Some natural rank has one, since
					// the natural ranks are held in two suits or more.
					nat = nat.minus(g.prefix[swap][1]).or(alt[swap])
				}
				out = push(out, nat.or(wild), straight)
			}
		}
	}
	g.out = out
}

// onesCount5 counts the set bits of a 5-bit mask.
func onesCount5(x int) int {
	return int(x&1 + x>>1&1 + x>>2&1 + x>>3&1 + x>>4&1)
}

// tubes emits three consecutive pairs: for each window, every way to take 0–2 natural cards of
// each rank with the wilds making up the rest.
func (g *gen) tubes() {
	out := g.out
	for h := Three; h <= Ace; h++ {
		read := Reading{Kind: Tube, Rank: h}
		if !g.keep(read) {
			continue
		}
		r0, r1, r2 := seqRank(h, 3, 0), seqRank(h, 3, 1), seqRank(h, 3, 2)
		m0, m1, m2 := min(2, int(g.cnt[r0])), min(2, int(g.cnt[r1])), min(2, int(g.cnt[r2]))
		if m0+m1+m2+g.nw < 6 {
			continue // not enough cards for this window
		}
		for n0 := 0; n0 <= m0; n0++ {
			for n1 := 0; n1 <= m1; n1++ {
				two := g.prefix[r0][n0].or(g.prefix[r1][n1])
				// The wilds make up 6-n0-n1-n2 cards, at most the hand's nw.
				for n2 := max(0, 6-n0-n1-g.nw); n2 <= m2; n2++ {
					w := 6 - n0 - n1 - n2
					out = push(out, two.or(g.prefix[r2][n2]).or(g.wildSet[w]), read)
				}
			}
		}
	}
	g.out = out
}

// plates emits two consecutive triples, each of 1–3 natural cards plus wilds.
func (g *gen) plates() {
	for h := Two; h <= Ace; h++ {
		read := Reading{Kind: Plate, Rank: h}
		if !g.keep(read) {
			continue
		}
		r0, r1 := seqRank(h, 2, 0), seqRank(h, 2, 1)
		for n0 := 1; n0 <= min(3, int(g.cnt[r0])); n0++ {
			for n1 := 1; n1 <= min(3, int(g.cnt[r1])); n1++ {
				if w := 6 - n0 - n1; w <= g.nw {
					g.out = push(g.out, g.prefix[r0][n0].or(g.prefix[r1][n1]).or(g.wildSet[w]), read)
				}
			}
		}
	}
}
