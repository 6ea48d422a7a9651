package guandan

import (
	"cmp"
	"slices"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// Plan splits hand into as few plays as it can at this level (the decomposition behind the
// table's "Arrange" button and behind Player's decisions). The plays come in the order of
// their kinds (singles, pairs, triples, full houses, straights, tubes, plates, then the bomb
// class), each kind weakest first. Without a view it counts every card outside the hand as
// unseen, so "boss" means boss against the whole rest of the deck.
func Plan(hand gd.Set, level gd.Rank) []gd.Play {
	e := newEvaluator(level, gd.FullDeck().Minus(hand))
	plan := e.concrete(hand)
	e.release()
	slices.SortStableFunc(plan, func(a, b gd.Play) int {
		ka, kb := a.Reading.IsBomb(), b.Reading.IsBomb()
		switch {
		case ka != kb && ka:
			return 1
		case ka != kb:
			return -1
		case ka:
			if a.Reading.Beats(b.Reading, level) {
				return 1
			}
			if b.Reading.Beats(a.Reading, level) {
				return -1
			}
			return 0
		case a.Reading.Kind != b.Reading.Kind:
			return cmp.Compare(a.Reading.Kind, b.Reading.Kind)
		}
		return cmp.Compare(keyStrength(a.Reading, level), keyStrength(b.Reading, level))
	})
	return plan
}

// concrete returns the best plan for hand as physical plays.
func (e *evaluator) concrete(hand gd.Set) []gd.Play {
	steps := e.steps(hand)
	out := make([]gd.Play, len(steps))
	for i, s := range steps {
		out[i] = s.play
	}
	return out
}

// step is one play of a plan, abstract and concrete.
type step struct {
	c    combo
	play gd.Play
}

// steps returns the best plan for hand, each play with its physical cards.
func (e *evaluator) steps(hand gd.Set) []step {
	_, combos := e.plan(newTally(hand, e.level), true)
	avail := hand
	out := make([]step, 0, len(combos))
	for _, c := range combos {
		p, ok := concretize(c, avail, e.level)
		if !ok {
			continue
		}
		avail = avail.Minus(p.Cards)
		out = append(out, step{c, p})
	}
	// Whatever the plan could not place (it never should) is played as singles.
	for _, x := range avail.Cards() {
		var s gd.Set
		s.Add(x)
		r := x.Rank()
		if x.IsWild(e.level) {
			r = e.level
		}
		c := groupCombo(r, 1)
		out = append(out, step{c, gd.Play{Cards: s, Reading: c.reading()}})
	}
	return out
}
