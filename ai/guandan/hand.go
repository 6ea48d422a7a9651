package guandan

import (
	gd "github.com/cardavia/cardavia/rules/guandan"
)

// tally is a rank-count summary of a set of cards at one level: the form the planner searches
// over. Wild cards (hearts of the level rank) are counted apart from the natural cards because
// they may stand for any ordinary card; a wild that stands for itself is added back to the
// level rank by the planner.
type tally struct {
	// n counts the natural (non-wild, non-joker) cards by rank, indexed by rank 2..14.
	n [15]int8
	// suit counts the natural cards by suit and rank, for straight flushes.
	suit [4][15]int8
	// bj and rj count the Black and Red Jokers.
	bj, rj int8
	// w counts the wild cards.
	w int8
}

// newTally summarizes cards at this level.
func newTally(cards gd.Set, level gd.Rank) tally {
	var t tally
	for _, c := range cards.Cards() {
		t.add(c, level)
	}
	return t
}

// add counts one card.
func (t *tally) add(c gd.Card, level gd.Rank) {
	switch {
	case c.IsWild(level):
		t.w++
	case c.Rank() == gd.BlackJoker:
		t.bj++
	case c.Rank() == gd.RedJoker:
		t.rj++
	default:
		t.n[c.Rank()]++
		t.suit[c.Suit()][c.Rank()]++
	}
}
