package guandan

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/cardavia/cardavia/i18n"
	gd "github.com/cardavia/cardavia/rules/guandan"
)

// everyReason lists each reason a hint can give, with every kind ReasonKeeps can name.
func everyReason() []Reason {
	rs := []Reason{}
	for _, k := range []ReasonKey{ReasonGoesOut, ReasonPartnerWinning, ReasonCannotBeat, ReasonSavesBomb,
		ReasonKeepsHand, ReasonStops, ReasonFeedsPartner, ReasonCashes, ReasonWeakest, ReasonCheapest, ReasonSearched} {
		rs = append(rs, Reason{Key: k, Seat: 1, Count: 2})
	}
	for k := gd.Pair; k <= gd.JokerBomb; k++ {
		rs = append(rs, Reason{Key: ReasonKeeps, Kind: k})
	}
	return rs
}

// TestEveryReasonIsInEveryCatalog: a hint's reason is shown in the visitor's language, so
// every reason, and every level's name, must be in every language's catalog.
func TestEveryReasonIsInEveryCatalog(t *testing.T) {
	for _, l := range i18n.Locales {
		keys := i18n.Keys(l.Code)
		for _, r := range everyReason() {
			if !slices.Contains(keys, r.CatalogKey()) {
				t.Errorf("%s: no message %s", l.Code, r.CatalogKey())
			}
		}
		for _, lv := range Levels {
			for _, k := range []string{"guandan_ai.level." + lv.String(), "guandan_ai.level." + lv.String() + ".help"} {
				if !slices.Contains(keys, k) {
					t.Errorf("%s: no message %s", l.Code, k)
				}
			}
		}
	}
	// The reasons with arguments use them all, in every language (a plural form that forgot
	// one shows "%!"); in English the seat and the count read as they should.
	for _, l := range i18n.Locales {
		ctx := i18n.WithLocale(context.Background(), l)
		for _, n := range []int{1, 2, 5} {
			stops := i18n.T(ctx, Reason{Key: ReasonStops}.CatalogKey(), n, "SEAT")
			feeds := i18n.T(ctx, Reason{Key: ReasonFeedsPartner}.CatalogKey(), n)
			if !strings.Contains(stops, "SEAT") || strings.Contains(stops+feeds, "%!") || strings.Contains(stops+feeds, "guandan_ai.") {
				t.Errorf("%s, %d cards: %q / %q", l.Code, n, stops, feeds)
			}
		}
	}
	// The plural reason names the seat and the count in English.
	got := i18n.T(context.Background(), Reason{Key: ReasonStops}.CatalogKey(), 2, "East")
	if !strings.Contains(got, "East") || !strings.Contains(got, "2 cards") {
		t.Errorf("stops reason reads %q", got)
	}
}

func TestParseLevel(t *testing.T) {
	for _, l := range Levels {
		if got, ok := ParseLevel(l.String()); !ok || got != l {
			t.Errorf("ParseLevel(%q) = %v, %v", l.String(), got, ok)
		}
	}
	for _, s := range []string{"", "Master", "expert", "club "} {
		if _, ok := ParseLevel(s); ok {
			t.Errorf("ParseLevel(%q) accepted", s)
		}
	}
}
