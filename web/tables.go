package web

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/secure/precis"
	"golang.org/x/text/unicode/norm"

	"github.com/cardavia/cardavia/i18n"
	"github.com/cardavia/cardavia/record"
	"github.com/cardavia/cardavia/web/store"
	"github.com/cardavia/cardavia/web/views"
)

// sharedTable is a table that friends play at together: four seats, each held by a visitor (by
// their session id) or by an AI player at the table's level. It is stored as strict JSON under
// tableKey, beside the match it plays (matchKey), and every move writes both in one
// compare-and-swap (DESIGN.md, "Tables and seats").
type sharedTable struct {
	// Version is tableVersion.
	Version int `json:"v"`
	// Game is "asnas" or "guandan".
	Game string `json:"game"`
	// ID is the table's unguessable id (tableIDBytes random bytes): the invite link.
	ID string `json:"id"`
	// Code is the short code that can be read aloud (tableCodeKey leads to the id).
	Code string `json:"code"`
	// Host is the session id of the player who may arrange the seats and start; the next
	// seated player when the host leaves.
	Host string `json:"host"`
	// Level is the AI players' level, as its word ("beginner", "club", "master").
	Level string `json:"level"`
	// Timer is the time a seat has for a move, in seconds; 0 is no timer.
	Timer int `json:"timer,omitempty"`
	// Seats are the four seats, by the engine's absolute seat number.
	Seats [4]tableSeat `json:"seats"`
	// Match is the id of the match being played, "" while the players gather (the lobby).
	Match string `json:"match,omitempty"`
	// Rev counts the table's writes: the number its live pages are told of, and the id of
	// their events.
	Rev uint64 `json:"rev"`
	// Turn is when the seat to act became the one to act (Unix milliseconds): the start of
	// the timer and of the silence after which the others may hand the seat to the AI; when
	// a deal is over, when it ended.
	Turn int64 `json:"turn,omitempty"`
	// Ready are the seats whose players asked for the next deal while the deal just ended
	// stays on the table (see markReady), or, once the match is over, for a rematch (see
	// askRematch); cleared by every move and every deal (clearReady).
	Ready seats `json:"ready,omitempty"`
	// Removed are the visitors the host took off their seats in the lobby, told so on the
	// table's page until they sit again or the match begins (the oldest dropped past
	// removedKept).
	Removed []string `json:"removed,omitempty"`
	// Swap is the rematch the first player to ask chose at a finished Guandan match: with
	// partners swapped. It is the others' to join, not to choose again; cleared with Ready.
	Swap bool `json:"swap,omitempty"`
	// Created is when the table was opened (Unix seconds).
	Created int64 `json:"created"`
	// Asides are the seats handed to the AI or taken back in the deals of the match, each where
	// in its deal's log it happened, for the logs' words, the live table's and its replays' (see
	// noteAside): all dropped with a new match. A table stored when only the deal being played
	// kept its asides reads the same: its earlier deals simply have none.
	Asides []tableAside `json:"asides,omitempty"`
}

// tableAside is a seat handed to the AI or taken back, at the point of a deal it happened.
type tableAside struct {
	// Deal is the deal (1-based) and At how many events of its log came before; At is -1 for a
	// seat away from the deal's start, carried over from a deal whose asides were dropped (see
	// trimAsides): it has no line of its own.
	Deal int `json:"deal"`
	At   int `json:"at"`
	Seat int `json:"seat"`
	// Why is what happened: views.AsideTime, AsideWait, AsideSelf or AsideBack.
	Why string `json:"why"`
	// Rev is the table's revision whose write noted it: its id, by which a live page's script
	// tells the asides at one point it has read out from those it has not (0 for a carry, and
	// in a table stored before asides had one).
	Rev uint64 `json:"rev,omitempty"`
}

// asidesKept bounds each seat's asides in a deal: a player who steps away and back again and
// again keeps the table's record small, and only their own earliest lose their line in the log.
// The bound is the seat's, not the table's: one seat's comings and goings never push out
// another's hand-over, whose AI moves would then read as the player's own. It is even, as the
// oldest are dropped in pairs (see noteAside).
const asidesKept = 8

