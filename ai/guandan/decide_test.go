package guandan

import (
	"testing"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// view builds the view of seat 0 at level 2 with these card counts for seats 1..3; the trick
// is led by seat 0 unless last names a play to beat and who made it.
func view(t *testing.T, hand string, counts [3]int, lastSeat int, last, lastReading string) gd.View {
	t.Helper()
	v := gd.View{Seat: 0, Hand: cards(t, hand), Level: gd.Two, Phase: gd.PhasePlay, ToAct: 0,
		Leading: lastSeat < 0, LastSeat: lastSeat, MatchWinner: -1}
	v.Seats[0] = gd.SeatView{Count: v.Hand.Len()}
	for i, n := range counts {
		v.Seats[i+1] = gd.SeatView{Count: n, Team: (i + 1) % 2}
	}
	if lastSeat >= 0 {
		v.LastPlay = gd.Play{Cards: cards(t, last), Reading: reading(t, lastReading)}
	}
	return v
}

// describe renders an action for messages: "pass" or the reading played.
func describe(a gd.Action) string {
	if a.Kind == gd.ActPass {
		return "pass"
	}
	return a.Reading.String() + " " + a.Cards.String()
}

func TestDecisions(t *testing.T) {
	tests := []struct {
		name string
		v    func(t *testing.T) gd.View
		want string // describe() of the expected action
	}{
		{"goes out with the whole hand", func(t *testing.T) gd.View {
			return view(t, "7S 7H", [3]int{20, 20, 20}, -1, "", "")
		}, "pair:7 7S 7H"},
		{"beats with the Jack its straight flush can spare", func(t *testing.T) gd.View {
			return view(t, "9S TS JS QS KS JD 4C 4D 6H 6C AH AC", [3]int{20, 20, 20}, 1, "TH", "single:T")
		}, "single:J JD"},
		{"leads its weakest single first", func(t *testing.T) gd.View {
			return view(t, "3S 9H 9C KS KH KD AS", [3]int{20, 20, 20}, -1, "", "")
		}, "single:3 3S"},
		{"leaves the trick to its partner", func(t *testing.T) gd.View {
			return view(t, "6S 9H 9C KS KH KD AS", [3]int{20, 20, 20}, 2, "5S", "single:5")
		}, "pass"},
		{"overtakes its partner to go out", func(t *testing.T) gd.View {
			return view(t, "9S", [3]int{20, 20, 20}, 2, "5S", "single:5")
		}, "single:9 9S"},
		{"follows cheaply with a planned single", func(t *testing.T) gd.View {
			return view(t, "6S 9H 9C KS KH KD AS", [3]int{20, 20, 20}, 1, "5S", "single:5")
		}, "single:6 6S"},
		{"bombs an opponent about to go out", func(t *testing.T) gd.View {
			return view(t, "3S 3H 3C 3D 5S 6C 8D", [3]int{20, 20, 1}, 3, "AS", "single:A")
		}, "bomb:4x3 3S 3H 3C 3D"},
		{"stops an opponent's last card with its boss, not its cheapest card", func(t *testing.T) gd.View {
			return view(t, "6S 9H 9C KS KH RJ", [3]int{1, 20, 15}, 3, "5S", "single:5")
		}, "single:RJ RJ"},
		{"overtakes a weak partner play the next opponent could go out on", func(t *testing.T) gd.View {
			return view(t, "6S 9H 9C KS KH RJ", [3]int{1, 20, 15}, 2, "5S", "single:5")
		}, "single:RJ RJ"},
		{"keeps its bomb while nobody is close", func(t *testing.T) gd.View {
			return view(t, "3S 3H 3C 3D 5S 6C 8D 9S JH", [3]int{20, 20, 20}, 3, "AS", "single:A")
		}, "pass"},
		{"follows without breaking up a bomb while nobody is close", func(t *testing.T) gd.View {
			// A King taken from the four would make Q-Q-Q-K-K-K a plate, a plan as short.
			return view(t, "4S 4C 5H 5C 6S 6H 7S 7H 7C 7D QC QC QD KS KS KH KD", [3]int{11, 18, 15}, 1, "5S", "single:5")
		}, "single:Q QC"},
		{"does not lead a single into an opponent's last card", func(t *testing.T) gd.View {
			return view(t, "4S 9C 9D JS JH", [3]int{1, 20, 20}, -1, "", "")
		}, "pair:9 9C 9D"},
		{"feeds a partner with one card left", func(t *testing.T) gd.View {
			return view(t, "6S 6C 9D 9H KS KH", [3]int{20, 1, 20}, -1, "", "")
		}, "single:6 6S"},
		{"cashes its boss before its last loose play", func(t *testing.T) gd.View {
			v := view(t, "AS 4D", [3]int{20, 20, 20}, -1, "", "")
			// Every card stronger than an ace is gone: the eight twos and the four jokers.
			v.Played = cards(t, "2S 2S 2H 2H 2C 2C 2D 2D BJ BJ RJ RJ")
			return v
		}, "single:A AS"},
		{"leads low while its ace is not the boss", func(t *testing.T) gd.View {
			return view(t, "AS 4D", [3]int{20, 20, 20}, -1, "", "")
		}, "single:4 4D"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := tc.v(t)
			got := describe(New(1).Play(v))
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestReturnHurtsLeast checks the return card: one the rules allow, and the lone low single
// rather than a card that breaks a pair.
func TestReturnHurtsLeast(t *testing.T) {
	v := gd.View{Seat: 0, Hand: cards(t, "3S 3H 7C KS KH AS AD"), Level: gd.Two, Phase: gd.PhaseReturn}
	c := New(1).Return(v)
	if !gd.CanReturn(v.Level, v.Hand, c) {
		t.Fatalf("returned %v, which the rules forbid", c)
	}
	if c.String() != "7C" {
		t.Errorf("returned %v, want 7C (3S/3H would break a pair)", c)
	}
	// With no card of rank 2..10 the weakest card must go back.
	v.Hand = cards(t, "JS QH KS KH AS AD")
	if c := New(1).Return(v); c.String() != "JS" {
		t.Errorf("returned %v, want JS", c)
	}
}

// TestHintDoesNotDisturb checks that asking for a hint leaves the player's own choices as
// they would have been.
func TestHintDoesNotDisturb(t *testing.T) {
	v := view(t, "3S 9H 9C KS KH KD AS", [3]int{20, 20, 20}, -1, "", "")
	a, b := New(9), New(9)
	a.Hint(v)
	for i := 0; i < 5; i++ {
		if x, y := a.Play(v), b.Play(v); describe(x) != describe(y) {
			t.Fatalf("after a hint: %s, without: %s", describe(x), describe(y))
		}
	}
}
