package i18n

import (
	"strings"
	"testing"
)

// TestCatalogPersianAsNasRanksAreNotSuits: RULES.md (As-Nas, "Cards") says the five ranks
// have no suits. The Persian rules page calls a rank نقش and says the cards have no خال
// (suit), so the Persian lesson must not call the five ranks "five suits" (پنج خال) or a
// card of each rank "one of each suit" (هر خال): a reader would be told the opposite of the
// rules page.
func TestCatalogPersianAsNasRanksAreNotSuits(t *testing.T) {
	fa := rawCatalog(t, "fa")
	for key, texts := range fa {
		if !strings.HasPrefix(key, "learn.asnas.") && !strings.HasPrefix(key, "asnas.") {
			continue
		}
		for _, s := range texts {
			for _, bad := range []string{"پنج خال", "هر خال"} {
				if strings.Contains(s, bad) {
					t.Errorf("fa %s calls an As-Nas rank a suit (%q): %s", key, bad, s)
				}
			}
		}
	}
	if s := strings.Join(fa["learn.asnas.ranks"], ""); !strings.Contains(s, "پنج نقش") {
		t.Errorf("fa learn.asnas.ranks does not name the five ranks نقش as the rules page does: %s", s)
	}
}
