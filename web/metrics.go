package web

import (
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// durationBuckets are the histogram's upper bounds in seconds: a page should take a few
// milliseconds, a slow one tens.
var durationBuckets = []float64{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10}

// knownMethods keeps the method label bounded: anything else counts as "other".
var knownMethods = map[string]bool{"GET": true, "HEAD": true, "POST": true, "PUT": true, "DELETE": true, "PATCH": true, "OPTIONS": true}

type requestKey struct {
	method, route string
	code          int
}

type histogram struct {
	counts []uint64 // per bucket, not cumulative
	sum    float64
	count  uint64
}

// metrics are the request counters and duration histograms by route pattern, written in the
// Prometheus text format without a client library.
type metrics struct {
	mu        sync.Mutex
	requests  map[requestKey]uint64
	durations map[string]*histogram
	inflight  atomic.Int64
}

func newMetrics() *metrics {
	return &metrics{requests: map[requestKey]uint64{}, durations: map[string]*histogram{}}
}

func (m *metrics) observe(method, route string, code int, d time.Duration) {
	if !knownMethods[method] {
		method = "other"
	}
	secs := d.Seconds()
	m.mu.Lock()
	defer m.mu.Unlock()
	m.requests[requestKey{method, route, code}]++
	h := m.durations[route]
	if h == nil {
		h = &histogram{counts: make([]uint64, len(durationBuckets))}
		m.durations[route] = h
	}
	for i, b := range durationBuckets {
		if secs <= b {
			h.counts[i]++
			break
		}
	}
	h.sum += secs
	h.count++
}

// ServeHTTP writes the metrics in the Prometheus text exposition format.
func (m *metrics) ServeHTTP(w http.ResponseWriter, _ *http.Request) {
	var b strings.Builder
	m.mu.Lock()
	keys := make([]requestKey, 0, len(m.requests))
	for k := range m.requests {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, c := keys[i], keys[j]
		if a.route != c.route {
			return a.route < c.route
		}
		if a.method != c.method {
			return a.method < c.method
		}
		return a.code < c.code
	})
	b.WriteString("# HELP cardavia_http_requests_total HTTP requests by method, route pattern and status code.\n")
	b.WriteString("# TYPE cardavia_http_requests_total counter\n")
	for _, k := range keys {
		fmt.Fprintf(&b, "cardavia_http_requests_total{method=%q,route=%q,code=\"%d\"} %d\n", k.method, k.route, k.code, m.requests[k])
	}
	routes := make([]string, 0, len(m.durations))
	for r := range m.durations {
		routes = append(routes, r)
	}
	sort.Strings(routes)
	b.WriteString("# HELP cardavia_http_request_duration_seconds Time to serve a request, by route pattern.\n")
	b.WriteString("# TYPE cardavia_http_request_duration_seconds histogram\n")
	for _, r := range routes {
		h := m.durations[r]
		var cum uint64
		for i, ub := range durationBuckets {
			cum += h.counts[i]
			fmt.Fprintf(&b, "cardavia_http_request_duration_seconds_bucket{route=%q,le=%q} %d\n", r, strconv.FormatFloat(ub, 'g', -1, 64), cum)
		}
		fmt.Fprintf(&b, "cardavia_http_request_duration_seconds_bucket{route=%q,le=\"+Inf\"} %d\n", r, h.count)
		fmt.Fprintf(&b, "cardavia_http_request_duration_seconds_sum{route=%q} %s\n", r, strconv.FormatFloat(h.sum, 'g', -1, 64))
		fmt.Fprintf(&b, "cardavia_http_request_duration_seconds_count{route=%q} %d\n", r, h.count)
	}
	m.mu.Unlock()
	b.WriteString("# HELP cardavia_http_requests_in_flight Requests being served now.\n")
	b.WriteString("# TYPE cardavia_http_requests_in_flight gauge\n")
	fmt.Fprintf(&b, "cardavia_http_requests_in_flight %d\n", m.inflight.Load())
	w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write([]byte(b.String()))
}
