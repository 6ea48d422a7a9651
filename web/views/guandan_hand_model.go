package views

import (
	"cmp"
	"context"
	"slices"

	"github.com/cardavia/cardavia/i18n"
	gd "github.com/cardavia/cardavia/rules/guandan"
)

// Mark is what sets a group of cards apart on the table: the wild cards, the level rank's
// other cards, the two jokers. Templates choose classes and captions by it, never by a key.
type Mark uint8

// The marks; MarkNone for every other rank.
const (
	MarkNone Mark = iota
	MarkWild
	MarkLevel
	MarkRedJoker
	MarkBlackJoker
)

// rankGroup is one rank as the table groups cards: the wild cards are a group of their own,
// apart from the level rank's other cards, because they play so differently.
type rankGroup struct {
	// key is the rank in CONFORMANCE notation, "W" for the wilds: a hook for tests, never
	// compared by a template.
	key  string
	rank gd.Rank
	wild bool
	mark Mark
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
		{key: "RJ", rank: gd.RedJoker, mark: MarkRedJoker},
		{key: "BJ", rank: gd.BlackJoker, mark: MarkBlackJoker},
		{key: "W", rank: level, wild: true, mark: MarkWild},
		{key: level.String(), rank: level, mark: MarkLevel},
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
	// Key names the group for tests (the data-group hook): a rank, "W" (wilds), a suit or
	// "play". Templates never compare it.
	Key string
	// Mark sets the groups of the wild cards, of the level rank and of the jokers apart.
	Mark Mark
	// Play is the reading of a plan's play; zero for other groups.
	Play gd.Reading
	// Cards are the group's cards, in the order they are drawn.
	Cards []gd.Card
}

// StackLabel names the button that picks the whole group: its size and what it holds ("Select
// all 2: Aces"), so that two stacks of two are not both "Select all 2" to a screen reader.
func (g CardGroup) StackLabel(ctx context.Context) string {
	name := i18n.T(ctx, "guandan.wild")
	if g.Mark != MarkWild && len(g.Cards) > 0 {
		name = ranksWord(ctx, g.Cards[0].Rank())
	}
	return i18n.T(ctx, "guandan.stack.all", len(g.Cards), name)
}

// StackPick tells whether guandan.js gives group a button that picks the whole stack, which
// the group's data-stack-label names: in a hand to pick a play from (kind "checkbox"), laid
// out by rank, a stack of two or more, and not in a lesson.
func (t GuandanTable) StackPick(g CardGroup, kind string) bool {
	return kind == "checkbox" && !t.Lesson && t.Stacked() && len(g.Cards) > 1
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

// cardStrength is a physical card's strength as a single; a wild counts as a level card. It
// orders cards for the eye only. The engine has its own copy (rules/guandan between.go, for
// tribute) and so does ai/guandan; when rules/guandan exports one, this should call it (the
// ai-guandan owners were told).
func cardStrength(c gd.Card, level gd.Rank) int {
	s := gd.CardStrength(c, level)
	if c.IsWild(level) {
		s++ // shown just before the level rank's other cards
	}
	return s
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
		out = append(out, CardGroup{Key: g.key, Mark: g.mark, Cards: cs})
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
		out = append(out, CardGroup{Key: "W", Mark: MarkWild, Cards: wilds})
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
		var cs []gd.Card
		for _, pc := range PlayCards(p, level) {
			cs = append(cs, pc.Card)
		}
		out = append(out, CardGroup{Key: "play", Play: p.Reading, Cards: cs})
	}
	for _, c := range left.Cards() {
		out = append(out, CardGroup{Key: "play", Cards: []gd.Card{c}})
	}
	return out
}

// PlayedCard is one card of a combination as it is drawn: the card itself and, for a wild
// card, the card it stands for in this combination.
type PlayedCard struct {
	Card gd.Card
	// Stands is true for a wild that stands for another card here; As is that card's rank,
	// and AsSuit its suit when the combination fixes one (a straight flush), else NoSuit.
	Stands bool
	As     gd.Rank
	AsSuit gd.Suit
}

