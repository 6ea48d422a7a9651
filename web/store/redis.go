package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

// Redis is a Store in a Redis database, shared by every cardavia process pointed at it: a
// match begun through one process continues through any other. Each entry is a hash (v: the
// version, d: the data) that Redis itself expires TTL after its last write.
type Redis struct {
	client *redis.Client
	prefix string
	ttl    time.Duration
}

// casScript is the compare-and-swap of KEYS, their old and new versions and data in ARGV
// after the expiry in milliseconds (ARGV[1]; then for key i: 3i-1, 3i and 3i+1). Redis runs a
// script atomically, so no other process's write can fall between the version checks and the
// writes. A missing key is version 0.
var casScript = redis.NewScript(`
for i, key in ipairs(KEYS) do
  local cur = redis.call('HGET', key, 'v')
  if not cur then cur = '0' end
  if cur ~= ARGV[3*i-1] then return 0 end
end
for i, key in ipairs(KEYS) do
  redis.call('HSET', key, 'v', ARGV[3*i], 'd', ARGV[3*i+1])
  redis.call('PEXPIRE', key, ARGV[1])
end
return 1
`)

// OpenRedis connects to the Redis at url ("redis://host:port/db") and checks that it answers.
// Keys are kept under "cardavia:" so the database may be shared with other programs.
func OpenRedis(ctx context.Context, url string, ttl time.Duration) (*Redis, error) {
	opt, err := redis.ParseURL(url)
	if err != nil {
		return nil, fmt.Errorf("store: redis url: %w", err)
	}
	// Many players move at once; the default pool (10 per CPU) would make them queue.
	opt.PoolSize = max(opt.PoolSize, 64)
	// A player waiting on a Redis that is gone should see "Back in a moment" at once, not after
	// go-redis's defaults (three retries of five dials each: 1.7–3.4 s when refused, far longer
	// when the host does not answer). One retry still covers a connection the pool kept from
	// before a restart. Options given in the URL win.
	if opt.MaxRetries == 0 {
		opt.MaxRetries = 1
	}
	if opt.MaxRetryBackoff == 0 {
		opt.MaxRetryBackoff = 50 * time.Millisecond
	}
	if opt.DialerRetries == 0 {
		opt.DialerRetries = 2
	}
	if opt.DialerRetryTimeout == 0 {
		opt.DialerRetryTimeout = 25 * time.Millisecond
	}
	if opt.DialTimeout == 0 {
		opt.DialTimeout = time.Second
	}
	r := &Redis{client: redis.NewClient(opt), prefix: "cardavia:", ttl: ttl}
	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := r.Ping(pingCtx); err != nil {
		r.client.Close()
		return nil, fmt.Errorf("store: redis %s: %w", opt.Addr, err)
	}
	return r, nil
}

// Close closes the connections.
func (r *Redis) Close() error { return r.client.Close() }

// Ping implements Pinger.
func (r *Redis) Ping(ctx context.Context) error { return r.client.Ping(ctx).Err() }

// Load implements Store.
func (r *Redis) Load(ctx context.Context, key string) ([]byte, uint64, error) {
	vals, err := r.client.HMGet(ctx, r.prefix+key, "v", "d").Result()
	if err != nil {
		return nil, 0, failed("load", err)
	}
	vs, _ := vals[0].(string)
	if vs == "" {
		return nil, 0, nil // missing or expired: Redis has forgotten its version too
	}
	version, err := strconv.ParseUint(vs, 10, 64)
	if err != nil {
		// A damaged entry is no match at all (as in Bolt): its version is kept so that a
		// fresh one can replace it.
		return nil, 0, nil
	}
	d, _ := vals[1].(string)
	return []byte(d), version, nil
}

// CompareAndSwap implements Store.
func (r *Redis) CompareAndSwap(ctx context.Context, key string, oldVersion uint64, data []byte) error {
	return r.CompareAndSwapAll(ctx, Swap{key, oldVersion, data})
}

// CompareAndSwapAll implements Store.
func (r *Redis) CompareAndSwapAll(ctx context.Context, swaps ...Swap) error {
	keys := make([]string, len(swaps))
	args := make([]any, 1, 1+3*len(swaps))
	args[0] = r.ttl.Milliseconds()
	for i, sw := range swaps {
		keys[i] = r.prefix + sw.Key
		args = append(args, strconv.FormatUint(sw.Version, 10), strconv.FormatUint(sw.Version+1, 10), sw.Data)
	}
	ok, err := casScript.Run(ctx, r.client, keys, args...).Int()
	if err != nil {
		return failed("compare-and-swap", err)
	}
	if ok != 1 {
		return ErrConflict
	}
	return nil
}

// failed is the error of operation op that Redis did not carry out: ErrUnavailable beside
// err when it is Redis's absence (no connection, a timeout, the pool exhausted, a closed
// client) or a reply that it is not ready yet (loading its data, busy with a script, a replica
// that cannot take writes, out of memory), not an answer that the command itself was wrong.
func failed(op string, err error) error {
	if unreachable(err) || redis.IsLoadingError(err) || redis.IsReadOnlyError(err) ||
		redis.IsMasterDownError(err) || redis.IsTryAgainError(err) || redis.IsClusterDownError(err) ||
		redis.IsMaxClientsError(err) || redis.IsOOMError(err) || redis.HasErrorPrefix(err, "BUSY") {
		if !errors.Is(err, context.Canceled) {
			return fmt.Errorf("store: redis %s: %w: %w", op, ErrUnavailable, err)
		}
	}
	return fmt.Errorf("store: redis %s: %w", op, err)
}

// unreachable tells an error of Redis's absence: the network (refused, reset, a timeout), a
// connection cut mid-reply, the pool exhausted, a closed client. Anything else, a reply of
// the wrong type included, is a fault to log, not a moment to wait.
func unreachable(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, redis.ErrClosed) || errors.Is(err, redis.ErrPoolTimeout) || errors.Is(err, context.DeadlineExceeded)
}

// Sweep implements Store. Redis expires entries itself, so there is nothing to do.
func (r *Redis) Sweep(context.Context, time.Time) (int, error) { return 0, nil }

// SessionSecret returns the site's session secret kept in Redis, generating it on the very
// first start. SET NX decides a race between two processes starting at once: exactly one
// secret is stored, and both read it back. It never expires; to rotate, give
// CARDAVIA_SESSION_KEYS instead.
func (r *Redis) SessionSecret(ctx context.Context) ([]byte, error) {
	key := r.prefix + "session-secret"
	fresh := make([]byte, 32)
	if _, err := rand.Read(fresh); err != nil {
		return nil, err
	}
	if err := r.client.SetNX(ctx, key, hex.EncodeToString(fresh), 0).Err(); err != nil {
		return nil, fmt.Errorf("store: redis session secret: %w", err)
	}
	s, err := r.client.Get(ctx, key).Result()
	if err != nil {
		return nil, fmt.Errorf("store: redis session secret: %w", err)
	}
	secret, err := hex.DecodeString(s)
	if err != nil || len(secret) < 32 {
		return nil, errors.New("store: the session secret kept in redis is damaged")
	}
	return secret, nil
}
