package guandan

import (
	"math/bits"
	"sync"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// memos recycles the planner's memo tables: a decision fills one with a few hundred to a few
// thousand states, and the search makes thousands of decisions, so allocating each afresh
// costs more than the planning (and the garbage collector's time counts against the decision).
var memos = sync.Pool{New: func() any { return newMemoTable(1024) }}

// getMemo returns an empty memo table.
func getMemo() *memoTable { return memos.Get().(*memoTable) }

// putMemo gives back a memo table nothing refers to any more; very large ones are dropped, so
// that a rare huge decision does not pin its memory.
func putMemo(m *memoTable) {
	if len(m.keys) > 1<<15 {
		return
	}
	m.reset()
	memos.Put(m)
}

// memoTable is the planner's memo: search states (state.key) to their memoEntry. A Go map
// was a fifth of the planner's time, and the planner is most of what an AI seat costs a
// request; this open-addressing table with linear probing does only what the memo needs.
// An entry is live when its stamp is the table's generation, so emptying the table for the
// next decision costs nothing.
type memoTable struct {
	keys  []uint64
	vals  []memoEntry
	stamp []uint32
	gen   uint32
	n     int
	shift uint8 // 64 - log2(len(keys))
}

func newMemoTable(size int) *memoTable {
	m := &memoTable{gen: 1}
	m.alloc(size)
	return m
}

func (m *memoTable) alloc(size int) {
	m.keys, m.vals, m.stamp = make([]uint64, size), make([]memoEntry, size), make([]uint32, size)
	m.shift = uint8(64 - bits.TrailingZeros(uint(size)))
	m.n = 0
}

// slot is where k's probe starts (Fibonacci hashing).
func (m *memoTable) slot(k uint64) int { return int((k * 0x9E3779B97F4A7C15) >> m.shift) }

// len is the number of states memoized.
func (m *memoTable) len() int { return m.n }

func (m *memoTable) get(k uint64) (memoEntry, bool) {
	if at, ok := m.find(k); ok {
		return m.vals[at.i], true
	}
	return memoEntry{}, false
}

// memoSlot is where find found a key or would add it: slot i of a table of size slots.
type memoSlot struct{ i, size int }

// find returns the slot that holds k, or else the empty slot where put would add it.
func (m *memoTable) find(k uint64) (memoSlot, bool) {
	mask := len(m.keys) - 1
	for i := m.slot(k); ; i = (i + 1) & mask {
		if m.stamp[i] != m.gen {
			return memoSlot{i, len(m.keys)}, false
		}
		if m.keys[i] == k {
			return memoSlot{i, len(m.keys)}, true
		}
	}
}

// putAt is put(k, v) for a k that find did not find, at the slot it returned, without put's
// probe. Slots are emptied only by reset, so while the table has not grown and that slot is
// still empty, every slot before it on k's probe is still another key's and it is where put
// would add k; otherwise putAt falls back to put.
func (m *memoTable) putAt(at memoSlot, k uint64, v memoEntry) {
	if at.size != len(m.keys) || 2*(m.n+1) > len(m.keys) || m.stamp[at.i] == m.gen {
		m.put(k, v)
		return
	}
	m.keys[at.i], m.vals[at.i], m.stamp[at.i] = k, v, m.gen
	m.n++
}

// put sets k's entry, adding it if it is new.
func (m *memoTable) put(k uint64, v memoEntry) {
	if 2*(m.n+1) > len(m.keys) {
		m.grow()
	}
	mask := len(m.keys) - 1
	for i := m.slot(k); ; i = (i + 1) & mask {
		if m.stamp[i] != m.gen {
			m.keys[i], m.vals[i], m.stamp[i] = k, v, m.gen
			m.n++
			return
		}
		if m.keys[i] == k {
			m.vals[i] = v
			return
		}
	}
}

// grow doubles the table, keeping its entries.
func (m *memoTable) grow() {
	keys, vals, stamp, gen := m.keys, m.vals, m.stamp, m.gen
	m.alloc(2 * len(keys))
	m.gen = 1
	for i, st := range stamp {
		if st == gen {
			m.put(keys[i], vals[i])
		}
	}
}

// reset empties the table.
func (m *memoTable) reset() {
	m.n = 0
	m.gen++
	if m.gen == 0 { // after 2^32 resets, stale stamps could pass for live ones
		clear(m.stamp)
		m.gen = 1
	}
}

// evaluator scores hands for one decision. It knows the level and, from card counting, which
// singles, pairs and triples no unseen cards can beat; it caches the planner's search so that
// the many hands compared in one decision share work.
type evaluator struct {
	level gd.Rank
	// order lists the ranks 2..A weakest first at this level (the level rank last).
	order [13]gd.Rank
	// threat[k][s] counts the ranks of which the unseen cards hold k (wilds helping) that are
	// stronger than strength s. At zero, a group of k cards of strength s is a boss: it wins
	// its trick unless bombed.
	threat [4][18]int8
	// groupTerm[i][k] is what the group of k cards of slot i (see slotCombo) adds to a plan's
	// score, its value less turnCost, and fullTerm[i] that of a full house on a triple of
	// slot i: the planner's leaves look them up for every rank of every split (value's switch
	// was a tenth of what an AI seat costs a request). pairVal, tripleVal and fullVal are the
	// values that decide whether a triple takes a pair.
	groupTerm [16][maxGroupSize + 1]float64
	fullTerm  [13]float64
	pairVal   [15]float64
	tripleVal [13]float64
	fullVal   [13]float64
	memo      *memoTable
}

// release gives the evaluator and its memo back for reuse; e must not be used after.
func (e *evaluator) release() {
	putMemo(e.memo)
	e.memo = nil
	evaluators.Put(e)
}

// maxGroupSize is the most cards of one rank a hand can group: eight naturals and both wilds.
const maxGroupSize = 10

// memoEntry is a cached search result: the best score from a search state and the first step
// that reaches it (0: move on to the next position; otherwise the sequence kind started here).
type memoEntry struct {
	score float32
	step  gd.Kind
}

// evaluators recycles evaluators: the search makes one for every simulated decision, and
// allocating its tables afresh each time was a seventh of Master's time (and more for the
// garbage collector, which runs on the same core).
var evaluators = sync.Pool{New: func() any { return new(evaluator) }}

// newEvaluator prepares scoring at this level; unseen holds the cards the player cannot see
// (in other hands), which decide which plays are bosses. The caller gives it back with
// release once nothing refers to it.
func newEvaluator(level gd.Rank, unseen gd.Set) *evaluator {
	e := evaluators.Get().(*evaluator)
	*e = evaluator{level: level, memo: getMemo()}
	i := 0
	for r := gd.Two; r <= gd.Ace; r++ {
		if r != level {
			e.order[i] = r
			i++
		}
	}
	e.order[12] = level
	u := newTally(unseen, level)
	fillThreats(&e.threat, &u, level)
	for i, r := range e.order {
		for k := 1; k <= maxGroupSize; k++ {
			e.groupTerm[i][k] = e.value(groupCombo(r, k)) - turnCost
		}
		e.pairVal[i] = e.value(groupCombo(r, 2))
		e.tripleVal[i] = e.value(groupCombo(r, 3))
		e.fullVal[i] = e.value(combo{kind: gd.FullHouse, rank: r})
		e.fullTerm[i] = e.fullVal[i] - turnCost
	}
	for i, r := range [2]gd.Rank{gd.BlackJoker, gd.RedJoker} {
		e.groupTerm[slotBJ+i][1] = e.value(groupCombo(r, 1)) - turnCost
		e.groupTerm[slotBJ+i][2] = e.value(groupCombo(r, 2)) - turnCost
		e.pairVal[slotBJ+i] = e.value(groupCombo(r, 2))
	}
	e.groupTerm[slotJokerBomb][1] = e.value(combo{kind: gd.JokerBomb}) - turnCost
	return e
}

// fillThreats sets threat[k][s] to unseenThreats(u, level, k, s) for every k and s, counting
// the qualifying ranks once by strength and summing from the top (a decision builds an
// evaluator, so this is on the rollouts' hot path).
func fillThreats(threat *[4][18]int8, u *tally, level gd.Rank) {
	for k := 1; k <= 3; k++ {
		var at [19]int8 // at[s]: qualifying ranks of strength s
		for r := gd.Two; r <= gd.Ace; r++ {
			have := int(u.n[r])
			if r == level || (have > 0 && k > 1) {
				have += int(u.w)
			}
			if have >= k {
				at[gd.Strength(r, level)]++
			}
		}
		if k <= 2 {
			if int(u.bj) >= k {
				at[gd.Strength(gd.BlackJoker, level)]++
			}
			if int(u.rj) >= k {
				at[gd.Strength(gd.RedJoker, level)]++
			}
		}
		n := int8(0) // ranks stronger than s
		for s := 17; s >= 0; s-- {
			threat[k][s] = n
			n += at[s]
		}
	}
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
//
// Boss values above a turn (to make the player hold its bosses longer) lost in the arena.
const (
	turnCost  = 1.0
	bossValue = 1.0
)

// value scores one play in a plan.
func (e *evaluator) value(c combo) float64 {
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
		return seqValue(c.rank, float64(int(c.rank)-9)/6+0.1)
	case gd.Tube:
		return seqValue(c.rank, float64(int(c.rank)-7)/6+0.1)
	case gd.Plate:
		return seqValue(c.rank, float64(int(c.rank)-6)/6+0.1)
	case gd.Bomb:
		return 1.5 + 0.1*float64(c.size-4) + 0.005*float64(s)
	case gd.StraightFlush:
		return 2.0 + 0.005*float64(c.rank)
	case gd.JokerBomb:
		return 3
	}
	return 0
}

// seqValue is the value of a straight, tube or plate up to top: a boss when it ends at the
// Ace (only bombs beat it), else base but always short of a boss.
func seqValue(top gd.Rank, base float64) float64 {
	if top == gd.Ace {
		return bossValue
	}
	return min(0.9*bossValue, base)
}

// groupValue is the value of k cards of strength s (a single, pair, triple, or the triple of a
// full house): a full turn for a boss, else base, which grows with the strength. (Card counting
// beyond boss or not, taking value off per stronger rank still unseen, made no measurable
// difference in the arena.)
func (e *evaluator) groupValue(k, s int, base float64) float64 {
	if e.threat[k][s] == 0 {
		return bossValue
	}
	return base
}

// holdChance estimates how likely a play is to hold its trick against the unseen cards: sure
// for a bomb or a boss, and the less likely the more ranks (for same-rank groups) or higher
// sequences could beat it. It is a rough weight, not a probability model.
func (e *evaluator) holdChance(c combo) float64 {
	if c.reading().IsBomb() || e.isControl(c) {
		return 1
	}
	s := gd.Strength(c.rank, e.level)
	switch c.kind {
	case gd.Single:
		return 1 / (1 + float64(e.threat[1][s]))
	case gd.Pair:
		return 1 / (1 + float64(e.threat[2][s]))
	case gd.Triple, gd.FullHouse:
		return 1 / (1 + float64(e.threat[3][s]))
	}
	return 1 / (1 + float64(gd.Ace-c.rank)/2) // sequences: how many higher tops remain
}

// isControl reports whether a play can be counted on to win the lead: a bomb or a boss.
func (e *evaluator) isControl(c combo) bool {
	return e.value(c) >= bossValue
}
