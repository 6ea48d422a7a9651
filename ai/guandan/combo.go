package guandan

import (
	gd "github.com/cardavia/cardavia/rules/guandan"
)

// combo is an abstract play: what is played, before choosing which physical cards play it.
// The planner and the move generator work with combos; concretize turns one into a gd.Play.
type combo struct {
	kind gd.Kind
	// rank is the key rank, as in gd.Reading: the top natural rank for sequences.
	rank gd.Rank
	// size is the number of cards of a bomb.
	size int8
	// suit is the suit of a straight flush.
	suit gd.Suit
	// pair is the rank of a full house's pair (BlackJoker or RedJoker for a joker pair).
	pair gd.Rank
}

// reading returns the reading the combo is played as.
func (c combo) reading() gd.Reading {
	r := gd.Reading{Kind: c.kind, Rank: c.rank}
	if c.kind == gd.Bomb {
		r.Size = uint8(c.size)
	}
	return r
}

// cards returns how many cards the combo holds.
func (c combo) cards() int {
	switch c.kind {
	case gd.Single:
		return 1
	case gd.Pair:
		return 2
	case gd.Triple:
		return 3
	case gd.FullHouse, gd.Straight, gd.StraightFlush:
		return 5
	case gd.Tube, gd.Plate:
		return 6
	case gd.Bomb:
		return int(c.size)
	case gd.JokerBomb:
		return 4
	}
	return 0
}

// seqShape returns the length of a sequence kind and the cards it takes at each position
// (RULES.md "Combinations": straights 5×1, tubes 3×2, plates 2×3).
func seqShape(k gd.Kind) (length, per int) {
	switch k {
	case gd.Straight, gd.StraightFlush:
		return 5, 1
	case gd.Tube:
		return 3, 2
	case gd.Plate:
		return 2, 3
	}
	return 0, 0
}

// groupCombo returns the same-rank combo of k cards of rank r: a single, pair, triple or bomb.
func groupCombo(r gd.Rank, k int) combo {
	switch k {
	case 1:
		return combo{kind: gd.Single, rank: r}
	case 2:
		return combo{kind: gd.Pair, rank: r}
	case 3:
		return combo{kind: gd.Triple, rank: r}
	}
	return combo{kind: gd.Bomb, rank: r, size: int8(k)}
}

// concretize chooses physical cards from avail for c: natural cards first, wild cards for what
// is missing. It returns false when avail cannot play c. A planned straight is given cards of
// more than one suit when the hand allows, because five cards of one suit are read only as a
// straight flush (RULES.md "Decision"), which would spend a bomb where a straight was meant.
func concretize(c combo, avail gd.Set, level gd.Rank) (gd.Play, bool) {
	var cards gd.Set
	wilds := wildCards(avail, level)
	takeWild := func() bool {
		if len(wilds) == 0 {
			return false
		}
		cards.Add(wilds[0])
		wilds = wilds[1:]
		return true
	}
	// take adds k cards of rank r (of suit s unless s is NoSuit) to the play.
	take := func(r gd.Rank, s gd.Suit, k int) bool {
		for _, x := range rankCards(avail.Minus(cards), r, s, level) {
			if k == 0 {
				break
			}
			cards.Add(x)
			k--
		}
		for ; k > 0; k-- {
			if r >= gd.BlackJoker || !takeWild() {
				return false
			}
		}
		return true
	}
	ok := true
	switch c.kind {
	case gd.Single, gd.Pair, gd.Triple, gd.Bomb:
		ok = take(c.rank, gd.NoSuit, c.cards())
	case gd.FullHouse:
		ok = take(c.rank, gd.NoSuit, 3) && take(c.pair, gd.NoSuit, 2)
	case gd.JokerBomb:
		ok = take(gd.BlackJoker, gd.NoSuit, 2) && take(gd.RedJoker, gd.NoSuit, 2)
	case gd.StraightFlush:
		ln, _ := seqShape(c.kind)
		for pos := int(c.rank) - ln + 1; pos <= int(c.rank) && ok; pos++ {
			ok = take(gd.SequenceRank(pos), c.suit, 1)
		}
	case gd.Straight:
		ok = takeStraight(c, avail, level, &cards, takeWild)
	case gd.Tube, gd.Plate:
		ln, per := seqShape(c.kind)
		for pos := int(c.rank) - ln + 1; pos <= int(c.rank) && ok; pos++ {
			ok = take(gd.SequenceRank(pos), gd.NoSuit, per)
		}
	default:
		ok = false
	}
	if !ok {
		return gd.Play{}, false
	}
	return gd.Play{Cards: cards, Reading: settleReading(c.reading(), cards, level)}, true
}

