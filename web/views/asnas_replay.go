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
// time (the data-replay contract is described at the top of static/app.js). The page itself
// is the end state; each step carries the texts of the table's slots (pot, highest bet, each
// seat's stake, status and bubble) as they stood after that event, and each slot carries its
// text from before the first step. All of it is rebuilt from the deal's log, which only holds
// what every seat saw, so the replay can show nothing the visitor may not see.

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

// slotsOf are every slot's texts in a state, by slot name.
func slotsOf(ctx context.Context, st feltState) map[string]string {
	m := map[string]string{"pot": slotText(ctx, st, "pot", -1), "highbet": slotText(ctx, st, "highbet", -1)}
	for s := range asnas.NumSeats {
		for _, slot := range []string{"stake", "status", "say"} {
			m[slotName(slot, s)] = slotText(ctx, st, slot, s)
		}
	}
	return m
}

// slotAttrs are a slot's attributes: its name, and, when the page replays, its text before
// the first step.
func (t AsnasTable) slotAttrs(ctx context.Context, slot string, seat int) templ.Attributes {
	a := templ.Attributes{"data-replay-slot": slotName(slot, seat)}
	if t.Replayable() {
		a["data-replay-from"] = slotText(ctx, t.stateAt(t.Since()), slot, seat)
	}
	return a
}

// stepAttrs are the replay attributes of the log's event i: none before the replay starts,
// else the step's seat and the slots' texts after it.
func (t AsnasTable) stepAttrs(ctx context.Context, i int) templ.Attributes {
	if !t.Replayable() || i < t.Since() {
		return nil
	}
	set, err := json.Marshal(slotsOf(ctx, t.stateAt(i+1)))
	if err != nil {
		return nil
	}
	a := templ.Attributes{"data-replay-step": strconv.Itoa(i - t.Since()), "data-replay-set": string(set)}
	if e := t.Log[i]; e.Seat >= 0 && e.Seat < asnas.NumSeats {
		a["data-replay-seat"] = strconv.Itoa(e.Seat)
	}
	return a
}
