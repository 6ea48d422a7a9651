package guandan

import (
	"testing"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// The partnership rules of issue 11, on hand-built positions (seat 0 to act at level 2; its
// partner is seat 2, RULES.md "team 0 = seats 0 and 2"): never overtake a winning partner but
// to go out or to stop an opponent from going out; lead for a partner who is close to going
// out; keep bombs for when they change the outcome. Every level's player and its advice must
// keep them.

// partnerAce is the known bad hint: the partner (seat 2) leads the Ace, West (seat 3) passes,
// and seat 0 holds the Red Joker, with every opponent far from going out.
func partnerAce(t *testing.T, hand string, east int) gd.View {
	v := view(t, hand, [3]int{east, 14, 18}, 2, "AS", "single:A")
	v.Seats[3].Passed = true
	return v
}

// players are the players every partnership rule holds for.
func players() map[string]Advisor {
	return map[string]Advisor{
		"club":   New(7),
		"master": NewMaster(7, DefaultOptions),
	}
}

func TestPartnership(t *testing.T) {
	tests := []struct {
		name   string
		v      func(t *testing.T) gd.View
		want   string // describe() of the expected action
		reason ReasonKey
	}{
		{"does not overtake the partner's winning Ace with the Red Joker", func(t *testing.T) gd.View {
			return partnerAce(t, "4S 7H 8C JD RJ", 12)
		}, "pass", ReasonPartnerWinning},
		{"does not overtake the partner's winning Ace with a level card", func(t *testing.T) gd.View {
			return partnerAce(t, "4S 7H 8C 2D RJ", 12)
		}, "pass", ReasonPartnerWinning},
		{"overtakes the partner to go out, which wins the deal", func(t *testing.T) gd.View {
			return partnerAce(t, "RJ", 12)
		}, "single:RJ RJ", ReasonGoesOut},
		{"overtakes the partner to stop East, who could go out on its last card", func(t *testing.T) gd.View {
			return partnerAce(t, "4S 7H 8C JD RJ", 1)
		}, "single:RJ RJ", ReasonStops},
		{"leads its weakest single to a partner with one card left", func(t *testing.T) gd.View {
			v := view(t, "3S 9H 9C KS KH KD AS", [3]int{15, 1, 12}, -1, "", "")
			return v
		}, "single:3 3S", ReasonFeedsPartner},
		{"keeps its bomb when opponents are far from going out", func(t *testing.T) gd.View {
			return view(t, "3S 3H 3C 3D 4C 5D 6S 7H", [3]int{16, 14, 19}, 3, "KS", "single:K")
		}, "pass", ReasonSavesBomb},
		{"bombs the opponent who would go out by winning the trick", func(t *testing.T) gd.View {
			return view(t, "3S 3H 3C 3D 4C 5D 6S 7H", [3]int{16, 14, 1}, 3, "KS", "single:K")
		}, "bomb:4x3 3S 3H 3C 3D", ReasonStops},
	}
	for _, tc := range tests {
		for name, p := range players() {
			t.Run(name+"/"+tc.name, func(t *testing.T) {
				v := tc.v(t)
				if got := describe(p.Play(v)); got != tc.want {
					t.Errorf("Play = %s, want %s", got, tc.want)
				}
				a, r := p.Advise(v)
				if got := describe(a); got != tc.want {
					t.Errorf("Advise = %s, want %s", got, tc.want)
				}
				if r.Key != tc.reason {
					t.Errorf("reason = %s, want %s", r.Key, tc.reason)
				}
			})
		}
	}
}

// TestReasonNamesTheOpponent checks the arguments of a reason: the stopped opponent's seat
// and card count, for the message "stops East, who has 1 card left".
func TestReasonNamesTheOpponent(t *testing.T) {
	_, r := NewMaster(1, DefaultOptions).Advise(partnerAce(t, "4S 7H 8C JD RJ", 1))
	if r.Key != ReasonStops || r.Seat != 1 || r.Count != 1 {
		t.Errorf("reason = %+v, want %s with seat 1 and 1 card", r, ReasonStops)
	}
}

// TestMasterIsDeterministic plays the same positions twice from fresh players with the same
// seed: the search must make the same choice, so a hint is the play the AI would make.
func TestMasterIsDeterministic(t *testing.T) {
	views := positions(t, 2)
	for i := 0; i < len(views); i += 5 {
		v := views[i]
		a := NewMaster(uint64(i), DefaultOptions).Play(v)
		b := NewMaster(uint64(i), DefaultOptions).Play(v)
		if !sameAction(a, b) {
			t.Fatalf("position %d: %s, then %s", i, describe(a), describe(b))
		}
		h, _ := NewMaster(uint64(i), DefaultOptions).Advise(v)
		if !sameAction(a, h) {
			t.Fatalf("position %d: plays %s but advises %s", i, describe(a), describe(h))
		}
	}
}
