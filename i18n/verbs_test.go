package i18n

import (
	"encoding/json"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"testing"
)

// verbPattern finds the formatting verbs of a message: %d, %s, %[2]s, … (not a literal %%).
var verbPattern = regexp.MustCompile(`%(?:\[\d+\])?[a-zA-Z]`)

// rawCatalog reads one language's catalog files as key → its texts (one, or one per plural form).
func rawCatalog(t *testing.T, code string) map[string][]string {
	t.Helper()
	files, err := fs.Glob(localeFiles, path.Join("locales", code, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, name := range files {
		raw, err := fs.ReadFile(localeFiles, name)
		if err != nil {
			t.Fatal(err)
		}
		var entries map[string]json.RawMessage
		if err := json.Unmarshal(raw, &entries); err != nil {
			t.Fatal(err)
		}
		for k, v := range entries {
			var s string
			if json.Unmarshal(v, &s) == nil {
				out[k] = []string{s}
				continue
			}
			var forms map[string]string
			if err := json.Unmarshal(v, &forms); err != nil {
				t.Fatalf("%s: %s: %v", name, k, err)
			}
			for _, f := range forms {
				out[k] = append(out[k], f)
			}
		}
	}
	return out
}

// verbsOf is the sorted list of verbs in a text, with %%-escapes removed first.
func verbsOf(s string) []string {
	s = regexp.MustCompile(`%%`).ReplaceAllString(s, "")
	v := verbPattern.FindAllString(s, -1)
	slices.Sort(v)
	return v
}

// TestTranslationsKeepTheArguments checks that every translation prints the same arguments
// as the English message (in any order), so no number or name silently disappears or turns
// into "%!d(MISSING)". A plural form may leave out the count it selects on ("Winner: East").
func TestTranslationsKeepTheArguments(t *testing.T) {
	en := rawCatalog(t, "en")
	for _, l := range Locales[1:] {
		other := rawCatalog(t, l.Code)
		for key, texts := range en {
			// The English form that prints the most: a singular may leave out its count.
			var want []string
			for _, text := range texts {
				if v := verbsOf(text); len(v) > len(want) {
					want = v
				}
			}
			for _, text := range other[key] {
				got := verbsOf(text)
				plural := len(texts) > 1 || len(other[key]) > 1
				if !slices.Equal(got, want) && !(plural && len(got) <= len(want)) {
					t.Errorf("%s %s: %q prints %v, English prints %v", l.Code, key, text, got, want)
				}
			}
		}
	}
}
