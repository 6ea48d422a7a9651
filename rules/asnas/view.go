package asnas

import "slices"

// SeatView is what the viewer knows about one seat.
type SeatView struct {
	// Stake is what the seat has put in the pot.
	Stake int
	// Looked tells whether the seat has looked at its hand (everybody sees a player look).
	Looked bool
	// Folded tells whether the seat has left the deal.
	Folded bool
	// Acted tells whether the seat has acted since the last raise (public: everybody saw it).
	Acted bool
	// Raises counts the seat's raises in this deal.
	Raises int
	// Hand is all zero unless the viewer may see it: the viewer's own hand after Look, or a hand
	// revealed at the showdown.
	Hand Hand
	// Shown tells whether Hand is visible to the viewer.
	Shown bool
	// Category is the shown hand's category (zero when not Shown).
	Category Category
}

// View is everything one seat may know: the public state of the match and of the deal, and the
// hands that seat may see. AI players decide from a View and the web renders one; neither ever
// holds the engine state, so hidden cards cannot leak.
type View struct {
	Seat     int
	DealNo   int  // 1..12 (0 for a lone Deal's view)
	DealOver bool // the current deal has ended; Seats[].Hand shows revealed hands
	Dealer   int
	ToAct    int // -1 when the deal is over
	Pot      int
	HighBet  int
	Seats    [NumSeats]SeatView
	Legal    []Verb // the viewer's legal verbs now
	// History is the deal's public record: every seat's actions in order, looks included
	// (everybody sees a player look, never what they saw).
	History []Action
	Totals  [NumSeats]Score
	Results []DealResult // finished deals, oldest first (only revealed hands inside)
	Over    bool
	Winners []int // match winners when Over
}

// View returns what the seat may see of the match. A seat out of range gets a spectator's view
// (no private hand at all).
func (m Match) View(seat int) View {
	v := m.Deal.View(seat)
	v.DealNo = m.DealNo
	v.Totals = m.Totals
	v.Over = m.Over()
	v.Winners = m.Winners()
	// Copies, so a caller that changes its view cannot change the match.
	v.Results = make([]DealResult, len(m.Results))
	for i, r := range m.Results {
		r.Winners = slices.Clone(r.Winners)
		r.Revealed = slices.Clone(r.Revealed)
		v.Results[i] = r
	}
	return v
}

// View returns what the seat may see of this deal alone.
func (d Deal) View(seat int) View {
	v := View{
		Seat: seat, DealOver: d.Over(), Dealer: d.Dealer, ToAct: d.Turn,
		Pot: d.Pot(), HighBet: d.HighBet, Legal: d.Legal(seat), History: d.History.Actions(),
	}
	revealed := d.Revealed()
	for s := range NumSeats {
		sv := SeatView{
			Stake: d.Stakes[s], Looked: d.Looked[s], Folded: d.Folded[s],
			Acted: d.Acted[s], Raises: d.Raises[s],
		}
		if (s == seat && d.Looked[s]) || slices.Contains(revealed, s) {
			sv.Hand, sv.Shown, sv.Category = d.Hands[s], true, Evaluate(d.Hands[s]).Category()
		}
		v.Seats[s] = sv
	}
	return v
}

// Me returns the viewer's own seat.
func (v View) Me() SeatView { return v.Seats[v.Seat] }
