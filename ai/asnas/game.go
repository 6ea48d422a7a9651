package asnas

import (
	"math/bits"
	"sort"
	"sync"

	rules "github.com/cardavia/cardavia/rules/asnas"
)

// The solver, the Master player and the best-response calculator share one picture of the
// game: the public betting tree of a deal seen from the dealer (seat 0 deals, seat 1 acts
// first), the 121 hands a seat can hold, and every way the pack can fall into four hands with
// its exact probability. Seats in this picture are positions relative to the dealer; a real
// deal is turned by its dealer.

// numHands is the number of distinct hands a seat can hold: multisets of five cards from five
// ranks of four copies.
const numHands = 121

// handSet lists the distinct hands, with their values and a reverse index.
type handSet struct {
	counts []counts          // by hand index
	values []rules.Value     // by hand index
	index  [countSpace]uint8 // counts.index() -> hand index
}

var hands = sync.OnceValue(func() *handSet {
	hs := &handSet{counts: fiveCardCounts()}
	for i, c := range hs.counts {
		hs.values = append(hs.values, rules.Evaluate(c.hand()))
		hs.index[c.index()] = uint8(i)
	}
	return hs
})

// handIndex returns the hand's index among the distinct hands.
func handIndex(h rules.Hand) int { return int(hands().index[countsOf(h).index()]) }

// dealSet is every way the pack can fall, as distinct hands by position, with its
// probability, stored column by column so that a loop over all deals streams little memory
// (9 bytes a deal). The deals are ordered by their first two hands, so that a loop can skip a
// group that shares them (next01).
type dealSet struct {
	// hands[i] packs deal i's four hand indices, position 0 in the low byte.
	hands []uint32
	// p[i] is the deal's probability.
	p []float32
	// win[alive][i] is the bit set of positions that take the pot in deal i when the positions
	// in the bit set alive are still in: the best hands at a showdown, or the one seat left.
	win [1 << rules.NumSeats][]uint8
	// next01[i] is the index of the first deal whose first two hands differ from deal i's.
	next01 []int32
}

// packWays is the number of ways to deal 20 distinguishable cards into four hands of five:
// 20! / (5!)^4.
const packWays = 11732745024.0

var allDeals = sync.OnceValue(func() *dealSet {
	hs := hands()
	full := counts{4, 4, 4, 4, 4}
	ds := &dealSet{}
	for a, ca := range hs.counts {
		ra := sub(full, ca)
		for b, cb := range hs.counts {
			if !fits(cb, ra) {
				continue
			}
			rb := sub(ra, cb)
			for c, cc := range hs.counts {
				if !fits(cc, rb) {
					continue
				}
				cd := sub(rb, cc)
				h := [4]uint8{uint8(a), uint8(b), uint8(c), hs.index[cd.index()]}
				ways := 1.0
				for r := range full {
					ways *= factorial[4] / (factorial[ca[r]] * factorial[cb[r]] * factorial[cc[r]] * factorial[cd[r]])
				}
				ds.hands = append(ds.hands, uint32(h[0])|uint32(h[1])<<8|uint32(h[2])<<16|uint32(h[3])<<24)
				ds.p = append(ds.p, float32(ways/packWays))
				for alive := 1; alive < 1<<rules.NumSeats; alive++ {
					best := rules.Value(0)
					for s := range rules.NumSeats {
						if alive&(1<<s) != 0 {
							best = max(best, hs.values[h[s]])
						}
					}
					var w uint8
					for s := range rules.NumSeats {
						if alive&(1<<s) != 0 && hs.values[h[s]] == best {
							w |= 1 << s
						}
					}
					ds.win[alive] = append(ds.win[alive], w)
				}
			}
		}
	}
	ds.next01 = make([]int32, len(ds.hands))
	end := len(ds.hands)
	for i := len(ds.hands) - 1; i >= 0; i-- {
		if i+1 < len(ds.hands) && ds.hands[i+1]&0xffff != ds.hands[i]&0xffff {
			end = i + 1
		}
		ds.next01[i] = int32(end)
	}
	return ds
})

// maxVerbs is the most betting verbs a seat can have: call or hold, raise, fold.
const maxVerbs = 3

// node is a decision point of the public betting tree: whose turn it is and what the betting
// has been. Looks are not part of the tree: a look changes nothing in the betting, and the AI
// always looks.
type node struct {
	// state is the deal at this point, dealt from the dealer at seat 0 (its hands mean nothing).
	state rules.Deal
	actor int
	verbs []rules.Verb
	// child[i] is the node after verbs[i], or ^t for terminal t.
	child []int32
}

// terminal is the end of a betting sequence: who is still in and what each position staked.
type terminal struct {
	alive  uint8 // bit set of the positions still in
	stakes [rules.NumSeats]int
	pot    int
}

// payoff is what position s gets when the positions in the bit set w share the pot: its share,
// less its stake.
func (tm *terminal) payoff(w, s int) float64 {
	p := -float64(tm.stakes[s])
	if w&(1<<s) != 0 {
		p += float64(tm.pot) / float64(bits.OnesCount(uint(w)))
	}
	return p
}

// tree is the public betting tree. Node 0 is the root, the first player to act.
type tree struct {
	nodes     []node
	terminals []terminal
}

var bettingTree = sync.OnceValue(func() *tree {
	t := &tree{}
	var build func(d rules.Deal) int32
	build = func(d rules.Deal) int32 {
		if d.Over() {
			tm := terminal{stakes: d.Stakes, pot: d.Pot()}
			for s, f := range d.Folded {
				if !f {
					tm.alive |= 1 << s
				}
			}
			t.terminals = append(t.terminals, tm)
			return ^int32(len(t.terminals) - 1)
		}
		seat := d.ToAct()
		d.Looked[seat] = true
		n := int32(len(t.nodes))
		t.nodes = append(t.nodes, node{state: d, actor: seat})
		var verbs []rules.Verb
		var child []int32
		for _, v := range d.Legal(seat) {
			if v == rules.Look {
				continue
			}
			next, _, err := d.Apply(rules.Action{Seat: seat, Verb: v})
			if err != nil {
				panic(err) // Legal listed it
			}
			verbs = append(verbs, v)
			child = append(child, build(next))
		}
		t.nodes[n].verbs, t.nodes[n].child = verbs, child
		return n
	}
	build(rules.DealWithHands(0, [4]rules.Hand{}))
	return t
})

// locate finds the node of the betting tree that a view is at, from the view's public history
// read relative to the dealer. It reports false when the history does not fit the tree (a view
// that is not of a seat to act).
func (t *tree) locate(v rules.View) (int32, bool) {
	n := int32(0)
	for _, a := range v.History {
		if a.Verb == rules.Look {
			continue
		}
		if n < 0 {
			return 0, false
		}
		nd := &t.nodes[n]
		if a.Seat != (nd.actor+v.Dealer)%rules.NumSeats {
			return 0, false
		}
		i := sort.Search(len(nd.verbs), func(i int) bool { return nd.verbs[i] >= a.Verb })
		if i == len(nd.verbs) || nd.verbs[i] != a.Verb {
			return 0, false
		}
		n = nd.child[i]
	}
	if n < 0 || (t.nodes[n].actor+v.Dealer)%rules.NumSeats != v.Seat {
		return 0, false
	}
	return n, true
}