// asidesMatchKept bounds a match's asides over all its deals, so that a long Guandan match
// keeps its table's record small (each aside is some 55 bytes of JSON): past it, the earliest
// deals' asides are dropped (trimAsides), and only their replays lose the marks. It is well
// above what the deal being played may hold (asidesKept for each of four seats, and a carry
// each), which is never dropped.
const asidesMatchKept = 64

// noteAside notes that seat was handed to the AI or taken back (why) after the first at events
// of deal's log; the earlier deals' asides stay, for their replays, within asidesMatchKept.
// Past asidesKept of the seat in the deal, its two oldest there go together: a hand-over with
// the taking back that follows it, so that the seat's first aside kept is of the same kind as
// its first (views.byAI reads a first that takes the seat back as the seat away from the
// deal's start) and its state after each kept aside stays right.
func (t *sharedTable) noteAside(deal, at, seat int, why string) {
	t.Asides = append(t.Asides, tableAside{Deal: deal, At: at, Seat: seat, Why: why, Rev: t.Rev + 1})
	mine := func(a tableAside) bool { return a.Deal == deal && a.Seat == seat }
	n := 0
	for _, a := range t.Asides {
		if mine(a) {
			n++
		}
	}
	for drop := 0; n > asidesKept && drop < 2; drop++ {
		i := slices.IndexFunc(t.Asides, mine)
		t.Asides = slices.Delete(t.Asides, i, i+1)
		n--
	}
	t.trimAsides(deal)
}

// trimAsides drops the earliest deals' asides, never those of deal (the one being played),
// until the match keeps at most asidesMatchKept. A seat a dropped deal left away, with no
// aside in the next deal, keeps that in an aside at -1 of the next deal (a carry): the AI's
// moves for it in the deals after still read as the AI's.
func (t *sharedTable) trimAsides(deal int) {
	for d := 1; len(t.Asides) > asidesMatchKept && d < deal; d++ {
		if !slices.ContainsFunc(t.Asides, func(a tableAside) bool { return a.Deal == d }) {
			continue
		}
		var carry []tableAside
		for seat, why := range awayAfter(t.Asides, d) {
			// An aside of the seat in the next deal tells it already: its first takes the seat
			// back, which views.byAI reads as the seat away from that deal's start.
			next := slices.ContainsFunc(t.Asides, func(a tableAside) bool { return a.Deal == d+1 && a.Seat == seat })
			if why != "" && !next {
				carry = append(carry, tableAside{Deal: d + 1, At: -1, Seat: seat, Why: why})
			}
		}
		// Asides are noted in the order they happen, so the earliest deal's come first, and the
		// carries go before those of the deal they are carried to.
		t.Asides = append(carry, slices.DeleteFunc(t.Asides, func(a tableAside) bool { return a.Deal <= d })...)
	}
}

// awayAfter is, for each seat, why the AI played it at the end of deal as its asides tell
// (the Why of its last aside up to that deal), "" for a seat they leave in its player's hands
// or never mention.
func awayAfter(asides []tableAside, deal int) [4]string {
	var why [4]string
	for _, a := range asides {
		if a.Deal <= deal && a.Seat >= 0 && a.Seat < len(why) {
			why[a.Seat] = a.Why
		}
	}
	for seat, w := range why {
		if w == views.AsideBack {
			why[seat] = ""
		}
	}
	return why
}

// asidesOf are the asides of deal, for its log.
func (t *sharedTable) asidesOf(deal int) []views.LogAside {
	var out []views.LogAside
	for _, a := range t.Asides {
		if a.Deal == deal {
			out = append(out, views.LogAside{At: a.At, Seat: a.Seat, Why: a.Why, Rev: a.Rev})
		}
	}
	return out
}

// replayAsides are the asides of deal of match id for its replays: the deal's own, after an
// aside at -1 (a carry, with no line) for each seat the match's earlier deals left away, so
// that the AI's moves for a seat away from the deal's start read as the AI's, as the live log
// read them (its seating marked the seat away). None when the table plays another match.
func (t *sharedTable) replayAsides(id record.ID, deal int) []views.LogAside {
	if t.Match != id.String() {
		return nil
	}
	return replayAsides(t.Asides, deal)
}

