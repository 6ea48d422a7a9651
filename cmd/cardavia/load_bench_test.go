package main

import (
	"context"
	"math/rand/v2"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cardavia/cardavia/web"
)

// countingTransport ends the run once it has carried n requests.
type countingTransport struct {
	http.RoundTripper
	n, limit atomic.Int64
	stop     context.CancelFunc
}

func (t *countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if t.n.Add(1) >= t.limit.Load() {
		t.stop()
	}
	return t.RoundTripper.RoundTrip(r)
}

// BenchmarkCrowdRequest is what one request of the load tool's crowd costs, server and player
// together, on one core: one virtual player (cardavia load's) plays both games without pauses
// against the real router on the memory store, the same matches every run (fixed seeds), so
// that two builds can be compared on a noisy machine (run with -cpu 1). A request is a page,
// a hint page or a POST, in the mix the crowd sends.
func BenchmarkCrowdRequest(b *testing.B) {
	var seed uint64
	srv, u := testSite(b, func(c *web.Config) { c.Seed = func() uint64 { seed++; return seed } })
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	tr := &countingTransport{RoundTripper: srv.Client().Transport, stop: cancel}
	tr.limit.Store(int64(b.N))
	p := newVirtualPlayer(u, tr, 1, &loadStats{}, time.Now().Add(time.Hour))
	p.rng = rand.New(rand.NewPCG(1, 1))
	p.noPause = true
	b.ResetTimer()
	p.play(ctx)
	b.StopTimer()
	if got := tr.n.Load(); got < int64(b.N) {
		b.Fatalf("%d requests, want %d", got, b.N)
	}
}
