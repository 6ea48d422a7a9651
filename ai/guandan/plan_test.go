package guandan

import (
	"math/rand/v2"
	"slices"
	"testing"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// TestPlanPartitionsHand checks on random hands at random levels that a plan uses every card
// exactly once and that the engine reads each play the way the plan names it.
func TestPlanPartitionsHand(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 300; i++ {
		level := gd.Rank(2 + rng.IntN(13))
		hand := randomHand(rng, 1+rng.IntN(27))
		var seen gd.Set
		for _, p := range Plan(hand, level) {
			if !hand.Contains(p.Cards) || seen.Union(p.Cards).Len() != seen.Len()+p.Cards.Len() {
				t.Fatalf("level %v hand %v: play %v reuses or invents cards", level, hand, p.Cards)
			}
			seen = seen.Union(p.Cards)
			if !slices.Contains(gd.Readings(p.Cards, level), p.Reading) {
				t.Fatalf("level %v hand %v: %v is not read as %v (readings %v)",
					level, hand, p.Cards, p.Reading, gd.Readings(p.Cards, level))
			}
		}
		if seen != hand {
			t.Fatalf("level %v hand %v: plan leaves out %v", level, hand, hand.Minus(seen))
		}
	}
}

// TestPlanShapes checks decompositions a good player would make, one per kind of play and
// per use of the wild cards (RULES.md "Combinations", "Wild cards").
func TestPlanShapes(t *testing.T) {
	tests := []struct {
		name  string
		level gd.Rank
		hand  string
		want  []string
	}{
		{"straight", gd.Two, "3S 4H 5C 6D 7S", []string{"straight:7"}},
		{"ace-low straight", gd.Nine, "AS 2S 3H 4C 5D", []string{"straight:5"}},
		{"ace-high tube", gd.Two, "QS QH KS KH AS AD", []string{"tube:A"}},
		{"plate", gd.Two, "KS KH KC AS AH AD", []string{"plate:A"}},
		{"full house", gd.Two, "8S 8H 8C 9S 9H", []string{"full-house:8"}},
		{"joker bomb", gd.Two, "BJ BJ RJ RJ", []string{"joker-bomb"}},
		{"straight flush", gd.Two, "5S 6S 7S 8S 9S", []string{"straight-flush:9"}},
		{"two straights not ten singles", gd.Two, "3S 4H 5C 6D 7S 7C 8D 9H TS JC",
			[]string{"straight:7", "straight:J"}},
		{"wild completes a bomb", gd.Nine, "7S 7H 7C 9H", []string{"bomb:4x7"}},
		{"wild completes a straight flush", gd.Two, "5S 6S 7S 9S 2H", []string{"straight-flush:9"}},
		{"wild fills a straight", gd.Two, "3S 4H 6D 7S 2H", []string{"straight:7"}},
		{"wild makes a full house", gd.Four, "8S 8H 9S 9C 4H", []string{"full-house:9"}},
		{"wilds alone are a level pair", gd.Four, "4H 4H", []string{"pair:4"}},
		{"bomb kept whole", gd.Two, "6S 6H 6C 6D 6S 3C", []string{"bomb:5x6", "single:3"}},
		{"triple takes the weakest pair", gd.Two, "9S 9H 9C 3S 3H AS AH", []string{"full-house:9", "pair:A"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := readingsOf(Plan(cards(t, tc.hand), tc.level))
			want := slices.Clone(tc.want)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("Plan(%s) at level %v = %v, want %v", tc.hand, tc.level, got, want)
			}
		})
	}
}

// TestPlanIsShort checks the planner against a simple bound on random full hands: never more
// plays than a split into same-rank groups (which is always available).
func TestPlanIsShort(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	for i := 0; i < 200; i++ {
		level := gd.Rank(2 + rng.IntN(13))
		hand := randomHand(rng, 27)
		groups := map[gd.Rank]bool{}
		for _, c := range hand.Cards() {
			groups[c.Rank()] = true
		}
		if n := len(Plan(hand, level)); n > len(groups) {
			t.Fatalf("level %v hand %v: %d plays, more than its %d ranks", level, hand, n, len(groups))
		}
	}
}

// TestPlanOrder checks the documented order of Plan's plays, which the table's "Arrange"
// button shows: ordinary plays by kind then weakest first, the bomb class last, weakest first.
func TestPlanOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for i := 0; i < 100; i++ {
		level := gd.Rank(2 + rng.IntN(13))
		plan := Plan(randomHand(rng, 27), level)
		for j := 1; j < len(plan); j++ {
			a, b := plan[j-1].Reading, plan[j].Reading
			var ok bool
			switch {
			case a.IsBomb() != b.IsBomb():
				ok = !a.IsBomb()
			case a.IsBomb():
				ok = !a.Beats(b, level)
			case a.Kind != b.Kind:
				ok = a.Kind < b.Kind
			default:
				ok = keyStrength(a, level) <= keyStrength(b, level)
			}
			if !ok {
				t.Fatalf("level %v: %v comes before %v in %v", level, a, b, readingsOf(plan))
			}
		}
	}
}

// TestFillThreats checks the evaluator's table against counting each entry alone.
func TestFillThreats(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 300; i++ {
		level := gd.Rank(2 + i%13)
		u := newTally(randomHand(rng, 1+rng.IntN(80)), level)
		var got [4][18]int8
		fillThreats(&got, &u, level)
		for k := 1; k <= 3; k++ {
			for s := 0; s < 18; s++ {
				if want := unseenThreats(&u, level, k, s); got[k][s] != want {
					t.Fatalf("level %v k %d s %d: %d, want %d", level, k, s, got[k][s], want)
				}
			}
		}
	}
}
