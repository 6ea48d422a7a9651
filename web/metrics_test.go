package web

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"

	"github.com/cardavia/cardavia/i18n"
	"github.com/cardavia/cardavia/web/store"
)

// gather reads one metric family from m's registry.
func gather(t *testing.T, m *Metrics, name string) []*dto.Metric {
	t.Helper()
	fams, err := m.registry.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fams {
		if f.GetName() == name {
			return f.GetMetric()
		}
	}
	return nil
}

func labels(m *dto.Metric) map[string]string {
	out := map[string]string{}
	for _, l := range m.GetLabel() {
		out[l.GetName()] = l.GetValue()
	}
	return out
}

// TestRequestMetricsCountEachRequestOnce: n requests give exactly n in the counter, n in the
// histogram's count and in its +Inf bucket, and a bucket never holds more than the count (the
// mutation that counted histogram buckets twice made them 2n).
func TestRequestMetricsCountEachRequestOnce(t *testing.T) {
	m := NewMetrics()
	ts := newSite(t, func(c *Config) { c.Metrics = m })
	const n = 3
	for range n {
		ts.get("/asnas/rules")
	}
	ts.get("/nowhere")
	var counted float64
	for _, c := range gather(t, m, "cardavia_http_requests_total") {
		l := labels(c)
		switch {
		case l["route"] == "/{game}/rules" && l["code"] == "200" && l["method"] == "GET":
			counted += c.GetCounter().GetValue()
		case l["route"] == "unmatched" && l["code"] == "404":
			if v := c.GetCounter().GetValue(); v != 1 {
				t.Errorf("404 counted %v times, want 1", v)
			}
		}
	}
	if counted != n {
		t.Errorf("rules page counted %v times, want %d", counted, n)
	}
	found := false
	for _, h := range gather(t, m, "cardavia_http_request_duration_seconds") {
		if labels(h)["route"] != "/{game}/rules" {
			continue
		}
		found = true
		hist := h.GetHistogram()
		if hist.GetSampleCount() != n {
			t.Errorf("histogram count %d, want %d", hist.GetSampleCount(), n)
		}
		prev := uint64(0)
		for _, b := range hist.GetBucket() {
			if b.GetCumulativeCount() > n || b.GetCumulativeCount() < prev {
				t.Errorf("bucket le=%v holds %d of %d requests", b.GetUpperBound(), b.GetCumulativeCount(), n)
			}
			prev = b.GetCumulativeCount()
		}
	}
	if !found {
		t.Fatal("no duration histogram for the rules route")
	}
}

// The exposition is served by Metrics.Handler (on the operator's listener), with the runtime
// and process collectors and the scheduler's latencies.
func TestMetricsHandlerExposition(t *testing.T) {
	m := NewMetrics()
	m.ObserveRequest("GET", "/", 200, 3*time.Millisecond)
	m.MatchStarted("asnas")
	m.AIDecision("guandan", time.Millisecond)
	m.StoreOp("cas", time.Millisecond, store.ErrConflict)
	m.StoreCommit(3, 2*time.Millisecond)
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	body, _ := io.ReadAll(rec.Body)
	for _, want := range []string{
		`cardavia_http_request_duration_seconds_bucket{code="200",method="GET",route="/",le="0.005"} 1`,
		`cardavia_http_request_duration_seconds_bucket{code="200",method="GET",route="/",le="0.0025"} 0`,
		`cardavia_matches_started_total{game="asnas"} 1`,
		`cardavia_ai_decision_seconds_count{game="guandan"} 1`,
		`cardavia_store_operation_seconds_count{op="cas",result="conflict"} 1`,
		`cardavia_store_commit_seconds_bucket{le="0.0025"} 1`,
		`cardavia_store_commit_seconds_bucket{le="0.001"} 0`,
		`cardavia_store_commit_writes_bucket{le="4"} 1`,
		`cardavia_store_commit_writes_bucket{le="2"} 0`,
		"go_goroutines", "process_cpu_seconds_total", "go_sched_latencies_seconds_bucket",
	} {
		if !strings.Contains(string(body), want) {
			t.Errorf("exposition lacks %s", want)
		}
	}
	// A nil Metrics takes every report and keeps nothing, for code that runs without one.
	var none *Metrics
	none.ObserveRequest("GET", "/", 200, time.Millisecond)
	none.MatchFinished("asnas")
	none.StoreCommit(1, time.Millisecond)
}

