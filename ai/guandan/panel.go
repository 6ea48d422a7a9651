package guandan

import (
	gd "github.com/cardavia/cardavia/rules/guandan"
)

// The panel: Master is measured against players that play differently from the planner it
// searches with, since against Club its rollouts' policy is its opponents' own, the one case
// where searching gains least. Besides greedy, Beginner and Club, two rule players play as
// two common descriptions of Guandan players and of simple competition bots have it:
//
//   - Rusher is the player who races to go out: it leads the weakest play of its hand's
//     split (the small cards first, while the others still hold big ones), answers every
//     opponent's play it can beat with the cheapest play that does (breaking a pair or a
//     straight if it must), and bombs as soon as an opponent's play beats everything else
//     it holds, so as never to give up a lead.
//   - Keeper is the player who keeps the hand together: it follows only with a whole play of
//     its split, never a broken one, keeps its bosses and bombs for when an opponent is close
//     to going out, leads its longest plays first (a straight or a full house few can
//     answer) and cashes its bosses once at most one play is left that could lose. It passes
//     far more than Club.
//
// Both leave a trick the partner holds alone unless they can go out on it, as every player
// learns first, and neither uses randomness.

// Rusher is the racing rule player of the panel (see above).
type Rusher struct{}

// Keeper is the hand-keeping rule player of the panel (see above).
type Keeper struct{}

// keeperAlert is how few cards an opponent must hold for Keeper to spend a boss on a follow;
// keeperBomb, for a bomb.
const (
	keeperAlert = 6
	keeperBomb  = 4
)

// Play makes Rusher's choice.
func (Rusher) Play(v gd.View) gd.Action {
	if a, ok := goOut(v); ok {
		return a
	}
	t := newTable(v, defaultStyle)
	defer t.e.release()
	if v.Leading || v.LastPlay.Reading.IsZero() {
		steps := t.e.steps(v.Hand)
		best := -1
		for i, s := range steps {
			if best < 0 || greedyLess(s.play, steps[best].play, v.Level) {
				best = i
			}
		}
		return playAction(v.Seat, steps[best].play)
	}
	if v.LastSeat == t.partner {
		return gd.Action{Kind: gd.ActPass, Seat: v.Seat}
	}
	// The cheapest play that beats, a bomb only when nothing else does: GreedyPlayer's rule.
	return GreedyPlayer{}.Play(v)
}

// Return gives back the weakest card the rules allow.
func (Rusher) Return(v gd.View) gd.Card { return GreedyPlayer{}.Return(v) }

// Play makes Keeper's choice.
func (Keeper) Play(v gd.View) gd.Action {
	if a, ok := goOut(v); ok {
		return a
	}
	t := newTable(v, defaultStyle)
	defer t.e.release()
	steps := t.e.steps(v.Hand)
	if v.Leading || v.LastPlay.Reading.IsZero() {
		return playAction(v.Seat, keeperLead(t, steps))
	}
	pass := gd.Action{Kind: gd.ActPass, Seat: v.Seat}
	if v.LastSeat == t.partner {
		return pass
	}
	prev := v.LastPlay.Reading
	best := -1
	for i, s := range steps {
		if !s.play.Reading.Beats(prev, v.Level) || !keeperMay(t, s, steps) {
			continue
		}
		if best < 0 || greedyLess(s.play, steps[best].play, v.Level) {
			best = i
		}
	}
	if best < 0 {
		return pass
	}
	return playAction(v.Seat, steps[best].play)
}

// keeperMay reports whether Keeper spends the play s of its split steps on a follow: an
// ordinary play that is no boss always; a boss once an opponent holds keeperAlert cards or
// fewer; a bomb once one holds keeperBomb or fewer, or when the rest of the hand is a single
// play.
func keeperMay(t *table, s step, steps []step) bool {
	switch {
	case s.play.Reading.IsBomb():
		return t.oppMin <= keeperBomb || len(steps) <= 2
	case t.e.isControl(s.c):
		return t.oppMin <= keeperAlert
	}
	return true
}

// keeperLead is Keeper's lead from its split: with at most one play that could lose, the boss
// with the most cards (cashing the bosses, the last play going out); otherwise the play with
// the most cards that is no boss and no bomb, the weakest on a tie.
func keeperLead(t *table, steps []step) gd.Play {
	loose, best, boss := 0, -1, -1
	for i, s := range steps {
		switch {
		case s.play.Reading.IsBomb():
		case t.e.isControl(s.c):
			if boss < 0 || s.play.Cards.Len() > steps[boss].play.Cards.Len() {
				boss = i
			}
		default:
			loose++
			if best < 0 || keeperLeadsFirst(s.play, steps[best].play, t.v.Level) {
				best = i
			}
		}
	}
	switch {
	case loose <= 1 && boss >= 0:
		return steps[boss].play
	case best >= 0:
		return steps[best].play
	case boss >= 0:
		return steps[boss].play
	}
	// Only bombs left: the weakest first.
	low := 0
	for i, s := range steps {
		if steps[low].play.Reading.Beats(s.play.Reading, t.v.Level) {
			low = i
		}
	}
	return steps[low].play
}

// keeperLeadsFirst orders Keeper's leads: more cards first, then the weaker.
func keeperLeadsFirst(a, b gd.Play, level gd.Rank) bool {
	if na, nb := a.Cards.Len(), b.Cards.Len(); na != nb {
		return na > nb
	}
	return keyStrength(a.Reading, level) < keyStrength(b.Reading, level)
}

// goOut is the play of the whole hand when it is one play that may be made now: leading, or
// beating the last play.
func goOut(v gd.View) (gd.Action, bool) {
	prev := v.ToBeat()
	for _, r := range gd.Readings(v.Hand, v.Level) {
		if prev.IsZero() || r.Beats(prev, v.Level) {
			return gd.Action{Kind: gd.ActPlay, Seat: v.Seat, Cards: v.Hand, Reading: r}, true
		}
	}
	return gd.Action{}, false
}

// Return gives back the weakest card the rules allow.
func (Keeper) Return(v gd.View) gd.Card { return GreedyPlayer{}.Return(v) }
