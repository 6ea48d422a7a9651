package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io"
	"net"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
)

// redisURLEnv names a real Redis for the integration runs (scripts/test.sh starts one and sets
// it); without it the Redis tests run against miniredis.
const redisURLEnv = "CARDAVIA_TEST_REDIS_URL"

// newTestRedis opens a Redis store for one test: on the real server when redisURLEnv is set
// (under a prefix of its own, so tests never see each other's keys), else on a fresh
// miniredis.
func newTestRedis(t *testing.T) *Redis {
	t.Helper()
	url := os.Getenv(redisURLEnv)
	if url == "" {
		url = "redis://" + miniredis.RunT(t).Addr()
	}
	r, err := OpenRedis(context.Background(), url, TTL)
	if err != nil {
		t.Fatal(err)
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	r.prefix = "cardavia-test-" + hex.EncodeToString(b[:]) + ":"
	t.Cleanup(func() { r.Close() })
	return r
}

// miniRedis is a store on a miniredis of its own (closed with the test), which the test may
// stop and start again.
func miniRedis(t *testing.T, ttl time.Duration) (*miniredis.Miniredis, *Redis) {
	t.Helper()
	mr := miniredis.RunT(t)
	r, err := OpenRedis(context.Background(), "redis://"+mr.Addr(), ttl)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return mr, r
}

func TestRedisExpiry(t *testing.T) {
	mr, r := miniRedis(t, time.Hour)
	ctx := context.Background()
	if err := r.CompareAndSwap(ctx, "k", 0, []byte("x")); err != nil {
		t.Fatal(err)
	}
	mr.FastForward(59 * time.Minute)
	if err := r.CompareAndSwap(ctx, "k", 1, []byte("y")); err != nil {
		t.Fatal(err)
	}
	// The write renewed the TTL: an hour from the second write, not the first.
	mr.FastForward(59 * time.Minute)
	if data, v, _ := r.Load(ctx, "k"); string(data) != "y" || v != 2 {
		t.Fatalf("entry gone before its time: %q, %d", data, v)
	}
	mr.FastForward(2 * time.Minute)
	data, v, err := r.Load(ctx, "k")
	if err != nil || data != nil || v != 0 {
		t.Fatalf("expired entry: Load = %q, %d, %v; want nil, 0, nil", data, v, err)
	}
	if err := r.CompareAndSwap(ctx, "k", v, []byte("new")); err != nil {
		t.Fatalf("replace expired: %v", err)
	}
}

// TestConcurrentSwapOneWins: many writers from one version, as a double-click or two tabs
// (or two processes) would send; exactly one applies. For Bolt this runs the writers through
// one group commit.
func TestConcurrentSwapOneWins(t *testing.T) {
	stores(t, func(t *testing.T, s Store, _ *clock) {
		ctx := context.Background()
		if err := s.CompareAndSwap(ctx, "k", 0, []byte("start")); err != nil {
			t.Fatal(err)
		}
		var won, lost atomic.Int32
		var wg sync.WaitGroup
		for i := range 16 {
			wg.Go(func() {
				err := s.CompareAndSwap(ctx, "k", 1, []byte{byte('a' + i)})
				switch {
				case err == nil:
					won.Add(1)
				case errors.Is(err, ErrConflict):
					lost.Add(1)
				default:
					t.Error(err)
				}
			})
			// Other keys written at the same moment share the batch and must all land.
			wg.Go(func() {
				if err := s.CompareAndSwap(ctx, "other"+string(rune('a'+i)), 0, []byte("o")); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if won.Load() != 1 || lost.Load() != 15 {
			t.Fatalf("%d writes applied, %d refused; want 1 and 15", won.Load(), lost.Load())
		}
		if _, v, _ := s.Load(ctx, "k"); v != 2 {
			t.Fatalf("version %d after one applied write, want 2", v)
		}
		for i := range 16 {
			if data, v, _ := s.Load(ctx, "other"+string(rune('a'+i))); string(data) != "o" || v != 1 {
				t.Fatalf("write %d of the batch lost: %q, %d", i, data, v)
			}
		}
	})
}

// TestRedisSessionSecretOnce: two processes starting at once agree on one secret, and it stays.
func TestRedisSessionSecretOnce(t *testing.T) {
	r := newTestRedis(t)
	ctx := context.Background()
	secrets := make([][]byte, 8)
	var wg sync.WaitGroup
	for i := range secrets {
		wg.Go(func() {
			s, err := r.SessionSecret(ctx)
			if err != nil {
				t.Error(err)
			}
			secrets[i] = s
		})
	}
	wg.Wait()
	for i, s := range secrets {
		if len(s) < 32 || string(s) != string(secrets[0]) {
			t.Fatalf("starter %d got secret %x, starter 0 got %x", i, s, secrets[0])
		}
	}
	again, err := r.SessionSecret(ctx)
	if err != nil || string(again) != string(secrets[0]) {
		t.Fatalf("secret changed on a later start: %x, %v", again, err)
	}
}

func TestRedisPingFailsWhenGone(t *testing.T) {
	mr, r := miniRedis(t, TTL)
	if err := Ping(context.Background(), r); err != nil {
		t.Fatalf("ping a running redis: %v", err)
	}
	mr.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if err := Ping(ctx, r); err == nil {
		t.Fatal("ping succeeds with redis gone")
	}
}

// TestRedisGoneIsUnavailable: while Redis cannot be reached, loads and writes fail with
// ErrUnavailable (the site answers 503: try again shortly), a reply that the command itself
// was wrong does not, the answer comes quickly, and once Redis is back the same store works again.
func TestRedisGoneIsUnavailable(t *testing.T) {
	mr, r := miniRedis(t, TTL)
	ctx := context.Background()
	if err := r.CompareAndSwap(ctx, "k", 0, []byte("x")); err != nil {
		t.Fatal(err)
	}
	if err := mr.Set(r.prefix+"plain", "not a hash"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := r.Load(ctx, "plain"); err == nil || errors.Is(err, ErrUnavailable) {
		t.Fatalf("a WRONGTYPE reply: %v, want an error other than ErrUnavailable", err)
	}
	mr.Close()
	start := time.Now()
	if _, _, err := r.Load(ctx, "k"); !errors.Is(err, ErrUnavailable) {
		t.Errorf("load with redis gone: %v, want ErrUnavailable", err)
	}
	// go-redis's own retries took 1.7–3.4 s to give up on a refused connection.
	if took := time.Since(start); took > time.Second {
		t.Errorf("load with redis gone took %v to fail, want under a second", took)
	}
	if err := r.CompareAndSwap(ctx, "k", 1, []byte("y")); !errors.Is(err, ErrUnavailable) || errors.Is(err, ErrConflict) {
		t.Errorf("write with redis gone: %v, want ErrUnavailable", err)
	}
	if err := mr.Restart(); err != nil {
		t.Fatal(err)
	}
	if data, v, err := r.Load(ctx, "k"); err != nil || string(data) != "x" || v != 1 {
		t.Fatalf("after redis came back: %q, %d, %v; want x, 1", data, v, err)
	}
}

// TestOnlyAbsenceIsUnavailable: Redis out of reach is a moment to wait (503), but any other
// failure is a fault to log (500): a reply of an unexpected type from the compare-and-swap
// script counted as unavailable and showed "Back in a moment" for a bug.
func TestOnlyAbsenceIsUnavailable(t *testing.T) {
	gone := []error{
		&net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")},
		io.EOF, io.ErrUnexpectedEOF, redis.ErrClosed, redis.ErrPoolTimeout, context.DeadlineExceeded,
	}
	for _, err := range gone {
		if !errors.Is(failed("load", err), ErrUnavailable) {
			t.Errorf("%v: not unavailable", err)
		}
	}
	for _, err := range []error{errors.New("redis: unexpected type=string for Int"), context.Canceled} {
		if errors.Is(failed("compare-and-swap", err), ErrUnavailable) {
			t.Errorf("%v: counted as unavailable", err)
		}
	}
}
