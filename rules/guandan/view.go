package guandan

import "slices"

// SeatView is what everyone may know about one seat.
type SeatView struct {
	// Count is the number of cards the seat holds.
	Count int
	// Passed is true when the seat passed since the last play of the current trick.
	Passed bool
	// Place is the seat's finishing place, 0 while it still plays.
	Place int
	// Team is 0 for seats 0 and 2, 1 for seats 1 and 3.
	Team int
}

// View is what one seat may see of a match: its own hand and the public information, never
// another seat's cards.
type View struct {
	Seat  int
	Hand  Set // only the viewer's own cards
	Seats [4]SeatView
	// Levels are the teams' levels, Level this deal's level rank.
	Levels [2]Rank
	Level  Rank
	DealNo int // 1-based
	Phase  Phase
	ToAct  int
	// Leading is true when ToAct leads a new trick.
	Leading bool
	// Trick holds the plays and passes of the current trick, in order.
	Trick []Event
	// History holds every play and pass of the deal so far, in order (Match.History).
	History History
	// LastPlay is the play to beat and LastSeat who made it (zero Play and -1 when leading).
	LastPlay Play
	LastSeat int
	// Played is every card played so far this deal (public: players may count cards).
	Played Set
	Finish []int
	// Tribute holds this deal's tribute and return events (public).
	Tribute     []Event
	PrevFinish  []int
	MatchWinner int // -1 while the match goes on
	// ReturnTo is, in PhaseReturn, the seat that ToAct gives its return card to; -1 otherwise.
	ReturnTo int
	// Remaining are the cards every seat still held when the deal ended: once it is over
	// (PhaseDealOver, PhaseMatchOver) they are shown to all, as players lay their hands down.
	// Empty while the deal is played.
	Remaining [4]Set
}

// ToBeat is the reading the seat to act must beat, zero when it leads.
func (v View) ToBeat() Reading {
	if v.Leading {
		return Reading{}
	}
	return v.LastPlay.Reading
}

// View returns what the seat may see. Slices are copies, so the view can be kept and changed
// freely.
func (m Match) View(seat int) View {
	v := View{
		Seat: seat, Levels: m.Levels, Level: m.Level, DealNo: m.DealNo, Phase: m.Stage,
		ToAct: m.Turn, Leading: m.Leading(), Trick: slices.Clone(m.Trick), History: m.History,
		LastPlay: m.LastPlay, LastSeat: m.LastSeat, Played: m.Played,
		Finish: slices.Clone(m.Finish), Tribute: slices.Clone(m.TributeLog),
		PrevFinish: slices.Clone(m.PrevFinish), MatchWinner: m.Winner, ReturnTo: -1,
	}
	if m.Stage == PhaseReturn && len(m.Returns) > 0 {
		v.ReturnTo = m.Returns[0].To
	}
	if seat >= 0 && seat < 4 {
		v.Hand = m.Hands[seat]
	}
	if m.Stage == PhaseDealOver || m.Stage == PhaseMatchOver {
		v.Remaining = m.Hands
	}
	for s := 0; s < 4; s++ {
		v.Seats[s] = SeatView{Count: m.Hands[s].Len(), Passed: m.Passed[s], Team: s % 2}
		for i, f := range m.Finish {
			if f == s {
				v.Seats[s].Place = i + 1
			}
		}
	}
	return v
}
