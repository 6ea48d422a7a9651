package views

import (
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// TestWildChipSaysWhatItStandsFor: in the deal's trick list a wild that stood for another card
// read "3♥9" or "3♥Q♦", two cards run together. Its chip now says, in the page's language, that
// the wild played as the other card ("3♥ as 9"); the index and the stand-in each read left to
// right as a card's corner does, isolated from the words around them, so that in Persian the
// chip reads "۳♥ به جای Q♦" from the right and never "♦Q" or the rank before the card.
func TestWildChipSaysWhatItStandsFor(t *testing.T) {
	straight := gd.Play{Cards: mustCards(t, "5C 6D 7S 8H 3H"), Reading: gd.Reading{Kind: gd.Straight, Rank: gd.Nine}}
	flush := gd.Play{Cards: mustCards(t, "9D TD JD KD 3H"), Reading: gd.Reading{Kind: gd.StraightFlush, Rank: gd.King}}
	want := map[string][2]string{
		"en": {"3♥ as 9", "3♥ as Q♦"},
		"sv": {"3♥ som 9", "3♥ som Q♦"},
		"es": {"3♥ como 9", "3♥ como Q♦"},
		"fa": {"۳♥ به جای ۹", "۳♥ به جای Q♦"},
		"da": {"3♥ som 9", "3♥ som Q♦"},
		"zh": {"3♥ 当作 9", "3♥ 当作 Q♦"},
	}
	for code, w := range want {
		for i, p := range []gd.Play{straight, flush} {
			doc := renderIn(t, code, guandanTrickPlay(p, gd.Three))
			chip := doc.Find(`.gchip[data-card="3H"]`)
			if chip.Length() != 1 {
				t.Fatalf("%s: %d chips of the wild", code, chip.Length())
			}
			raw := chip.Text()
			if got := strings.NewReplacer("\u2066", "", "\u2069", "").Replace(raw); got != w[i] {
				t.Errorf("%s: the wild's chip reads %q, want %q", code, got, w[i])
			}
			if !chip.HasClass("stands") {
				t.Errorf("%s: the wild's chip has no stands class, which lays it out in the page's direction", code)
			}
			if idx := chip.Find(".gchip-i"); idx.Length() != 1 || !strings.HasPrefix(raw, idx.Text()) {
				t.Errorf("%s: the wild's index is not set apart first in its chip: %q", code, raw)
			}
			as := chip.Find(".gchip-as").Text()
			if !strings.Contains(as, "\u2066") || !strings.Contains(as, "\u2069") {
				t.Errorf("%s: the card the wild stands for is not isolated left to right: %q", code, as)
			}
			// Every other chip is a single card, with no words.
			doc.Find(`.gchip:not([data-card="3H"])`).Each(func(_ int, s *goquery.Selection) {
				if s.HasClass("stands") || s.Find(".gchip-as").Length() > 0 {
					t.Errorf("%s: a natural card's chip %q is drawn as a stand-in", code, s.Text())
				}
			})
		}
	}
}
