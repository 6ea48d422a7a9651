package live

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// DefaultPrefix starts the Redis channel of every table, as the store's keys start with
// "cardavia:". Pub/Sub channels belong to the whole server, not to a database number: two
// sites on one Redis, in different databases, need different prefixes.
const DefaultPrefix = "cardavia:live:"

// quietLimit is how long the Pub/Sub connection may stay silent before it is pinged; a
// connection silent for two of them is taken for dead (a peer gone without a reset) and
// replaced. Redis's answer to the ping is the only traffic a quiet site has.
const quietLimit = 15 * time.Second

// retryLimit caps the wait between attempts to reach Redis again.
const retryLimit = 2 * time.Second

// Redis is a Hub shared by every process on one Redis. An announcement is a PUBLISH on the
// table's channel (prefix + table, the move number in decimal). Each process keeps one Pub/Sub
// connection, PSUBSCRIBEd to every table's channel, and hands what arrives to its own
// subscribers.
//
// One pattern rather than a SUBSCRIBE per table: a subscription is live the moment Subscribe
// returns, with no round trip to Redis, so a move made between a subscriber's Subscribe and
// its read of the store cannot slip by unannounced (with SUBSCRIBE it could, until Redis
// confirmed, and Subscribe would need a context and an error). The price is that every process
// hears every table's moves: a few dozen bytes a move, which a handful of processes reading a
// few hundred moves a second do not notice. Nothing has to be kept in step with Redis either:
// a reconnection subscribes one pattern again.
type Redis struct {
	f       *fanout
	client  *redis.Client
	owned   bool // Close closes client (DialRedis made it)
	prefix  string
	pattern string
	quiet   time.Duration // quietLimit, shorter in tests

	ctx    context.Context
	cancel context.CancelFunc
	done   chan struct{}

	mu     sync.Mutex // guards ps, which the loop replaces and Close closes
	ps     *redis.PubSub
	closed bool
	once   sync.Once
}

// NewRedis returns a hub on client's Redis. It returns when Redis has confirmed the
// subscription, so that no announcement published afterwards is missed. client stays the
// caller's: Close leaves it open.
func NewRedis(ctx context.Context, client *redis.Client, prefix string) (*Redis, error) {
	return newRedis(ctx, client, prefix, quietLimit)
}

// newRedis is NewRedis with the quiet limit as a parameter, for tests.
func newRedis(ctx context.Context, client *redis.Client, prefix string, quiet time.Duration) (*Redis, error) {
	h := &Redis{
		quiet:   quiet,
		f:       newFanout(),
		client:  client,
		prefix:  prefix,
		pattern: globEscape(prefix) + "*",
		done:    make(chan struct{}),
	}
	ps, err := h.subscribe(ctx)
	if err != nil {
		return nil, err
	}
	h.ps = ps
	h.ctx, h.cancel = context.WithCancel(context.Background())
	go h.run()
	return h, nil
}

// DialRedis connects to the Redis at url ("redis://host:port/db", as cardavia's -redis-url)
// and returns a hub that owns the connection: Close closes it. Its connections are named
// cardavia-live in CLIENT LIST unless the URL names them.
func DialRedis(ctx context.Context, url, prefix string) (*Redis, error) {
	opt, err := redis.ParseURL(url)
	if err != nil {
		return nil, fmt.Errorf("live: redis url: %w", err)
	}
	if opt.ClientName == "" {
		opt.ClientName = "cardavia-live"
	}
	client := redis.NewClient(opt)
	h, err := NewRedis(ctx, client, prefix)
	if err != nil {
		client.Close()
		return nil, err
	}
	h.owned = true
	return h, nil
}

// subscribe opens a Pub/Sub connection on the pattern and waits for Redis's confirmation.
func (h *Redis) subscribe(ctx context.Context) (*redis.PubSub, error) {
	ps := h.client.PSubscribe(ctx, h.pattern)
	if err := h.confirm(ctx, ps); err != nil {
		ps.Close()
		return nil, err
	}
	return ps, nil
}

// confirm waits for Redis to confirm ps's subscription.
func (h *Redis) confirm(ctx context.Context, ps *redis.PubSub) error {
	wait := h.quiet
	if d, ok := ctx.Deadline(); ok {
		wait = time.Until(d)
	}
	msg, err := ps.ReceiveTimeout(ctx, wait)
	if err == nil {
		if sub, ok := msg.(*redis.Subscription); !ok || sub.Kind != "psubscribe" {
			err = fmt.Errorf("unexpected first message %T", msg)
		}
	}
	if err != nil {
		return fmt.Errorf("live: redis psubscribe %s: %w", h.pattern, err)
	}
	return nil
}