// takeStraight picks one natural card per rank of a straight, avoiding a single suit when it
// can, and fills gaps with wilds.
func takeStraight(c combo, avail gd.Set, level gd.Rank, cards *gd.Set, takeWild func() bool) bool {
	var picked []gd.Card
	var options [][]gd.Card
	for pos := int(c.rank) - 4; pos <= int(c.rank); pos++ {
		xs := rankCards(avail, gd.SequenceRank(pos), gd.NoSuit, level)
		if len(xs) == 0 {
			if !takeWild() {
				return false
			}
			continue
		}
		picked = append(picked, xs[0])
		options = append(options, xs)
	}
	if len(picked) > 1 && oneSuit(picked) {
		mixSuits(picked, options)
	}
	for _, x := range picked {
		cards.Add(x)
	}
	return true
}

// mixSuits swaps one of the picked cards (all of one suit) for a card of the same rank and
// another suit, if options (the hand's cards of each picked rank) hold one.
func mixSuits(picked []gd.Card, options [][]gd.Card) {
	for i, xs := range options {
		for _, x := range xs {
			if x.Suit() != picked[0].Suit() {
				picked[i] = x
				return
			}
		}
	}
}

// oneSuit reports whether all the cards share a suit.
func oneSuit(cs []gd.Card) bool {
	for _, x := range cs[1:] {
		if x.Suit() != cs[0].Suit() {
			return false
		}
	}
	return true
}

// settleReading returns want if the engine reads cards that way, and otherwise the engine's
// own reading of the cards (a straight that could only be given one suit is a straight flush).
func settleReading(want gd.Reading, cards gd.Set, level gd.Rank) gd.Reading {
	var buf [8]gd.Reading
	rs := gd.AppendReadings(buf[:0], cards, level)
	for _, r := range rs {
		if r == want {
			return want
		}
	}
	if len(rs) > 0 {
		return rs[0]
	}
	return want
}

// rankCards lists the natural (non-wild) cards of rank r in set, of suit s unless s is NoSuit.
func rankCards(set gd.Set, r gd.Rank, s gd.Suit, level gd.Rank) []gd.Card {
	var out []gd.Card
	if r == gd.BlackJoker || r == gd.RedJoker {
		for cp := 0; cp < 2; cp++ {
			if x := gd.NewCard(r, gd.NoSuit, cp); set.Has(x) {
				out = append(out, x)
			}
		}
		return out
	}
	for st := gd.Spades; st <= gd.Diamonds; st++ {
		if s != gd.NoSuit && st != s {
			continue
		}
		for cp := 0; cp < 2; cp++ {
			if x := gd.NewCard(r, st, cp); set.Has(x) && !x.IsWild(level) {
				out = append(out, x)
			}
		}
	}
	return out
}

// wildCards lists the wild cards in set.
func wildCards(set gd.Set, level gd.Rank) []gd.Card {
	var out []gd.Card
	for cp := 0; cp < 2; cp++ {
		if x := gd.NewCard(level, gd.Hearts, cp); set.Has(x) {
			out = append(out, x)
		}
	}
	return out
}
