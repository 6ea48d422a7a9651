package views

import (
	"context"
	"strings"
	"testing"

	"github.com/cardavia/cardavia/i18n"
	"github.com/cardavia/cardavia/rules/asnas"
)

// TestEveryMessageFormatsInEveryLanguage renders every log line, button, card and category name
// in every language: a translation that drops or adds an argument shows up as "%!" here, and a
// missing key as the key itself.
func TestEveryMessageFormatsInEveryLanguage(t *testing.T) {
	v := asnas.View{HighBet: 2, Seats: [4]asnas.SeatView{{Stake: 1}}}
	for _, l := range i18n.Locales {
		ctx := i18n.WithLocale(context.Background(), l)
		var texts []string
		for k := asnas.EvDealt; k <= asnas.EvMatchOver; k++ {
			for _, seat := range []int{0, 1} {
				texts = append(texts, eventText(ctx, asnas.Event{Kind: k, Seat: seat, Amount: 20, To: 2}))
			}
		}
		for _, verb := range []asnas.Verb{asnas.Look, asnas.Call, asnas.Hold, asnas.Raise, asnas.Fold} {
			texts = append(texts, verbLabel(ctx, v, verb))
		}
		for _, k := range []asnas.EventKind{asnas.EvOpened, asnas.EvLooked, asnas.EvCalled, asnas.EvHeld, asnas.EvRaised, asnas.EvFolded} {
			texts = append(texts, sayText(ctx, asnas.Event{Kind: k, Seat: 1, To: 2}))
		}
		for r := asnas.Couli; r <= asnas.As; r++ {
			texts = append(texts, rankName(ctx, r))
		}
		for c := asnas.HighCard; c <= asnas.FourOfAKind; c++ {
			texts = append(texts, categoryName(ctx, c))
		}
		for s := range asnas.NumSeats {
			texts = append(texts, seatName(ctx, s))
		}
		for _, text := range texts {
			if text == "" || strings.Contains(text, "%!") || strings.HasPrefix(text, "asnas.") || strings.HasPrefix(text, "card.") {
				t.Errorf("%s: bad message %q", l.Code, text)
			}
		}
	}
}

// TestBubblesAreSpoken: an action bubble is what the player says at the table, not the
// button's words, where the language's buttons are infinitives or imperatives: Spanish "Subo
// a 3", not "Subir a 3"; Persian "تا ۳ بالا می‌برم" (ending in the first person's م), not
// "بالا بردن تا ۳"; Swedish "Lägger mig" (present tense, ending in -r), not "Lägg dig".
func TestBubblesAreSpoken(t *testing.T) {
	spoken := map[string]func(string) bool{
		"es": func(s string) bool {
			first := strings.Fields(s)[0]
			return first == "Me" || !(strings.HasSuffix(first, "ar") || strings.HasSuffix(first, "er") || strings.HasSuffix(first, "ir") || strings.HasSuffix(first, "se"))
		},
		"fa": func(s string) bool { return strings.HasSuffix(s, "م") && strings.Contains(s, "می\u200c") },
		"sv": func(s string) bool { return strings.HasSuffix(strings.Fields(s)[0], "r") },
	}
	for code, ok := range spoken {
		l, _ := i18n.ByCode(code)
		ctx := i18n.WithLocale(context.Background(), l)
		for _, k := range []asnas.EventKind{asnas.EvLooked, asnas.EvCalled, asnas.EvHeld, asnas.EvRaised, asnas.EvFolded} {
			if say := sayText(ctx, asnas.Event{Kind: k, Seat: 1, To: 3}); !ok(say) {
				t.Errorf("%s: %v's bubble reads %q, not as said at the table", code, k, say)
			}
		}
	}
	ctx := i18n.WithLocale(context.Background(), i18n.Locales[0])
	if got := sayText(ctx, asnas.Event{Kind: asnas.EvRaised, Seat: 1, To: 3}); got != "Raise to 3" {
		t.Errorf("English raise bubble %q, want the button's words", got)
	}
}

func TestEventTextNamesTheSeatAndTheBet(t *testing.T) {
	ctx := i18n.WithLocale(context.Background(), i18n.Locales[0])
	if got := eventText(ctx, asnas.Event{Kind: asnas.EvRaised, Seat: 1, To: 2}); got != "East raised to 2." {
		t.Errorf("raise: %q", got)
	}
	if got := eventText(ctx, asnas.Event{Kind: asnas.EvRaised, Seat: 0, To: 3}); got != "You raised to 3." {
		t.Errorf("your raise: %q", got)
	}
	if got := eventText(ctx, asnas.Event{Kind: asnas.EvWon, Seat: 2, Amount: 20}); got != "North takes 1.67 from the pot." {
		t.Errorf("a split pot's share: %q", got)
	}
}

func TestDisplayHandGroupsThenRanks(t *testing.T) {
	h, err := asnas.ParseHand("couli shah bibi shah couli")
	if err != nil {
		t.Fatal(err)
	}
	want, _ := asnas.ParseHand("shah shah couli couli bibi")
	if got := displayHand(h); got != want {
		t.Errorf("displayHand = %v, want %v", got, want)
	}
}

// TestResultLineSpeaksToTheVisitor: the visitor's own win is told as "you", never as the seat
// name inside a sentence written for the other seats ("You takes the pot").
func TestResultLineSpeaksToTheVisitor(t *testing.T) {
	en, _ := i18n.ByCode("en")
	ctx := i18n.WithLocale(context.Background(), en)
	for _, tc := range []struct {
		r    asnas.DealResult
		want string
	}{
		{asnas.DealResult{Winners: []int{0}}, "You take the pot uncontested; the others never see your hand."},
		{asnas.DealResult{Winners: []int{2}}, "North takes the pot uncontested; the hand is not shown to the others."},
		{asnas.DealResult{Winners: []int{0}, Showdown: true}, "Showdown: you take the pot."},
		{asnas.DealResult{Winners: []int{0, 3}, Showdown: true}, "Showdown: you share the pot with West."},
		{asnas.DealResult{Winners: []int{1}, Showdown: true}, "Showdown: East takes the pot."},
		// The names are the sentence's subject: joined as a sentence joins them.
		{asnas.DealResult{Winners: []int{1, 3}, Showdown: true}, "Showdown: East and West share the pot."},
		{asnas.DealResult{Winners: []int{1, 2, 3}, Showdown: true}, "Showdown: East, North and West share the pot."},
	} {
		if got := resultLine(ctx, tc.r, 0); got != tc.want {
			t.Errorf("resultLine(%v) = %q, want %q", tc.r.Winners, got, tc.want)
		}
	}
}
