package asnas

import (
	"fmt"
	"strings"
)

// Rank is one of the five card identities. The copies of a rank are identical: As-Nas has no
// suits. The zero Rank means "unknown", which is how a hidden card appears in a view.
type Rank uint8

// The five ranks, from lowest to highest, so that a larger Rank is a stronger card.
const (
	Couli Rank = iota + 1
	Sarbaz
	Bibi
	Shah
	As
)

// NumRanks is the number of distinct ranks; each comes in four copies (CopiesPerRank).
const (
	NumRanks      = 5
	CopiesPerRank = 4
	HandSize      = 5
	NumSeats      = 4
	// PackSize is the whole pack: every card is dealt, 5 to each of 4 seats.
	PackSize = NumRanks * CopiesPerRank
)

var rankWords = [...]string{"?", "couli", "sarbaz", "bibi", "shah", "as"}

// String returns the rank's word as used in the conformance cases ("as", "shah", ...).
func (r Rank) String() string {
	if int(r) < len(rankWords) {
		return rankWords[r]
	}
	return fmt.Sprintf("Rank(%d)", uint8(r))
}

// Valid reports whether r is one of the five real ranks (not hidden or out of range).
func (r Rank) Valid() bool { return r >= Couli && r <= As }

// ParseRank reads a rank word, ignoring case.
func ParseRank(s string) (Rank, error) {
	w := strings.ToLower(strings.TrimSpace(s))
	for r := Couli; r <= As; r++ {
		if rankWords[r] == w {
			return r, nil
		}
	}
	return 0, fmt.Errorf("asnas: unknown rank %q", s)
}

// Hand is one player's five cards. The order of the cards carries no meaning.
type Hand [HandSize]Rank

// ParseHand reads five rank words separated by spaces, in any order. It refuses a hand that
// holds more than four copies of a rank, since the pack has only four.
func ParseHand(s string) (Hand, error) {
	var h Hand
	words := strings.Fields(s)
	if len(words) != HandSize {
		return h, fmt.Errorf("asnas: a hand needs %d cards, got %d in %q", HandSize, len(words), s)
	}
	for i, w := range words {
		r, err := ParseRank(w)
		if err != nil {
			return Hand{}, err
		}
		h[i] = r
	}
	if !h.Valid() {
		return Hand{}, fmt.Errorf("asnas: impossible hand %q", s)
	}
	return h, nil
}

// Counts returns how many cards of each rank the hand holds, indexed by Rank (index 0 counts
// hidden or invalid cards).
func (h Hand) Counts() [NumRanks + 1]int {
	var c [NumRanks + 1]int
	for _, r := range h {
		if r.Valid() {
			c[r]++
		} else {
			c[0]++
		}
	}
	return c
}

// Valid reports whether h is a hand the pack can deal: five real ranks, none more than four
// times.
func (h Hand) Valid() bool {
	c := h.Counts()
	if c[0] != 0 {
		return false
	}
	for r := Couli; r <= As; r++ {
		if c[r] > CopiesPerRank {
			return false
		}
	}
	return true
}

// String returns the hand's words separated by spaces, in the hand's own order.
func (h Hand) String() string {
	var b strings.Builder
	for i, r := range h {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(r.String())
	}
	return b.String()
}
