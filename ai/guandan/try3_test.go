package guandan

import (
	"fmt"
	"testing"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

func TestTryLoss(t *testing.T) {
	shown := 0
	for i := 0; i < 200 && shown < 2; i++ {
		seed := uint64(5000 + i)
		agents := [4]Agent{New(1), NewGreedy(), New(3), NewGreedy()}
		m0 := gd.NewMatch(seed)
		m, err := PlayDeal(m0, agents)
		if err != nil {
			t.Fatal(err)
		}
		if m.Finish[0]%2 == 0 {
			continue
		}
		shown++
		fmt.Println("=== seed", seed)
		for s := 0; s < 4; s++ {
			fmt.Printf("%d %v\n  plan:", s, m0.Hands[s])
			for _, p := range Plan(m0.Hands[s], m0.Level) {
				fmt.Printf(" [%v]", p.Reading)
			}
			fmt.Println()
		}
		m = m0
		for m.Phase() == gd.PhasePlay {
			seat := m.ToAct()
			n, ev, _ := m.Apply(agents[seat].Play(m.View(seat)))
			for _, e := range ev {
				switch e.Kind {
				case gd.EvPlay:
					fmt.Printf("  %d plays %v (%v) [left %d]\n", e.Seat, e.Play.Reading, e.Play.Cards, n.Hands[e.Seat].Len())
				case gd.EvPass:
					fmt.Printf("  %d pass\n", e.Seat)
				case gd.EvTrickWon:
					fmt.Printf("  -- trick %d   counts %d %d %d %d\n", e.Seat, n.Hands[0].Len(), n.Hands[1].Len(), n.Hands[2].Len(), n.Hands[3].Len())
				case gd.EvFinished:
					fmt.Printf("  ** %d finished %d\n", e.Seat, e.Place)
				}
			}
			m = n
		}
	}
}
