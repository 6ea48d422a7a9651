package web

import (
	"errors"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	aiguandan "github.com/cardavia/cardavia/ai/guandan"
	"github.com/cardavia/cardavia/web/store"
)

// durationBuckets are the request histogram's upper bounds in seconds: a page should take a
// few milliseconds, a slow one tens.
var durationBuckets = []float64{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10}

// knownMethods keeps the method label bounded: anything else counts as "other".
var knownMethods = map[string]bool{"GET": true, "HEAD": true, "POST": true, "PUT": true, "DELETE": true, "PATCH": true, "OPTIONS": true}

// statusClientClosed labels a request whose client hung up before the answer (nginx's 499):
// not a server error, and not counted as one.
const statusClientClosed = 499

// Metrics is the operator's view of the site, in a registry of its own (not the global one, so
// that tests and several servers in one process do not collide). Serve it with Handler on a
// listener the public cannot reach. Code outside web (the AI, the store) reports through its
// methods; a nil *Metrics accepts every report and keeps nothing.
type Metrics struct {
	registry  *prometheus.Registry
	requests  *prometheus.CounterVec
	durations *prometheus.HistogramVec
	inflight  prometheus.Gauge
	started   *prometheus.CounterVec
	finished  *prometheus.CounterVec
	decisions *prometheus.HistogramVec
	// aiRequests is the AI seats' time added up over one request, by game and level.
	aiRequests *prometheus.HistogramVec
	storeOps   *prometheus.HistogramVec
	// commitSeconds and commitWrites describe the embedded store's group commits.
	commitSeconds, commitWrites prometheus.Histogram
	limited                     prometheus.Counter
	// streams are the shared tables' open live connections.
	streams       prometheus.Gauge
	shelfFailures *prometheus.CounterVec
}

// NewMetrics registers the site's metrics, with the Go runtime and process collectors.
func NewMetrics() *Metrics {
	m := &Metrics{
		registry: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "cardavia_http_requests_total",
			Help: "HTTP requests by method, route pattern and status code (499: the client hung up).",
		}, []string{"method", "route", "code"}),
		durations: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "cardavia_http_request_duration_seconds",
			Help:    "Time to serve a request, by method, route pattern and status code.",
			Buckets: durationBuckets,
		}, []string{"method", "route", "code"}),
		inflight: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "cardavia_http_requests_in_flight",
			Help: "Requests being served now.",
		}),
		started: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "cardavia_matches_started_total",
			Help: "Matches dealt, by game.",
		}, []string{"game"}),
		finished: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "cardavia_matches_finished_total",
			Help: "Matches played to their end, by game.",
		}, []string{"game"}),
		decisions: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "cardavia_ai_decision_seconds",
			Help:    "Time an AI seat took to decide, by game.",
			Buckets: []float64{0.0001, 0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1},
		}, []string{"game"}),
		aiRequests: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "cardavia_ai_request_seconds",
			Help: "Time one request spent letting the AI seats act (a move's answers, a deal), wall time with a Guandan Master search's wait for a slot, by game and the table's level (a Master table's tail played as Club after every human is out counts as master); requests in which no AI seat was asked are not counted.",
			// Up to the request timeout: at Master one request can play out the rest of a
			// deal, tens of searches.
			Buckets: []float64{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10},
		}, []string{"game", "level"}),
		storeOps: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "cardavia_store_operation_seconds",
			Help:    "Time of a match store operation, by operation (load, cas, sweep) and result (ok, conflict, error).",
			Buckets: []float64{0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1},
		}, []string{"op", "result"}),
		commitSeconds: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "cardavia_store_commit_seconds",
			Help:    "Time of one group commit of the embedded store: writing its pages and syncing them; every write in it waits for it.",
			Buckets: []float64{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1},
		}),
		commitWrites: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "cardavia_store_commit_writes",
			Help:    "Writes gathered in one group commit of the embedded store.",
			Buckets: []float64{1, 2, 4, 8, 16, 32, 64, 128, 512},
		}),
		limited: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "cardavia_http_rate_limited_total",
			Help: "POSTs and AI pages (hint, coach, plan) refused with 429 because their client asked for too many.",
		}),
		streams: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "cardavia_live_streams",
			Help: "Open live connections (event streams) of shared tables' pages.",
		}),
		shelfFailures: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "cardavia_shelf_update_failures_total",
			Help: "Writes of a visitor's shelf (their current match, their history) that failed after their retries, by game; the visitor's next request at the table files it again.",
		}, []string{"game"}),
	}
	m.registry.MustRegister(
		// The scheduler's latencies tell an operator when goroutines wait for a CPU, which
		// the request times alone cannot tell from a slow store.
		collectors.NewGoCollector(collectors.WithGoCollectorRuntimeMetrics(collectors.MetricsScheduler)),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.requests, m.durations, m.inflight, m.started, m.finished, m.decisions, m.storeOps,
		m.commitSeconds, m.commitWrites, m.limited, m.streams, m.shelfFailures, m.aiRequests,
	)
	// The search slots are the process's, not a server's (ai/guandan bounds every search in
	// it), so they are read when scraped rather than counted here.
	searches := func(pick func(c aiguandan.SearchCounts) float64) func() float64 {
		return func() float64 { return pick(aiguandan.SearchStats()) }
	}
	m.registry.MustRegister(
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "cardavia_guandan_searches_total",
			Help: "Guandan Master searches run (decisions the planner alone did not settle), each in one of the process's search slots, one a core.",
		}, searches(func(c aiguandan.SearchCounts) float64 { return float64(c.Searches) })),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "cardavia_guandan_search_waits_total",
			Help: "Guandan Master searches that waited for a search slot because every one was taken.",
		}, searches(func(c aiguandan.SearchCounts) float64 { return float64(c.Waits) })),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "cardavia_guandan_searches_abandoned_total",
			Help: "Guandan Master searches given up while waiting for a search slot, because their request ran out of time or its client left; that request stored nothing.",
		}, searches(func(c aiguandan.SearchCounts) float64 { return float64(c.Abandoned) })),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "cardavia_guandan_search_wait_seconds_total",
			Help: "Time Guandan Master searches spent waiting for a search slot, abandoned ones included.",
		}, searches(func(c aiguandan.SearchCounts) float64 { return c.Waited.Seconds() })),
	)
	return m
}

