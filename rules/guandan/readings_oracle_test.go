package guandan

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// face52 is a card identity a wild may take: a natural rank and a suit.
type face52 struct {
	rank Rank
	suit Suit
}

// classifyNatural reads cards with fixed identities (no wilds left) straight from the table of
// RULES.md "Combinations". It is deliberately naive: a second, independent reading of the rules
// to check Readings against.
func classifyNatural(cards []face52) []Reading {
	n := len(cards)
	count := map[Rank]int{}
	suits := map[Suit]bool{}
	for _, c := range cards {
		count[c.rank]++
		if c.rank <= Ace {
			suits[c.suit] = true
		}
	}
	var out []Reading
	oneRank := len(count) == 1
	var only Rank
	for r := range count {
		only = r
	}
	jokers := count[BlackJoker] + count[RedJoker]
	switch {
	case n == 1:
		out = append(out, Reading{Kind: Single, Rank: cards[0].rank})
	case n == 2 && oneRank:
		out = append(out, Reading{Kind: Pair, Rank: only})
	case n == 3 && oneRank && jokers == 0:
		out = append(out, Reading{Kind: Triple, Rank: only})
	case n == 4 && count[BlackJoker] == 2 && count[RedJoker] == 2:
		out = append(out, Reading{Kind: JokerBomb})
	}
	if n >= 4 && n <= 10 && oneRank && jokers == 0 {
		out = append(out, Reading{Kind: Bomb, Rank: only, Size: uint8(n)})
	}
	if n == 5 && len(count) == 2 {
		for t, ct := range count {
			for p, cp := range count {
				if t != p && ct == 3 && cp == 2 && t <= Ace {
					out = append(out, Reading{Kind: FullHouse, Rank: t})
				}
			}
		}
	}
	// Sequences: every window of consecutive natural ranks, the Ace also below the 2.
	seq := func(ln, per int, k Kind) {
		if n != ln*per || jokers > 0 {
			return
		}
		for high := ln; high <= int(Ace); high++ {
			ok := true
			for i := 0; i < ln; i++ {
				r := Rank(high - i)
				if r == 1 {
					r = Ace
				}
				if count[r] != per {
					ok = false
				}
			}
			if ok {
				out = append(out, Reading{Kind: k, Rank: Rank(high)})
			}
		}
	}
	if len(suits) == 1 {
		seq(5, 1, StraightFlush)
	} else {
		seq(5, 1, Straight)
	}
	seq(3, 2, Tube)
	seq(2, 3, Plate)
	return out
}

// oracleReadings tries every identity for every wild card, then applies the two Decisions of
// RULES.md "Wild cards" and "Sequences".
func oracleReadings(cards Set, level Rank) []Reading {
	var fixed []face52
	wilds := 0
	for _, c := range cards.Cards() {
		if c.IsWild(level) {
			wilds++
			continue
		}
		fixed = append(fixed, face52{c.Rank(), c.Suit()})
	}
	if len(fixed) == 0 {
		switch wilds {
		case 1:
			return []Reading{{Kind: Single, Rank: level}}
		case 2:
			return []Reading{{Kind: Pair, Rank: level}}
		}
		return nil
	}
	seen := map[Reading]bool{}
	var try func(acc []face52, left int)
	try = func(acc []face52, left int) {
		if left == 0 {
			for _, r := range classifyNatural(acc) {
				seen[r] = true
			}
			return
		}
		acc = append(acc, face52{})
		for r := Two; r <= Ace; r++ {
			for s := Spades; s <= Diamonds; s++ {
				acc[len(acc)-1] = face52{r, s}
				try(acc, left-1)
			}
		}
	}
	try(slices.Clip(fixed), wilds)
	var out []Reading
	for r := range seen {
		if r.Kind == Straight && seen[Reading{Kind: StraightFlush, Rank: r.Rank}] {
			continue // RULES.md Decision: such five cards are only a straight flush
		}
		out = append(out, r)
	}
	return out
}

func TestReadingsAgainstOracle(t *testing.T) {
	rnd := rand.New(rand.NewPCG(9, 9))
	iterations := 1500
	if testing.Short() {
		iterations = 300
	}
	nonEmpty := 0
	for i := 0; i < iterations; i++ {
		level := Rank(rnd.IntN(13)) + Two
		n := 1 + rnd.IntN(10)
		cards := denseHand(rnd, n, level)
		if rnd.IntN(3) == 0 {
			cards.Add(NewCard(level, Hearts, rnd.IntN(2)))
		}
		if i%2 == 0 {
			// Half the sets start from a play the generator finds in a dense hand, sometimes with
			// one card swapped, so that the sample is rich in combinations and near misses.
			hand := denseHand(rnd, 14, level)
			hand.Add(NewCard(level, Hearts, 0))
			hand.Add(NewCard(level, Hearts, 1))
			plays := LegalPlays(hand, level, Reading{})
			cards = plays[rnd.IntN(len(plays))].Cards
			if rnd.IntN(2) == 0 {
				in, out := cards.Cards(), FullDeck().Minus(cards).Cards()
				cards.Remove(in[rnd.IntN(len(in))])
				cards.Add(out[rnd.IntN(len(out))])
			}
		}
		got := readingStrings(Readings(cards, level))
		if len(got) > 0 {
			nonEmpty++
		}
		want := readingStrings(oracleReadings(cards, level))
		if !slices.Equal(got, want) {
			t.Fatalf("Readings(%s @%v) = %v, oracle says %v", cards, level, got, want)
		}
	}
	// Most random sets are no play; make sure enough of them were.
	if nonEmpty < iterations/10 {
		t.Errorf("only %d of %d random sets were plays: the sample is too weak", nonEmpty, iterations)
	}
	t.Logf("%d of %d random sets were plays", nonEmpty, iterations)
}
