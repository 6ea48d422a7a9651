package store

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	bolt "go.etcd.io/bbolt"
)

// matchesBucket holds every entry: key → header (version, write time) + data.
var matchesBucket = []byte("matches")

// headerSize is the fixed prefix of a stored value: 8 bytes version, 8 bytes write time in
// Unix nanoseconds, both big-endian.
const headerSize = 16

// Bolt is a Store in a bbolt file: one process per data directory (bbolt holds a file lock).
//
// Writes go through a group commit: one goroutine commits, and every compare-and-swap that
// arrives while a commit is being synced joins the next one. Each caller returns only after
// the transaction holding its write is on disk, so an acknowledged move survives a crash,
// while a crowd of players costs one fsync per group instead of one per move. A lone write
// waits for nobody; while others write too, the committer waits up to groupLinger for more to
// join, since a commit's two syncs cost far more than a write's pages. (bbolt's own Batch
// gathers only what arrives within a fixed delay, so at a few dozen writes a second its
// batches hold one write each and queue behind each other.)
type Bolt struct {
	db  *bolt.DB
	now func() time.Time
	ttl time.Duration

	mu     sync.RWMutex // guards closed against sends on queue
	closed bool
	queue  chan casRequest
	done   chan struct{} // closed when the committer has finished

	commits, lingers atomic.Int64 // transactions committed, and the ones that waited (tests)
	observe          atomic.Pointer[func(writes int, d time.Duration)]
}

// ObserveCommits has f told of every group commit: how many writes it held and how long
// bbolt took to write and sync it. A move waits for its commit, so when the disk stalls,
// this is where it shows (the operator's cardavia_store_commit_seconds).
func (b *Bolt) ObserveCommits(f func(writes int, d time.Duration)) { b.observe.Store(&f) }

// casRequest is one compare-and-swap waiting for the committer.
type casRequest struct {
	apply  func(*bolt.Tx) error
	result chan error
}

// maxGroup bounds one commit, so a huge crowd makes several moderate transactions.
const maxGroup = 512

// groupLinger is how long a commit waits for more writes when the writes come from several
// players at once. Under 500 virtual players (about 1,000 writes a second) a commit held 1.5
// writes without it, and 3 to 4 with 2 ms: commits fell from about 720 to 280-400 a second and
// the POST p99 from 31-50 ms to 22-27 ms, the median rising by about 1 ms (commit 8fd9b9b has
// the runs).
const groupLinger = 2 * time.Millisecond

// ErrClosed is returned by a write after Close.
var ErrClosed = errors.New("store: closed")

// OpenBolt opens (or creates) the database file at path. It gives up after a few seconds when
// another process holds the file, instead of hanging at start-up.
//
// Under a crowd, three of bbolt's defaults cost the tail (commit fa4ad20 has the runs):
//   - the file's map grows by remapping, which waits for every open read and holds up every
//     new one; a map reserved at 1 GiB up front (address space, not memory or disk) never
//     remaps until the file is that large;
//   - the free-page list is written with every commit; unsynced, it is rebuilt from the
//     pages on open instead, and nothing a commit acknowledges depends on it;
//   - the hash-map free list finds free pages without scanning an array.
func OpenBolt(path string, ttl time.Duration, now func() time.Time) (*Bolt, error) {
	db, err := bolt.Open(path, 0o600, &bolt.Options{
		Timeout:         3 * time.Second,
		InitialMmapSize: 1 << 30,
		NoFreelistSync:  true,
		FreelistType:    bolt.FreelistMapType,
	})
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		_, err := tx.CreateBucketIfNotExists(matchesBucket)
		return err
	})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("store: init %s: %w", path, err)
	}
	b := &Bolt{db: db, now: now, ttl: ttl, queue: make(chan casRequest, maxGroup), done: make(chan struct{})}
	go b.commit()
	return b, nil
}

// Close lets the writes already queued commit, then closes the database file.
func (b *Bolt) Close() error {
	b.mu.Lock()
	if !b.closed {
		b.closed = true
		close(b.queue)
	}
	b.mu.Unlock()
	<-b.done
	return b.db.Close()
}

