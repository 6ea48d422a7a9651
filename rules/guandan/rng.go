package guandan

import "math/bits"

// rng is SplitMix64: a tiny generator whose whole state is one uint64, so a match can keep it in
// an exported field and survive a JSON round trip with its future deals unchanged.
type rng struct{ state uint64 }

func (g *rng) next() uint64 {
	g.state += 0x9e3779b97f4a7c15
	z := g.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Mix derives a seed from a seed and an index: the (i+1)-th output of SplitMix64 started at
// seed, so neighbouring indices give unrelated seeds. The arena and the AI derive the seeds of
// deals and players with it; the match's own generator is the same SplitMix64.
func Mix(seed, i uint64) uint64 {
	g := rng{state: seed + i*0x9e3779b97f4a7c15}
	return g.next()
}

// intn returns a uniform integer in [0, n) by Lemire's multiply-and-reject method, so the
// shuffle has no modulo bias.
func (g *rng) intn(n int) int {
	hi, lo := bits.Mul64(g.next(), uint64(n))
	if lo < uint64(n) {
		thresh := -uint64(n) % uint64(n)
		for lo < thresh {
			hi, lo = bits.Mul64(g.next(), uint64(n))
		}
	}
	return int(hi)
}

// deal shuffles the 108 cards (Fisher–Yates) and gives card i of the pack to seat i mod 4,
// 27 each.
func (g *rng) deal() (hands [4]Set) {
	var pack [NumCards]Card
	for i := range pack {
		pack[i] = Card(i)
	}
	for i := NumCards - 1; i > 0; i-- {
		j := g.intn(i + 1)
		pack[i], pack[j] = pack[j], pack[i]
	}
	for i, c := range pack {
		hands[i%4].Add(c)
	}
	return hands
}
