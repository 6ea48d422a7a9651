package asnas

// EventKind says what happened. The events of an Apply call narrate the step for the table log
// and for animation; the state itself is the truth.
type EventKind uint8

// The event kinds.
const (
	// EvDealt: the cards were dealt; Seat is the dealer.
	EvDealt EventKind = iota + 1
	// EvOpened: the dealer opened with a bet of one point; Seat is the dealer, To is 1.
	EvOpened
	// EvLooked: Seat looked at its hand.
	EvLooked
	// EvCalled: Seat called; Amount is what it paid, To the bet it matched.
	EvCalled
	// EvHeld: Seat held (its stake already matched the highest bet).
	EvHeld
	// EvRaised: Seat raised; To is the new highest bet, Amount what the seat paid.
	EvRaised
	// EvFolded: Seat folded; its stake stays in the pot.
	EvFolded
	// EvShowdown: the betting ended with two or more players left, whose hands are revealed.
	EvShowdown
	// EvWon: Seat receives Amount from the pot (one event per winner of a split).
	EvWon
	// EvUncontested: everybody else folded; Seat wins the pot without showing its hand.
	EvUncontested
	// EvDealOver: the deal has ended and its scores are final.
	EvDealOver
	// EvMatchOver: the last deal of the match has ended.
	EvMatchOver
)

var eventWords = [...]string{"none", "dealt", "opened", "looked", "called", "held", "raised", "folded",
	"showdown", "won", "uncontested", "deal-over", "match-over"}

// String returns a short word for the kind, for logs and tests.
func (k EventKind) String() string {
	if int(k) < len(eventWords) {
		return eventWords[k]
	}
	return "unknown"
}

// Event is one thing that happened. Seat is -1 when no seat is concerned; Amount is a Score
// (twelfths of a point); To is a bet level in whole points.
type Event struct {
	Kind   EventKind
	Seat   int
	Amount Score
	To     int
}
