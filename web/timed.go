package web

import (
	"context"
	"time"

	aiguandan "github.com/cardavia/cardavia/ai/guandan"
	"github.com/cardavia/cardavia/record"
	"github.com/cardavia/cardavia/rules/asnas"
	gd "github.com/cardavia/cardavia/rules/guandan"
)

// timedAsnas reports each As-Nas AI decision's duration.
type timedAsnas struct {
	ai AsnasAI
	m  *Metrics
}

func (t timedAsnas) Decide(v asnas.View) asnas.Verb {
	start := time.Now()
	defer func() { t.m.AIDecision("asnas", time.Since(start)) }()
	return t.ai.Decide(v)
}

// timedGuandan reports each Guandan AI decision's duration: its plays and its return cards.
// Plan (the human's arrangement) is not a seat's decision.
type timedGuandan struct {
	ai GuandanAI
	m  *Metrics
}

func (t timedGuandan) Play(v gd.View) gd.Action {
	start := time.Now()
	defer func() { t.m.AIDecision("guandan", time.Since(start)) }()
	return t.ai.Play(v)
}

func (t timedGuandan) Return(v gd.View) gd.Card {
	start := time.Now()
	defer func() { t.m.AIDecision("guandan", time.Since(start)) }()
	return t.ai.Return(v)
}

func (t timedGuandan) Plan(hand gd.Set, level gd.Rank) []gd.Play { return t.ai.Plan(hand, level) }

// timedAdvisor is a timed player that can also explain its choice (the hint's reason).
type timedAdvisor struct {
	timedGuandan
	adv aiguandan.Advisor
}

func (t timedAdvisor) Advise(v gd.View) (gd.Action, aiguandan.Reason) { return t.adv.Advise(v) }

// timeGuandan times ai's decisions, keeping its Advise when it has one.
func timeGuandan(ai GuandanAI, m *Metrics) GuandanAI {
	t := timedGuandan{ai, m}
	if a, ok := ai.(aiguandan.Advisor); ok {
		return timedAdvisor{t, a}
	}
	return t
}

// timedTable is t with the time its AI seats take (a deal lets them act too) added to the
// request's AI work in ctx under t's game and level, so that the metrics show what the AI
// costs a request and not only a decision: at Master a move is answered by up to three
// searches, and the end of a deal by tens.
func timedTable[L liveMatch](ctx context.Context, t table[L], level string) table[L] {
	w := aiWorkFrom(ctx)
	if w == nil {
		return t
	}
	playAI, deal := t.playAI, t.deal
	t.playAI = func(ctx context.Context, s *Server, l L, humans seats) error {
		defer w.add(t.game, level, time.Now())
		return playAI(ctx, s, l, humans)
	}
	t.deal = func(ctx context.Context, s *Server, id record.ID, seed uint64, humans seats) (L, error) {
		defer w.add(t.game, level, time.Now())
		return deal(ctx, s, id, seed, humans)
	}
	return t
}
