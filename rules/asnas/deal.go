package asnas

import (
	"fmt"
	"math/rand/v2"
)

// Deal is one deal of As-Nas: the four hands and the single betting round played over them.
//
// A Deal is a value made only of fixed-size arrays and scalars, so copying it copies all of it:
// Apply works on its own copy and can never change the receiver. All fields are exported so that
// the deal survives a JSON round trip; change them only through Apply.
type Deal struct {
	// Seed is the seed the pack was shuffled from (0 for a deal built with DealWithHands). With
	// the actions taken, it replays the deal.
	Seed uint64 `json:"seed"`
	// Dealer is the seat that opened with a bet of one point.
	Dealer int `json:"dealer"`
	// Hands are the four hands, by seat. Only views decide who may see them.
	Hands [NumSeats]Hand `json:"hands"`
	// Stakes are the points each seat has put in the pot, 0 to MaxBet.
	Stakes [NumSeats]int `json:"stakes"`
	// Looked records which seats have looked at their hands (a second look is refused).
	Looked [NumSeats]bool `json:"looked"`
	// Folded records which seats have left the deal.
	Folded [NumSeats]bool `json:"folded"`
	// Acted records which seats have called, held, raised or folded since the last raise; the
	// betting ends when every remaining seat has. The dealer's opening bet is not an action.
	Acted [NumSeats]bool `json:"acted"`
	// Raises counts each seat's raises in this deal: public information that players use to
	// judge each other.
	Raises [NumSeats]int `json:"raises"`
	// HighBet is the highest bet, 1 to MaxBet.
	HighBet int `json:"high_bet"`
	// Turn is the seat to act, or -1 once the deal is over.
	Turn int `json:"turn"`
	// Showdown is true when the deal ended with two or more hands compared (and so revealed).
	Showdown bool `json:"showdown"`
	// Won records the seats that share the pot, once the deal is over.
	Won [NumSeats]bool `json:"won"`
	// NetScores are the deal's scores once it is over (zero before).
	NetScores [NumSeats]Score `json:"net"`
	// History is every action accepted so far, looks included, in order.
	History History `json:"history"`
}

// Generator streams of a seed: a match draws its first dealer from stream 0 and shuffles deal n
// (1 to 12) from stream n, so NewDeal, which uses stream 1, deals what the first deal of a
// match from the same seed would deal.
const (
	dealerStream = 0
	dealStream   = 1
)

// NewDeal shuffles the pack uniformly from the seed (Fisher–Yates on a PCG generator seeded
// from it) and deals it: card i of the shuffled pack goes to seat (dealer+1+i) mod 4, the
// RULES.md Decision. The dealer has opened with one point and the seat on the dealer's right is
// to act.
func NewDeal(seed uint64, dealer int) Deal {
	return newDealFromStream(seed, dealStream, dealer)
}

func newDealFromStream(seed, stream uint64, dealer int) Deal {
	d := DealWithHands(dealer, dealPack(shuffledPack(seed, stream), dealer))
	d.Seed = seed
	return d
}

// shuffledPack shuffles the pack with Fisher–Yates: every position, from the last down, swaps
// with a uniformly chosen position at or below it, which makes all orders equally likely.
func shuffledPack(seed, stream uint64) [PackSize]Rank {
	rng := rand.New(rand.NewPCG(seed, stream))
	pack := orderedPack()
	for i := len(pack) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		pack[i], pack[j] = pack[j], pack[i]
	}
	return pack
}

// orderedPack returns the 20 cards, four copies of each rank, lowest first.
func orderedPack() [PackSize]Rank {
	var p [PackSize]Rank
	for i := range p {
		p[i] = Rank(i/CopiesPerRank) + Couli
	}
	return p
}

// dealPack hands out a shuffled pack one card at a time, starting with the dealer's right and
// going in turn order.
func dealPack(pack [PackSize]Rank, dealer int) [NumSeats]Hand {
	var hands [NumSeats]Hand
	for i, r := range pack {
		hands[(dealer+1+i)%NumSeats][i/NumSeats] = r
	}
	return hands
}

// DealWithHands starts a deal over the given hands, for tests, conformance cases and replays.
// The hands are taken as they are; the caller vouches that they come from one pack.
func DealWithHands(dealer int, hands [NumSeats]Hand) Deal {
	dealer = ((dealer % NumSeats) + NumSeats) % NumSeats
	d := Deal{Dealer: dealer, Hands: hands, HighBet: 1, Turn: (dealer + 1) % NumSeats}
	d.Stakes[dealer] = 1
	return d
}

// OpeningEvents are the events of starting the deal: the cards are dealt and the dealer bets 1.
func (d Deal) OpeningEvents() []Event {
	return []Event{
		{Kind: EvDealt, Seat: d.Dealer},
		{Kind: EvOpened, Seat: d.Dealer, Amount: ScoreUnit, To: 1},
	}
}

// Over reports whether the deal has ended.
func (d Deal) Over() bool { return d.Turn < 0 }

// ToAct returns the seat to act, or -1 when the deal is over.
func (d Deal) ToAct() int { return d.Turn }

// Pot returns the sum of all stakes, folded ones included.
func (d Deal) Pot() int {
	p := 0
	for _, s := range d.Stakes {
		p += s
	}
	return p
}

// Net returns the deal's scores: payout minus stake for each seat. It is all zero until the deal
// is over.
func (d Deal) Net() [NumSeats]Score { return d.NetScores }

// Winners returns the seats that share the pot, ascending (nil while the deal is being played).
func (d Deal) Winners() []int {
	var w []int
	for s, won := range d.Won {
		if won {
			w = append(w, s)
		}
	}
	return w
}

