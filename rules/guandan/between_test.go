package guandan

import (
	"strings"
	"testing"
)

func TestOutcome(t *testing.T) {
	tests := []struct {
		name      string
		levels    [2]Rank
		dealLevel Rank
		finish    []int
		want      [2]Rank
		next      Rank
		winner    int
	}{
		{"1-2 finish goes up 3", [2]Rank{Two, Two}, Two, []int{0, 2}, [2]Rank{Five, Two}, Five, -1},
		{"1-3 finish goes up 2", [2]Rank{Two, Two}, Two, []int{1, 0, 3}, [2]Rank{Two, Four}, Four, -1},
		{"1-4 finish goes up 1", [2]Rank{Two, Five}, Two, []int{3, 0, 2}, [2]Rank{Two, Six}, Six, -1},
		{"1-4 finish with all four listed", [2]Rank{Two, Five}, Two, []int{3, 0, 2, 1}, [2]Rank{Two, Six}, Six, -1},
		{"next deal at the winners' level, losers unchanged", [2]Rank{King, Three}, Three, []int{1, 3}, [2]Rank{King, Six}, Six, -1},
		{"capped at A", [2]Rank{Queen, Two}, Queen, []int{0, 2}, [2]Rank{Ace, Two}, Ace, -1},
		{"at A and played at A, 1-2 wins", [2]Rank{Ace, Two}, Ace, []int{2, 0}, [2]Rank{Ace, Two}, 0, 0},
		{"at A and played at A, 1-3 wins", [2]Rank{Two, Ace}, Ace, []int{1, 0, 3}, [2]Rank{Two, Ace}, 0, 1},
		{"at A, 1-4 does not win", [2]Rank{Ace, Two}, Ace, []int{0, 1, 3}, [2]Rank{Ace, Two}, Ace, -1},
		{"at A but deal at other level does not win", [2]Rank{Ace, King}, King, []int{0, 2}, [2]Rank{Ace, King}, Ace, -1},
		{"reaching A does not win", [2]Rank{Queen, King}, King, []int{0, 2}, [2]Rank{Ace, King}, Ace, -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, next, winner := Outcome(tc.levels, tc.dealLevel, tc.finish)
			if got != tc.want || next != tc.next || winner != tc.winner {
				t.Errorf("Outcome = %v, %v, %d; want %v, %v, %d", got, next, winner, tc.want, tc.next, tc.winner)
			}
		})
	}
}

// tributeHands builds four hands from the listed cards plus a few low filler cards (3s and 4s),
// so that each hand's strongest card is the one the test names. A card named for two seats is
// the two copies.
func tributeHands(t *testing.T, fixed [4]string) [4]Set {
	t.Helper()
	var hands [4]Set
	var used Set
	for i, f := range fixed {
		filler := [4]string{" 3S 4D", " 3C 4S", " 3D 4C", " 3S 4D"}[i] // each card at most twice
		for _, name := range strings.Fields(f + filler) {
			c, err := ParseCard(name)
			if err != nil {
				t.Fatal(err)
			}
			if used.Has(c) {
				c += facesPerPack
			}
			if used.Has(c) {
				t.Fatalf("third copy of %s", name)
			}
			used.Add(c)
			hands[i].Add(c)
		}
	}
	return hands
}

