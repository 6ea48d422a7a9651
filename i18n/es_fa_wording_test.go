package i18n

import (
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// TestSpanishAndPersianBeatsHasItsObject: a Hint's reason spoke of "la jugada más barata que
// supera" and "ارزان‌ترین بازی‌ای که می‌زند", "the cheapest play that beats", which in Spanish and
// Persian reads as a sentence cut short: beating needs its object there (que la supera, که
// ترکیب روی میز را می‌زند), as the English hints have since TestEnglishBeatsHasItsObject.
func TestSpanishAndPersianBeatsHasItsObject(t *testing.T) {
	for code, cut := range map[string]string{"es": "que supera", "fa": "که می\u200cزند"} {
		for key, texts := range rawCatalog(t, code) {
			for _, s := range texts {
				if strings.Contains(s, cut) {
					t.Errorf("%s %s says %q without what is beaten: %s", code, key, cut, s)
				}
			}
		}
	}
}

// TestSpanishHintsCallTheLeadLaSalida: the Spanish rules and lesson call Guandan's lead la
// salida ("la salida pasa a su compañero"); three hints called it la mano, the word the same
// page uses for the deal and for the player's hand, so "conservas la mano" read as keeping
// one's cards. A hint speaks of the player's hand only as tu mano.
func TestSpanishHintsCallTheLeadLaSalida(t *testing.T) {
	for key, texts := range rawCatalog(t, "es") {
		if !strings.HasPrefix(key, "guandan_ai.reason.") {
			continue
		}
		for _, s := range texts {
			if strings.Contains(s, "la mano") {
				t.Errorf("es %s calls the lead la mano: %s", key, s)
			}
		}
	}
}

// TestPersianCallsTheMatchMosabeghe: the Persian pages call a match مسابقه (the tables, the
// history, the rules: "هر مسابقه دوازده دست طول می‌کشد"); the lessons' last steps and their
// "Play a match" link said بازی, the word for the game itself, and the As-Nas lesson taught
// that "every game is 12 deals". Wherever English names a match, Persian says مسابقه.
func TestPersianCallsTheMatchMosabeghe(t *testing.T) {
	match := regexp.MustCompile(`(?i)\b(a|the|real|each|every|this|your) match\b`)
	en, fa := rawCatalog(t, "en"), rawCatalog(t, "fa")
	for key, texts := range en {
		if !match.MatchString(strings.Join(texts, " ")) {
			continue
		}
		if s := strings.Join(fa[key], " "); !strings.Contains(s, "مسابق") {
			t.Errorf("fa %s does not call the match مسابقه: %s", key, s)
		}
	}
}

// TestPersianEzafeAfterHeIsHamza: the Persian catalog writes the ezafe after a final ه as ٔ
// (همهٔ، مسابقهٔ), a few hundred times; one lesson wrote همه‌ی.
func TestPersianEzafeAfterHeIsHamza(t *testing.T) {
	for key, texts := range rawCatalog(t, "fa") {
		for _, s := range texts {
			if strings.Contains(s, "ه\u200cی ") {
				t.Errorf("fa %s writes the ezafe ه\u200cی: %s", key, s)
			}
		}
	}
}

// TestOpeningBetBubbleIsSaid: the dealer's bubble at the As-Nas table stands beside the seat's
// stake ("Apuesta: 1") and among bubbles the players say ("Igualo a 2", "Subo a 3"); in
// Spanish and Persian it read as a second label of the stake ("Apuesta de 1", "شرط ۱") instead
// of what the dealer says ("Abro con 1"), as in Swedish and Danish ("Insats 1", "Indsats 1").
func TestOpeningBetBubbleIsSaid(t *testing.T) {
	for _, l := range Locales {
		code := l.Code
		cat := rawCatalog(t, code)
		stake := strings.Join(cat["asnas.stake"], "")
		word := strings.TrimRight(strings.Fields(strings.ReplaceAll(stake, "%d", ""))[0], ":：")
		for _, s := range cat["table.asnas.say.opened"] {
			if strings.HasPrefix(s, word) {
				t.Errorf("%s table.asnas.say.opened %q begins as the stake label %q", code, s, stake)
			}
		}
	}
}

// TestNoWordRepeatsAroundACount: the Persian host's line for several empty seats read
// "هوش مصنوعی جای %d جای خالی بازی می‌کند", the word جای on both sides of the count (a
// "به جای" half-rewritten into "در … جای خالی"), where its singular reads "در جای خالی".
func TestNoWordRepeatsAroundACount(t *testing.T) {
	around := regexp.MustCompile(`(?:^|\s)(\S+) %(?:\[\d+\])?d (\S+)`)
	for _, l := range Locales {
		for key, texts := range rawCatalog(t, l.Code) {
			for _, s := range texts {
				for _, m := range around.FindAllStringSubmatch(s, -1) {
					if m[1] == m[2] {
						t.Errorf("%s %s says %q on both sides of its count: %s", l.Code, key, m[1], s)
					}
				}
			}
		}
	}
}

// leadOfATrick finds an English text that leads a trick; ahead in the score ("leads by 2",
// "in the lead") is not a lead.
var leadOfATrick = regexp.MustCompile(`(?i)\b(lead|leads|led|leading|leader)\b`)

// aheadInTheScore is the other lead, which the words for leading a trick need not name.
var aheadInTheScore = regexp.MustCompile(`(?i)\b(leads?|led|leading) (by \d|with [+−-]\d)|\bin the lead\b`)

// TestSpanishSalirIsOnlyTheLead: Spanish said salir both for leading a trick ("Sales tú", la
// salida) and for going out, getting rid of one's last card ("Vacía tu mano: sales", "vas
// camino de salir", "¡saliste el primero!"), so a player reading "sales" could not tell whether
// they lead or finish. Salir and la salida now only lead, as in "salir con una pareja"; going
// out is quedarse sin cartas everywhere, and the placings say quedar primero, segundo…
func TestSpanishSalirIsOnlyTheLead(t *testing.T) {
	out := regexp.MustCompile(`(?i)\b(go|goes|going|gone|went) out\b|\bway out\b|\bout (first|second|third)\b|\bplayer out\b`)
	salir := regexp.MustCompile(`(?i)(^|[^\p{L}])(sal|sal(e|es|en|ir|ida|idas|iste|ió|í|ga|gas|gan|iendo|ido|drá|drás))([^\p{L}]|$)`)
	// A placing may say where one finished, with the rules' quedar ("quedó primero").
	placed := regexp.MustCompile(`\bqued(ar|ó|aste|a|as|e)\b`)
	en, es := rawCatalog(t, "en"), rawCatalog(t, "es")
	for key, texts := range en {
		english := strings.Join(texts, " ")
		spanish := strings.Join(es[key], " ")
		saysLead, saysOut := leadOfATrick.MatchString(english) && !aheadInTheScore.MatchString(english), out.MatchString(english)
		// As-Nas has no lead of a trick: there, "you lead with +4" is vas primero.
		if saysLead && strings.Contains(key, "guandan") && !salir.MatchString(spanish) {
			t.Errorf("es %s does not call the lead salir or la salida: %s", key, spanish)
		}
		// Elsewhere salir keeps its everyday senses ("Salir de la mesa").
		if !saysLead && strings.Contains(key, "guandan") && salir.MatchString(spanish) {
			t.Errorf("es %s says salir where English leads nothing: %s", key, spanish)
		}
		if saysOut && !strings.Contains(spanish, "sin cartas") && !strings.Contains(spanish, "sin ellas") && !placed.MatchString(spanish) {
			t.Errorf("es %s does not call going out quedarse sin cartas: %s", key, spanish)
		}
	}
}

// TestGuandanLeadAndGoingOutKeepTheirWords: Guandan has two moves that must never share a
// word, leading a trick (playing first to an empty table) and going out (playing one's last
// card, which decides the placings). As TestSpanishSalirIsOnlyTheLead does for Spanish, each
// language names each with one expression wherever the English does: Swedish spela ut and
// utspelet for the lead, gå ut for going out (so a session has löpt ut and the master AI spelar
// igenom the rest of the deal); Danish spille ud and udspillet, gå ud; Persian شروع (آغازگر for
// the leader) and تمام کردن of one's cards, where the hints said بیرون رفتن and the log only
// «نفر اول شد»; Chinese 首出 and 出牌权 for the lead, 出完 and the placings 头游, 二游, 三游
// for going out, where the hints said 走 and the lesson led with 先出 or plain 出牌.
func TestGuandanLeadAndGoingOutKeepTheirWords(t *testing.T) {
	out := regexp.MustCompile(`(?i)\b(go|goes|going|gone|went) out\b|\bway out\b|\bout (first|second|third)\b|\bplayer out\b`)
	finish := regexp.MustCompile(`(?i)\bfinish(es|ed)? first\b`)
	aboutIt := regexp.MustCompile(`(?i)\bgår? u[td] på\b`)
	type words struct {
		lead, out *regexp.Regexp // what the key must say where English leads or goes out
		leadOnly  *regexp.Regexp // said nowhere the English does not lead
		outOnly   *regexp.Regexp // said nowhere the English does not go out
		never     *regexp.Regexp // said nowhere in Guandan
	}
	langs := map[string]words{
		"sv": {
			lead:     regexp.MustCompile(`(?i)\bspela(r|de|s)? ut\b|\bspelas ut\b|\butspel`),
			out:      regexp.MustCompile(`(?i)\bg(å|år|ick|ått)( ni)? ut\b|\bpå väg ut\b`),
			leadOnly: regexp.MustCompile(`(?i)\bspela(r|de|s|des)? ut\b|\butspel`),
			outOnly:  regexp.MustCompile(`(?i)\bg(å|år|ick|ått)( ni)? ut\b|\bpå väg ut\b`),
		},
		"da": {
			lead:     regexp.MustCompile(`(?i)\budspil|\bspil(le|ler|les|lede)?( [^\s.:;,]+){0,3} ud\b`),
			out:      regexp.MustCompile(`(?i)\b(gå|går|gik|gået)( I)? ud\b|\bpå vej ud\b`),
			leadOnly: regexp.MustCompile(`(?i)\budspil|\bspill(e|er|ede|es) ud\b`),
			outOnly:  regexp.MustCompile(`(?i)\b(gå|går|gik|gået)( I)? ud\b|\bpå vej ud\b`),
		},
		"fa": {
			lead:  regexp.MustCompile(`شروع|آغاز`),
			out:   regexp.MustCompile(`تمام`),
			never: regexp.MustCompile(`بیرون (رو|رف|بر|می\x{200c}رو|نمی\x{200c}رو)`),
		},
		"zh": {
			lead:     regexp.MustCompile(`首出|出牌权|接风`),
			out:      regexp.MustCompile(`出完|[头二三]游`),
			leadOnly: regexp.MustCompile(`首出|先出([^完]|$)`),
			never:    regexp.MustCompile(`[就快先]走|让他走|出局`), // not 拿走, 走法
		},
	}
	en := rawCatalog(t, "en")
	for code, w := range langs {
		cat := rawCatalog(t, code)
		for key, texts := range en {
			english := strings.Join(texts, " ")
			s := strings.Join(cat[key], " ")
			saysLead, saysOut := leadOfATrick.MatchString(english) && !aheadInTheScore.MatchString(english), out.MatchString(english)
			guandan := strings.Contains(key, "guandan")
			if saysLead && guandan && !w.lead.MatchString(s) {
				t.Errorf("%s %s does not name the lead as the rules do: %s", code, key, s)
			}
			if saysOut && !w.out.MatchString(s) {
				t.Errorf("%s %s does not name going out as the rules do: %s", code, key, s)
			}
			if w.leadOnly != nil && !saysLead {
				if m := w.leadOnly.FindString(s); m != "" {
					t.Errorf("%s %s says %q, the lead's word, where English leads nothing: %s", code, key, m, s)
				}
			}
			if w.outOnly != nil && !saysOut && !finish.MatchString(english) {
				// "går ut på", "går ud på": what a game is about, not a player going out.
				if m := w.outOnly.FindString(aboutIt.ReplaceAllString(s, "")); m != "" {
					t.Errorf("%s %s says %q, going out's word, where nobody goes out: %s", code, key, m, s)
				}
			}
			if w.never != nil && guandan {
				if m := w.never.FindString(s); m != "" {
					t.Errorf("%s %s says %q, not the rules' words for the lead and going out: %s", code, key, m, s)
				}
			}
		}
	}
}

// TestPersianGuandanHandIsItsCards: Persian Guandan calls a deal دور and a trick دست
// ("شروع دست", "دست را برد"), but a dozen hints, lessons and labels also said دست for the cards
// a player holds ("دستتان خالی است", "بقیهٔ دستتان", "در دست شما", the lesson's "دو دست ورق"
// for two packs), so "your hand" and "the trick" read alike. In Guandan the cards held are
// ورق‌ها (ورق‌هایتان, "ورق‌های در دست"): دست appears as the hand only after ورق‌های, never
// possessed, after در or به, before شما, خود or ورق, or in the plural; and wherever the English
// names a hand, the Persian names the cards.
func TestPersianGuandanHandIsItsCards(t *testing.T) {
	hand := regexp.MustCompile(`(?i)\bhands?\b`)
	otherHand := regexp.MustCompile(`(?i)\bon the other hand\b`) // no cards in it
	// The plural دست‌ها is the tricks' ("دست‌های این دور"), and به دست the idioms' (به دست
	// آوردن): neither is the hand.
	possessed := map[string]bool{"دستتان": true, "دستش": true, "دستشان": true, "دستم": true, "دستت": true, "دستمان": true}
	en, fa := rawCatalog(t, "en"), rawCatalog(t, "fa")
	for key, texts := range fa {
		if !strings.Contains(key, "guandan") {
			continue
		}
		for _, s := range texts {
			words := strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && r != '\u200c' })
			for i, w := range words {
				before := i - 1
				bare := possessed[w]
				if w == "دست" {
					if before >= 0 && words[before] == "در" {
						bare, before = true, before-1
					}
					if i+1 < len(words) {
						next := words[i+1]
						bare = bare || strings.HasPrefix(next, "شما") || strings.HasPrefix(next, "خود") || next == "ورق"
					}
				}
				if bare && (before < 0 || words[before] != "ورق\u200cهای") {
					t.Errorf("fa %s says «%s» for the cards held, where دست is the trick: %s", key, strings.Join(words[max(i-1, 0):min(i+2, len(words))], " "), s)
				}
			}
		}
		if hand.MatchString(otherHand.ReplaceAllString(strings.Join(en[key], " "), "")) && !strings.Contains(strings.Join(texts, " "), "ورق") {
			t.Errorf("fa %s does not name the hand's cards (ورق) where English says hand: %s", key, strings.Join(texts, " "))
		}
	}
}

