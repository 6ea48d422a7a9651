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

func i64toa(n int64) string { return strconv.FormatInt(n, 10) }

func boolAttr(b bool) string { return strconv.FormatBool(b) }

// seatName is a seat's name in the context's language ("You", "East", a player's name), as the
// viewer sees the table (see Seating).
func seatName(ctx context.Context, seat int) string {
	return seatWord(ctx, "asnas.seat.", seat)
}

// seatHeading is a seat's name on its heading at the felt (see feltWord).
func seatHeading(ctx context.Context, seat int) string {
	return feltWord(ctx, "asnas.seat.", seat)
}

// isYou tells whether seat is the viewer's: their own actions have sentences of their own.
func isYou(ctx context.Context, seat int) bool { return seatingOf(ctx).isViewer(seat) }

// seatList joins seat names with the language's list separator.
func seatList(ctx context.Context, seats []int) string {
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = seatName(ctx, s)
	}
	return strings.Join(names, i18n.T(ctx, "list.separator"))
}

// seatAnd joins seat names as a sentence names them, the last two with the language's "and"
// ("Waiting for Sara, Ali and West (AI)"); a list after a colon ("Winners: …") is a seatList.
func seatAnd(ctx context.Context, seats []int) string {
	if len(seats) < 2 {
		return seatList(ctx, seats)
	}
	last := len(seats) - 1
	return i18n.T(ctx, "list.and", seatList(ctx, seats[:last]), seatName(ctx, seats[last]))
}

// score prints an exact score rounded to two decimals in the locale's digits: the scores
// table's and the standings' columns, aligned on their decimals.
func score(ctx context.Context, s asnas.Score) string {
	return i18n.Number(ctx, s.Float(), 2)
}

// amountText prints a number of points as a sentence says it, in the locale's digits: a whole
// number without decimals ("takes 4 from the pot", under "Pot: 4"), a share of a split pot with
// as few as it needs, two at most ("1.5", "1.33").
func amountText(ctx context.Context, s asnas.Score) string {
	return i18n.Number(ctx, s.Float(), amountDecimals(s))
}

// amountDecimals is how many decimals a score needs, two at most: none for whole points, one
// for halves, two for thirds, quarters and twelfths (rounded).
func amountDecimals(s asnas.Score) int {
	switch {
	case s%asnas.ScoreUnit == 0:
		return 0
	case s*10%asnas.ScoreUnit == 0:
		return 1
	}
	return 2
}

// rankName is a card's name in the context's language.
func rankName(ctx context.Context, r asnas.Rank) string {
	return i18n.T(ctx, "card.asnas."+r.String())
}

// categoryName is a hand category's name in the context's language.
func categoryName(ctx context.Context, c asnas.Category) string {
	return i18n.T(ctx, "asnas.category."+c.String())
}

// verbLabel is the button text of a legal verb. Call and Raise both name the stake level the
// visitor reaches ("Call to 2", "Raise to 3"), as the log ("You called to 2") and the rules
// do: one meaning for each word, never the amount paid.
func verbLabel(ctx context.Context, v asnas.View, verb asnas.Verb) string {
	switch verb {
	case asnas.Raise:
		return i18n.T(ctx, "asnas.verb.raise", v.HighBet+1)
	case asnas.Call:
		return i18n.T(ctx, "asnas.verb.call", v.HighBet)
	}
	return i18n.T(ctx, "asnas.verb."+verb.String())
}

// shortcutKeys is the one table of keyboard shortcuts for every game's table, by action (the
// data-action names of the buttons). Templates print the key on the button (ShortcutKey) and
// put it in aria-keyshortcuts; app.js binds whatever aria-keyshortcuts says, so this table is
// the only place a key is chosen. A key may serve two actions that never share a page (Next
// deal and Rematch). The letters are the English verbs': app.js also matches the physical key
// (KeyL), so they work on a Persian or Chinese keyboard layout too.
var shortcutKeys = map[string]string{
	"look": "l", "call": "c", "hold": "h", "raise": "r", "fold": "f", "coach": "a",
	"play": "p", "pass": "x", "return": "r", "hint": "h",
	"next": "n", "new": "n",
}

// Shortcut is the key bound to a table action ("" for none), for aria-keyshortcuts.
func Shortcut(action string) string { return shortcutKeys[action] }

