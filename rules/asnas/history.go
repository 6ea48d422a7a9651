package asnas

import (
	"encoding/json"
	"fmt"
)

// MaxHistory bounds the actions of one deal, looks included: four looks and at most 13 bets
// (three raises, each obliging the others to answer again). TestHistoryBound walks the whole
// betting tree and finds that the longest deal needs exactly this many.
const MaxHistory = 17

// History is the public record of a deal's actions, in the order they were taken: every call,
// hold, raise and fold, and every look, since everybody at the table sees a player look at
// their cards (RULES.md "Betting"). It is what a player at the table remembers of the betting,
// and it is what the AI reads its position from.
//
// It is a fixed array, not a slice, so that a Deal stays a plain value that Apply copies whole
// and that == compares. In JSON it is a list of "SEAT:VERB" strings, the conformance notation.
type History struct {
	n       uint8
	actions [MaxHistory]Action
}

// Len returns the number of actions recorded.
func (h History) Len() int { return int(h.n) }

// At returns the i-th action, 0 being the first.
func (h History) At(i int) Action { return h.actions[i] }

// Actions returns a fresh slice of the recorded actions, oldest first.
func (h History) Actions() []Action {
	out := make([]Action, h.n)
	copy(out, h.actions[:h.n])
	return out
}

// with returns the history with a appended. Apply never records more than MaxHistory actions
// (see MaxHistory), so a full history is an engine bug and panics.
func (h History) with(a Action) History {
	if int(h.n) >= MaxHistory {
		panic("asnas: history overflow")
	}
	h.actions[h.n] = a
	h.n++
	return h
}

// MarshalJSON writes the history as a list of "SEAT:VERB" strings.
func (h History) MarshalJSON() ([]byte, error) {
	words := make([]string, h.n)
	for i, a := range h.actions[:h.n] {
		words[i] = a.String()
	}
	return json.Marshal(words)
}

// UnmarshalJSON reads a list of "SEAT:VERB" strings. A stored deal from before histories were
// kept has none, which reads as an empty history.
func (h *History) UnmarshalJSON(data []byte) error {
	var words []string
	if err := json.Unmarshal(data, &words); err != nil {
		return err
	}
	if len(words) > MaxHistory {
		return fmt.Errorf("asnas: a history of %d actions is longer than any deal", len(words))
	}
	var out History
	for _, w := range words {
		var seat int
		var verb string
		if _, err := fmt.Sscanf(w, "%d:%s", &seat, &verb); err != nil {
			return fmt.Errorf("asnas: bad history entry %q", w)
		}
		v, err := ParseVerb(verb)
		if err != nil {
			return err
		}
		if seat < 0 || seat >= NumSeats {
			return fmt.Errorf("%w in history: %d", ErrBadSeat, seat)
		}
		out = out.with(Action{Seat: seat, Verb: v})
	}
	*h = out
	return nil
}