// Playing counts matches started, AI decisions and store operations by game.
func TestGameMetrics(t *testing.T) {
	m := NewMetrics()
	ts := newSite(t, func(c *Config) { c.Metrics = m })
	// A table page stores nothing (passers-by cost nothing); a match starts with its first
	// move, here the restart that stores both tables' matches.
	ts.storeBoth()
	started := map[string]float64{}
	for _, c := range gather(t, m, "cardavia_matches_started_total") {
		started[labels(c)["game"]] = c.GetCounter().GetValue()
	}
	if started["asnas"] != 1 || started["guandan"] != 1 {
		t.Errorf("matches started %v, want one of each", started)
	}
	ops := 0
	for _, h := range gather(t, m, "cardavia_store_operation_seconds") {
		ops += int(h.GetHistogram().GetSampleCount())
	}
	if ops == 0 {
		t.Error("no store operation measured")
	}
}

// A match played to its end is counted once as finished, at its game's table: the step of the
// last move changes the match in place, so the count must not compare the match with itself.
func TestFinishedMatchIsCounted(t *testing.T) {
	m := NewMetrics()
	ts := newSite(t, func(c *Config) { c.Metrics = m })
	ts.playOut(ts.table())
	finished := map[string]float64{}
	for _, c := range gather(t, m, "cardavia_matches_finished_total") {
		finished[labels(c)["game"]] = c.GetCounter().GetValue()
	}
	if finished["asnas"] != 1 || finished["guandan"] != 0 {
		t.Errorf("matches finished %v, want one As-Nas match", finished)
	}
}

// A client that hangs up is counted as 499 and logged as no error.
func TestClientGoneIsNotAServerError(t *testing.T) {
	m := NewMetrics()
	var logged strings.Builder
	ts := newSite(t, func(c *Config) {
		c.Metrics = m
		c.Store = cancelStore{c.Store}
		c.Logger = slog.New(slog.NewJSONHandler(&logged, nil))
	})
	ctx, cancel := context.WithCancel(context.Background())
	req := httptest.NewRequest("GET", "/asnas", nil).WithContext(ctx)
	cancel() // the visitor closed the tab while the store was being read
	rec := httptest.NewRecorder()
	ts.server.ServeHTTP(rec, req)
	if strings.Contains(logged.String(), `"level":"ERROR"`) {
		t.Errorf("a hang-up logged as an error:\n%s", logged.String())
	}
	for _, c := range gather(t, m, "cardavia_http_requests_total") {
		if code := labels(c)["code"]; code == "500" {
			t.Error("a hang-up counted as a 500")
		} else if code == "499" {
			return
		}
	}
	t.Error("the hang-up was not counted as 499")
}

// cancelStore fails as a store call does when its request's context is cancelled.
type cancelStore struct{ store.Store }

func (c cancelStore) Load(ctx context.Context, key string) ([]byte, uint64, error) {
	if err := ctx.Err(); err != nil {
		return nil, 0, errors.Join(errors.New("store: load"), err)
	}
	return c.Store.Load(ctx, key)
}

func TestStatusErrorsCarryTheirCause(t *testing.T) {
	big := &http.MaxBytesError{Limit: 4}
	err := formError(big)
	if statusOf(err) != http.StatusRequestEntityTooLarge || !errors.Is(err, big) {
		t.Errorf("over-limit form: status %d, cause kept %v", statusOf(err), errors.Is(err, big))
	}
	garbled := errors.New("invalid semicolon separator")
	if err := formError(garbled); statusOf(err) != http.StatusBadRequest || !errors.Is(err, garbled) {
		t.Errorf("garbled form: status %d", statusOf(err))
	}
}