// run receives until Close. go-redis reconnects a Pub/Sub whose connection failed and
// subscribes it again; Redis's confirmation of that new subscription is when announcements
// may have been missed, so every subscriber is told to resync. A connection that went
// silent is replaced here, since a write to a vanished peer may succeed for minutes.
func (h *Redis) run() {
	defer close(h.done)
	ps := h.ps
	quiet, failures := 0, 0
	for {
		msg, err := ps.ReceiveTimeout(h.ctx, h.quiet)
		if h.ctx.Err() != nil {
			return
		}
		switch {
		case err == nil:
			quiet, failures = 0, 0
			h.handle(msg)
		case isTimeout(err) && quiet == 0:
			quiet++
			_ = ps.Ping(h.ctx) // its answer arrives through ReceiveTimeout
		case isTimeout(err):
			if ps = h.replace(ps); ps == nil {
				return
			}
			quiet = 0
			h.f.resync()
		default:
			// The next ReceiveTimeout dials again; wait a little longer each time while
			// Redis stays away.
			failures++
			if !h.sleep(min(time.Duration(failures)*100*time.Millisecond, retryLimit)) {
				return
			}
		}
	}
}

func (h *Redis) handle(msg any) {
	switch m := msg.(type) {
	case *redis.Subscription:
		if m.Kind == "psubscribe" {
			h.f.resync()
		}
	case *redis.Message:
		table, ok := strings.CutPrefix(m.Channel, h.prefix)
		if !ok {
			return
		}
		move, err := strconv.ParseUint(m.Payload, 10, 64)
		if err != nil {
			move = Resync // not ours to understand, but a wake costs only a read
		}
		h.f.deliver(table, move)
	}
}

// replace closes ps and subscribes again, until it works or the hub is closed (nil). The
// new Pub/Sub is h.ps before its confirmation is awaited, so that Close can interrupt the
// wait by closing it.
func (h *Redis) replace(ps *redis.PubSub) *redis.PubSub {
	ps.Close()
	for failures := 1; ; failures++ {
		h.mu.Lock()
		if h.closed {
			h.mu.Unlock()
			return nil
		}
		next := h.client.PSubscribe(h.ctx, h.pattern)
		h.ps = next
		h.mu.Unlock()
		if err := h.confirm(h.ctx, next); err == nil {
			return next
		}
		next.Close()
		if !h.sleep(min(time.Duration(failures)*100*time.Millisecond, retryLimit)) {
			return nil
		}
	}
}

// sleep waits d, or less if the hub is closed meanwhile (then false).
func (h *Redis) sleep(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-h.ctx.Done():
		return false
	}
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// Announce implements Hub. When Redis cannot be reached, this process's own subscribers are
// still told (the other processes' will resync when their connection comes back, if it was
// theirs that broke) and the error is returned.
func (h *Redis) Announce(ctx context.Context, table string, move uint64) error {
	if h.f.isClosed() {
		return ErrClosed
	}
	h.f.announced.Add(1)
	err := h.client.Publish(ctx, h.prefix+table, strconv.FormatUint(move, 10)).Err()
	if err != nil {
		h.f.failed.Add(1)
		h.f.deliver(table, move)
		return fmt.Errorf("live: redis publish: %w", err)
	}
	return nil
}

// Subscribe implements Hub.
func (h *Redis) Subscribe(table string) *Subscription { return h.f.subscribe(table) }

// Subscribers implements Hub.
func (h *Redis) Subscribers() int { return h.f.subscribers() }

// Stats implements Hub.
func (h *Redis) Stats() Stats { return h.f.stats() }

// Close implements Hub: it closes every subscription, the Pub/Sub connection and, for a hub
// from DialRedis, the client; it returns when the receiving goroutine has ended.
func (h *Redis) Close() error {
	var err error
	h.once.Do(func() {
		h.f.close()
		h.cancel()
		h.mu.Lock()
		h.closed = true
		h.ps.Close() // unblocks a ReceiveTimeout in progress
		h.mu.Unlock()
		<-h.done
		if h.owned {
			err = h.client.Close()
		}
	})
	return err
}

// globEscape quotes the characters PSUBSCRIBE's glob gives a meaning to, so that the pattern
// matches prefix literally.
func globEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '*', '?', '[', ']', '\\':
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
