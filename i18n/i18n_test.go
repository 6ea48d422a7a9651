package i18n

import (
	"context"
	"io/fs"
	"math"
	"strings"
	"testing"
	"testing/fstest"
	"unicode/utf8"
)

func TestEveryLanguageHasEveryEnglishKey(t *testing.T) {
	if err := Check(); err != nil {
		t.Fatal(err)
	}
	en := Keys("en")
	if len(en) == 0 {
		t.Fatal("the English catalog is empty")
	}
	for _, l := range Locales[1:] {
		have := map[string]bool{}
		for _, k := range Keys(l.Code) {
			have[k] = true
		}
		var missing []string
		for _, k := range en {
			if !have[k] {
				missing = append(missing, k)
			}
		}
		if len(missing) > 0 {
			t.Errorf("%s lacks %d keys of en: %s", l.Code, len(missing), strings.Join(missing, ", "))
		}
	}
}

func TestMatch(t *testing.T) {
	tests := []struct{ header, want string }{
		{"", "en"},
		{"sv-SE,sv;q=0.9,en;q=0.8", "sv"},
		{"fa-IR", "fa"},
		{"fa-u-rg-irzzzz", "fa"},
		{"da", "da"},
		{"zh-CN,zh;q=0.9", "zh"},
		{"zh-TW", "zh"},
		{"es-MX", "es"},
		{"de-DE", "en"},
		{"garbage;;;q=x", "en"},
	}
	for _, tt := range tests {
		t.Run(tt.header, func(t *testing.T) {
			got := Match(tt.header)
			if got.Code != tt.want {
				t.Errorf("Match(%q) = %s, want %s", tt.header, got.Code, tt.want)
			}
			// The matched tag must be the supported one, without extensions.
			if l, _ := ByCode(got.Code); l.Tag != got.Tag {
				t.Errorf("Match(%q) tag = %s, want %s", tt.header, got.Tag, l.Tag)
			}
		})
	}
}

func TestDirection(t *testing.T) {
	for _, l := range Locales {
		want := "ltr"
		if l.Code == "fa" {
			want = "rtl"
		}
		if l.Dir != want {
			t.Errorf("%s: Dir = %s, want %s", l.Code, l.Dir, want)
		}
	}
}

// TestSentenceGap: Chinese runs its sentences on, its full stop spacing them; the other
// languages put a space between two sentences.
func TestSentenceGap(t *testing.T) {
	for _, l := range Locales {
		want := " "
		if l.Code == "zh" {
			want = ""
		}
		if l.SentenceGap != want {
			t.Errorf("%s: SentenceGap = %q, want %q", l.Code, l.SentenceGap, want)
		}
	}
}

// TestSentenceStop: each language's full stop (sentence.stop, which a page writes where a
// heading shows none) is the one its own sentences end with, and stands before the gap between
// two of them: "。" in Chinese, "." in the others, Persian's too.
func TestSentenceStop(t *testing.T) {
	for _, l := range Locales {
		ctx := WithLocale(context.Background(), l)
		stop := T(ctx, "sentence.stop")
		if utf8.RuneCountInString(stop) != 1 {
			t.Errorf("%s: sentence.stop = %q, want one character", l.Code, stop)
			continue
		}
		if saved := T(ctx, "settings.saved"); !strings.HasSuffix(saved, stop) {
			t.Errorf("%s: %q does not end with the full stop %q", l.Code, saved, stop)
		}
		if two := T(ctx, "settings.error.filters"); !strings.Contains(two, stop+l.SentenceGap) || !strings.HasSuffix(two, stop) {
			t.Errorf("%s: %q does not join its two sentences with %q", l.Code, two, stop+l.SentenceGap)
		}
	}
}

func TestFromContextDefaultsToEnglish(t *testing.T) {
	if got := FromContext(context.Background()).Code; got != "en" {
		t.Fatalf("FromContext(empty) = %s, want en", got)
	}
}

func TestNumber(t *testing.T) {
	tests := []struct {
		code string
		x    float64
		want string
	}{
		{"en", 1234.5, "1,234.50"},
		{"en", -0.25, "-0.25"},
		{"en", 5.0 / 3, "1.67"},
		{"sv", 1234.5, "1\u00a0234,50"},
		{"da", 1234.5, "1.234,50"},
		{"es", 2.5, "2,50"},
		{"fa", 12, "۱۲٫۰۰"},
	}
	for _, tt := range tests {
		l, _ := ByCode(tt.code)
		ctx := WithLocale(context.Background(), l)
		if got := Number(ctx, tt.x, 2); got != tt.want {
			t.Errorf("Number(%s, %v) = %q, want %q", tt.code, tt.x, got, tt.want)
		}
	}
}

