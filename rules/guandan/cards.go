package guandan

import (
	"errors"
	"fmt"
	"strings"
)

// Rank is a natural rank: Two=2 … Ace=14, then BlackJoker=15 and RedJoker=16. The zero value
// means "no rank" (the key of a joker bomb).
type Rank uint8

// The natural ranks and the two jokers.
const (
	Two        Rank = 2
	Three      Rank = 3
	Four       Rank = 4
	Five       Rank = 5
	Six        Rank = 6
	Seven      Rank = 7
	Eight      Rank = 8
	Nine       Rank = 9
	Ten        Rank = 10
	Jack       Rank = 11
	Queen      Rank = 12
	King       Rank = 13
	Ace        Rank = 14
	BlackJoker Rank = 15
	RedJoker   Rank = 16
)

// rankNames holds the CONFORMANCE notation of every rank, indexed by the rank.
var rankNames = [...]string{"", "", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "BJ", "RJ"}

// String returns the CONFORMANCE notation: "2".."9", "T", "J", "Q", "K", "A", "BJ", "RJ".
func (r Rank) String() string {
	if int(r) < len(rankNames) && rankNames[r] != "" {
		return rankNames[r]
	}
	return fmt.Sprintf("Rank(%d)", uint8(r))
}

// ErrBadNotation reports text that is not a card, rank or reading in CONFORMANCE notation.
var ErrBadNotation = errors.New("guandan: bad notation")

// ParseRank reads a rank in CONFORMANCE notation; "10" is accepted for the ten as well as "T".
func ParseRank(s string) (Rank, error) {
	u := strings.ToUpper(strings.TrimSpace(s))
	if u == "10" {
		return Ten, nil
	}
	for r := Two; r <= RedJoker; r++ {
		if rankNames[r] == u {
			return r, nil
		}
	}
	return 0, fmt.Errorf("%w: rank %q", ErrBadNotation, s)
}

// Suit is a card's suit; jokers have NoSuit. Suits have no order in Guandan.
type Suit uint8

// The four suits, and NoSuit for the jokers.
const (
	Spades Suit = iota
	Hearts
	Clubs
	Diamonds
	NoSuit
)

var suitNames = [...]string{"S", "H", "C", "D", ""}

// String returns "S", "H", "C", "D", or "" for NoSuit.
func (s Suit) String() string {
	if int(s) < len(suitNames) {
		return suitNames[s]
	}
	return fmt.Sprintf("Suit(%d)", uint8(s))
}

// Card is one of the 108 physical cards, 0..107. The two packs are told apart by Copy, so a
// player may hold both copies of the 7♠ and the UI can still address each one.
//
// Layout: card = copy*54 + face, where face 0..51 is (rank-2)*4 + suit and faces 52 and 53 are
// the Black and Red Joker. A card fits a byte and a hand is a 108-bit set.
type Card uint8

const (
	facesPerPack = 54
	faceBJ       = 52
	faceRJ       = 53
	// NumCards is the number of cards in the two packs.
	NumCards = 2 * facesPerPack
)

// NewCard returns the card of this rank, suit and copy (0 or 1). Jokers take NoSuit.
func NewCard(r Rank, s Suit, copy int) Card {
	return Card(copy*facesPerPack + face(r, s))
}

// face is the index of a card within one pack.
func face(r Rank, s Suit) int {
	switch r {
	case BlackJoker:
		return faceBJ
	case RedJoker:
		return faceRJ
	}
	return int(r-Two)*4 + int(s)
}

func (c Card) face() int { return int(c) % facesPerPack }

// Rank returns the card's natural rank (BlackJoker or RedJoker for the jokers).
func (c Card) Rank() Rank {
	f := c.face()
	switch f {
	case faceBJ:
		return BlackJoker
	case faceRJ:
		return RedJoker
	}
	return Rank(f/4) + Two
}

// Suit returns the card's suit, NoSuit for a joker.
func (c Card) Suit() Suit {
	if c.IsJoker() {
		return NoSuit
	}
	return Suit(c.face() % 4)
}

// Copy returns which of the two packs the card comes from: 0 or 1.
func (c Card) Copy() int { return int(c) / facesPerPack }

// IsJoker reports whether the card is a Black or Red Joker.
func (c Card) IsJoker() bool { return c.face() >= faceBJ }

// IsWild reports whether the card is a wild card at this level: a heart of the level rank.
func (c Card) IsWild(level Rank) bool {
	return c.face() == face(level, Hearts) && level >= Two && level <= Ace
}

// String returns the CONFORMANCE notation without the copy: "TH", "BJ".
func (c Card) String() string {
	if c.IsJoker() {
		return c.Rank().String()
	}
	return c.Rank().String() + c.Suit().String()
}

// ParseCard reads one card in CONFORMANCE notation ("TH", "10H", "BJ"); it is copy 0.
func ParseCard(s string) (Card, error) {
	u := strings.ToUpper(strings.TrimSpace(s))
	if u == "BJ" || u == "RJ" {
		r, _ := ParseRank(u)
		return NewCard(r, NoSuit, 0), nil
	}
	if len(u) < 2 {
		return 0, fmt.Errorf("%w: card %q", ErrBadNotation, s)
	}
	r, err := ParseRank(u[:len(u)-1])
	if err != nil || r > Ace {
		return 0, fmt.Errorf("%w: card %q", ErrBadNotation, s)
	}
	for st := Spades; st <= Diamonds; st++ {
		if suitNames[st] == u[len(u)-1:] {
			return NewCard(r, st, 0), nil
		}
	}
	return 0, fmt.Errorf("%w: card %q", ErrBadNotation, s)
}

// ParseCards reads space-separated cards. A card named twice is both copies; a third time is an
// error, because the two packs hold only two of each card.
func ParseCards(s string) (Set, error) {
	var set Set
	for _, f := range strings.Fields(s) {
		c, err := ParseCard(f)
		if err != nil {
			return Set{}, err
		}
		if set.Has(c) {
			c += facesPerPack
			if set.Has(c) {
				return Set{}, fmt.Errorf("%w: third copy of %s", ErrBadNotation, f)
			}
		}
		set.Add(c)
	}
	return set, nil
}

// Strength is the strength of a single card of rank r at this level (RULES.md "Strength of
// single cards"): 2 < … < A < level rank < Black Joker < Red Joker, the level rank leaving its
// natural place. It also orders pairs, triples, full houses and bombs. Wilds count as level
// cards, so call it with the level rank for them.
func Strength(r Rank, level Rank) int {
	switch {
	case r == RedJoker:
		return 17
	case r == BlackJoker:
		return 16
	case r == level:
		return 15
	}
	return int(r)
}
