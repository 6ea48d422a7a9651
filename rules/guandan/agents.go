package guandan

import (
	"errors"
	"fmt"
)

// Agent is a computer player: it decides from its seat's view only, so it sees exactly what a
// human in its seat would see.
type Agent interface {
	// Play returns ActPlay or ActPass for the seat to act in PhasePlay.
	Play(v View) Action
	// Return returns the card to give back in PhaseReturn.
	Return(v View) Card
}

// maxAgentActions bounds one call of RunAgents: 108 cards take at most 108 plays, at most
// three passes follow each play, and at most two returns precede them, so a deal longer than
// this is a bug in the engine or a player.
const maxAgentActions = 108*4 + 2

// ErrRunaway reports agents that did not stop acting within one deal's worth of actions.
var ErrRunaway = errors.New("guandan: the agents did not end their turns")

// ErrAgentRefused reports an agent's action that Apply refused: the agent is broken. The
// engine's own error is in the message only, not in the chain, so that a caller mapping the
// engine's errors to a visitor's mistakes cannot mistake this one for it.
var ErrAgentRefused = errors.New("guandan: an agent's action was refused")

// Game is what the agents' loop plays on: a Match, or a record of one that keeps every action
// (the web's).
type Game[S any] interface {
	ToAct() int
	Phase() Phase
	View(seat int) View
	Apply(a Action) (S, []Event, error)
}

// RunAgents lets agents act while the match is in PhaseReturn or PhasePlay: for each action it
// asks agent for the player of the seat to act in m, and stops when that is nil (a human's
// turn) or when the deal is over. Each agent gets only its own seat's view. The events of every
// action are appended to *log unless log is nil. It is the one loop the web table and the arena
// share.
func RunAgents[S Game[S]](m S, agent func(m S, seat int) Agent, log *[]Event) (S, error) {
	for range maxAgentActions {
		seat := m.ToAct()
		if seat < 0 {
			return m, nil
		}
		phase := m.Phase()
		if phase != PhaseReturn && phase != PhasePlay {
			return m, nil
		}
		p := agent(m, seat)
		if p == nil {
			return m, nil
		}
		var a Action
		if phase == PhaseReturn {
			a = Action{Kind: ActReturn, Seat: seat, Card: p.Return(m.View(seat))}
		} else {
			a = p.Play(m.View(seat))
			a.Seat = seat
		}
		next, ev, err := m.Apply(a)
		if err != nil {
			return m, fmt.Errorf("%w: seat %d, %+v: %v", ErrAgentRefused, seat, a, err)
		}
		m = next
		if log != nil {
			*log = append(*log, ev...)
		}
	}
	return m, ErrRunaway
}
