package guandan

import (
	"context"
	"testing"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// watcher is a planner that, at each of its decisions where the default search would play,
// reads its opponents as the search does and counts how often each is read as passive.
type watcher struct {
	*Player
	read, passive *int
}

func (w watcher) Play(v gd.View) gd.Action {
	if closest(v) <= DefaultOptions.Near {
		st := readStyles(v)
		for _, o := range [2]int{(v.Seat + 1) % 4, (v.Seat + 3) % 4} {
			*w.read++
			if st[o] == passiveStyle {
				*w.passive++
			}
		}
	}
	return w.Player.Play(v)
}

// TestReadingTheOpponents checks the reading of readStyles on real deals: it must tell the
// panel's players apart by how they play, not by their cards. Keeper, who passes on seven in
// ten of the plays it answers, is read as passive in most positions; Club, who passes on about
// half, in few; Rusher, who beats whatever it can, in almost none.
func TestReadingTheOpponents(t *testing.T) {
	for _, tc := range []struct {
		name     string
		them     func(int, uint64) Agent
		min, max float64
	}{
		{"keeper", keeper, 0.5, 1},
		{"club", ai, 0, 0.25},
		{"rusher", rusher, 0, 0.06},
	} {
		read, passive := 0, 0
		us := func(_ int, seed uint64) Agent { return watcher{New(seed), &read, &passive} }
		if _, err := (Duel{Deals: 40, Seed: 7, Us: us, Them: tc.them}).Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		share := float64(passive) / float64(read)
		t.Logf("%s: read as passive in %d of %d readings (%.2f)", tc.name, passive, read, share)
		if read < 400 || share < tc.min || share > tc.max {
			t.Errorf("%s: read as passive in %d of %d readings (%.2f), want between %.2f and %.2f", tc.name, passive, read, share, tc.min, tc.max)
		}
	}
}
