package guandan

import (
	"math/rand/v2"
	"slices"
	"testing"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// cards parses CONFORMANCE notation or fails the test.
func cards(t testing.TB, s string) gd.Set {
	t.Helper()
	set, err := gd.ParseCards(s)
	if err != nil {
		t.Fatalf("ParseCards(%q): %v", s, err)
	}
	return set
}

// reading parses a reading or fails the test.
func reading(t testing.TB, s string) gd.Reading {
	t.Helper()
	r, err := gd.ParseReading(s)
	if err != nil {
		t.Fatalf("ParseReading(%q): %v", s, err)
	}
	return r
}

// randomHand deals n cards from a shuffled double deck.
func randomHand(rng *rand.Rand, n int) gd.Set {
	deck := gd.FullDeck().Cards()
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	var h gd.Set
	for _, c := range deck[:n] {
		h.Add(c)
	}
	return h
}

// readingsOf lists the readings of a plan, sorted, in CONFORMANCE notation.
func readingsOf(plan []gd.Play) []string {
	var out []string
	for _, p := range plan {
		out = append(out, p.Reading.String())
	}
	slices.Sort(out)
	return out
}
