package views

import gd "github.com/cardavia/cardavia/rules/guandan"

// comboLevel is the level the rules page's pictures are drawn at: at level 7 the two sevens
// of hearts are wild, as the rules' own example says.
const comboLevel = gd.Seven

// guandanCombos are the rules page's pictures: every kind of combination, and the ways wild
// cards and the low Ace enter them, as plays the engine reads exactly so (a test checks it).
var guandanCombos = mustPlays([]struct{ cards, reading string }{
	{"KS", "single:K"},
	{"9S 9H", "pair:9"},
	{"RJ RJ", "pair:RJ"},
	{"4C 4D 4S", "triple:4"},
	{"8S 8H 8D 4C 4S", "full-house:8"},
	{"JS JD QC 7H QH", "full-house:Q"},
	{"3S 4H 5C 6D 7S", "straight:7"},
	{"AH 2S 3D 4C 5S", "straight:5"},
	{"9C TD JS QH 7H", "straight:K"},
	{"AS AD 2H 2C 3S 3D", "tube:3"},
	{"8S 8C 8D 9H 9S 9C", "plate:9"},
	{"JS JH JC JD", "bomb:4xJ"},
	{"QS QH QC QD QS 7H", "bomb:6xQ"},
	{"9S TS JS QS KS", "straight-flush:K"},
	{"3D 4D 7H 6D 7D", "straight-flush:7"},
	{"BJ BJ RJ RJ", "joker-bomb"},
})

// mustPlays parses the pictures' plays; a typo is a broken build, caught by the tests.
func mustPlays(specs []struct{ cards, reading string }) []gd.Play {
	out := make([]gd.Play, 0, len(specs))
	for _, s := range specs {
		cards, err := gd.ParseCards(s.cards)
		if err != nil {
			panic(err)
		}
		r, err := gd.ParseReading(s.reading)
		if err != nil {
			panic(err)
		}
		out = append(out, gd.Play{Cards: cards, Reading: r})
	}
	return out
}
