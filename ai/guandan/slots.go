package guandan

import (
	"runtime"
	"sync/atomic"
	"time"
)

// searchSlots bounds the searches that run at once to the cores the process may use: a
// Master decision takes up to a quarter of a second of CPU, and a server that ran more of
// them than it has cores would make every other visitor's request wait behind them. The
// others wait their turn here, and SearchStats says how long.
var searchSlots = make(chan struct{}, runtime.GOMAXPROCS(0))

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
