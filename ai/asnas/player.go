package asnas

import (
	"fmt"
	"math/rand/v2"
	"slices"

	rules "github.com/cardavia/cardavia/rules/asnas"
)

// Decider is anything that can take a seat: given the seat's view on its turn, it returns one
// of the view's legal verbs.
type Decider interface {
	Decide(v rules.View) rules.Verb
}

// Level is how strong a Player plays, the difficulty a visitor picks.
type Level uint8

// The levels, weakest first.
const (
	// Beginner is a loose, readable player a newcomer can beat: it never bluffs, raises only
	// with a full house or better (or trips while nobody has raised), and calls with any pair.
	Beginner Level = iota + 1
	// Club is the equity heuristic: it raises when its exact share of the pot is clearly above
	// a fair share, calls when the pot odds pay, bluffs and slow-plays now and then.
	Club
	// Master plays the equilibrium strategy solved by CFR+ (see Solve), which no single seat
	// can exploit by more than the exploitability reported in BENCHMARKS.md.
	Master
)

// Levels lists the levels, weakest first.
var Levels = []Level{Beginner, Club, Master}

var levelWords = [...]string{"", "beginner", "club", "master"}

// String returns the level's word, as used in settings and flags.
func (l Level) String() string {
	if int(l) < len(levelWords) && l != 0 {
		return levelWords[l]
	}
	return fmt.Sprintf("Level(%d)", uint8(l))
}

// ParseLevel reads a level word.
func ParseLevel(s string) (Level, bool) {
	for _, l := range Levels {
		if l.String() == s {
			return l, true
		}
	}
	return 0, false
}

// Player is the As-Nas AI at one of the levels. Every level looks at its hand first (looking
// is free and does not end the turn), then bets from its hand and the public view. Strategy
// gives its mixed strategy; Decide samples it with the player's own generator.
//
// A Player owns a generator, so it is not safe for concurrent use; players are cheap to make.
type Player struct {
	level Level
	rng   *rand.Rand
	// RaiseMargin is how far above a fair share (1/players in) the equity must be for Club to
	// raise.
	RaiseMargin float64
	// BluffRate is Club's chance of raising with a weak hand when few players remain.
	BluffRate float64
	// SlowPlayRate is Club's chance of only calling or holding with a hand strong enough to
	// raise.
	SlowPlayRate float64
}

// NewPlayer returns the strongest AI, Master, with its own generator seeded from seed. The web
// rebuilds a player for every decision from the match seed and the position, which keeps games
// replayable.
func NewPlayer(seed uint64) *Player { return NewLevel(Master, seed) }

// NewLevel returns the AI at the level (Master for an unknown level).
//
// Club's defaults were chosen in the arena: a raise margin of 0.15 does about as well as
// smaller ones against the baselines and clearly better against other AI players (who fold weak
// hands to raises), and bluffing or slow-playing a few percent of the time costs little (under
// 0.05 points per deal against the baselines) for not being readable.
func NewLevel(l Level, seed uint64) *Player {
	if !slices.Contains(Levels, l) {
		l = Master
	}
	return &Player{
		level:        l,
		rng:          rand.New(rand.NewPCG(seed, 0x61736e6173)),
		RaiseMargin:  0.15,
		BluffRate:    0.03,
		SlowPlayRate: 0.05,
	}
}

// Level returns the player's level.
func (p *Player) Level() Level { return p.level }

// Strategy returns the probability of each legal verb of the view; they sum to 1. Before the
// player has looked it looks, with probability 1. It is empty when the view offers no verb
// (not this seat's turn).
func (p *Player) Strategy(v rules.View) map[rules.Verb]float64 {
	if len(v.Legal) == 0 {
		return map[rules.Verb]float64{}
	}
	if slices.Contains(v.Legal, rules.Look) {
		// Looking costs nothing and does not end the turn: always know your hand.
		return map[rules.Verb]float64{rules.Look: 1}
	}
	switch p.level {
	case Beginner:
		return beginnerStrategy(v)
	case Club:
		return p.clubStrategy(v)
	}
	if s, ok := masterStrategy(v); ok {
		return s
	}
	// A view the solved tree does not know (none at a real table): play like Club.
	return p.clubStrategy(v)
}

