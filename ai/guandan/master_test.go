package guandan

import (
	"context"
	"flag"
	"testing"
)

// masterDeals sets the deals of TestMasterAgainstClub; BENCHMARKS.md's numbers come from the
// arena (cardavia arena guandan -only "master vs club"), which plays the same duel.
var masterDeals = flag.Int("master-deals", 0, "deals TestMasterAgainstClub plays (default 160, 40 with -short)")

func master(_ int, seed uint64) Agent { return NewMaster(seed, DefaultOptions) }

// TestMasterAgainstClub is the regression guard of the search: Master's team against the
// planner's on the same deals, seats swapped every other deal. It fails when Master wins fewer
// deals than it loses, that is when the search has made the AI weaker than the planner it is
// built on. The default count keeps the test near half a minute on one core; the arena plays
// thousands (BENCHMARKS.md).
func TestMasterAgainstClub(t *testing.T) {
	deals := 160
	if testing.Short() {
		deals = 40
	}
	if *masterDeals > 0 {
		deals = *masterDeals
	}
	d := Duel{Deals: deals, Seed: 20261201, Us: master, Them: ai}
	wins, err := d.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	lo, hi := Wilson(wins, deals)
	t.Logf("Master vs Club: %d/%d deals won, 95%% CI [%.3f, %.3f]", wins, deals, lo, hi)
	if 2*wins < deals {
		t.Errorf("Master won %d of %d deals against Club: below Club", wins, deals)
	}
}

// TestMasterBeatsBaselines holds Master to floors against the baselines well below what the
// arena measures (98% and more over 1,000 deals), on few deals to stay quick.
func TestMasterBeatsBaselines(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 80 deals with the search")
	}
	for _, tc := range []struct {
		name  string
		them  func(int, uint64) Agent
		floor float64
	}{
		{"random", random, 0.85},
		{"greedy", greedy, 0.80},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := Duel{Deals: 40, Seed: 20261201, Us: master, Them: tc.them}
			wins, err := d.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			lo, hi := Wilson(wins, d.Deals)
			t.Logf("Master vs %s: %d/%d deals won, 95%% CI [%.3f, %.3f]", tc.name, wins, d.Deals, lo, hi)
			if lo < tc.floor {
				t.Errorf("lower bound %.3f below %.2f", lo, tc.floor)
			}
		})
	}
}

func TestParseOptions(t *testing.T) {
	o, err := ParseOptions("Samples=96 Budget=150000 Margin=1.5")
	want := DefaultOptions
	want.Samples, want.Budget, want.Margin = 96, 150000, 1.5
	if err != nil || o != want {
		t.Errorf("ParseOptions = %+v, %v; want %+v", o, err, want)
	}
	if o, err := ParseOptions(""); err != nil || o != DefaultOptions {
		t.Errorf(`ParseOptions("") = %+v, %v; want the defaults`, o, err)
	}
	for _, bad := range []string{"Samples", "Samples=x", "Samples=-1", "Depth=3", "=3"} {
		if _, err := ParseOptions(bad); err == nil {
			t.Errorf("ParseOptions(%q) succeeded", bad)
		}
	}
}
