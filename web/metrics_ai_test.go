package web

import (
	"net/url"
	"testing"

	aiguandan "github.com/cardavia/cardavia/ai/guandan"
	gd "github.com/cardavia/cardavia/rules/guandan"
)

// aiRequestSeconds is the count and sum of the per-request AI histogram's series for game at
// level.
func aiRequestSeconds(t *testing.T, m *Metrics, game, level string) (n uint64, sum float64) {
	t.Helper()
	for _, c := range gather(t, m, "cardavia_ai_request_seconds") {
		if l := labels(c); l["game"] == game && l["level"] == level {
			n += c.GetHistogram().GetSampleCount()
			sum += c.GetHistogram().GetSampleSum()
		}
	}
	return n, sum
}

func counterValue(t *testing.T, m *Metrics, name string) float64 {
	t.Helper()
	ms := gather(t, m, name)
	if len(ms) != 1 {
		t.Fatalf("%s: %d series, want 1", name, len(ms))
	}
	return ms[0].GetCounter().GetValue()
}

// A move at Master, late in a deal where the seat after the visitor has several ways to
// follow, runs a search: the searches counter moves with the ai/guandan slots' own count,
// and the request's AI time shows under guandan and master, once. A page that asks no AI
// seat (the rules) adds nothing to the per-request histogram.
func TestMasterMoveMovesTheMetrics(t *testing.T) {
	m := NewMetrics()
	ts := newSite(t, func(c *Config) { c.Metrics = m })
	ts.gtable()
	if r := ts.post("/settings/guandan-level", url.Values{"level": {"master"}, "return": {"/guandan"}}); r.status != 303 {
		t.Fatalf("choosing master: %d", r.status)
	}
	move := ts.gprepare(guandanPosition(gd.DealStart{Levels: [2]gd.Rank{gd.Two, gd.Two}, Level: gd.Two, Leader: soloSeat, Hands: [4]gd.Set{
		cardsOf(t, "3H 8S 9D"),
		cardsOf(t, "5C 7D 9S JS KD AC"),
		cardsOf(t, "4C 6D TS QS AD"),
		cardsOf(t, "4S 6S 8D TC QD KC"),
	}}))
	searches0 := counterValue(t, m, "cardavia_guandan_searches_total")
	slots0 := aiguandan.SearchStats().Searches
	n0, _ := aiRequestSeconds(t, m, "guandan", "master")

	ts.gpost("/guandan/play", url.Values{"move": {move}, "card": ids(cardsOf(t, "3H"))})

	searches := counterValue(t, m, "cardavia_guandan_searches_total")
	slots := aiguandan.SearchStats().Searches
	if searches <= searches0 {
		t.Errorf("searches_total %v before the move, %v after: no search counted", searches0, searches)
	}
	// Other tests' searches may run meanwhile, so the two are read as bounds, not equals.
	if searches < float64(slots0) || searches > float64(slots) {
		t.Errorf("searches_total %v outside the slots' own count %d..%d", searches, slots0, slots)
	}
	n, sum := aiRequestSeconds(t, m, "guandan", "master")
	if n != n0+1 || sum <= 0 {
		t.Errorf("guandan/master AI requests: %d (before %d), %v s; want one more, with time", n, n0, sum)
	}
	for _, name := range []string{"cardavia_guandan_search_waits_total", "cardavia_guandan_searches_abandoned_total", "cardavia_guandan_search_wait_seconds_total"} {
		if v := counterValue(t, m, name); v < 0 {
			t.Errorf("%s = %v", name, v)
		}
	}

	before := histogramCount(t, m, "cardavia_ai_request_seconds")
	ts.get("/guandan/rules")
	if after := histogramCount(t, m, "cardavia_ai_request_seconds"); after != before {
		t.Errorf("the rules page added %d AI requests", after-before)
	}
}

func histogramCount(t *testing.T, m *Metrics, name string) uint64 {
	t.Helper()
	var n uint64
	for _, c := range gather(t, m, name) {
		n += c.GetHistogram().GetSampleCount()
	}
	return n
}
