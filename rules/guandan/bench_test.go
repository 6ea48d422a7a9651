package guandan

import (
	"math/rand/v2"
	"testing"
)

// worstLead is a 27-card hand holding both wilds that a hill-climbing search found to have the
// most distinct leads at level 2 (1074): a pair of every rank in two suits, so that almost every
// full house, tube, plate and straight flush exists in many wild variants.
const worstLead = "2S 2H 2H 3S 3H 4S 4H 5S 5H 6S 6H 7S 7H 8S 8H 9S 9H TS TH JS JH QS QH KS KH AS AH"

func BenchmarkReadings5(b *testing.B) {
	cards := mustCards(b, "5H 6S 7D 8C 9S")
	buf := make([]Reading, 0, 16)
	b.ReportAllocs()
	for b.Loop() {
		buf = AppendReadings(buf[:0], cards, Five)
	}
}

func BenchmarkReadings10(b *testing.B) {
	cards := mustCards(b, "9S 9H 9C 9D 9S 9H 9C 9D 7H 7H")
	buf := make([]Reading, 0, 16)
	b.ReportAllocs()
	for b.Loop() {
		buf = AppendReadings(buf[:0], cards, Seven)
	}
}

func BenchmarkLegalLeadsWorstCase(b *testing.B) {
	hand := mustCards(b, worstLead)
	buf := make([]Play, 0, 2048)
	b.ReportAllocs()
	for b.Loop() {
		buf = AppendLegalPlays(buf[:0], hand, Two, Reading{})
	}
	b.ReportMetric(float64(len(buf)), "plays")
}

// randomHand deals one 27-card hand from a seeded shuffle.
func randomHand(seed uint64) Set {
	g := rng{seed}
	return g.deal()[0]
}

func benchFollow(b *testing.B, prev Reading) {
	hands := make([]Set, 64)
	for i := range hands {
		hands[i] = randomHand(uint64(i))
	}
	buf := make([]Play, 0, 2048)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		buf = AppendLegalPlays(buf[:0], hands[i%len(hands)], Two, prev)
		i++
	}
}

func BenchmarkLegalFollowSingle(b *testing.B) {
	benchFollow(b, Reading{Kind: Single, Rank: Nine})
}

func BenchmarkLegalFollowStraight(b *testing.B) {
	benchFollow(b, Reading{Kind: Straight, Rank: Eight})
}

func BenchmarkLegalFollowBomb(b *testing.B) {
	benchFollow(b, Reading{Kind: Bomb, Rank: Nine, Size: 4})
}

// BenchmarkLegalLeadsRandom measures leads from ordinary random 27-card hands.
func BenchmarkLegalLeadsRandom(b *testing.B) {
	benchFollow(b, Reading{})
}

// BenchmarkSelfPlayDeal plays whole deals with random legal moves, from the deal to the end of
// the deal; the reported deals/s is what one core manages.
func BenchmarkSelfPlayDeal(b *testing.B) {
	rnd := rand.New(rand.NewPCG(1, 1))
	var buf []Play
	seed := uint64(0)
	b.ReportAllocs()
	for b.Loop() {
		seed++
		m := NewMatch(seed)
		for m.Phase() == PhasePlay {
			var a Action
			a, buf = randomAction(m, rnd, buf)
			next, _, err := m.Apply(a)
			if err != nil {
				b.Fatal(err)
			}
			m = next
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "deals/s")
}
