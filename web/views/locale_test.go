package views

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/a-h/templ"

	"github.com/cardavia/cardavia/i18n"
	"github.com/cardavia/cardavia/rules/asnas"
	"github.com/cardavia/cardavia/static"
)

// fractionalTable is a table after one deal whose pot of 5 was shared three ways: each winner
// took five thirds of a point for a stake of 1, a net 0.67 (8 twelfths), and the fourth seat
// lost its stake of 2.
func fractionalTable() AsnasTable {
	net := [asnas.NumSeats]asnas.Score{8, 8, 8, -24}
	return AsnasTable{View: asnas.View{
		DealNo: 2, ToAct: -1, Dealer: 1, Pot: 1, HighBet: 1,
		Totals:  net,
		Results: []asnas.DealResult{{DealNo: 1, Net: net, Winners: []int{0, 1, 2}, Showdown: true}},
	}}
}

func renderIn(t *testing.T, code string, c templ.Component) *goquery.Document {
	t.Helper()
	l, ok := i18n.ByCode(code)
	if !ok {
		t.Fatalf("no locale %s", code)
	}
	var buf bytes.Buffer
	if err := c.Render(i18n.WithLocale(context.Background(), l), &buf); err != nil {
		t.Fatal(err)
	}
	doc, err := goquery.NewDocumentFromReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// TestScoresUseTheLocalesDecimalSeparator checks a fractional score, the one kind of number
// with a decimal separator on the site, in every language: a comma in Svenska, Español and
// Dansk, the Persian decimal separator and digits in فارسی.
func TestScoresUseTheLocalesDecimalSeparator(t *testing.T) {
	want := map[string]struct{ win, loss string }{
		"en": {"0.67", "-2.00"},
		"sv": {"0,67", "−2,00"},
		"es": {"0,67", "-2,00"},
		"da": {"0,67", "-2,00"},
		"fa": {"۰٫۶۷", "۲٫۰۰"},
		"zh": {"0.67", "-2.00"},
	}
	ch := Chrome{Assets: static.Load(), Path: "/asnas", Filters: NeutralFilters}
	for _, l := range i18n.Locales {
		t.Run(l.Code, func(t *testing.T) {
			doc := renderIn(t, l.Code, AsnasPage(ch, fractionalTable()))
			total := strings.TrimSpace(doc.Find(`[data-total="0"]`).Text())
			loss := strings.TrimSpace(doc.Find(`[data-total="3"]`).Text())
			w, ok := want[l.Code]
			if !ok {
				t.Fatalf("no expectation for %s", l.Code)
			}
			if total != w.win {
				t.Errorf("a share of a split pot shows as %q, want %q", total, w.win)
			}
			if !strings.Contains(loss, w.loss) {
				t.Errorf("a loss shows as %q, want it to contain %q", loss, w.loss)
			}
		})
	}
}