// slowStore answers only when its caller's deadline has passed, as an overloaded store would.
type slowStore struct{ store.Store }

func (s slowStore) Load(ctx context.Context, key string) ([]byte, uint64, error) {
	<-ctx.Done()
	return nil, 0, ctx.Err()
}

// A request over its time gets the translated 503 page with Retry-After, not a 500: the page
// is rendered after the deadline that caused it.
func TestDeadlineGivesThe503Page(t *testing.T) {
	ts := newSite(t, func(c *Config) {
		c.Store = slowStore{c.Store}
		c.RequestTimeout = 20 * time.Millisecond
	})
	ts.get("/asnas") // a passer-by's table reads nothing; the visitor's next one does
	p := ts.get("/asnas")
	if p.status != http.StatusServiceUnavailable || p.doc.Find(`[data-status="503"]`).Length() != 1 || p.header.Get("Retry-After") == "" {
		t.Fatalf("status %d, Retry-After %q:\n%s", p.status, p.header.Get("Retry-After"), p.body)
	}
}

// goneStore is a store out of reach, as the Redis store is while Redis restarts.
type goneStore struct{ store.Store }

func (goneStore) Load(context.Context, string) ([]byte, uint64, error) {
	return nil, 0, fmt.Errorf("store: load: dial tcp: connection refused: %w", store.ErrUnavailable)
}

// A store out of reach gets the 503 page in words of its own: the match is safe, try again;
// it said "The server took too long to answer", the words of a request over its time.
func TestStoreOutOfReachGivesItsOwn503Page(t *testing.T) {
	ts := newSite(t, func(c *Config) { c.Store = goneStore{c.Store} })
	ts.get("/asnas") // a passer-by's table reads nothing; the visitor's next one does
	p := ts.get("/asnas")
	if p.status != http.StatusServiceUnavailable || p.header.Get("Retry-After") == "" {
		t.Fatalf("status %d, Retry-After %q", p.status, p.header.Get("Retry-After"))
	}
	if got := p.doc.Find("h1").Text(); got != "Back in a moment" {
		t.Errorf("the page's heading is %q, want the store's own", got)
	}
	if !strings.Contains(p.body, "Nothing is lost") {
		t.Error("the page does not say the match is safe")
	}
	// Asking again is the way on; a page whose address holds a query asks for the same.
	for _, path := range []string{"/asnas", "/guandan?hint=1"} {
		p := ts.get(path)
		if back := p.doc.Find("a[data-back]"); attr(back, "href") != path || lineOf(back) != "Try again" {
			t.Errorf("the 503 page of %s leads to %q (%q), want %s again", path, attr(back, "href"), lineOf(back), path)
		}
	}
}

// deadStore is a store whose server is gone.
type deadStore struct{ store.Store }

func (deadStore) Ping(context.Context) error { return errors.New("connection refused") }

// /healthz asks the store: a process that cannot reach it says so, for the load balancer.
func TestHealthzChecksTheStore(t *testing.T) {
	ts := newSite(t, func(c *Config) { c.Store = deadStore{c.Store} })
	if p := ts.get("/healthz"); p.status != http.StatusServiceUnavailable {
		t.Fatalf("healthz with the store unreachable: %d %q", p.status, p.body)
	}
}

// The fallback 500 page exists in every language before the first request.
func TestFallbackPagesRenderedAtStart(t *testing.T) {
	ts := newSite(t)
	for _, l := range i18n.Locales {
		page := string(ts.server.fallback[l.Code])
		if !strings.Contains(page, `data-status="500"`) || !strings.Contains(page, `lang="`+l.Tag.String()+`"`) {
			t.Errorf("%s: no fallback page", l.Code)
		}
	}
}
