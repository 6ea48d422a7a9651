package guandan

import (
	"math/rand/v2"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// Player is the planning Guandan AI. It plans its hand (Plan), leads from the plan, follows
// with the play that hurts the plan least, leaves tricks to a winning partner, bombs when an
// opponent is close to going out, feeds a partner who is, and counts cards to know its bosses.
// It decides from a view only. A Player is not safe for concurrent use.
type Player struct {
	// rng breaks ties between equally good plays, so the AI is not predictable, while a seed
	// still replays every game.
	rng  *rand.Rand
	seed uint64
}

// New returns a Player whose tie-breaking follows seed.
func New(seed uint64) *Player {
	return &Player{rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), seed: seed}
}

// Play returns the player's action in PhasePlay: ActPlay with cards and reading, or ActPass.
func (p *Player) Play(v gd.View) gd.Action {
	return decide(v, defaultStyle, p.rng)
}

// Hint returns the play the AI would make in the seat of v, without using up the player's
// random stream, so asking for a hint never changes what the AI players do later.
func (p *Player) Hint(v gd.View) gd.Action {
	return decide(v, defaultStyle, rand.New(rand.NewPCG(p.seed, v.Hand[0]^v.Hand[1]^v.Played[0]^v.Played[1])))
}

// Plan splits hand into plays at this level; see the package function Plan.
func (p *Player) Plan(hand gd.Set, level gd.Rank) []gd.Play {
	return Plan(hand, level)
}

// Return chooses the card to give back in PhaseReturn: among the cards the rules allow
// (gd.CanReturn), the one whose loss leaves the best plan, the weakest on a tie.
func (p *Player) Return(v gd.View) gd.Card {
	e := newEvaluator(v.Level, gd.FullDeck().Minus(v.Hand).Minus(v.Played))
	defer e.release()
	best, bestScore := gd.Card(0), -1e18
	found := false
	seen := map[[2]uint8]bool{}
	for _, c := range v.Hand.Cards() {
		face := [2]uint8{uint8(c.Rank()), uint8(c.Suit())}
		if seen[face] || !gd.CanReturn(v.Level, v.Hand, c) {
			continue
		}
		seen[face] = true
		var one gd.Set
		one.Add(c)
		s := e.score(newTally(v.Hand.Minus(one), v.Level)) - 0.001*float64(gd.Strength(c.Rank(), v.Level))
		if !found || s > bestScore {
			best, bestScore, found = c, s, true
		}
	}
	return best
}

// Advise is the planner's choice in the seat of v (as Hint) with the reason for it.
func (p *Player) Advise(v gd.View) (gd.Action, Reason) {
	a := p.Hint(v)
	return a, explain(v, a, false)
}
