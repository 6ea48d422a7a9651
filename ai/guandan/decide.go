package guandan

import (
	"math/rand/v2"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// style holds the weights of the decision heuristics, in the planner's units (one unit is
// about one turn). They were tuned by playing variants against each other in the arena
// (about 2000 deals per variant); the urgency table below came out of the same tuning.
type style struct {
	// winBonus is what taking the trick (and so the next lead) is worth over passing.
	winBonus float64
	// shedBonus favours leads that shed more cards at once, per card.
	shedBonus float64
	// dangerPenalty is charged for leading a play an opponent may beat to go out on.
	dangerPenalty float64
	// jitter is the size of the random tie-breaker.
	jitter float64
}

// defaultStyle is the style of Player.
var defaultStyle = style{
	winBonus:      0.3,
	shedBonus:     0.05,
	dangerPenalty: 3,
	jitter:        0.01,
}

// urgency is how much more holding the trick is worth than a pass while an opponent holds
// this few cards: letting them win a trick lets them lead, and a player who leads with one or
// two cards left usually goes out. A play earns it in proportion to its chance of holding the
// trick (evaluator.holdChance), so the player stops such an opponent with its boss rather than
// its cheapest card. Doubling an earlier, gentler table won about 55% of the deals against it;
// doubling again made no difference.
func urgency(oppMin int) float64 {
	switch {
	case oppMin <= 1:
		return 12
	case oppMin <= 2:
		return 8
	case oppMin <= 4:
		return 3
	case oppMin <= 6:
		return 1.2
	case oppMin <= 9:
		return 0.4
	}
	return 0
}

// table is what one decision knows about the deal, besides the hand.
type table struct {
	v       gd.View
	st      style
	e       *evaluator
	partner int
	// partnerLeft is the partner's card count, 0 when the partner has finished.
	partnerLeft int
	// oppMin is the fewest cards an active opponent holds (99 when none is active).
	oppMin int
}

// newTable gathers what a decision in view v needs: the evaluator, which counts the cards
// the seat cannot see, and the card counts of partner and opponents.
func newTable(v gd.View, st style) *table {
	t := &table{
		v:       v,
		st:      st,
		e:       newEvaluator(v.Level, gd.FullDeck().Minus(v.Hand).Minus(v.Played)),
		partner: (v.Seat + 2) % 4,
		oppMin:  99,
	}
	if sv := v.Seats[t.partner]; sv.Place == 0 {
		t.partnerLeft = sv.Count
	}
	for _, s := range [2]int{(v.Seat + 1) % 4, (v.Seat + 3) % 4} {
		if sv := v.Seats[s]; sv.Place == 0 && sv.Count > 0 && sv.Count < t.oppMin {
			t.oppMin = sv.Count
		}
	}
	return t
}

// handScore scores the best plan of the hand without the given cards.
func (t *table) handScore(without gd.Set) float64 {
	return t.e.score(newTally(t.v.Hand.Minus(without), t.v.Level))
}

// decide is the whole decision of Player in PhasePlay.
func decide(v gd.View, st style, rng *rand.Rand) gd.Action {
	a, _ := decideWork(v, st, rng)
	return a
}

// decideWork is decide that also returns its work: the search states the planner evaluated
// (the entries of its memo) and the cards of the hand, a count that follows the decision's
// time closely and depends on the position alone.
func decideWork(v gd.View, st style, rng *rand.Rand) (gd.Action, int) {
	var cs []combo
	if !v.Leading && !v.LastPlay.Reading.IsZero() {
		// Nothing beats: a pass, decided before the evaluator is built (most decisions in the
		// search's rollouts late in a deal are such passes). Its work is the same either way.
		tl := newTally(v.Hand, v.Level)
		if cs = beaters(&tl, v.LastPlay.Reading, v.Level); len(cs) == 0 {
			return gd.Action{Kind: gd.ActPass, Seat: v.Seat}, v.Hand.Len()
		}
	}
	t := newTable(v, st)
	a := t.decide(rng, cs)
	work := t.e.memo.len() + v.Hand.Len()
	t.e.release()
	return a, work
}

// decide is the decision of the table's seat, given, when following, the combos that beat
// the last play (nil: not computed yet).
func (t *table) decide(rng *rand.Rand, cs []combo) gd.Action {
	v := t.v
	var p gd.Play
	var ok bool
	if v.Leading || v.LastPlay.Reading.IsZero() {
		p, ok = t.lead(rng), true
	} else {
		if cs == nil {
			tl := newTally(v.Hand, v.Level)
			cs = beaters(&tl, v.LastPlay.Reading, v.Level)
		}
		p, ok = t.follow(rng, cs)
	}
	if !ok {
		return gd.Action{Kind: gd.ActPass, Seat: v.Seat}
	}
	return gd.Action{Kind: gd.ActPlay, Seat: v.Seat, Cards: p.Cards, Reading: p.Reading}
}

// lead chooses the play that opens a trick.
func (t *table) lead(rng *rand.Rand) gd.Play {
	v := t.v
	if rs := gd.Readings(v.Hand, v.Level); len(rs) > 0 {
		return gd.Play{Cards: v.Hand, Reading: rs[0]} // the whole hand goes out at once
	}
	plan := t.e.steps(v.Hand)
	// With at most one play that can lose, cash the bosses first and go out with the last.
	loose := 0
	for _, s := range plan {
		if !t.e.isControl(s.c) {
			loose++
		}
	}
	if loose <= 1 {
		var boss *step
		for i, s := range plan {
			if t.e.isControl(s.c) && !s.play.Reading.IsBomb() &&
				(boss == nil || s.c.cards() > boss.c.cards()) {
				boss = &plan[i]
			}
		}
		if boss != nil {
			return boss.play
		}
	}
	if p, ok := t.feed(plan); ok {
		return p
	}
	best, bestScore := plan[0].play, -1e18
	for _, s := range plan {
		sc := t.handScore(s.play.Cards) + t.st.shedBonus*float64(s.c.cards()-1) + t.st.jitter*rng.Float64()
		if !s.play.Reading.IsBomb() && !t.e.isControl(s.c) && t.couldGoOut(s.c.cards()) {
			sc -= t.st.dangerPenalty
			if s.c.kind == gd.Single || s.c.kind == gd.Pair {
				// Forced to risk it: the higher, the fewer cards beat it.
				sc += 0.1 * float64(gd.Strength(s.c.rank, v.Level))
			}
		}
		if sc > bestScore {
			best, bestScore = s.play, sc
		}
	}
	return best
}

// couldGoOut reports whether an active opponent holds exactly k cards, and so might go out by
// beating a lead of k cards.
func (t *table) couldGoOut(k int) bool {
	for _, s := range [2]int{(t.v.Seat + 1) % 4, (t.v.Seat + 3) % 4} {
		if sv := t.v.Seats[s]; sv.Place == 0 && sv.Count == k {
			return true
		}
	}
	return false
}

// feed leads the weakest single (or pair) when the partner has one (or two) cards left and the
// opponents are not as close: the partner then likely beats it and goes out.
func (t *table) feed(plan []step) (gd.Play, bool) {
	want := t.partnerLeft
	if want < 1 || want > 2 || t.oppMin <= want {
		return gd.Play{}, false
	}
	var best *step
	for i, s := range plan {
		if s.c.kind == gd.Single || (want == 2 && s.c.kind == gd.Pair) {
			if best == nil || feedRank(s.c, t.v.Level) < feedRank(best.c, t.v.Level) {
				best = &plan[i]
			}
		}
	}
	if best == nil {
		// No single in the plan: give up the weakest card of the hand.
		low := gd.Card(0)
		found := false
		for _, x := range t.v.Hand.Cards() {
			if !x.IsWild(t.v.Level) && !x.IsJoker() &&
				(!found || gd.Strength(x.Rank(), t.v.Level) < gd.Strength(low.Rank(), t.v.Level)) {
				low, found = x, true
			}
		}
		if !found {
			return gd.Play{}, false
		}
		var s gd.Set
		s.Add(low)
		return gd.Play{Cards: s, Reading: groupCombo(low.Rank(), 1).reading()}, true
	}
	return best.play, true
}

// feedRank orders feeding leads: pairs before singles when the partner holds two cards
// (a pair may be exactly their hand), weaker before stronger.
func feedRank(c combo, level gd.Rank) int {
	r := gd.Strength(c.rank, level)
	if c.kind == gd.Single {
		r += 100
	}
	return r
}

// follow chooses between beating the last play with one of cs, the combos that do, and
// passing; ok is false for a pass.
func (t *table) follow(rng *rand.Rand, cs []combo) (gd.Play, bool) {
	v := t.v
	prev := v.LastPlay.Reading
	if len(cs) == 0 {
		return gd.Play{}, false
	}
	plays := make([]step, 0, len(cs))
	flushes := t.plannedFlushes()
	for _, c := range cs {
		if p, ok := t.beat(c, flushes); ok {
			if p.Cards == v.Hand {
				return p, true // going out
			}
			plays = append(plays, step{c, p})
		}
	}
	u := urgency(t.oppMin)
	if v.LastSeat == t.partner {
		// The partner holds the trick: leave it, unless the opponent who plays next is close
		// to going out and may well beat the partner's play.
		next := v.Seats[(v.Seat+1)%4]
		if next.Place != 0 || next.Count > 3 || t.e.isControl(comboOf(prev)) {
			return gd.Play{}, false
		}
		u = urgency(next.Count)
	}
	// With no opponent close to going out, a trick is not worth a bomb: an ordinary play after
	// which the hand plans fewer bombs than now is no candidate, however well the rest plans.
	// The plan's score counts a bomb as one sure trick, but a bomb kept wins back the lead
	// whenever it is needed, which the score does not see.
	base, plan := t.e.plan(newTally(v.Hand, v.Level), u == 0)
	keep := bombCount(plan)
	var best gd.Play
	bestScore, found := base, false
	for _, s := range plays {
		rest := newTally(v.Hand.Minus(s.play.Cards), v.Level)
		var left float64
		if keep > 0 && !s.play.Reading.IsBomb() {
			var after []combo
			if left, after = t.e.plan(rest, true); bombCount(after) < keep {
				continue
			}
		} else {
			left = t.e.score(rest)
		}
		sc := left + t.st.winBonus + t.finishBonus(s.play.Cards) + t.st.jitter*rng.Float64()
		// Against an opponent close to going out, what counts is holding the trick.
		sc += u * t.e.holdChance(s.c)
		if sc > bestScore {
			best, bestScore, found = s.play, sc, true
		}
	}
	return best, found
}

// bombCount counts the bomb-class plays of a plan.
func bombCount(plan []combo) int {
	n := 0
	for _, c := range plan {
		if c.reading().IsBomb() {
			n++
		}
	}
	return n
}

// finishBonus rewards a play after which the hand is all bosses and bombs but for at most one
// play: winning this trick then very likely means going out.
func (t *table) finishBonus(played gd.Set) float64 {
	rest := t.v.Hand.Minus(played)
	if rest.Len() > 12 {
		return 0
	}
	loose := 0
	_, plan := t.e.plan(newTally(rest, t.v.Level), true)
	for _, c := range plan {
		if !t.e.isControl(c) {
			loose++
		}
	}
	if loose <= 1 {
		return 1.5
	}
	return 0
}

// comboOf is the abstract combo of a reading (without a full house's pair, which does not
// matter for its value).
func comboOf(r gd.Reading) combo {
	return combo{kind: r.Kind, rank: r.Rank, size: int8(r.Size)}
}

// plannedFlushes are the cards of the straight flushes in the hand's plan (none, without
// planning, when the hand can make none).
func (t *table) plannedFlushes() gd.Set {
	var out gd.Set
	tl := newTally(t.v.Hand, t.v.Level)
	if _, n := flushes(&tl); n == 0 {
		return out
	}
	for _, s := range t.e.steps(t.v.Hand) {
		if s.c.kind == gd.StraightFlush {
			out = out.Union(s.play.Cards)
		}
	}
	return out
}

// beat concretizes c, a combo that beats the last play, with cards outside flushes (the
// planned straight flushes' cards) when it can: concretize takes suits in a fixed order, and a
// Jack taken from a straight flush breaks up the flush where another Jack was free.
func (t *table) beat(c combo, flushes gd.Set) (gd.Play, bool) {
	v := t.v
	prev := v.LastPlay.Reading
	if c.kind != gd.StraightFlush && flushes.Len() > 0 {
		// A lone wild outside the flushes is no free King: it plays as itself, a level card.
		if p, ok := concretize(c, v.Hand.Minus(flushes), v.Level); ok && p.Reading.Kind == c.kind && p.Reading.Rank == c.rank && p.Reading.Beats(prev, v.Level) {
			return p, true
		}
	}
	p, ok := concretize(c, v.Hand, v.Level)
	return p, ok && p.Reading.Beats(prev, v.Level)
}
