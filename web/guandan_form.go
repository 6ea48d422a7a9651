package web

import (
	"net/http"
	"strconv"

	gd "github.com/cardavia/cardavia/rules/guandan"
	"github.com/cardavia/cardavia/web/views"
)

// A card in a Guandan form is its index 0..107 (gd.Card). The index tells the two copies of a
// card apart and gives nothing away: forms only ever name the human's own cards.

// parseCardIDs reads the card fields of a POST. A field that is not a card index is garbled
// input (400); a card named twice is the same card.
func parseCardIDs(values []string) (gd.Set, error) {
	var set gd.Set
	if len(values) > gd.NumCards {
		return set, badRequest("too many cards")
	}
	for _, v := range values {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n >= gd.NumCards {
			return gd.Set{}, badRequest("garbled card id")
		}
		set.Add(gd.Card(n))
	}
	return set, nil
}

// querySelection reads the cards a table URL shows selected, keeping only those in the hand:
// a query cannot change the match, so anything else in it is ignored rather than refused.
func querySelection(values []string, hand gd.Set) gd.Set {
	var set gd.Set
	for i, v := range values {
		if i >= gd.NumCards {
			break
		}
		if n, err := strconv.Atoi(v); err == nil && n >= 0 && n < gd.NumCards && hand.Has(gd.Card(n)) {
			set.Add(gd.Card(n))
		}
	}
	return set
}

// tableURL is where a Guandan form sends the visitor back to: the table, with the hand
// arranged as it was and the cards to show selected.
type tableURL struct {
	// path is the table's page: /guandan, or a shared table's.
	path    string
	arrange views.Arrangement
	cards   gd.Set
}

// redirect answers 303 See Other to the table, with a notice (NoticeNone for none).
func (u tableURL) redirect(w http.ResponseWriter, r *http.Request, notice views.Notice) error {
	http.Redirect(w, r, views.GuandanURL(u.path, u.arrange, u.cards, notice, false), http.StatusSeeOther)
	return nil
}

// namedReading is the reading a play form names for cards, zero for none. A form names it
// for the cards it was shown with (reading-for): the hint's reading, or the question of
// which, is about those cards, and a player who ticks others without the script (which drops
// both) plays those as the engine reads them, asked again if they read several ways, not
// as the reading meant for the cards before.
func namedReading(r *http.Request, cards gd.Set) (gd.Reading, error) {
	txt := r.PostFormValue("reading")
	if txt == "" {
		return gd.Reading{}, nil
	}
	named, err := gd.ParseReading(txt)
	if err != nil {
		return gd.Reading{}, badRequest("unknown reading")
	}
	if _, ok := r.PostForm["reading-for"]; ok {
		shown, err := parseCardIDs(r.PostForm["reading-for"])
		if err != nil {
			return gd.Reading{}, err
		}
		if shown != cards {
			return gd.Reading{}, nil
		}
	}
	return named, nil
}
