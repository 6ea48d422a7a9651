package live

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
)

// Resync is the value a subscriber receives when announcements may have been lost (the hub's
// connection to Redis dropped and came back): the move number is unknown, read the store.
// Real move numbers count a table's writes, so they start at 1.
const Resync uint64 = 0

// ErrClosed is returned by Announce on a hub that has been closed.
var ErrClosed = errors.New("live: hub closed")

// Hub announces tables' new move numbers and wakes their subscribers.
type Hub interface {
	// Announce tells every subscriber of table, in every process, that its move number is
	// now move. It never waits for a subscriber. A table's move numbers must grow with each
	// of its writes (the store's version of the table's entry does), so that of two unread
	// announcements, which may arrive out of order, the higher is the newer.
	Announce(ctx context.Context, table string, move uint64) error
	// Subscribe returns a subscription to table's announcements; Close it when done. The
	// subscription is live when Subscribe returns: read the table after subscribing, not
	// before, and no move in between goes unannounced.
	Subscribe(table string) *Subscription
	// Subscribers is the number of open subscriptions in this process, for limits on live
	// connections.
	Subscribers() int
	// Stats is what the hub has done in this process, for metrics.
	Stats() Stats
	// Close closes every subscription (their channels close) and releases the hub's
	// resources. It may be called more than once.
	Close() error
}

// Stats counts a hub's work in one process since it was made.
type Stats struct {
	Subscribers int // open subscriptions
	Tables      int // tables with at least one
	// Announced counts announcements made through the hub; Failed those of them that Redis
	// did not take (this process's subscribers were told all the same).
	Announced, Failed uint64
	// Coalesced counts values replaced before their subscriber read them: a reader slower
	// than the moves, or one that stopped reading.
	Coalesced uint64
	// Resyncs counts the times every subscriber was told to resync: the Redis connection
	// came back, or was replaced.
	Resyncs uint64
}

// Subscription receives one table's announcements.
type Subscription struct {
	table string
	hub   *fanout
	ch    chan uint64

	// mu makes each delivery's take-then-put of the one buffered value atomic, and orders
	// deliveries against close(ch).
	mu     sync.Mutex
	closed bool
}

// C delivers the table's newest move number since the last receive (Resync when it is
// unknown). It holds at most one value: several announcements before a receive arrive as
// the highest one. It is closed when the subscription or its hub is closed.
func (s *Subscription) C() <-chan uint64 { return s.ch }

// Table is the table the subscription follows.
func (s *Subscription) Table() string { return s.table }

// Close ends the subscription and closes its channel. It may be called more than once.
func (s *Subscription) Close() {
	s.hub.remove(s)
	s.shut()
}

// offer puts move in the channel, merged with an unread value. A Resync in either stays a
// Resync: a reader told only the higher number might skip a read that the lost
// announcements needed.
func (s *Subscription) offer(move uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return
	}
	select {
	case old := <-s.ch:
		s.hub.coalesced.Add(1)
		if old == Resync || move == Resync {
			move = Resync
		} else {
			move = max(old, move)
		}
	default:
	}
	// Only offer sends, under mu, and the buffer was just emptied: this never blocks.
	s.ch <- move
}

func (s *Subscription) shut() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.closed {
		s.closed = true
		close(s.ch)
	}
}

// fanout is the subscribers of one process by table, shared by both hubs.
type fanout struct {
	mu     sync.RWMutex
	tables map[string]map[*Subscription]struct{}
	count  int
	closed bool

	announced, failed, coalesced, resyncs atomic.Uint64
}

func newFanout() *fanout {
	return &fanout{tables: make(map[string]map[*Subscription]struct{})}
}

func (f *fanout) subscribe(table string) *Subscription {
	s := &Subscription{table: table, hub: f, ch: make(chan uint64, 1)}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		s.closed = true
		close(s.ch)
		return s
	}
	subs := f.tables[table]
	if subs == nil {
		subs = make(map[*Subscription]struct{})
		f.tables[table] = subs
	}
	subs[s] = struct{}{}
	f.count++
	return s
}

func (f *fanout) remove(s *Subscription) {
	f.mu.Lock()
	defer f.mu.Unlock()
	subs := f.tables[s.table]
	if _, ok := subs[s]; !ok {
		return
	}
	delete(subs, s)
	f.count--
	if len(subs) == 0 {
		delete(f.tables, s.table) // a finished table leaves nothing behind
	}
}

// deliver offers move to table's subscribers. Offers never block, so holding the read lock
// through them costs each subscriber a mutex, not a wait on its reader.
func (f *fanout) deliver(table string, move uint64) {
	f.mu.RLock()
	defer f.mu.RUnlock()
	for s := range f.tables[table] {
		s.offer(move)
	}
}

// resync wakes every subscriber of every table with Resync.
func (f *fanout) resync() {
	f.resyncs.Add(1)
	f.mu.RLock()
	defer f.mu.RUnlock()
	for _, subs := range f.tables {
		for s := range subs {
			s.offer(Resync)
		}
	}
}

func (f *fanout) subscribers() int {
	f.mu.RLock()
	defer f.mu.RUnlock()
	return f.count
}

func (f *fanout) stats() Stats {
	f.mu.RLock()
	st := Stats{Subscribers: f.count, Tables: len(f.tables)}
	f.mu.RUnlock()
	// Failed first: every failure was counted as announced before, so Failed never
	// exceeds Announced.
	st.Failed = f.failed.Load()
	st.Announced = f.announced.Load()
	st.Coalesced = f.coalesced.Load()
	st.Resyncs = f.resyncs.Load()
	return st
}

func (f *fanout) isClosed() bool {
	f.mu.RLock()
	defer f.mu.RUnlock()
	return f.closed
}

// close shuts every subscription. A subscriber's own Close afterwards finds it gone.
func (f *fanout) close() {
	f.mu.Lock()
	tables := f.tables
	f.tables = make(map[string]map[*Subscription]struct{})
	f.count = 0
	f.closed = true
	f.mu.Unlock()
	for _, subs := range tables {
		for s := range subs {
			s.shut()
		}
	}
}

var (
	_ Hub = (*Local)(nil)
	_ Hub = (*Redis)(nil)
)

// Local is a Hub within one process.
type Local struct{ f *fanout }

// NewLocal returns a hub whose announcements reach this process's subscribers only: enough
// for the embedded and memory stores, which no other process shares.
func NewLocal() *Local { return &Local{f: newFanout()} }

// Announce implements Hub.
func (l *Local) Announce(_ context.Context, table string, move uint64) error {
	if l.f.isClosed() {
		return ErrClosed
	}
	l.f.announced.Add(1)
	l.f.deliver(table, move)
	return nil
}

// Subscribe implements Hub.
func (l *Local) Subscribe(table string) *Subscription { return l.f.subscribe(table) }

// Subscribers implements Hub.
func (l *Local) Subscribers() int { return l.f.subscribers() }

// Stats implements Hub.
func (l *Local) Stats() Stats { return l.f.stats() }

// Close implements Hub.
func (l *Local) Close() error {
	l.f.close()
	return nil
}
