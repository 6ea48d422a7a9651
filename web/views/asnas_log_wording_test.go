package views

import (
	"context"
	"testing"

	"github.com/cardavia/cardavia/i18n"
	"github.com/cardavia/cardavia/rules/asnas"
)

// TestLogSpeaksToTheVisitor: the visitor's own share of a pot is told in the second person
// ("You take 1.67 from the pot"), never in the sentence written for the other seats ("You
// takes 1.67 from the pot"), and every other seat keeps the third person.
func TestLogSpeaksToTheVisitor(t *testing.T) {
	en, _ := i18n.ByCode("en")
	ctx := i18n.WithLocale(context.Background(), en)
	for _, c := range []struct {
		e    asnas.Event
		want string
	}{
		{asnas.Event{Kind: asnas.EvWon, Seat: 0, Amount: 20}, "You take 1.67 from the pot."},
		{asnas.Event{Kind: asnas.EvWon, Seat: 3, Amount: 20}, "West takes 1.67 from the pot."},
		{asnas.Event{Kind: asnas.EvUncontested, Seat: 0, Amount: 60}, "Everybody else folded: you take the pot."},
		{asnas.Event{Kind: asnas.EvLooked, Seat: 0}, "You looked at your cards."},
		{asnas.Event{Kind: asnas.EvCalled, Seat: 0, Amount: 12, To: 2}, "You called to 2."},
	} {
		if got := eventText(ctx, c.e); got != c.want {
			t.Errorf("%v of seat %d: %q, want %q", c.e.Kind, c.e.Seat, got, c.want)
		}
	}
}
