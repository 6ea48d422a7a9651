package guandan

import (
	"fmt"
	"slices"
)

// Match holds a whole match: the levels, the current deal and the seeded generator that deals
// every later deal. It is a value: Apply never mutates its receiver (slices are copied before
// they change). All state is in exported fields so that it round-trips through encoding/json,
// which is how the web store saves it.
type Match struct {
	// RNG is the state of the match's own random generator (SplitMix64).
	RNG uint64
	// Levels are the two teams' levels; team 0 is seats 0 and 2.
	Levels [2]Rank
	// Level is the level rank of the current deal; NextLevel the level of the next one.
	Level, NextLevel Rank
	// DealNo counts the deals, starting at 1.
	DealNo int
	// Stage is the phase (the method Phase reports it).
	Stage Phase
	// Turn is the seat to act, -1 when nobody is (deal or match over).
	Turn int
	// Hands are the four hands.
	Hands [4]Set
	// Played is every card played in this deal.
	Played Set
	// Finish lists the seats that emptied their hands, in order.
	Finish []int
	// PrevFinish is the previous deal's Finish, which decides the tribute.
	PrevFinish []int
	// LastPlay is the play to beat and LastSeat who made it; LastSeat is -1 when Turn leads.
	LastPlay Play
	LastSeat int
	// Passed marks the seats that passed since the last play of the trick.
	Passed [4]bool
	// Trick holds the plays and passes of the current trick.
	Trick []Event
	// History holds every play and pass of this deal, in order, the current trick's included
	// (public: everyone at the table sees them made).
	History History
	// TributeLog holds this deal's tribute and return events.
	TributeLog []Event
	// Returns are the returns still owed, in order: From is the receiver who must give a card
	// back, To the payer who gets it.
	Returns []Give
	// Leader leads the deal once the returns are made.
	Leader int
	// Winner is the team that won the match, -1 while it goes on.
	Winner int
	// owned is true only inside Step: the match's slices are its own, so appending need not
	// copy them.
	owned bool
}

// NewMatch starts a match from a seed: both teams at 2, deal 1 dealt at level 2, the first
// leader drawn at random (RULES.md: no tribute on the first deal).
func NewMatch(seed uint64) Match {
	m := Match{RNG: seed, Levels: [2]Rank{Two, Two}, NextLevel: Two, Winner: -1, Turn: -1, LastSeat: -1}
	m.startDeal(nil)
	return m
}

// NewDealFrom starts a deal from given hands at this level with this seat to lead, in
// PhasePlay and without tribute: the conformance `flow` cases and tests build positions with
// it. Both teams are at the level; hands may have any sizes.
func NewDealFrom(level Rank, hands [4]Set, leader int) Match {
	return Match{
		Levels: [2]Rank{level, level}, Level: level, NextLevel: level,
		DealNo: 1, Stage: PhasePlay, Turn: leader, Hands: hands,
		LastSeat: -1, Leader: leader, Winner: -1,
	}
}

// Phase returns the phase of the match.
func (m Match) Phase() Phase { return m.Stage }

// ToAct returns the seat to act, -1 when nobody is (deal or match over).
func (m Match) ToAct() int { return m.Turn }

// Leading reports whether the seat to act leads a new trick.
func (m Match) Leading() bool { return m.Stage == PhasePlay && m.LastSeat < 0 }

// LegalPlays lists the plays of the seat to act in PhasePlay (see the function LegalPlays); it
// is nil for any other seat or phase.
func (m Match) LegalPlays(seat int) []Play {
	if m.Stage != PhasePlay || seat != m.Turn {
		return nil
	}
	return LegalPlays(m.Hands[seat], m.Level, m.toBeat())
}

// ReadingsNow lists the readings of cards that are legal for the seat to act at this moment:
// any reading when it leads, one that beats the last play when it follows. RULES.md has the UI
// ask the player to choose whenever there are several, and Apply refuses such a play without a
// named reading (ErrAmbiguous). It is nil outside PhasePlay.
func (m Match) ReadingsNow(cards Set) []Reading {
	if m.Stage != PhasePlay {
		return nil
	}
	var out []Reading
	for _, r := range Readings(cards, m.Level) {
		if r.Beats(m.toBeat(), m.Level) {
			out = append(out, r)
		}
	}
	return out
}

// toBeat is the reading the seat to act must beat; zero when it leads.
func (m Match) toBeat() Reading {
	if m.LastSeat < 0 {
		return Reading{}
	}
	return m.LastPlay.Reading
}

// Apply performs one action and returns the new match and what happened. The receiver is never
// changed: the match's slices are only ever appended to through appendTo, which copies them
// first, so the old and the new match share no array that either writes. On error the returned
// match is the receiver itself.
func (m Match) Apply(a Action) (Match, []Event, error) {
	if a.Seat < 0 || a.Seat > 3 {
		return m, nil, fmt.Errorf("%w: seat %d", ErrNotYourTurn, a.Seat)
	}
	n := m
	var ev []Event
	var err error
	switch a.Kind {
	case ActPlay:
		ev, err = n.play(a)
	case ActPass:
		ev, err = n.pass(a)
	case ActReturn:
		ev, err = n.giveBack(a)
	case ActNextDeal:
		if n.Stage != PhaseDealOver {
			return m, nil, ErrWrongPhase
		}
		ev = n.startDeal(nil)
	default:
		err = ErrBadAction
	}
	if err != nil {
		return m, nil, err
	}
	return n, ev, nil
}

