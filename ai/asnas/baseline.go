package asnas

import (
	"math/rand/v2"

	rules "github.com/cardavia/cardavia/rules/asnas"
)

// AlwaysCall is a baseline that never looks, never raises and never folds: it calls when there
// is something to call and holds otherwise. It stays in every showdown.
type AlwaysCall struct{}

// Decide calls or holds.
func (AlwaysCall) Decide(v rules.View) rules.Verb {
	if len(v.Legal) == 0 {
		return 0
	}
	return passive(v.Legal)
}

// Random is a baseline that picks uniformly among the legal verbs, looking included.
type Random struct {
	rng *rand.Rand
}

// NewRandom returns a random player with its own generator seeded from seed.
func NewRandom(seed uint64) *Random {
	return &Random{rng: rand.New(rand.NewPCG(seed, 0x72616e64))}
}

// Decide picks any legal verb.
func (r *Random) Decide(v rules.View) rules.Verb {
	if len(v.Legal) == 0 {
		return 0
	}
	return v.Legal[r.rng.IntN(len(v.Legal))]
}

// Strategy says that AlwaysCall calls or holds, with certainty.
func (AlwaysCall) Strategy(v rules.View) map[rules.Verb]float64 {
	if len(v.Legal) == 0 {
		return map[rules.Verb]float64{}
	}
	return map[rules.Verb]float64{passive(v.Legal): 1}
}

// Strategy gives every legal verb the same probability.
func (*Random) Strategy(v rules.View) map[rules.Verb]float64 {
	s := make(map[rules.Verb]float64, len(v.Legal))
	for _, verb := range v.Legal {
		s[verb] = 1 / float64(len(v.Legal))
	}
	return s
}