// TestNumberHasNoNegativeZero: a negative number too small to show at the decimals asked for
// is zero, printed without a minus sign: an As-Nas average of -1 point over 240 deals read
// "Average points per deal -0.00" ("\u2212" in Swedish, "\u200e\u2212" in Persian).
func TestNumberHasNoNegativeZero(t *testing.T) {
	tests := []struct {
		code     string
		x        float64
		decimals int
		want     string
	}{
		{"en", -1.0 / 240, 2, "0.00"},
		{"sv", -0.004, 2, "0,00"},
		{"fa", -0.0049, 2, "\u06f0\u066b\u06f0\u06f0"},
		{"da", -0.4, 0, "0"},
		{"zh", math.Copysign(0, -1), 2, "0.00"},
		// Not a zero: the minus sign stays, the locale's own.
		{"en", -0.006, 2, "-0.01"},
		{"sv", -0.006, 2, "\u22120,01"},
		{"fa", -0.6, 0, "\u200e\u2212\u06f1"},
	}
	for _, tt := range tests {
		l, _ := ByCode(tt.code)
		ctx := WithLocale(context.Background(), l)
		if got := Number(ctx, tt.x, tt.decimals); got != tt.want {
			t.Errorf("Number(%s, %v, %d) = %q, want %q", tt.code, tt.x, tt.decimals, got, tt.want)
		}
	}
}

func TestPluralsSelectOnTheFirstArgument(t *testing.T) {
	fsys := fstest.MapFS{}
	for _, l := range Locales {
		fsys["locales/"+l.Code+"/a.json"] = &fstest.MapFile{Data: []byte(`{"n": {"one": "%d card", "other": "%d cards"}, "w": {"one": "Winner: %[2]s", "other": "Winners: %[2]s"}, "x": {"=1": "%[2]s takes it", "other": "%[2]s share it"}}`)}
		fsys["locales/"+l.Code+"/b.json"] = &fstest.MapFile{Data: []byte(`{"plain": "x %d"}`)}
	}
	b, err := parse(fsys)
	if err != nil {
		t.Fatal(err)
	}
	en := b.printers["en"]
	for _, tt := range []struct {
		got, want string
	}{
		{en.Sprintf("n", 1), "1 card"},
		{en.Sprintf("n", 20), "20 cards"},
		{en.Sprintf("w", 2, "East, West"), "Winners: East, West"},
		{en.Sprintf("w", 1, "East"), "Winner: East"},
		{en.Sprintf("plain", 3), "x 3"},
		// Chinese has only "other": the copied "one" form is dropped, not an error.
		{b.printers["zh"].Sprintf("n", 1), "1 cards"},
		{b.printers["fa"].Sprintf("n", 12), "۱۲ cards"},
		// An exact count tells one from many where the categories cannot.
		{b.printers["zh"].Sprintf("x", 1, "East"), "East takes it"},
		{b.printers["zh"].Sprintf("x", 2, "East, West"), "East, West share it"},
		{en.Sprintf("x", 1, "East"), "East takes it"},
	} {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

func TestDuplicateKeysAcrossFilesAreRefused(t *testing.T) {
	fsys := fstest.MapFS{}
	for _, l := range Locales {
		fsys["locales/"+l.Code+"/a.json"] = &fstest.MapFile{Data: []byte(`{"k": "a"}`)}
		fsys["locales/"+l.Code+"/b.json"] = &fstest.MapFile{Data: []byte(`{"k": "b"}`)}
	}
	if _, err := parse(fsys); err == nil {
		t.Fatal("a key in two files of one language was accepted")
	}
}

// TestMissingKeyIsRefused: a message that one language lacks stops the catalogs from loading,
// rather than showing another language's text (or the bare key) on that language's pages.
func TestMissingKeyIsRefused(t *testing.T) {
	fsys := fstest.MapFS{}
	for _, l := range Locales {
		fsys["locales/"+l.Code+"/a.json"] = &fstest.MapFile{Data: []byte(`{"k": "a", "only.en": "x"}`)}
	}
	if _, err := parse(fsys); err != nil {
		t.Fatalf("complete catalogs refused: %v", err)
	}
	fsys["locales/fa/a.json"] = &fstest.MapFile{Data: []byte(`{"k": "a"}`)}
	if _, err := parse(fsys); err == nil {
		t.Fatal("a catalog lacking a key of the English one was accepted")
	}
}

func TestTUsesTheContextLanguage(t *testing.T) {
	fa, _ := ByCode("fa")
	if got := T(WithLocale(context.Background(), fa), "settings.percent", 50); got != "۵۰٪" && got != "۵۰%" {
		t.Errorf("Persian percent = %q, want Persian digits", got)
	}
}

func TestDecodeMessageRefusesBadPlurals(t *testing.T) {
	for _, raw := range []string{`{"one": "x"}`, `{"other": "x", "several": "y"}`, `{"other": "x", "=-1": "y"}`, `{"other": "x", "=": "y"}`, `12`, `["a"]`} {
		if _, err := decodeMessage([]byte(raw), Locales[0].Tag); err == nil {
			t.Errorf("decodeMessage(%s) accepted", raw)
		}
	}
}

// English wrote "West's" in some catalogs and "West’s" in others, so that one page could show
// both; the catalogs keep the straight apostrophe, as the rules' text does.
func TestEnglishHasOneApostrophe(t *testing.T) {
	names, err := fs.Glob(localeFiles, "locales/en/*.json")
	if err != nil || len(names) == 0 {
		t.Fatalf("no English catalogs: %v", err)
	}
	for _, name := range names {
		b, err := fs.ReadFile(localeFiles, name)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(b), "’"); n > 0 {
			t.Errorf("%s has %d curly apostrophes; English writes '", name, n)
		}
	}
}
