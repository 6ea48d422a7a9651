package asnas

import (
	"errors"
	"fmt"
	"strings"
)

// Verb is what a player does on their turn (RULES.md "Betting").
type Verb uint8

// The five verbs. Look does not end the turn; the other four do.
const (
	Look Verb = iota + 1
	Call
	Hold
	Raise
	Fold
)

var verbWords = [...]string{"none", "look", "call", "hold", "raise", "fold"}

// String returns the verb's word as used in the conformance cases.
func (v Verb) String() string {
	if int(v) < len(verbWords) {
		return verbWords[v]
	}
	return fmt.Sprintf("Verb(%d)", uint8(v))
}

// ParseVerb reads a verb word, ignoring case.
func ParseVerb(s string) (Verb, error) {
	w := strings.ToLower(strings.TrimSpace(s))
	for v := Look; v <= Fold; v++ {
		if verbWords[v] == w {
			return v, nil
		}
	}
	return 0, fmt.Errorf("asnas: unknown verb %q", s)
}

// Action is one seat doing one verb.
type Action struct {
	Seat int
	Verb Verb
}

// String shows the action as "SEAT:VERB", the conformance notation.
func (a Action) String() string { return fmt.Sprintf("%d:%s", a.Seat, a.Verb) }

// MaxBet is the highest bet a raise may reach (RULES.md: raise only while the highest bet is
// below 4).
const MaxBet = 4

// The errors that Apply and NextDeal return. They are wrapped with details; test for them with
// errors.Is.
var (
	// ErrOver: the deal (or the match) has ended, so no action is accepted.
	ErrOver = errors.New("asnas: the deal is over")
	// ErrNotYourTurn: the acting seat is not the seat to act.
	ErrNotYourTurn = errors.New("asnas: not your turn")
	// ErrAlreadyLooked: a seat may look at its hand only once.
	ErrAlreadyLooked = errors.New("asnas: already looked")
	// ErrIllegal: the verb is not allowed in this state (a call with nothing to call, a hold
	// with a bet to match, a raise at the limit, an unknown verb).
	ErrIllegal = errors.New("asnas: action not allowed now")
	// ErrBadSeat: the seat number is not 0 to 3.
	ErrBadSeat = errors.New("asnas: no such seat")
	// ErrDealNotOver: NextDeal was asked for while the current deal is still being played.
	ErrDealNotOver = errors.New("asnas: the deal is not over")
	// ErrMatchOver: the match has played all its deals. Its last deal is over too, so it
	// also matches ErrOver.
	ErrMatchOver = fmt.Errorf("asnas: the match is over (%w)", ErrOver)
)
