package views

import (
	"slices"

	"github.com/cardavia/cardavia/rules/asnas"
)

// AsnasTable is what the As-Nas table page shows: the human's view of the match, and what
// happened since the human's last move.
type AsnasTable struct {
	// View is the match as seat 0 (the human) may see it.
	View asnas.View
	// Move is the match's move number; every form sends it back so that a stale form changes
	// nothing.
	Move uint64
	// Log is what happened since the human's last move, oldest first.
	Log []asnas.Event
	// Notice is the catalog key of a short notice to show above the table, or "".
	Notice string
	// AI is the panel about the AI players: their level and the coach.
	AI AsnasAIPanel
}

// seatOrder is the order seats appear in the page: North, West, East, then You, which reads
// top to bottom like the table on a wide screen.
var seatOrder = []int{2, 3, 1, 0}

// LastResult is the result of the deal just finished, when the current deal is over.
func (t AsnasTable) LastResult() (asnas.DealResult, bool) {
	if !t.View.DealOver || len(t.View.Results) == 0 {
		return asnas.DealResult{}, false
	}
	return t.View.Results[len(t.View.Results)-1], true
}

// Showdown tells whether the page shows a showdown's revealed hands.
func (t AsnasTable) Showdown() bool {
	r, ok := t.LastResult()
	return ok && r.Showdown
}

// DealWinner tells whether seat shares the pot of the deal just finished.
func (t AsnasTable) DealWinner(seat int) bool {
	r, ok := t.LastResult()
	return ok && slices.Contains(r.Winners, seat)
}

// MyTurn tells whether the human is to act now.
func (t AsnasTable) MyTurn() bool { return t.View.ToAct == t.View.Seat && len(t.View.Legal) > 0 }

// HumanWon tells whether the human is among the match's winners.
func (t AsnasTable) HumanWon() bool {
	return t.View.Over && slices.Contains(t.View.Winners, t.View.Seat)
}
