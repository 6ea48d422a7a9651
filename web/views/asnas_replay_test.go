package views

import (
	"context"
	"encoding/json"
	"maps"
	"testing"

	"github.com/cardavia/cardavia/i18n"
	"github.com/cardavia/cardavia/rules/asnas"
)

// TestSlotsJSON: a replay step's slots are one JSON object naming every slot of the felt (the
// pot, the highest bet, each seat's stake, status and bubble) with its text in that state,
// in every language, names in the order a marshalled map gave them.
func TestSlotsJSON(t *testing.T) {
	st := feltState{Pot: 12, HighBet: 3, Stakes: [asnas.NumSeats]int{1, 2, 3, 0}, Looked: [asnas.NumSeats]bool{true}, Folded: [asnas.NumSeats]bool{false, true}}
	st.Said[2] = asnas.Event{Kind: asnas.EvRaised, Seat: 2, To: 3}
	for _, l := range i18n.Locales {
		ctx := i18n.WithLocale(context.Background(), l)
		b, err := slotsJSON(ctx, st)
		if err != nil {
			t.Fatal(err)
		}
		var got map[string]string
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatalf("%s: %s is not a JSON object: %v", l.Code, b, err)
		}
		want := map[string]string{"pot": slotText(ctx, st, "pot", -1), "highbet": slotText(ctx, st, "highbet", -1)}
		for s := range asnas.NumSeats {
			for _, slot := range []string{"stake", "status", "say"} {
				want[slotName(slot, s)] = slotText(ctx, st, slot, s)
			}
		}
		if !maps.Equal(got, want) {
			t.Errorf("%s: slots %v, want %v", l.Code, got, want)
		}
		if w, _ := json.Marshal(want); string(w) != string(b) {
			t.Errorf("%s: %s, want the names in order as %s", l.Code, b, w)
		}
		if want["pot"] == "" || want["say-2"] == "" {
			t.Errorf("%s: the pot or seat 2's raise not told: %v", l.Code, want)
		}
	}
}
