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

// TestNordicAsnasReasonsSpeakAsTheLesson: the As-Nas lesson's wrong-move reasons said in
// Swedish that the point was insatt (informed, in everyday Swedish) where the lesson's pot is
// potten, and once Att lägga sig beside its own Att lägga dig; in Danish that the point was
// allerede inde (in what?) and, with an infinitive as the doer, At folde ville opgive (folding
// would give up), which Danish says with a condition: Folder du, opgiver du.
func TestNordicAsnasReasonsSpeakAsTheLesson(t *testing.T) {
	wrong := map[string][]string{
		"sv": {"insatt", "Att lägga sig"},
		"da": {"allerede inde", "ville opgive", "ville sætte", "ville risikere", "ville satse"},
	}
	for code, bad := range wrong {
		checked := 0
		for key, texts := range rawCatalog(t, code) {
			if !strings.HasPrefix(key, "learn.asnas.") || !strings.Contains(key, ".wrong.") {
				continue
			}
			checked++
			s := strings.Join(texts, " ")
			for _, w := range bad {
				if strings.Contains(s, w) {
					t.Errorf("%s %s says %q: %s", code, key, w, s)
				}
			}
		}
		if checked < 10 {
			t.Fatalf("%s: only %d As-Nas reasons", code, checked)
		}
	}
}

// TestGuandanWildReasonCallsTheCardWild: the reason not to pass at the wild-card step reads
// the 2 of Hearts as the King; Spanish left out that it is the comodín, so the King seemed
// to come from nowhere. Every language calls it by its catalog's word for a wild card.
func TestGuandanWildReasonCallsTheCardWild(t *testing.T) {
	wild := map[string]string{"en": "wild", "sv": "vild", "da": "vild", "es": "comodín", "fa": "همه\u200cکاره", "zh": "逢人配"}
	for code, w := range wild {
		s := strings.Join(rawCatalog(t, code)["learn.guandan.wild.wrong.pass"], "")
		if !strings.Contains(s, w) {
			t.Errorf("%s: the wild step's reason does not say %q: %s", code, w, s)
		}
	}
}

// TestLessonReasonSlips: words of the new reasons that a player of the language stumbles on.
// Spanish said the point was ya dentro (inside what?) where the lesson's pot is el bote, and
// poner 3 puntos por (for) a pair where a bet is apostar a; Chinese said 跟注要再付 2 分 (pay 2
// more) at the fold step, where the visitor has put in nothing, 便宜地管住 (beats cheaply,
// said of a price), 红桃 2 with a space that the card names (card.name) never have, and at
// the lost deal 你输掉下的 1 分 (read 输掉下, where the result line says 你拿回了自己下的);
// Persian 'با سه ۶ خود با هم شروع کنید' said with twice.
func TestLessonReasonSlips(t *testing.T) {
	slips := map[string][]string{
		"es": {"ya está dentro", "puntos por la"},
		"zh": {"再付 2", "便宜地", "红桃 ", "黑桃 ", "方块 ", "梅花 ", "输掉下的"},
		"fa": {"خود با هم شروع"},
	}
	for code, bad := range slips {
		for key, texts := range rawCatalog(t, code) {
			if !strings.Contains(key, ".wrong.") && key != "learn.asnas.lost" {
				continue
			}
			s := strings.Join(texts, " ")
			for _, w := range bad {
				if strings.Contains(s, w) {
					t.Errorf("%s %s says %q: %s", code, key, w, s)
				}
			}
		}
	}
}
