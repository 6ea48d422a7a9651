package guandan

import (
	"math/bits"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// leafPos marks leaf states in the memo (past every sequence start).
const leafPos = 15

// leaf scores the cards left after the sequences: same-rank groups and the jokers. Each wild
// either stands for itself (a level card) or joins a rank the hand holds, wherever the plan
// scores best: completing a bomb, making a pair of a single, a triple for a full house. When
// out is not nil the chosen plays are appended to it.
func (e *evaluator) leaf(s *state, out *[]combo) float64 {
	key := s.key(leafPos)
	at, found := e.memo.find(key)
	if found && out == nil {
		return float64(e.memo.vals[at.i].score)
	}
	g := e.grouping(&s.n, s.bj, s.rj)
	// Each placement of a wild only moves a slot or two from one kind of group to the next,
	// so it is scored on a copy of the grouping rather than by grouping the counts again.
	// The wilds' targets are the level rank (slot 12), then the other ranks held, weakest
	// first: bit 0 of targets is slot 12, bit i+1 slot i.
	targets := uint32(held(g.lanes))<<1 | 1
	best, b1, b2 := -1e9, int8(-1), int8(-1)
	switch s.w {
	case 0:
		best = e.groupScore(&g, nil)
	case 1:
		for m := targets; m != 0; m &= m - 1 {
			t := targetSlot(m)
			g1 := g
			g1.add(t)
			if v := e.groupScore(&g1, nil); v > best {
				best, b1 = v, t
			}
		}
	default:
		for m := targets; m != 0; m &= m - 1 {
			t := targetSlot(m)
			g1 := g
			g1.add(t)
			for m2 := m; m2 != 0; m2 &= m2 - 1 {
				u := targetSlot(m2)
				g2 := g1
				g2.add(u)
				if v := e.groupScore(&g2, nil); v > best {
					best, b1, b2 = v, t, u
				}
			}
		}
	}
	if out != nil {
		if b1 >= 0 {
			g.add(b1)
		}
		if b2 >= 0 {
			g.add(b2)
		}
		e.groupScore(&g, out)
	}
	if found {
		e.memo.vals[at.i] = memoEntry{score: float32(best)}
	} else {
		e.memo.putAt(at, key, memoEntry{score: float32(best)})
	}
	return best
}

// Slots number the ranks for the leaves: 0 to 12 are the ranks of order (the level rank
// last), 13 and 14 the Black and Red Joker, 15 the joker bomb.
const (
	slotBJ        = 13
	slotRJ        = 14
	slotJokerBomb = 15
)

// Kinds of groups a slot's count makes: each has a 16-bit lane of grouping.lanes.
const (
	noGroup     = iota
	scoredGroup // a single or a bomb, scored by the count alone
	pairGroup
	tripleGroup
)

// kindBit[k] is bit 0 of the lane of the kind of group of k cards.
var kindBit = [maxGroupSize + 1]uint64{
	1 << (16 * noGroup), 1 << (16 * scoredGroup), 1 << (16 * pairGroup), 1 << (16 * tripleGroup),
	1 << (16 * scoredGroup), 1 << (16 * scoredGroup), 1 << (16 * scoredGroup), 1 << (16 * scoredGroup),
	1 << (16 * scoredGroup), 1 << (16 * scoredGroup), 1 << (16 * scoredGroup),
}

// grouping is a leaf's same-rank groups: the cards of each slot, and in each kind's lane of
// lanes the slots that make that kind of group. Walking a lane's set bits visits its slots
// weakest first, as groupScore must add the plays' values in a fixed order. The lanes are one
// word, so that grouping a hand and moving a wild are a few register operations a slot.
type grouping struct {
	cnt   [16]int8
	lanes uint64
}

// lane returns the slots of kind k of groups.
func lane(lanes uint64, k int) uint16 { return uint16(lanes >> (16 * k)) }

// held returns the slots 0 to 11 (the ranks other than the level) that hold cards.
func held(lanes uint64) uint16 { return ^lane(lanes, noGroup) & (1<<12 - 1) }

// targetSlot is the slot of the lowest bit of a leaf's targets (bit 0 is slot 12).
func targetSlot(targets uint32) int8 {
	if b := bits.TrailingZeros32(targets); b > 0 {
		return int8(b - 1)
	}
	return 12
}

// grouping sorts natural counts n (by rank) and the jokers into slots.
func (e *evaluator) grouping(n *[15]int8, bj, rj int8) grouping {
	var g grouping
	var lanes uint64
	for i, r := range e.order {
		c := n[r]
		g.cnt[i] = c
		lanes |= kindBit[c] << i
	}
	if bj == 2 && rj == 2 {
		g.cnt[slotJokerBomb] = 1
		lanes |= kindBit[1] << slotJokerBomb
	} else {
		g.cnt[slotBJ], g.cnt[slotRJ] = bj, rj
		lanes |= kindBit[bj]<<slotBJ | kindBit[rj]<<slotRJ
	}
	g.lanes = lanes
	return g
}

// add puts one more card (a wild) in slot i.
func (g *grouping) add(i int8) {
	c := g.cnt[i]
	g.lanes = g.lanes&^(kindBit[c]<<i) | kindBit[c+1]<<i
	g.cnt[i] = c + 1
}

// groupScore scores same-rank groups: four or more cards of a rank are a bomb, three a triple,
// two a pair, one a single; both jokers of each kind make the joker bomb. Triples then take
// the weakest pairs as full houses where that scores better than playing them apart, which is
// almost always: it saves a turn. When out is not nil the plays are appended to it.
//
// The plays' values are added in one order (bombs and singles weakest first, the jokers, then
// the triples with their pairs, then the pairs left), so that the same groups always give
// the same float64.
func (e *evaluator) groupScore(g *grouping, out *[]combo) float64 {
	score := 0.0
	for m := lane(g.lanes, scoredGroup); m != 0; m &= m - 1 {
		i := bits.TrailingZeros16(m)
		score += e.groupTerm[i][g.cnt[i]]
		if out != nil {
			*out = append(*out, e.slotCombo(i, g.cnt[i]))
		}
	}
	pairs := lane(g.lanes, pairGroup)
	for m := lane(g.lanes, tripleGroup); m != 0; m &= m - 1 {
		t := bits.TrailingZeros16(m)
		if pairs != 0 {
			p := bits.TrailingZeros16(pairs)
			if e.fullVal[t]+turnCost > e.tripleVal[t]+e.pairVal[p] {
				score += e.fullTerm[t]
				if out != nil {
					*out = append(*out, combo{kind: gd.FullHouse, rank: e.order[t], pair: e.slotCombo(p, 2).rank})
				}
				pairs &= pairs - 1
				continue
			}
		}
		score += e.groupTerm[t][3]
		if out != nil {
			*out = append(*out, e.slotCombo(t, 3))
		}
	}
	for ; pairs != 0; pairs &= pairs - 1 {
		p := bits.TrailingZeros16(pairs)
		score += e.groupTerm[p][2]
		if out != nil {
			*out = append(*out, e.slotCombo(p, 2))
		}
	}
	return score
}

// slotCombo is the group of k cards of slot i.
func (e *evaluator) slotCombo(i int, k int8) combo {
	switch i {
	case slotBJ:
		return groupCombo(gd.BlackJoker, int(k))
	case slotRJ:
		return groupCombo(gd.RedJoker, int(k))
	case slotJokerBomb:
		return combo{kind: gd.JokerBomb}
	}
	return groupCombo(e.order[i], int(k))
}
