package web

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/PuerkitoBio/goquery"
	"golang.org/x/text/width"

	"github.com/cardavia/cardavia/i18n"
)

func TestCheckNameTakesPersianNonJoiners(t *testing.T) {
	for _, ok := range []string{"علی\u200cرضا", "Sara", "小明", "Anna-Lena", "مهسا"} {
		if got, err := checkName(ok); err != nil || got != ok {
			t.Errorf("checkName(%q) = %q, %v; want it kept", ok, got, err)
		}
	}
	// The non-joiner only between letters of a joining script, as PRECIS allows it.
	for _, bad := range []string{"a\u200cb", "\u200cعلی", "علی\u200c", "علی\u200d", "a\u2066b"} {
		if _, err := checkName(bad); err == nil {
			t.Errorf("checkName(%q) accepted", bad)
		}
	}
}

// A name is seen: one that shows nothing (the Braille pattern blank, which passes for a symbol,
// or a combining mark with no letter to sit on) left the other players with a blank where the
// player's name goes, in the seats, the log and the scores. Marks on a letter stay welcome.
func TestCheckNameRefusesBlankNames(t *testing.T) {
	for _, bad := range []string{"\u2800", "\u2800\u2800\u2800", " \u2800 ", "\u0301", "\u20dd", "\u0301\u0301 \u0301"} {
		if got, err := checkName(bad); err == nil {
			t.Errorf("checkName(%+q) = %+q: a name that shows nothing", bad, got)
		}
	}
	// A letter stacking marks by the dozen spills over the seats and lines around it.
	for _, bad := range []string{"Z" + strings.Repeat("\u0336\u0301\u0316", 5) + "algo", "a\u0301\u0302\u0303\u0304\u0305\u0306"} {
		if got, err := checkName(bad); err == nil {
			t.Errorf("checkName(%+q) = %+q: a name stacking marks", bad, got)
		}
	}
	for _, ok := range []string{"Jos\u00e9", "\u0e14\u0e34\u0e19", "\u0645\u064e\u0631\u06cc\u064e\u0645", "\u00c5sa", "\u2800a", "\u2605",
		"\u0f66\u0f92\u0fb2\u0f74\u0f56", "\u05e9\u05bc\u05c1\u05b8\u05d1", "\u0915\u094d\u0937\u093f", "Nguy\u1ec5n"} {
		if _, err := checkName(ok); err != nil {
			t.Errorf("checkName(%+q) refused", ok)
		}
	}
}

func TestSameNameCatchesLookAlikes(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		same bool
	}{
		{"Alice", "alice", true},
		{"Alice", "ＡLICE", true},
		{"Alice", "\u0410lice", true},              // Cyrillic А
		{"Pepe", "\u0420\u0435\u0440\u0435", true}, // all Cyrillic
		{"Leo", "Le0", true},
		{"Nikos", "Νίκος", false}, // a Greek name is not a Latin one
		{"علی", "علي", true},      // Arabic yeh for the Persian one
		{"Alice", "Alina", false},
		{"علی\u200cرضا", "علیرضا", false},
		{"Ali2", "Ali3", false},
	} {
		if got := sameName(tt.a, tt.b); got != tt.same {
			t.Errorf("sameName(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.same)
		}
	}
}

func TestTableOfAction(t *testing.T) {
	for path, want := range map[string]string{
		"/asnas/tables/abc123/seat":   "/asnas/tables/abc123",
		"/guandan/tables/x9/play":     "/guandan/tables/x9",
		"/guandan/tables/x9":          "",
		"/poker/tables/x9/seat":       "",
		"/asnas/move":                 "/asnas",
		"/asnas/next":                 "/asnas",
		"/guandan/pass":               "/guandan",
		"/asnas/history":              "",
		"/asnas/replay/abc/1":         "",
		"/poker/move":                 "",
		"/asnas/tables//seat":         "",
		"/asnas/tables/abc/seat/more": "",
	} {
		if got := tableOfAction(path); got != want {
			t.Errorf("tableOfAction(%q) = %q, want %q", path, got, want)
		}
	}
}

