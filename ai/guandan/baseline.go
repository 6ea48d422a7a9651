package guandan

import (
	"math/rand/v2"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// RandomPlayer is the weakest baseline: it picks uniformly among the engine's legal plays,
// with passing as one more choice whenever it may pass.
type RandomPlayer struct {
	rng *rand.Rand
}

// NewRandom returns a RandomPlayer whose choices follow seed.
func NewRandom(seed uint64) *RandomPlayer {
	return &RandomPlayer{rng: rand.New(rand.NewPCG(seed, 0x5eed))}
}

// Play picks a legal play or a pass uniformly at random.
func (p *RandomPlayer) Play(v gd.View) gd.Action {
	prev := v.ToBeat()
	legal := gd.LegalPlays(v.Hand, v.Level, prev)
	n := len(legal)
	if !prev.IsZero() {
		n++ // passing
	}
	i := p.rng.IntN(max(n, 1))
	if i >= len(legal) {
		return gd.Action{Kind: gd.ActPass, Seat: v.Seat}
	}
	return playAction(v.Seat, legal[i])
}

// Return picks uniformly among the cards the rules allow it to return.
func (p *RandomPlayer) Return(v gd.View) gd.Card {
	ok := gd.Returnable(v.Level, v.Hand).Cards()
	if len(ok) == 0 {
		return 0
	}
	return ok[p.rng.IntN(len(ok))]
}

// GreedyPlayer is the "smallest play that wins" baseline. Leading, it plays its weakest
// ordinary play (lowest key strength; natural rank for sequences), shedding the most cards on
// a tie. Following, it plays the weakest ordinary play that beats the last one, a bomb only
// when no ordinary play does (the weakest such bomb), and passes only when nothing beats,
// even over its partner. It returns its weakest allowed card. It has no randomness.
type GreedyPlayer struct{}

// NewGreedy returns a GreedyPlayer.
func NewGreedy() *GreedyPlayer { return &GreedyPlayer{} }

// Play makes the greedy choice described on GreedyPlayer.
func (GreedyPlayer) Play(v gd.View) gd.Action {
	legal := gd.LegalPlays(v.Hand, v.Level, v.ToBeat())
	best := -1
	for i, p := range legal {
		if best < 0 || greedyLess(p, legal[best], v.Level) {
			best = i
		}
	}
	if best < 0 {
		return gd.Action{Kind: gd.ActPass, Seat: v.Seat}
	}
	return playAction(v.Seat, legal[best])
}

// greedyLess orders plays for GreedyPlayer: ordinary plays before bombs, weaker before
// stronger, then more cards, then fewer wilds (wilds are worth keeping).
func greedyLess(a, b gd.Play, level gd.Rank) bool {
	ab, bb := a.Reading.IsBomb(), b.Reading.IsBomb()
	if ab != bb {
		return !ab
	}
	if ab {
		return b.Reading.Beats(a.Reading, level)
	}
	ka, kb := keyStrength(a.Reading, level), keyStrength(b.Reading, level)
	if ka != kb {
		return ka < kb
	}
	if na, nb := a.Cards.Len(), b.Cards.Len(); na != nb {
		return na > nb
	}
	return a.Cards.Wilds(level) < b.Cards.Wilds(level)
}

// keyStrength is the strength of a reading's key rank: natural order for sequences, the
// single-card order otherwise.
func keyStrength(r gd.Reading, level gd.Rank) int {
	switch r.Kind {
	case gd.Straight, gd.Tube, gd.Plate, gd.StraightFlush:
		return int(r.Rank)
	}
	return gd.Strength(r.Rank, level)
}

// Return gives back the weakest card the rules allow.
func (GreedyPlayer) Return(v gd.View) gd.Card {
	best, found := gd.Card(0), false
	for _, c := range v.Hand.Cards() {
		if gd.CanReturn(v.Level, v.Hand, c) &&
			(!found || gd.CardStrength(c, v.Level) < gd.CardStrength(best, v.Level)) {
			best, found = c, true
		}
	}
	return best
}

// playAction turns a play into the action that makes it.
func playAction(seat int, p gd.Play) gd.Action {
	return gd.Action{Kind: gd.ActPlay, Seat: seat, Cards: p.Cards, Reading: p.Reading}
}