// KeyLine is a line of a keys help: the action whose key it shows (Shortcut) and the catalog
// key of what the key does there.
type KeyLine struct{ Action, Words string }

// sayText is what a seat's action bubble says about its last action, as a player at the table
// would say it: "Raise to 2" in English, where the button has the same words, but "Subo a 2"
// in Spanish and "تا ۲ بالا می‌برم" in Persian, whose buttons are infinitives ("Subir a 2").
// The amounts are the buttons' and the log's: the stake level reached.
func sayText(ctx context.Context, e asnas.Event) string {
	switch e.Kind {
	case asnas.EvOpened:
		return i18n.T(ctx, "table.asnas.say.opened", e.To)
	case asnas.EvLooked:
		return i18n.T(ctx, "table.asnas.say.look")
	case asnas.EvCalled:
		return i18n.T(ctx, "table.asnas.say.call", e.To)
	case asnas.EvHeld:
		return i18n.T(ctx, "table.asnas.say.hold")
	case asnas.EvRaised:
		return i18n.T(ctx, "table.asnas.say.raise", e.To)
	case asnas.EvFolded:
		return i18n.T(ctx, "table.asnas.say.fold")
	}
	return ""
}

// eventText narrates one engine event for the log. The human's own actions have their own
// messages ("You raised to 2"), because most languages conjugate differently for "you". Each
// message gets exactly the arguments it prints.
func eventText(ctx context.Context, e asnas.Event) string {
	kind := strings.ReplaceAll(e.Kind.String(), "-", "")
	who, args := "asnas.log.", []any{seatName(ctx, e.Seat)}
	switch {
	case youByAI(ctx, e.Seat):
		who, args = "asnas.log.youai.", nil
	case isYou(ctx, e.Seat):
		who, args = "asnas.log.you.", nil
	}
	switch e.Kind {
	case asnas.EvShowdown, asnas.EvDealOver, asnas.EvMatchOver:
		return i18n.T(ctx, "asnas.log."+kind)
	case asnas.EvWon:
		args = append(args, amountText(ctx, e.Amount))
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
		return i18n.T(ctx, "asnas.result.you.shared", seatAnd(ctx, others))
	}
	return i18n.T(ctx, "asnas.result.showdown", len(r.Winners), seatAnd(ctx, r.Winners))
}

// ownResultLine tells the viewer at seat viewer what the deal just finished did to their
// score (RULES.md Settlement: the payout less the stake, shown to two decimals as every
// score): "You win 3.00 points.", "You lose 1.00 point."; a pot taken or shared for no more
// than the stake put in gives it back ("You get your 1 point back."), and a player who folded
// before putting anything in loses nothing.
func ownResultLine(ctx context.Context, r asnas.DealResult, viewer int) string {
	if viewer < 0 || viewer >= asnas.NumSeats {
		return ""
	}
	switch net := r.Net[viewer]; {
	case net > 0:
		return i18n.T(ctx, "asnas.result.you.gain", score(ctx, net))
	case net < 0:
		return i18n.T(ctx, "asnas.result.you.loss", score(ctx, -net))
	case r.Stakes[viewer] > 0:
		return i18n.T(ctx, "asnas.result.you.back", r.Stakes[viewer])
	}
	return i18n.T(ctx, "asnas.result.you.even")
}

// keyCap is how a shortcut key is printed on a key cap: a letter in capitals.
func keyCap(k string) string { return strings.ToUpper(k) }

// matchWinnersLine tells who won the match; the visitor is "you", in sentences of their own.
func matchWinnersLine(ctx context.Context, winners []int, viewer int) string {
	others := slices.DeleteFunc(slices.Clone(winners), func(s int) bool { return s == viewer })
	switch {
	case len(others) == len(winners):
		return i18n.T(ctx, "asnas.match.winners", len(winners), seatList(ctx, winners))
	case len(others) == 0:
		return i18n.T(ctx, "table.asnas.match.you")
	}
	return i18n.T(ctx, "table.asnas.match.youshare", seatAnd(ctx, others))
}

// errorText is the catalog key of an error page's words: text, or the status's own.
func errorText(status int, text string) string {
	if text != "" {
		return text
	}
	return "error." + itoa(status)
}
