package guandan

import (
	"sync"
	"testing"
	"time"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// holdAllSlots takes every search slot and returns the function that gives them back.
func holdAllSlots(t *testing.T) func() {
	t.Helper()
	var held []func()
	for range cap(searchSlots) {
		release, ok := acquireSearch(nil)
		if !ok {
			t.Fatal("a free slot was refused")
		}
		held = append(held, release)
	}
	return func() {
		for _, release := range held {
			release()
		}
	}
}

// TestSearchSlots checks that no more searches run at once than there are slots: with every
// slot taken, one more waits until a slot is given back, and the wait is counted.
func TestSearchSlots(t *testing.T) {
	releaseAll := holdAllSlots(t)
	before := SearchStats()
	var wg sync.WaitGroup
	got := make(chan struct{})
	wg.Go(func() {
		release, ok := acquireSearch(nil)
		if !ok {
			t.Error("a search without a done channel gave up")
			return
		}
		close(got)
		release()
	})
	select {
	case <-got:
		t.Fatal("a search ran with every slot taken")
	case <-time.After(50 * time.Millisecond):
	}
	releaseAll()
	wg.Wait()
	after := SearchStats()
	if after.Waits != before.Waits+1 || after.Waited-before.Waited < 40*time.Millisecond || after.Searches < before.Searches+1 {
		t.Errorf("before %+v, after %+v: want one more search and one more wait of about 50ms", before, after)
	}
}

// TestSearchSlotsAbandoned: a search waiting for a slot gives up when its done channel closes,
// is counted as abandoned and not as run, and takes no slot; a Master whose request has gone
// then answers at once with the planner's move instead of waiting for the search.
func TestSearchSlotsAbandoned(t *testing.T) {
	// Positions where Master, searching from the first move, does search.
	opt := Options{Samples: 16, Budget: 20000, Near: 27, Candidates: 6, Margin: 1, Tries: 4}
	planner := opt
	planner.Samples = 0
	var views []gd.View
	for i, v := range positions(t, 2) {
		if len(views) == 10 {
			break
		}
		m := NewMaster(uint64(i), opt)
		if m.Play(v); m.last.samples > 0 {
			views = append(views, v)
		}
	}
	if len(views) < 10 {
		t.Fatalf("Master searched in %d positions: the test needs 10", len(views))
	}

	releaseAll := holdAllSlots(t)
	defer releaseAll()
	before := SearchStats()
	done := make(chan struct{})
	time.AfterFunc(30*time.Millisecond, func() { close(done) })
	if release, ok := acquireSearch(done); ok {
		release()
		t.Fatal("a search got a slot while every slot was taken")
	}
	after := SearchStats()
	if after.Abandoned != before.Abandoned+1 || after.Searches != before.Searches || after.Waits != before.Waits {
		t.Errorf("before %+v, after %+v: want one more abandoned search, no more run or waited", before, after)
	}
	if len(searchSlots) != cap(searchSlots) {
		t.Errorf("%d slots taken, want the %d held", len(searchSlots), cap(searchSlots))
	}

	for i, v := range views {
		m := NewMaster(uint64(i), opt)
		m.InTurn(NewTurn(done))
		t0 := time.Now()
		a := m.Play(v)
		if m.last.samples > 0 || time.Since(t0) > 100*time.Millisecond {
			t.Fatalf("position %d: an abandoned decision ran %d samples in %v", i, m.last.samples, time.Since(t0))
		}
		if want := NewMaster(uint64(i), planner).Play(v); !sameAction(a, want) {
			t.Fatalf("position %d: abandoned, %s; the planner's move is %s", i, describe(a), describe(want))
		}
	}
}

// TestSearchSlotsLeaveACore: the searches may take every core but one, and one search always
// runs, even on a single core.
func TestSearchSlotsLeaveACore(t *testing.T) {
	for cores, want := range map[int]int{1: 1, 2: 1, 4: 3, 16: 15} {
		if got := searchSlotsFor(cores); got != want {
			t.Errorf("%d cores: %d slots, want %d", cores, got, want)
		}
	}
}

// TestTurnHoldsItsSlot: a turn takes one slot at its first search and searches in it again
// without waiting in line, even with every other slot taken, until Release gives it back.
func TestTurnHoldsItsSlot(t *testing.T) {
	turn := NewTurn(nil)
	before := SearchStats()
	if !turn.acquire() {
		t.Fatal("a free slot was refused")
	}
	taken := len(searchSlots)
	var others []func()
	for len(searchSlots) < cap(searchSlots) {
		release, _ := acquireSearch(nil)
		others = append(others, release)
	}
	for range 3 {
		if !turn.acquire() {
			t.Fatal("the turn lost its slot")
		}
	}
	if after := SearchStats(); after.Searches != before.Searches+4 || after.Waits != before.Waits {
		t.Errorf("before %+v, after %+v: want four searches counted, none waiting", before, after)
	}
	for _, release := range others {
		release()
	}
	if len(searchSlots) != taken {
		t.Errorf("%d slots taken with the turn's alone, want %d", len(searchSlots), taken)
	}
	turn.Release()
	turn.Release() // twice is harmless
	if len(searchSlots) != taken-1 {
		t.Errorf("%d slots taken after Release, want %d", len(searchSlots), taken-1)
	}
}
