package guandan

import (
	"errors"
	"testing"
)

// passer passes whenever it may and otherwise leads its first legal play.
type passer struct{}

func (passer) Play(v View) Action {
	if !v.Leading {
		return Action{Kind: ActPass}
	}
	p := LegalPlays(v.Hand, v.Level, Reading{})[0]
	return Action{Kind: ActPlay, Cards: p.Cards, Reading: p.Reading}
}

func (passer) Return(v View) Card { return Returnable(v.Level, v.Hand).Cards()[0] }

// cheater plays a card it does not hold.
type cheater struct{ passer }

func (cheater) Play(v View) Action {
	c := FullDeck().Minus(v.Hand).Cards()[0]
	var s Set
	s.Add(c)
	return Action{Kind: ActPlay, Cards: s}
}

func TestRunAgentsStopsAtTheHuman(t *testing.T) {
	m := NewMatch(3)
	var log []Event
	got, err := RunAgents(m, func(_ Match, seat int) Agent {
		if seat == 0 {
			return nil
		}
		return passer{}
	}, &log)
	if err != nil {
		t.Fatal(err)
	}
	if got.ToAct() != 0 || got.Phase() != PhasePlay {
		t.Errorf("stopped with seat %d to act in %v, want seat 0 in play", got.ToAct(), got.Phase())
	}
	if m.ToAct() != 0 && len(log) == 0 {
		t.Error("the AI seats acted but nothing was logged")
	}
}

func TestRunAgentsPlaysADealToItsEnd(t *testing.T) {
	m, err := RunAgents(NewMatch(4), func(Match, int) Agent { return passer{} }, nil)
	if err != nil {
		t.Fatal(err)
	}
	if m.Phase() != PhaseDealOver || len(m.Finish) < 2 {
		t.Errorf("phase %v, finish %v: the deal did not end", m.Phase(), m.Finish)
	}
}

func TestRunAgentsReportsARefusedAgent(t *testing.T) {
	m := NewMatch(5)
	_, err := RunAgents(m, func(Match, int) Agent { return cheater{} }, nil)
	if !errors.Is(err, ErrAgentRefused) || errors.Is(err, ErrNotInHand) {
		t.Errorf("err = %v, want ErrAgentRefused without the engine's error in the chain", err)
	}
}

func TestPhaseAndEventNames(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{PhasePlay.String(), "play"}, {PhaseMatchOver.String(), "match-over"}, {Phase(9).String(), "phase(9)"},
		{EvTrickWon.String(), "trick-won"}, {EvMatchOver.String(), "match-over"}, {EventKind(0).String(), "event(0)"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
