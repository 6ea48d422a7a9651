package guandan

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestResumeDealsWhatTheMatchDeals: resuming from FirstDeal is NewMatch, and resuming from
// NextDeal at the end of any deal is ActNextDeal, state and events alike, over random matches.
func TestResumeDealsWhatTheMatchDeals(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for i := range 20 {
		seed := rng.Uint64()
		m := NewMatch(seed)
		if got, ev := Resume(FirstDeal(seed)); !reflect.DeepEqual(got, m) || len(ev) == 0 || ev[0].Kind != EvDealt {
			t.Fatalf("match %d: Resume(FirstDeal) differs from NewMatch", i)
		}
		for deals := 0; deals < 6 && m.Phase() != PhaseMatchOver; {
			if m.Phase() == PhaseDealOver {
				start := m.NextDeal()
				next, ev, err := m.Apply(Action{Kind: ActNextDeal, Seat: 0})
				if err != nil {
					t.Fatal(err)
				}
				got, gotEv := Resume(start)
				if !reflect.DeepEqual(got, next) || !reflect.DeepEqual(gotEv, ev) {
					t.Fatalf("match %d deal %d: Resume(NextDeal) differs from ActNextDeal", i, next.DealNo)
				}
				m = next
				deals++
				continue
			}
			m = randomStep(t, rng, m)
		}
	}
}

// randomStep plays one random legal action of the seat to act.
func randomStep(t *testing.T, rng *rand.Rand, m Match) Match {
	t.Helper()
	seat := m.ToAct()
	var a Action
	if m.Phase() == PhaseReturn {
		for _, c := range m.Hands[seat].Cards() {
			if CanReturn(m.Level, m.Hands[seat], c) {
				a = Action{Kind: ActReturn, Seat: seat, Card: c}
				break
			}
		}
	} else {
		plays := m.LegalPlays(seat)
		if !m.Leading() && rng.IntN(3) == 0 || len(plays) == 0 {
			a = Action{Kind: ActPass, Seat: seat}
		} else {
			p := plays[rng.IntN(len(plays))]
			a = Action{Kind: ActPlay, Seat: seat, Cards: p.Cards, Reading: p.Reading}
		}
	}
	next, _, err := m.Apply(a)
	if err != nil {
		t.Fatalf("%+v: %v", a, err)
	}
	return next
}
