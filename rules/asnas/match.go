package asnas

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// DealsPerMatch is the length of a match (RULES.md "Match end").
const DealsPerMatch = 12

// DealResult is the public record of a finished deal. It holds only what every seat may see: the
// hands of a showdown's remaining players, never a folded hand or an uncontested winner's hand.
type DealResult struct {
	DealNo int `json:"deal_no"`
	Dealer int `json:"dealer"`
	// Net are the seats' scores for the deal; they sum to zero.
	Net [NumSeats]Score `json:"net"`
	// Winners are the seats that shared the pot, ascending.
	Winners []int `json:"winners"`
	// Showdown is false when the deal was won uncontested.
	Showdown bool `json:"showdown"`
	// Hands holds the revealed hands; the others are all zero.
	Hands [NumSeats]Hand `json:"hands"`
	// Revealed are the seats shown at the showdown, ascending (none when uncontested).
	Revealed []int `json:"revealed"`
	// Pot, Stakes and Folded are the deal's public betting at its end.
	Pot    int            `json:"pot"`
	Stakes [NumSeats]int  `json:"stakes"`
	Folded [NumSeats]bool `json:"folded"`
}

// Match is a match of twelve deals. Like Deal it is a value: Apply and NextDeal return a new
// Match and never modify the receiver (Results is copied before it grows). It survives a JSON
// round trip, which is how the web store keeps it.
type Match struct {
	// Seed determines the whole match: the first dealer and every deal's shuffle.
	Seed uint64 `json:"seed"`
	// DealNo is the number of the current deal, 1 to DealsPerMatch.
	DealNo int `json:"deal_no"`
	// Deal is the current deal, being played or just finished.
	Deal Deal `json:"deal"`
	// Totals are the seats' scores over the finished deals.
	Totals [NumSeats]Score `json:"totals"`
	// Results are the finished deals, oldest first.
	Results []DealResult `json:"results"`
}

// NewMatch starts a match: the first dealer is drawn from the seed (RULES.md Decision), and the
// first deal is dealt. Restarting a match is simply starting a new one.
func NewMatch(seed uint64) Match {
	dealer := rand.New(rand.NewPCG(seed, dealerStream)).IntN(NumSeats)
	return Match{Seed: seed, DealNo: 1, Deal: newDealFromStream(seed, dealStream, dealer)}
}

// DealOver reports whether the current deal has ended; the table then shows its result and
// waits for NextDeal.
func (m Match) DealOver() bool { return m.Deal.Over() }

// Over reports whether the last deal of the match has ended.
func (m Match) Over() bool { return m.DealNo >= DealsPerMatch && m.Deal.Over() }

// ToAct returns the seat to act, or -1 when the current deal (or the match) is over.
func (m Match) ToAct() int { return m.Deal.ToAct() }

// Apply plays one action in the current deal. When the action ends the deal, its scores are
// added to the totals and its public result is recorded.
func (m Match) Apply(a Action) (Match, []Event, error) {
	if m.Over() {
		return m, nil, ErrMatchOver
	}
	d, events, err := m.Deal.Apply(a)
	if err != nil {
		return m, nil, err
	}
	next := m
	next.Deal = d
	if d.Over() {
		for s, n := range d.Net() {
			next.Totals[s] += n
		}
		// Clip forces append to copy, so the receiver's Results never share the new element.
		next.Results = append(slices.Clip(m.Results), resultOf(m.DealNo, d))
		if next.Over() {
			events = append(events, Event{Kind: EvMatchOver, Seat: -1})
		}
	}
	return next, events, nil
}

// NextDeal starts the next deal; the dealer moves one seat to the right (the next seat in turn
// order). It fails while the current deal is being played and after the last deal.
func (m Match) NextDeal() (Match, []Event, error) {
	switch {
	case m.Over():
		return m, nil, ErrMatchOver
	case !m.Deal.Over():
		return m, nil, ErrDealNotOver
	}
	next := m
	next.DealNo++
	next.Deal = newDealFromStream(m.Seed, uint64(next.DealNo), (m.Deal.Dealer+1)%NumSeats)
	return next, next.Deal.OpeningEvents(), nil
}

// Winners returns the seats with the highest total, ascending; several share the win when they
// tie. It is nil until the match is over.
func (m Match) Winners() []int {
	if !m.Over() {
		return nil
	}
	best := slices.Max(m.Totals[:])
	var w []int
	for s, t := range m.Totals {
		if t == best {
			w = append(w, s)
		}
	}
	return w
}

// resultOf records what everybody may see of a finished deal.
func resultOf(dealNo int, d Deal) DealResult {
	r := DealResult{
		DealNo: dealNo, Dealer: d.Dealer, Net: d.Net(), Winners: d.Winners(),
		Showdown: d.Showdown, Revealed: d.Revealed(), Pot: d.Pot(), Stakes: d.Stakes, Folded: d.Folded,
	}
	for _, s := range r.Revealed {
		r.Hands[s] = d.Hands[s]
	}
	return r
}

// String is a one-line summary for logs.
func (m Match) String() string {
	return fmt.Sprintf("match seed=%d deal=%d/%d dealer=%d toAct=%d totals=%v",
		m.Seed, m.DealNo, DealsPerMatch, m.Deal.Dealer, m.ToAct(), m.Totals)
}
