package guandan

import (
	"math/bits"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// The planner splits a hand into plays so as to maximize the plan's score: the sum over its
// plays of value minus turnCost, which mostly means "as few plays as possible" and among
// equally short plans prefers the ones whose plays win tricks. The search has three layers:
//
//  1. straight flushes, which need suits, are chosen first by a small exhaustive search;
//  2. straights, tubes and plates are chosen on suit-free rank counts by a depth-first search
//     that moves up the ranks: at each rank it either starts another sequence there (on a
//     natural card; wilds may fill the gaps further up) or moves on for good, so a set of
//     sequences is reached in essentially one order; the states are memoized;
//  3. what remains forms same-rank groups (bombs, triples, pairs, singles, the jokers), the
//     wilds joining the groups where they score best, and triples take pairs as full houses.

// state is the suit-free part of a hand the sequence search works on.
type state struct {
	n         [15]int8
	w, bj, rj int8
}

// cnt returns the natural cards at a sequence position (1 is the Ace played low).
func (s *state) cnt(pos int) int8 {
	if pos == 1 {
		return s.n[gd.Ace]
	}
	return s.n[pos]
}

// dec takes k cards at a sequence position.
func (s *state) dec(pos int, k int8) {
	if pos == 1 {
		s.n[gd.Ace] -= k
	} else {
		s.n[pos] -= k
	}
}

// key packs the state and the search position into a map key: four bits per rank (at most
// eight copies), two bits for each joker kind and the wilds.
//
// The ranks are packed in three independent chains of shifts rather than one, which the
// processor can work on at once: the key is computed for every search state.
func (s *state) key(pos int) uint64 {
	n := &s.n
	a := uint64(n[2])<<16 | uint64(n[3])<<12 | uint64(n[4])<<8 | uint64(n[5])<<4 | uint64(n[6])
	b := uint64(n[7])<<16 | uint64(n[8])<<12 | uint64(n[9])<<8 | uint64(n[10])<<4 | uint64(n[11])
	c := uint64(n[12])<<8 | uint64(n[13])<<4 | uint64(n[14])
	k := uint64(pos)<<52 | a<<32 | b<<12 | c
	return k<<6 | uint64(s.w)<<4 | uint64(s.bj)<<2 | uint64(s.rj)
}

// seqKinds are the suit-free sequences, in the order the search tries them.
var seqKinds = [...]gd.Kind{gd.Straight, gd.Tube, gd.Plate}

// lastStart is the highest position a sequence of any kind can start at (K K K A A A).
const lastStart = 13

// score returns the score of the best plan for the cards of t.
func (e *evaluator) score(t tally) float64 {
	v, _ := e.plan(t, false)
	return v
}

// plan returns the best plan's score and, when want is set, its plays.
func (e *evaluator) plan(t tally, want bool) (float64, []combo) {
	best := -1e9
	var bestSF, cur []combo
	var bestRest state
	// Only the straight flushes the whole hand can make can be made from what is left of it
	// after others: list them once rather than trying all forty at every step.
	fl, nf := flushes(&t)
	var walk func(t tally, from int)
	walk = func(t tally, from int) {
		s := state{n: t.n, w: t.w, bj: t.bj, rj: t.rj}
		v := e.search(1, s)
		for _, c := range cur {
			v += e.value(c) - turnCost
		}
		if v > best {
			best, bestRest = v, s
			bestSF = append(bestSF[:0], cur...)
		}
		for _, i8 := range fl[:nf] {
			i := int(i8)
			if i < from {
				continue
			}
			st, top := gd.Suit(i/10), 5+i%10
			if u, ok := takeFlush(t, st, top, 1); ok {
				cur = append(cur, combo{kind: gd.StraightFlush, rank: gd.Rank(top), suit: st})
				walk(u, i)
				cur = cur[:len(cur)-1]
			}
		}
	}
	walk(t, 0)
	if !want {
		return best, nil
	}
	plays := append([]combo(nil), bestSF...)
	return best, e.replay(1, &bestRest, plays)
}

// flushes lists the straight flushes the hand of t may make, as suit*10 + top-5: those where
// the suit holds at least four of the five cards and a wild is there for a gap (takeFlush's
// limit of one). It counts on a mask of each suit's sequence positions rather than card by
// card, since every plan looks at all forty.
func flushes(t *tally) (fl [4 * 10]int8, n int) {
	need := 5 - min(1, int(t.w))
	for st := range 4 {
		var held uint16 // bit pos: the suit holds a natural card at sequence position pos
		for pos := 1; pos <= 14; pos++ {
			if t.suit[st][gd.SequenceRank(pos)] > 0 {
				held |= 1 << pos
			}
		}
		for top := 5; top <= 14; top++ {
			if bits.OnesCount16(held>>(top-4)&31) >= need {
				fl[n] = int8(st*10 + top - 5)
				n++
			}
		}
	}
	return fl, n
}

// takeFlush returns t without the straight flush of suit st up to top, missing cards being
// made up by wilds, at most maxMiss of them. The planner passes 1: flushes that need both
// wilds are rarely worth them and would multiply the search.
func takeFlush(t tally, st gd.Suit, top int, maxMiss int8) (tally, bool) {
	miss := int8(0)
	for pos := top - 4; pos <= top; pos++ {
		r := gd.SequenceRank(pos)
		if t.suit[st][r] > 0 {
			t.suit[st][r]--
			t.n[r]--
		} else {
			miss++
		}
	}
	if miss > t.w || miss > maxMiss {
		return t, false
	}
	t.w -= miss
	return t, true
}

// search returns the best score of the sequences starting at pos or later plus the groups
// of what remains. The state is passed by value: it is 18 bytes, and the copy a pointer
// would need for every sequence tried escaped to the heap through the recursion.
func (e *evaluator) search(pos int, s state) float64 {
	for pos <= lastStart && s.cnt(pos) == 0 {
		pos++
	}
	if pos > lastStart {
		return e.leaf(&s, nil)
	}
	key := s.key(pos)
	at, ok := e.memo.find(key)
	if ok {
		return float64(e.memo.vals[at.i].score)
	}
	best, step := e.search(pos+1, s), gd.Kind(0)
	for _, k := range seqKinds {
		if miss, ok := seqFits(&s, pos, k); ok {
			c := seqCombo(pos, k)
			u := s
			takeSeq(&u, pos, k, miss)
			if v := e.value(c) - turnCost + e.search(pos, u); v > best {
				best, step = v, k
			}
		}
	}
	e.memo.putAt(at, key, memoEntry{score: float32(best), step: step})
	return best
}

// replay follows the memoized choices from pos and appends the plan's plays to plays.
func (e *evaluator) replay(pos int, s *state, plays []combo) []combo {
	for {
		for pos <= lastStart && s.cnt(pos) == 0 {
			pos++
		}
		if pos > lastStart {
			e.leaf(s, &plays)
			return plays
		}
		m, ok := e.memo.get(s.key(pos))
		if !ok {
			e.search(pos, *s)
			m, _ = e.memo.get(s.key(pos))
		}
		if m.step == 0 {
			pos++
			continue
		}
		miss, _ := seqFits(s, pos, m.step)
		takeSeq(s, pos, m.step, miss)
		plays = append(plays, seqCombo(pos, m.step))
	}
}

// seqFits reports whether a sequence of kind k can start at pos, and how many wilds it needs.
func seqFits(s *state, pos int, k gd.Kind) (int8, bool) {
	ln, per := seqShape(k)
	if pos+ln-1 > 14 {
		return 0, false
	}
	miss := int8(0)
	for i := 0; i < ln; i++ {
		if c := s.cnt(pos + i); c < int8(per) {
			miss += int8(per) - c
		}
	}
	return miss, miss <= s.w
}

// takeSeq removes a sequence of kind k starting at pos, using miss wilds for the gaps.
func takeSeq(s *state, pos int, k gd.Kind, miss int8) {
	ln, per := seqShape(k)
	for i := 0; i < ln; i++ {
		s.dec(pos+i, min(int8(per), s.cnt(pos+i)))
	}
	s.w -= miss
}

// seqCombo is the sequence of kind k starting at pos.
func seqCombo(pos int, k gd.Kind) combo {
	ln, _ := seqShape(k)
	return combo{kind: k, rank: gd.Rank(pos + ln - 1)}
}
