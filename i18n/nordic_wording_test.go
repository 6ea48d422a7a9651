package i18n

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// englishPlayNoun finds "play" as a noun for a combination laid on the table: "this play",
// "the cheapest play that beats", "any ordinary play".
var englishPlayNoun = regexp.MustCompile(`(?i)\b(this|cheapest|cheaper|weakest|ordinary|highest|one) play\b`)

// TestSwedishAndDanishNameAPlayAKombination: the Guandan rules pages call what a player lays on
// the table a kombination in Swedish and Danish ("den senaste kombinationen", "den seneste
// kombination"). The hints and two lesson bubbles called it spel and spil: Swedish spel is a
// game, and Danish spil was then the Danish table's deal ("Spil 3", "Næste spil", "Dette spil";
// now uddeling), so "Intet på din hånd slår dette spil" read "nothing in your hand beats this
// deal". Where the
// English names a play, both say kombination, and neither uses its word for a game or a deal.
func TestSwedishAndDanishNameAPlayAKombination(t *testing.T) {
	en := rawCatalog(t, "en")
	other := map[string]*regexp.Regexp{
		"sv": regexp.MustCompile(`\bspel(et|en)?\b`),
		"da": regexp.MustCompile(`\b(dette|det|et|dit|de|almindeligt|højeste|billigste|billigere|svageste) spil\b`),
	}
	checked := 0
	for code, wrong := range other {
		cat := rawCatalog(t, code)
		for key, texts := range en {
			if !strings.HasPrefix(key, "guandan_ai.reason.") && !strings.HasPrefix(key, "learn.guandan.") {
				continue
			}
			if !englishPlayNoun.MatchString(strings.Join(texts, " ")) {
				continue
			}
			checked++
			for _, s := range cat[key] {
				if m := wrong.FindString(s); m != "" || !strings.Contains(s, "kombination") {
					t.Errorf("%s %s names the play %q, not kombination as the rules page does: %s", code, key, m, s)
				}
			}
		}
	}
	if checked < 40 {
		t.Fatalf("only %d texts name a play; the English wording has changed", checked)
	}
}

// TestSwedishAndDanishErrorPagesUseTheTablesWords: the "a moment, please" pages (429) told a
// player their game was kept, as parti (sv, da) and as spil (da, the Danish table's deal),
// where every table, the history and the rules call it a match, match and kamp; and the
// Swedish 431 page called the request a förfrågan where the 400, 403 and 405 pages call it a
// begäran.
func TestSwedishAndDanishErrorPagesUseTheTablesWords(t *testing.T) {
	match := map[string]string{"sv": "din match", "da": "din kamp"}
	parti := regexp.MustCompile(`\bparti\b`)
	for code, word := range match {
		cat := rawCatalog(t, code)
		if !strings.Contains(strings.ToLower(strings.Join(cat["history.current"], "")), strings.Fields(word)[1]) {
			t.Fatalf("%s history.current no longer says %q: %q", code, word, cat["history.current"])
		}
		for key, texts := range cat {
			for _, s := range texts {
				if parti.MatchString(s) {
					t.Errorf("%s %s calls the match parti: %s", code, key, s)
				}
				if code == "sv" && strings.Contains(s, "förfrågan") {
					t.Errorf("sv %s calls a request förfrågan, the other error pages begäran: %s", key, s)
				}
			}
		}
		for _, key := range []string{"error.429.text", "error.429.asks.text"} {
			if s := strings.Join(cat[key], ""); !strings.Contains(s, word) {
				t.Errorf("%s %s does not say %q: %s", code, key, word, s)
			}
		}
	}
}

// TestNoPossessiveBeforeAFilledInName: a name filled in from the catalog (a hand, a
// combination, a card) comes in its one form, and a Swedish or Danish possessive before it
// must agree with it. The Danish As-Nas lesson read "dit fuldt hus (she va juft) slår to par",
// where Danish says "dit fulde hus"; the lessons put the name where no word has to agree.
func TestNoPossessiveBeforeAFilledInName(t *testing.T) {
	possessive := regexp.MustCompile(`(?i)\b(din|dit|ditt|dine|dina|sin|sit|sitt|sine|sina)\s+%(\[\d+\])?[sdv]`)
	for _, code := range []string{"sv", "da"} {
		for key, texts := range rawCatalog(t, code) {
			for _, s := range texts {
				if m := possessive.FindString(s); m != "" {
					t.Errorf("%s %s: %q cannot agree with the name filled in: %s", code, key, m, s)
				}
			}
		}
	}
}

