package guandan

import "testing"

func mustReading(t testing.TB, s string) Reading {
	t.Helper()
	r, err := ParseReading(s)
	if err != nil {
		t.Fatalf("ParseReading(%q): %v", s, err)
	}
	return r
}

func TestBeats(t *testing.T) {
	tests := []struct {
		level, play, prev string
		want              bool
	}{
		// Same kind, higher rank; the level rank is promoted for same-rank groups.
		{"2", "single:A", "single:K", true},
		{"2", "single:K", "single:A", false},
		{"2", "single:7", "single:7", false},
		{"7", "single:7", "single:A", true},
		{"7", "single:BJ", "single:7", true},
		{"7", "single:RJ", "single:BJ", true},
		{"7", "pair:7", "pair:A", true},
		{"7", "pair:RJ", "pair:BJ", true},
		{"7", "triple:7", "triple:K", true},
		{"7", "full-house:7", "full-house:A", true},
		{"7", "full-house:8", "full-house:A", false},
		// Sequences use natural order: the level rank is not promoted inside them.
		{"7", "straight:8", "straight:7", true},
		{"A", "straight:K", "straight:A", false},
		{"5", "straight:6", "straight:5", true},
		{"2", "tube:A", "tube:K", true},
		{"2", "tube:4", "tube:3", true},
		{"2", "plate:3", "plate:2", true},
		// Different kinds never beat each other.
		{"2", "full-house:A", "straight:5", false},
		{"2", "plate:A", "tube:3", false},
		{"2", "pair:A", "single:3", false},
		{"2", "triple:A", "pair:3", false},
		// The bomb ladder.
		{"2", "bomb:4x3", "single:RJ", true},
		{"2", "bomb:4x3", "straight:A", true},
		{"2", "single:RJ", "bomb:4x3", false},
		{"2", "bomb:4x4", "bomb:4x3", true},
		{"7", "bomb:4x7", "bomb:4xA", true},
		{"2", "bomb:5x3", "bomb:4xA", true},
		{"2", "bomb:4xA", "bomb:5x3", false},
		{"2", "straight-flush:5", "bomb:5xA", true},
		{"2", "bomb:5xA", "straight-flush:5", false},
		{"2", "bomb:6x3", "straight-flush:A", true},
		{"2", "straight-flush:A", "bomb:6x3", false},
		{"2", "straight-flush:6", "straight-flush:5", true},
		{"2", "straight-flush:5", "straight-flush:6", false},
		{"2", "straight-flush:T", "straight:A", true},
		{"2", "bomb:7x3", "bomb:6xA", true},
		{"2", "bomb:8x3", "bomb:7xA", true},
		{"2", "bomb:9x3", "bomb:8xA", true},
		{"2", "bomb:10x3", "bomb:9xA", true},
		{"2", "joker-bomb", "bomb:10xA", true},
		{"2", "bomb:10xA", "joker-bomb", false},
		{"2", "joker-bomb", "joker-bomb", false},
	}
	for _, tc := range tests {
		t.Run(tc.play+">"+tc.prev+"@"+tc.level, func(t *testing.T) {
			level := mustRank(t, tc.level)
			if got := mustReading(t, tc.play).Beats(mustReading(t, tc.prev), level); got != tc.want {
				t.Errorf("Beats = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestBeatsLead(t *testing.T) {
	if !(Reading{Kind: Single, Rank: Two}).Beats(Reading{}, Two) {
		t.Error("any play should be allowed to lead")
	}
	if (Reading{}).Beats(Reading{Kind: Single, Rank: Two}, Two) {
		t.Error("the zero reading beats something")
	}
}
