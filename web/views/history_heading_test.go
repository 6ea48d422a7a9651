package views

import (
	"strings"
	"testing"

	"github.com/cardavia/cardavia/static"
)

// The finished matches' heading counts the matches listed: a player with one finished match
// read "Your last 20 finished matches" above it (and "你最近完成的 20 场比赛" in Chinese).
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
		{"en", 0, "Your last 20 finished matches"},
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
