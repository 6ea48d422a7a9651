package i18n

import (
	"strings"
	"testing"

	"github.com/cardavia/cardavia/rules/asnas"
)

// TestAsnasRaiseStepFoldReasonNamesTheHigherFullHouse: at the As-Nas lesson's raise step the
// visitor holds three Shahs and two Bibis, and the reason for not folding said only four of a
// kind beats it; three Aces with a pair beat it too (RULES.md "Hand ranking": a full house is
// compared by its three), and the unseen cards hold the Aces for it. Each language names the
// higher full house beside four of a kind.
func TestAsnasRaiseStepFoldReasonNamesTheHigherFullHouse(t *testing.T) {
	yours, _ := asnas.ParseHand("shah shah shah bibi bibi")
	aces, _ := asnas.ParseHand("as as as couli couli")
	if asnas.Compare(aces, yours) <= 0 {
		t.Fatal("three Aces with a pair do not beat three Shahs with a pair")
	}
	higher := map[string]string{
		"en": "higher full house", "sv": "högre kåk", "da": "højere fuldt hus",
		"es": "full más alto", "fa": "«سه و جفت»ی بالاتر", "zh": "更大的葫芦",
	}
	for code, words := range higher {
		s := strings.Join(rawCatalog(t, code)["learn.asnas.raise.wrong.fold"], "")
		if !strings.Contains(s, words) {
			t.Errorf("%s: the reason not to fold a Shah full house leaves out %q: %s", code, words, s)
		}
	}
}