// TestSharedTableNamesTheLevelAsTheSoloTable: a shared Guandan table's log and climb told a
// deal's winners in other words than the solo table's: Spanish "suben 2 niveles, a 5" and "se
// quedan en 5", where the solo log says "al nivel 5" and "seguís en el nivel 5"; Persian "۲ مرحله
// بالا می‌روند، تا ۵" (two stages), where the solo log and the whole table climb سطح. The shared
// lines name the level before its value as the solo ones do.
func TestSharedTableNamesTheLevelAsTheSoloTable(t *testing.T) {
	for _, tt := range []struct{ code, word string }{{"es", "nivel %"}, {"fa", "سطح %"}} {
		cat := rawCatalog(t, tt.code)
		for _, solo := range []string{"guandan.log.dealover.0", "guandan.log.dealstay.0"} {
			if !strings.Contains(strings.Join(cat[solo], ""), tt.word) {
				t.Fatalf("%s %s no longer says %q: %q", tt.code, solo, tt.word, cat[solo])
			}
		}
		for _, key := range []string{"tables.guandan.log.dealover", "tables.guandan.log.dealstay"} {
			for _, s := range cat[key] {
				if !strings.Contains(s, tt.word) {
					t.Errorf("%s %s does not say %q before the level as the solo log does: %s", tt.code, key, tt.word, s)
				}
			}
		}
	}
}

