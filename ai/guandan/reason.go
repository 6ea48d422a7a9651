package guandan

import (
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
	// ReasonStops: the play keeps an opponent (Seat, with Count cards left) from going out.
	ReasonStops ReasonKey = "guandan_ai.reason.stops"
	// ReasonFeedsPartner: a low lead the partner (with Count cards left) can beat to go out.
	ReasonFeedsPartner ReasonKey = "guandan_ai.reason.feeds_partner"
	// ReasonCashes: a lead that nobody can beat, on the way to going out.
	ReasonCashes ReasonKey = "guandan_ai.reason.cashes"
	// ReasonWeakest: a lead that gets rid of the hand's weakest play.
	ReasonWeakest ReasonKey = "guandan_ai.reason.weakest"
	// ReasonCheapest: the cheapest play that beats the last one, leaving the rest of the
	// hand's plan whole.
	ReasonCheapest ReasonKey = "guandan_ai.reason.cheapest"
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

// CatalogKey is the key of the reason's message: Key itself, or for ReasonKeeps the key of
// the kind kept ("guandan_ai.reason.keeps.straight"). ReasonStops takes the arguments (Count,
// the seat's name), ReasonFeedsPartner (Count); the others none.
func (r Reason) CatalogKey() string {
	if r.Key == ReasonKeeps {
		return string(r.Key) + "." + r.Kind.String()
	}
	return string(r.Key)
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
		r.Key = ReasonCheapest
		if s, n, ok := closestOpponent(t); ok && n <= 3 {
			r.Key, r.Seat, r.Count = ReasonStops, s, n
		}
	}
	return r
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
