package guandan

import (
	"context"
	"errors"
	"fmt"
	"math"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// Agent is a Guandan player the arena can seat: Player, RandomPlayer and GreedyPlayer all are.
type Agent interface {
	// Play returns ActPlay or ActPass for the seat to act in PhasePlay.
	Play(v gd.View) gd.Action
	// Return returns the card to give back in PhaseReturn.
	Return(v gd.View) gd.Card
}

// maxActions bounds one deal: 108 cards take at most 108 plays, at most three passes follow
// each play, and at most two returns precede them, so a deal longer than this is a bug in the
// engine or a player.
const maxActions = 108*4 + 2

// ErrRunaway reports a deal that did not end within maxActions actions.
var ErrRunaway = errors.New("guandan ai: deal did not end")

// PlayDeal lets the agents play m until the deal is over (PhaseDealOver or PhaseMatchOver)
// and returns the match then. Each agent gets only its own seat's view. An action the engine
// refuses is returned as an error: it means a player is broken.
func PlayDeal(m gd.Match, agents [4]Agent) (gd.Match, error) {
	for i := 0; i < maxActions; i++ {
		seat := m.ToAct()
		var a gd.Action
		switch m.Phase() {
		case gd.PhaseReturn:
			a = gd.Action{Kind: gd.ActReturn, Seat: seat, Card: agents[seat].Return(m.View(seat))}
		case gd.PhasePlay:
			a = agents[seat].Play(m.View(seat))
			a.Seat = seat
		default:
			return m, nil
		}
		next, _, err := m.Apply(a)
		if err != nil {
			return m, fmt.Errorf("seat %d action %+v: %w", seat, a, err)
		}
		m = next
	}
	return m, ErrRunaway
}

// Duel is a series of deals between two teams of agents.
type Duel struct {
	// Deals is the number of deals to play; deals come in pairs with the same cards.
	Deals int
	// Seed derives every deal and every agent's seed.
	Seed uint64
	// Us and Them make the agents of the measured team and of its opponents for a seat and a
	// seed.
	Us, Them func(seat int, seed uint64) Agent
}

// Run plays the duel and returns how many deals the Us team won (its player finished first).
// Each pair of deals uses the same cards and first leader with the teams swapped (Us at seats
// 0 and 2, then at 1 and 3), so neither team profits from the luck of the deal. It stops early
// with ctx's error when ctx is cancelled.
func (d Duel) Run(ctx context.Context) (wins int, err error) {
	for i := 0; i < d.Deals; i++ {
		if err := ctx.Err(); err != nil {
			return wins, err
		}
		seed := mix(d.Seed, uint64(i/2))
		usTeam := i % 2
		var agents [4]Agent
		for s := 0; s < 4; s++ {
			// The two teams' agents draw their seeds from different streams, so that even a
			// team of the same players as its opponents does not replay the swapped deal.
			if s%2 == usTeam {
				agents[s] = d.Us(s, mix(seed, uint64(s)+1))
			} else {
				agents[s] = d.Them(s, mix(seed, uint64(s)+101))
			}
		}
		m, err := PlayDeal(gd.NewMatch(seed), agents)
		if err != nil {
			return wins, fmt.Errorf("deal %d (seed %d): %w", i, seed, err)
		}
		v := m.View(0)
		if len(v.Finish) > 0 && v.Finish[0]%2 == usTeam {
			wins++
		}
	}
	return wins, nil
}

// mix derives a seed from a seed and an index (SplitMix64's finalizer), so that neighbouring
// indices give unrelated seeds.
func mix(seed, i uint64) uint64 {
	z := seed + (i+1)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// Wilson returns the 95% Wilson score interval for wins out of n, the confidence interval
// that stays sensible near 0% and 100%, where win rates against weak baselines live.
func Wilson(wins, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	p := float64(wins) / float64(n)
	nn := float64(n)
	den := 1 + z*z/nn
	mid := (p + z*z/(2*nn)) / den
	half := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / den
	return max(0, mid-half), min(1, mid+half)
}
