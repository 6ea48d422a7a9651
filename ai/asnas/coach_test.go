package asnas

import (
	"math"
	"testing"

	rules "github.com/cardavia/cardavia/rules/asnas"
)

// TestCoachOdds checks the coach's exact odds against cases that can be counted by hand, and
// against the equity table.
func TestCoachOdds(t *testing.T) {
	// Four As: no hand of the other 15 cards can beat or tie it (four Shahs with the last As
	// is out of reach: the As are all here).
	w, tie, s := showdownOdds(mustHand(t, "as as as as couli"), 3)
	if w != 1 || tie != 0 || s != 1 {
		t.Errorf("four As: win %v tie %v share %v", w, tie, s)
	}
	// The high-card hand A S B Z C loses to any pair and ties another high-card hand: one card
	// of each rank from the three left of each, 3^5 of the C(15, 5) = 3003 hands.
	w, tie, _ = showdownOdds(mustHand(t, "as shah bibi sarbaz couli"), 1)
	if w != 0 || math.Abs(tie-243.0/3003) > 1e-12 {
		t.Errorf("high card: win %v tie %v", w, tie)
	}
	for _, hs := range []string{"bibi bibi sarbaz sarbaz couli", "shah shah shah as couli", "couli couli sarbaz bibi as"} {
		h := mustHand(t, hs)
		for n := 1; n <= 3; n++ {
			w, tie, s := showdownOdds(h, n)
			if math.Abs(s-Equity(h, n, 0)) > 1e-12 || w+tie > 1+1e-12 || s < w || s > w+tie/2+1e-12 {
				t.Errorf("%s against %d: win %v tie %v share %v, equity %v", hs, n, w, tie, s, Equity(h, n, 0))
			}
		}
	}
}

// TestCoachSeesOnlyTheView: the advice depends on the seat's view only, so two deals that differ
// only in cards the seat cannot see get the same advice; before the seat looks there are no
// odds, and Master's advice is to look.
func TestCoachSeesOnlyTheView(t *testing.T) {
	mine := mustHand(t, "shah shah bibi couli couli")
	a := rules.DealWithHands(0, [4]rules.Hand{mustHand(t, "as as as as sarbaz"), mine, mustHand(t, "bibi bibi bibi sarbaz sarbaz"), mustHand(t, "shah shah couli couli sarbaz")})
	b := rules.DealWithHands(0, [4]rules.Hand{mustHand(t, "couli couli sarbaz sarbaz sarbaz"), mine, mustHand(t, "as as as as bibi"), mustHand(t, "bibi bibi bibi shah shah")})
	before := Coach(a.View(1))
	if before.Known || before.Win != 0 || len(before.Master) != 1 || before.Master[0] != (VerbChance{Verb: rules.Look, Chance: 1}) {
		t.Errorf("before looking: %+v", before)
	}
	a, _, _ = a.Apply(rules.Action{Seat: 1, Verb: rules.Look})
	b, _, _ = b.Apply(rules.Action{Seat: 1, Verb: rules.Look})
	x, y := Coach(a.View(1)), Coach(b.View(1))
	if !x.Known || x.Opponents != 3 || x.Win != y.Win || x.Share != y.Share || len(x.Master) != len(y.Master) {
		t.Fatalf("advice differs with hidden cards: %+v vs %+v", x, y)
	}
	sum := 0.0
	for i, vc := range x.Master {
		sum += vc.Chance
		if vc != y.Master[i] {
			t.Errorf("Master's advice differs: %+v vs %+v", x.Master, y.Master)
		}
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Errorf("Master's advice sums to %v", sum)
	}
}

func BenchmarkCoach(b *testing.B) {
	d := rules.NewDeal(5, 0)
	d, _, _ = d.Apply(rules.Action{Seat: 1, Verb: rules.Look})
	v := d.View(1)
	for b.Loop() {
		_ = Coach(v)
	}
}
