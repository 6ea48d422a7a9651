package guandan

import "testing"

// TestSetWilds: the wild cards are the two Hearts of the level's rank (RULES.md, "Wild
// cards"), whatever else the set holds; no other card counts, at any level.
func TestSetWilds(t *testing.T) {
	for _, c := range []struct {
		cards string
		level Rank
		want  int
	}{
		{"2H 2H 2S 3H", Two, 2},
		{"2H 2D 2C", Two, 1},
		{"2H 2H", Three, 0},
		{"AH KH AS", Ace, 1},
		{"BJ RJ BJ RJ TH", Ten, 1},
		{"", Five, 0},
	} {
		s, err := ParseCards(c.cards)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Wilds(c.level); got != c.want {
			t.Errorf("%q at level %v: %d wild cards, want %d", c.cards, c.level, got, c.want)
		}
	}
}
