package i18n

import (
	"strings"
	"testing"
)

// TestTurnMarkersFitEverySeat checks the marker that stands under the name of the seat to act
// at both tables: the same word under "You" as under a friend's or an AI player's name, so it
// must not address a third person. In Español "Le toca" and "Debe devolver una carta" read
// "it is his turn" and "he must give a card back" under "Tú".
func TestTurnMarkersFitEverySeat(t *testing.T) {
	thirdPerson := map[string][]string{"es": {"Le ", "Debe "}}
	keys := []string{"asnas.status.toact", "guandan.status.toact", "guandan.status.toreturn"}
	for code, words := range thirdPerson {
		cat := rawCatalog(t, code)
		for _, key := range keys {
			for _, text := range cat[key] {
				for _, w := range words {
					if strings.HasPrefix(text, w) {
						t.Errorf("%s %s: %q stands under %q too, but speaks of a third person", code, key, text, cat["asnas.seat.0"][0])
					}
				}
			}
		}
	}
}
