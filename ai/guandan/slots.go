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
	searches, waits, abandoned, waitNanos atomic.Int64
}

// acquireSearch takes a search slot, waiting for one if every slot is taken, and returns
// the function that gives it back. When done is closed first (nil never is), it gives up
// waiting and reports false: the request that wanted the search has gone or run out of time.
func acquireSearch(done <-chan struct{}) (release func(), ok bool) {
	select {
	case searchSlots <- struct{}{}:
	default:
		t0 := time.Now()
		select {
		case searchSlots <- struct{}{}:
			ok = true
		case <-done:
		}
		searchStats.waitNanos.Add(int64(time.Since(t0)))
		if !ok {
			searchStats.abandoned.Add(1)
			return nil, false
		}
		searchStats.waits.Add(1)
	}
	searchStats.searches.Add(1)
	return func() { <-searchSlots }, true
}

// A Turn is one caller's turn at the search slots over a run of decisions: a web request
// whose AI seats may search up to three times in a row. It takes a slot at its first search
// and keeps it until Release, so that the run waits in line once and not once a search: under
// a crowd at Master every search of a move waited for the whole line again, and a move whose
// request ran out of time had spent the searches before it for nothing. It stops waiting
// once done is closed (nil never is). A Turn is not safe for concurrent use.
type Turn struct {
	done    <-chan struct{}
	release func()
}

// NewTurn returns a turn that waits for a slot until done is closed.
func NewTurn(done <-chan struct{}) *Turn { return &Turn{done: done} }

// acquire takes the turn's slot unless it holds one, reporting false when done closed first.
func (t *Turn) acquire() bool {
	if t.release != nil {
		searchStats.searches.Add(1)
		return true
	}
	release, ok := acquireSearch(t.done)
	t.release = release
	return ok
}

// Release gives back the turn's slot, if it holds one.
func (t *Turn) Release() {
	if t.release != nil {
		t.release()
		t.release = nil
	}
}

// SearchCounts are the process's counts of Master's searches since it started: what a
// server's metrics export.
type SearchCounts struct {
	// Searches ran; Waits of them first waited for a slot (every one busy with another).
	Searches, Waits int64
	// Abandoned searches stopped waiting for a slot because the caller's done channel closed
	// (see Turn) and never ran.
	Abandoned int64
	// Waited is the time all of them spent waiting, abandoned ones included.
	Waited time.Duration
}

// SearchStats reports the SearchCounts. The wait never changes a decision that is kept, which
// depends on the position and the seed only.
func SearchStats() SearchCounts {
	return SearchCounts{
		Searches:  searchStats.searches.Load(),
		Waits:     searchStats.waits.Load(),
		Abandoned: searchStats.abandoned.Load(),
		Waited:    time.Duration(searchStats.waitNanos.Load()),
	}
}
