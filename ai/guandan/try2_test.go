package guandan

import (
	"fmt"
	"testing"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

func TestTryLog(t *testing.T) {
	m := gd.NewMatch(777)
	agents := [4]Agent{New(1), New(2), New(3), New(4)}
	fmt.Println("deal", m.DealNo, "level", m.Level)
	for s := 0; s < 4; s++ {
		fmt.Printf("%d %v\n  plan:", s, m.Hands[s])
		for _, p := range Plan(m.Hands[s], m.Level) {
			fmt.Printf(" [%v]", p.Reading)
		}
		fmt.Println()
	}
	for m.Phase() == gd.PhasePlay {
		seat := m.ToAct()
		a := agents[seat].Play(m.View(seat))
		n, ev, err := m.Apply(a)
		if err != nil {
			t.Fatal(err)
		}
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
