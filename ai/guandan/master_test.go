package guandan

import (
	"context"
	"flag"
	"os"
	"testing"
)

// masterDeals sets the deals of TestMasterAgainstClub; BENCHMARKS.md's numbers come from the
// arena (cardavia arena guandan -only "master vs club"), which plays the same duel.
var masterDeals = flag.Int("master-deals", 0, "deals TestMasterAgainstClub plays (default 160, 40 with -short)")

func master(_ int, seed uint64) Agent { return NewMaster(seed, DefaultOptions) }

// TestMasterAgainstClub is the regression guard of the search: Master's team against the
// planner's on the same deals, seats swapped every other deal. It fails when Master wins fewer
// deals than it loses, that is when the search has made the AI weaker than the planner it is
// built on. The default count takes about two minutes of one core (the default's budget is
// eighteen times the one it was first written for); the arena plays thousands (BENCHMARKS.md).
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

// TestRaceSavesWork checks the race of Options.Race: over the same positions, searched from
// the first move, dropping the candidates that fall clearly behind the planner's move spends
// far less work where the full search completes its samples (early in the deal a few samples
// take the whole budget either way), and a decision still depends on its seed only.
func TestRaceSavesWork(t *testing.T) {
	views := positions(t, 3)
	opt := Options{Samples: 64, Budget: 200000, Near: 27, Candidates: 6, Margin: 1, Tries: 4}
	raced := opt
	raced.Race = 1
	full, less, n := 0, 0, 0
	for i := 0; i < len(views); i += 3 {
		v := views[i]
		m, r := NewMaster(uint64(i), opt), NewMaster(uint64(i), raced)
		m.Play(v)
		a := r.Play(v)
		if m.last.samples >= minSamples {
			full, less, n = full+m.last.work, less+r.last.work, n+1
		}
		if b := NewMaster(uint64(i), raced).Play(v); !sameAction(a, b) {
			t.Fatalf("position %d: %s, then %s", i, describe(a), describe(b))
		}
	}
	t.Logf("%d searches: work %d without the race, %d with it", n, full, less)
	if n < 3 || 10*less > 6*full {
		t.Errorf("%d searches: the race spent %d of the full search's %d (want at most 60 %%)", n, less, full)
	}
}

// panelDeals sets the deals of TestMasterAgainstPanel.
var panelDeals = flag.Int("panel-deals", 0, "deals TestMasterAgainstPanel plays against each of Club, Rusher and Keeper (default 300, which the floor is set for)")

// masterPanelFloor is the share of the deals against Club, Rusher and Keeper, pooled, under
// which TestMasterAgainstPanel fails. On its 900 deals (seed 1, the arena's), with the planner
// that keeps its bombs (which is Club too, the stronger opponent), the defaults win 661;
// without the reading of the opponents (read.go) 657 (161, 265 and 231); the defaults before
// issue 28 631 (146, 259 and 226; BENCHMARKS.md). So a fall back to those fails. The steps
// are within the noise of 900 deals: the floor guards these deals, and the 2,000-deal cells of
// BENCHMARKS.md are what measure.
const masterPanelFloor = 646.0 / 900

// TestMasterAgainstPanel is the regression guard of the search's strength against the
// panel: Master's team against Club's, Rusher's and Keeper's on the arena's deals (cardavia
// arena guandan -seed 1 -deals 300 -only "master vs club,master vs rusher,master vs keeper").
func TestMasterAgainstPanel(t *testing.T) {
	if testing.Short() || *panelDeals == 0 && os.Getenv("CARDAVIA_LONG") == "" {
		t.Skip("plays 900 deals with the search (about 8 minutes of CPU): -panel-deals N or CARDAVIA_LONG=1")
	}
	deals := 300
	if *panelDeals > 0 {
		deals = *panelDeals
	}
	wins := 0
	for _, them := range []func(int, uint64) Agent{ai, rusher, keeper} {
		d := Duel{Deals: deals, Seed: 1, Us: master, Them: them}
		w, err := d.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		wins += w
	}
	n := 3 * deals
	lo, hi := Wilson(wins, n)
	t.Logf("Master vs Club, Rusher and Keeper: %d/%d deals won, 95%% CI [%.3f, %.3f]", wins, n, lo, hi)
	if float64(wins) < masterPanelFloor*float64(n) {
		t.Errorf("Master won %d of %d deals against Club, Rusher and Keeper: below %.3f", wins, n, masterPanelFloor)
	}
}
