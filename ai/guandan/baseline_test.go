package guandan

import (
	"testing"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// TestGreedyChoices checks GreedyPlayer against its documented rule: the weakest ordinary
// play (more cards on a tie), a bomb only when nothing else beats, a pass only when nothing does.
func TestGreedyChoices(t *testing.T) {
	tests := []struct {
		name string
		v    func(t *testing.T) gd.View
		want string
	}{
		{"leads its weakest play, the longer on a tie", func(t *testing.T) gd.View {
			return view(t, "3S 3H 5C 9D 9S", [3]int{20, 20, 20}, -1, "", "")
		}, "pair:3 3S 3H"},
		{"follows with the weakest play that beats", func(t *testing.T) gd.View {
			return view(t, "5S 7C 7D BJ", [3]int{20, 20, 20}, 1, "4S", "single:4")
		}, "single:5 5S"},
		{"bombs only when nothing else beats", func(t *testing.T) gd.View {
			return view(t, "3S 3H 3C 3D 4S", [3]int{20, 20, 20}, 1, "AS", "single:A")
		}, "bomb:4x3 3S 3H 3C 3D"},
		{"beats even its partner", func(t *testing.T) gd.View {
			return view(t, "5S 7C", [3]int{20, 20, 20}, 2, "4S", "single:4")
		}, "single:5 5S"},
		{"passes when nothing beats", func(t *testing.T) gd.View {
			return view(t, "5S 7C", [3]int{20, 20, 20}, 1, "AS", "single:A")
		}, "pass"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := describe(NewGreedy().Play(tc.v(t))); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestRandomChoices checks that RandomPlayer only makes legal choices, never passes a lead,
// and over many tries both passes and plays when following.
func TestRandomChoices(t *testing.T) {
	p := NewRandom(1)
	lead := view(t, "3S 3H 5C 9D 9S", [3]int{20, 20, 20}, -1, "", "")
	follow := view(t, "5S 7C 7D BJ", [3]int{20, 20, 20}, 1, "4S", "single:4")
	passes, plays := 0, 0
	for i := 0; i < 200; i++ {
		if a := p.Play(lead); a.Kind != gd.ActPlay || !isLegal(a, lead) {
			t.Fatalf("lead: %s", describe(a))
		}
		switch a := p.Play(follow); {
		case a.Kind == gd.ActPass:
			passes++
		case isLegal(a, follow):
			plays++
		default:
			t.Fatalf("follow: illegal %s", describe(a))
		}
	}
	if passes == 0 || plays == 0 {
		t.Errorf("following: %d passes and %d plays in 200 tries", passes, plays)
	}
}

// isLegal reports whether the engine lists the action's play for the view's position.
func isLegal(a gd.Action, v gd.View) bool {
	for _, p := range gd.LegalPlays(v.Hand, v.Level, v.ToBeat()) {
		if p.Cards == a.Cards && p.Reading == a.Reading {
			return true
		}
	}
	return false
}