// TestMasterLevelCountsPerDealAsTheHistory: the As-Nas Master level's help says how little a
// fixed style can win from it per deal. In Danish it said "pr. give", the verb "to deal",
// where the history page's average, the score table and the table said "pr. spil" and "Spil"
// (now "pr. uddeling" and "Uddeling": TestDanishDealIsNotPlay).
func TestMasterLevelCountsPerDealAsTheHistory(t *testing.T) {
	for _, code := range []string{"sv", "da"} {
		cat := rawCatalog(t, code)
		words := strings.Fields(strings.Join(cat["history.stats.perdeal"], ""))
		if len(words) < 2 {
			t.Fatalf("%s history.stats.perdeal: %q", code, cat["history.stats.perdeal"])
		}
		perDeal := strings.Join(words[len(words)-2:], " ")
		if s := strings.Join(cat["asnas.ai.level.master.help"], ""); !strings.Contains(s, perDeal+" ") {
			t.Errorf("%s asnas.ai.level.master.help does not say %q as the history page does: %s", code, perDeal, s)
		}
	}
}

// TestSwedishAndDanishWordingSlips lists single slips a Swedish or Danish player read, each
// with the wording the pages use elsewhere: the Swedish coach's "väntade andel" (waited-for
// share) for the expected förväntade; the Danish temperature help's "køligere og blåligt",
// which matched neither its comparative nor the contrast help's "giver et fladere billede";
// the Swedish lesson's "två triss", where the rules page says two trissar; the Swedish levels
// step's "Först och tvåa ut går ditt lag upp" (no verb to the placing), and the Danish one's
// "Først og nummer to ude", where the rules pages say etta och tvåa, nummer et og to; the joker
// bomb step that named the bomb and the straight flush bare ("svarade med jokerbomb"); the
// Danish lesson's last bubble, whose tilbagelevering is the rules page's returkort; the Swedish
// hint that a player "närmar sig att gå ut" (is nearing to go out), where Swedish is nära att;
// the missing replay's "repriser av given i dina egna matcher", the deal in the singular; the
// Danish hint's "nærmer sig at gå ud" (er tæt på at); the Danish "tre ens af en højere rang",
// where the rules and the lesson give a rank its værdi; the As-Nas lesson's "kortene gives af den
// næste plads" (the cards are dealt by the next seat), where the rules say the dealer "rykker én
// plads videre"; and its "du kan Checke: sætte intet mere ind", in an order Danish does not use.
func TestSwedishAndDanishWordingSlips(t *testing.T) {
	for _, tt := range []struct{ code, key, wrong, right string }{
		{"sv", "asnas.coach.share", "Din väntade", "förväntade andel"},
		{"da", "settings.temperature.help", "blåligt", "giver et køligere"},
		{"sv", "learn.guandan.plate", "två triss ", "två trissar"},
		{"sv", "learn.guandan.levels", "Först och tvåa ut", "etta och tvåa"},
		{"da", "learn.guandan.levels", "Først og nummer to ude", "nummer et og to"},
		{"sv", "learn.guandan.jokerbomb", "med %[1]s", "5 kort, en %[2]s"},
		{"da", "learn.guandan.jokerbomb", "med %[1]s", "med en %[1]s"},
		{"da", "learn.guandan.done", "tilbagelevering", "returkort"},
		{"sv", "guandan_ai.reason.holds", "närmar sig att", "är nära att gå ut"},
		{"sv", "replay.error.none.text", "repriser av given ", "repriser av givarna"},
		{"da", "guandan_ai.reason.holds", "nærmer sig at", "er tæt på at gå ud"},
		{"da", "guandan.sel.only.triple", "rang", "af højere værdi"},
		{"da", "learn.asnas.next", "kortene gives af den næste plads", "giveren rykker én plads videre"},
		{"da", "learn.asnas.hold", "sætte intet mere ind", "ikke sætte mere ind"},
	} {
		s := strings.Join(rawCatalog(t, tt.code)[tt.key], "")
		if strings.Contains(s, tt.wrong) || !strings.Contains(s, tt.right) {
			t.Errorf("%s %s says %q, want %q: %s", tt.code, tt.key, tt.wrong, tt.right, s)
		}
	}
}

