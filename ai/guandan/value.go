package guandan

import (
	gd "github.com/cardavia/cardavia/rules/guandan"
)

// evaluator scores hands for one decision. It knows the level and, from card counting, which
// singles, pairs and triples no unseen cards can beat; it caches the planner's search so that
// the many hands compared in one decision share work.
type evaluator struct {
	level gd.Rank
	// order lists the ranks 2..A weakest first at this level (the level rank last).
	order [13]gd.Rank
	// threat[k][s] counts the ranks of which the unseen cards hold k (wilds helping) that are
	// stronger than strength s. At zero a group of k cards of strength s is a boss: it wins its
	// trick unless bombed.
	threat [4][18]int8
	// countWeight is how much each threatening rank takes off the value of a group, and
	// bossValue what a boss is worth (see value).
	countWeight, bossValue float64
	shift                  [11]float64
	memo                   map[uint64]memoEntry
}

// memoEntry is a cached search result: the best score from a search state and the first step
// that reaches it (0: move on to the next position; otherwise the sequence kind started here).
type memoEntry struct {
	score float32
	step  gd.Kind
}

// newEvaluator prepares scoring at this level; unseen holds the cards the player cannot see
// (in other hands), which decide which plays are bosses.
func newEvaluator(level gd.Rank, unseen gd.Set, st style) *evaluator {
	e := &evaluator{level: level, memo: make(map[uint64]memoEntry, 512),
		countWeight: st.countWeight, bossValue: st.bossValue, shift: st.shift}
	i := 0
	for r := gd.Two; r <= gd.Ace; r++ {
		if r != level {
			e.order[i] = r
			i++
		}
	}
	e.order[12] = level
	u := newTally(unseen, level)
	for k := 1; k <= 3; k++ {
		for s := 0; s < 18; s++ {
			e.threat[k][s] = unseenThreats(&u, level, k, s)
		}
	}
	return e
}

// unseenThreats counts the ranks stronger than strength s of which the unseen cards hold k
// (the wilds may join natural cards; jokers pair only with their own kind and never make
// triples).
func unseenThreats(u *tally, level gd.Rank, k, s int) int8 {
	n := int8(0)
	for r := gd.Two; r <= gd.Ace; r++ {
		if gd.Strength(r, level) <= s {
			continue
		}
		have := int(u.n[r])
		if r == level || (have > 0 && k > 1) {
			have += int(u.w)
		}
		if have >= k {
			n++
		}
	}
	if k <= 2 {
		if gd.Strength(gd.BlackJoker, level) > s && int(u.bj) >= k {
			n++
		}
		if gd.Strength(gd.RedJoker, level) > s && int(u.rj) >= k {
			n++
		}
	}
	return n
}

// turnCost is what every play in a plan costs: one turn. A play's value says how much of that
// turn it pays back by winning its trick. A boss (a play nothing unseen can beat in kind) pays
// it back at least fully; low singles and pairs are liabilities that need someone else's
// control to get rid of. Bombs are worth more than a turn because they take the lead back from
// anything.
const turnCost = 1.0

// value scores one play in a plan.
func (e *evaluator) value(c combo) float64 {
	return e.baseValue(c) + e.shift[c.kind]
}

func (e *evaluator) baseValue(c combo) float64 {
	s := gd.Strength(c.rank, e.level)
	switch c.kind {
	case gd.Single:
		return e.groupValue(1, s, float64(s-13)/8)
	case gd.Pair:
		return e.groupValue(2, s, float64(s-12)/8)
	case gd.Triple:
		return e.groupValue(3, s, float64(s-10)/8)
	case gd.FullHouse:
		return e.groupValue(3, s, float64(s-10)/8+0.1)
	case gd.Straight:
		return min(e.bossValue, float64(int(c.rank)-9)/6+0.1)
	case gd.Tube:
		return min(e.bossValue, float64(int(c.rank)-7)/6+0.1)
	case gd.Plate:
		return min(e.bossValue, float64(int(c.rank)-6)/6+0.1)
	case gd.Bomb:
		return 1.5 + 0.1*float64(c.size-4) + 0.005*float64(s)
	case gd.StraightFlush:
		return 2.0 + 0.005*float64(c.rank)
	case gd.JokerBomb:
		return 3
	}
	return 0
}

// groupValue is the value of k cards of strength s (a single, pair, triple, or the triple of a
// full house): a boss is worth a full turn; otherwise the more stronger ranks are still out,
// the less it is worth, but never less than its place in the order of strength gives it.
func (e *evaluator) groupValue(k, s int, base float64) float64 {
	n := e.threat[k][s]
	switch {
	case n == 0:
		return e.bossValue
	case e.countWeight == 0:
		return base
	}
	return max(base, e.bossValue-e.countWeight*float64(n))
}

// isControl reports whether a play can be counted on to win the lead: a bomb or a boss.
func (e *evaluator) isControl(c combo) bool {
	return e.value(c) >= e.bossValue
}
