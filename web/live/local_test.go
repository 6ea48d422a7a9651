package live

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// wait is how long a test waits for something that should happen at once.
const wait = 5 * time.Second

// receive returns the next value of sub, failing the test if none comes.
func receive(t *testing.T, sub *Subscription) uint64 {
	t.Helper()
	select {
	case v, ok := <-sub.C():
		if !ok {
			t.Fatalf("%s: channel closed, want a value", sub.Table())
		}
		return v
	case <-time.After(wait):
		t.Fatalf("%s: nothing received in %v", sub.Table(), wait)
		return 0
	}
}

// nothing fails the test if sub has a value waiting.
func nothing(t *testing.T, sub *Subscription) {
	t.Helper()
	select {
	case v, ok := <-sub.C():
		t.Fatalf("%s: received %d (open %v), want nothing", sub.Table(), v, ok)
	default:
	}
}

// closed fails the test unless sub's channel is closed (after any value left in it).
func closed(t *testing.T, sub *Subscription) {
	t.Helper()
	deadline := time.After(wait)
	for {
		select {
		case _, ok := <-sub.C():
			if !ok {
				return
			}
		case <-deadline:
			t.Fatalf("%s: channel still open", sub.Table())
		}
	}
}

func announce(t *testing.T, h Hub, table string, move uint64) {
	t.Helper()
	if err := h.Announce(context.Background(), table, move); err != nil {
		t.Fatal(err)
	}
}

// noLeaks fails the test if goroutines started during it are still running when it ends
// (the hub's, the readers'): it waits a little for them to finish, then prints them.
func noLeaks(t *testing.T) {
	t.Helper()
	before := runtime.NumGoroutine()
	t.Cleanup(func() {
		deadline := time.Now().Add(wait)
		for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		if n := runtime.NumGoroutine(); n > before {
			buf := make([]byte, 1<<20)
			buf = buf[:runtime.Stack(buf, true)]
			t.Errorf("%d goroutines before, %d after:\n%s", before, n, buf)
		}
	})
}

func TestReadEachInOrder(t *testing.T) {
	h := NewLocal()
	defer h.Close()
	sub := h.Subscribe("t1")
	defer sub.Close()
	for move := uint64(1); move <= 5; move++ {
		announce(t, h, "t1", move)
		if got := receive(t, sub); got != move {
			t.Fatalf("received %d, want %d", got, move)
		}
	}
	nothing(t, sub)
}

func TestUnreadAnnouncementsCoalesce(t *testing.T) {
	h := NewLocal()
	defer h.Close()
	sub := h.Subscribe("t1")
	defer sub.Close()
	for move := uint64(1); move <= 100; move++ {
		announce(t, h, "t1", move)
	}
	if got := receive(t, sub); got != 100 {
		t.Fatalf("received %d after 100 unread announcements, want 100", got)
	}
	nothing(t, sub)

	// Announcements from several writers may arrive out of order: the higher one stays.
	announce(t, h, "t1", 105)
	announce(t, h, "t1", 103)
	if got := receive(t, sub); got != 105 {
		t.Fatalf("received %d after 105 then 103, want 105", got)
	}
}

func TestResyncIsNotHiddenByAMoveNumber(t *testing.T) {
	h := NewLocal()
	defer h.Close()
	sub := h.Subscribe("t1")
	defer sub.Close()
	h.f.resync()
	announce(t, h, "t1", 7)
	if got := receive(t, sub); got != Resync {
		t.Fatalf("received %d after a resync then 7, want Resync", got)
	}
	announce(t, h, "t1", 8)
	h.f.resync()
	if got := receive(t, sub); got != Resync {
		t.Fatalf("received %d after 8 then a resync, want Resync", got)
	}
}

func TestOnlyTheTablesSubscribersAreWoken(t *testing.T) {
	h := NewLocal()
	defer h.Close()
	a1, a2, b := h.Subscribe("a"), h.Subscribe("a"), h.Subscribe("b")
	announce(t, h, "a", 3)
	announce(t, h, "c", 9) // nobody follows c
	for _, sub := range []*Subscription{a1, a2} {
		if got := receive(t, sub); got != 3 {
			t.Fatalf("a subscriber received %d, want 3", got)
		}
	}
	nothing(t, b)
	if n := h.Subscribers(); n != 3 {
		t.Fatalf("Subscribers() = %d, want 3", n)
	}
}

// A subscriber that never reads delays neither the announcer nor the other subscribers,
// and holds one value however many announcements it misses.
func TestSlowSubscriberBlocksNobody(t *testing.T) {
	noLeaks(t)
	h := NewLocal()
	defer h.Close()
	stalled := h.Subscribe("t1")
	defer stalled.Close()
	reader := h.Subscribe("t1")
	defer reader.Close()

	const moves = 20000
	got := make(chan uint64)
	go func() {
		var last uint64
		for v := range reader.C() {
			last = v
			if v == moves {
				break
			}
		}
		got <- last
	}()
	done := make(chan struct{})
	go func() {
		defer close(done)
		for move := uint64(1); move <= moves; move++ {
			h.Announce(context.Background(), "t1", move)
		}
	}()
	select {
	case <-done:
	case <-time.After(wait):
		t.Fatalf("%d announcements to a stalled subscriber did not finish in %v", moves, wait)
	}
	if last := <-got; last != moves {
		t.Fatalf("the reading subscriber's last value is %d, want %d", last, moves)
	}
	if n := len(stalled.ch); n != 1 {
		t.Fatalf("the stalled subscriber holds %d values, want 1", n)
	}
	if v := receive(t, stalled); v != moves {
		t.Fatalf("the stalled subscriber's value is %d, want %d", v, moves)
	}
}

