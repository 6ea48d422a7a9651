package store

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"sync"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// clock is a settable time source for expiry tests.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

// stores runs a test against every implementation.
func stores(t *testing.T, test func(t *testing.T, s Store, c *clock)) {
	t.Run("memory", func(t *testing.T) {
		c := &clock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
		test(t, NewMemory(TTL, c.now), c)
	})
	t.Run("bolt", func(t *testing.T) {
		c := &clock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
		b, err := OpenBolt(filepath.Join(t.TempDir(), "m.db"), TTL, c.now)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { b.Close() })
		test(t, b, c)
	})
	t.Run("redis", func(t *testing.T) {
		c := &clock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
		test(t, newTestRedis(t), c)
	})
}

func TestCompareAndSwap(t *testing.T) {
	stores(t, func(t *testing.T, s Store, _ *clock) {
		ctx := context.Background()
		data, v, err := s.Load(ctx, "k")
		if err != nil || data != nil || v != 0 {
			t.Fatalf("empty store: Load = %q, %d, %v; want nil, 0, nil", data, v, err)
		}
		if err := s.CompareAndSwap(ctx, "k", 0, []byte("one")); err != nil {
			t.Fatalf("first write: %v", err)
		}
		if err := s.CompareAndSwap(ctx, "k", 0, []byte("again")); !errors.Is(err, ErrConflict) {
			t.Fatalf("second create: err = %v, want ErrConflict", err)
		}
		data, v, _ = s.Load(ctx, "k")
		if string(data) != "one" || v != 1 {
			t.Fatalf("after write: Load = %q, %d; want one, 1", data, v)
		}
		if err := s.CompareAndSwap(ctx, "k", 1, []byte("two")); err != nil {
			t.Fatalf("update: %v", err)
		}
		if err := s.CompareAndSwap(ctx, "k", 1, []byte("stale")); !errors.Is(err, ErrConflict) {
			t.Fatalf("stale update: err = %v, want ErrConflict", err)
		}
		data, v, _ = s.Load(ctx, "k")
		if string(data) != "two" || v != 2 {
			t.Fatalf("after update: Load = %q, %d; want two, 2", data, v)
		}
		if data, _, _ := s.Load(ctx, "other"); data != nil {
			t.Fatalf("keys leak into each other: %q", data)
		}
	})
}

// CompareAndSwapAll writes all its entries or none: one stale version refuses the whole
// write, and the entries whose versions were right keep their old data.
func TestCompareAndSwapAll(t *testing.T) {
	stores(t, func(t *testing.T, s Store, _ *clock) {
		ctx := context.Background()
		if err := s.CompareAndSwap(ctx, "a", 0, []byte("a1")); err != nil {
			t.Fatal(err)
		}
		// b does not exist yet (version 0); a is at version 1.
		if err := s.CompareAndSwapAll(ctx, Swap{"a", 1, []byte("a2")}, Swap{"b", 0, []byte("b1")}); err != nil {
			t.Fatalf("both right: %v", err)
		}
		for key, want := range map[string]string{"a": "a2", "b": "b1"} {
			if data, v, _ := s.Load(ctx, key); string(data) != want || v != map[string]uint64{"a": 2, "b": 1}[key] {
				t.Fatalf("after the write: %s = %q at %d", key, data, v)
			}
		}
		// a is right (2), b is stale (0, not 1), c is new: nothing may change.
		err := s.CompareAndSwapAll(ctx, Swap{"a", 2, []byte("a3")}, Swap{"b", 0, []byte("b2")}, Swap{"c", 0, []byte("c1")})
		if !errors.Is(err, ErrConflict) {
			t.Fatalf("one stale: err = %v, want ErrConflict", err)
		}
		if data, v, _ := s.Load(ctx, "a"); string(data) != "a2" || v != 2 {
			t.Fatalf("a refused write changed a: %q at %d", data, v)
		}
		if data, v, _ := s.Load(ctx, "c"); data != nil || v != 0 {
			t.Fatalf("a refused write created c: %q at %d", data, v)
		}
		// Of writers racing to create the same pair of keys, exactly one wins, and the pair
		// holds that one's data in both keys.
		const writers = 16
		errs := make(chan error, writers)
		for i := range writers {
			go func() {
				tag := []byte{byte('A' + i)}
				errs <- s.CompareAndSwapAll(ctx, Swap{"x", 0, tag}, Swap{"y", 0, tag})
			}()
		}
		won := 0
		for range writers {
			switch err := <-errs; {
			case err == nil:
				won++
			case !errors.Is(err, ErrConflict):
				t.Fatal(err)
			}
		}
		x, _, _ := s.Load(ctx, "x")
		y, _, _ := s.Load(ctx, "y")
		if won != 1 || string(x) != string(y) || len(x) != 1 {
			t.Fatalf("%d of %d racing writers won; x = %q, y = %q", won, writers, x, y)
		}
	})
}

