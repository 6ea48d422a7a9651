package guandan

import (
	"slices"
	"strings"
	"testing"
)

// mustCards parses cards in CONFORMANCE notation or fails the test.
func mustCards(t testing.TB, s string) Set {
	t.Helper()
	set, err := ParseCards(s)
	if err != nil {
		t.Fatalf("ParseCards(%q): %v", s, err)
	}
	return set
}

// mustRank parses a rank or fails the test.
func mustRank(t testing.TB, s string) Rank {
	t.Helper()
	r, err := ParseRank(s)
	if err != nil {
		t.Fatalf("ParseRank(%q): %v", s, err)
	}
	return r
}

func readingStrings(rs []Reading) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.String()
	}
	slices.Sort(out)
	return out
}

func TestReadings(t *testing.T) {
	tests := []struct {
		name, level, cards, want string // want: space-separated readings, "" for none
	}{
		// Plain combinations (RULES.md "Combinations").
		{"single", "2", "7S", "single:7"},
		{"single red joker", "2", "RJ", "single:RJ"},
		{"pair", "2", "7S 7D", "pair:7"},
		{"pair of the same card from both packs", "2", "7S 7S", "pair:7"},
		{"pair of black jokers", "2", "BJ BJ", "pair:BJ"},
		{"mixed jokers are no pair", "2", "BJ RJ", ""},
		{"two ranks are no pair", "2", "7S 8S", ""},
		{"triple", "2", "9S 9H 9C", "triple:9"},
		{"no triple of jokers", "2", "BJ BJ RJ", ""},
		{"full house", "2", "8S 8H 8C 3D 3S", "full-house:8"},
		{"full house with joker pair", "2", "8S 8H 8C RJ RJ", "full-house:8"},
		{"full house with mixed jokers", "2", "8S 8H 8C RJ BJ", ""},
		{"triple plus single is illegal", "2", "8S 8H 8C 3D", ""},
		{"straight", "2", "3S 4H 5C 6D 7S", "straight:7"},
		{"A2345 is ranked by its 5", "9", "AS 2H 3C 4D 5S", "straight:5"},
		{"TJQKA", "2", "TS JH QC KD AS", "straight:A"},
		{"no wrap-around", "9", "QS KH AC 2D 3S", ""},
		{"six-card straight is illegal", "2", "3S 4H 5C 6D 7S 8S", ""},
		{"straight flush", "2", "3S 4S 5S 6S 7S", "straight-flush:7"},
		{"tube", "2", "3S 3H 4C 4D 5S 5H", "tube:5"},
		{"tube AA2233", "9", "AS AH 2C 2D 3S 3H", "tube:3"},
		{"tube QQKKAA", "9", "QS QH KC KD AS AH", "tube:A"},
		{"tube KKAA22 wraps", "9", "KS KH AC AD 2S 2H", ""},
		{"plate", "2", "8S 8H 8C 9S 9H 9C", "plate:9"},
		{"plate AAA222", "9", "AS AH AC 2S 2H 2C", "plate:2"},
		{"plate KKKAAA", "9", "KS KH KC AS AH AC", "plate:A"},
		{"three triples are illegal", "9", "3S 3H 3C 4S 4H 4C 5S 5H 5C", ""},
		{"bomb 4", "2", "6S 6H 6C 6D", "bomb:4x6"},
		{"bomb 8", "2", "6S 6H 6C 6D 6S 6H 6C 6D", "bomb:8x6"},
		{"joker bomb", "2", "BJ BJ RJ RJ", "joker-bomb"},
		{"three jokers are nothing", "2", "BJ RJ RJ", ""},

		// Wild cards (hearts of the level rank).
		{"one wild alone is a single of the level rank", "5", "5H", "single:5"},
		{"two wilds are a pair of the level rank", "5", "5H 5H", "pair:5"},
		{"heart of another rank is no wild", "5", "6H 7S", ""},
		{"wild plus natural is a pair", "5", "5H 9S", "pair:9"},
		{"wild never stands for a joker", "5", "5H RJ", ""},
		{"wild never joins a joker triple", "5", "5H RJ RJ", ""},
		{"wild makes a triple", "5", "5H 9S 9D", "triple:9"},
		{"two wilds make a triple", "5", "5H 5H 9D", "triple:9"},
		{"three of a rank plus wild is a 4-bomb", "5", "5H 9S 9D 9C", "bomb:4x9"},
		{"wild fills a straight at either end", "5", "5H 6S 7D 8C 9S", "straight:9 straight:T"},
		{"wild straight flush both ways", "5", "5H 6S 7S 8S 9S", "straight-flush:9 straight-flush:T"},
		{"wild in the middle of a straight", "5", "5H 6S 7D 9C TS", "straight:T"},
		{"two wilds in a straight", "5", "5H 5H 6S 7D 8C", "straight:8 straight:9 straight:T"},
		{"two wilds in a low straight", "5", "5H 5H AS 2D 3C", "straight:5"},
		{"8899 plus wild is two full houses", "5", "8S 8D 9S 9D 5H", "full-house:8 full-house:9"},
		{"triple plus two wilds is full house and 5-bomb", "5", "8S 8D 8C 5H 5H", "bomb:5x8 full-house:8"},
		{"wild with joker pair", "5", "8S 8D 5H RJ RJ", "full-house:8"},
		{"4 of a rank plus wild", "5", "8S 8D 8C 8S 5H", "bomb:5x8"},
		{"tube with wilds", "5", "3S 3D 4S 4D 5H 5H", "plate:4 tube:4 tube:5"},
		{"plate with wild", "5", "8S 8H 8C 9S 9D 5H", "plate:9"},
		{"level rank non-heart is natural", "5", "5S 5D 5C 5S", "bomb:4x5"},
		{"level bomb with wilds", "5", "5S 5D 5C 5S 5D 5C 5H 5H", "bomb:8x5"},
		{"10-card bomb", "7", "9S 9H 9C 9D 9S 9H 9C 9D 7H 7H", "bomb:10x9"},
		{"wild as itself in a hearts straight flush", "5", "5H 6H 7H 8H 9H", "straight-flush:9 straight-flush:T"},
		{"mixed straight with wild", "9", "9H TS JD QC KS", "straight:A straight:K"},
		{"nothing", "2", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := readingStrings(Readings(mustCards(t, tc.cards), mustRank(t, tc.level)))
			want := strings.Fields(tc.want)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("Readings(%s @%s) = %v, want %v", tc.cards, tc.level, got, want)
			}
		})
	}
}

