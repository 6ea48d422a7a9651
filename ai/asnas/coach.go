package asnas

import (
	rules "github.com/cardavia/cardavia/rules/asnas"
)

// Advice is the coach's word for a seat on its turn, computed from the seat's view alone.
type Advice struct {
	// Known is false when the seat has not looked at its hand: without it there is nothing to
	// weigh (the coach never peeks for the player). Master's advice is then to look.
	Known bool
	// Opponents is the number of other seats still in the deal.
	Opponents int
	// Win is the chance that the hand beats every hand still in at a showdown, Tie the chance
	// that it shares the best hand with one or more of them, and Share its expected share of
	// the pot: exact, over every way the unseen cards can lie, each equally likely.
	Win, Tie, Share float64
	// Master is what the Master level would do here, with what probability, in the view's
	// order of legal verbs.
	Master []VerbChance
}

// VerbChance is one verb with its probability.
type VerbChance struct {
	Verb   rules.Verb
	Chance float64
}

// Coach advises the seat whose view it is. The odds count only the cards the seat may see:
// its own hand; every other card, folded hands included, is unseen and may lie anywhere.
func Coach(v rules.View) Advice {
	a := Advice{Known: v.Me().Shown}
	for s, sv := range v.Seats {
		if s != v.Seat && !sv.Folded {
			a.Opponents++
		}
	}
	if a.Known && a.Opponents > 0 {
		a.Win, a.Tie, a.Share = showdownOdds(v.Me().Hand, a.Opponents)
	}
	master := NewPlayer(0).Strategy(v)
	for _, verb := range v.Legal {
		if q := master[verb]; q > 0 {
			a.Master = append(a.Master, VerbChance{Verb: verb, Chance: q})
		}
	}
	return a
}

// showdownOdds enumerates every split of the 15 cards the hand does not hold into three hands,
// weighted by the number of ways the physical cards fall that way, and counts how the hand
// fares against the first n of them (the three are exchangeable, so which seats are still in
// does not matter).
func showdownOdds(hand rules.Hand, n int) (win, tie, share float64) {
	hs := hands()
	mine := countsOf(hand)
	mv := rules.Evaluate(hand)
	var rem counts
	for r := range rem {
		rem[r] = rules.CopiesPerRank - mine[r]
	}
	total := 0.0
	for ai, a := range hs.counts {
		if !fits(a, rem) {
			continue
		}
		ra := sub(rem, a)
		for bi, b := range hs.counts {
			if !fits(b, ra) {
				continue
			}
			c := sub(ra, b)
			w := 1.0
			for r := range rem {
				w *= factorial[rem[r]] / (factorial[a[r]] * factorial[b[r]] * factorial[c[r]])
			}
			opp := [3]rules.Value{hs.values[ai], hs.values[bi], hs.values[hs.index[c.index()]]}
			ties, lost := 1, false
			for _, o := range opp[:n] {
				switch {
				case o > mv:
					lost = true
				case o == mv:
					ties++
				}
			}
			total += w
			switch {
			case lost:
			case ties == 1:
				win += w
				share += w
			default:
				tie += w
				share += w / float64(ties)
			}
		}
	}
	return win / total, tie / total, share / total
}
