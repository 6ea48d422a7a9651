package web

import "testing"

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
		"/asnas/move":                 "",
		"/asnas/tables//seat":         "",
		"/asnas/tables/abc/seat/more": "",
	} {
		if got := tableOfAction(path); got != want {
			t.Errorf("tableOfAction(%q) = %q, want %q", path, got, want)
		}
	}
}
