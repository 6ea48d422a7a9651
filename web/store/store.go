// Package store keeps players' matches on the server. A match is an opaque blob with a version:
// writers compare and swap on the version, so two requests of one player (two tabs, a double
// click) can never both apply a move to the same position.
package store

import (
	"context"
	"errors"
	"log/slog"
	"time"
)

// ErrConflict is returned by CompareAndSwap and CompareAndSwapAll when an entry's version is
// no longer the one the caller loaded: somebody else saved in between.
var ErrConflict = errors.New("store: version conflict")

// ErrUnavailable wraps the errors of a store that cannot be reached for the moment (Redis
// restarting, unreachable, or answering that it is not ready), as opposed to one that refused
// the operation: the visitor is asked to try again shortly (503), not told that something
// broke. The store's own error stays wrapped beside it, for the log and errors.Is.
var ErrUnavailable = errors.New("store: unavailable")

// Store keeps versioned blobs under string keys.
type Store interface {
	// Load returns the entry's data and version. A missing or expired entry has nil data;
	// the version returned is still the one to pass to CompareAndSwap.
	Load(ctx context.Context, key string) (data []byte, version uint64, err error)
	// CompareAndSwap stores data under key if the entry's version is still oldVersion, and
	// bumps the version by one; otherwise it returns ErrConflict and changes nothing.
	CompareAndSwap(ctx context.Context, key string, oldVersion uint64, data []byte) error
	// CompareAndSwapAll is CompareAndSwap of several entries at once: it stores every swap if
	// every entry still has its version, in one write, or else returns ErrConflict and
	// changes nothing. The keys must differ.
	CompareAndSwapAll(ctx context.Context, swaps ...Swap) error
	// Sweep deletes the entries not written since before, and says how many it deleted.
	Sweep(ctx context.Context, before time.Time) (int, error)
}

// Swap is one entry of a CompareAndSwapAll: Data goes under Key if its version is still
// Version (0 for an entry that does not exist yet).
type Swap struct {
	Key     string
	Version uint64
	Data    []byte
}

// TTL is how long an untouched match is kept: as long as the session cookie lives, so that a
// visitor who comes back within a month finds their match, and no longer.
const TTL = 30 * 24 * time.Hour

// RunJanitor sweeps entries idle for longer than ttl every interval until ctx is done. Load
// already hides expired entries; the janitor only reclaims their space.
func RunJanitor(ctx context.Context, s Store, interval, ttl time.Duration, now func() time.Time, log *slog.Logger) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			n, err := s.Sweep(ctx, now().Add(-ttl))
			if err != nil {
				log.Error("store sweep failed", "err", err)
				continue
			}
			if n > 0 {
				log.Info("store sweep", "deleted", n)
			}
		}
	}
}

// Pinger is a Store that can say whether it is reachable, for the health check.
type Pinger interface {
	Ping(ctx context.Context) error
}

// Ping asks s whether it is reachable; a store without a way to tell (Memory) always is.
func Ping(ctx context.Context, s Store) error {
	if p, ok := s.(Pinger); ok {
		return p.Ping(ctx)
	}
	return nil
}

// Observed wraps s so that every operation reports its name ("load", "cas", "sweep"), duration
// and error to observe, for the operator's latency histograms. Ping passes through.
func Observed(s Store, observe func(op string, d time.Duration, err error)) Store {
	return observed{s, observe}
}

type observed struct {
	s       Store
	observe func(op string, d time.Duration, err error)
}

func (o observed) Load(ctx context.Context, key string) ([]byte, uint64, error) {
	start := time.Now()
	data, v, err := o.s.Load(ctx, key)
	o.observe("load", time.Since(start), err)
	return data, v, err
}

func (o observed) CompareAndSwap(ctx context.Context, key string, oldVersion uint64, data []byte) error {
	start := time.Now()
	err := o.s.CompareAndSwap(ctx, key, oldVersion, data)
	o.observe("cas", time.Since(start), err)
	return err
}

func (o observed) CompareAndSwapAll(ctx context.Context, swaps ...Swap) error {
	start := time.Now()
	err := o.s.CompareAndSwapAll(ctx, swaps...)
	o.observe("cas", time.Since(start), err)
	return err
}

func (o observed) Sweep(ctx context.Context, before time.Time) (int, error) {
	start := time.Now()
	n, err := o.s.Sweep(ctx, before)
	o.observe("sweep", time.Since(start), err)
	return n, err
}

func (o observed) Ping(ctx context.Context) error { return Ping(ctx, o.s) }