// PlayCards lays a combination out the way a player reads it: a sequence in rank order from
// its lowest rank (A A 2 2 3 3, 3 4 5 6 7), each wild where it stands; a full house's triple
// before its pair; a group of one rank together, its wilds last. The reading decides what
// each wild stands for; the cards must be a play of that reading.
func PlayCards(p gd.Play, level gd.Rank) []PlayedCard {
	var nat, wild []gd.Card
	for _, c := range p.Cards.Cards() {
		if c.IsWild(level) {
			wild = append(wild, c)
		} else {
			nat = append(nat, c)
		}
	}
	slices.SortFunc(nat, bySuit)
	r := p.Reading
	switch r.Kind {
	case gd.Straight, gd.StraightFlush:
		return sequenceCards(nat, wild, r, 5, 1, level)
	case gd.Tube:
		return sequenceCards(nat, wild, r, 3, 2, level)
	case gd.Plate:
		return sequenceCards(nat, wild, r, 2, 3, level)
	case gd.FullHouse:
		var pairRank gd.Rank
		for _, c := range nat {
			if c.Rank() != r.Rank {
				pairRank = c.Rank()
			}
		}
		out, wild := fillRank(nil, nat, wild, r.Rank, 3, gd.NoSuit, level)
		if pairRank == 0 {
			pairRank = level // a pair of the two wilds is a pair of level cards
		}
		out, wild = fillRank(out, nat, wild, pairRank, 2, gd.NoSuit, level)
		return appendRest(out, nat, wild)
	case gd.Pair, gd.Triple, gd.Bomb:
		out, wild := fillRank(nil, nat, wild, r.Rank, len(nat)+len(wild), gd.NoSuit, level)
		return appendRest(out, nat, wild)
	case gd.JokerBomb:
		slices.SortFunc(nat, func(a, b gd.Card) int { return cmp.Compare(a.Rank(), b.Rank()) })
	}
	return appendRest(nil, nat, wild)
}

// sequenceCards lays out a sequence of ln ranks, mult cards each, ending at the reading's
// rank: each slot takes a natural card of its rank, else the next wild.
func sequenceCards(nat, wild []gd.Card, r gd.Reading, ln, mult int, level gd.Rank) []PlayedCard {
	suit := gd.NoSuit
	if r.Kind == gd.StraightFlush && len(nat) > 0 {
		suit = nat[0].Suit()
	}
	var out []PlayedCard
	for v := int(r.Rank) - ln + 1; v <= int(r.Rank); v++ {
		rank := gd.Rank(v)
		if v == 1 {
			rank = gd.Ace // A 2 3 4 5: the Ace is low
		}
		out, wild = fillRank(out, nat, wild, rank, mult, suit, level)
	}
	return appendRest(out, nat, wild)
}

// fillRank appends up to n cards of this rank: the natural ones not drawn yet, then wilds
// standing for it. It returns the wilds left.
func fillRank(out []PlayedCard, nat, wild []gd.Card, rank gd.Rank, n int, suit gd.Suit, level gd.Rank) ([]PlayedCard, []gd.Card) {
	for _, c := range nat {
		if n > 0 && c.Rank() == rank && !drawn(out, c) {
			out = append(out, PlayedCard{Card: c})
			n--
		}
	}
	for ; n > 0 && len(wild) > 0; n-- {
		w := wild[0]
		wild = wild[1:]
		// A wild standing for a heart of the level rank stands for itself.
		stands := rank != level || (suit != gd.NoSuit && suit != gd.Hearts)
		pc := PlayedCard{Card: w}
		if stands {
			pc = PlayedCard{Card: w, Stands: true, As: rank, AsSuit: suit}
		}
		out = append(out, pc)
	}
	return out, wild
}

// appendRest appends the cards no slot took, so a play that does not match its reading is
// still drawn whole.
func appendRest(out []PlayedCard, nat, wild []gd.Card) []PlayedCard {
	for _, c := range nat {
		if !drawn(out, c) {
			out = append(out, PlayedCard{Card: c})
		}
	}
	for _, c := range wild {
		if !drawn(out, c) {
			out = append(out, PlayedCard{Card: c})
		}
	}
	return out
}

// drawn tells whether c is already laid out.
func drawn(out []PlayedCard, c gd.Card) bool {
	return slices.ContainsFunc(out, func(p PlayedCard) bool { return p.Card == c })
}