// Decide returns the player's verb for its turn, drawn from Strategy. It returns 0 when the view
// offers no legal verb (it is not this seat's turn), which the engine refuses.
func (p *Player) Decide(v rules.View) rules.Verb {
	s := p.Strategy(v)
	if len(s) == 0 {
		return 0
	}
	u := p.rng.Float64()
	last := rules.Verb(0)
	for _, verb := range v.Legal {
		q, ok := s[verb]
		if !ok || q <= 0 {
			continue
		}
		last = verb
		if u < q {
			return verb
		}
		u -= q
	}
	return last // rounding left u a hair above the sum
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

// clubStrategy is the Club heuristic: the equity against the players still in (see Equity)
// decides a raise, a call by the pot odds, or a fold, with a few bluffs and slow-plays so that
// its bets do not simply print its hand.
func (p *Player) clubStrategy(v rules.View) map[rules.Verb]float64 {
	me := v.Seats[v.Seat]
	s := read(v)
	if !me.Shown || s.opponents == 0 {
		return map[rules.Verb]float64{passive(v.Legal): 1}
	}
	e := Equity(me.Hand, s.opponents, s.raisers)
	fair := 1 / float64(s.opponents+1)
	raise := 0.0
	if s.canRaise {
		// Every extra point that each player in puts in returns e*(players in) to us: a
		// profit when our share is above a fair one. The margin covers opponents who fold
		// their weak hands to a raise and call with strong ones.
		switch {
		case e > fair+p.RaiseMargin:
			raise = 1 - p.SlowPlayRate
		case e < fair && s.opponents <= 2 && s.behind <= 1:
			// A bluff works best against few opponents and late, when nobody left to act
			// can re-raise before the others decide.
			raise = p.BluffRate
		}
	}
	out := map[rules.Verb]float64{}
	if raise > 0 {
		out[rules.Raise] = raise
	}
	if raise < 1 {
		out[clubOtherwise(v, s, e)] += 1 - raise
	}
	return out
}

// clubOtherwise is what Club does when it does not raise: hold when it can, else call when the
// pot odds pay for it, else fold.
func clubOtherwise(v rules.View, s situation, e float64) rules.Verb {
	if s.cost == 0 {
		return rules.Hold
	}
	// Pot odds: calling costs cost and wins e of the pot as it will be. If someone behind may
	// still raise, reckon with half a point more.
	risk := 0.0
	if s.behind > 0 && v.HighBet < rules.MaxBet {
		risk = 0.5
	}
	if e*float64(s.pot+s.cost) >= float64(s.cost)+risk*(1-e) {
		return rules.Call
	}
	return rules.Fold
}

// beginnerStrategy plays by the hand's category alone, the way a newcomer might: raise with a
// full house or better, or with trips while nobody has raised; fold a high card, or a pair
// below Bibi against a raise; call or hold everything else. It never bluffs, so its raises
// can be read.
func beginnerStrategy(v rules.View) map[rules.Verb]float64 {
	me := v.Seats[v.Seat]
	s := read(v)
	if !me.Shown || s.opponents == 0 {
		return map[rules.Verb]float64{passive(v.Legal): 1}
	}
	val := rules.Evaluate(me.Hand)
	cat := val.Category()
	switch {
	case s.canRaise && (cat >= rules.FullHouse || (cat == rules.ThreeOfAKind && s.raisers == 0)):
		return map[rules.Verb]float64{rules.Raise: 1}
	case s.cost > 0 && (cat == rules.HighCard || (cat == rules.Pair && s.raisers > 0 && pairRank(me.Hand) < rules.Bibi)):
		return map[rules.Verb]float64{rules.Fold: 1}
	}
	return map[rules.Verb]float64{passive(v.Legal): 1}
}

// pairRank is the rank of the hand's highest pair (0 if none).
func pairRank(h rules.Hand) rules.Rank {
	c := h.Counts()
	for r := rules.As; r >= rules.Couli; r-- {
		if c[r] >= 2 {
			return r
		}
	}
	return 0
}

// passive calls or holds, whichever is legal.
func passive(legal []rules.Verb) rules.Verb {
	if slices.Contains(legal, rules.Hold) {
		return rules.Hold
	}
	return rules.Call
}

// masterStrategy reads the solved table at the view's node and hand.
func masterStrategy(v rules.View) (map[rules.Verb]float64, bool) {
	me := v.Seats[v.Seat]
	if !me.Shown {
		return nil, false
	}
	t := bettingTree()
	n, ok := t.locate(v)
	if !ok {
		return nil, false
	}
	nd := &t.nodes[n]
	probs := masterTable().at(n, handIndex(me.Hand), len(nd.verbs))
	out := make(map[rules.Verb]float64, len(nd.verbs))
	for a, q := range probs {
		if q > 0 {
			out[nd.verbs[a]] = float64(q) / quantum
		}
	}
	return out, true
}
