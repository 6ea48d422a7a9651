package guandan

import (
	"testing"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// fuzzMaster searches from the deal's first move on a small budget, so that every decision of
// a fuzzed deal goes through the search (leads, follows, bombs, the race), not only the last.
var fuzzMaster = Options{Samples: 16, Budget: 40000, Near: 27, Candidates: 4, Margin: 1, Tries: 4, Race: 1, Read: 1}

// FuzzAgents seats any of the package's players as the input picks and plays up to three deals
// of a match, tribute and returns included, checking what every table relies on: the engine
// accepts every move and every return card of every player (RunAgents fails otherwise); every
// deal ends; a Master's hint is the very move it then plays; and a Club player asked for a hint
// before each of its moves plays as its twin that never was.
func FuzzAgents(f *testing.F) {
	f.Add(uint64(1), uint16(0x2222), uint8(2)) // four Masters
	f.Add(uint64(2), uint16(0x0120), uint8(2)) // Club, Master, Beginner, Club
	f.Add(uint64(3), uint16(0x4343), uint8(1)) // two Rushers against two Keepers
	f.Add(uint64(4), uint16(0x6425), uint8(2)) // greedy and Keeper against Master and random
	f.Add(uint64(5), uint16(0x0000), uint8(2)) // four Club players
	f.Fuzz(func(t *testing.T, seed uint64, seating uint16, deals uint8) {
		var agents [4]gd.Agent
		for s := range agents {
			agents[s] = fuzzAgent(int(seating>>(4*s))&15, gd.Mix(seed, uint64(s)), t)
		}
		m := gd.NewMatch(seed)
		for d := 0; d <= int(deals%3) && m.Phase() != gd.PhaseMatchOver; d++ {
			var err error
			if m, err = gd.RunAgents(m, func(_ gd.Match, seat int) gd.Agent { return agents[seat] }, nil); err != nil {
				t.Fatalf("deal %d: %v", d, err)
			}
			switch m.Phase() {
			case gd.PhaseDealOver:
				if m, _, err = m.Apply(gd.Action{Kind: gd.ActNextDeal}); err != nil {
					t.Fatalf("next deal after deal %d: %v", d, err)
				}
			case gd.PhaseMatchOver:
			default:
				t.Fatalf("deal %d stopped in phase %v with seat %d to act", d, m.Phase(), m.ToAct())
			}
		}
	})
}

// fuzzAgent is player kind k (of 16, folded onto the seven the package has).
func fuzzAgent(k int, seed uint64, t *testing.T) gd.Agent {
	switch k % 7 {
	case 1:
		return NewAgent(LevelBeginner, seed)
	case 2:
		return hintedMaster{NewMaster(seed, fuzzMaster), t}
	case 3:
		return Rusher{}
	case 4:
		return Keeper{}
	case 5:
		return GreedyPlayer{}
	case 6:
		return NewRandom(seed)
	}
	return &hintedClub{asked: New(seed), twin: New(seed), t: t}
}

// hintedMaster asks its Master for a hint before every move and fails when the move differs.
type hintedMaster struct {
	*Master
	t *testing.T
}

func (h hintedMaster) Play(v gd.View) gd.Action {
	hint, _ := h.Master.Advise(v)
	a := h.Master.Play(v)
	if describe(hint) != describe(a) {
		h.t.Fatalf("Master's hint %s, its move %s", describe(hint), describe(a))
	}
	return a
}

// hintedClub plays a Club player that is asked for a hint before each move beside a twin of
// the same seed that never is, and fails when their moves differ.
type hintedClub struct {
	asked, twin *Player
	t           *testing.T
}

func (h *hintedClub) Play(v gd.View) gd.Action {
	h.asked.Advise(v)
	a, b := h.asked.Play(v), h.twin.Play(v)
	if describe(a) != describe(b) {
		h.t.Fatalf("after a hint the Club player plays %s, its twin %s", describe(a), describe(b))
	}
	return a
}

func (h *hintedClub) Return(v gd.View) gd.Card { return h.asked.Return(v) }