// replayAsides are the asides of deal among a match's, for its replays (see
// sharedTable.replayAsides).
func replayAsides(asides []tableAside, deal int) []views.LogAside {
	var out []views.LogAside
	for seat, why := range awayAfter(asides, deal-1) {
		carried := slices.ContainsFunc(asides, func(a tableAside) bool { return a.Deal == deal && a.Seat == seat && a.At < 0 })
		if why != "" && !carried {
			out = append(out, views.LogAside{At: -1, Seat: seat, Why: why})
		}
	}
	for _, a := range asides {
		if a.Deal == deal {
			out = append(out, views.LogAside{At: a.At, Seat: a.Seat, Why: a.Why})
		}
	}
	return out
}

// asidesKey holds a finished shared match's asides once its table has dealt the next match
// (which starts with none), for the finished match's replays. It is an entry of its own for the
// reason seatingKey gives; the match record (package record) keeps only what the engines
// replay.
func asidesKey(id record.ID) string { return "asides:" + id.String() }

// matchAsides is what asidesKey stores.
type matchAsides struct {
	Version int          `json:"v"`
	Asides  []tableAside `json:"asides"`
}

// matchAsidesVersion is the format of a stored matchAsides.
const matchAsidesVersion = 1

// archiveAsides is the swap that keeps the asides of the match the table played until now, as
// it deals the next one; ok false when there is none to keep.
func (t *sharedTable) archiveAsides() (store.Swap, bool, error) {
	id, ok := t.matchID()
	if !ok || len(t.Asides) == 0 {
		return store.Swap{}, false, nil
	}
	data, err := json.Marshal(matchAsides{Version: matchAsidesVersion, Asides: t.Asides})
	if err != nil {
		return store.Swap{}, false, err
	}
	return store.Swap{Key: asidesKey(id), Data: data}, true, nil
}

// loadAsides are the stored asides of finished match id (see asidesKey), none when there are
// none or they cannot be read.
func (s *Server) loadAsides(ctx context.Context, id record.ID) []tableAside {
	data, _, err := s.cfg.Store.Load(ctx, asidesKey(id))
	if err != nil || data == nil {
		return nil
	}
	var ma matchAsides
	if err := decodeStrict(data, &ma); err != nil {
		s.log.WarnContext(ctx, "stored asides unreadable", "match", id.String(), "err", err)
		return nil
	}
	if ma.Version != matchAsidesVersion {
		s.log.WarnContext(ctx, "stored asides of another format", "match", id.String(), "version", ma.Version)
		return nil
	}
	return ma.Asides
}

// tableSeat is one seat of a shared table.
type tableSeat struct {
	// Visitor is the session id of the player sitting here, "" for an AI seat.
	Visitor string `json:"visitor,omitempty"`
	// Name is the player's display name (see checkName).
	Name string `json:"name,omitempty"`
	// Away is set while the AI plays for the player: their time ran out or the others
	// handed the seat over; the player takes it back with one click.
	Away bool `json:"away,omitempty"`
}

// removedKept bounds sharedTable.Removed: a host who removes player after player keeps the
// table's record small, and the earliest only miss the notice.
const removedKept = 8

// tableVersion is the format of a stored table.
const tableVersion = 1

// tableIDBytes is the size of a table's random id: 80 bits, so that the link is the key.
const tableIDBytes = 10

// tableKey is where a table is stored; tableCodeKey maps its short code to its id.
func tableKey(id string) string       { return "table:" + id }
func tableCodeKey(code string) string { return "tablecode:" + code }

// tableOnceKey names the table a new-table form opened, by the token the form carried.
func tableOnceKey(game, once string) string { return "tableonce:" + game + ":" + once }

// newOnce is a new-table form's token: 128 random bits, in hex.
func newOnce() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return hex.EncodeToString(b[:]), nil
}