func TestExpiry(t *testing.T) {
	stores(t, func(t *testing.T, s Store, c *clock) {
		if _, ok := s.(*Redis); ok {
			t.Skip("Redis expires entries by its own clock: TestRedisExpiry")
		}
		ctx := context.Background()
		if err := s.CompareAndSwap(ctx, "old", 0, []byte("x")); err != nil {
			t.Fatal(err)
		}
		c.t = c.t.Add(TTL - time.Minute)
		if err := s.CompareAndSwap(ctx, "young", 0, []byte("y")); err != nil {
			t.Fatal(err)
		}
		if data, _, _ := s.Load(ctx, "old"); string(data) != "x" {
			t.Fatalf("entry gone before its time: %q", data)
		}
		c.t = c.t.Add(2 * time.Minute)
		data, v, err := s.Load(ctx, "old")
		if err != nil || data != nil {
			t.Fatalf("expired entry still loads: %q, %v", data, err)
		}
		// An expired entry can be replaced with the version Load gave.
		if err := s.CompareAndSwap(ctx, "old", v, []byte("new")); err != nil {
			t.Fatalf("replace expired: %v", err)
		}
		if err := s.CompareAndSwap(ctx, "gone", 0, []byte("z")); err != nil {
			t.Fatal(err)
		}
		c.t = c.t.Add(TTL + time.Hour)
		n, err := s.Sweep(ctx, c.t.Add(-TTL))
		if err != nil || n != 3 {
			t.Fatalf("Sweep = %d, %v; want 3 deleted", n, err)
		}
		if _, v, _ := s.Load(ctx, "young"); v != 0 {
			t.Fatalf("swept entry still has version %d", v)
		}
	})
}

func TestSweepKeepsLiveEntries(t *testing.T) {
	stores(t, func(t *testing.T, s Store, c *clock) {
		ctx := context.Background()
		for _, k := range []string{"a", "b", "c"} {
			if err := s.CompareAndSwap(ctx, k, 0, []byte(k)); err != nil {
				t.Fatal(err)
			}
		}
		n, err := s.Sweep(ctx, c.t.Add(-time.Hour))
		if err != nil || n != 0 {
			t.Fatalf("Sweep = %d, %v; want nothing deleted", n, err)
		}
		if data, _, _ := s.Load(ctx, "b"); string(data) != "b" {
			t.Fatalf("live entry lost: %q", data)
		}
	})
}

func TestBoltSurvivesReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.db")
	now := func() time.Time { return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) }
	b, err := OpenBolt(path, TTL, now)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := b.CompareAndSwap(ctx, "k", 0, []byte("kept")); err != nil {
		t.Fatal(err)
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	b, err = OpenBolt(path, TTL, now)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	data, v, err := b.Load(ctx, "k")
	if err != nil || string(data) != "kept" || v != 1 {
		t.Fatalf("after reopen: Load = %q, %d, %v; want kept, 1", data, v, err)
	}
}

func TestBoltRefusesSecondOpener(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.db")
	b, err := OpenBolt(path, TTL, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	start := time.Now()
	if b2, err := OpenBolt(path, TTL, time.Now); err == nil {
		b2.Close()
		t.Fatal("second open of a locked database succeeded")
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Fatalf("second open waited %v", d)
	}
}

// TestBoltCorruptEntryIsAbsent: a damaged entry (here a value shorter than its header) reads
// as no entry, so its visitor starts afresh instead of meeting an error on every visit, and a
// write from version 0 replaces it.
func TestBoltCorruptEntryIsAbsent(t *testing.T) {
	b, err := OpenBolt(filepath.Join(t.TempDir(), "m.db"), TTL, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	if err := b.db.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(matchesBucket).Put([]byte("asnas:secret-id"), []byte("junk"))
	}); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	data, v, err := b.Load(ctx, "asnas:secret-id")
	if err != nil || data != nil || v != 0 {
		t.Fatalf("corrupt entry: Load = %q, %d, %v; want nil, 0, nil", data, v, err)
	}
	if err := b.CompareAndSwap(ctx, "asnas:secret-id", 0, []byte("fresh")); err != nil {
		t.Fatalf("replacing a corrupt entry: %v", err)
	}
	if data, v, _ := b.Load(ctx, "asnas:secret-id"); string(data) != "fresh" || v != 1 {
		t.Fatalf("after replacing: Load = %q, %d; want fresh, 1", data, v)
	}
}

