package asnas

import (
	"context"
	"math/rand/v2"
	"testing"

	rules "github.com/cardavia/cardavia/rules/asnas"
)

// TestEquityAgainstSampling checks the enumerated equity against a Monte Carlo estimate from
// real shuffles: fix a hand, deal the other 15 cards at random many times, and average the
// share of the pot the hand would win (no raisers, so plain uniform deals).
func TestEquityAgainstSampling(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, hs := range []string{"as as shah bibi couli", "couli couli sarbaz bibi shah", "as shah bibi sarbaz couli", "bibi bibi bibi sarbaz sarbaz"} {
		h, _ := rules.ParseHand(hs)
		var rest []rules.Rank
		c := h.Counts()
		for r := rules.Couli; r <= rules.As; r++ {
			for range rules.CopiesPerRank - c[r] {
				rest = append(rest, r)
			}
		}
		const trials = 40000
		for n := 1; n <= 3; n++ {
			total := 0.0
			for range trials {
				rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
				share, ties := 1.0, 1
				for o := range n {
					var oh rules.Hand
					copy(oh[:], rest[o*5:o*5+5])
					switch rules.Compare(h, oh) {
					case -1:
						share = 0
					case 0:
						ties++
					}
				}
				total += share / float64(ties)
			}
			got, est := Equity(h, n, 0), total/trials
			// The estimate's standard error is below 0.0025; allow four of them.
			if d := got - est; d > 0.01 || d < -0.01 {
				t.Errorf("%s against %d: enumerated %.4f, sampled %.4f", hs, n, got, est)
			}
		}
	}
}

func TestEquityOrdering(t *testing.T) {
	quads, _ := rules.ParseHand("as as as as shah")
	if e := Equity(quads, 3, 0); e != 1 {
		t.Errorf("four As win every showdown, equity %v", e)
	}
	strong, _ := rules.ParseHand("as as shah bibi sarbaz")
	weak, _ := rules.ParseHand("couli couli sarbaz bibi shah")
	for n := 1; n <= 3; n++ {
		if Equity(weak, n, 0) >= Equity(strong, n, 0) {
			t.Errorf("against %d a pair of Couli is not below a pair of As", n)
		}
		if Equity(strong, n, n) >= Equity(strong, n, 0) {
			t.Errorf("against %d raisers a pair of As should do worse than against no raiser", n)
		}
	}
}

// TestEquityIsFairOnAverage: the players at a showdown are exchangeable, so over all hands,
// weighted by how often they are dealt, the expected share against n opponents is 1/(n+1).
func TestEquityIsFairOnAverage(t *testing.T) {
	for n := 1; n <= 3; n++ {
		sum, total := 0.0, 0.0
		for _, c := range fiveCardCounts() {
			w := 1.0
			for _, k := range c {
				w *= factorial[4] / (factorial[k] * factorial[4-k])
			}
			sum += w * Equity(c.hand(), n, 0)
			total += w
		}
		if got, want := sum/total, 1/float64(n+1); got-want > 1e-12 || want-got > 1e-12 {
			t.Errorf("average equity against %d = %v, want %v", n, got, want)
		}
	}
}

func TestPlayerLooksFirstAndStaysLegal(t *testing.T) {
	p := clubPlayer(1)
	rng := rand.New(rand.NewPCG(3, 3))
	for i := range 2000 {
		d := rules.NewDeal(uint64(i), i%4)
		for !d.Over() {
			seat := d.ToAct()
			v := d.View(seat)
			var verb rules.Verb
			if seat == 0 {
				verb = p.Decide(v)
				if !d.Looked[0] && verb != rules.Look {
					t.Fatalf("the AI acted with %v before looking", verb)
				}
			} else {
				verb = v.Legal[rng.IntN(len(v.Legal))]
			}
			next, _, err := d.Apply(rules.Action{Seat: seat, Verb: verb})
			if err != nil {
				t.Fatalf("deal %d: %v", i, err)
			}
			d = next
		}
	}
	if v := (rules.NewDeal(1, 0)).View(3); p.Decide(v) != 0 {
		t.Error("Decide out of turn should return no verb")
	}
}

// TestBeatsBaselines plays 10,000 deals of Master and of Club against three copies of each
// baseline and requires the whole 95 % confidence interval of the measured player's mean score
// per deal to be above zero. (Master against the other levels is measured exactly, in
// TestMasterBeatsTheOtherLevels: the margin over Club is too thin for 10,000 deals.)
func TestBeatsBaselines(t *testing.T) {
	deals := 10000
	if testing.Short() {
		deals = 2000
	}
	type matchup struct {
		name        string
		hero, other func(uint64) Decider
	}
	level := func(l Level) func(uint64) Decider { return func(s uint64) Decider { return NewLevel(l, s) } }
	always := func(uint64) Decider { return AlwaysCall{} }
	random := func(s uint64) Decider { return NewRandom(s) }
	for _, m := range []matchup{
		{"master vs always-call", level(Master), always}, {"master vs random", level(Master), random},
		{"club vs always-call", level(Club), always}, {"club vs random", level(Club), random},
	} {
		l := func(i int) (Decider, [3]Decider) {
			b := uint64(i) * 4
			return m.hero(b), [3]Decider{m.other(b + 1), m.other(b + 2), m.other(b + 3)}
		}
		s, err := Duel(context.Background(), l, deals, 1000)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %v", m.name, s)
		if lo, _ := s.CI95(); lo <= 0 {
			t.Errorf("%s: %v, not significantly positive", m.name, s)
		}
	}
}

func BenchmarkDecide(b *testing.B) {
	for _, l := range Levels {
		b.Run(l.String(), func(b *testing.B) { benchmarkDecide(b, NewLevel(l, 1)) })
	}
}

func benchmarkDecide(b *testing.B, p *Player) {
	var views []rules.View
	for i := range 256 {
		d := rules.NewDeal(uint64(i), i%4)
		d, _, _ = d.Apply(rules.Action{Seat: d.ToAct(), Verb: rules.Look})
		views = append(views, d.View(d.ToAct()))
	}
	_ = p.Decide(views[0]) // build the tables outside the timing
	for i := 0; b.Loop(); i++ {
		_ = p.Decide(views[i&255])
	}
}

func BenchmarkEquityTable(b *testing.B) {
	for b.Loop() {
		_ = buildEquityTable()
	}
}

// BenchmarkPlayDeal plays whole deals with four AI players, each deciding from its own view.
func BenchmarkPlayDeal(b *testing.B) {
	seats := [4]Decider{clubPlayer(1), clubPlayer(2), clubPlayer(3), clubPlayer(4)}
	var seed uint64
	for b.Loop() {
		seed++
		if _, err := PlayDeal(rules.NewDeal(seed, int(seed%4)), seats); err != nil {
			b.Fatal(err)
		}
	}
}