// Revealed returns the seats whose hands are shown at the end, ascending: the remaining seats of
// a showdown. Folded hands and a hand that won uncontested are never shown.
func (d Deal) Revealed() []int {
	if !d.Over() || !d.Showdown {
		return nil
	}
	var r []int
	for s, f := range d.Folded {
		if !f {
			r = append(r, s)
		}
	}
	return r
}

// Legal returns exactly the verbs the seat may use now, in Verb order; it is empty when it is not
// the seat's turn.
func (d Deal) Legal(seat int) []Verb {
	if d.Over() || seat != d.Turn {
		return nil
	}
	v := make([]Verb, 0, 4)
	if !d.Looked[seat] {
		v = append(v, Look)
	}
	if d.Stakes[seat] < d.HighBet {
		v = append(v, Call)
	} else {
		v = append(v, Hold)
	}
	if d.HighBet < MaxBet {
		v = append(v, Raise)
	}
	return append(v, Fold)
}

// Apply plays one action and returns the next deal and what happened. An illegal action returns
// an error (wrapping one of the named errors) and the receiver unchanged; the receiver is never
// modified in any case.
func (d Deal) Apply(a Action) (Deal, []Event, error) {
	s := a.Seat
	switch {
	case s < 0 || s >= NumSeats:
		return d, nil, fmt.Errorf("%w: %d", ErrBadSeat, s)
	case d.Over():
		return d, nil, ErrOver
	case s != d.Turn:
		return d, nil, fmt.Errorf("%w: seat %d acted, seat %d is to act", ErrNotYourTurn, s, d.Turn)
	}
	next := d // a full copy: Deal holds no slices, maps or pointers
	var ev Event
	switch a.Verb {
	case Look:
		if d.Looked[s] {
			return d, nil, fmt.Errorf("%w: seat %d", ErrAlreadyLooked, s)
		}
		next.Looked[s] = true
		next.History = d.History.with(a)
		// Looking does not end the turn.
		return next, []Event{{Kind: EvLooked, Seat: s}}, nil
	case Call:
		if d.Stakes[s] >= d.HighBet {
			return d, nil, fmt.Errorf("%w: seat %d has nothing to call", ErrIllegal, s)
		}
		ev = Event{Kind: EvCalled, Seat: s, Amount: Points(d.HighBet - d.Stakes[s]), To: d.HighBet}
		next.Stakes[s] = d.HighBet
	case Hold:
		if d.Stakes[s] != d.HighBet {
			return d, nil, fmt.Errorf("%w: seat %d must call or fold, not hold", ErrIllegal, s)
		}
		ev = Event{Kind: EvHeld, Seat: s, To: d.HighBet}
	case Raise:
		if d.HighBet >= MaxBet {
			return d, nil, fmt.Errorf("%w: the bet is already %d", ErrIllegal, MaxBet)
		}
		next.HighBet++
		ev = Event{Kind: EvRaised, Seat: s, Amount: Points(next.HighBet - d.Stakes[s]), To: next.HighBet}
		next.Stakes[s] = next.HighBet
		next.Raises[s]++
		// A raise obliges every other remaining player to act again.
		next.Acted = [NumSeats]bool{}
	case Fold:
		ev = Event{Kind: EvFolded, Seat: s}
		next.Folded[s] = true
	default:
		return d, nil, fmt.Errorf("%w: unknown verb %d", ErrIllegal, a.Verb)
	}
	next.Acted[s] = true
	next.History = d.History.with(a)
	events := []Event{ev}
	return next.advance(events)
}

// advance ends the deal if the betting is over, or passes the turn to the next remaining seat.
func (d Deal) advance(events []Event) (Deal, []Event, error) {
	remaining, last := 0, -1
	allActed := true
	for s := range NumSeats {
		if d.Folded[s] {
			continue
		}
		remaining++
		last = s
		if !d.Acted[s] {
			allActed = false
		}
	}
	switch {
	case remaining == 1:
		d.Won[last] = true
		events = append(events, Event{Kind: EvUncontested, Seat: last, Amount: Points(d.Pot())})
		return d.settle(events)
	case allActed:
		// Every remaining player acted since the last raise; each of those actions (call,
		// hold, raise) left the stake equal to the highest bet, so the betting is over.
		d.Showdown = true
		events = append(events, Event{Kind: EvShowdown, Seat: -1})
		best := Value(0)
		for s := range NumSeats {
			if !d.Folded[s] {
				best = max(best, Evaluate(d.Hands[s]))
			}
		}
		for s := range NumSeats {
			d.Won[s] = !d.Folded[s] && Evaluate(d.Hands[s]) == best
		}
		return d.settle(events)
	}
	for i := 1; i <= NumSeats; i++ {
		if s := (d.Turn + i) % NumSeats; !d.Folded[s] {
			d.Turn = s
			break
		}
	}
	return d, events, nil
}

// settle splits the pot equally among the winners, exactly, and ends the deal.
func (d Deal) settle(events []Event) (Deal, []Event, error) {
	winners := 0
	for _, w := range d.Won {
		if w {
			winners++
		}
	}
	share := splitPot(d.Pot(), winners)
	for s := range NumSeats {
		d.NetScores[s] = -Points(d.Stakes[s])
		if d.Won[s] {
			d.NetScores[s] += share
			events = append(events, Event{Kind: EvWon, Seat: s, Amount: share})
		}
	}
	d.Turn = -1
	events = append(events, Event{Kind: EvDealOver, Seat: -1})
	return d, events, nil
}

// splitPot returns one winner's share of a pot of pot points split equally among ways winners.
// It is exact because a Score counts twelfths and 12 is divisible by 1, 2, 3 and 4, the only
// possible numbers of winners.
func splitPot(pot, ways int) Score {
	return Points(pot) / Score(ways)
}