// Step performs one action on m itself, as Apply does, without copying the match's slices
// before appending to them: for a caller that keeps no other copy of m, as a replay of a
// record, where Apply's copies were most of the allocation (a trick's events are copied on
// every play and pass). Any other copy of m that is used afterwards may see the appends. On
// error m is unchanged.
func (m *Match) Step(a Action) ([]Event, error) {
	o := *m
	o.owned = true
	n, ev, err := o.Apply(a)
	if err != nil {
		return nil, err
	}
	n.owned = false
	*m = n
	return ev, nil
}

// startDeal deals the next deal at NextLevel and applies the tribute; events are appended to ev.
func (m *Match) startDeal(ev []Event) []Event {
	g := rng{m.RNG}
	m.Hands = g.deal()
	m.DealNo++
	m.Level = m.NextLevel
	m.Played = Set{}
	m.Finish = nil
	m.Trick = nil
	m.History = History{}
	m.TributeLog = nil
	m.Returns = nil
	m.LastPlay, m.LastSeat, m.Passed = Play{}, -1, [4]bool{}
	ev = append(ev, Event{Kind: EvDealt, Levels: m.Levels, Place: m.DealNo, Seat: -1})
	m.Stage = PhasePlay
	if len(m.PrevFinish) == 0 {
		m.Leader = g.intn(4)
		m.RNG = g.state
		m.Turn = m.Leader
		return append(ev, Event{Kind: EvLead, Seat: m.Leader})
	}
	m.RNG = g.state
	tr := Tribute(m.Level, m.PrevFinish, m.Hands)
	m.Leader = tr.Leader
	if tr.Cancelled {
		e := Event{Kind: EvTributeCancelled, Seat: tr.Leader}
		m.TributeLog = appendTo(m.owned, m.TributeLog, e)
		m.Turn = m.Leader
		return append(ev, e, Event{Kind: EvLead, Seat: m.Leader})
	}
	for _, gv := range tr.Gives {
		m.Hands[gv.From].Remove(gv.Card)
		m.Hands[gv.To].Add(gv.Card)
		e := Event{Kind: EvTribute, Seat: gv.From, To: gv.To, Card: gv.Card}
		m.TributeLog = appendTo(m.owned, m.TributeLog, e)
		ev = append(ev, e)
		m.Returns = appendTo(m.owned, m.Returns, Give{From: gv.To, To: gv.From})
	}
	m.Stage = PhaseReturn
	m.Turn = m.Returns[0].From
	return ev
}

// giveBack applies an ActReturn.
func (m *Match) giveBack(a Action) ([]Event, error) {
	if m.Stage != PhaseReturn {
		return nil, ErrWrongPhase
	}
	if a.Seat != m.Turn {
		return nil, ErrNotYourTurn
	}
	if !m.Hands[a.Seat].Has(a.Card) {
		return nil, ErrNotInHand
	}
	if !CanReturn(m.Level, m.Hands[a.Seat], a.Card) {
		return nil, ErrBadReturn
	}
	r := m.Returns[0]
	m.Returns = m.Returns[1:]
	m.Hands[r.From].Remove(a.Card)
	m.Hands[r.To].Add(a.Card)
	e := Event{Kind: EvReturn, Seat: r.From, To: r.To, Card: a.Card}
	m.TributeLog = appendTo(m.owned, m.TributeLog, e)
	ev := []Event{e}
	if len(m.Returns) > 0 {
		m.Turn = m.Returns[0].From
		return ev, nil
	}
	m.Returns = nil
	m.Stage = PhasePlay
	m.Turn = m.Leader
	return append(ev, Event{Kind: EvLead, Seat: m.Leader}), nil
}

// play applies an ActPlay.
func (m *Match) play(a Action) ([]Event, error) {
	if m.Stage != PhasePlay {
		return nil, ErrWrongPhase
	}
	if a.Seat != m.Turn {
		return nil, ErrNotYourTurn
	}
	if a.Cards.IsEmpty() {
		return nil, ErrNoCards
	}
	if !m.Hands[a.Seat].Contains(a.Cards) {
		return nil, ErrNotInHand
	}
	r, err := chooseReading(a.Cards, m.Level, m.toBeat(), a.Reading)
	if err != nil {
		return nil, err
	}
	p := Play{Cards: a.Cards, Reading: r}
	m.Hands[a.Seat] = m.Hands[a.Seat].Minus(a.Cards)
	m.Played = m.Played.Union(a.Cards)
	e := Event{Kind: EvPlay, Seat: a.Seat, Play: p}
	m.Trick = appendTo(m.owned, m.Trick, e)
	m.History = m.History.With(Move{Seat: a.Seat, Play: p})
	m.LastPlay, m.LastSeat, m.Passed = p, a.Seat, [4]bool{}
	ev := []Event{e}
	if m.Hands[a.Seat].IsEmpty() {
		m.Finish = appendTo(m.owned, m.Finish, a.Seat)
		ev = append(ev, Event{Kind: EvFinished, Seat: a.Seat, Place: len(m.Finish)})
		if m.Hands[(a.Seat+2)%4].IsEmpty() {
			return m.endDeal(ev), nil
		}
	}
	m.Turn = m.nextActive(a.Seat)
	return ev, nil
}