func TestSubscriptionClose(t *testing.T) {
	h := NewLocal()
	defer h.Close()
	sub, other := h.Subscribe("t1"), h.Subscribe("t1")
	announce(t, h, "t1", 1)
	sub.Close()
	sub.Close() // a second Close does nothing
	closed(t, sub)
	if n := h.Subscribers(); n != 1 {
		t.Fatalf("Subscribers() = %d after one of two closed, want 1", n)
	}
	announce(t, h, "t1", 2) // to a closed subscription: no panic
	if got := receive(t, other); got != 2 {
		t.Fatalf("the other subscriber received %d, want 2", got)
	}
	other.Close()
	if n := len(h.f.tables); n != 0 {
		t.Fatalf("%d tables kept after their last subscriber left, want 0", n)
	}
}

func TestHubClose(t *testing.T) {
	h := NewLocal()
	subs := []*Subscription{h.Subscribe("a"), h.Subscribe("a"), h.Subscribe("b")}
	if err := h.Close(); err != nil {
		t.Fatal(err)
	}
	if err := h.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	for _, sub := range subs {
		closed(t, sub)
		sub.Close() // after the hub's Close: nothing left to do
	}
	if n := h.Subscribers(); n != 0 {
		t.Fatalf("Subscribers() = %d after Close, want 0", n)
	}
	if err := h.Announce(context.Background(), "a", 1); !errors.Is(err, ErrClosed) {
		t.Fatalf("Announce after Close: %v, want ErrClosed", err)
	}
	late := h.Subscribe("a")
	closed(t, late)
	if n := h.Subscribers(); n != 0 {
		t.Fatalf("Subscribers() = %d after a Subscribe on a closed hub, want 0", n)
	}
}

// Many readers on many tables while writers announce and subscribers come and go: every
// reader sees its table's last move, the count comes back to zero, no goroutine is left
// behind. Run it with -race.
func TestManySubscribers(t *testing.T) {
	noLeaks(t)
	h := NewLocal()
	defer h.Close()
	const tables, perTable, moves = 10, 100, 200
	var ready, readers sync.WaitGroup
	failures := make(chan string, tables*perTable)
	for i := range tables {
		table := fmt.Sprintf("t%d", i)
		for range perTable {
			ready.Add(1)
			readers.Add(1)
			go func() {
				defer readers.Done()
				sub := h.Subscribe(table)
				defer sub.Close()
				ready.Done()
				for v := range sub.C() {
					if v == moves {
						return
					}
				}
				failures <- table + ": channel closed before the last move"
			}()
		}
	}
	ready.Wait()
	if n := h.Subscribers(); n != tables*perTable {
		t.Fatalf("Subscribers() = %d, want %d", n, tables*perTable)
	}
	// Churn: subscribers that come and go meanwhile must not disturb the others.
	stop := make(chan struct{})
	var churn sync.WaitGroup
	churn.Add(1)
	go func() {
		defer churn.Done()
		for {
			select {
			case <-stop:
				return
			default:
				h.Subscribe("t0").Close()
			}
		}
	}()
	var writers sync.WaitGroup
	for i := range tables {
		writers.Add(1)
		go func() {
			defer writers.Done()
			for move := uint64(1); move <= moves; move++ {
				h.Announce(context.Background(), fmt.Sprintf("t%d", i), move)
			}
		}()
	}
	writers.Wait()
	readers.Wait()
	close(stop)
	churn.Wait()
	close(failures)
	var msgs []string
	for f := range failures {
		msgs = append(msgs, f)
	}
	if len(msgs) > 0 {
		t.Fatalf("%d readers failed: %s", len(msgs), strings.Join(msgs[:min(5, len(msgs))], "; "))
	}
	if n := h.Subscribers(); n != 0 {
		t.Fatalf("Subscribers() = %d after every reader left, want 0", n)
	}
}

// Readers blocked on their channels end when the hub closes.
func TestHubCloseEndsReaders(t *testing.T) {
	noLeaks(t)
	h := NewLocal()
	var readers sync.WaitGroup
	for i := range 50 {
		sub := h.Subscribe(fmt.Sprintf("t%d", i%5))
		readers.Add(1)
		go func() {
			defer readers.Done()
			for range sub.C() {
			}
		}()
	}
	h.Close()
	done := make(chan struct{})
	go func() { readers.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(wait):
		t.Fatal("readers still blocked after the hub closed")
	}
}

func BenchmarkAnnounce1000Subscribers(b *testing.B) {
	for _, reading := range []bool{false, true} {
		name := "unread"
		if reading {
			name = "read"
		}
		b.Run(name, func(b *testing.B) {
			h := NewLocal()
			defer h.Close()
			var readers sync.WaitGroup
			for range 1000 {
				sub := h.Subscribe("t1")
				if reading {
					readers.Add(1)
					go func() {
						defer readers.Done()
						for range sub.C() {
						}
					}()
				}
			}
			ctx := context.Background()
			b.ResetTimer()
			for i := range b.N {
				h.Announce(ctx, "t1", uint64(i+1))
			}
			b.StopTimer()
			h.Close()
			readers.Wait()
		})
	}
}