func TestTribute(t *testing.T) {
	t.Run("single tribute 1-3", func(t *testing.T) {
		hands := tributeHands(t, [4]string{"", "", "RJ", ""})
		tr := Tribute(King, []int{0, 1, 3}, hands) // seat 2 is last
		if tr.Cancelled || len(tr.Gives) != 1 || tr.Gives[0].From != 2 || tr.Gives[0].To != 0 || tr.Gives[0].Card.Rank() != RedJoker || tr.Leader != 2 {
			t.Errorf("got %+v", tr)
		}
	})
	t.Run("1-4 partner pays", func(t *testing.T) {
		hands := tributeHands(t, [4]string{"", "", "", "BJ"})
		tr := Tribute(King, []int{1, 0, 2}, hands) // seat 3 is last, partner of 1
		if tr.Cancelled || len(tr.Gives) != 1 || tr.Gives[0].From != 3 || tr.Gives[0].To != 1 || tr.Gives[0].Card.Rank() != BlackJoker || tr.Leader != 3 {
			t.Errorf("got %+v", tr)
		}
	})
	t.Run("never a wild", func(t *testing.T) {
		hands := tributeHands(t, [4]string{"", "", "", "KH KH AS"})
		tr := Tribute(King, []int{1, 0, 2}, hands) // seat 3 pays its A, not a wild K♥
		if tr.Cancelled || tr.Gives[0].Card.Rank() != Ace {
			t.Errorf("got %+v (%v)", tr, tr.Gives)
		}
	})
	t.Run("level card beats ace", func(t *testing.T) {
		hands := tributeHands(t, [4]string{"", "", "", "KS AS"})
		tr := Tribute(King, []int{1, 0, 2}, hands)
		if tr.Gives[0].Card.Rank() != King {
			t.Errorf("got %v", tr.Gives)
		}
	})
	t.Run("single refusal with both red jokers", func(t *testing.T) {
		hands := tributeHands(t, [4]string{"", "RJ RJ", "", ""})
		tr := Tribute(King, []int{0, 2, 3}, hands)
		if !tr.Cancelled || len(tr.Gives) != 0 || tr.Leader != 0 {
			t.Errorf("got %+v", tr)
		}
	})
	t.Run("double tribute", func(t *testing.T) {
		hands := tributeHands(t, [4]string{"", "AS", "", "BJ"})
		tr := Tribute(King, []int{0, 2}, hands)
		want := map[Give]bool{}
		for _, g := range tr.Gives {
			want[Give{From: g.From, To: g.To, Card: NewCard(g.Card.Rank(), Spades, 0)}] = true
		}
		if tr.Cancelled || len(tr.Gives) != 2 || !want[Give{3, 0, NewCard(BlackJoker, Spades, 0)}] || !want[Give{1, 2, NewCard(Ace, Spades, 0)}] || tr.Leader != 3 {
			t.Errorf("got %+v", tr)
		}
	})
	t.Run("double tribute tie: first payer after first place gives to first", func(t *testing.T) {
		hands := tributeHands(t, [4]string{"", "BJ", "", "BJ"})
		tr := Tribute(King, []int{2, 0}, hands) // payers 3 and 1; after seat 2 comes 3
		if tr.Cancelled || len(tr.Gives) != 2 {
			t.Fatalf("got %+v, want two tributes", tr)
		}
		got := map[[2]int]bool{}
		for _, g := range tr.Gives {
			if g.Card.Rank() != BlackJoker {
				t.Fatalf("unexpected tribute %v", tr.Gives)
			}
			got[[2]int{g.From, g.To}] = true
		}
		if !got[[2]int{3, 2}] || !got[[2]int{1, 0}] {
			t.Errorf("gives %v, want 3→2 and 1→0", tr.Gives)
		}
		if tr.Leader != 3 {
			t.Errorf("leader %d, want 3", tr.Leader)
		}
	})
	t.Run("double refusal with red jokers split", func(t *testing.T) {
		hands := tributeHands(t, [4]string{"", "RJ", "", "RJ"})
		tr := Tribute(King, []int{0, 2}, hands)
		if !tr.Cancelled || tr.Leader != 0 {
			t.Errorf("got %+v", tr)
		}
	})
}

func TestCanReturn(t *testing.T) {
	tests := []struct {
		level, hand, card string
		want              bool
	}{
		{"2", "TS AS", "TS", true},
		{"2", "TS AS", "AS", false},
		{"2", "JS AS", "JS", true},  // no card 2-10: the weakest
		{"2", "JS AS", "AS", false}, // not the weakest
		{"5", "5H 9S", "5H", false}, // a wild is never a low return
		{"5", "5S 9S", "5S", true},  // natural rank 5, not wild
		{"5", "5H JS", "JS", true},  // the wild counts as a level card, so J is weakest
		{"5", "5H JS", "5H", false},
		{"2", "QS QD KS", "QD", true}, // either of the weakest
		{"2", "QS", "KS", false},      // not in hand
		{"2", "BJ RJ", "BJ", true},
	}
	for _, tc := range tests {
		t.Run(strings.Join([]string{tc.level, tc.hand, tc.card}, "/"), func(t *testing.T) {
			c, err := ParseCard(tc.card)
			if err != nil {
				t.Fatal(err)
			}
			if got := CanReturn(mustRank(t, tc.level), mustCards(t, tc.hand), c); got != tc.want {
				t.Errorf("CanReturn = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestReturnable: the choice a receiver is offered is exactly the cards CanReturn allows:
// the non-wild 2–10 cards when there are any (RULES.md "Return"), else the weakest cards.
func TestReturnable(t *testing.T) {
	for _, tc := range []struct{ level, hand, want string }{
		{"5", "5H 3S 3S KD RJ", "3S 3S"},
		{"5", "5H AS KD RJ", "KD"},
		{"T", "TH TS JD", "TS"},    // the level card TS is a natural 10; the wild TH is not returnable
		{"2", "2H 2D 9C", "2D 9C"}, // level cards keep their natural rank for the return
	} {
		level, _ := ParseRank(tc.level)
		hand, err := ParseCards(tc.hand)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := ParseCards(tc.want)
		if got := Returnable(level, hand); got != want {
			t.Errorf("Returnable(%s, %s) = %s, want %s", tc.level, tc.hand, got, want)
		}
	}
}
