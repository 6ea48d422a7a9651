package store

import (
	"context"
	"sync"
	"time"
)

// Memory is a Store in a map, for tests and for running without a data directory.
type Memory struct {
	mu      sync.Mutex
	now     func() time.Time
	ttl     time.Duration
	entries map[string]memEntry
}

type memEntry struct {
	data    []byte
	version uint64
	written time.Time
}

// NewMemory returns an empty in-memory store whose entries expire ttl after their last write,
// reading the time from now.
func NewMemory(ttl time.Duration, now func() time.Time) *Memory {
	return &Memory{now: now, ttl: ttl, entries: map[string]memEntry{}}
}

// Load implements Store.
func (m *Memory) Load(_ context.Context, key string) ([]byte, uint64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e, ok := m.entries[key]
	if !ok {
		return nil, 0, nil
	}
	if m.now().Sub(e.written) > m.ttl {
		return nil, e.version, nil
	}
	return append([]byte(nil), e.data...), e.version, nil
}

// CompareAndSwap implements Store.
func (m *Memory) CompareAndSwap(ctx context.Context, key string, oldVersion uint64, data []byte) error {
	return m.CompareAndSwapAll(ctx, Swap{key, oldVersion, data})
}

// CompareAndSwapAll implements Store.
func (m *Memory) CompareAndSwapAll(_ context.Context, swaps ...Swap) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, sw := range swaps {
		if m.entries[sw.Key].version != sw.Version {
			return ErrConflict
		}
	}
	for _, sw := range swaps {
		m.entries[sw.Key] = memEntry{data: append([]byte(nil), sw.Data...), version: sw.Version + 1, written: m.now()}
	}
	return nil
}

// Sweep implements Store.
func (m *Memory) Sweep(_ context.Context, before time.Time) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := 0
	for k, e := range m.entries {
		if e.written.Before(before) {
			delete(m.entries, k)
			n++
		}
	}
	return n, nil
}
