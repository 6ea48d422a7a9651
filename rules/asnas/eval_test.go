package asnas

import (
	"math/rand/v2"
	"testing"
)

// allHands calls f for every ordered five-card hand the pack can deal (5^5 minus the five
// impossible five-of-a-kinds).
func allHands(f func(Hand)) {
	for i := range 5 * 5 * 5 * 5 * 5 {
		var h Hand
		n := i
		for j := range HandSize {
			h[j] = Rank(n%5) + Couli
			n /= 5
		}
		if h.Valid() {
			f(h)
		}
	}
}

func TestEvaluateMatchesReference(t *testing.T) {
	allHands(func(h Hand) {
		if got, want := Evaluate(h), slowEvaluate(h); got != want || got == 0 {
			t.Fatalf("Evaluate(%v) = %x, reference %x", h, got, want)
		}
	})
}

func TestEvaluateIgnoresOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	allHands(func(h Hand) {
		p := h
		rng.Shuffle(len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
		if Evaluate(p) != Evaluate(h) {
			t.Fatalf("Evaluate(%v) != Evaluate(%v)", p, h)
		}
	})
}

// TestCategoryCounts counts the distinct hands (as multisets of ranks) in each category; the
// numbers follow from RULES.md by counting: four of a kind 5×4, full house 5×4, three of a kind
// 5×C(4,2), two pair C(5,2)×3, pair 5×C(4,3), high card 1.
func TestCategoryCounts(t *testing.T) {
	want := map[Category]int{FourOfAKind: 20, FullHouse: 20, ThreeOfAKind: 30, TwoPair: 30, Pair: 20, HighCard: 1}
	got := map[Category]int{}
	seen := map[Value]bool{}
	allHands(func(h Hand) {
		v := Evaluate(h)
		if !seen[v] {
			seen[v] = true
			got[v.Category()]++
		}
	})
	for c, n := range want {
		if got[c] != n {
			t.Errorf("%s: %d distinct hands, want %d", c, got[c], n)
		}
	}
}

// TestEqualValueMeansSameRanks checks that two hands tie exactly when they hold the same ranks
// (RULES.md: identical hands tie, and every category's comparison covers all five cards).
func TestEqualValueMeansSameRanks(t *testing.T) {
	byValue := map[Value][NumRanks + 1]int{}
	allHands(func(h Hand) {
		v, c := Evaluate(h), h.Counts()
		if prev, ok := byValue[v]; ok && prev != c {
			t.Fatalf("%v ties with a hand of other ranks %v", h, prev)
		}
		byValue[v] = c
	})
}

func TestEvaluateRefusesImpossibleHands(t *testing.T) {
	for _, h := range []Hand{{}, {As, As, As, As, As}, {Couli, Couli, Couli, Couli, Couli}, {As, Shah, Bibi, Sarbaz, 0}, {As, Shah, Bibi, Sarbaz, 6}, {255, 255, 255, 255, 255}, {As, As, As, Couli, 7}} {
		if v := Evaluate(h); v != 0 {
			t.Errorf("Evaluate(%v) = %x, want 0", h, v)
		}
	}
}

// TestEvaluateRefusesEveryBadByte puts every out-of-range rank byte in every position of a
// valid hand.
func TestEvaluateRefusesEveryBadByte(t *testing.T) {
	for b := int(As) + 1; b < 256; b++ {
		for pos := range HandSize {
			h := Hand{As, Shah, Bibi, Sarbaz, Couli}
			h[pos] = Rank(b)
			if v := Evaluate(h); v != 0 {
				t.Fatalf("Evaluate(%v) = %x, want 0", h, v)
			}
		}
	}
}

func TestParse(t *testing.T) {
	for r := Couli; r <= As; r++ {
		if got, err := ParseRank(r.String()); err != nil || got != r {
			t.Errorf("ParseRank(%q) = %v, %v", r.String(), got, err)
		}
	}
	for v := Look; v <= Fold; v++ {
		if got, err := ParseVerb(v.String()); err != nil || got != v {
			t.Errorf("ParseVerb(%q) = %v, %v", v.String(), got, err)
		}
	}
	for _, s := range []string{"", "ace", "as as", "as as as as as", "as shah bibi sarbaz couli couli", "as shah bibi sarbaz king"} {
		if _, err := ParseHand(s); err == nil {
			t.Errorf("ParseHand(%q) accepted", s)
		}
	}
	if _, err := ParseVerb("check"); err == nil {
		t.Error(`ParseVerb("check") accepted`)
	}
	h, err := ParseHand("AS Shah bibi sarbaz couli")
	if err != nil || h != (Hand{As, Shah, Bibi, Sarbaz, Couli}) {
		t.Errorf("ParseHand is not case-insensitive: %v, %v", h, err)
	}
}

func FuzzParseHand(f *testing.F) {
	f.Add("as shah bibi sarbaz couli")
	f.Add("as as as as as")
	f.Fuzz(func(t *testing.T, s string) {
		h, err := ParseHand(s)
		if err != nil {
			return
		}
		if Evaluate(h) == 0 {
			t.Fatalf("ParseHand(%q) = %v, which has no value", s, h)
		}
		if back, err := ParseHand(h.String()); err != nil || back != h {
			t.Fatalf("round trip of %v: %v, %v", h, back, err)
		}
	})
}

// benchHands are random valid hands, so the benchmark measures lookups, not one cached line.
func benchHands() []Hand {
	rng := rand.New(rand.NewPCG(7, 7))
	hs := make([]Hand, 1024)
	for i := range hs {
		p := shuffledPack(rng.Uint64(), 1)
		copy(hs[i][:], p[:HandSize])
	}
	return hs
}

func BenchmarkEvaluate(b *testing.B) {
	hs := benchHands()
	var sink Value
	for i := 0; b.Loop(); i++ {
		sink ^= Evaluate(hs[i&1023])
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds()/1e6, "Mhands/s")
	_ = sink
}

func BenchmarkCompare(b *testing.B) {
	hs := benchHands()
	var sink int
	for i := 0; b.Loop(); i++ {
		sink += Compare(hs[i&1023], hs[(i+1)&1023])
	}
	_ = sink
}

// FuzzEvaluate compares the table with the reference evaluation on arbitrary bytes, valid hands
// or not.
func FuzzEvaluate(f *testing.F) {
	f.Add([]byte{5, 4, 3, 2, 1})
	f.Add([]byte{5, 5, 5, 5, 5})
	f.Fuzz(func(t *testing.T, b []byte) {
		var h Hand
		for i := range min(len(b), HandSize) {
			h[i] = Rank(b[i])
		}
		if got, want := Evaluate(h), slowEvaluate(h); got != want {
			t.Fatalf("Evaluate(%v) = %x, reference %x", []byte(b), got, want)
		}
	})
}
