package store

import (
	"context"
	"encoding/binary"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// matchesBucket holds every entry: key → header (version, write time) + data.
var matchesBucket = []byte("matches")

// headerSize is the fixed prefix of a stored value: 8 bytes version, 8 bytes write time in
// Unix nanoseconds, both big-endian.
const headerSize = 16

// Bolt is a Store in a bbolt file: one process per data directory (bbolt holds a file lock).
// Concurrent compare-and-swaps are committed together in one fsync'd transaction (bbolt's
// Batch, a group commit): each caller returns only after the transaction holding its write is
// on disk, so an acknowledged move survives a crash, while a crowd of players costs one fsync
// per batch instead of one per move.
type Bolt struct {
	db  *bolt.DB
	now func() time.Time
	ttl time.Duration
}

// OpenBolt opens (or creates) the database file at path. It gives up after a few seconds when
// another process holds the file, instead of hanging at start-up.
func OpenBolt(path string, ttl time.Duration, now func() time.Time) (*Bolt, error) {
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: 3 * time.Second})
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	// A short wait gathers the writes that arrive while the previous batch is being synced;
	// bbolt's default of 10 ms would add that much to every lone move.
	db.MaxBatchDelay = 2 * time.Millisecond
	err = db.Update(func(tx *bolt.Tx) error {
		_, err := tx.CreateBucketIfNotExists(matchesBucket)
		return err
	})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("store: init %s: %w", path, err)
	}
	return &Bolt{db: db, now: now, ttl: ttl}, nil
}

// Close closes the database file.
func (b *Bolt) Close() error { return b.db.Close() }

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

// CompareAndSwap implements Store. The function given to Batch may run more than once (bbolt
// re-runs a batch without a failing member); it reads the version afresh each time, so a
// re-run decides again instead of writing blindly.
func (b *Bolt) CompareAndSwap(_ context.Context, key string, oldVersion uint64, data []byte) error {
	return b.db.Batch(b.casTx(key, oldVersion, data))
}

// casTx is one compare-and-swap as a transaction body.
func (b *Bolt) casTx(key string, oldVersion uint64, data []byte) func(*bolt.Tx) error {
	written := uint64(b.now().UnixNano())
	return func(tx *bolt.Tx) error {
		bk := tx.Bucket(matchesBucket)
		var current uint64
		if v := bk.Get([]byte(key)); v != nil {
			if ver, _, _, ok := decodeValue(v); ok {
				current = ver
			}
		}
		if current != oldVersion {
			return ErrConflict
		}
		v := make([]byte, headerSize+len(data))
		binary.BigEndian.PutUint64(v[0:8], oldVersion+1)
		binary.BigEndian.PutUint64(v[8:16], written)
		copy(v[headerSize:], data)
		return bk.Put([]byte(key), v)
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
