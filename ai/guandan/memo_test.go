package guandan

import (
	"math/rand/v2"
	"testing"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// TestMemoTable: the planner's memo answers exactly as a map would, through growth (from a
// small table to thousands of entries), overwrites and resets between decisions, with keys
// that collide in their probe start.
func TestMemoTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	m := newMemoTable(4)
	for round := range 50 {
		want := map[uint64]memoEntry{}
		n := rng.IntN(3000)
		for i := range n {
			k := rng.Uint64() >> rng.IntN(64) // small keys too, and 0
			if i%7 == 0 {
				k = uint64(i) << 54 // same top bits: the same probe start in a small table
			}
			v := memoEntry{score: float32(rng.NormFloat64()), step: gd.Kind(rng.IntN(3))}
			m.put(k, v)
			want[k] = v
			j := rng.Uint64() >> rng.IntN(64)
			got, ok := m.get(j)
			if w, wok := want[j]; ok != wok || got != w {
				t.Fatalf("round %d: get(%d) = %v %v, want %v %v", round, j, got, ok, w, wok)
			}
		}
		if m.len() != len(want) {
			t.Fatalf("round %d: %d entries, want %d", round, m.len(), len(want))
		}
		for k, w := range want {
			if got, ok := m.get(k); !ok || got != w {
				t.Fatalf("round %d: get(%d) = %v %v, want %v", round, k, got, ok, w)
			}
		}
		m.reset()
		for k := range want {
			if _, ok := m.get(k); ok {
				t.Fatalf("round %d: %d still there after reset", round, k)
			}
		}
	}
}