// TestDanishReplayIsGenafspilning: the Danish history and replay pages called a replay a
// genspilning and told a player "Du kan genspille uddelingerne", which reads as playing the
// deals again (a genspil is a replayed match); what they offer is watching them back, a
// genafspilning, the word the table's keys help already used for the replay of the others' moves,
// beside the replay's own Afspil button.
func TestDanishReplayIsGenafspilning(t *testing.T) {
	da := rawCatalog(t, "da")
	for key, texts := range da {
		for _, s := range texts {
			if strings.Contains(strings.ToLower(s), "genspil") {
				t.Errorf("da %s says genspil, playing again, for a replay: %s", key, s)
			}
		}
	}
	for _, key := range []string{"history.link", "replay.title.asnas", "replay.title.guandan", "replay.error.none.text"} {
		if s := strings.Join(da[key], ""); !strings.Contains(strings.ToLower(s), "genafspilning") {
			t.Errorf("da %s does not call the replay a genafspilning: %s", key, s)
		}
	}
}

// TestErrorPagesSayTheMatchIsKept: the pages that ask a player to wait say their match is kept,
// in the word the tables use for it: Persian said "بازی شما" (your game) on the 429 pages,
// where every table says مسابقه.
func TestErrorPagesSayTheMatchIsKept(t *testing.T) {
	cat := rawCatalog(t, "fa")
	for _, key := range []string{"error.429.text", "error.429.asks.text", "error.unavailable.text"} {
		if s := strings.Join(cat[key], ""); !strings.Contains(s, "مسابقهٔ شما") || strings.Contains(s, "بازی شما") {
			t.Errorf("fa %s does not say مسابقهٔ شما: %s", key, s)
		}
	}
}

// TestDanishDealIsNotPlay: the Danish Guandan table said "Spil 3" for the deal beside the Play
// button, "Spil", and "Næste spil" under it; the As-Nas table, the history and the rules said
// spil for a deal too, and spil for the game and for playing. A deal is now an uddeling (the
// Danish rules card's word) everywhere: no Danish text whose English names a deal says spil,
// spillet or spillene, and the deal's labels do not begin with the Play button's word.
func TestDanishDealIsNotPlay(t *testing.T) {
	en, da := rawCatalog(t, "en"), rawCatalog(t, "da")
	deal := regexp.MustCompile(`(?i)\bdeals?\b`)
	// spil as a noun for a deal; spil stays the game, the packs ("to spil kort"), the verb and
	// its participle ("spillet færdig", "Spillet går til højre": play passes to the right).
	spil := regexp.MustCompile(`(?i)\b(dette|det|et|hvert|næste|første|forrige|tolvte|intet|nyt|helt|alle|tre|tolv|12|pr\.) spil\b|\bspil %|\bspillene\b|\b(i|for|af|vinder|før) spillet\b|\bspillet er slut\b|^spil$`)
	checked := 0
	for key, texts := range en {
		if !deal.MatchString(strings.Join(texts, " ")) {
			continue
		}
		checked++
		for _, s := range da[key] {
			if m := spil.FindAllString(s, -1); m != nil {
				t.Errorf("da %s names a deal %q: %s", key, m, s)
			}
		}
	}
	if checked < 40 {
		t.Fatalf("only %d English texts name a deal", checked)
	}
	play := strings.Join(da["guandan.play"], "")
	for _, key := range []string{"guandan.deal", "asnas.deal", "guandan.next", "asnas.nextdeal", "history.deal.asnas", "history.deal.guandan", "asnas.scores.deal", "guandan.climb.deal"} {
		s := strings.Join(da[key], "")
		if !strings.Contains(strings.ToLower(s), "uddeling") || strings.HasPrefix(s, play+" ") || s == play {
			t.Errorf("da %s = %q: not uddeling, or the Play button's %q", key, s, play)
		}
	}
}

// TestDanishPlacingsAsTheLog: the Danish Guandan table labelled the places Første, Anden,
// Tredje, Fjerde, while its log, the lesson and the rules say "gik ud som nummer to", "nummer
// et og to": the labels are now the log's words.
func TestDanishPlacingsAsTheLog(t *testing.T) {
	da := rawCatalog(t, "da")
	for p := 2; p <= 4; p++ {
		label := strings.ToLower(strings.Join(da[fmt.Sprintf("guandan.place.%d", p)], ""))
		for _, key := range []string{"guandan.log.finished.%d", "guandan.log.you.finished.%d"} {
			key = fmt.Sprintf(key, p)
			if s := strings.Join(da[key], ""); !strings.Contains(s, label) {
				t.Errorf("da guandan.place.%d is %q, but %s says %q", p, label, key, s)
			}
		}
	}
	if l := strings.Join(da["guandan.place.1"], ""); l != "Nummer et" {
		t.Errorf("da guandan.place.1 is %q, want the rules' nummer et", l)
	}
}
