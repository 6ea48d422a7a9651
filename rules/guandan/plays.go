package guandan

import "encoding/json"

// Play is a concrete play: the cards and the reading they are played as.
type Play struct {
	Cards   Set
	Reading Reading
}

// Move is one play or pass of a deal, as Match.History records it: the seat, and the play
// unless Pass.
type Move struct {
	Seat int
	Pass bool
	Play Play
}

// History is the moves of a deal so far. It is a list that shares its past: Apply adds a move
// without copying the moves before it (a copy would make every deal quadratic, and the AI's
// rollouts apply thousands of moves a decision), and a match or view taken earlier never sees
// a later move. The zero History is empty.
type History struct{ last *historyNode }

type historyNode struct {
	prev *historyNode
	move Move
	n    int // moves up to and including this one
}

// Len is the number of moves.
func (h History) Len() int {
	if h.last == nil {
		return 0
	}
	return h.last.n
}

// With returns the history with mv added; h itself is unchanged.
func (h History) With(mv Move) History {
	return History{&historyNode{prev: h.last, move: mv, n: h.Len() + 1}}
}

// MarshalJSON writes the moves as a list, so a Match round-trips through encoding/json.
func (h History) MarshalJSON() ([]byte, error) { return json.Marshal(h.Moves()) }

// UnmarshalJSON reads a list that MarshalJSON wrote.
func (h *History) UnmarshalJSON(data []byte) error {
	var moves []Move
	if err := json.Unmarshal(data, &moves); err != nil {
		return err
	}
	*h = History{}
	for _, mv := range moves {
		*h = h.With(mv)
	}
	return nil
}

// Moves returns the moves in order, in a new slice.
func (h History) Moves() []Move {
	out := make([]Move, h.Len())
	for n := h.last; n != nil; n = n.prev {
		out[n.n-1] = n.move
	}
	return out
}

// LegalPlays lists the distinct plays the hand can make at this level: every play when leading
// (prev.IsZero()), else only the plays that beat prev.
//
// # Which plays are distinct
//
// Two plays are the same choice when SamePlayClass says so: the same reading, the same number of
// wild cards, the same multiset of natural ranks among the other cards (jokers counted as ranks
// BJ and RJ), and, for straight flushes only, the same suit. LegalPlays returns exactly one play
// per class the hand can make legally now: for every selection S of the hand and every reading r
// of S that is legal now, there is one play whose reading is r and whose cards are in the class
// of (S, r); and the cards of every play have its reading among Readings(cards, level).
//
// So where a wild is used is part of the choice (pair of 7s from two natural 7s, or from one 7
// and a wild; a straight 3-7 with the wild as the 5 or as the 7), and so is which ranks fill a
// full house. Which suits and copies the natural cards come from is not: of the thousands of
// suit variants only one is listed, picked canonically so as to keep the rest of the hand strong:
//   - of a rank, one copy of each card held twice goes first (the other copy stays behind), then
//     the cards that take part in the fewest straight flushes the hand could still make;
//   - a plain straight takes one such card of each rank, but never five cards of one suit (that
//     set would be a straight flush, RULES.md Decision), swapping a card for one of another suit
//     when needed; the class exists only when such a mix is possible;
//   - a straight flush is listed once for each suit that can make it;
//   - wild cards are the hand's own two, used only in the plays whose class has them.
//
// The order is deterministic: singles, pairs, triples, full houses, straights, straight flushes,
// tubes, plates, then bombs and the joker bomb; ranks ascend within a family.
func LegalPlays(hand Set, level Rank, prev Reading) []Play {
	return AppendLegalPlays(nil, hand, level, prev)
}

// AppendLegalPlays appends the plays of LegalPlays to dst and returns the extended slice. Given a
// dst of enough capacity it does not allocate: the search works on rank counts in fixed arrays.
func AppendLegalPlays(dst []Play, hand Set, level Rank, prev Reading) []Play {
	var g gen
	g.init(hand, level, prev)
	g.out = dst
	leading := prev.IsZero()
	want := func(k Kind) bool { return leading || prev.Kind == k }
	if want(Single) {
		g.singles()
	}
	if want(Pair) {
		g.pairs()
	}
	if want(Triple) {
		g.triples()
	}
	if want(FullHouse) {
		g.fullHouses()
	}
	if want(Straight) {
		g.straights()
	}
	// Straight flushes are bombs: every follow may need them.
	g.straightFlushes()
	if want(Tube) {
		g.tubes()
	}
	if want(Plate) {
		g.plates()
	}
	g.bombs()
	return g.out
}

// SamePlayClass reports whether a and b are the same choice in the sense of LegalPlays: the same
// reading, the same number of wild cards at this level, the same multiset of ranks among the
// non-wild cards (jokers as BJ and RJ) and, for straight flushes, the same suit of the non-wild
// cards.
func SamePlayClass(a, b Play, level Rank) bool {
	if a.Reading != b.Reading {
		return false
	}
	sa, suitA := playSignature(a.Cards, level)
	sb, suitB := playSignature(b.Cards, level)
	if sa != sb {
		return false
	}
	return a.Reading.Kind != StraightFlush || suitA == suitB
}

// playSignature counts the non-wild cards by rank (index 2..16) and the wilds (index 0), and
// returns the suits of the non-wild, non-joker cards as a bit mask.
func playSignature(cards Set, level Rank) (sig [17]uint8, suits uint8) {
	for _, c := range cards.Cards() {
		switch {
		case c.IsWild(level):
			sig[0]++
		default:
			sig[c.Rank()]++
			if !c.IsJoker() {
				suits |= 1 << c.Suit()
			}
		}
	}
	return sig, suits
}
