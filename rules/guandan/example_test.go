package guandan_test

import (
	"fmt"

	"github.com/cardavia/cardavia/rules/guandan"
)

// A wild five of hearts with 6 7 8 9 is the straight to 9 or to 10: the player must choose.
func ExampleReadings() {
	cards, _ := guandan.ParseCards("5H 6S 7D 8C 9S")
	fmt.Println(guandan.Readings(cards, guandan.Five))
	// Output: [straight:9 straight:T]
}

// Following a pair of queens at level 2 (the hearts 2 are wild): the hand may beat it with its
// kings (two natural kings, or one king and a wild), an ace and a wild, the two wilds (a pair of
// the level rank), or a bomb: of sixes with 0, 1 or 2 wilds, or of kings with both wilds.
func ExampleLegalPlays() {
	hand, _ := guandan.ParseCards("2H 2H KS KD AS 6S 6D 6C 6H 3C")
	for _, p := range guandan.LegalPlays(hand, guandan.Two, guandan.Reading{Kind: guandan.Pair, Rank: guandan.Queen}) {
		fmt.Println(p.Reading, "=", p.Cards)
	}
	// Output:
	// pair:K = KS KD
	// pair:K = 2H KS
	// pair:A = 2H AS
	// pair:2 = 2H 2H
	// bomb:4x6 = 6S 6H 6C 6D
	// bomb:4x6 = 2H 6S 6H 6C
	// bomb:4x6 = 2H 2H 6S 6H
	// bomb:5x6 = 2H 6S 6H 6C 6D
	// bomb:5x6 = 2H 2H 6S 6H 6C
	// bomb:6x6 = 2H 2H 6S 6H 6C 6D
	// bomb:4xK = 2H 2H KS KD
}

// Beating follows the bomb ladder: a straight flush beats a 5-card bomb but loses to a 6-card one.
func ExampleReading_Beats() {
	sf := guandan.Reading{Kind: guandan.StraightFlush, Rank: guandan.Seven}
	fmt.Println(sf.Beats(guandan.Reading{Kind: guandan.Bomb, Rank: guandan.Ace, Size: 5}, guandan.Two))
	fmt.Println(sf.Beats(guandan.Reading{Kind: guandan.Bomb, Rank: guandan.Three, Size: 6}, guandan.Two))
	// Output:
	// true
	// false
}
