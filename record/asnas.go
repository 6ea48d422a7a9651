package record

import (
	"fmt"
	"slices"

	"github.com/cardavia/cardavia/rules/asnas"
)

// Step is one action of a deal in a replay: the seat that acted and what followed.
type Step[E any] struct {
	Seat   int
	Events []E
}

// logSince is the events since seat's last action in the deal: from that action on, or the
// whole deal, its start included, when seat has not acted in it.
func logSince[E any](seat int, opening []E, steps []Step[E]) []E {
	from := 0
	for i := len(steps) - 1; i >= 0; i-- {
		if steps[i].Seat == seat {
			from = i
			break
		}
	}
	var out []E
	if from == 0 && (len(steps) == 0 || steps[0].Seat != seat) {
		out = append(out, opening...)
	}
	for _, s := range steps[from:] {
		out = append(out, s.Events...)
	}
	return out
}

// acted tells whether seat took one of the steps.
func acted[E any](seat int, steps []Step[E]) bool {
	return slices.ContainsFunc(steps, func(s Step[E]) bool { return s.Seat == seat })
}

// dealLog is the whole deal so far: its start, then every step's events.
func dealLog[E any](opening []E, steps []Step[E]) []E {
	out := slices.Clone(opening)
	for _, s := range steps {
		out = append(out, s.Events...)
	}
	return out
}

// Asnas is an As-Nas match: its record (seed and verbs) and the match they replay to. The
// seat of each verb is the seat to act; a new deal is the human's "next deal".
type Asnas struct {
	// ID is the match's own id; Started is when it was dealt (Unix seconds).
	ID      ID
	Started int64
	// Seed is the match seed: the first dealer and every deal's shuffle (rules/asnas).
	Seed  uint64
	deals [][]asnas.Verb
	m     asnas.Match
	// opening and steps are the current deal's start and its actions so far.
	opening []asnas.Event
	steps   []Step[asnas.Event]
}

// NewAsnas deals a new match.
func NewAsnas(id ID, seed uint64, started int64) *Asnas {
	m := asnas.NewMatch(seed)
	return &Asnas{ID: id, Started: started, Seed: seed, deals: [][]asnas.Verb{nil}, m: m, opening: m.Deal.OpeningEvents()}
}

// Match is the current state.
func (a *Asnas) Match() asnas.Match { return a.m }

// Moves counts the match's actions, each "next deal" included: it only ever grows.
func (a *Asnas) Moves() int {
	n := len(a.deals) - 1
	for _, d := range a.deals {
		n += len(d)
	}
	return n
}

// Token is the move number of the current position (see Token).
func (a *Asnas) Token() uint64 { return Token(a.ID, a.Moves()) }

// Deals is the number of deals dealt so far, the current one included.
func (a *Asnas) Deals() int { return len(a.deals) }

// Steps is the number of actions in deal (1-based).
func (a *Asnas) Steps(deal int) int { return len(a.deals[deal-1]) }

// Clone is a copy of a that can be played on while a is read, or played on too (see
// Guandan.Clone): the record's own lists are clipped, so an append of either copy allocates.
func (a *Asnas) Clone() *Asnas {
	c := *a
	c.deals = slices.Clone(a.deals) // Apply appends to the last deal's verbs in place
	c.deals[len(c.deals)-1] = slices.Clip(c.deals[len(c.deals)-1])
	c.opening = slices.Clip(a.opening)
	c.steps = slices.Clip(a.steps)
	return &c
}

// Apply plays one action and records it. The engine's refusal is returned as it is, and
// changes nothing.
func (a *Asnas) Apply(act asnas.Action) ([]asnas.Event, error) {
	if a.Moves() >= maxMoves {
		return nil, ErrTooLong
	}
	next, ev, err := a.m.Apply(act)
	if err != nil {
		return nil, err
	}
	last := len(a.deals) - 1
	a.deals[last] = append(a.deals[last], act.Verb)
	a.m = next
	a.steps = append(a.steps, Step[asnas.Event]{Seat: act.Seat, Events: ev})
	return ev, nil
}

// NextDeal deals the next deal and records it.
func (a *Asnas) NextDeal() ([]asnas.Event, error) {
	if a.Moves() >= maxMoves {
		return nil, ErrTooLong
	}
	next, ev, err := a.m.NextDeal()
	if err != nil {
		return nil, err
	}
	a.deals = append(a.deals, nil)
	a.m, a.opening, a.steps = next, ev, nil
	return ev, nil
}

// Acted tells whether seat has acted in the current deal.
func (a *Asnas) Acted(seat int) bool { return acted(seat, a.steps) }

