package record

import (
	"fmt"
	"slices"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// guandanDeal is one deal of a Guandan record: where it starts and what every seat did.
type guandanDeal struct {
	start   gd.DealStart
	actions []gd.Action
}

// Guandan is a Guandan match: its record (every deal's start and every action) and the match
// they replay to. The seat of each action is the seat to act; a new deal is the human's "next
// deal".
type Guandan struct {
	// ID is the match's own id; Started is when it was dealt (Unix seconds).
	ID      ID
	Started int64
	// Seed is the match seed, the generator's state before the first deal.
	Seed  uint64
	deals []guandanDeal
	m     gd.Match
	// opening and steps are the current deal's start and its actions so far.
	opening []gd.Event
	steps   []Step[gd.Event]
}

// NewGuandan deals a new match.
func NewGuandan(id ID, seed uint64, started int64) *Guandan {
	start := gd.FirstDeal(seed)
	m, ev := gd.Resume(start)
	return &Guandan{ID: id, Started: started, Seed: seed, deals: []guandanDeal{{start: start}}, m: m, opening: ev}
}

// NewGuandanFrom starts a match at the deal start describes (a position built for a test or a
// study, see gd.DealStart); its seed is the start's generator state.
func NewGuandanFrom(id ID, start gd.DealStart, started int64) *Guandan {
	m, ev := gd.Resume(start)
	return &Guandan{ID: id, Started: started, Seed: start.RNG, deals: []guandanDeal{{start: start}}, m: m, opening: ev}
}

// Match is the current state.
func (g *Guandan) Match() gd.Match { return g.m }

// Moves counts the match's actions, each "next deal" included: it only ever grows.
func (g *Guandan) Moves() int {
	n := len(g.deals) - 1
	for _, d := range g.deals {
		n += len(d.actions)
	}
	return n
}

// Token is the move number of the current position (see Token).
func (g *Guandan) Token() uint64 { return Token(g.ID, g.Moves()) }

// Deals is the number of deals dealt so far, the current one included.
func (g *Guandan) Deals() int { return len(g.deals) }

// Steps is the number of actions in deal (1-based).
func (g *Guandan) Steps(deal int) int { return len(g.deals[deal-1].actions) }

// Clone is a copy of g that can be played on while g is read, or played on too: the web keeps
// decoded matches for the pages that show them, and a move copies one rather than decoding
// its record again. Only the record's own lists are appended to (the engine's Match copies
// what it changes), so clipping them makes the next append of either copy allocate its own.
func (g *Guandan) Clone() *Guandan {
	c := *g
	c.deals = slices.Clone(g.deals) // Apply appends to the last deal's actions in place
	last := &c.deals[len(c.deals)-1]
	last.actions = slices.Clip(last.actions)
	c.opening = slices.Clip(g.opening)
	c.steps = slices.Clip(g.steps)
	return &c
}

// Apply plays one action and records it; ActNextDeal starts the next deal. The engine's
// refusal is returned as it is, and changes nothing.
func (g *Guandan) Apply(a gd.Action) ([]gd.Event, error) {
	if g.Moves() >= maxMoves {
		return nil, ErrTooLong
	}
	start := g.m.NextDeal()
	next, ev, err := g.m.Apply(a)
	if err != nil {
		return nil, err
	}
	g.m = next
	if a.Kind == gd.ActNextDeal {
		g.deals = append(g.deals, guandanDeal{start: start})
		g.opening, g.steps = ev, nil
		return ev, nil
	}
	// Only what replays the action is kept: the seat is implied, a reading only when the cards
	// have several (see the package doc).
	kept := gd.Action{Kind: a.Kind}
	switch a.Kind {
	case gd.ActPlay:
		kept.Cards = a.Cards
		if len(gd.Readings(a.Cards, g.deals[len(g.deals)-1].start.Level)) > 1 {
			kept.Reading = ev[0].Play.Reading
		}
	case gd.ActReturn:
		kept.Card = a.Card
	}
	last := &g.deals[len(g.deals)-1]
	last.actions = append(last.actions, kept)
	g.steps = append(g.steps, Step[gd.Event]{Seat: a.Seat, Events: ev})
	return ev, nil
}

// Acted tells whether seat has acted in the current deal.
func (g *Guandan) Acted(seat int) bool { return acted(seat, g.steps) }

// Log is what happened since seat's last action in the current deal (all of the deal, its
// start included, if seat has not acted yet), oldest first.
func (g *Guandan) Log(seat int) []gd.Event { return logSince(seat, g.opening, g.steps) }

// DealLog is everything that happened in the current deal so far, its start first: the
// table's list of the deal's tricks.
func (g *Guandan) DealLog() []gd.Event { return dealLog(g.opening, g.steps) }

// At replays deal (1-based) up to step actions (0: as dealt, tribute paid) and returns the
// match then, with what that step did (the deal's start for step 0). Only that deal is
// replayed, from its stored start.
func (g *Guandan) At(deal, step int) (gd.Match, []gd.Event, error) {
	m, ev, _, err := g.AtFrom(deal, step)
	return m, ev, err
}

// AtFrom is At, with how many events of the deal's log (DealLog's, as it was when the deal was
// played) come before the step's: where the step's events are in it.
func (g *Guandan) AtFrom(deal, step int) (gd.Match, []gd.Event, int, error) {
	if deal < 1 || deal > len(g.deals) || step < 0 || step > len(g.deals[deal-1].actions) {
		return gd.Match{}, nil, 0, fmt.Errorf("%w: no step %d of deal %d", ErrCorrupt, step, deal)
	}
	d := g.deals[deal-1]
	m, opening, steps, err := replayGuandanDeal(d.start, d.actions[:step])
	if err != nil {
		return gd.Match{}, nil, 0, err
	}
	if step == 0 {
		return m, opening, 0, nil
	}
	return m, steps[step-1].Events, stepFrom(opening, steps[:step-1]), nil
}

// replayGuandanDeal deals from start and plays the actions, each by the seat to act.
func replayGuandanDeal(start gd.DealStart, actions []gd.Action) (gd.Match, []gd.Event, []Step[gd.Event], error) {
	m, opening := gd.Resume(start)
	steps := make([]Step[gd.Event], 0, len(actions))
	// The replay keeps no earlier position, so the match is stepped in place (gd.Match.Step).
	for i, a := range actions {
		a.Seat = m.ToAct()
		ev, err := m.Step(a)
		if err != nil {
			return m, nil, nil, fmt.Errorf("%w: deal %d action %d: %v", ErrCorrupt, start.DealNo, i+1, err)
		}
		steps = append(steps, Step[gd.Event]{Seat: a.Seat, Events: ev})
	}
	return m, opening, steps, nil
}

// Replay rebuilds the whole match from its first deal's start (the seed, for a match dealt by
// NewGuandan), deal after deal, ignoring the later stored starts, and checks that each of them
// is the one the replay reaches. It is the proof that the stored starts (which let a load
// replay only the current deal) are exact.
func (g *Guandan) Replay() (gd.Match, error) {
	m, _ := gd.Resume(g.deals[0].start)
	for i, d := range g.deals {
		if i > 0 {
			want := m.NextDeal()
			if !sameStart(want, d.start) {
				return m, fmt.Errorf("%w: deal %d starts at %+v, the replay at %+v", ErrCorrupt, i+1, d.start, want)
			}
			next, _, err := m.Apply(gd.Action{Kind: gd.ActNextDeal, Seat: 0})
			if err != nil {
				return m, fmt.Errorf("%w: deal %d: %v", ErrCorrupt, i+1, err)
			}
			m = next
		}
		for j, a := range d.actions {
			a.Seat = m.ToAct()
			if _, err := m.Step(a); err != nil {
				return m, fmt.Errorf("%w: deal %d action %d: %v", ErrCorrupt, i+1, j+1, err)
			}
		}
	}
	return m, nil
}

func sameStart(a, b gd.DealStart) bool {
	return a.RNG == b.RNG && a.Levels == b.Levels && a.Level == b.Level && a.DealNo == b.DealNo &&
		slices.Equal(a.PrevFinish, b.PrevFinish) && a.Given == b.Given && a.Hands == b.Hands && a.Leader == b.Leader
}

// Action kinds as stored (see the package doc).
const (
	kindPass        = 0
	kindPlay        = 1
	kindReturn      = 2
	kindPlayReading = 3
)

// cardCode is a card's stored code, computed from its rank, suit and copy rather than taken
// from the engine's numbering.
func cardCode(c gd.Card) byte {
	var f int
	switch r := c.Rank(); r {
	case gd.BlackJoker:
		f = 52
	case gd.RedJoker:
		f = 53
	default:
		f = int(r-gd.Two)*4 + slices.Index(codeSuits, c.Suit())
	}
	return byte(c.Copy()*54 + f)
}

var codeSuits = []gd.Suit{gd.Spades, gd.Hearts, gd.Clubs, gd.Diamonds}

// codeCard is the card of a stored code.
func codeCard(b byte) (gd.Card, bool) {
	if b >= 108 {
		return 0, false
	}
	cp, f := int(b)/54, int(b)%54
	switch f {
	case 52:
		return gd.NewCard(gd.BlackJoker, gd.NoSuit, cp), true
	case 53:
		return gd.NewCard(gd.RedJoker, gd.NoSuit, cp), true
	}
	return gd.NewCard(gd.Two+gd.Rank(f/4), codeSuits[f%4], cp), true
}

// maxPlay is the most cards one play can hold (a ten-card bomb).
const maxPlay = 10

// Encode writes the record.
func (g *Guandan) Encode() []byte {
	w := &writer{b: make([]byte, 0, 64+200*len(g.deals))}
	w.header(header{game: gameGuandan, id: g.ID, started: g.Started, seed: g.Seed}, gd.RulesVersion)
	w.uvarint(uint64(len(g.deals)))
	for _, d := range g.deals {
		s := d.start
		w.u64(s.RNG)
		w.byte(byte(s.Levels[0]))
		w.byte(byte(s.Levels[1]))
		w.byte(byte(s.Level))
		w.uvarint(uint64(s.DealNo))
		w.uvarint(uint64(len(s.PrevFinish)))
		for _, seat := range s.PrevFinish {
			w.byte(byte(seat))
		}
		if !s.Given {
			w.byte(0)
		} else {
			w.byte(1)
			w.byte(byte(s.Leader))
			for _, h := range s.Hands {
				cards := h.Cards()
				w.uvarint(uint64(len(cards)))
				for _, c := range cards {
					w.byte(cardCode(c))
				}
			}
		}
		w.uvarint(uint64(len(d.actions)))
		for _, a := range d.actions {
			switch a.Kind {
			case gd.ActPass:
				w.byte(kindPass << 4)
			case gd.ActReturn:
				w.byte(kindReturn<<4 | 1)
				w.byte(cardCode(a.Card))
			case gd.ActPlay:
				cards := a.Cards.Cards()
				kind := byte(kindPlay)
				if !a.Reading.IsZero() {
					kind = kindPlayReading
				}
				w.byte(kind<<4 | byte(len(cards)))
				for _, c := range cards {
					w.byte(cardCode(c))
				}
				if kind == kindPlayReading {
					txt := a.Reading.String()
					w.uvarint(uint64(len(txt)))
					w.b = append(w.b, txt...)
				}
			}
		}
	}
	return w.b
}

// maxGuandanDeals bounds a record's deals: far beyond any real match, small enough that a
// damaged count cannot make the decoder allocate without bound.
const maxGuandanDeals = 1000

// DecodeGuandan reads a record and replays its current deal; see the package doc for what it
// refuses. The earlier deals are read and checked for form, not replayed: Replay does that.
func DecodeGuandan(b []byte) (*Guandan, error) {
	r := &reader{b: b}
	h, err := readHeader(r, gameGuandan, gd.RulesVersion)
	if err != nil {
		return nil, err
	}
	n := r.count(maxGuandanDeals)
	if r.err == nil && n == 0 {
		r.fail("no deal")
	}
	g := &Guandan{ID: h.id, Started: h.started, Seed: h.seed, deals: make([]guandanDeal, n)}
	for i := range g.deals {
		g.deals[i] = readGuandanDeal(r)
		if r.err != nil {
			return nil, r.err
		}
	}
	if err := r.done(); err != nil {
		return nil, err
	}
	if g.deals[0].start.RNG != h.seed {
		return nil, fmt.Errorf("%w: the first deal does not start from the seed", ErrCorrupt)
	}
	last := g.deals[n-1]
	g.m, g.opening, g.steps, err = replayGuandanDeal(last.start, last.actions)
	if err != nil {
		return nil, err
	}
	return g, nil
}

func readGuandanDeal(r *reader) guandanDeal {
	var s gd.DealStart
	s.RNG = r.u64()
	for i := range s.Levels {
		s.Levels[i] = readLevel(r)
	}
	s.Level = readLevel(r)
	s.DealNo = r.count(maxGuandanDeals)
	if r.err == nil && s.DealNo == 0 {
		r.fail("deal number 0")
	}
	nf := r.count(4)
	for range nf {
		seat := r.byte()
		if seat > 3 {
			r.fail("seat out of range")
		} else if slices.Contains(s.PrevFinish, int(seat)) {
			// The tribute finds the last place as the seat missing from the first three.
			r.fail("a seat twice in the finish")
		}
		s.PrevFinish = append(s.PrevFinish, int(seat))
	}
	switch r.byte() {
	case 0:
	case 1:
		s.Given = true
		s.Leader = int(r.byte())
		if s.Leader > 3 {
			r.fail("seat out of range")
		}
		var all gd.Set
		for i := range s.Hands {
			for range r.count(gd.NumCards) {
				c := readCard(r)
				if all.Has(c) {
					r.fail("a card dealt twice")
				}
				all.Add(c)
				s.Hands[i].Add(c)
			}
		}
	default:
		r.fail("bad deal start")
	}
	d := guandanDeal{start: s}
	// A deal has at most 108 plays and fewer than three passes a play, and four returns.
	k := r.count(4 * 108)
	if r.err == nil {
		d.actions = make([]gd.Action, 0, k)
	}
	for range k {
		head := r.byte()
		kind, ncards := head>>4, int(head&0xf)
		a := gd.Action{}
		switch {
		case kind == kindPass && ncards == 0:
			a.Kind = gd.ActPass
		case kind == kindReturn && ncards == 1:
			a.Kind = gd.ActReturn
			a.Card = readCard(r)
		case (kind == kindPlay || kind == kindPlayReading) && ncards >= 1 && ncards <= maxPlay:
			a.Kind = gd.ActPlay
			for range ncards {
				c := readCard(r)
				if a.Cards.Has(c) {
					r.fail("a card twice in a play")
				}
				a.Cards.Add(c)
			}
			if kind == kindPlayReading {
				txt := make([]byte, r.count(32))
				for i := range txt {
					txt[i] = r.byte()
				}
				rd, err := gd.ParseReading(string(txt))
				if err != nil || rd.IsZero() {
					r.fail("bad reading")
				}
				a.Reading = rd
			}
		default:
			r.fail("bad action")
		}
		if r.err != nil {
			return d
		}
		d.actions = append(d.actions, a)
	}
	return d
}

func readLevel(r *reader) gd.Rank {
	v := gd.Rank(r.byte())
	if v < gd.Two || v > gd.Ace {
		r.fail("level out of range")
	}
	return v
}

func readCard(r *reader) gd.Card {
	c, ok := codeCard(r.byte())
	if !ok {
		r.fail("card out of range")
	}
	return c
}

// Starts are the starts of the deals dealt so far, oldest first: each deal's levels going in
// and the previous deal's finishing order, from which a history sums up the match.
func (g *Guandan) Starts() []gd.DealStart {
	out := make([]gd.DealStart, len(g.deals))
	for i, d := range g.deals {
		out[i] = d.start
		out[i].PrevFinish = slices.Clone(d.start.PrevFinish)
	}
	return out
}