// commit is the committer: it takes every write waiting, applies them in order in one
// transaction (a refused compare-and-swap writes nothing and does not stop the others; a later
// write to the same key sees the earlier one's version), syncs it, and only then answers each.
func (b *Bolt) commit() {
	defer close(b.done)
	group := make([]casRequest, 0, maxGroup)
	results := make([]error, 0, maxGroup)
	linger := time.NewTimer(time.Hour)
	linger.Stop()
	prev := 0 // the last group's size: more than one means others are writing
	for first := range b.queue {
		group = append(group[:0], first)
	gather:
		for len(group) < maxGroup {
			select {
			case r, ok := <-b.queue:
				if !ok {
					break gather
				}
				group = append(group, r)
			default:
				break gather
			}
		}
		if (prev > 1 || len(group) > 1) && len(group) < maxGroup {
			b.lingers.Add(1)
			linger.Reset(groupLinger)
		wait:
			for len(group) < maxGroup {
				select {
				case r, ok := <-b.queue:
					if !ok {
						break wait
					}
					group = append(group, r)
				case <-linger.C:
					break wait
				}
			}
			linger.Stop()
		}
		prev = len(group)
		results = results[:0]
		b.commits.Add(1)
		start := time.Now()
		err := b.db.Update(func(tx *bolt.Tx) error {
			for _, r := range group {
				err := r.apply(tx)
				if err != nil && !errors.Is(err, ErrConflict) {
					return err // a real failure: nothing of the group is written
				}
				results = append(results, err)
			}
			return nil
		})
		if f := b.observe.Load(); f != nil {
			(*f)(len(group), time.Since(start))
		}
		for i, r := range group {
			if err != nil {
				r.result <- err
			} else {
				r.result <- results[i]
			}
		}
	}
}

func decodeValue(v []byte) (version uint64, written time.Time, data []byte, ok bool) {
	if len(v) < headerSize {
		return 0, time.Time{}, nil, false
	}
	version = binary.BigEndian.Uint64(v[0:8])
	written = time.Unix(0, int64(binary.BigEndian.Uint64(v[8:16])))
	return version, written, v[headerSize:], true
}

// Load implements Store.
func (b *Bolt) Load(_ context.Context, key string) (data []byte, version uint64, err error) {
	err = b.db.View(func(tx *bolt.Tx) error {
		v := tx.Bucket(matchesBucket).Get([]byte(key))
		if v == nil {
			return nil
		}
		ver, written, d, ok := decodeValue(v)
		if !ok {
			// A damaged entry is no match at all: its visitor starts afresh (CompareAndSwap
			// from version 0 replaces it) instead of meeting an error on every visit.
			return nil
		}
		version = ver
		if b.now().Sub(written) <= b.ttl {
			// Bolt's memory is only valid inside the transaction.
			data = append([]byte(nil), d...)
		}
		return nil
	})
	return data, version, err
}

// Ping implements Pinger: a read transaction fails once the database is closed.
func (b *Bolt) Ping(context.Context) error {
	return b.db.View(func(*bolt.Tx) error { return nil })
}

// CompareAndSwap implements Store.
func (b *Bolt) CompareAndSwap(ctx context.Context, key string, oldVersion uint64, data []byte) error {
	return b.CompareAndSwapAll(ctx, Swap{key, oldVersion, data})
}

// CompareAndSwapAll implements Store: its swaps are one write of a group commit.
func (b *Bolt) CompareAndSwapAll(_ context.Context, swaps ...Swap) error {
	r := casRequest{apply: b.casTx(swaps), result: make(chan error, 1)}
	b.mu.RLock()
	if b.closed {
		b.mu.RUnlock()
		return ErrClosed
	}
	b.queue <- r
	b.mu.RUnlock()
	// Once queued, the write is waited for even if the request gives up: the caller must
	// learn whether the move is on disk before it answers.
	return <-r.result
}

// casTx is one write's compare-and-swaps as a transaction body: every version is checked
// before anything is put, so that a refused write puts nothing.
func (b *Bolt) casTx(swaps []Swap) func(*bolt.Tx) error {
	written := uint64(b.now().UnixNano())
	return func(tx *bolt.Tx) error {
		bk := tx.Bucket(matchesBucket)
		for _, sw := range swaps {
			var current uint64
			if v := bk.Get([]byte(sw.Key)); v != nil {
				if ver, _, _, ok := decodeValue(v); ok {
					current = ver
				}
			}
			if current != sw.Version {
				return ErrConflict
			}
		}
		for _, sw := range swaps {
			v := make([]byte, headerSize+len(sw.Data))
			binary.BigEndian.PutUint64(v[0:8], sw.Version+1)
			binary.BigEndian.PutUint64(v[8:16], written)
			copy(v[headerSize:], sw.Data)
			if err := bk.Put([]byte(sw.Key), v); err != nil {
				return err
			}
		}
		return nil
	}
}

// Sweep implements Store.
func (b *Bolt) Sweep(_ context.Context, before time.Time) (int, error) {
	n := 0
	err := b.db.Update(func(tx *bolt.Tx) error {
		bk := tx.Bucket(matchesBucket)
		// Collect first: deleting while iterating a bolt cursor skips items.
		var old [][]byte
		err := bk.ForEach(func(k, v []byte) error {
			if _, written, _, ok := decodeValue(v); !ok || written.Before(before) {
				old = append(old, append([]byte(nil), k...))
			}
			return nil
		})
		if err != nil {
			return err
		}
		for _, k := range old {
			if err := bk.Delete(k); err != nil {
				return err
			}
		}
		n = len(old)
		return nil
	})
	return n, err
}
