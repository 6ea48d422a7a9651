package guandan_test

import (
	"math/rand/v2"
	"testing"

	"github.com/cardavia/cardavia/rules/guandan"
)

// FuzzReadings reads arbitrary card sets: Readings must never panic, every reading must need
// exactly the cards given, and every play LegalPlays lists for the set as a hand (as a lead
// and against the set's own readings) must pass the validator.
func FuzzReadings(f *testing.F) {
	for _, seed := range []struct {
		cards string
		level guandan.Rank
	}{
		{"7S 7S", guandan.Two},
		{"BJ BJ RJ RJ", guandan.Five},
		{"2H 2H 5S 6D 7C", guandan.Two},
		{"5H 6S 7D 8C 9S", guandan.Five},
		{"8S 8D 9C 9S 2H", guandan.Two},
		{"3S 3D 4C 4S 2H 2H", guandan.Two},
		{"AS 2S 3S 4S 5S", guandan.Ace},
		{"TS TS TH TH TC TC TD TD 2H 2H", guandan.Two},
		{"3S 4D 5C 6S 7D 8C 9S TD JC QS KD AC BJ RJ 2H 2S", guandan.Two},
	} {
		f.Add(cardBytes(f, seed.cards), byte(seed.level-guandan.Two))
	}
	f.Fuzz(func(t *testing.T, data []byte, lv byte) {
		level := guandan.Rank(2 + int(lv)%13)
		var cards guandan.Set
		for _, b := range data {
			if cards.Len() == 27 {
				break
			}
			cards.Add(guandan.Card(int(b) % guandan.NumCards))
		}
		if cards.Len() <= 12 {
			checkReadings(t, cards, level)
		}
		if cards.Len() == 0 {
			return
		}
		leads := guandan.LegalPlays(cards, level, guandan.Reading{})
		checkGenerated(t, cards, level, guandan.Reading{}, leads)
		for _, p := range leads {
			checkReadings(t, p.Cards, level)
		}
		for _, prev := range guandan.Readings(cards, level) {
			checkGenerated(t, cards, level, prev, guandan.LegalPlays(cards, level, prev))
		}
	})
}

// cardBytes turns cards in CONFORMANCE notation into fuzz input bytes, one per card.
func cardBytes(tb testing.TB, s string) []byte {
	tb.Helper()
	set, err := guandan.ParseCards(s)
	if err != nil {
		tb.Fatal(err)
	}
	var out []byte
	for _, c := range set.Cards() {
		out = append(out, byte(c))
	}
	return out
}

// FuzzSelfPlay plays a few deals by random legal moves from a fuzzed seed, checking the
// invariants of selfPlay after every action.
func FuzzSelfPlay(f *testing.F) {
	for _, s := range []uint64{0, 1, 2, 42, 1 << 40, ^uint64(0)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, seed uint64) {
		selfPlay(t, seed, 3, 2)
	})
}

// FuzzCompleteness checks, for a hand and a play to beat drawn from a fuzzed seed, that every
// legal selection of the hand is listed by LegalPlays (see TestGeneratorMatchesValidator).
func FuzzCompleteness(f *testing.F) {
	for _, s := range []uint64{0, 7, 99, 12345} {
		f.Add(s, byte(0))
	}
	f.Fuzz(func(t *testing.T, seed uint64, lv byte) {
		rng := rand.New(rand.NewPCG(seed, 11))
		level := guandan.Rank(2 + int(lv)%13)
		deck := shuffled(rng)
		handCards := deck[:5+rng.IntN(23)]
		hand := setOf(handCards)
		prev := randomPrev(rng, level)
		plays := guandan.LegalPlays(hand, level, prev)
		checkGenerated(t, hand, level, prev, plays)
		for j := 0; j < 200; j++ {
			sel := randomSelection(rng, handCards, level)
			for _, r := range legalNow(sel, level, prev) {
				want := guandan.Play{Cards: sel, Reading: r}
				found := false
				for _, p := range plays {
					if guandan.SamePlayClass(p, want, level) {
						found = true
						break
					}
				}
				if !found {
					t.Fatalf("level %s, hand %s, prev %s: %s as %s is legal but not listed", level, hand, prev, sel, r)
				}
			}
		}
	})
}