// TestBoltGroupCommitWaitsOnlyInACrowd: a lone writer's every write commits at once (nothing
// waits on a quiet server), while players writing now and then at the same time share commits:
// the committer's short wait gathers several writes a transaction, every one of them stored.
func TestBoltGroupCommitWaitsOnlyInACrowd(t *testing.T) {
	now := func() time.Time { return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) }
	b, err := OpenBolt(filepath.Join(t.TempDir(), "m.db"), TTL, now)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	ctx := context.Background()
	for i := range 20 {
		if err := b.CompareAndSwap(ctx, "alone", uint64(i), []byte{byte(i)}); err != nil {
			t.Fatal(err)
		}
	}
	if c, l := b.commits.Load(), b.lingers.Load(); c != 20 || l != 0 {
		t.Fatalf("a lone writer: %d commits (want 20), %d of them waited (want 0)", c, l)
	}

	const players, moves = 24, 15
	b.commits.Store(0)
	var observed struct {
		sync.Mutex
		commits, writes int
	}
	b.ObserveCommits(func(writes int, d time.Duration) {
		observed.Lock()
		observed.commits++
		observed.writes += writes
		observed.Unlock()
		if d <= 0 {
			t.Errorf("a commit observed as taking %v", d)
		}
	})
	var wg sync.WaitGroup
	errs := make(chan error, players)
	for p := range players {
		wg.Go(func() {
			key := fmt.Sprintf("player-%d", p)
			for m := range moves {
				// A player's pause between moves: 1 to 4 ms, so that the writes of the crowd
				// arrive one by one rather than all together.
				time.Sleep(time.Duration(1+(p+m)%4) * time.Millisecond)
				if err := b.CompareAndSwap(ctx, key, uint64(m), []byte{byte(m)}); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	writes, commits := int64(players*moves), b.commits.Load()
	// Here, without the wait, a commit held 4-5 writes; with it, 13.
	if commits*8 > writes {
		t.Errorf("%d writes of %d players took %d commits: want 8 writes or more a commit", writes, players, commits)
	}
	for p := range players {
		if data, v, err := b.Load(ctx, fmt.Sprintf("player-%d", p)); err != nil || v != moves || len(data) != 1 || data[0] != moves-1 {
			t.Fatalf("player %d: Load = %v, version %d, %v; want its last move, version %d", p, data, v, err, moves)
		}
	}
	observed.Lock()
	if observed.commits != int(commits) || observed.writes != int(writes) {
		t.Errorf("ObserveCommits saw %d commits of %d writes, want %d of %d", observed.commits, observed.writes, commits, writes)
	}
	observed.Unlock()
	t.Logf("%d writes in %d commits", writes, commits)
}

// The three stores agree, operation for operation, on random sequences of loads and single and
// multi-key compare-and-swaps over a few keys, with versions right, stale or ahead: the memory
// store, the simplest, is the model the other two must follow.
func TestStoresAgree(t *testing.T) {
	ctx := context.Background()
	c := &clock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	b, err := OpenBolt(filepath.Join(t.TempDir(), "m.db"), TTL, c.now)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	named := []struct {
		name string
		s    Store
	}{{"memory", NewMemory(TTL, c.now)}, {"bolt", b}, {"redis", newTestRedis(t)}}
	keys := []string{"a", "b", "c", "d"}
	rng := rand.New(rand.NewPCG(1, 2))
	version := map[string]uint64{} // the model's versions, to aim swaps near them
	steps, applied := 2000, 0
	if testing.Short() {
		steps = 500
	}
	for step := range steps {
		var swaps []Swap
		for _, k := range rng.Perm(len(keys))[:1+rng.IntN(3)] {
			v := version[keys[k]]
			switch rng.IntN(4) {
			case 0:
				v++ // ahead
			case 1:
				if v > 0 {
					v-- // stale
				}
			}
			swaps = append(swaps, Swap{keys[k], v, fmt.Appendf(nil, "%d:%s", step, keys[k])})
		}
		var results []error
		for _, st := range named {
			var err error
			if len(swaps) == 1 && step%2 == 0 {
				err = st.s.CompareAndSwap(ctx, swaps[0].Key, swaps[0].Version, swaps[0].Data)
			} else {
				err = st.s.CompareAndSwapAll(ctx, swaps...)
			}
			if err != nil && !errors.Is(err, ErrConflict) {
				t.Fatalf("step %d, %s: %v", step, st.name, err)
			}
			results = append(results, err)
		}
		if results[0] == nil {
			applied++
		}
		for i := 1; i < len(named); i++ {
			if (results[i] == nil) != (results[0] == nil) {
				t.Fatalf("step %d, %v: %s says %v, %s says %v", step, swaps, named[0].name, results[0], named[i].name, results[i])
			}
		}
		for _, k := range keys {
			want, wantV, _ := named[0].s.Load(ctx, k)
			for _, st := range named[1:] {
				got, gotV, err := st.s.Load(ctx, k)
				if err != nil || string(got) != string(want) || gotV != wantV {
					t.Fatalf("step %d, key %s: %s has %q at %d, %s has %q at %d (%v)", step, k, named[0].name, want, wantV, st.name, got, gotV, err)
				}
			}
			version[k] = wantV
		}
	}
	// Both outcomes must be common, or the sequence tests little.
	if applied < steps/5 || applied > steps*4/5 {
		t.Fatalf("%d of %d writes applied", applied, steps)
	}
}