// validOnce tells whether s could be a token of newOnce.
func validOnce(s string) bool {
	_, err := hex.DecodeString(s)
	return len(s) == 32 && err == nil
}

// Timers a host may choose, in seconds; 0 is none (the default among friends).
var tableTimers = []int{0, 30, 60, 120}

// silence is how long a seat may keep the others waiting, with the timer off, before they
// may hand it to the AI.
const silence = 2 * time.Minute

var tableIDEncoding = base32.NewEncoding("abcdefghijkmnpqrstuvwxyz23456789").WithPadding(base32.NoPadding)

// newTableID is a fresh random table id.
func newTableID() (string, error) {
	var b [tableIDBytes]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return tableIDEncoding.EncodeToString(b[:]), nil
}

// validTableID tells whether s could be a table id, before any store is asked.
func validTableID(s string) bool {
	if len(s) != tableIDEncoding.EncodedLen(tableIDBytes) {
		return false
	}
	_, err := tableIDEncoding.DecodeString(s)
	return err == nil
}

// codeAlphabet is the short code's letters and digits: no two that are easily taken for
// each other when read aloud or from a screen (no 0/O, 1/I/L, 2/Z, 5/S, 8/B).
const codeAlphabet = "ACDEFGHJKMNPQRTUVWXY34679"

// codeLength is the short code's length: 25^8 codes, about 2^37, shown as two groups of four.
const codeLength = 8

// newTableCode is a fresh random short code.
func newTableCode() (string, error) {
	var b [codeLength]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	for i := range b {
		// 256 is not a multiple of 25: the first 250 values are spread evenly, the rest
		// drawn again.
		for b[i] >= 250 {
			var one [1]byte
			if _, err := rand.Read(one[:]); err != nil {
				return "", err
			}
			b[i] = one[0]
		}
		b[i] = codeAlphabet[b[i]%byte(len(codeAlphabet))]
	}
	return string(b[:]), nil
}

// normalizeCode reads a code as a person types it: any case, spaces and dashes anywhere, and
// the look-alikes the alphabet leaves out read as what they look like. Keyboards that do not
// type ASCII are read too: full-width letters, digits, dashes and spaces (a Chinese input
// method's) fold to their ASCII forms, and the Arabic-Indic digits a Persian or Arabic
// keyboard types are the digits they are. ok is false for anything that cannot be a code.
func normalizeCode(s string) (string, bool) {
	var b strings.Builder
	for _, r := range strings.ToUpper(norm.NFKC.String(s)) {
		switch {
		case r >= '٠' && r <= '٩':
			r = '0' + r - '٠'
		case r >= '۰' && r <= '۹':
			r = '0' + r - '۰'
		}
		switch r {
		case ' ', '-', '\t', '\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2212':
			continue // the dashes a phone or a word processor turns a hyphen into, too
		case '0', 'O':
			r = 'Q'
		case '1', 'I', 'L':
			r = 'T'
		case '2', 'Z':
			r = '7'
		case '5', 'S':
			r = '6'
		case '8', 'B':
			r = '3'
		}
		if !strings.ContainsRune(codeAlphabet, r) || b.Len() >= codeLength {
			return "", false
		}
		b.WriteRune(r)
	}
	return b.String(), b.Len() == codeLength
}

// formatCode is a code as shown: two groups of four.
func formatCode(code string) string {
	if len(code) != codeLength {
		return code
	}
	return code[:4] + "-" + code[4:]
}

// Name rules: trimmed, 1 to maxNameRunes characters, no control, format (bidi overrides,
// isolates, zero-width joiners; a non-joiner only where PRECIS's context rule allows it) or
// private-use characters, and the Nickname profile of PRECIS (RFC 8266), which folds width
// and compatibility forms so that look-alike names cannot pose as each other at one table.
const maxNameRunes = 24

// zwnj is the zero-width non-joiner.
const zwnj = '\u200c'

// errName is a display name the rules refuse; the page says why in the visitor's language.
var errName = errors.New("web: display name refused")

