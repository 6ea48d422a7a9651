package i18n

import (
	"regexp"
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

// bombWord is the word for a Guandan bomb in each language, as the rules pages use it.
var bombWord = map[string]string{"en": "bomb", "sv": "bomb", "da": "bombe", "es": "bomba", "fa": "بمب", "zh": "炸弹"}

// TestCatalogGuandanLessonSaysABombBeatsToo: RULES.md ("Beating a play") says an ordinary
// play is beaten by a higher play of the same kind or by any bomb. A lesson bubble that says
// only a higher play of the kind beats the one on the table must name the bomb too, in every
// language; the pair step said "Only a higher pair beats a pair".
func TestCatalogGuandanLessonSaysABombBeatsToo(t *testing.T) {
	for code, bomb := range bombWord {
		cat := rawCatalog(t, code)
		for _, key := range []string{"learn.guandan.pair", "learn.guandan.plate", "learn.guandan.straight"} {
			s := strings.Join(cat[key], "")
			if !strings.Contains(strings.ToLower(s), bomb) {
				t.Errorf("%s %s says what beats the play but not that a bomb does: %s", code, key, s)
			}
		}
	}
}

// naturalWord is how each language's Guandan rules page says "natural" (order of ranks).
var naturalWord = map[string]string{"en": "natural", "sv": "naturliga", "da": "naturlige", "es": "natural", "fa": "طبیعی", "zh": "自然"}

// TestCatalogGuandanRulesStraightFlushIsANaturalSequence: RULES.md ("Combinations") lists
// the straight flush among the sequences that use natural ranks (the level rank not
// promoted, the ace low or high, ranked by the highest card in natural order). The rules
// page said so of straights, tubes and plates only, and the paragraph that defines the
// straight flush left a player to guess; it must say so in every language.
func TestCatalogGuandanRulesStraightFlushIsANaturalSequence(t *testing.T) {
	for code, natural := range naturalWord {
		s := strings.Join(rawCatalog(t, code)["guandan.rules.s4.p3"], "")
		if !strings.Contains(s, natural) {
			t.Errorf("%s guandan.rules.s4.p3 defines the straight flush without its natural order: %s", code, s)
		}
	}
}

// TestCatalogGuandanCancelledTributeFitsOnePayer: RULES.md ("Tribute") refuses a single
// tribute when its one payer holds both Red Jokers, and a double one when the two payers hold
// them between them. The log line that says no tribute is paid comes after either, so it
// may not speak of the payers as several: "the payers hold both Red Jokers" read wrongly
// after every refused single tribute.
func TestCatalogGuandanCancelledTributeFitsOnePayer(t *testing.T) {
	plural := map[string]string{"en": "the payers", "sv": "de som skulle betala har", "da": "de, der skulle betale, har", "fa": "خراج\u200cدهندگان هر دو"}
	for code, bad := range plural {
		cat := rawCatalog(t, code)
		for _, key := range []string{"guandan.log.cancelled", "guandan.log.you.cancelled"} {
			s := strings.Join(cat[key], "")
			if s == "" {
				t.Fatalf("%s has no %s", code, key)
			}
			if strings.Contains(s, bad) {
				t.Errorf("%s %s speaks of several payers (%q): %s", code, key, bad, s)
			}
		}
	}
}

// TestCatalogPersianGuandanSharedTableNamesTheDealAsTheTable: the Persian Guandan table calls
// a deal دور ("دور ۲", "دور بعد") and a trick دست. The shared table's lines about the deal's
// end and the levels won, which said دست, read there as "the trick is over" and "they win
// this trick"; they were one line for both games, and As-Nas's deal is دست. Every Guandan line
// of the shared table must say دور, never دست.
func TestCatalogPersianGuandanSharedTableNamesTheDealAsTheTable(t *testing.T) {
	fa := rawCatalog(t, "fa")
	if !strings.HasPrefix(strings.Join(fa["guandan.next"], ""), "دور") {
		t.Fatalf("the Guandan table's Next deal no longer says دور: %q", fa["guandan.next"])
	}
	for key, texts := range fa {
		if !strings.HasPrefix(key, "tables.guandan.") {
			continue
		}
		for _, s := range texts {
			if strings.Contains(s, "دست") {
				t.Errorf("fa %s names the deal دست, the Guandan table's trick: %s", key, s)
			}
		}
	}
	for _, key := range []string{"tables.guandan.turn.any", "tables.guandan.ready.wait", "tables.guandan.ready.others", "tables.guandan.log.dealstay"} {
		if s := strings.Join(fa[key], ""); !strings.Contains(s, "دور") {
			t.Errorf("fa %s does not name the deal دور: %q", key, s)
		}
	}
}

// TestCatalogAsNasLessonNamesRanksAsTheRulesPage: the rules page and the table's card row
// call As-Nas's five ranks figurer in Danish and figuras in Spanish. The Danish lesson called
// them rækker, the word the Danish Guandan pages use for straights ("par, rækker og bomber"),
// so a newcomer read "fem rækker, fire kort af hver" and then met other words on the rules
// page; the Spanish lesson said rangos. The lesson names them as the rules page does.
func TestCatalogAsNasLessonNamesRanksAsTheRulesPage(t *testing.T) {
	for _, tt := range []struct{ lang, wrong, word string }{{"da", "række", "figur"}, {"es", "rango", "figura"}} {
		cat := rawCatalog(t, tt.lang)
		for key, texts := range cat {
			if !strings.HasPrefix(key, "learn.asnas.") {
				continue
			}
			for _, s := range texts {
				if strings.Contains(s, tt.wrong) {
					t.Errorf("%s %s calls an As-Nas rank %s: %s", tt.lang, key, tt.wrong, s)
				}
			}
		}
		for _, key := range []string{"learn.asnas.ranks", "learn.asnas.hold", "learn.asnas.done"} {
			if s := strings.Join(cat[key], ""); !strings.Contains(s, tt.word) {
				t.Errorf("%s %s does not name the ranks %s as the rules page does: %s", tt.lang, key, tt.word, s)
			}
		}
	}
}

// TestLevelNamesAreTheSameForBothGames: the settings page sets each game's AI level side by
// side, and a player reads one level under two names as two levels (Swedish called Club
// "Klubbspelare" for As-Nas and "Klubb" for Guandan, Danish "Klubspiller" and "Klub").
func TestLevelNamesAreTheSameForBothGames(t *testing.T) {
	for _, l := range Locales {
		cat := rawCatalog(t, l.Code)
		for _, level := range []string{"beginner", "club", "master"} {
			a, g := strings.Join(cat["asnas.ai.level."+level], ""), strings.Join(cat["guandan_ai.level."+level], "")
			if a == "" || a != g {
				t.Errorf("%s: the %s level is %q for As-Nas and %q for Guandan", l.Code, level, a, g)
			}
		}
	}
}

// TestTricksSummaryDoesNotSayAll: the Guandan table's list of the deal's tricks counts them
// while the deal goes on, the last one often still in play, so "all 4 tricks" (alla, alle,
// las, همهٔ) promised a whole deal that was not over, and "all 2 tricks" read oddly besides;
// Chinese said "本局共 3 轮" (three in all).
func TestTricksSummaryDoesNotSayAll(t *testing.T) {
	for _, l := range Locales {
		for _, form := range rawCatalog(t, l.Code)["guandan.tricks.title"] {
			for _, word := range []string{"all ", "alla ", "alle ", "las ", "همهٔ", "共"} {
				if strings.Contains(form, word) {
					t.Errorf("%s guandan.tricks.title says %q: %s", l.Code, word, form)
				}
			}
		}
	}
}

// otherAIWord is, in each language, the word for the AI players that the site does not use:
// the home page, the rules, the tables and the level panels must call them one thing. The
// level panels and the hints said datorspelare, computerspillere, jugadores de la máquina,
// بازیکنان رایانه where every other page said AI-spelare, AI-spillere, jugadores de IA, بازیکنان
// هوش مصنوعی; the Chinese home page and rules said AI 玩家 where the tables and levels say 电脑;
// the English Guandan table's level menu was the "Computer level".
var otherAIWord = map[string][]string{
	"en": {"computer"}, "sv": {"dator"}, "da": {"computer"}, "es": {"máquina"}, "fa": {"رایانه"}, "zh": {"AI"},
}

func TestCatalogNamesTheAIPlayersOneWay(t *testing.T) {
	for code, words := range otherAIWord {
		for key, texts := range rawCatalog(t, code) {
			for _, s := range texts {
				for _, w := range words {
					// "AI" as written; the other words in any case.
					if strings.Contains(s, w) || w == strings.ToLower(w) && strings.Contains(strings.ToLower(s), w) {
						t.Errorf("%s %s says %q: %s", code, key, w, s)
					}
				}
			}
		}
	}
}

// TestCatalogChineseSaysYouOneWay: the Chinese pages speak to the player as 你, as friends at
// a card table do; two error pages (429, 431) said the formal 您 among them.
func TestCatalogChineseSaysYouOneWay(t *testing.T) {
	for key, texts := range rawCatalog(t, "zh") {
		for _, s := range texts {
			if strings.Contains(s, "您") {
				t.Errorf("zh %s says 您 where every other page says 你: %s", key, s)
			}
		}
	}
}

// TestCatalogChineseAsksOneWay: a player at a shared table asks for the next deal as for a
// rematch, with 请求; the next-deal lines said 要求 (demanded) beside the rematch's 请求.
func TestCatalogChineseAsksOneWay(t *testing.T) {
	for key, texts := range rawCatalog(t, "zh") {
		for _, s := range texts {
			if strings.Contains(s, "要求") {
				t.Errorf("zh %s says 要求 where the rematch lines say 请求: %s", key, s)
			}
		}
	}
}

// TestChineseHasNoSpaceBetweenHanCharacters: Chinese runs its characters together. When "AI 玩家"
// became "电脑玩家" the space kept after "AI" stayed behind, so the home page, the footer, the
// rules and the lessons read "三名 电脑玩家", with a gap in the middle of a phrase.
func TestChineseHasNoSpaceBetweenHanCharacters(t *testing.T) {
	gap := regexp.MustCompile(`\p{Han} +\p{Han}`)
	for key, texts := range rawCatalog(t, "zh") {
		for _, s := range texts {
			if m := gap.FindString(s); m != "" {
				t.Errorf("zh %s has a space in %q: %s", key, m, s)
			}
		}
	}
}

// TestChineseSpacesACount: the Chinese pages set a count apart from the characters around it
// ("第 3 局", "升 2 级", "全选这 4 张"), some sixty times; the hints' "只剩%d张牌", a shared
// table's "升%[1]d级" beside the solo table's "升 %d 级" and the host's "电脑将打%d个空座位"
// ran theirs in. The clock's compact "%d秒" and "%d分钟" are a unit, and stay as they are.
func TestChineseSpacesACount(t *testing.T) {
	tight := regexp.MustCompile(`\p{Han}%(\[\d+\])?d|%(\[\d+\])?d\p{Han}`)
	for key, texts := range rawCatalog(t, "zh") {
		if strings.HasPrefix(key, "tables.timer.") {
			continue
		}
		for _, s := range texts {
			if m := tight.FindString(s); m != "" {
				t.Errorf("zh %s runs a count into its characters (%q): %s", key, m, s)
			}
		}
	}
}

// TestGuandanHintsNameTheKindsAsTheRules: a Hint's reason names the combination it keeps
// together or breaks, by the name the rules page and the lesson give it. The Chinese hints
// said 三张 and 连对 where the rules, the lesson and the table say 三同张 and 三连对. Only
// the languages whose kind names do not inflect are held to the exact name.
func TestGuandanHintsNameTheKindsAsTheRules(t *testing.T) {
	for _, code := range []string{"en", "fa", "zh"} {
		cat := rawCatalog(t, code)
		for key, texts := range cat {
			if !strings.HasPrefix(key, "guandan_ai.reason.") {
				continue
			}
			kind := key[strings.LastIndex(key, ".")+1:]
			names, ok := cat["guandan.kind."+kind]
			if !ok || len(names) == 0 {
				continue
			}
			for _, s := range texts {
				if !strings.Contains(strings.ToLower(s), strings.ToLower(names[0])) {
					t.Errorf("%s %s does not say %q: %s", code, key, names[0], s)
				}
			}
		}
	}
}

// TestPersianGuandanLessonWinsTheMatchAsTheTable: the Persian table, the rules page and the
// log say a team wins the match (مسابقه را می\u200cبرد); the lesson's step on the levels said it
// wins "the game" (بازی را می\u200cبرد), which a newcomer may take for the deal just won.
func TestPersianGuandanLessonWinsTheMatchAsTheTable(t *testing.T) {
	fa := rawCatalog(t, "fa")
	for _, s := range fa["learn.guandan.levels"] {
		if strings.Contains(s, "بازی را می\u200cبرد") || !strings.Contains(s, "مسابقه را می\u200cبرد") {
			t.Errorf("fa learn.guandan.levels does not say the team wins the match (مسابقه): %s", s)
		}
	}
}

// TestEnglishBeatsHasItsObject: "the cheapest play that beats would break up your pair" lost
// its object, and so did "It is the cheapest play that beats, and keeps the rest of your hand
// together"; the hints say what it beats ("that beats it would", "that beats it, and").
func TestEnglishBeatsHasItsObject(t *testing.T) {
	cut := regexp.MustCompile(`\bbeats(\s+would\b|[,;:.]|$)`)
	for key, texts := range rawCatalog(t, "en") {
		for _, s := range texts {
			if cut.MatchString(s) {
				t.Errorf("en %s: %s", key, s)
			}
		}
	}
}

// TestCatalogAsNasLessonPairsAreNotTwoPair: at the lesson's second showdown (step 12) East
// and North each hold a pair of As, and the bubble said the visitor's pair loses "to the two
// pairs of As", which reads as the hand Two pair (do juft), a hand nobody held. In every
// language the step must not use the words of that hand's name (less its Persian gloss).
func TestCatalogAsNasLessonPairsAreNotTwoPair(t *testing.T) {
	for _, code := range []string{"en", "sv", "es", "fa", "da", "zh"} {
		cat := rawCatalog(t, code)
		name, _, _ := strings.Cut(strings.Join(cat["asnas.category.two-pair"], ""), "（")
		name, _, _ = strings.Cut(name, " (")
		name = strings.ToLower(strings.TrimSpace(name))
		words := map[string]string{"en": "two pairs", "sv": "två paren", "es": "dos parejas", "da": "to par"}[code]
		s := strings.ToLower(strings.Join(cat["learn.asnas.lost"], ""))
		for i, bad := range []string{name, words} {
			if bad != "" && (i == 0 || bad != name) && strings.Contains(s, bad) {
				t.Errorf("%s learn.asnas.lost says %q, the name of the hand Two pair, of two hands that are a pair each: %s", code, bad, s)
			}
		}
	}
}
