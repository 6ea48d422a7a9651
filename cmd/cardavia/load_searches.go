package main

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"slices"
	"strings"
	"time"
)

// searchWindow is what the server's metrics say of the AI over a run's measured window: its
// samples at the window's start and end.
type searchWindow struct {
	m0, m1 map[string]float64
	err    error
}

// watchSearches reads the server's metrics at from and when ctx ends, and then sends them.
func watchSearches(ctx context.Context, from time.Time, metrics *url.URL) <-chan searchWindow {
	done := make(chan searchWindow, 1)
	go func() {
		var w searchWindow
		defer func() { done <- w }()
		if !sleepCtx(ctx, time.Until(from)) {
			w.err = ctx.Err()
			return
		}
		if w.m0, w.err = readMetrics(ctx, metrics); w.err != nil {
			return
		}
		<-ctx.Done()
		// The run's context is over: the last read gets its own time.
		w.m1, w.err = readMetrics(context.WithoutCancel(ctx), metrics)
	}()
	return done
}

// aiRequestSeries is the per-request AI histogram's count, whose labels name the sum's too.
const aiRequestSeries = "cardavia_ai_request_seconds_count"

// report prints the window's Guandan searches (how many had to wait for a slot, and how long)
// and the AI's time per request by game and level, as deltas of the server's counters.
func (w searchWindow) report(out io.Writer, elapsed time.Duration) {
	if w.err != nil {
		fmt.Fprintf(out, "server   no metrics over the window: %v\n", w.err)
		return
	}
	d := func(name string) float64 { return w.m1[name] - w.m0[name] }
	searches, waits, waited := d("cardavia_guandan_searches_total"), d("cardavia_guandan_search_waits_total"), d("cardavia_guandan_search_wait_seconds_total")
	fmt.Fprintf(out, "server   Guandan searches %.0f (%.1f/s), %.0f waited for a slot (%.1f %%), %.2f s waited in all (%.1f ms each that waited)",
		searches, searches/elapsed.Seconds(), waits, pct(waits, searches), waited, perOne(1000*waited, waits))
	var series []string
	for name := range w.m1 {
		if strings.HasPrefix(name, aiRequestSeries+"{") {
			series = append(series, name)
		}
	}
	slices.Sort(series)
	for _, name := range series {
		n := d(name)
		if n == 0 {
			continue
		}
		labels := strings.TrimPrefix(name, aiRequestSeries)
		sum := d("cardavia_ai_request_seconds_sum" + labels)
		fmt.Fprintf(out, "; AI %s: %.0f requests, %.2f ms each", labelValues(labels), n, perOne(1000*sum, n))
	}
	fmt.Fprintln(out)
}

// labelValues shortens `{game="guandan",level="master"}` to guandan/master.
func labelValues(labels string) string {
	var vs []string
	for kv := range strings.SplitSeq(strings.Trim(labels, "{}"), ",") {
		if _, v, ok := strings.Cut(kv, "="); ok {
			vs = append(vs, strings.Trim(v, `"`))
		}
	}
	return strings.Join(vs, "/")
}

func pct(part, whole float64) float64 {
	if whole == 0 {
		return 0
	}
	return 100 * part / whole
}

func perOne(total, n float64) float64 {
	if n == 0 {
		return 0
	}
	return total / n
}
