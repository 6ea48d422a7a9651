package views

import (
	"cmp"
	"slices"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// rankGroup is one rank as the table groups cards: the wild cards are a group of their own,
// apart from the level rank's other cards, because they play so differently.
type rankGroup struct {
	// key is the rank in CONFORMANCE notation, "W" for the wilds.
	key  string
	rank gd.Rank
	wild bool
}

// holds tells whether c belongs to the group at this level.
func (g rankGroup) holds(c gd.Card, level gd.Rank) bool {
	if g.wild {
		return c.IsWild(level)
	}
	return c.Rank() == g.rank && !c.IsWild(level)
}

// rankOrder lists the groups from the strongest to the weakest at this level (RULES.md
// "Strength of single cards"): Red Joker, Black Joker, the wilds, the level rank, then A down
// to 2 without the level rank.
func rankOrder(level gd.Rank) []rankGroup {
	out := []rankGroup{
		{key: "RJ", rank: gd.RedJoker},
		{key: "BJ", rank: gd.BlackJoker},
		{key: "W", rank: level, wild: true},
		{key: level.String(), rank: level},
	}
	for r := gd.Ace; r >= gd.Two; r-- {
		if r != level {
			out = append(out, rankGroup{key: r.String(), rank: r})
		}
	}
	return out
}

// CardGroup is one group of the human's hand as laid out on the table: a rank's stack, a
// suit's run, or one play of the AI's plan.
type CardGroup struct {
	// Key names the group for tests and styles: a rank, "W" (wilds), a suit or "play".
	Key string
	// Wild and Level mark the groups of the wild cards and of the level rank.
	Wild, Level bool
	// Play is the reading of a plan's play; zero for other groups.
	Play gd.Reading
	// Cards are the group's cards, in the order they are drawn.
	Cards []gd.Card
}

// HandGroups lays out the human's hand as Arrange asks.
func (t GuandanTable) HandGroups() []CardGroup {
	switch t.Arrange {
	case ArrangeSuit:
		return suitGroups(t.View.Hand, t.View.Level)
	case ArrangePlan:
		if len(t.Plan) > 0 {
			return planGroups(t.View.Hand, t.View.Level, t.Plan)
		}
	}
	return rankGroups(t.View.Hand, t.View.Level)
}

// Stacked tells whether groups are drawn as stacks of overlapping cards (by rank) or as runs
// side by side (by suit, by plan).
func (t GuandanTable) Stacked() bool { return t.Arrange != ArrangeSuit && t.Arrange != ArrangePlan }

// bySuit orders cards of one rank by suit, then by copy, so a stack always looks the same.
func bySuit(a, b gd.Card) int {
	return cmp.Or(cmp.Compare(a.Suit(), b.Suit()), cmp.Compare(a.Copy(), b.Copy()))
}

// cardStrength is a physical card's strength as a single; a wild counts as a level card.
func cardStrength(c gd.Card, level gd.Rank) int {
	if c.IsWild(level) {
		return gd.Strength(level, level) + 1 // shown just before the level rank's other cards
	}
	return gd.Strength(c.Rank(), level)
}

// rankGroups stacks the hand by rank, strongest first.
func rankGroups(hand gd.Set, level gd.Rank) []CardGroup {
	var out []CardGroup
	for _, g := range rankOrder(level) {
		var cs []gd.Card
		for _, c := range hand.Cards() {
			if g.holds(c, level) {
				cs = append(cs, c)
			}
		}
		if len(cs) == 0 {
			continue
		}
		slices.SortFunc(cs, bySuit)
		out = append(out, CardGroup{Key: g.key, Wild: g.wild, Level: g.rank == level && !g.wild, Cards: cs})
	}
	return out
}

// suitGroups lays the hand out suit by suit (spades, hearts, clubs, diamonds), each strongest
// first; the jokers and the wilds, which belong to no suit in play, come first.
func suitGroups(hand gd.Set, level gd.Rank) []CardGroup {
	strongest := func(a, b gd.Card) int {
		return cmp.Or(cmp.Compare(cardStrength(b, level), cardStrength(a, level)), bySuit(a, b))
	}
	var jokers, wilds []gd.Card
	var suits [4][]gd.Card
	for _, c := range hand.Cards() {
		switch {
		case c.IsJoker():
			jokers = append(jokers, c)
		case c.IsWild(level):
			wilds = append(wilds, c)
		default:
			suits[c.Suit()] = append(suits[c.Suit()], c)
		}
	}
	var out []CardGroup
	if len(jokers) > 0 {
		slices.SortFunc(jokers, strongest)
		out = append(out, CardGroup{Key: "jokers", Cards: jokers})
	}
	if len(wilds) > 0 {
		out = append(out, CardGroup{Key: "W", Wild: true, Cards: wilds})
	}
	for s, cs := range suits {
		if len(cs) > 0 {
			slices.SortFunc(cs, strongest)
			out = append(out, CardGroup{Key: gd.Suit(s).String(), Cards: cs})
		}
	}
	return out
}

// planGroups lays the hand out as the AI's plan, the bomb class first and singles last (the
// plan lists them the other way round). A card the plan leaves out, which it should never
// do, is shown alone rather than lost.
func planGroups(hand gd.Set, level gd.Rank, plan []gd.Play) []CardGroup {
	var out []CardGroup
	left := hand
	for i := len(plan) - 1; i >= 0; i-- {
		p := plan[i]
		if !left.Contains(p.Cards) || p.Cards.IsEmpty() {
			continue
		}
		left = left.Minus(p.Cards)
		out = append(out, CardGroup{Key: "play", Play: p.Reading, Cards: playOrder(p, level)})
	}
	for _, c := range left.Cards() {
		out = append(out, CardGroup{Key: "play", Cards: []gd.Card{c}})
	}
	return out
}

// playOrder draws a play's cards the way a player reads it: the larger group first (the
// triple of a full house), higher ranks first, the Ace low in A 2 3 4 5, wilds last.
func playOrder(p gd.Play, level gd.Rank) []gd.Card {
	cs := p.Cards.Cards()
	count := map[gd.Rank]int{}
	for _, c := range cs {
		if !c.IsWild(level) {
			count[c.Rank()]++
		}
	}
	seq := p.Reading.Kind == gd.Straight || p.Reading.Kind == gd.StraightFlush || p.Reading.Kind == gd.Tube || p.Reading.Kind == gd.Plate
	value := func(c gd.Card) int {
		if seq && c.Rank() == gd.Ace && p.Reading.Rank <= gd.Five {
			return 1
		}
		return int(c.Rank())
	}
	slices.SortFunc(cs, func(a, b gd.Card) int {
		wa, wb := a.IsWild(level), b.IsWild(level)
		if wa != wb {
			if wa {
				return 1
			}
			return -1
		}
		return cmp.Or(cmp.Compare(count[b.Rank()], count[a.Rank()]), cmp.Compare(value(b), value(a)), bySuit(a, b))
	})
	return cs
}

// PlayCards orders a played combination for drawing on the felt.
func PlayCards(p gd.Play, level gd.Rank) []gd.Card { return playOrder(p, level) }
