package asnas

import (
	"errors"
	"testing"

	rules "github.com/cardavia/cardavia/rules/asnas"
)

// TestPlayStopsAtTheHuman: the loop lets the AI seats act and hands the turn back at the seat
// without a player, with the events of what the AI did.
func TestPlayStopsAtTheHuman(t *testing.T) {
	for seed := range uint64(200) {
		m := rules.NewMatch(seed)
		next, ev, err := Play(m, func(_ rules.Match, s int) Decider {
			if s == 0 {
				return nil
			}
			return NewLevel(Club, seed)
		})
		if err != nil {
			t.Fatal(err)
		}
		if !next.DealOver() && next.ToAct() != 0 {
			t.Fatalf("seed %d: the loop stopped with seat %d to act", seed, next.ToAct())
		}
		acted := 0
		for _, a := range next.Deal.History.Actions() {
			if a.Seat == 0 {
				t.Fatalf("seed %d: the loop acted for the human: %v", seed, a)
			}
			acted++
		}
		if (acted == 0) != (len(ev) == 0) {
			t.Fatalf("seed %d: %d actions but %d events", seed, acted, len(ev))
		}
	}
}

// refusing always offers a verb the engine refuses.
type refusing struct{}

func (refusing) Decide(rules.View) rules.Verb { return rules.Hold + 40 }

// TestPlayReportsAnIllegalAI: an AI that offers an illegal verb stops the loop with an error
// that does not pass for the engine's own refusal (it is a bug, not a refused move).
func TestPlayReportsAnIllegalAI(t *testing.T) {
	d := rules.NewDeal(1, 0)
	got, _, err := Play(d, func(rules.Deal, int) Decider { return refusing{} })
	if err == nil || errors.Is(err, rules.ErrIllegal) || got != d {
		t.Errorf("illegal AI: %v, state changed %v", err, got != d)
	}
}

// endless is a game whose turn never ends.
type endless struct{ steps int }

func (endless) ToAct() int          { return 1 }
func (endless) View(int) rules.View { return rules.View{Legal: []rules.Verb{rules.Hold}} }
func (e endless) Apply(rules.Action) (endless, []rules.Event, error) {
	e.steps++
	return e, nil, nil
}

func TestPlayGivesUpOnAnEndlessTurn(t *testing.T) {
	got, _, err := Play(endless{}, func(endless, int) Decider { return AlwaysCall{} })
	if !errors.Is(err, ErrStuck) || got.steps != rules.MaxHistory+1 {
		t.Errorf("endless: %v after %d steps", err, got.steps)
	}
}