// Handler serves the metrics in the Prometheus exposition format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{Registry: m.registry})
}

// ObserveRequest counts one served request and its duration under its route pattern.
func (m *Metrics) ObserveRequest(method, route string, code int, d time.Duration) {
	if m == nil {
		return
	}
	if !knownMethods[method] {
		method = "other"
	}
	c := strconv.Itoa(code)
	m.requests.WithLabelValues(method, route, c).Inc()
	m.durations.WithLabelValues(method, route, c).Observe(d.Seconds())
}

// MatchStarted counts a match dealt at game's table.
func (m *Metrics) MatchStarted(game string) {
	if m != nil {
		m.started.WithLabelValues(game).Inc()
	}
}

// MatchFinished counts a match played to its end at game's table.
func (m *Metrics) MatchFinished(game string) {
	if m != nil {
		m.finished.WithLabelValues(game).Inc()
	}
}

// ShelfUpdateFailed counts a shelf write of game's table that failed after its retries.
func (m *Metrics) ShelfUpdateFailed(game string) {
	if m != nil {
		m.shelfFailures.WithLabelValues(game).Inc()
	}
}

// AIDecision records how long an AI seat of game took for one decision.
func (m *Metrics) AIDecision(game string, d time.Duration) {
	if m != nil {
		m.decisions.WithLabelValues(game).Observe(d.Seconds())
	}
}

// aiWork adds up what the AI seats cost one request: the tables that let them act add to it
// (timedTable) and observe reports it when the request ends. It is one field of the
// request's middleware state, so it costs no allocation of its own.
type aiWork struct {
	mu          sync.Mutex
	game, level string
	d           time.Duration
	asked       bool
}

// add counts the time since start as AI work of game at level; a nil aiWork (a request
// without the middleware, a timer's work) keeps nothing.
func (w *aiWork) add(game, level string, start time.Time) {
	if w == nil {
		return
	}
	d := time.Since(start)
	w.mu.Lock()
	defer w.mu.Unlock()
	w.game, w.level, w.asked = game, level, true
	w.d += d
}

// aiRequest records the AI work of one request, if it asked the AI seats at all.
func (m *Metrics) aiRequest(w *aiWork) {
	if m == nil || w == nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.asked {
		m.aiRequests.WithLabelValues(w.game, w.level).Observe(w.d.Seconds())
	}
}

// StoreCommit records one group commit of the embedded store (see store.Bolt.ObserveCommits).
func (m *Metrics) StoreCommit(writes int, d time.Duration) {
	if m != nil {
		m.commitWrites.Observe(float64(writes))
		m.commitSeconds.Observe(d.Seconds())
	}
}

// StoreOp records one store operation; its result is "conflict" for a refused
// compare-and-swap, which is normal (a stale form), "error" for a failure.
func (m *Metrics) StoreOp(op string, d time.Duration, err error) {
	if m == nil {
		return
	}
	result := "ok"
	switch {
	case err == nil:
	case errors.Is(err, store.ErrConflict):
		result = "conflict"
	default:
		result = "error"
	}
	m.storeOps.WithLabelValues(op, result).Observe(d.Seconds())
}

func (m *Metrics) streamOpened() { m.streams.Inc() }
func (m *Metrics) streamClosed() { m.streams.Dec() }
