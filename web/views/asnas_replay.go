package views

import (
	"context"
	"encoding/json"
	"strconv"

	"github.com/a-h/templ"

	"github.com/cardavia/cardavia/i18n"
	"github.com/cardavia/cardavia/rules/asnas"
)

// The As-Nas table's replay: app.js plays the events since the visitor's last move one at a
// time (the data-replay contract is below). The page itself is the end state; each step
// carries the texts of the table's slots (pot, highest bet, each seat's stake, status and
// bubble) as they stood after that event, and each slot carries its text from before the
// first step. All of it is rebuilt from the deal's log, which only holds
// what every seat saw, so the replay can show nothing the visitor may not see.
//
// The replay contract (data attributes, for every game's table, read by static/app.js):
//   [data-replay]              the table's root. Without it nothing is replayed. The page as
//                              served is the END state; the replay only shows how it came about.
//   [data-replay-step]         one step, in document order (a log line, typically). Attributes:
//     data-replay-seat="N"     the seat acting: the element [data-seat="N"] inside the root gets
//                              the class replay-acting while the step shows.
//     data-replay-set='{…}'    JSON object, slot name → text: every slot's text after this step.
//     data-replay-show="a b"   ids of elements that appear at this step (hidden until then).
//     data-replay-say="…"      what a screen reader hears for the step; else the step's text.
//   [data-replay-slot="name"]  an element whose text changes during the replay; its
//     data-replay-from="…"     text before the first step (no attribute: left as it is).
//                              A slot that changes gets the class pop for a moment (a bubble).
//   [data-replay-live]         an aria-live region: each step's words are put there once.
// While a step is still to come it carries data-replay-pending (app.css hides it), and the root
// the class replaying. A click, a tap or any key ends the replay at once and shows the end
// state (the key does nothing else); with prefers-reduced-motion the end state shows at once.

// final is the table as the page shows it: the View's numbers, and the log's last actions.
func (t AsnasTable) final() feltState {
	st := feltState{Pot: t.View.Pot, HighBet: t.View.HighBet}
	for s, sv := range t.View.Seats {
		st.Stakes[s], st.Looked[s], st.Folded[s] = sv.Stake, sv.Looked, sv.Folded
	}
	st.Said = t.stateAt(len(t.Log)).Said
	return st
}

// slotText is the text of one replay slot in a state: "pot", "highbet", "stake-N",
// "status-N" or "say-N".
func slotText(ctx context.Context, st feltState, slot string, seat int) string {
	switch slot {
	case "pot":
		return i18n.T(ctx, "asnas.pot", st.Pot)
	case "highbet":
		return i18n.T(ctx, "asnas.highbet", st.HighBet)
	case "stake":
		return i18n.T(ctx, "asnas.stake", st.Stakes[seat])
	case "status":
		switch {
		case st.Folded[seat]:
			return i18n.T(ctx, "asnas.status.folded")
		case st.Looked[seat]:
			return i18n.T(ctx, "asnas.status.looked")
		}
		return i18n.T(ctx, "asnas.status.unseen")
	case "say":
		return sayText(ctx, st.Said[seat])
	}
	return ""
}

// slotName is a slot's name on the page: "pot", or "stake-2" for a seat's slot.
func slotName(slot string, seat int) string {
	if seat < 0 {
		return slot
	}
	return slot + "-" + strconv.Itoa(seat)
}

// replaySlots are the slots a step sets, as (slot, seat), in the order of their names: the
// order a JSON object of them had when it was a marshalled map.
var replaySlots = func() []replaySlot {
	out := []replaySlot{{"highbet", -1}, {"pot", -1}}
	for _, slot := range []string{"say", "stake", "status"} {
		for s := range asnas.NumSeats {
			out = append(out, replaySlot{slot, s})
		}
	}
	return out
}()

type replaySlot struct {
	slot string
	seat int // -1 for the table's slots
}

// slotsJSON are every slot's texts in a state, as a JSON object by slot name.
func slotsJSON(ctx context.Context, st feltState) ([]byte, error) {
	b := make([]byte, 0, 512)
	b = append(b, '{')
	for i, sl := range replaySlots {
		slot, seat := sl.slot, sl.seat
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendQuote(b, slotName(slot, seat))
		v, err := json.Marshal(slotText(ctx, st, slot, seat))
		if err != nil {
			return nil, err
		}
		b = append(b, ':')
		b = append(b, v...)
	}
	return append(b, '}'), nil
}

// slotAttrs are a slot's attributes: its name, and, when the page replays, its text before
// the first step.
func (t AsnasTable) slotAttrs(ctx context.Context, slot string, seat int) templ.OrderedAttributes {
	// In the order a map's keys would print (templ sorts them), without a map to sort.
	name := templ.KeyValue[string, any]{Key: "data-replay-slot", Value: slotName(slot, seat)}
	if t.Replayable() {
		return templ.OrderedAttributes{{Key: "data-replay-from", Value: slotText(ctx, t.stateAt(t.Since()), slot, seat)}, name}
	}
	return templ.OrderedAttributes{name}
}

// stepAttrs are the replay attributes of the log's event i: none before the replay starts,
// else the step's seat and the slots' texts after it.
func (t AsnasTable) stepAttrs(ctx context.Context, i int) templ.OrderedAttributes {
	if !t.Replayable() || i < t.Since() {
		return nil
	}
	set, err := slotsJSON(ctx, t.stateAt(i+1))
	if err != nil {
		return nil
	}
	a := make(templ.OrderedAttributes, 0, 3)
	if e := t.Log[i]; e.Seat >= 0 && e.Seat < asnas.NumSeats {
		a = append(a, templ.KeyValue[string, any]{Key: "data-replay-seat", Value: strconv.Itoa(e.Seat)})
	}
	return append(a, templ.KeyValue[string, any]{Key: "data-replay-set", Value: string(set)},
		templ.KeyValue[string, any]{Key: "data-replay-step", Value: strconv.Itoa(i - t.Since())})
}

// asideAttrs are the replay attributes of a shared table's aside among the events replayed: a
// step of its own at its seat, the slots as they stood before the event that follows it.
func (t AsnasTable) asideAttrs(ctx context.Context, a LogAside) templ.OrderedAttributes {
	if !t.Replayable() || a.At < t.Since() || a.At > len(t.Log) {
		return nil
	}
	set, err := slotsJSON(ctx, t.stateAt(a.At))
	if err != nil {
		return nil
	}
	return templ.OrderedAttributes{{Key: "data-replay-seat", Value: strconv.Itoa(a.Seat)},
		{Key: "data-replay-set", Value: string(set)},
		{Key: "data-replay-step", Value: strconv.Itoa(a.At - t.Since())}}
}