// TestPersianWordingSlips lists single slips a Persian player read, each with the wording the
// pages use elsewhere: a shared table's "هر کسی می‌تواند دست بعد را بدهد", where دست دادن is to
// shake hands and the table deals cards (ورق‌ها را پخش می‌کند: "ورق‌های دور ۲ ... پخش شد"); the
// As-Nas skip link "رفتن به دست شما", where the table's Look button and the Guandan skip link name
// the cards held ورق‌ها; the name rule's "میز جایی را «شما» ... می‌خواند" (calls somewhere You);
// and the As-Nas lesson's "همه بازی کرده‌اند" for everyone has acted, which the rules and the
// lesson's other steps say تصمیم گرفتن.
func TestPersianWordingSlips(t *testing.T) {
	fa := rawCatalog(t, "fa")
	for _, tt := range []struct{ key, wrong, right string }{
		{"tables.asnas.ready.wait", "را بدهد", "ورق\u200cها را پخش کند"},
		{"tables.guandan.ready.wait", "را بدهد", "ورق\u200cها را پخش کند"},
		{"table.skip.hand", "دست", "ورق\u200cهای شما"},
		{"tables.error.seatword.text", "جایی را", "جاها را"},
		{"tables.name.seatword", "جایی را", "جاها را"},
		{"learn.asnas.hold", "همه بازی کرده", "همه تصمیم گرفته"},
	} {
		s := strings.Join(fa[tt.key], "")
		if strings.Contains(s, tt.wrong) || !strings.Contains(s, tt.right) {
			t.Errorf("fa %s says %q, want %q: %s", tt.key, tt.wrong, tt.right, s)
		}
	}
}