// checkName returns the name as it is kept and shown, or errName.
func checkName(raw string) (string, error) {
	if len(raw) > 4*maxNameRunes*4 || !utf8.ValidString(raw) {
		return "", errName
	}
	for _, r := range raw {
		// Markup is refused rather than shown escaped: a name that looks like code is a probe,
		// not a person.
		// The zero-width non-joiner is left to PRECIS, which allows it only where it keeps two
		// letters of a joining script apart: Persian spells names with it (علی‌رضا).
		if unicode.Is(unicode.Cc, r) || unicode.Is(unicode.Cf, r) && r != zwnj || unicode.Is(unicode.Co, r) || r == utf8.RuneError || r == '<' || r == '>' {
			return "", errName
		}
	}
	name, err := precis.Nickname.String(strings.TrimSpace(raw))
	if err != nil {
		return "", errName
	}
	name = norm.NFC.String(name)
	if n := utf8.RuneCountInString(name); n < 1 || n > maxNameRunes || !strings.ContainsFunc(name, showsInName) || marksInARow(name) > maxMarksInARow {
		return "", errName
	}
	return name, nil
}

// maxMarksInARow is the most combining marks a name may stack on one character: a Tibetan,
// Devanagari or Hebrew syllable stacks up to four, a pointed Persian letter two, while a name
// stacking a dozen ("Zalgo" text) spills over the seats and lines around it.
const maxMarksInARow = 4

// marksInARow is the longest run of combining marks in s.
func marksInARow(s string) int {
	most, run := 0, 0
	for _, r := range s {
		if !unicode.Is(unicode.M, r) {
			run = 0
			continue
		}
		run++
		most = max(most, run)
	}
	return most
}

// showsInName tells a character that shows: a letter, digit, punctuation or symbol, but not the
// Braille pattern blank, a symbol that shows nothing. A name needs one: made only of blanks,
// or of combining marks with no letter to sit on, it left a blank where the player's name goes.
func showsInName(r rune) bool {
	return r != '\u2800' && unicode.In(r, unicode.L, unicode.N, unicode.P, unicode.S)
}

