package asnas

import (
	"sync"

	rules "github.com/cardavia/cardavia/rules/asnas"
)

// counts is a multiset of ranks: counts[r-1] copies of rank r. The copies of a rank are
// identical, so a hand's strength depends only on its counts.
type counts [rules.NumRanks]uint8

// index packs counts (each 0..4) into a base-5 number below countSpace.
func (c counts) index() int {
	i := 0
	for r := rules.NumRanks - 1; r >= 0; r-- {
		i = i*5 + int(c[r])
	}
	return i
}

const countSpace = 5 * 5 * 5 * 5 * 5

func countsOf(h rules.Hand) counts {
	var c counts
	for _, r := range h {
		c[r-1]++
	}
	return c
}

func (c counts) hand() rules.Hand {
	var h rules.Hand
	i := 0
	for r, n := range c {
		for range n {
			h[i] = rules.Rank(r) + rules.Couli
			i++
		}
	}
	return h
}

// maxOpponents is the number of other seats.
const maxOpponents = rules.NumSeats - 1

// equityTable holds, for every hand a seat can hold, its exact expected share of the pot at a
// showdown against n remaining opponents of whom k have raised in this deal.
//
// With all 20 cards dealt, a player who has looked knows the 15 cards the other three share.
// The table enumerates every way to split those 15 cards into three hands, as multisets, each
// split weighted by the number of ways the physical cards can fall that way (a product of
// multinomial coefficients). The three other hands are exchangeable, so "the first n of them
// are still in, the first k of those raised" covers every case. A tie counts as a fractional
// share, as in the settlement.
type equityTable struct {
	// share[index][n][k] is the expected share against n opponents (1..3), k of them raisers.
	share [countSpace][maxOpponents + 1][maxOpponents + 1]float64
}

// raiseWeight is a rough model of how much more likely a hand is to raise than an average hand:
// a weak floor (bluffs and careless players raise too) plus a term growing with the square of
// the hand's strength percentile. Opponents who raised are given hands weighted by it.
func raiseWeight(percentile float64) float64 {
	return 0.2 + percentile*percentile
}

// tables computes the equity table once, on first use; it is read-only afterwards and shared by
// all players. It takes a few tens of milliseconds.
var tables = sync.OnceValue(buildEquityTable)

// fiveCardCounts lists every multiset of five cards the pack allows.
func fiveCardCounts() []counts {
	var all []counts
	var c counts
	var rec func(r, left int)
	rec = func(r, left int) {
		if r == rules.NumRanks-1 {
			if left <= rules.CopiesPerRank {
				c[r] = uint8(left)
				all = append(all, c)
			}
			return
		}
		for n := 0; n <= min(left, rules.CopiesPerRank); n++ {
			c[r] = uint8(n)
			rec(r+1, left-n)
		}
	}
	rec(0, rules.HandSize)
	return all
}

var factorial = [...]float64{1, 1, 2, 6, 24}

func buildEquityTable() *equityTable {
	hands := fiveCardCounts()
	values := make([]rules.Value, len(hands))
	for i, h := range hands {
		values[i] = rules.Evaluate(h.hand())
	}
	weights := percentileWeights(hands, values)
	position := make([]int, countSpace)
	for i, h := range hands {
		position[h.index()] = i
	}

	t := &equityTable{}
	for mi, mine := range hands {
		var rem counts
		for r := range rem {
			rem[r] = rules.CopiesPerRank - mine[r]
		}
		var num, den [maxOpponents + 1][maxOpponents + 1]float64
		for ai, a := range hands {
			if !fits(a, rem) {
				continue
			}
			remA := sub(rem, a)
			for bi, b := range hands {
				if !fits(b, remA) {
					continue
				}
				c := sub(remA, b)
				// The number of ways the physical cards of each rank fall into a, b and c.
				w := 1.0
				for r := range rem {
					w *= factorial[rem[r]] / (factorial[a[r]] * factorial[b[r]] * factorial[c[r]])
				}
				opp := [maxOpponents]int{ai, bi, position[c.index()]}
				for n := 1; n <= maxOpponents; n++ {
					share := showdownShare(values[mi], values, opp[:n])
					wk := w
					for k := 0; k <= n; k++ {
						if k > 0 {
							wk *= weights[opp[k-1]]
						}
						num[n][k] += wk * share
						den[n][k] += wk
					}
				}
			}
		}
		for n := 1; n <= maxOpponents; n++ {
			for k := 0; k <= n; k++ {
				t.share[mine.index()][n][k] = num[n][k] / den[n][k]
			}
		}
	}
	return t
}

// showdownShare is the share of the pot that mine wins against the given opponents' hands.
func showdownShare(mine rules.Value, values []rules.Value, opp []int) float64 {
	ties := 1
	for _, o := range opp {
		switch v := values[o]; {
		case v > mine:
			return 0
		case v == mine:
			ties++
		}
	}
	return 1 / float64(ties)
}

// percentileWeights gives each hand its raiseWeight, from its strength percentile among all
// C(20,5) five-card draws from the full pack (ties count half).
func percentileWeights(hands []counts, values []rules.Value) []float64 {
	freq := make([]float64, len(hands))
	total := 0.0
	for i, h := range hands {
		f := 1.0
		for _, n := range h {
			f *= factorial[4] / (factorial[n] * factorial[4-n]) // C(4, n)
		}
		freq[i] = f
		total += f
	}
	w := make([]float64, len(hands))
	for i := range hands {
		below := 0.0
		for j := range hands {
			switch {
			case values[j] < values[i]:
				below += freq[j]
			case values[j] == values[i]:
				below += freq[j] / 2
			}
		}
		w[i] = raiseWeight(below / total)
	}
	return w
}

func fits(a, rem counts) bool {
	for r := range a {
		if a[r] > rem[r] {
			return false
		}
	}
	return true
}

func sub(a, b counts) counts {
	for r := range a {
		a[r] -= b[r]
	}
	return a
}

// Equity returns the expected share of the pot that hand wins at a showdown against opponents
// remaining opponents, raisers of whom raised in this deal: 1 for a sure win, 1/2 for a sure
// two-way tie, 0 for a sure loss. It is a table lookup.
func Equity(hand rules.Hand, opponents, raisers int) float64 {
	if !hand.Valid() || opponents < 1 || opponents > maxOpponents {
		return 0
	}
	raisers = max(0, min(raisers, opponents))
	return tables().share[countsOf(hand).index()][opponents][raisers]
}