// TestCheckNameAsItsMessageSays holds checkName to what the refusal tells the player
// (tables.name.error): 1 to 24 letters, digits, spaces, punctuation or symbols, without < or >
// and without hidden control characters.
func TestCheckNameAsItsMessageSays(t *testing.T) {
	for _, ok := range []string{"Ana 2", "J.R. Smith!", "Ana 🂡", "Lucky ★", "abcdefghijklmnopqrstuvwx"} {
		if _, err := checkName(ok); err != nil {
			t.Errorf("checkName(%q) refused", ok)
		}
	}
	for _, bad := range []string{"", "   ", "abcdefghijklmnopqrstuvwxy", "<3 Ana", "a>b", "Ana\u0007", "Ana\u202e"} {
		if _, err := checkName(bad); err == nil {
			t.Errorf("checkName(%q) accepted", bad)
		}
	}
}

// TestNameFieldsTakeTheNamesDirection: a name box sets its direction from the name typed, so
// that "Sara" reads left to right on a Persian page and "مریم" right to left on an English one
// (in Persian, "<3 Ana" showed as "Ana 3<").
func TestNameFieldsTakeTheNamesDirection(t *testing.T) {
	ts := newSite(t)
	host, friend := ts.as("Sara"), ts.as("مریم")
	if r := host.get("/asnas/tables/new"); r.doc.Find(`input#table-name[dir="auto"]`).Length() != 1 {
		t.Error(`the new table's name box has no dir="auto"`)
	}
	path := host.openTable("asnas", "club", 0)
	if r := friend.view(path); r.doc.Find(`input[name="name"]`).Length() == 0 || r.doc.Find(`input[name="name"]:not([dir="auto"])`).Length() != 0 {
		t.Error(`a free seat's name box has no dir="auto"`)
	}
}

// A table's code is typed as the player's keyboard gives it: a Persian keyboard writes Persian
// (or Arabic) digits, a Chinese input method in full-width mode full-width letters, digits,
// dash and space. Each is the code it looks like.
func TestNormalizeCodeAsKeyboardsType(t *testing.T) {
	for _, tt := range []struct{ typed, want string }{
		{"39gt-6dmk", "39GT6DMK"},
		{"۳۹GT-۶DMK", "39GT6DMK"},      // Extended Arabic-Indic digits (Persian)
		{"٣٩GT ٦DMK", "39GT6DMK"},      // Arabic-Indic digits
		{"３９ＧＴ－６ＤＭＫ", "39GT6DMK"},      // full-width
		{"３９ｇｔ\u3000６ｄｍｋ", "39GT6DMK"}, // full-width lower case, ideographic space
		{"۰۱GT-6DMK", "QTGT6DMK"},      // the look-alikes, whatever the digits
	} {
		if got, ok := normalizeCode(tt.typed); !ok || got != tt.want {
			t.Errorf("normalizeCode(%q) = %q, %v; want %q", tt.typed, got, ok, tt.want)
		}
	}
	for _, bad := range []string{"", "39GT6DM", "39GT6DMK9", "۳۹GT6DMKx", "३९GT6DMK!"} {
		if got, ok := normalizeCode(bad); ok {
			t.Errorf("normalizeCode(%q) = %q, want refused", bad, got)
		}
	}
}

// TestNamePosingAsASeatIsRefused: a display name may not read as a word the table puts beside
// a seat in any language: "You" (the viewer), a compass point (an empty seat), or an AI's or an
// away player's mark. Found by a review: seats named "West (AI)" and "You" read, on a third
// player's page, exactly as the real labels; and "Dig", the Danish seat list's tag for "you".
func TestNamePosingAsASeatIsRefused(t *testing.T) {
	for _, bad := range []string{"You", "YOU", "شما", "Tú", "Du", "Dig", "你", "West", "Nord", "北", "غرب",
		"West (AI)", "west(ai)", "Ana (IA)", "Bob （电脑）", "Sara (away: AI playing)", "Mina (هوش مصنوعی)"} {
		if !posesAsSeat(bad) {
			t.Errorf("posesAsSeat(%q) = false", bad)
		}
	}
	for _, ok := range []string{"Sara", "Youssef", "Westley", "Nordin", "Ana (Ali)", "مریم", "小明", "Dudu"} {
		if posesAsSeat(ok) {
			t.Errorf("posesAsSeat(%q) = true", ok)
		}
	}
	ts := newSite(t)
	host, friend := ts.as("You"), ts.as("West (AI)")
	r := host.post("/asnas/tables", url.Values{"name": {"You"}, "level": {"club"}, "timer": {"0"}})
	if r.status != http.StatusUnprocessableEntity || r.doc.Find("[data-form-error]").Length() != 1 || !strings.Contains(r.body, "compass point") {
		t.Errorf("a table opened by \"You\": %d, want 422 and the form saying why", r.status)
	}
	// The field says it is wrong, and why, to a screen reader too.
	if f := r.doc.Find("#table-name"); attr(f, "aria-invalid") != "true" || attr(f, "aria-describedby") != "table-name-help table-name-error" ||
		r.doc.Find("#table-name-error[data-form-error]").Length() != 1 {
		t.Errorf("the refused name's field: aria-invalid %q, described by %q", attr(f, "aria-invalid"), attr(f, "aria-describedby"))
	}
	host.name = "Sara"
	path := host.openTable("asnas", "club", 0)
	if r := friend.sit(path, 1); r.status != http.StatusUnprocessableEntity || !strings.Contains(r.body, "compass point") {
		t.Errorf("a seat taken as \"West (AI)\": %d, want 422 saying why", r.status)
	}
}