// Log is what happened since seat's last action in the current deal (all of the deal, its
// deal and opening bet included, if seat has not acted yet), oldest first.
func (a *Asnas) Log(seat int) []asnas.Event { return logSince(seat, a.opening, a.steps) }

// DealLog is everything that happened in the current deal so far, its deal and opening bet
// first: the table's log of the deal, which a look must not cut short.
func (a *Asnas) DealLog() []asnas.Event { return dealLog(a.opening, a.steps) }

// At replays deal (1-based) up to step actions (0: as dealt) and returns the match then, with
// what that step did (the deal's start for step 0).
func (a *Asnas) At(deal, step int) (asnas.Match, []asnas.Event, error) {
	m, ev, _, err := a.AtFrom(deal, step)
	return m, ev, err
}

// AtFrom is At, with how many events of the deal's log (DealLog's, as it was when the deal was
// played) come before the step's: where the step's events are in it.
func (a *Asnas) AtFrom(deal, step int) (asnas.Match, []asnas.Event, int, error) {
	if deal < 1 || deal > len(a.deals) || step < 0 || step > len(a.deals[deal-1]) {
		return asnas.Match{}, nil, 0, fmt.Errorf("%w: no step %d of deal %d", ErrCorrupt, step, deal)
	}
	r, err := replayAsnas(a.ID, a.Started, a.Seed, a.deals[:deal-1], a.deals[deal-1][:step])
	if err != nil {
		return asnas.Match{}, nil, 0, err
	}
	if step == 0 {
		return r.m, r.opening, 0, nil
	}
	return r.m, r.steps[step-1].Events, stepFrom(r.opening, r.steps[:step-1]), nil
}

// stepFrom is how many events the opening and steps hold: where the next step starts in the
// deal's log.
func stepFrom[E any](opening []E, steps []Step[E]) int {
	n := len(opening)
	for _, s := range steps {
		n += len(s.Events)
	}
	return n
}

// replayAsnas plays the finished deals and the current deal's verbs from the seed.
func replayAsnas(id ID, started int64, seed uint64, done [][]asnas.Verb, current []asnas.Verb) (*Asnas, error) {
	a := NewAsnas(id, seed, started)
	for i, deal := range append(slices.Clip(done), current) {
		if i > 0 {
			if _, err := a.NextDeal(); err != nil {
				return nil, fmt.Errorf("%w: deal %d: %v", ErrCorrupt, i+1, err)
			}
		}
		for j, v := range deal {
			if _, err := a.Apply(asnas.Action{Seat: a.m.ToAct(), Verb: v}); err != nil {
				return nil, fmt.Errorf("%w: deal %d action %d: %v", ErrCorrupt, i+1, j+1, err)
			}
		}
	}
	return a, nil
}

// verbCodes are the stored codes of the verbs, by verb (never the engine's own numbers).
var verbCodes = map[asnas.Verb]byte{asnas.Look: 1, asnas.Call: 2, asnas.Hold: 3, asnas.Raise: 4, asnas.Fold: 5}

var codeVerbs = func() map[byte]asnas.Verb {
	out := map[byte]asnas.Verb{}
	for v, c := range verbCodes {
		out[c] = v
	}
	return out
}()

// Encode writes the record.
func (a *Asnas) Encode() []byte {
	w := &writer{b: make([]byte, 0, 64+a.Moves())}
	w.header(header{game: gameAsnas, id: a.ID, started: a.Started, seed: a.Seed}, asnas.RulesVersion)
	w.uvarint(uint64(len(a.deals)))
	for _, d := range a.deals {
		w.uvarint(uint64(len(d)))
		for _, v := range d {
			w.byte(verbCodes[v])
		}
	}
	return w.b
}

// DecodeAsnas reads a record and replays it; see the package doc for what it refuses.
func DecodeAsnas(b []byte) (*Asnas, error) {
	r := &reader{b: b}
	h, err := readHeader(r, gameAsnas, asnas.RulesVersion)
	if err != nil {
		return nil, err
	}
	n := r.count(asnas.DealsPerMatch)
	if r.err == nil && n == 0 {
		r.fail("no deal")
	}
	deals := make([][]asnas.Verb, n)
	for i := range deals {
		// A deal has at most a look and four actions per raise level for each seat.
		k := r.count(64)
		for range k {
			v, ok := codeVerbs[r.byte()]
			if !ok {
				r.fail("unknown verb")
			}
			deals[i] = append(deals[i], v)
		}
	}
	if err := r.done(); err != nil {
		return nil, err
	}
	return replayAsnas(h.id, h.started, h.seed, deals[:n-1], deals[n-1])
}
