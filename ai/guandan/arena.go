package guandan

import (
	"context"
	"fmt"
	"math"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// Agent is a Guandan player the arena can seat: Player, Master, RandomPlayer and
// GreedyPlayer all are. It is the engine's Agent, so the web table seats the same players.
type Agent = gd.Agent

// ErrRunaway reports a deal that did not end within one deal's worth of actions.
var ErrRunaway = gd.ErrRunaway

// PlayDeal lets the agents play m until the deal is over (PhaseDealOver or PhaseMatchOver)
// and returns the match then, through the engine's loop gd.RunAgents. An action the engine
// refuses is returned as an error: it means a player is broken.
func PlayDeal(m gd.Match, agents [4]Agent) (gd.Match, error) {
	return gd.RunAgents(m, func(_ gd.Match, seat int) gd.Agent { return agents[seat] }, nil)
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
		seed, usTeam, agents := d.seat(i)
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

// seat is game i of the duel: its seed (the same for the pair of games i/2, with the teams'
// seats swapped), the Us team, and the four agents.
func (d Duel) seat(i int) (seed uint64, usTeam int, agents [4]Agent) {
	seed = gd.Mix(d.Seed, uint64(i/2))
	usTeam = i % 2
	for s := 0; s < 4; s++ {
		// The two teams' agents draw their seeds from different streams, so that even a
		// team of the same players as its opponents does not replay the swapped deal.
		if s%2 == usTeam {
			agents[s] = d.Us(s, gd.Mix(seed, uint64(s)+1))
		} else {
			agents[s] = d.Them(s, gd.Mix(seed, uint64(s)+101))
		}
	}
	return seed, usTeam, agents
}

// maxMatchDeals bounds a whole match: a team that wins a deal goes up at least one level, so
// some team reaches A within 25 deals, but a team at A may win deals without winning the match
// for a while; a match this long is a bug.
const maxMatchDeals = 500

// RunMatches plays whole matches, from both teams at 2 to a team winning at A, with tribute
// and returns, instead of single deals: Deals counts matches here, paired with the teams'
// seats swapped as in Run. It returns the matches the Us team won and the deals played.
func (d Duel) RunMatches(ctx context.Context) (wins, deals int, err error) {
	for i := 0; i < d.Deals; i++ {
		seed, usTeam, agents := d.seat(i)
		m := gd.NewMatch(seed)
		for m.Phase() != gd.PhaseMatchOver {
			if err := ctx.Err(); err != nil {
				return wins, deals, err
			}
			if deals++; deals > maxMatchDeals*(i+1) {
				return wins, deals, fmt.Errorf("match %d (seed %d): no winner after %d deals", i, seed, maxMatchDeals)
			}
			if m, err = PlayDeal(m, agents); err != nil {
				return wins, deals, fmt.Errorf("match %d (seed %d): %w", i, seed, err)
			}
			if m.Phase() == gd.PhaseDealOver {
				if m, _, err = m.Apply(gd.Action{Kind: gd.ActNextDeal}); err != nil {
					return wins, deals, err
				}
			}
		}
		if m.Winner == usTeam {
			wins++
		}
	}
	return wins, deals, nil
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
