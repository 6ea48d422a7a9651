package guandan

import (
	"context"
	"os"
	"strconv"
	"testing"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

func variant(st style) func(int, uint64) Agent {
	return func(_ int, seed uint64) Agent { p := New(seed); p.style = st; return p }
}

func TestExp(t *testing.T) {
	if os.Getenv("EXP") == "" {
		t.Skip()
	}
	n, _ := strconv.Atoi(os.Getenv("EXP"))
	d := defaultStyle
	vs := map[string]style{}
	add := func(name string, f func(*style)) { s := d; f(&s); vs[name] = s }
	add("single+0.2", func(s *style) { s.shift[gd.Single] = 0.2 })
	add("single-0.2", func(s *style) { s.shift[gd.Single] = -0.2 })
	add("pair+0.2", func(s *style) { s.shift[gd.Pair] = 0.2 })
	add("seq+0.2", func(s *style) { s.shift[gd.Straight] = 0.2; s.shift[gd.Tube] = 0.2; s.shift[gd.Plate] = 0.2 })
	add("seq-0.2", func(s *style) { s.shift[gd.Straight] = -0.2; s.shift[gd.Tube] = -0.2; s.shift[gd.Plate] = -0.2 })
	add("bomb+0.5", func(s *style) { s.shift[gd.Bomb] = 0.5; s.shift[gd.StraightFlush] = 0.5 })
	add("bomb-0.3", func(s *style) { s.shift[gd.Bomb] = -0.3; s.shift[gd.StraightFlush] = -0.3 })
	only := os.Getenv("ONLY")
	for name, st := range vs {
		if only != "" && only != name {
			continue
		}
		dd := Duel{Deals: n, Seed: 99, Us: variant(st), Them: variant(defaultStyle)}
		w, err := dd.Run(context.Background())
		lo, hi := Wilson(w, n)
		t.Logf("%-10s %d/%d %.3f [%.3f %.3f] %v", name, w, n, float64(w)/float64(n), lo, hi, err)
	}
}
