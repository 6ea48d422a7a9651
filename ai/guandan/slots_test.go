package guandan

import (
	"sync"
	"testing"
	"time"
)

// TestSearchSlots checks that no more searches run at once than there are slots: with every
// slot taken, one more waits until a slot is given back, and the wait is counted.
func TestSearchSlots(t *testing.T) {
	var held []func()
	for range cap(searchSlots) {
		held = append(held, acquireSearch())
	}
	_, waits0, _ := SearchStats()
	var wg sync.WaitGroup
	got := make(chan struct{})
	wg.Go(func() {
		release := acquireSearch()
		close(got)
		release()
	})
	select {
	case <-got:
		t.Fatal("a search ran with every slot taken")
	case <-time.After(50 * time.Millisecond):
	}
	held[0]()
	wg.Wait()
	for _, release := range held[1:] {
		release()
	}
	if _, waits, waited := SearchStats(); waits != waits0+1 || waited < 40*time.Millisecond {
		t.Errorf("waits %d (before %d), waited %v: want one more wait of about 50ms", waits, waits0, waited)
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
