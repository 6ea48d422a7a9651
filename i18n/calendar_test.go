package i18n

import (
	"context"
	"testing"
	"time"
)

// The dates are Iran's official calendar: the first of Farvardin (Nowruz) of recent years,
// which fell on 20 or 21 March, the revolution's anniversary, and year ends around leap years.
func TestSolarHijri(t *testing.T) {
	for _, tt := range []struct {
		g          string
		jy, jm, jd int
	}{
		{"1979-02-11", 1357, 11, 22},
		{"2017-03-21", 1396, 1, 1},
		{"2020-03-20", 1399, 1, 1},
		{"2021-03-21", 1400, 1, 1},
		{"2021-03-20", 1399, 12, 30}, // 1399 was a leap year: Esfand has 30 days
		{"2023-03-20", 1401, 12, 29},
		{"2024-03-20", 1403, 1, 1},
		{"2025-03-21", 1404, 1, 1},
		{"2025-09-22", 1404, 6, 31},
		{"2025-09-23", 1404, 7, 1},
		{"2026-12-06", 1405, 9, 15},
		{"2000-01-01", 1378, 10, 11},
	} {
		g, err := time.Parse(time.DateOnly, tt.g)
		if err != nil {
			t.Fatal(err)
		}
		y, m, d := solarHijri(g.Year(), int(g.Month()), g.Day())
		if y != tt.jy || m != tt.jm || d != tt.jd {
			t.Errorf("%s: got %d/%d/%d, want %d/%d/%d", tt.g, y, m, d, tt.jy, tt.jm, tt.jd)
		}
	}
}

// Every day from 1900 to 2100 follows the one before it: the day goes up by one within a
// month, or a month of 31 (months 1–6), 30 (7–11) or 29–30 (Esfand) days ends.
func TestSolarHijriDaysFollowEachOther(t *testing.T) {
	py, pm, pd := solarHijri(1900, 1, 1)
	for g := time.Date(1900, 1, 2, 0, 0, 0, 0, time.UTC); g.Year() < 2100; g = g.AddDate(0, 0, 1) {
		y, m, d := solarHijri(g.Year(), int(g.Month()), g.Day())
		long := map[bool]int{true: 31, false: 30}[pm <= 6]
		switch {
		case y == py && m == pm && d == pd+1:
		case y == py && m == pm+1 && d == 1 && pd == long:
		case y == py+1 && m == 1 && d == 1 && pm == 12 && (pd == 29 || pd == 30):
		default:
			t.Fatalf("%s: %d/%d/%d after %d/%d/%d", g.Format(time.DateOnly), y, m, d, py, pm, pd)
		}
		py, pm, pd = y, m, d
	}
}

func TestDateIsSolarHijriInPersianOnly(t *testing.T) {
	at := time.Date(2026, 12, 6, 23, 30, 0, 0, time.FixedZone("x", -3600)) // 7 December in UTC
	fa, _ := ByCode("fa")
	if y, m, d := Date(WithLocale(context.Background(), fa), at); y != 1405 || m != 9 || d != 16 {
		t.Errorf("fa: %d/%d/%d, want 1405/9/16", y, m, d)
	}
	sv, _ := ByCode("sv")
	if y, m, d := Date(WithLocale(context.Background(), sv), at); y != 2026 || m != 12 || d != 7 {
		t.Errorf("sv: %d/%d/%d, want 2026/12/7", y, m, d)
	}
}
