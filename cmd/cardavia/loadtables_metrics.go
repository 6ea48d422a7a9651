package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
)

// serverMemory is the server's memory as its metrics say, after a collection when its
// profiler can be asked for one.
type serverMemory struct {
	rss, heap, stack, goroutines, streams float64
}

// readServerMemory asks the server for a collection (a heap profile with gc=1, when it serves
// the profiler), so that the heap is what is live, then reads its metrics; again, every
// 300 ms, until the resident size holds still (the runtime hands freed memory back to the
// system in the background, after the collection) or for 6 s at most.
func readServerMemory(ctx context.Context, metrics *url.URL) (serverMemory, error) {
	var last serverMemory
	for i := range 20 {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, metrics.String()+"/debug/pprof/heap?gc=1", nil)
		if err != nil {
			return serverMemory{}, err
		}
		if resp, err := http.DefaultClient.Do(req); err == nil {
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
		m, err := readMetrics(ctx, metrics)
		if err != nil {
			return serverMemory{}, err
		}
		now := serverMemory{rss: m["process_resident_memory_bytes"], heap: m["go_memstats_heap_inuse_bytes"],
			stack: m["go_memstats_stack_inuse_bytes"], goroutines: m["go_goroutines"], streams: m["cardavia_live_streams"]}
		if i > 0 && now.rss >= last.rss*0.995 && now.rss <= last.rss*1.005 {
			return now, nil
		}
		last = now
		if !sleepCtx(ctx, 300*time.Millisecond) {
			return serverMemory{}, ctx.Err()
		}
	}
	return last, nil
}

// readMetrics reads the samples of the server's /metrics, each under its name with its labels
// as the server wrote them (`cardavia_ai_request_seconds_sum{game="guandan",level="master"}`).
func readMetrics(ctx context.Context, metrics *url.URL) (map[string]float64, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, metrics.String()+"/metrics", nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("metrics: status %d", resp.StatusCode)
	}
	m := map[string]float64{}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 2 || strings.HasPrefix(f[0], "#") {
			continue
		}
		if v, err := strconv.ParseFloat(f[1], 64); err == nil {
			m[f[0]] = v
		}
	}
	return m, sc.Err()
}

// reportGrowth prints what n idle live connections added to the server's memory: the Go heap
// (after a collection) and the goroutines' stacks. The resident size is printed as it was,
// not divided: with the collector's target at five times the live heap (main.go), what the
// runtime hands back to the system meanwhile moves it by more than the connections take.
func (m serverMemory) reportGrowth(out io.Writer, before serverMemory, n int) {
	kb := func(d float64) float64 { return d / float64(n) / 1024 }
	goMem := m.heap + m.stack - before.heap - before.stack
	fmt.Fprintf(out, "memory   %d idle live connections: Go heap and stacks %+.1f MB, %.1f KB each (heap %.1f, stacks %.1f), goroutines %+.0f (%.1f each); heap %.1f -> %.1f MB, RSS %.1f -> %.1f MB\n",
		n, goMem/(1<<20), kb(goMem), kb(m.heap-before.heap), kb(m.stack-before.stack),
		m.goroutines-before.goroutines, (m.goroutines-before.goroutines)/float64(n),
		before.heap/(1<<20), m.heap/(1<<20), before.rss/(1<<20), m.rss/(1<<20))
}

// serverCPUProfile writes the server's CPU profile over the measured window to file.
func serverCPUProfile(ctx context.Context, metrics *url.URL, from time.Time, d time.Duration, file string) error {
	if !sleepCtx(ctx, time.Until(from)) {
		return ctx.Err()
	}
	secs := max(1, int(d/time.Second))
	return fetchProfile(context.WithoutCancel(ctx), metrics, "/debug/pprof/profile?seconds="+strconv.Itoa(secs), file)
}

// fetchProfile writes the server's profile at path (on its metrics listener) to file.
func fetchProfile(ctx context.Context, metrics *url.URL, path, file string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, metrics.String()+path, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("status %d (is the server's profiler on?)", resp.StatusCode)
	}
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, resp.Body); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
