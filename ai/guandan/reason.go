package guandan

import (
	"slices"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// ReasonKey names why the AI chose a move. Each value is a key of the guandan_ai catalogs
// (i18n/locales/*/guandan_ai.json); the message takes the arguments Reason.Args lists.
type ReasonKey string

// The reasons a hint can give.
const (
	// ReasonGoesOut: the play empties the hand.
	ReasonGoesOut ReasonKey = "guandan_ai.reason.goes_out"
	// ReasonPartnerWinning: passing because the partner is winning the trick.
	ReasonPartnerWinning ReasonKey = "guandan_ai.reason.partner_winning"
	// ReasonCannotBeat: passing because nothing in the hand beats the last play.
	ReasonCannotBeat ReasonKey = "guandan_ai.reason.cannot_beat"
	// ReasonSavesBomb: passing because only a bomb beats, and it is worth more later.
	ReasonSavesBomb ReasonKey = "guandan_ai.reason.saves_bomb"
	// ReasonKeeps: passing, or playing something else, keeps a combination of the plan
	// together (Kind).
	ReasonKeeps ReasonKey = "guandan_ai.reason.keeps"
	// ReasonKeepsHand: passing keeps the hand's plan whole.
	ReasonKeepsHand ReasonKey = "guandan_ai.reason.keeps_hand"
	// ReasonStops: the play keeps an opponent (Seat, with Count cards left, three at most)
	// from going out.
	ReasonStops ReasonKey = "guandan_ai.reason.stops"
	// ReasonHolds: a play that beats, chosen over a cheaper one (a bomb: over the ordinary
	// plays, which would cost the hand no more) because it is likelier to hold the trick
	// (evaluator.holdChance) while an opponent (Seat, with Count cards left, four to nine) is
	// getting close to going out (urgency).
	ReasonHolds ReasonKey = "guandan_ai.reason.holds"
	// ReasonFeedsPartner: a low lead the partner (with Count cards left) can beat to go out.
	ReasonFeedsPartner ReasonKey = "guandan_ai.reason.feeds_partner"
	// ReasonCashes: a lead that nobody can beat, on the way to going out.
	ReasonCashes ReasonKey = "guandan_ai.reason.cashes"
	// ReasonWeakest: a lead that gets rid of the hand's weakest play.
	ReasonWeakest ReasonKey = "guandan_ai.reason.weakest"
	// ReasonCheapest: the cheapest ordinary (not bomb-class) play that beats the last one,
	// which breaks up no combination of the hand's plan (see breaks), so that the rest of the
	// plan stays whole.
	ReasonCheapest ReasonKey = "guandan_ai.reason.cheapest"
	// ReasonCheapestBreaks: the cheapest ordinary play that beats the last one, which breaks
	// up a combination of the plan (Kind): taking the trick is worth it.
	ReasonCheapestBreaks ReasonKey = "guandan_ai.reason.cheapest_breaks"
	// ReasonSpares: an ordinary play stronger than the cheapest that beats, because the
	// cheapest, however played, would break up a combination of the plan (Kind) that this one
	// leaves whole.
	ReasonSpares ReasonKey = "guandan_ai.reason.spares"
	// ReasonCostsLess: an ordinary play stronger than the cheapest that beats, because it
	// leaves the rest of the hand a better plan than the cheapest would.
	ReasonCostsLess ReasonKey = "guandan_ai.reason.costs_less"
	// ReasonAsGood: a play stronger than the cheapest that beats (or a bomb where an ordinary
	// play beats), which leaves the rest of the hand a plan as good as a cheaper play would:
	// the planner's random tie-breaker chose it.
	ReasonAsGood ReasonKey = "guandan_ai.reason.as_good"
	// ReasonOnItsWayOut: a bomb, or an ordinary play stronger than the cheapest that beats
	// where the cheapest would not do the same, after which the rest of the hand is bombs and
	// bosses but for one play at most (finishBonus): if it takes the trick, the hand is on its
	// way out.
	ReasonOnItsWayOut ReasonKey = "guandan_ai.reason.on_its_way_out"
	// ReasonOnlyBomb: a bomb when only bomb-class plays beat the last one, while no opponent
	// holds three cards or fewer and the bomb does not put the hand on its way out: taking the
	// lead is worth the bomb (follow bombs so when holding the trick is urgent enough).
	ReasonOnlyBomb ReasonKey = "guandan_ai.reason.only_bomb"
	// ReasonBombCostsLess: a bomb when ordinary plays beat too, because each of them would
	// leave the rest of the hand a worse plan than the bomb does.
	ReasonBombCostsLess ReasonKey = "guandan_ai.reason.bomb_costs_less"
	// ReasonSearched: the search found this move wins most often in simulated deals.
	ReasonSearched ReasonKey = "guandan_ai.reason.searched"
)

// Reason is why the AI chose a move, for a hint that teaches: a catalog key and what its
// message needs. Seat is a seat number (the web turns it into the seat's name), -1 when the
// reason names no seat; Count a number of cards; Kind a kind of combination.
type Reason struct {
	Key   ReasonKey
	Seat  int
	Count int
	Kind  gd.Kind
}

// CatalogKey is the key of the reason's message: Key itself, or for the reasons that name a
// combination (Kinded) the key of its kind ("guandan_ai.reason.keeps.straight"). ReasonStops
// and ReasonHolds take the arguments (Count, the seat's name), ReasonFeedsPartner (Count); the
// others none.
func (r Reason) CatalogKey() string {
	if r.Key.Kinded() {
		return string(r.Key) + "." + r.Kind.String()
	}
	return string(r.Key)
}

// Kinded reports whether the reason names a combination of the hand's plan (Reason.Kind), in
// a message for each kind from a pair to a joker bomb.
func (k ReasonKey) Kinded() bool {
	return k == ReasonKeeps || k == ReasonSpares || k == ReasonCheapestBreaks
}

// explain finds the reason for action a in v; searched is true when the search chose a over
// the planner's own move.
func explain(v gd.View, a gd.Action, searched bool) Reason {
	r := Reason{Seat: -1}
	t := newTable(v, defaultStyle)
	leading := v.Leading || v.LastPlay.Reading.IsZero()
	switch {
	case a.Kind == gd.ActPlay && a.Cards == v.Hand:
		r.Key = ReasonGoesOut
	case a.Kind == gd.ActPass:
		r.Key = passReason(t, &r)
	case searched:
		r.Key = ReasonSearched
	case leading:
		r.Key = leadReason(t, a, &r)
	default:
		r.Key = followReason(t, a, &r)
	}
	return r
}

// followReason explains a play that beats the last one by what made follow choose it (see
// its score): against an opponent close to going out, stopping them; else what the play
// leaves of the hand next to the cheapest ordinary play that beats (ordinaryBeats), and, while
// an opponent is getting close, how likely it is to hold the trick.
func followReason(t *table, a gd.Action, r *Reason) ReasonKey {
	v := t.v
	seat, n, near := closestOpponent(t)
	if near && n <= 3 {
		r.Seat, r.Count = seat, n
		return ReasonStops
	}
	near = near && urgency(n) > 0 // holding the trick is worth more than a pass (follow)
	p := gd.Play{Cards: a.Cards, Reading: a.Reading}
	score := t.handScore(p.Cards)
	finishes := t.finishBonus(p.Cards) > 0
	cheap, ok, bestOrdinary := ordinaryBeats(t)
	if p.Reading.IsBomb() {
		switch {
		case finishes:
			return ReasonOnItsWayOut
		case !ok:
			return ReasonOnlyBomb
		}
		switch d := score - bestOrdinary; {
		case near && d < scoreTie:
			r.Seat, r.Count = seat, n
			return ReasonHolds
		case d >= scoreTie:
			return ReasonBombCostsLess
		}
		return ReasonAsGood // the random tie-breaker chose between (nearly) equals
	}
	plan := t.e.steps(v.Hand)
	if !ok || keyStrength(p.Reading, v.Level) <= keyStrength(cheap.play.Reading, v.Level) {
		if k, broken := breaks(t, plan, p); broken {
			r.Kind = k
			return ReasonCheapestBreaks
		}
		return ReasonCheapest
	}
	if finishes && t.finishBonus(cheap.play.Cards) == 0 {
		return ReasonOnItsWayOut
	}
	// The cheapest reading may be played with other cards than ordinaryBeats' (a natural card
	// for a wild, say): what it would break is what every way of playing it breaks (waysOf),
	// and what it would leave is what the best way leaves. A play that is itself a
	// combination of the plan is not said to leave one of its kind whole: "leaves your
	// straight whole" of the straight played reads as not touching it.
	kept := brokenKinds(t, plan, p)
	if slices.ContainsFunc(plan, func(s step) bool { return s.play.Reading == p.Reading }) {
		kept = append(kept, p.Reading.Kind)
	}
	cheapBreaks := brokenKinds(t, plan, cheap.play)
	ways := t.waysOf(cheap.play.Reading)
	for _, k := range cheapBreaks {
		if !slices.Contains(kept, k) && !slices.ContainsFunc(ways, func(w gd.Play) bool {
			return !slices.Contains(brokenKinds(t, plan, w), k)
		}) {
			r.Kind = k
			return ReasonSpares
		}
	}
	best := -1e18
	for _, w := range ways {
		best = max(best, t.handScore(w.Cards))
	}
	d := score - best
	switch {
	case near && d < scoreTie && t.e.holdChance(comboOf(p.Reading)) > t.e.holdChance(cheap.c):
		r.Seat, r.Count = seat, n
		return ReasonHolds
	case d >= scoreTie:
		return ReasonCostsLess
	case d > -scoreTie:
		return ReasonAsGood // the random tie-breaker chose between equals
	}
	// follow weighed the cheapest play with worse cards than its best way (concretize chooses
	// them with only the plan's straight flushes in mind). The reason is then follow's own
	// view of it.
	for _, k := range cheapBreaks {
		if !slices.Contains(kept, k) {
			r.Kind = k
			return ReasonSpares
		}
	}
	return ReasonCostsLess
}

// waysOf lists the ways the hand can play reading r (but by playing the whole hand), as the
// engine lists them (gd.LegalPlays): each choice of wild cards and of the ranks that fill a
// full house once, with the suits that keep the most of the hand's straight flushes.
func (t *table) waysOf(r gd.Reading) []gd.Play {
	v := t.v
	var out []gd.Play
	for _, p := range gd.LegalPlays(v.Hand, v.Level, v.LastPlay.Reading) {
		if p.Reading == r && p.Cards != v.Hand {
			out = append(out, p)
		}
	}
	return out
}

// scoreTie is the least difference of two hands' scores that is not a tie (the sums of the
// values in the planner's units are not exact).
const scoreTie = 1e-6

// ordinaryBeats returns the weakest ordinary (not bomb-class) play of the hand that beats the
// last play, with the cards follow would play it with (false when only bombs beat), and the
// best score of what any ordinary beat leaves of the hand (-1e18 when none does).
func ordinaryBeats(t *table) (cheapest step, ok bool, best float64) {
	v := t.v
	prev := v.LastPlay.Reading
	tl := newTally(v.Hand, v.Level)
	best = -1e18
	flushes := t.plannedFlushes()
	for _, c := range beaters(&tl, prev, v.Level) {
		p, beats := t.beat(c, flushes)
		if !beats || p.Reading.IsBomb() {
			continue
		}
		best = max(best, t.handScore(p.Cards))
		if !ok || keyStrength(p.Reading, v.Level) < keyStrength(cheapest.play.Reading, v.Level) {
			cheapest, ok = step{c, p}, true
		}
	}
	return cheapest, ok, best
}

// breaks returns the kind of combination (a pair or more) that playing p breaks up: one of
// which the plan, the hand's best, holds a play that shares a card or a rank with p (other
// than p itself; any play, for the bomb class), and of which the best plan of the hand without
// p's cards holds fewer than the plan does besides p. (The rest may make the combination of
// other cards: a full house may take another pair, a bomb of six lose one card, and neither is
// broken up.) Of several kinds it names the one brokenKinds lists first. It is false when p leaves every
// combination of the plan whole, as a play of the plan does.
func breaks(t *table, plan []step, p gd.Play) (gd.Kind, bool) {
	ks := brokenKinds(t, plan, p)
	if len(ks) == 0 {
		return 0, false
	}
	return ks[0], true
}

// brokenKinds lists every kind of combination p breaks up (see breaks), the bomb class first,
// then plates, tubes, straights, full houses, triples and pairs.
func brokenKinds(t *table, plan []step, p gd.Play) []gd.Kind {
	var ranks [gd.RedJoker + 1]bool
	for _, x := range p.Cards.Cards() {
		ranks[x.Rank()] = true
	}
	var before, after [gd.JokerBomb + 1]int
	var touched [gd.JokerBomb + 1]bool
	own := false
	for _, s := range plan {
		if !own && s.play.Reading == p.Reading && s.play.Cards.Len() == p.Cards.Len() {
			own = true // p is a play of the plan
			continue
		}
		before[s.c.kind]++
		for _, x := range s.play.Cards.Cards() {
			touched[s.c.kind] = touched[s.c.kind] || ranks[x.Rank()] || p.Cards.Has(x)
		}
	}
	_, rest := t.e.plan(newTally(t.v.Hand.Minus(p.Cards), t.v.Level), true)
	for _, c := range rest {
		after[c.kind]++
	}
	var out []gd.Kind
	for k := gd.JokerBomb; k > gd.Single; k-- {
		// follow counts a bomb lost to the rest's new plan as broken, whatever p touched.
		if (touched[k] || k >= gd.Bomb) && after[k] < before[k] {
			out = append(out, k)
		}
	}
	return out
}

// passReason explains a pass.
func passReason(t *table, r *Reason) ReasonKey {
	v := t.v
	if v.LastSeat == t.partner {
		return ReasonPartnerWinning
	}
	tl := newTally(v.Hand, v.Level)
	bs := beaters(&tl, v.LastPlay.Reading, v.Level)
	if len(bs) == 0 {
		return ReasonCannotBeat
	}
	allBombs := true
	for _, c := range bs {
		if !c.reading().IsBomb() {
			allBombs = false
		}
	}
	if allBombs {
		return ReasonSavesBomb
	}
	// The cheapest ordinary beat would break a combination of the plan: name it.
	plan := t.e.steps(v.Hand)
	for _, c := range bs {
		p, ok := concretize(c, v.Hand, v.Level)
		if !ok || p.Reading.IsBomb() {
			continue
		}
		for _, s := range plan {
			if s.play.Cards.Intersect(p.Cards).Len() > 0 && s.play.Cards != p.Cards && s.c.kind != p.Reading.Kind && s.c.kind != gd.Single {
				r.Kind = s.c.kind
				return ReasonKeeps
			}
		}
	}
	return ReasonKeepsHand
}

// leadReason explains a lead.
func leadReason(t *table, a gd.Action, r *Reason) ReasonKey {
	if want := t.partnerLeft; want >= 1 && want <= 2 && t.oppMin > want && a.Cards.Len() <= want {
		r.Count = want
		return ReasonFeedsPartner
	}
	if t.e.isControl(comboOf(a.Reading)) {
		return ReasonCashes
	}
	return ReasonWeakest
}

// closestOpponent returns the active opponent with the fewest cards.
func closestOpponent(t *table) (seat, count int, ok bool) {
	v := t.v
	for _, s := range [2]int{(v.Seat + 1) % 4, (v.Seat + 3) % 4} {
		if sv := v.Seats[s]; sv.Place == 0 && sv.Count > 0 && (!ok || sv.Count < count) {
			seat, count, ok = s, sv.Count, true
		}
	}
	return seat, count, ok
}
