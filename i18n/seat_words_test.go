package i18n

import (
	"context"
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

// TestOneEmptySeatIsNotCounted checks the host's line about the seats the AI will play: with
// one seat left, "The AI plays the 1 empty seat" counts what needs no counting. A language
// whose catalog has one form for every count (Chinese, which has no plural) keeps its number;
// Persian has a singular, and its singular said "۱ جای خالی" as its plural did.
func TestOneEmptySeatIsNotCounted(t *testing.T) {
	for _, l := range Locales {
		forms := rawCatalog(t, l.Code)["tables.start.ai"]
		if len(forms) < 2 {
			continue
		}
		got := T(WithLocale(context.Background(), l), "tables.start.ai", 1)
		if strings.ContainsAny(got, "1۱") {
			t.Errorf("%s: %q", l.Code, got)
		}
		if many := T(WithLocale(context.Background(), l), "tables.start.ai", 3); !strings.ContainsAny(many, "3۳") {
			t.Errorf("%s: three empty seats read %q, without the number", l.Code, many)
		}
	}
}

// TestQuotesFollowTheLanguage checks the quotation marks a language's texts use: Danish
// quotes »so«, Spanish «así», Swedish ”så”. The invitation's Danish help once quoted the
// home page's words the Swedish way.
func TestQuotesFollowTheLanguage(t *testing.T) {
	foreign := map[string]string{"da": "”“„", "es": "”“„", "sv": "«»„“"}
	for code, marks := range foreign {
		for key, texts := range rawCatalog(t, code) {
			for _, text := range texts {
				if strings.ContainsAny(text, marks) {
					t.Errorf("%s %s: %q quotes with a mark of another language", code, key, text)
				}
			}
		}
	}
}

// TestChineseNamesTheAsnasLevelAsThePanelDoes: the As-Nas level panel, the settings page and
// the lesson's last bubble name one thing, the AI players' 水平; the lesson sent the player
// to change "AI 的等级", a word found nowhere else. The coach counts the opponents still in
// (对手 … 家), as the table counts players, not "牌 … 手" (cards still playing against you).
func TestChineseNamesTheAsnasLevelAsThePanelDoes(t *testing.T) {
	cat := rawCatalog(t, "zh")
	for _, key := range []string{"asnas.ai.legend", "asnas.ai.settings.legend", "learn.asnas.done"} {
		for _, text := range cat[key] {
			if !strings.Contains(text, "水平") || strings.Contains(text, "等级") {
				t.Errorf("zh %s: %q, want the level called 水平", key, text)
			}
		}
	}
	for _, text := range cat["asnas.coach.win"] {
		if !strings.Contains(text, "对手") || strings.Contains(text, "对局的牌") {
			t.Errorf("zh asnas.coach.win: %q, want the opponents still in counted", text)
		}
	}
}

// TestRematchHasOneName checks that the Rematch buttons and the lines about the rematch asked
// for at a shared table name it alike: a player read "Alice ber om en returmatch med bytta
// partner" above a button "Revansch med bytta partner" (sv), "مسابقهٔ دوباره" in the line
// about Guandan's rematch and "بازی دوباره" on its button (fa), "请求再来一场" above As-Nas's
// "再赛一场" (zh).
func TestRematchHasOneName(t *testing.T) {
	lines := map[string][]string{
		"table.asnas.rematch": {"tables.rematch.asked", "tables.rematch.wait", "table.asnas.key.next"},
		"guandan.rematch": {"tables.rematch.swap", "tables.rematch.asked", "tables.rematch.asked.swap",
			"tables.rematch.wait", "tables.rematch.wait.swap", "guandan.key.next"},
	}
	for _, l := range Locales {
		cat := rawCatalog(t, l.Code)
		for button, keys := range lines {
			word := strings.ToLower(cat[button][0])
			for _, key := range keys {
				for _, text := range cat[key] {
					if !strings.Contains(strings.ToLower(text), word) {
						t.Errorf("%s %s: %q, where the button says %q", l.Code, key, text, cat[button][0])
					}
				}
			}
		}
	}
}
