package guandan

import (
	"math/rand/v2"
	"testing"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// TestBeatersCoverLegalPlays checks the AI's own move generator against the engine on random
// hands: every reading the engine allows in answer to a random play is one the generator
// offers too (so the AI never passes for want of seeing a play), and every play the generator
// offers is one the engine accepts.
func TestBeatersCoverLegalPlays(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for i := 0; i < 5000; i++ {
		level := gd.Rank(2 + rng.IntN(13))
		hand := randomHand(rng, 5+rng.IntN(23))
		// A random play to answer: any legal lead of another random hand.
		leads := gd.LegalPlays(randomHand(rng, 27), level, gd.Reading{})
		prev := leads[rng.IntN(len(leads))].Reading
		tl := newTally(hand, level)
		offered := map[gd.Reading]bool{}
		for _, c := range beaters(&tl, prev, level) {
			p, ok := concretize(c, hand, level)
			if !ok {
				t.Fatalf("level %v hand %v: generated %v but cannot play it", level, hand, c.reading())
			}
			if !hand.Contains(p.Cards) || !p.Reading.Beats(prev, level) {
				t.Fatalf("level %v hand %v: %v as %v does not beat %v", level, hand, p.Cards, p.Reading, prev)
			}
			if _, err := checkReading(p, level); err != nil {
				t.Fatalf("level %v hand %v: %v", level, hand, err)
			}
			offered[p.Reading] = true
		}
		for _, p := range gd.LegalPlays(hand, level, prev) {
			if !offered[p.Reading] {
				t.Fatalf("level %v hand %v against %v: the engine allows %v (%v), the AI does not see it",
					level, hand, prev, p.Reading, p.Cards)
			}
		}
	}
}

// checkReading returns an error unless the engine reads the play's cards as its reading.
func checkReading(p gd.Play, level gd.Rank) (bool, error) {
	for _, r := range gd.Readings(p.Cards, level) {
		if r == p.Reading {
			return true, nil
		}
	}
	return false, &readingError{p}
}

type readingError struct{ p gd.Play }

func (e *readingError) Error() string {
	return e.p.Cards.String() + " is not read as " + e.p.Reading.String()
}