// TestRefusedFieldsShowOnlyWhatCouldBeTyped: a refused name or code is shown again in its
// field, but a posted value may be anything: a NUL went into the page raw (once in every seat
// form), a right-to-left override or invalid UTF-8 as sent. The field shows what a browser
// could have typed, cut to its maxlength.
func TestRefusedFieldsShowOnlyWhatCouldBeTyped(t *testing.T) {
	ts := newSite(t)
	host, friend := ts.as("Sara"), ts.as("Ali")
	bad := "\x00Al\u202ei\xff" + strings.Repeat("x", 200)
	path := host.openTable("asnas", "club", 0)
	for _, r := range []page{
		ts.as("Mina").post("/asnas/tables", url.Values{"name": {bad}, "level": {"club"}, "timer": {"0"}}),
		friend.post(path+"/seat", url.Values{"seat": {"1"}, "name": {bad}}),
		friend.post("/tables/join", url.Values{"code": {bad}}),
	} {
		if r.status < 400 || r.status >= 500 {
			t.Fatalf("a name or code of control characters: %d", r.status)
		}
		if strings.ContainsAny(r.body, "\x00\u202e") || !utf8.ValidString(r.body) {
			t.Errorf("the refused value went into the page as sent (status %d)", r.status)
		}
		r.doc.Find(`input[name="name"], input[name="code"]`).Each(func(_ int, f *goquery.Selection) {
			v := attr(f, "value")
			if max, _ := strconv.Atoi(attr(f, "maxlength")); !strings.HasPrefix(v, "Alixx") || utf8.RuneCountInString(v) > max {
				t.Errorf("the field shows %q (maxlength %s), want what could be typed", v, attr(f, "maxlength"))
			}
		})
	}
}

// TestNameOfAnySeatWordIsRefused: every word a page of any of the six languages puts for a
// seat or for the viewer is refused as a name, in every form the pages show it: the solo
// table's and the logs' (Chinese 西家, with 家), the seat list's (西), the AI-marked and the
// away-marked one, "You" in each language, in any case and width. A play-test sat a player
// as 西家 and 北家: a Chinese viewer then read 西家 beside the real West, 西（电脑）.
func TestNameOfAnySeatWordIsRefused(t *testing.T) {
	var words []string
	for _, l := range i18n.Locales {
		ctx := i18n.WithLocale(context.Background(), l)
		for seat := range 4 {
			for _, k := range []string{"asnas.seat.", "guandan.seat.", "tables.seat.", "tables.seat.short."} {
				words = append(words, i18n.T(ctx, k+strconv.Itoa(seat)))
			}
		}
		words = append(words, i18n.T(ctx, "tables.seat.you"))
	}
	words = append(words, "西家", "北家", "东家", "南家", "西", "北", "南", "Väst", "Øst", "Oeste", "غرب", "شما", "Tú", "Dig")
	seen := map[string]bool{}
	for _, w := range words {
		forms := []string{w, strings.ToUpper(w), strings.ToLower(w), width.Widen.String(w)}
		for _, l := range i18n.Locales {
			ctx := i18n.WithLocale(context.Background(), l)
			forms = append(forms, i18n.T(ctx, "table.seat.ai", w), i18n.T(ctx, "table.seat.away", w))
		}
		for _, f := range forms {
			if n, err := checkName(f); err == nil && !posesAsSeat(n) && !seen[n] {
				seen[n] = true
				t.Errorf("the name %q is taken, though a page shows it for a seat", f)
			}
		}
	}
	ts := newSite(t)
	host := ts.as("Sara")
	path := host.openTable("guandan", "club", 0)
	for i, name := range []string{"西家", "北家", "ＷＥＳＴ"} {
		if r := ts.as(name).sit(path, 1+i); r.status != http.StatusUnprocessableEntity {
			t.Errorf("a seat taken as %q: %d, want 422", name, r.status)
		}
	}
}

