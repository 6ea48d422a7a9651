package views

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/cardavia/cardavia/i18n"
	"github.com/cardavia/cardavia/rules/asnas"
)

// itoa prints plain ASCII digits for attributes and hidden fields (a locale printer would
// print Persian digits or group separators there).
func itoa(n int) string { return strconv.Itoa(n) }

func utoa(n uint64) string { return strconv.FormatUint(n, 10) }

func boolAttr(b bool) string { return strconv.FormatBool(b) }

// seatName is a seat's name in the context's language ("You", "East", …).
func seatName(ctx context.Context, seat int) string {
	return i18n.T(ctx, "asnas.seat."+itoa(seat))
}

// seatList joins seat names with the language's list separator.
func seatList(ctx context.Context, seats []int) string {
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = seatName(ctx, s)
	}
	return strings.Join(names, i18n.T(ctx, "list.separator"))
}

// score prints an exact score rounded to two decimals in the locale's digits.
func score(ctx context.Context, s asnas.Score) string {
	return i18n.Number(ctx, s.Float(), 2)
}

// rankName is a card's name in the context's language.
func rankName(ctx context.Context, r asnas.Rank) string {
	return i18n.T(ctx, "card.asnas."+r.String())
}

// categoryName is a hand category's name in the context's language.
func categoryName(ctx context.Context, c asnas.Category) string {
	return i18n.T(ctx, "asnas.category."+c.String())
}

// verbLabel is the button text of a legal verb; a raise names the bet it raises to.
func verbLabel(ctx context.Context, v asnas.View, verb asnas.Verb) string {
	switch verb {
	case asnas.Raise:
		return i18n.T(ctx, "asnas.verb.raise", v.HighBet+1)
	case asnas.Call:
		return i18n.T(ctx, "asnas.verb.call", v.HighBet-v.Me().Stake)
	}
	return i18n.T(ctx, "asnas.verb."+verb.String())
}

// shortcuts are the keys app.js binds to the table's buttons (an enhancement: every button
// works without them). The letters are the English verbs'; they are announced through
// aria-keyshortcuts, not printed.
var shortcuts = map[string]string{"look": "l", "call": "c", "hold": "h", "raise": "r", "fold": "f", "next": "n"}

// shortcut is the key bound to a verb or action.
func shortcut(name string) string { return shortcuts[name] }

// eventText narrates one engine event for the log. The human's own actions have their own
// messages ("You raised to 2"), because most languages conjugate differently for "you". Each
// message gets exactly the arguments it prints.
func eventText(ctx context.Context, e asnas.Event) string {
	kind := strings.ReplaceAll(e.Kind.String(), "-", "")
	who, args := "asnas.log.", []any{seatName(ctx, e.Seat)}
	if e.Seat == 0 {
		who, args = "asnas.log.you.", nil
	}
	switch e.Kind {
	case asnas.EvShowdown, asnas.EvDealOver, asnas.EvMatchOver:
		return i18n.T(ctx, "asnas.log."+kind)
	case asnas.EvWon:
		args = append(args, score(ctx, e.Amount))
	case asnas.EvOpened, asnas.EvCalled, asnas.EvRaised:
		args = append(args, e.To)
	}
	return i18n.T(ctx, who+kind, args...)
}

// displayHand orders a shown hand for reading: larger groups first, then higher ranks
// (Shah Shah Shah Bibi Couli), the order in which hands are compared.
func displayHand(h asnas.Hand) asnas.Hand {
	counts := h.Counts()
	slices.SortStableFunc(h[:], func(a, b asnas.Rank) int {
		if counts[a] != counts[b] {
			return counts[b] - counts[a]
		}
		return int(b) - int(a)
	})
	return h
}

// isNegative tells the score table to mark a loss.
func isNegative(s asnas.Score) bool { return s < 0 }

// resultLine tells who took the pot of a finished deal. The visitor's own win has its own
// sentences: "You" is a seat name, and most languages conjugate differently for it.
func resultLine(ctx context.Context, r asnas.DealResult, viewer int) string {
	others := slices.DeleteFunc(slices.Clone(r.Winners), func(s int) bool { return s == viewer })
	you := len(others) < len(r.Winners)
	switch {
	case !r.Showdown && you:
		return i18n.T(ctx, "asnas.result.you.uncontested")
	case !r.Showdown:
		return i18n.T(ctx, "asnas.result.uncontested", seatList(ctx, r.Winners))
	case you && len(others) == 0:
		return i18n.T(ctx, "asnas.result.you.won")
	case you:
		return i18n.T(ctx, "asnas.result.you.shared", seatList(ctx, others))
	}
	return i18n.T(ctx, "asnas.result.showdown", len(r.Winners), seatList(ctx, r.Winners))
}