func TestAppendReadingsDoesNotAllocate(t *testing.T) {
	cards := mustCards(t, "5H 6S 7D 8C 9S")
	buf := make([]Reading, 0, 8)
	allocs := testing.AllocsPerRun(100, func() { buf = AppendReadings(buf[:0], cards, Five) })
	if allocs != 0 {
		t.Errorf("AppendReadings allocates %v times per call", allocs)
	}
}

func TestParseReadingRoundTrip(t *testing.T) {
	for _, s := range []string{"single:RJ", "pair:7", "bomb:6x9", "bomb:10xT", "straight:T", "straight-flush:5", "tube:A", "plate:2", "full-house:Q", "joker-bomb", "triple:K"} {
		r, err := ParseReading(s)
		if err != nil {
			t.Fatalf("ParseReading(%q): %v", s, err)
		}
		if r.String() != s {
			t.Errorf("ParseReading(%q).String() = %q", s, r.String())
		}
	}
	for _, s := range []string{"", "pair", "bomb:3x9", "bomb:11x9", "triple:RJ", "foo:7", "pair:1"} {
		if _, err := ParseReading(s); err == nil {
			t.Errorf("ParseReading(%q) accepted", s)
		}
	}
}

func TestCardsAndSets(t *testing.T) {
	deck := FullDeck()
	if deck.Len() != 108 {
		t.Fatalf("FullDeck has %d cards", deck.Len())
	}
	seen := map[string]int{}
	for _, c := range deck.Cards() {
		seen[c.String()]++
		if NewCard(c.Rank(), c.Suit(), c.Copy()) != c {
			t.Errorf("card %d does not round-trip through NewCard", c)
		}
	}
	if len(seen) != 54 {
		t.Errorf("%d distinct faces, want 54", len(seen))
	}
	for face, n := range seen {
		if n != 2 {
			t.Errorf("%s appears %d times", face, n)
		}
	}
	s := mustCards(t, "7S 7S 10H RJ")
	if s.Len() != 4 || s.String() != "7S 7S TH RJ" {
		t.Errorf("ParseCards round trip: %q (%d cards)", s.String(), s.Len())
	}
	if _, err := ParseCards("7S 7S 7S"); err == nil {
		t.Error("a third 7S was accepted")
	}
	if _, err := ParseCards("1S"); err == nil {
		t.Error("1S was accepted")
	}
	if !NewCard(Five, Hearts, 1).IsWild(Five) || NewCard(Five, Spades, 0).IsWild(Five) {
		t.Error("IsWild is wrong for the five of hearts/spades at level 5")
	}
}

func TestStrength(t *testing.T) {
	order := []Rank{Two, Three, Four, Six, Seven, Eight, Nine, Ten, Jack, Queen, King, Ace, Five, BlackJoker, RedJoker}
	for i := 1; i < len(order); i++ {
		if Strength(order[i], Five) <= Strength(order[i-1], Five) {
			t.Errorf("at level 5, %v should be stronger than %v", order[i], order[i-1])
		}
	}
}
