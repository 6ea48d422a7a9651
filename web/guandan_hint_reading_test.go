package web

import (
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/cardavia/cardavia/i18n"
	gd "github.com/cardavia/cardavia/rules/guandan"
)

// submitted are the fields a browser sends with the form sel: its hidden fields and the
// boxes and radio buttons checked (the page as served, nothing changed by a script).
func submitted(sel *goquery.Selection) url.Values {
	f := url.Values{}
	sel.Find("input[name]").Each(func(_ int, in *goquery.Selection) {
		switch attr(in, "type") {
		case "checkbox", "radio":
			if _, ok := in.Attr("checked"); !ok {
				return
			}
		case "hidden":
		default:
			return
		}
		f.Add(attr(in, "name"), attr(in, "value"))
	})
	return f
}

// TestGuandanHintCarriesItsReading: the hint ticks the cards the AI would play, and when they
// read several ways (at level J the J♥ is wild: with 10-9-8-7♥ a straight flush to 10, or to
// the Jack with the J♥ as itself) the AI meant one of them; but the table asked which, as for
// any selection that reads two ways ("These cards can be …: Play asks which" and the question
// under it). The hint's cards now carry the AI's reading: the line names it, nothing is asked,
// and Play, the form sent as it is served (without the script), plays it at once.
func TestGuandanHintCarriesItsReading(t *testing.T) {
	ts := newSite(t)
	ts.gtable()
	hand := cardsOf(t, "TH 9H 8H 7H JH")
	ts.gprepare(guandanPosition(gd.DealStart{Levels: [2]gd.Rank{gd.Jack, gd.Jack}, Level: gd.Jack, Leader: soloSeat, Hands: [4]gd.Set{
		hand,
		cardsOf(t, "4S 4D 5C 6C 7D"),
		cardsOf(t, "4H 5D 6D 7C JD"),
		cardsOf(t, "5S 6S 8S TD QC"),
	}}))
	m, _ := ts.gmatch()
	if rs := m.ReadingsNow(hand); len(rs) < 2 {
		t.Fatalf("the hand reads %v, not several ways", rs)
	}
	h := ts.gtable("hint=1")
	if got := checkedCards(h); !slices.Equal(got, ids(hand)) {
		t.Fatalf("the hint ticks %v, want the whole hand %v", got, ids(hand))
	}
	form := h.doc.Find(`form[action="/guandan/play"]`)
	if form.Find(".greadings").Length() != 0 {
		t.Errorf("the hint's cards come with the question of their reading: %s", form.Find(".greadings").Text())
	}
	if got := attr(form.Find(".gsel"), "data-selection"); got != "playable" {
		t.Errorf("the line under the hint's cards says %q (%s), want playable", got, form.Find(".gsel").Text())
	}
	f := submitted(form)
	meant := f.Get("reading")
	if !slices.ContainsFunc(m.ReadingsNow(hand), func(r gd.Reading) bool { return r.String() == meant }) {
		t.Fatalf("the play form names the reading %q, not one of the cards'", meant)
	}
	if line := form.Find(".gsel").Text(); !strings.Contains(strings.ToLower(line), "straight flush to "+map[string]string{"straight-flush:T": "10", "straight-flush:J": "jack"}[meant]) {
		t.Errorf("the line does not name the hint's reading %s: %s", meant, line)
	}
	// The reading is the hint's cards': sent with other cards (ticked without the script,
	// which would have dropped it), it is not taken, and the table asks which.
	if got := f["reading-for"]; !slices.Equal(got, ids(hand)) {
		t.Fatalf("the play form names its reading for the cards %v, want the hint's %v", got, ids(hand))
	}
	other := url.Values{}
	for k, v := range f {
		other[k] = v
	}
	other["reading-for"] = ids(hand)[1:]
	if loc := ts.gpost("/guandan/play", other); !strings.Contains(loc, "notice=choose") {
		t.Fatalf("Play with a reading named for other cards leads to %s, want the question", loc)
	}
	if m2, _ := ts.gmatch(); m2.Hands[0] != hand {
		t.Fatal("a reading named for other cards was played")
	}
	if loc := ts.gpost("/guandan/play", f); loc != "/guandan" {
		t.Fatalf("Play with the hint's cards leads to %s, want the table (no question)", loc)
	}
	g, err := shown(ts, guandanGame, ts.visitorID())
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(g.DealLog(), func(e gd.Event) bool { return e.Kind == gd.EvPlay && e.Seat == soloSeat })
	if i < 0 {
		t.Fatal("the visitor played nothing")
	}
	if e := g.DealLog()[i]; e.Play.Cards != hand || e.Play.Reading.String() != meant {
		t.Errorf("played %v as %s, want %v as %s", e.Play.Cards, e.Play.Reading, hand, meant)
	}
}

// TestGuandanChooseLineQuotesPlay: the line under cards that read several ways says that Play
// will ask which, and named the button as a word of the sentence ("Spil spørger hvilket",
// "Spela frågar vilket"), where the site quotes a button's label as its own ("»Se til 2«").
// It now quotes it, with the language's own marks.
func TestGuandanChooseLineQuotesPlay(t *testing.T) {
	marks := map[string][2]string{"en": {"“", "”"}, "sv": {"”", "”"}, "da": {"»", "«"}, "es": {"«", "»"}, "fa": {"«", "»"}, "zh": {"“", "”"}}
	for _, loc := range i18n.Locales {
		ctx := i18n.WithLocale(t.Context(), loc)
		q, ok := marks[loc.Code]
		if !ok {
			t.Fatalf("no quotation marks for %s", loc.Code)
		}
		play := q[0] + i18n.T(ctx, "guandan.play") + q[1]
		if line := i18n.T(ctx, "guandan.sel.choose", "x"); !strings.Contains(line, play) {
			t.Errorf("%s: the line does not quote the button %s: %s", loc.Code, play, line)
		}
	}
}