// typedBack is a refused field's value as its form shows it again, so that a slip is mended
// without typing it all again: what a browser could have typed (a posted value may be
// anything), valid UTF-8 without control, format or private-use characters (the zero-width
// non-joiner kept, as in checkName), cut to the field's maxlength.
func typedBack(raw string, maxRunes int) string {
	var b strings.Builder
	n := 0
	for _, r := range strings.ToValidUTF8(raw, "") {
		if unicode.Is(unicode.Cc, r) || unicode.Is(unicode.Cf, r) && r != zwnj || unicode.Is(unicode.Co, r) {
			continue
		}
		if n == maxRunes {
			break
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}

// nameFieldRunes and codeFieldRunes are the maxlength of the name fields and of the join
// code's field.
const (
	nameFieldRunes = 96
	codeFieldRunes = 300
)

// sameName tells whether two names would be taken for each other: PRECIS Nickname's
// comparison (case and width folded), then the same once letters that look alike across
// scripts are taken as one (see lookAlike).
func sameName(a, b string) bool {
	if precis.Nickname.Compare(a, b) {
		return true
	}
	fa, errA := precis.Nickname.CompareKey(a)
	fb, errB := precis.Nickname.CompareKey(b)
	return errA == nil && errB == nil && lookAlike.Replace(fa) == lookAlike.Replace(fb)
}

// posesAsSeat tells whether a display name would be taken for a word the table itself puts
// beside a seat, in any of the site's languages, since each player reads the table in their
// own: the viewer's "You", a seat's word in any of its forms (the seat list's 西, the table's
// 西家), or the mark of an AI player or of a player who stepped away ("West (AI)" chosen as a
// name sat beside the real "West (AI)").
func posesAsSeat(name string) bool {
	words, marks := seatWords()
	for _, w := range words {
		if sameName(name, w) {
			return true
		}
	}
	key, err := precis.Nickname.CompareKey(name)
	if err != nil {
		return false
	}
	key = lookAlike.Replace(key)
	for _, m := range marks {
		if strings.Contains(key, m) {
			return true
		}
	}
	return false
}

// seatWords are the words of posesAsSeat in every language; marks are the AI's and the away
// player's marks without the name they follow, as comparison keys.
var seatWords = sync.OnceValues(func() (words, marks []string) {
	for _, l := range i18n.Locales {
		ctx := i18n.WithLocale(context.Background(), l)
		// The tag beside the viewer's name in the seat list (Danish "dig", which the table's
		// "Du" is not).
		words = append(words, i18n.T(ctx, "tables.seat.you"))
		// Each game's seat words ("You" and the AI players of the solo table and the logs),
		// the shared table's compass points, and those written short (Chinese 西 for 西家).
		for seat := range 4 {
			for _, k := range []string{"asnas.seat.%d", "guandan.seat.%d", "tables.seat.%d", "tables.seat.short.%d"} {
				words = append(words, i18n.T(ctx, fmt.Sprintf(k, seat)))
			}
		}
		// The other words of the language for the compass points.
		words = append(words, compassWords[l.Code]...)
		for _, k := range []string{"table.seat.ai", "table.seat.away"} {
			if m, err := precis.Nickname.CompareKey(strings.TrimSpace(i18n.T(ctx, k, ""))); err == nil && m != "" {
				marks = append(marks, lookAlike.Replace(m))
			}
		}
	}
	return words, marks
})

// compassWords are, for each language (by its locale code), the usual words for the four
// compass points a seat is named by, besides those the catalogs put on the pages (seatWords
// takes those from the catalogs): a player reads a name such as Swedish "Norr" beside the real
// "Nord (AI)" as a seat, as they would "Nord", which the catalog has. The catalogs' own words
// are here too, so that a word stays refused when the catalog changes to another (Swedish "Syd"
// for "Söder"). Only whole words: a name is compared as a whole (sameName), so names that
// begin like one stay free (Nora, Sydney, Weston, Östen); no single letters (English N, S, E,
// W), which no page puts for a seat and which are initials; and no word that is also a common
// given name (Persian خاور, east, and باختر, west).
var compassWords = map[string][]string{
	"en": {"North", "South", "East", "West"},
	// The nouns, and the adverbs as common on their own: norr, söder, öster, väster.
	"sv": {"Nord", "Syd", "Öst", "Väst", "Norr", "Söder", "Öster", "Väster"},
	"es": {"Norte", "Sur", "Este", "Oeste"},
	"fa": {"شمال", "جنوب", "شرق", "غرب"},
	"da": {"Nord", "Syd", "Øst", "Vest"},
	// The points alone, as a seat (家) and as a direction (方), in simplified characters and in
	// traditional 東, which a player may type.
	"zh": {"北", "南", "东", "西", "北家", "南家", "东家", "西家", "北方", "南方", "东方", "西方", "東", "東家", "東方"},
}

// lookAlike maps letters to the letter of another script they look like, on names already
// folded to lower case: Cyrillic and Greek letters drawn as Latin ones ("Аlice" with a
// Cyrillic А posed as "Alice"), and the Arabic yeh and kaf that Persian writes with its own
// (علي and علی). It is the part of Unicode's confusables (UTS #39) a table of friends meets.
var lookAlike = strings.NewReplacer(
	"а", "a", "в", "b", "е", "e", "ё", "e", "к", "k", "м", "m", "н", "h", "о", "o", "р", "p",
	"с", "c", "т", "t", "у", "y", "х", "x", "і", "i", "ї", "i", "ј", "j", "ѕ", "s", "ԁ", "d",
	"ԛ", "q", "ԝ", "w", "һ", "h", "ӏ", "l",
	"α", "a", "β", "b", "ε", "e", "η", "n", "ι", "i", "κ", "k", "ν", "v", "ο", "o", "ρ", "p",
	"τ", "t", "υ", "u", "χ", "x", "γ", "y", "ζ", "z", "μ", "u",
	"ي", "ی", "ى", "ی", "ك", "ک", "ة", "ه",
	"٠", "۰", "١", "۱", "٢", "۲", "٣", "۳", "٤", "۴", "٥", "۵", "٦", "۶", "٧", "۷", "٨", "۸", "٩", "۹",
	"0", "o", "1", "l",
)

// decodeTable reads a stored table strictly.
func decodeTable(data []byte) (sharedTable, error) {
	var t sharedTable
	if err := decodeStrict(data, &t); err != nil {
		return sharedTable{}, err
	}
	if t.Version != tableVersion {
		return sharedTable{}, fmt.Errorf("web: table format %d", t.Version)
	}
	return t, nil
}

// encode is the table as stored, its revision counted up: every write of a table is a new
// revision, which its live pages are told of.
func (t sharedTable) encode() ([]byte, error) {
	t.Version = tableVersion
	t.Rev++
	return json.Marshal(t)
}

// seatOf is the seat visitor holds at the table, -1 for none.
func (t *sharedTable) seatOf(visitor string) int {
	if visitor == "" {
		return -1
	}
	for s, st := range t.Seats {
		if st.Visitor == visitor {
			return s
		}
	}
	return -1
}

// humans are the seats people hold and play themselves: not empty, not away. The AI plays
// every other seat.
func (t *sharedTable) humans() seats {
	var h seats
	for s, st := range t.Seats {
		if st.Visitor != "" && !st.Away {
			h |= 1 << s
		}
	}
	return h
}

// markReady notes that the player at seat has seen the deal's end and asks for the next deal,
// and tells whether they must wait for the others. A deal's end (the showdown, who went out)
// stays on every player's screen until each player present has asked for the next deal, or
// until the table has waited as long as for a silent seat (handOverAt, from the deal's end):
// the quickest player no longer deals the next one away under the others' eyes, and one who
// has left the room holds nobody up for long.
func (t *sharedTable) markReady(seat int, now time.Time) bool {
	t.Ready |= 1 << seat
	return t.unready() != 0 && now.Before(t.handOverAt())
}

// unready are the players present who have not asked for the next deal.
func (t *sharedTable) unready() seats { return t.humans() &^ t.Ready }

// clearReady forgets who asked for the next deal or the rematch, and which rematch: every move
// and every deal does.
func (t *sharedTable) clearReady() { t.Ready, t.Swap = 0, false }

// askRematch notes that the player at seat asks for a rematch of the finished match, and tells
// whether they must wait for the others. It is markReady's rule at the match's end: the final
// standings stay on every player's screen until each player present has asked for the
// rematch, or until the table has waited its patience since the match ended, so that the
// quickest player no longer deals it away under the others' eyes. The first to ask chooses
// which rematch it is (swap: with partners swapped); those who ask after them join it. A
// player the AI played for is back once they ask.
func (t *sharedTable) askRematch(seat int, swap bool, now time.Time) bool {
	if t.Ready == 0 {
		t.Swap = swap
	}
	t.Seats[seat].Away = false
	return t.markReady(seat, now)
}

// patience is how long the table waits for a player: a move's time, or the silence with no
// timer.
func (t *sharedTable) patience() time.Duration {
	if t.Timer > 0 {
		return time.Duration(t.Timer) * time.Second
	}
	return silence
}

// started tells whether the match has begun (the lobby is over).
func (t *sharedTable) started() bool { return t.Match != "" }

// passHost gives the host's part to the next seated player after seat when the host leaves,
// or to nobody when nobody is left.
func (t *sharedTable) passHost(from int) {
	t.Host = ""
	for i := 1; i <= 4; i++ {
		if st := t.Seats[(from+i)%4]; st.Visitor != "" {
			t.Host = st.Visitor
			return
		}
	}
}

// storedTable is a table as loaded, with the version a write of it compares.
type storedTable struct {
	sharedTable
	version uint64
}

// loadTable reads the table with id; errNoTable when there is none (never was, or expired)
// or the id cannot be one.
func (s *Server) loadTable(ctx context.Context, id string) (storedTable, error) {
	if !validTableID(id) {
		return storedTable{}, errNoTable
	}
	data, version, err := s.cfg.Store.Load(ctx, tableKey(id))
	if err != nil {
		return storedTable{}, err
	}
	if data == nil {
		return storedTable{}, errNoTable
	}
	t, err := decodeTable(data)
	if err != nil {
		s.log.WarnContext(ctx, "stored table unreadable", "table", id, "err", err)
		return storedTable{}, errNoTable
	}
	return storedTable{t, version}, nil
}

// saveTable writes the table alone (a change of the lobby, a seat handed over or taken back)
// with a compare-and-swap, and announces its new revision.
func (s *Server) saveTable(ctx context.Context, st storedTable) error {
	data, err := st.encode()
	if err != nil {
		return err
	}
	if err := s.cfg.Store.CompareAndSwap(ctx, tableKey(st.ID), st.version, data); err != nil {
		return err
	}
	s.announce(ctx, st.ID, st.Rev+1)
	return nil
}

// changeTable applies change to the stored table and saves it, again from a fresh read when
// another request changed the table meanwhile. change may refuse with an error, which is
// returned as it is and saves nothing.
func (s *Server) changeTable(ctx context.Context, id string, change func(t *sharedTable) error) (storedTable, error) {
	for range 4 {
		st, err := s.loadTable(ctx, id)
		if err != nil {
			return st, err
		}
		if err := change(&st.sharedTable); err != nil {
			return st, err
		}
		err = s.saveTable(ctx, st)
		if err == nil {
			st.Rev++
			return st, nil
		}
		if !errors.Is(err, store.ErrConflict) {
			return st, err
		}
	}
	return storedTable{}, store.ErrConflict
}

// matchIDOf is the table's current match id.
func (t *sharedTable) matchID() (record.ID, bool) { return record.ParseID(t.Match) }

// announce tells the table's live pages, in every process, that it is at revision rev. A lost
// announcement costs a live page a little delay, never a wrong page (every page is rendered
// from the store), so a failure is logged and the move stands. The change is stored, so it is
// announced even when its request has just been given up (a second click, a closed tab, the
// request's deadline): with the request's own context the PUBLISH would not be sent, and the
// other processes' pages would wait for their next ping to see it.
func (s *Server) announce(ctx context.Context, id string, rev uint64) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), announceWithin)
	defer cancel()
	if err := s.cfg.Live.Announce(ctx, id, rev); err != nil {
		s.log.WarnContext(ctx, "announce a table's change", "table", id, "err", err)
	}
}

