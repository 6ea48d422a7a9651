package asnas

import (
	"errors"
	"fmt"

	rules "github.com/cardavia/cardavia/rules/asnas"
)

// Game is what the AI loop plays on: a rules Deal or a rules Match.
type Game[S any] interface {
	ToAct() int
	View(seat int) rules.View
	Apply(a rules.Action) (S, []rules.Event, error)
}

// ErrStuck reports AI seats that did not end the deal's betting within the number of actions
// any deal needs: a bug in a player, never in the visitor's input.
var ErrStuck = errors.New("asnas: the AI seats did not end their turns")

// Play lets the AI seats act, each deciding from its own view, until a seat without a player
// (seat returns nil: the human) is to act or the deal is over. It returns the state reached
// and the events of the actions taken. An AI that offers an illegal verb stops the loop with
// an error that names it; the engine's error is described, not wrapped, because it is the
// AI's fault, not a refused move of the visitor's.
//
// The web table and the arena both play through it.
func Play[S Game[S]](g S, seat func(g S, seat int) Decider) (S, []rules.Event, error) {
	var log []rules.Event
	for range rules.MaxHistory + 1 {
		s := g.ToAct()
		if s < 0 {
			return g, log, nil
		}
		p := seat(g, s)
		if p == nil {
			return g, log, nil
		}
		verb := p.Decide(g.View(s))
		next, ev, err := g.Apply(rules.Action{Seat: s, Verb: verb})
		if err != nil {
			return g, log, fmt.Errorf("asnas: the AI at seat %d chose %v: %v", s, verb, err)
		}
		g, log = next, append(log, ev...)
	}
	return g, log, ErrStuck
}
