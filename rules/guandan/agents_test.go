package guandan

import (
	"errors"
	"fmt"
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

// TestPhaseAndEventNames pins every phase's and event kind's name: the web shows them as its
// data-phase and data-event hooks, a contract with black-box tests.
func TestPhaseAndEventNames(t *testing.T) {
	phases := map[Phase]string{PhaseReturn: "return", PhasePlay: "play", PhaseDealOver: "dealover", PhaseMatchOver: "matchover"}
	events := map[EventKind]string{
		EvDealt: "dealt", EvTributeCancelled: "cancelled", EvTribute: "tribute", EvReturn: "return",
		EvLead: "lead", EvPlay: "play", EvPass: "pass", EvTrickWon: "trickwon", EvFinished: "finished",
		EvDealOver: "dealover", EvMatchOver: "matchover",
	}
	checkNames(t, phases, PhaseMatchOver, "phase(%d)")
	checkNames(t, events, EvMatchOver, "event(%d)")
}

// checkNames checks String for every value up to a few past last: the names in want, which
// must name every value from 1 to last, and the unnamed format for the others.
func checkNames[K interface {
	~uint8
	String() string
}](t *testing.T, want map[K]string, last K, unnamed string) {
	t.Helper()
	if len(want) != int(last) {
		t.Errorf("%d names for %d values", len(want), last)
	}
	for k := range last + 5 {
		w, ok := want[k]
		if !ok {
			w = fmt.Sprintf(unnamed, k)
		}
		if got := k.String(); got != w {
			t.Errorf("%d is %q, want %q", k, got, w)
		}
	}
}
