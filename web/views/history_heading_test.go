package views

import (
	"strings"
	"testing"

	gd "github.com/cardavia/cardavia/rules/guandan"
	"github.com/cardavia/cardavia/static"
)

// The finished matches' heading counts the matches listed: a player with one finished match
// read "Your last 20 finished matches" above it (and "你最近完成的 20 场比赛" in Chinese), and a
// player with none that heading over "No finished match yet.", which now stands under
// "Finished matches".
func TestHistoryHeadingCountsTheMatchesListed(t *testing.T) {
	ch := Chrome{Assets: static.Load(), Path: "/asnas/history", Filters: NeutralFilters}
	past := func(n int) []HistoryMatch { return make([]HistoryMatch, n) }
	for _, c := range []struct {
		code string
		n    int
		want string
	}{
		{"en", 1, "Your last finished match"},
		{"en", 3, "Your last 3 finished matches"},
		{"en", 0, "Finished matches"},
		{"sv", 0, "Avslutade matcher"},
		{"zh", 0, "已完成的比赛"},
		{"es", 1, "Tu última partida terminada"},
		{"fa", 1, "آخرین مسابقهٔ پایان\u200cیافتهٔ شما"},
		{"fa", 3, "۳ مسابقهٔ پایان\u200cیافتهٔ اخیر شما"},
		{"zh", 1, "你最近完成的 1 场比赛"},
	} {
		doc := renderIn(t, c.code, HistoryPage(ch, History{Game: "asnas", Past: past(c.n)}))
		if got := strings.TrimSpace(doc.Find("#past-title").Text()); got != c.want {
			t.Errorf("%s, %d finished: heading %q, want %q", c.code, c.n, got, c.want)
		}
	}
}

// The Persian history calls a match مسابقه and a finished one پایان‌یافته, as its other
// headings and the tables do: the statistics' heading read "آمار بازی‌های تمام‌شدهٔ شما"
// (of your ended games) above "مسابقه‌های انجام‌شده" and "آخرین مسابقهٔ پایان‌یافتهٔ شما".
func TestPersianHistoryStatsNameTheMatches(t *testing.T) {
	ch := Chrome{Assets: static.Load(), Path: "/asnas/history", Filters: NeutralFilters}
	doc := renderIn(t, "fa", HistoryPage(ch, History{Game: "asnas", Past: make([]HistoryMatch, 2)}))
	stats := strings.TrimSpace(doc.Find("#stats-title").Text())
	if !strings.Contains(stats, "مسابقه\u200cهای پایان\u200cیافتهٔ") || strings.Contains(stats, "بازی") {
		t.Errorf("the statistics' heading reads %q, want the finished matches (مسابقه\u200cهای پایان\u200cیافته)", stats)
	}
}

// A Guandan match played at a shared table is listed with its teams as they sat: the player
// at East partnered West, not North, and the players are named ("You and Mina: Ace · Sara and
// North (AI): 9"); the other players are listed beside it; a solo match keeps "You and North".
func TestHistorySharedGuandanTeams(t *testing.T) {
	ch := Chrome{Assets: static.Load(), Path: "/guandan/history", Filters: NeutralFilters}
	shared := HistoryMatch{Seat: 1, Names: []string{"Sara", "Ali", "", "Mina"}, Levels: [2]gd.Rank{gd.Ace, gd.Nine}}
	solo := HistoryMatch{Levels: [2]gd.Rank{gd.Ace, gd.Nine}}
	for _, c := range []struct {
		code       string
		m          HistoryMatch
		levels, wi string
	}{
		{"en", shared, "You and \u2068Mina\u2069: Ace · \u2068Sara\u2069 and North (AI): 9", "with \u2068Sara\u2069 and \u2068Mina\u2069"},
		{"fa", shared, "شما و \u2068Mina\u2069: آس · \u2068Sara\u2069 و شمال (هوش مصنوعی): ۹", "با \u2068Sara\u2069 و \u2068Mina\u2069"},
		{"en", solo, "You and North: Ace · East and West: 9", ""},
		// Filed before the names were kept: the seats as they sat, named by where they sat.
		{"en", HistoryMatch{Seat: 1, Levels: [2]gd.Rank{gd.Ace, gd.Nine}}, "You and West: Ace · South and North: 9", ""},
	} {
		doc := renderIn(t, c.code, HistoryPage(ch, History{Game: "guandan", Past: []HistoryMatch{c.m}}))
		if got := strings.TrimSpace(doc.Find("[data-levels]").Text()); got != c.levels {
			t.Errorf("%s: levels %q, want %q", c.code, got, c.levels)
		}
		if got := strings.TrimSpace(doc.Find("[data-with]").Text()); got != c.wi {
			t.Errorf("%s: players %q, want %q", c.code, got, c.wi)
		}
	}
}

// An As-Nas average a little below zero reads zero: a player 1 point down over 240 deals read
// "Genomsnittliga poäng per giv \u22120,00", a minus before a zero.
func TestHistoryAverageHasNoNegativeZero(t *testing.T) {
	ch := Chrome{Assets: static.Load(), Path: "/asnas/history", Filters: NeutralFilters}
	h := History{Game: "asnas", Past: make([]HistoryMatch, 1), Stats: HistoryStats{Matches: 20, Deals: 240, PointsPerDeal: -1.0 / 240}}
	for code, want := range map[string]string{"en": "0.00", "sv": "0,00", "fa": "\u06f0\u066b\u06f0\u06f0"} {
		doc := renderIn(t, code, HistoryPage(ch, h))
		if got := strings.TrimSpace(doc.Find(`[data-stat="perdeal"]`).Text()); got != want {
			t.Errorf("%s: average points per deal %q, want %q", code, got, want)
		}
	}
}