// announceWithin bounds an announcement, which no longer ends with its request.
const announceWithin = 2 * time.Second

// seatingKey holds who sat where when a shared table's match was dealt, for its replays: by
// the time a player replays it the table may be gone, or seated otherwise after a rematch. It
// is an entry of its own, not a field of the match record or of the shelves, whose strict
// decoding would make an older build of the site read them as unreadable and start afresh.
func seatingKey(id record.ID) string { return "seating:" + id.String() }

// matchSeating is what seatingKey stores: the players' names, "" for a seat the AI held, and
// the table's id.
type matchSeating struct {
	Version int       `json:"v"`
	Names   [4]string `json:"names"`
	Table   string    `json:"table"`
}

// matchSeatingVersion is the format of a stored matchSeating.
const matchSeatingVersion = 1

// seatingOf is the seating of t's players, to store with the match dealt at it.
func seatingOf(t *sharedTable) ([]byte, error) {
	ms := matchSeating{Version: matchSeatingVersion, Table: t.ID}
	copy(ms.Names[:], seatNames(t))
	return json.Marshal(ms)
}

// loadSeating is the stored seating of match id, ok false when there is none (a match dealt
// before seatings were stored, or one whose entry has expired) or it cannot be read.
func (s *Server) loadSeating(ctx context.Context, id record.ID) (ms matchSeating, ok bool) {
	data, _, err := s.cfg.Store.Load(ctx, seatingKey(id))
	if err != nil || data == nil {
		return ms, false
	}
	if err := decodeStrict(data, &ms); err != nil || ms.Version != matchSeatingVersion {
		s.log.WarnContext(ctx, "stored seating unreadable", "match", id.String(), "err", err)
		return matchSeating{}, false
	}
	return ms, true
}