// chooseReading picks the reading of a play: the named one if it is a reading of the cards and
// legal now, else the only reading legal now. Several legal readings and none named is
// ErrAmbiguous (RULES.md Decision).
func chooseReading(cards Set, level Rank, prev, named Reading) (Reading, error) {
	var buf [8]Reading
	rs := AppendReadings(buf[:0], cards, level)
	if len(rs) == 0 {
		return Reading{}, ErrIllegalPlay
	}
	if !named.IsZero() {
		if !slices.Contains(rs, named) {
			return Reading{}, ErrIllegalPlay
		}
		if !named.Beats(prev, level) {
			return Reading{}, ErrDoesNotBeat
		}
		return named, nil
	}
	var found Reading
	legal := 0
	for _, r := range rs {
		if r.Beats(prev, level) {
			found = r
			legal++
		}
	}
	switch legal {
	case 0:
		return Reading{}, ErrDoesNotBeat
	case 1:
		return found, nil
	}
	return Reading{}, ErrAmbiguous
}

// pass applies an ActPass. When every other active player has passed since the last play, the
// player who made it leads; if that player has just finished, the partner leads, or, when the
// partner has finished too, the next active player after the finished one.
func (m *Match) pass(a Action) ([]Event, error) {
	if m.Stage != PhasePlay {
		return nil, ErrWrongPhase
	}
	if a.Seat != m.Turn {
		return nil, ErrNotYourTurn
	}
	if m.LastSeat < 0 {
		return nil, ErrMustLead
	}
	m.Passed[a.Seat] = true
	e := Event{Kind: EvPass, Seat: a.Seat}
	m.Trick = appendTo(m.owned, m.Trick, e)
	m.History = m.History.With(Move{Seat: a.Seat, Pass: true})
	ev := []Event{e}
	waiting := 0 // active players other than the last player who have not passed
	for s := 0; s < 4; s++ {
		if s != m.LastSeat && !m.Hands[s].IsEmpty() && !m.Passed[s] {
			waiting++
		}
	}
	if waiting > 0 {
		m.Turn = m.nextActive(a.Seat)
		return ev, nil
	}
	w := m.LastSeat
	lead := w
	if m.Hands[w].IsEmpty() {
		lead = (w + 2) % 4
		if m.Hands[lead].IsEmpty() {
			lead = m.nextActive(w)
		}
	}
	m.Trick = nil
	m.LastPlay, m.LastSeat, m.Passed = Play{}, -1, [4]bool{}
	m.Turn = lead
	return append(ev, Event{Kind: EvTrickWon, Seat: w}, Event{Kind: EvLead, Seat: lead}), nil
}

// nextActive returns the next seat after s in turn order that still holds cards, -1 if none.
func (m *Match) nextActive(s int) int {
	for i := 1; i <= 4; i++ {
		if t := (s + i) % 4; !m.Hands[t].IsEmpty() {
			return t
		}
	}
	return -1
}

// endDeal closes the deal once a team has both players finished (RULES.md Decision: the outcome
// is then fixed), applies promotion and decides whether the match is over.
func (m *Match) endDeal(ev []Event) []Event {
	newLevels, next, winner := Outcome(m.Levels, m.Level, m.Finish)
	team := m.Finish[0] % 2
	ev = append(ev, Event{
		Kind: EvDealOver, Seat: -1, Team: team, Levels: newLevels,
		Finish: slices.Clone(m.Finish), Promotion: int(newLevels[team]) - int(m.Levels[team]),
	})
	m.Levels = newLevels
	m.NextLevel = next
	m.PrevFinish = slices.Clone(m.Finish)
	m.Turn = -1
	m.Trick = nil
	m.LastPlay, m.LastSeat, m.Passed = Play{}, -1, [4]bool{}
	if winner >= 0 {
		m.Winner = winner
		m.Stage = PhaseMatchOver
		return append(ev, Event{Kind: EvMatchOver, Seat: -1, Team: winner})
	}
	m.Stage = PhaseDealOver
	return ev
}

// appendTo appends to a slice that an older Match value may share: clipping the capacity makes
// append copy into a new array, so the older value never sees the write. Inside Step the
// slices are the match's own (owned) and appended to in place.
func appendTo[T any](owned bool, s []T, v ...T) []T {
	if owned {
		return append(s, v...)
	}
	return append(slices.Clip(s), v...)
}
