package asnas

import (
	"math/rand/v2"
	"slices"

	rules "github.com/cardavia/cardavia/rules/asnas"
)

// Decider is anything that can take a seat: given the seat's view on its turn, it returns one
// of the view's legal verbs.
type Decider interface {
	Decide(v rules.View) rules.Verb
}

// Player is the As-Nas AI. It looks at its hand first, computes its exact share of the pot
// against the players still in (see Equity), and bets from that: it raises when its share is
// clearly above a fair share, calls when the pot odds pay for the call, and otherwise folds,
// with occasional bluffs and slow-plays so that its bets do not simply print its hand.
//
// A Player owns a generator, so it is not safe for concurrent use; players are cheap to make.
type Player struct {
	rng *rand.Rand
	// RaiseMargin is how far above a fair share (1/players in) the equity must be to raise.
	RaiseMargin float64
	// BluffRate is the chance of raising with a weak hand when few players remain.
	BluffRate float64
	// SlowPlayRate is the chance of only calling or holding with a hand strong enough to raise.
	SlowPlayRate float64
}

// NewPlayer returns the AI with its default style and its own generator seeded from seed. The
// web can rebuild a player for every decision from the match seed and the move number, which
// keeps games replayable.
//
// The defaults were chosen in the arena: a raise margin of 0.15 does about as well as smaller
// ones against the baselines and clearly better against other AI players (who fold weak hands
// to raises), and bluffing or slow-playing a few percent of the time costs little (under 0.05
// points per deal against the baselines) for not being readable.
func NewPlayer(seed uint64) *Player {
	return &Player{
		rng:          rand.New(rand.NewPCG(seed, 0x61736e6173)),
		RaiseMargin:  0.15,
		BluffRate:    0.03,
		SlowPlayRate: 0.05,
	}
}

// situation is what the player reads off the view besides its own hand.
type situation struct {
	opponents int // opponents still in the deal
	raisers   int // opponents still in who have raised in this deal
	behind    int // opponents still in who must act again after this turn
	cost      int // points needed to call (0: a hold is possible)
	pot       int
	canRaise  bool
}

func read(v rules.View) situation {
	me := v.Seats[v.Seat]
	s := situation{cost: v.HighBet - me.Stake, pot: v.Pot, canRaise: slices.Contains(v.Legal, rules.Raise)}
	for seat, sv := range v.Seats {
		if seat == v.Seat || sv.Folded {
			continue
		}
		s.opponents++
		if sv.Raises > 0 {
			s.raisers++
		}
		if !sv.Acted {
			s.behind++
		}
	}
	return s
}

// Decide returns the player's verb for its turn. It returns 0 when the view offers no legal
// verb (it is not this seat's turn), which the engine refuses.
func (p *Player) Decide(v rules.View) rules.Verb {
	if len(v.Legal) == 0 {
		return 0
	}
	if slices.Contains(v.Legal, rules.Look) {
		// Looking costs nothing and does not end the turn: always know your hand.
		return rules.Look
	}
	me := v.Seats[v.Seat]
	s := read(v)
	if !me.Shown || s.opponents == 0 {
		return passive(v.Legal)
	}
	e := Equity(me.Hand, s.opponents, s.raisers)
	fair := 1 / float64(s.opponents+1)
	u := p.rng.Float64()

	if s.canRaise {
		// Every extra point that each player in puts in returns e*(players in) to us: a
		// profit when our share is above a fair one. The margin covers opponents who fold
		// their weak hands to a raise and call with strong ones.
		if e > fair+p.RaiseMargin && u >= p.SlowPlayRate {
			return rules.Raise
		}
		// A bluff works best against few opponents and late, when nobody left to act can
		// re-raise before the others decide.
		if e < fair && s.opponents <= 2 && s.behind <= 1 && u < p.BluffRate {
			return rules.Raise
		}
	}
	if s.cost == 0 {
		return rules.Hold
	}
	// Pot odds: calling costs cost and wins e of the pot as it will be. If someone behind
	// may still raise, reckon with half a point more.
	risk := 0.0
	if s.behind > 0 && v.HighBet < rules.MaxBet {
		risk = 0.5
	}
	if e*float64(s.pot+s.cost) >= float64(s.cost)+risk*(1-e) {
		return rules.Call
	}
	return rules.Fold
}

// passive calls or holds, whichever is legal.
func passive(legal []rules.Verb) rules.Verb {
	if slices.Contains(legal, rules.Hold) {
		return rules.Hold
	}
	return rules.Call
}
