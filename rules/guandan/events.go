package guandan

import (
	"errors"
	"fmt"
)

// Phase is the stage a match is in.
type Phase uint8

// The phases of a match.
const (
	// PhaseReturn: a receiver of tribute must choose the card it gives back (ActReturn).
	PhaseReturn Phase = iota + 1
	// PhasePlay: the deal is being played (ActPlay, ActPass).
	PhasePlay
	// PhaseDealOver: the deal has ended; ActNextDeal deals the next one.
	PhaseDealOver
	// PhaseMatchOver: a team has won the match; only a new match goes on.
	PhaseMatchOver
)

// phaseNames are the phases' names. The web table shows them as its data-phase hook, which
// black-box tests read: one lower-case word each, and they do not change.
var phaseNames = [...]string{"", "return", "play", "dealover", "matchover"}

// String returns the phase's name ("dealover"), for logs and for the views' hooks.
func (p Phase) String() string {
	if int(p) < len(phaseNames) && p != 0 {
		return phaseNames[p]
	}
	return fmt.Sprintf("phase(%d)", uint8(p))
}

// ActionKind is what a seat does.
type ActionKind uint8

// The actions of a match.
const (
	ActPlay ActionKind = iota + 1
	ActPass
	ActReturn
	ActNextDeal // from PhaseDealOver; any seat may send it
)

// Action is one move sent to Match.Apply.
type Action struct {
	Kind ActionKind
	Seat int
	// Cards are the cards of an ActPlay.
	Cards Set
	// Reading names the reading of an ActPlay. The zero Reading means "none named", which is
	// refused with ErrAmbiguous when the cards have several readings legal at that moment.
	Reading Reading
	// Card is the card of an ActReturn.
	Card Card
}

// EventKind says what happened.
type EventKind uint8

// The events a match reports. The fields each one uses are listed beside it.
const (
	EvDealt            EventKind = iota + 1 // a new deal was dealt (Levels, Place = deal number)
	EvTributeCancelled                      // the tribute was refused (Seat: the first place, who leads)
	EvTribute                               // Seat paid Card to To
	EvReturn                                // Seat returned Card to To
	EvLead                                  // Seat leads a new trick
	EvPlay                                  // Seat played Play
	EvPass                                  // Seat passed
	EvTrickWon                              // Seat won the trick
	EvFinished                              // Seat emptied its hand, finishing at Place (1..4)
	EvDealOver                              // the deal ended: Finish, new Levels, Team won, Promotion
	EvMatchOver                             // Team won the match
)

// eventNames are the event kinds' names. The web table's log shows them as its data-event
// hook, which black-box tests read: one lower-case word each, and they do not change.
var eventNames = [...]string{"", "dealt", "cancelled", "tribute", "return", "lead", "play", "pass", "trickwon", "finished", "dealover", "matchover"}

// String returns the event kind's name ("trickwon"), for logs and for the views' hooks.
func (k EventKind) String() string {
	if int(k) < len(eventNames) && k != 0 {
		return eventNames[k]
	}
	return fmt.Sprintf("event(%d)", uint8(k))
}

// Event is one thing that happened, for the UI's log and animations.
type Event struct {
	Kind  EventKind
	Seat  int
	Play  Play
	Card  Card
	To    int
	Place int
	Team  int
	// Levels are the teams' levels after the deal (EvDealOver) or at the deal (EvDealt).
	Levels [2]Rank
	// Finish is the finishing order of the deal (EvDealOver).
	Finish []int
	// Promotion is how many levels the winning team went up (EvDealOver).
	Promotion int
}

// The errors Apply returns; wrap-compatible with errors.Is.
var (
	ErrNotYourTurn = errors.New("guandan: not your turn")
	ErrIllegalPlay = errors.New("guandan: these cards are not a legal combination")
	ErrAmbiguous   = errors.New("guandan: the cards have several readings; name one")
	ErrDoesNotBeat = errors.New("guandan: the play does not beat the last play")
	ErrNotInHand   = errors.New("guandan: card not in hand")
	ErrWrongPhase  = errors.New("guandan: action not allowed in this phase")
	ErrBadReturn   = errors.New("guandan: this card may not be returned")
	ErrMustLead    = errors.New("guandan: the leader cannot pass")
	ErrBadAction   = errors.New("guandan: unknown action")
	// ErrNoCards is a play of no cards. It is an ErrIllegalPlay too (errors.Is holds), so
	// callers that only ask whether a play is legal need not know it; a table can tell the
	// player to pick cards first rather than that their cards are no combination.
	ErrNoCards = fmt.Errorf("%w: no cards", ErrIllegalPlay)
)