// TestSharedTableNamesSeatsAsTheSoloTable: a seat has one word in a language, at the solo
// table, at the shared table's felt (with the AI's mark) and in its seat list. Chinese wrote
// 西家 at the solo table, 西（电脑） at the shared one and 西 in the seat list. The short form
// (西) is still refused as a name, as are the others.
func TestSharedTableNamesSeatsAsTheSoloTable(t *testing.T) {
	for _, l := range i18n.Locales {
		ctx := i18n.WithLocale(context.Background(), l)
		for seat := 1; seat < 4; seat++ {
			list, solo := i18n.T(ctx, "tables.seat."+strconv.Itoa(seat)), i18n.T(ctx, "guandan.seat."+strconv.Itoa(seat))
			if list != solo || i18n.T(ctx, "asnas.seat."+strconv.Itoa(seat)) != solo {
				t.Errorf("%s: seat %d is %q in the seat list, %q at the solo table", l.Code, seat, list, solo)
			}
			if short := i18n.T(ctx, "tables.seat.short."+strconv.Itoa(seat)); !posesAsSeat(short) {
				t.Errorf("%s: the name %q is taken", l.Code, short)
			}
		}
	}
	ts := newSite(t)
	sara := ts.as("Sara")
	path := sara.openTable("guandan", "club", 0)
	sara.post(path+"/start", nil)
	r := sara.get(path, "Accept-Language", "zh")
	names := r.doc.Find(".seat-name").Text()
	if !strings.Contains(names, "西家（电脑）") || !strings.Contains(names, "北家（电脑）") {
		t.Errorf("zh shared table's seats: %q, want 西家（电脑） and 北家（电脑）", names)
	}
	if list := r.doc.Find(".tseat-pos").Text(); list != "南家东家北家西家" {
		t.Errorf("zh seat list: %q, want 南家东家北家西家", list)
	}
}

// TestNameOfAnyCompassWordIsRefused: a seat's compass point is refused as a name in the other
// words a language has for it too, not only in the catalogs' (a Swede named "Norr" sat beside
// the real "Nord (AI)"), in any case and width; names that only begin like one stay free.
func TestNameOfAnyCompassWordIsRefused(t *testing.T) {
	for _, bad := range []string{"Norr", "Söder", "Öster", "Väster", "Syd", "Nord", "Öst", "Väst",
		"Vest", "Øst", "Norte", "Sur", "Este", "Oeste", "North", "South", "East", "West",
		"北方", "南方", "东方", "西方", "東", "東家", "東方", "شمال", "جنوب", "شرق", "غرب"} {
		for _, f := range slices.Compact([]string{bad, strings.ToUpper(bad), strings.ToLower(bad), width.Widen.String(bad)}) {
			if n, err := checkName(f); err == nil && !posesAsSeat(n) {
				t.Errorf("the name %q is taken, though it is a seat's compass point", f)
			}
		}
	}
	for _, l := range i18n.Locales {
		if len(compassWords[l.Code]) < 4 {
			t.Errorf("%s has %d other words for the compass points, want its four at least", l.Code, len(compassWords[l.Code]))
		}
	}
	for _, ok := range []string{"Nora", "Sydney", "Weston", "Östen", "Norrie", "Suri", "Esteban", "Vesta", "北京", "东东", "东方明", "Westley", "Nordin"} {
		if n, err := checkName(ok); err != nil || posesAsSeat(n) {
			t.Errorf("the ordinary name %q is refused (%v)", ok, err)
		}
	}
	ts := newSite(t)
	path := ts.as("Sara").openTable("asnas", "club", 0)
	if r := ts.as("Norr").sit(path, 1); r.status != http.StatusUnprocessableEntity || !strings.Contains(r.body, "compass point") {
		t.Errorf("a seat taken as \"Norr\": %d, want 422 saying why", r.status)
	}
	if r := ts.as("Östen").sit(path, 2); r.status != http.StatusSeeOther {
		t.Errorf("a seat taken as \"Östen\": %d, want 303", r.status)
	}
}
