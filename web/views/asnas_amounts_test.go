package views

import (
	"context"
	"strings"
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

// TestDealEndSaysTheViewersResult: the deal's end told who took the pot, never what the deal
// did to the viewer's own score, which was only in the scores table. It now says it in a
// sentence, with the language's plural forms and the locale's digits, to two decimals as
// RULES.md shows every score ("1.00 points", plural as the digits shown): a win or loss of the
// deal's score, the stake given back by a pot that brought no more, nothing lost by a player
// who folded before putting anything in.
func TestDealEndSaysTheViewersResult(t *testing.T) {
	// Seat 0 took a pot of 5 alone with a stake of 2 (+3); seat 1 folded having put in 1 (−1);
	// seat 2 folded before putting anything in; seat 3 called 2 and lost the showdown.
	alone := asnas.DealResult{Net: [4]asnas.Score{asnas.Points(3), -asnas.Points(1), 0, -asnas.Points(2)}, Stakes: [4]int{2, 1, 0, 2}, Winners: []int{0}}
	// Seats 0 and 3 shared a pot of 3 (1.5 each): seat 0 put in 1 (+0.5), seat 3 put in 1.
	halves := asnas.DealResult{Net: [4]asnas.Score{asnas.Points(1) / 2, -asnas.Points(1), 0, asnas.Points(1) / 2}, Stakes: [4]int{1, 1, 0, 1}, Winners: []int{0, 3}}
	// Three shared a pot of 4 with a stake of 1 each (+1/3 each).
	thirds := asnas.DealResult{Net: [4]asnas.Score{asnas.Points(1) / 3, -asnas.Points(1), asnas.Points(1) / 3, asnas.Points(1) / 3}, Stakes: [4]int{1, 1, 1, 1}, Winners: []int{0, 2, 3}}
	// The dealer alone after three folds takes back the 1 they opened with; two tie for a pot of 4.
	back := asnas.DealResult{Net: [4]asnas.Score{0, 0, 0, 0}, Stakes: [4]int{1, 0, 0, 0}, Winners: []int{0}}
	tie := asnas.DealResult{Net: [4]asnas.Score{0, 0, 0, 0}, Stakes: [4]int{2, 0, 2, 0}, Winners: []int{0, 2}}
	for _, c := range []struct {
		lang   string
		r      asnas.DealResult
		viewer int
		want   string
	}{
		{"en", alone, 0, "You win 3.00 points."},
		{"en", alone, 1, "You lose 1.00 points."},
		{"en", alone, 3, "You lose 2.00 points."},
		{"en", alone, 2, "You put nothing in the pot and lose nothing."},
		{"en", halves, 0, "You win 0.50 points."},
		{"en", thirds, 2, "You win 0.33 points."},
		{"en", back, 0, "You get your 1 point back."},
		{"en", tie, 2, "You get your 2 points back."},
		{"es", alone, 1, "Pierdes 1,00 puntos."},
		{"es", halves, 3, "Ganas 0,50 puntos."},
		{"es", back, 0, "Recuperas tu 1 punto."},
		{"sv", alone, 0, "Du vinner 3,00 poäng."},
		{"sv", thirds, 0, "Du vinner 0,33 poäng."},
		{"sv", tie, 0, "Du får tillbaka din insats på 2 poäng."},
		{"sv", back, 0, "Du får tillbaka din insats på 1 poäng."},
		{"da", halves, 0, "Du vinder 0,50 point."},
		{"da", back, 0, "Du får din indsats på 1 point tilbage."},
		{"fa", alone, 0, "در این دست ۳٫۰۰ امتیاز بردید."},
		{"fa", thirds, 3, "در این دست ۰٫۳۳ امتیاز بردید."},
		{"fa", alone, 3, "در این دست ۲٫۰۰ امتیاز باختید."},
		{"zh", alone, 1, "本局你输 1.00 分。"},
		{"zh", halves, 0, "本局你赢 0.50 分。"},
	} {
		l, _ := i18n.ByCode(c.lang)
		ctx := i18n.WithLocale(context.Background(), l)
		if got := ownResultLine(ctx, c.r, c.viewer); got != c.want {
			t.Errorf("%s, seat %d of %v: %q, want %q", c.lang, c.viewer, c.r.Net, got, c.want)
		}
	}
	for _, l := range i18n.Locales {
		ctx := i18n.WithLocale(context.Background(), l)
		for _, r := range []asnas.DealResult{alone, halves, thirds, back, tie} {
			for seat := range asnas.NumSeats {
				if got := ownResultLine(ctx, r, seat); got == "" || strings.Contains(got, "%!") || strings.HasPrefix(got, "asnas.") {
					t.Errorf("%s, seat %d: bad sentence %q", l.Code, seat, got)
				}
			}
		}
	}
}
