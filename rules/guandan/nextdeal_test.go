package guandan

import (
	"errors"
	"reflect"
	"testing"
)

// TestNextDealRefusedMidDeal: the next deal is dealt only once the current deal is over
// (RULES.md: a deal ends when its outcome is fixed; only then do levels change and a new deal
// follow). Asked for in the middle of play or of the returns, it is refused with
// ErrWrongPhase and the match is left exactly as it was.
func TestNextDealRefusedMidDeal(t *testing.T) {
	m := NewMatch(11)
	for step := 0; m.Phase() != PhaseDealOver; step++ {
		before := m
		if _, _, err := m.Apply(Action{Kind: ActNextDeal, Seat: m.ToAct()}); !errors.Is(err, ErrWrongPhase) {
			t.Fatalf("step %d (%v): next deal gave %v, want ErrWrongPhase", step, m.Phase(), err)
		}
		if !reflect.DeepEqual(m, before) {
			t.Fatalf("step %d: a refused next deal changed the match", step)
		}
		v := m.View(m.ToAct())
		var a Action
		if m.Phase() == PhaseReturn {
			a = Action{Kind: ActReturn, Seat: m.ToAct(), Card: Returnable(v.Level, v.Hand).Cards()[0]}
		} else if plays := LegalPlays(v.Hand, v.Level, v.ToBeat()); len(plays) > 0 {
			a = Action{Kind: ActPlay, Seat: m.ToAct(), Cards: plays[0].Cards, Reading: plays[0].Reading}
		} else {
			a = Action{Kind: ActPass, Seat: m.ToAct()}
		}
		var err error
		if m, _, err = m.Apply(a); err != nil {
			t.Fatalf("step %d: %+v: %v", step, a, err)
		}
	}
	if _, _, err := m.Apply(Action{Kind: ActNextDeal}); err != nil {
		t.Fatalf("next deal after the deal's end: %v", err)
	}
}
