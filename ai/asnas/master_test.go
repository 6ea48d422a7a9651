package asnas

import (
	"bytes"
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	rules "github.com/cardavia/cardavia/rules/asnas"
)

// masterHash is the hash `cardavia solve asnas` printed for MasterSettings, and reducedHash the
// hash of the table the solver makes in reducedSettings. The full solve takes many minutes, too
// long for every test run: TestMasterTableIsTheSolversOutput checks that the committed table is
// the one with masterHash and re-solves the reduced settings to check that the solver still
// computes what it computed when the table was made. `cardavia solve asnas -check
// ai/asnas/master.table` re-solves the full settings and compares.
const (
	masterHash  = "634a251a69aacfe3bcbe4810966e083a11999ba393efc85b4ac30f04efe2a629"
	reducedHash = "b53768835943b8752009b97d3ef52ff2561b0a2995c20379a44b39984473e229"
)

var reducedSettings = SolveSettings{Iterations: 2, Delay: 0}

func TestMasterTableIsTheSolversOutput(t *testing.T) {
	if got := masterTable().Hash(); got != masterHash {
		t.Errorf("the committed table has hash %s, the solver made %s", got, masterHash)
	}
	tb, err := Solve(context.Background(), reducedSettings, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := tb.Hash(); got != reducedHash {
		t.Errorf("the solver now makes %s in the reduced settings, it made %s with the committed table", got, reducedHash)
	}
	var buf bytes.Buffer
	if err := tb.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := DecodeTable(&buf)
	if err != nil || back.Hash() != tb.Hash() {
		t.Errorf("a table does not survive encoding: %v", err)
	}
}

func TestDecodeTableRefusesDamage(t *testing.T) {
	var buf bytes.Buffer
	if err := masterTable().Encode(&buf); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{
		"empty":     nil,
		"truncated": buf.Bytes()[:buf.Len()/2],
		"not gzip":  []byte("asnas-cfr-1\n\x00\x00\x00\x00"),
	} {
		if _, err := DecodeTable(bytes.NewReader(data)); err == nil {
			t.Errorf("%s table accepted", name)
		}
	}
	bad := *masterTable()
	bad.probs = slices.Clone(bad.probs)
	bad.probs[7]++
	buf.Reset()
	if err := bad.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	if _, err := DecodeTable(&buf); err == nil {
		t.Error("a table whose probabilities do not sum to 1 was accepted")
	}
}

// TestMasterExploitability: the best strategy for one seat against three Master players earns
// at most 0.01 points per deal, computed exactly.
func TestMasterExploitability(t *testing.T) {
	e := Exploitability(NewPlayer(1))
	t.Logf("Master: %+v", e)
	if e.Mean > 0.01 {
		t.Errorf("Master's exploitability is %.4f points per deal, more than 0.01", e.Mean)
	}
}

// TestMasterBeatsTheOtherLevels computes exactly what Master earns in one seat against three
// Club and against three Beginner players, and checks the calculator on Master against itself,
// where the four seats' values must cancel out.
func TestMasterBeatsTheOtherLevels(t *testing.T) {
	master := NewLevel(Master, 1)
	for _, l := range []Level{Club, Beginner} {
		v := HeadToHead(master, NewLevel(l, 1))
		t.Logf("Master vs three %v: %+v", l, v)
		if v.Mean <= 0 {
			t.Errorf("Master earns %+.4f points per deal against three %v players", v.Mean, l)
		}
	}
	if v := HeadToHead(master, master); math.Abs(v.Mean) > 1e-6 {
		t.Errorf("Master against itself: %+v, want 0 on average", v)
	}
}

// TestStrategiesAreLegalDistributions: at every turn of many deals, every level's strategy
// gives probabilities to legal verbs only, summing to 1; before looking, it looks.
func TestStrategiesAreLegalDistributions(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for i := range 300 {
		d := rules.NewDeal(uint64(i), i%4)
		for !d.Over() {
			s := d.ToAct()
			v := d.View(s)
			for _, l := range Levels {
				st := NewLevel(l, 1).Strategy(v)
				sum := 0.0
				for verb, q := range st {
					if !slices.Contains(v.Legal, verb) || q < 0 {
						t.Fatalf("%v: %v gets %v, legal %v", l, verb, q, v.Legal)
					}
					sum += q
				}
				if math.Abs(sum-1) > 1e-9 || (!d.Looked[s] && st[rules.Look] != 1) {
					t.Fatalf("%v at %v: %v", l, d.History.Actions(), st)
				}
			}
			legal := d.Legal(s)
			d, _, _ = d.Apply(rules.Action{Seat: s, Verb: legal[rng.IntN(len(legal))]})
		}
	}
}

// TestDecideSamplesTheStrategy: over many seeds, Master's choices at a position where it mixes
// follow its strategy.
func TestDecideSamplesTheStrategy(t *testing.T) {
	const n = 20000
	for seed := range uint64(500) {
		d := rules.NewDeal(seed, 0)
		d, _, _ = d.Apply(rules.Action{Seat: 1, Verb: rules.Look})
		v := d.View(1)
		st := NewPlayer(0).Strategy(v)
		if len(st) < 2 {
			continue
		}
		counts := map[rules.Verb]int{}
		for s := range uint64(n) {
			counts[NewPlayer(s).Decide(v)]++
		}
		for verb, q := range st {
			// Within five standard deviations of the binomial count.
			if got := float64(counts[verb]); math.Abs(got-q*n) > 5*math.Sqrt(n*q*(1-q))+1 {
				t.Errorf("%v chosen %v times in %d, strategy %v", verb, got, n, st)
			}
		}
		return
	}
	t.Fatal("no mixed first decision in 500 deals")
}
