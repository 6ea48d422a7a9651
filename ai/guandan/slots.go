package guandan

import (
	"runtime"
	"sync/atomic"
	"time"
)

// searchSlots bounds the searches that run at once to one fewer than the cores the process
// may use (at least one): a Master decision takes up to a quarter of a second of CPU, and Go's
// scheduler has no priorities, so searches on every core make every other visitor's request
// wait behind them. With a slot a core, 50 Club players beside 50 at Master had a POST p99 of
// 119–763 ms (12–36 ms alone); with one core left to them, 51–53 ms, for a quarter fewer
// searches (measured 2026-12-04; BENCHMARKS.md, "Master under a crowd", has today's figures).
// The searches wait their turn here, and SearchStats says how long.
var searchSlots = make(chan struct{}, searchSlotsFor(runtime.GOMAXPROCS(0)))

// searchSlotsFor is how many searches may run at once on cores cores.
func searchSlotsFor(cores int) int { return max(1, cores-1) }

// searchStats are the counters behind SearchStats.
var searchStats struct {
	searches, waits, waitNanos atomic.Int64
}

// acquireSearch takes a search slot, waiting for one if every slot is taken, and returns
// the function that gives it back.
func acquireSearch() func() {
	searchStats.searches.Add(1)
	select {
	case searchSlots <- struct{}{}:
	default:
		t0 := time.Now()
		searchSlots <- struct{}{}
		searchStats.waits.Add(1)
		searchStats.waitNanos.Add(int64(time.Since(t0)))
	}
	return func() { <-searchSlots }
}

// SearchStats reports, since the process started, how many of Master's searches ran, how
// many of them had to wait for a slot (every core busy with another search), and their total
// wait: what a server's metrics would export. The wait never changes a decision, which
// depends on the position and the seed only.
func SearchStats() (searches, waits int64, waited time.Duration) {
	return searchStats.searches.Load(), searchStats.waits.Load(), time.Duration(searchStats.waitNanos.Load())
}
