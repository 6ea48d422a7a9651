package asnas

import (
	"testing"

	rules "github.com/cardavia/cardavia/rules/asnas"
)

// dealFrom plays the given actions on a deal over the hands of the betting conformance cases:
// seat 0 three As, seat 1 three Shahs, seat 2 two pair, seat 3 the high-card hand.
func dealFrom(t *testing.T, dealer int, actions []rules.Action) rules.Deal {
	t.Helper()
	var hands [4]rules.Hand
	for i, s := range []string{"as as as sarbaz couli", "shah shah shah bibi couli", "bibi bibi sarbaz sarbaz couli", "as shah bibi sarbaz couli"} {
		hands[i], _ = rules.ParseHand(s)
	}
	d := rules.DealWithHands(dealer, hands)
	for _, a := range actions {
		var err error
		if d, _, err = d.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return d
}

// verbCounts asks fresh players, one per seed, to decide in the same position.
func verbCounts(v rules.View, n int) map[rules.Verb]int {
	c := map[rules.Verb]int{}
	for seed := range uint64(n) {
		c[clubPlayer(seed).Decide(v)]++
	}
	return c
}

func TestPlayerStyle(t *testing.T) {
	const n = 10000
	// A hopeless hand facing one opponent, late: mostly a fold, sometimes a bluff raise.
	weak := dealFrom(t, 0, []rules.Action{{Seat: 1, Verb: rules.Fold}, {Seat: 2, Verb: rules.Fold}, {Seat: 3, Verb: rules.Look}})
	c := verbCounts(weak.View(3), n)
	if c[rules.Raise] < n/100 || c[rules.Raise] > n/10 || c[rules.Fold]+c[rules.Raise] != n {
		t.Errorf("weak hand against one: %v, want mostly folds and a few bluffs", c)
	}
	// Three As against three opponents: mostly a raise, sometimes a slow-played call.
	strong := dealFrom(t, 3, []rules.Action{{Seat: 0, Verb: rules.Look}})
	c = verbCounts(strong.View(0), n)
	if c[rules.Raise] < n*85/100 || c[rules.Call] == 0 || c[rules.Fold] != 0 {
		t.Errorf("three As: %v, want mostly raises and a few calls", c)
	}
	// Three As facing the limit bet of 4 from three raisers: a call (raising is no longer
	// possible), never a fold.
	capped := dealFrom(t, 0, []rules.Action{
		{Seat: 1, Verb: rules.Raise}, {Seat: 2, Verb: rules.Raise}, {Seat: 3, Verb: rules.Raise}, {Seat: 0, Verb: rules.Look},
	})
	if c := verbCounts(capped.View(0), 1000); c[rules.Call] != 1000 {
		t.Errorf("three As facing 4: %v, want calls", c)
	}
	// Two pair facing 4 against three raisers: its share of the pot is far below the pot odds
	// of 2 to win 15.
	twoPair := dealFrom(t, 1, []rules.Action{
		{Seat: 2, Verb: rules.Raise}, {Seat: 3, Verb: rules.Raise}, {Seat: 0, Verb: rules.Raise}, {Seat: 1, Verb: rules.Call},
		{Seat: 2, Verb: rules.Look},
	})
	if e := Equity(twoPair.Hands[2], 3, 3); e > 2.0/15 {
		t.Fatalf("setup: equity %v", e)
	}
	if c := verbCounts(twoPair.View(2), 1000); c[rules.Fold] != 1000 {
		t.Errorf("two pair facing 4: %v, want folds", c)
	}
	// Before looking, the AI always looks.
	if v := clubPlayer(1).Decide(dealFrom(t, 0, nil).View(1)); v != rules.Look {
		t.Errorf("before looking: %v, want look", v)
	}
}

func clubPlayer(seed uint64) *Player { return NewLevel(Club, seed) }
