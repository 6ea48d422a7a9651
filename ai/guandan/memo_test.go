package guandan

import (
	"math/rand/v2"
	"slices"
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

// TestMemoPutAt: putAt at the slot find gave, with other keys (and now and then the key
// itself) put in between and the table growing, leaves the table as put would.
func TestMemoPutAt(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	a, b := newMemoTable(4), newMemoTable(4)
	for round := range 20 {
		for i := range rng.IntN(3000) {
			k := rng.Uint64() >> rng.IntN(64)
			if i%5 == 0 {
				k = uint64(i) << 54
			}
			v := memoEntry{score: float32(i), step: gd.Kind(rng.IntN(3))}
			at, found := a.find(k)
			for range rng.IntN(4) {
				j := rng.Uint64() >> rng.IntN(64)
				if rng.IntN(8) == 0 {
					j = k
				}
				w := memoEntry{score: float32(-i)}
				a.put(j, w)
				b.put(j, w)
			}
			if found {
				a.put(k, v)
			} else {
				a.putAt(at, k, v)
			}
			b.put(k, v)
		}
		if a.len() != b.len() || !slices.Equal(a.keys, b.keys) || !slices.Equal(a.vals, b.vals) || !slices.Equal(a.stamp, b.stamp) {
			t.Fatalf("round %d: putAt left the table unlike put", round)
		}
		a.reset()
		b.reset()
	}
}
