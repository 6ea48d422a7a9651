package views

import (
	"context"
	"testing"

	"github.com/cardavia/cardavia/i18n"
	"github.com/cardavia/cardavia/rules/asnas"
)

// TestLogAmountsReadAsThePot: the log said "East takes 4.00 from the pot" under "Pot: 4". A
// whole amount reads as a whole number, a share of a split pot with as few decimals as it
// needs (two at most), in the locale's digits and decimal sign.
func TestLogAmountsReadAsThePot(t *testing.T) {
	third := asnas.Points(4) / 3 // a pot of 4 split three ways
	for _, c := range []struct {
		lang   string
		amount asnas.Score
		want   string
	}{
		{"en", asnas.Points(4), "East takes 4 from the pot."},
		{"en", asnas.Points(3) / 2, "East takes 1.5 from the pot."},
		{"en", third, "East takes 1.33 from the pot."},
		{"en", asnas.Points(5) / 4, "East takes 1.25 from the pot."},
		{"sv", asnas.Points(3) / 2, "Öst tar 1,5 ur potten."},
		{"sv", asnas.Points(12), "Öst tar 12 ur potten."},
		{"fa", asnas.Points(4), "شرق از پات ۴ امتیاز برد."},
		{"fa", third, "شرق از پات ۱٫۳۳ امتیاز برد."},
		{"da", asnas.Points(5) / 2, "Øst tager 2,5 fra puljen."},
		{"zh", asnas.Points(2), "东家从底池赢得 2 分。"},
	} {
		l, _ := i18n.ByCode(c.lang)
		ctx := i18n.WithLocale(context.Background(), l)
		if got := eventText(ctx, asnas.Event{Kind: asnas.EvWon, Seat: 1, Amount: c.amount}); got != c.want {
			t.Errorf("%s, %v won: %q, want %q", c.lang, c.amount, got, c.want)
		}
	}
}
