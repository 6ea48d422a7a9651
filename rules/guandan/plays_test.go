package guandan

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// classKey names the class of a play in the sense of SamePlayClass, so that classes can be
// collected in maps.
func classKey(p Play, level Rank) string {
	sig, suits := playSignature(p.Cards, level)
	if p.Reading.Kind != StraightFlush {
		suits = 0
	}
	return fmt.Sprint(p.Reading, sig, suits)
}

// bruteClasses finds every class of plays legal now by trying every subset of a small hand.
func bruteClasses(hand Set, level Rank, prev Reading) map[string]Play {
	cards := hand.Cards()
	out := map[string]Play{}
	for mask := 1; mask < 1<<len(cards); mask++ {
		var s Set
		for i, c := range cards {
			if mask&(1<<i) != 0 {
				s.Add(c)
			}
		}
		for _, r := range Readings(s, level) {
			if r.Beats(prev, level) {
				p := Play{Cards: s, Reading: r}
				out[classKey(p, level)] = p
			}
		}
	}
	return out
}

// checkPlays checks LegalPlays against the brute force: the same classes, one play per class,
// and every play's cards in the hand with its reading among their readings and legal now.
func checkPlays(t *testing.T, hand Set, level Rank, prev Reading) {
	t.Helper()
	plays := LegalPlays(hand, level, prev)
	got := map[string]bool{}
	for _, p := range plays {
		if !hand.Contains(p.Cards) {
			t.Fatalf("hand %s @%v: play %s not in hand", hand, level, p.Cards)
		}
		if !slices.Contains(Readings(p.Cards, level), p.Reading) {
			t.Fatalf("hand %s @%v: play %s as %v, but its readings are %v", hand, level, p.Cards, p.Reading, Readings(p.Cards, level))
		}
		if !p.Reading.Beats(prev, level) {
			t.Fatalf("hand %s @%v: play %v does not beat %v", hand, level, p.Reading, prev)
		}
		k := classKey(p, level)
		if got[k] {
			t.Fatalf("hand %s @%v prev %v: class %s listed twice", hand, level, prev, k)
		}
		got[k] = true
	}
	want := bruteClasses(hand, level, prev)
	for k, p := range want {
		if !got[k] {
			t.Fatalf("hand %s @%v prev %v: missing play like %s as %v", hand, level, prev, p.Cards, p.Reading)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("hand %s @%v prev %v: %d classes, brute force finds %d", hand, level, prev, len(got), len(want))
	}
}

// denseHand deals n cards from a small part of the packs (a few adjacent ranks, the wilds and
// the jokers), so that random hands are full of combinations.
func denseHand(rnd *rand.Rand, n int, level Rank) Set {
	lo := Rank(rnd.IntN(9)) + Two // ranks lo..lo+4, Ace added to reach A-low sequences
	var pool []Card
	for _, c := range FullDeck().Cards() {
		r := c.Rank()
		if (r >= lo && r <= lo+4) || r == Ace || c.IsWild(level) || (c.IsJoker() && rnd.IntN(3) == 0) {
			pool = append(pool, c)
		}
	}
	rnd.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	var s Set
	for _, c := range pool[:min(n, len(pool))] {
		s.Add(c)
	}
	return s
}

func TestLegalPlaysMatchesBruteForce(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	prevs := []Reading{{}, {Kind: Single, Rank: Seven}, {Kind: Pair, Rank: Four}, {Kind: Triple, Rank: Three},
		{Kind: FullHouse, Rank: Five}, {Kind: Straight, Rank: Six}, {Kind: Tube, Rank: Four}, {Kind: Plate, Rank: Three},
		{Kind: Bomb, Rank: Six, Size: 4}, {Kind: Bomb, Rank: Two, Size: 5}, {Kind: StraightFlush, Rank: Seven}, {Kind: Bomb, Rank: Ace, Size: 6}}
	iterations := 300
	if testing.Short() {
		iterations = 60
	}
	for i := 0; i < iterations; i++ {
		level := Rank(rnd.IntN(13)) + Two
		hand := denseHand(rnd, 8+rnd.IntN(5), level)
		// Make sure the wilds show up often.
		if rnd.IntN(2) == 0 {
			hand.Add(NewCard(level, Hearts, 0))
		}
		if rnd.IntN(3) == 0 {
			hand.Add(NewCard(level, Hearts, 1))
		}
		for _, prev := range prevs {
			checkPlays(t, hand, level, prev)
		}
	}
}

func TestLegalPlaysExamples(t *testing.T) {
	tests := []struct {
		name, level, hand, prev string
		want                    []string // readings that must be offered
		not                     []string // readings that must not be offered
	}{
		{"lead offers wild single and natural single", "5", "5H 5S 9C", "", []string{"single:5", "single:9", "pair:5", "pair:9"}, []string{"triple:5"}},
		{"follow a single with a joker", "2", "RJ 3S", "single:A", []string{"single:RJ"}, []string{"single:3"}},
		{"level card beats an ace", "7", "7S 3S", "single:A", []string{"single:7"}, []string{"single:3"}},
		{"straight flush beats 5-bomb", "2", "3S 4S 5S 6S 7S", "bomb:5xA", []string{"straight-flush:7"}, []string{"straight:7"}},
		{"straight flush loses to 6-bomb", "2", "3S 4S 5S 6S 7S", "bomb:6x3", nil, []string{"straight-flush:7"}},
		{"only a mixed straight is a straight", "2", "3S 4S 5S 6S 7S 7D", "straight:6", []string{"straight:7", "straight-flush:7"}, nil},
		{"joker bomb beats everything", "2", "BJ BJ RJ RJ", "bomb:10xA", []string{"joker-bomb"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			level := mustRank(t, tc.level)
			var prev Reading
			if tc.prev != "" {
				var err error
				if prev, err = ParseReading(tc.prev); err != nil {
					t.Fatal(err)
				}
			}
			offered := map[string]bool{}
			for _, p := range LegalPlays(mustCards(t, tc.hand), level, prev) {
				offered[p.Reading.String()] = true
			}
			for _, w := range tc.want {
				if !offered[w] {
					t.Errorf("%s not offered; offered %v", w, offered)
				}
			}
			for _, n := range tc.not {
				if offered[n] {
					t.Errorf("%s offered", n)
				}
			}
		})
	}
}

// TestLegalPlaysKeepsStraightFlush checks the canonical choice of suits: a single 7 is taken
// from the 7 that is not part of the hand's straight flush.
func TestLegalPlaysKeepsStraightFlush(t *testing.T) {
	hand := mustCards(t, "3S 4S 5S 6S 7S 7D KC")
	for _, p := range LegalPlays(hand, Two, Reading{}) {
		if p.Reading == (Reading{Kind: Single, Rank: Seven}) && p.Cards.String() != "7D" {
			t.Errorf("single 7 played as %s, breaking the straight flush", p.Cards)
		}
	}
}

func TestSamePlayClass(t *testing.T) {
	a := Play{Cards: mustCards(t, "7S 7D"), Reading: Reading{Kind: Pair, Rank: Seven}}
	b := Play{Cards: mustCards(t, "7C 7H"), Reading: Reading{Kind: Pair, Rank: Seven}}
	c := Play{Cards: mustCards(t, "7C 5H"), Reading: Reading{Kind: Pair, Rank: Seven}}
	if !SamePlayClass(a, b, Five) {
		t.Error("two natural pairs of 7 differ")
	}
	if SamePlayClass(a, c, Five) {
		t.Error("a natural pair and a pair with a wild are the same class")
	}
	sf1 := Play{Cards: mustCards(t, "3S 4S 5S 6S 7S"), Reading: Reading{Kind: StraightFlush, Rank: Seven}}
	sf2 := Play{Cards: mustCards(t, "3D 4D 5D 6D 7D"), Reading: Reading{Kind: StraightFlush, Rank: Seven}}
	if SamePlayClass(sf1, sf2, Two) {
		t.Error("straight flushes of different suits are the same class")
	}
}
