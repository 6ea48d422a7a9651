package asnas

import (
	"context"
	"fmt"
	"math"

	rules "github.com/cardavia/cardavia/rules/asnas"
)

// Stats summarizes one player's scores over many deals, in points per deal.
type Stats struct {
	Deals  int
	Mean   float64
	StdDev float64
}

// StdErr is the standard error of the mean.
func (s Stats) StdErr() float64 {
	if s.Deals < 2 {
		return math.Inf(1)
	}
	return s.StdDev / math.Sqrt(float64(s.Deals))
}

// CI95 is the 95 % confidence interval of the mean score per deal (normal approximation, which
// is sound for thousands of deals whose scores lie between -4 and 12).
func (s Stats) CI95() (lo, hi float64) {
	h := 1.959964 * s.StdErr()
	return s.Mean - h, s.Mean + h
}

func (s Stats) String() string {
	lo, hi := s.CI95()
	return fmt.Sprintf("%+.4f points/deal, 95%% CI [%+.4f, %+.4f] over %d deals", s.Mean, lo, hi, s.Deals)
}

// Lineup builds the four players of one deal; hero is the seat the measured player takes. It
// lets a duel give every deal fresh, deterministically seeded players.
type Lineup func(deal int) (hero Decider, others [3]Decider)

// Duel plays deals deals and measures the hero's score per deal. Deal i is shuffled from
// seed+i, the dealer is seat i mod 4 and the hero sits at seat (i/4) mod 4, so over every four
// times four deals the hero meets each dealer position from each seat: no seat or position
// favours it. The others fill the remaining seats in turn order. It stops early, with an error,
// when ctx is cancelled or a player offers an illegal verb.
func Duel(ctx context.Context, lineup Lineup, deals int, seed uint64) (Stats, error) {
	var sum, sumSq float64
	for i := range deals {
		if i%256 == 0 {
			if err := ctx.Err(); err != nil {
				return Stats{}, err
			}
		}
		heroSeat := (i / rules.NumSeats) % rules.NumSeats
		hero, others := lineup(i)
		var seats [rules.NumSeats]Decider
		seats[heroSeat] = hero
		for k := range others {
			seats[(heroSeat+1+k)%rules.NumSeats] = others[k]
		}
		d, err := PlayDeal(rules.NewDeal(seed+uint64(i), i%rules.NumSeats), seats)
		if err != nil {
			return Stats{}, fmt.Errorf("deal %d: %w", i, err)
		}
		x := d.Net()[heroSeat].Float()
		sum += x
		sumSq += x * x
	}
	n := float64(deals)
	mean := sum / n
	variance := 0.0
	if deals > 1 {
		variance = max(0, (sumSq-n*mean*mean)/(n-1))
	}
	return Stats{Deals: deals, Mean: mean, StdDev: math.Sqrt(variance)}, nil
}

// PlayDeal lets the four players play the deal to its end, each deciding from its own view.
func PlayDeal(d rules.Deal, seats [rules.NumSeats]Decider) (rules.Deal, error) {
	d, _, err := Play(d, func(_ rules.Deal, s int) Decider { return seats[s] })
	if err == nil && !d.Over() {
		err = fmt.Errorf("asnas: seat %d has no player", d.ToAct())
	}
	return d, err
}
