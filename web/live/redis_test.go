package live

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
)

// redisURLEnv names the real Redis the integration tests use; scripts/test.sh starts one on
// a free loopback port and sets it.
const redisURLEnv = "CARDAVIA_TEST_REDIS_URL"

// realRedis returns the real Redis's URL, skipping the test without one (failing it under CI,
// where scripts/test.sh must have started one).
func realRedis(t testing.TB) string {
	t.Helper()
	url := os.Getenv(redisURLEnv)
	if url == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set: under CI the Redis integration tests must run (scripts/test.sh starts redis-server)", redisURLEnv)
		}
		t.Skipf("%s not set: run scripts/test.sh, which starts redis-server", redisURLEnv)
	}
	return url
}

// redises are the Redis servers a test runs against: an in-process miniredis always, the real
// one when there is one.
func redises(t *testing.T) map[string]string {
	t.Helper()
	mr := miniredis.RunT(t)
	urls := map[string]string{"miniredis": "redis://" + mr.Addr()}
	if url := os.Getenv(redisURLEnv); url != "" {
		urls["redis-server"] = url
	} else if os.Getenv("CI") == "true" {
		t.Fatalf("%s is not set: under CI the Redis integration tests must run", redisURLEnv)
	}
	return urls
}

// newClient is one process's connection to the Redis at url. Its connections are named
// after the test, so that a test kills its own and not those of another package's tests
// running at the same time on the same Redis.
func newClient(t testing.TB, url string) *redis.Client {
	t.Helper()
	opt, err := redis.ParseURL(url)
	if err != nil {
		t.Fatal(err)
	}
	opt.ClientName = clientName(t)
	c := redis.NewClient(opt)
	t.Cleanup(func() { c.Close() })
	return c
}

func clientName(t testing.TB) string {
	return "cardavia-live-test-" + strings.ReplaceAll(t.Name(), " ", "_")
}

// testPrefix keeps each test's channels apart from any other's on a shared Redis.
func testPrefix(t testing.TB) string {
	return fmt.Sprintf("cardavia-test:%s:%d:", t.Name(), time.Now().UnixNano())
}

// newHub is one process's hub on the Redis at url.
func newHub(t testing.TB, url, prefix string) *Redis {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	h, err := NewRedis(ctx, newClient(t, url), prefix)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return h
}

// Two processes on one Redis hear each other's announcements, for their tables only, and a
// site on another prefix hears none of them.
func TestRedisHubsHearEachOther(t *testing.T) {
	for name, url := range redises(t) {
		t.Run(name, func(t *testing.T) {
			noLeaks(t)
			prefix := testPrefix(t)
			a, b := newHub(t, url, prefix), newHub(t, url, prefix)
			elsewhere := newHub(t, url, prefix+"other:")
			subA, subB, subB2 := a.Subscribe("t1"), b.Subscribe("t1"), b.Subscribe("t2")
			outsider := elsewhere.Subscribe("t1")

			announce(t, a, "t1", 4)
			for _, sub := range []*Subscription{subA, subB} {
				if got := receive(t, sub); got != 4 {
					t.Fatalf("received %d, want 4", got)
				}
			}
			announce(t, b, "t2", 1)
			announce(t, b, "t1", 5)
			if got := receive(t, subA); got != 5 {
				t.Fatalf("process A received %d from B, want 5", got)
			}
			if got := receive(t, subB2); got != 1 {
				t.Fatalf("t2's subscriber received %d, want 1", got)
			}
			// B's two announcements reached A in order, so they reached every process's
			// connection before this one: nothing else is coming.
			nothing(t, subB2)
			nothing(t, outsider)
			if n := b.Subscribers(); n != 2 {
				t.Fatalf("process B's Subscribers() = %d, want 2", n)
			}
		})
	}
}

// The prefix is taken literally, even with the characters a PSUBSCRIBE pattern gives a
// meaning to.
func TestRedisPrefixIsLiteral(t *testing.T) {
	for name, url := range redises(t) {
		t.Run(name, func(t *testing.T) {
			prefix := testPrefix(t) + "a*b?[c]\\:"
			h := newHub(t, url, prefix)
			sub := h.Subscribe("t1")
			raw := newClient(t, url)
			ctx := context.Background()
			for _, channel := range []string{
				testPrefix(t) + "aXXb?[c]\\:t1", // * would match anything
				testPrefix(t) + "a*bZ[c]\\:t1",  // ? any one character
				testPrefix(t) + "a*b?c\\:t1",    // [c] the character c
			} {
				if err := raw.Publish(ctx, channel, "30").Err(); err != nil { // merged with 8, 30 would win
					t.Fatal(err)
				}
			}
			announce(t, h, "t1", 8)
			if got := receive(t, sub); got != 8 {
				t.Fatalf("received %d, want 8 (and nothing from the look-alike channels)", got)
			}
			nothing(t, sub)
		})
	}
}

// A message on a table's channel that is not a move number still wakes its subscribers,
// with Resync: they read the store, which is always right.
func TestRedisGarbledMessageResyncs(t *testing.T) {
	url := redises(t)["miniredis"]
	prefix := testPrefix(t)
	h := newHub(t, url, prefix)
	sub := h.Subscribe("t1")
	if err := newClient(t, url).Publish(context.Background(), prefix+"t1", "seven").Err(); err != nil {
		t.Fatal(err)
	}
	if got := receive(t, sub); got != Resync {
		t.Fatalf("received %d, want Resync", got)
	}
}

// When Redis drops the Pub/Sub connections, every subscriber is woken once they are back
// (announcements may have been lost meanwhile), and later announcements arrive again.
func TestRedisReconnectWakesSubscribers(t *testing.T) {
	noLeaks(t)
	url := realRedis(t)
	prefix := testPrefix(t)
	a, b := newHub(t, url, prefix), newHub(t, url, prefix)
	subA, subB := a.Subscribe("t1"), b.Subscribe("t2")
	admin := newClient(t, url)
	ctx := context.Background()

	list, err := admin.Do(ctx, "CLIENT", "LIST", "TYPE", "pubsub").Text()
	if err != nil {
		t.Fatal(err)
	}
	killed := 0
	for _, line := range strings.Split(list, "\n") {
		fields := strings.Fields(line)
		if !slices.Contains(fields, "name="+clientName(t)) {
			continue
		}
		id := strings.TrimPrefix(fields[0], "id=")
		n, err := admin.Do(ctx, "CLIENT", "KILL", "TYPE", "pubsub", "ID", id).Int()
		if err != nil {
			t.Fatal(err)
		}
		killed += n
	}
	if killed != 2 {
		t.Fatalf("CLIENT KILL TYPE pubsub killed %d connections, want the two hubs'", killed)
	}
	for _, sub := range []*Subscription{subA, subB} {
		if got := receive(t, sub); got != Resync {
			t.Fatalf("%s received %d after its connection was killed, want Resync", sub.Table(), got)
		}
	}
	if st := a.Stats(); st.Resyncs == 0 {
		t.Fatalf("Stats().Resyncs = 0 after a resync")
	}
	announce(t, a, "t2", 6)
	announce(t, b, "t1", 7)
	if got := receive(t, subB); got != 6 {
		t.Fatalf("t2 received %d after the reconnection, want 6", got)
	}
	if got := receive(t, subA); got != 7 {
		t.Fatalf("t1 received %d after the reconnection, want 7", got)
	}
}

// freezer is a TCP proxy to Redis whose connections can be frozen: bytes still go in and
// nothing comes out, as with a peer that vanished without a reset.
type freezer struct {
	ln     net.Listener
	target string
	mu     sync.Mutex
	conns  []*frozenPair
	down   bool // new connections are closed at once, as by a Redis that is restarting
	wg     sync.WaitGroup
}

type frozenPair struct {
	client, server net.Conn
	mu             sync.Mutex
	frozen         bool
}

func newFreezer(t *testing.T, target string) *freezer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	f := &freezer{ln: ln, target: target}
	f.wg.Add(1)
	go f.accept()
	t.Cleanup(f.close)
	return f
}

func (f *freezer) accept() {
	defer f.wg.Done()
	for {
		c, err := f.ln.Accept()
		if err != nil {
			return
		}
		f.mu.Lock()
		down := f.down
		f.mu.Unlock()
		if down {
			c.Close()
			continue
		}
		s, err := net.Dial("tcp", f.target)
		if err != nil {
			c.Close()
			continue
		}
		p := &frozenPair{client: c, server: s}
		f.mu.Lock()
		f.conns = append(f.conns, p)
		f.mu.Unlock()
		f.wg.Add(2)
		go f.pipe(p, c, s)
		go f.pipe(p, s, c)
	}
}

// pipe copies from src to dst until either closes, dropping what it reads while frozen.
func (f *freezer) pipe(p *frozenPair, dst, src net.Conn) {
	defer f.wg.Done()
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if err != nil {
			dst.Close()
			return
		}
		p.mu.Lock()
		frozen := p.frozen
		p.mu.Unlock()
		if frozen {
			continue
		}
		if _, err := dst.Write(buf[:n]); err != nil {
			src.Close()
			return
		}
	}
}

// freeze freezes every connection open now; later ones pass.
func (f *freezer) freeze() {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, p := range f.conns {
		p.mu.Lock()
		p.frozen = true
		p.mu.Unlock()
	}
}

// outage closes every connection and refuses new ones until it is called with false.
func (f *freezer) outage(down bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.down = down
	if down {
		for _, p := range f.conns {
			p.client.Close()
			p.server.Close()
		}
	}
}

func (f *freezer) close() {
	f.ln.Close()
	f.mu.Lock()
	for _, p := range f.conns {
		p.client.Close()
		p.server.Close()
	}
	f.mu.Unlock()
	f.wg.Wait()
}

// A Pub/Sub connection that goes silent without an error (its peer vanished) is replaced
// after two quiet limits, its subscribers are woken, and announcements arrive again.
func TestRedisSilentConnectionIsReplaced(t *testing.T) {
	noLeaks(t)
	url := realRedis(t)
	opt, err := redis.ParseURL(url)
	if err != nil {
		t.Fatal(err)
	}
	proxy := newFreezer(t, opt.Addr)
	viaProxy := *opt
	viaProxy.Addr = proxy.ln.Addr().String()
	client := redis.NewClient(&viaProxy)
	defer client.Close()

	prefix := testPrefix(t)
	const quiet = 300 * time.Millisecond
	h, err := newRedis(context.Background(), client, prefix, quiet)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	sub := h.Subscribe("t1")
	publisher := newClient(t, url) // another process, not behind the proxy

	proxy.freeze()
	start := time.Now()
	if got := receive(t, sub); got != Resync {
		t.Fatalf("received %d after the connection froze, want Resync", got)
	}
	// Not at once (nothing failed), and within receive's seconds rather than the minutes
	// TCP takes to give up on a silent peer.
	if took := time.Since(start); took < quiet {
		t.Fatalf("woken %v after the freeze, before one quiet limit (%v)", took, quiet)
	}
	if err := publisher.Publish(context.Background(), prefix+"t1", "12").Err(); err != nil {
		t.Fatal(err)
	}
	if got := receive(t, sub); got != 12 {
		t.Fatalf("received %d after the replacement, want 12", got)
	}
}

// While Redis is away (restarting, failing over) the hub keeps trying; once it is back,
// every subscriber is woken and announcements arrive again.
func TestRedisOutageResyncs(t *testing.T) {
	noLeaks(t)
	url := realRedis(t)
	opt, err := redis.ParseURL(url)
	if err != nil {
		t.Fatal(err)
	}
	proxy := newFreezer(t, opt.Addr)
	viaProxy := *opt
	viaProxy.Addr = proxy.ln.Addr().String()
	client := redis.NewClient(&viaProxy)
	defer client.Close()
	prefix := testPrefix(t)
	h, err := NewRedis(context.Background(), client, prefix)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	sub := h.Subscribe("t1")
	publisher := newClient(t, url)

	proxy.outage(true)
	time.Sleep(time.Second) // several failed attempts to reconnect
	nothing(t, sub)         // nothing is known yet: the wake comes when Redis is back
	proxy.outage(false)
	if got := receive(t, sub); got != Resync {
		t.Fatalf("received %d after the outage, want Resync", got)
	}
	if err := publisher.Publish(context.Background(), prefix+"t1", "4").Err(); err != nil {
		t.Fatal(err)
	}
	if got := receive(t, sub); got != 4 {
		t.Fatalf("received %d after the outage, want 4", got)
	}
}

// Close ends every subscription, the hub's goroutine and, for DialRedis, its connections;
// a second Close does nothing.
func TestRedisCloseReleasesEverything(t *testing.T) {
	for name, url := range redises(t) {
		t.Run(name, func(t *testing.T) {
			noLeaks(t)
			ctx := context.Background()
			h, err := DialRedis(ctx, url, testPrefix(t))
			if err != nil {
				t.Fatal(err)
			}
			subs := []*Subscription{h.Subscribe("t1"), h.Subscribe("t1"), h.Subscribe("t2")}
			announce(t, h, "t1", 1)
			receive(t, subs[0])
			if err := h.Close(); err != nil {
				t.Fatal(err)
			}
			if err := h.Close(); err != nil {
				t.Fatalf("second Close: %v", err)
			}
			for _, sub := range subs {
				closed(t, sub)
				sub.Close()
			}
			if err := h.Announce(ctx, "t1", 2); !errors.Is(err, ErrClosed) {
				t.Fatalf("Announce after Close: %v, want ErrClosed", err)
			}
			if n := h.Subscribers(); n != 0 {
				t.Fatalf("Subscribers() = %d after Close, want 0", n)
			}
		})
	}
}

// A hub that cannot reach Redis is refused at once rather than limping on.
func TestDialRedisRefusesNoRedis(t *testing.T) {
	noLeaks(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	if h, err := DialRedis(ctx, "redis://"+addr, DefaultPrefix); err == nil {
		h.Close()
		t.Fatal("DialRedis to a closed port succeeded")
	}
	if _, err := DialRedis(ctx, "http://"+addr, DefaultPrefix); err == nil {
		t.Fatal("DialRedis with an http URL succeeded")
	}
}

// An announcement that cannot reach Redis still wakes this process's subscribers.
func TestRedisAnnounceWithoutRedisWakesLocalSubscribers(t *testing.T) {
	mr := miniredis.RunT(t)
	h := newHub(t, "redis://"+mr.Addr(), testPrefix(t))
	sub := h.Subscribe("t1")
	mr.Close()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	if err := h.Announce(ctx, "t1", 3); err == nil {
		t.Fatal("Announce with Redis gone returned no error")
	}
	if got := receive(t, sub); got != 3 {
		t.Fatalf("received %d, want 3", got)
	}
	if st := h.Stats(); st.Announced != 1 || st.Failed != 1 {
		t.Fatalf("Stats() = %+v, want one announcement, failed", st)
	}
}

// BenchmarkRedisAnnounce1000Subscribers: one announcement from one process to 1,000
// subscribers of a table in another, timed until the last subscriber has it.
func BenchmarkRedisAnnounce1000Subscribers(b *testing.B) {
	url := realRedis(b)
	prefix := testPrefix(b)
	from, to := newHub(b, url, prefix), newHub(b, url, prefix)
	subs := make([]*Subscription, 1000)
	for i := range subs {
		subs[i] = to.Subscribe("t1")
	}
	ctx := context.Background()
	b.ResetTimer()
	for i := range b.N {
		move := uint64(i + 1)
		if err := from.Announce(ctx, "t1", move); err != nil {
			b.Fatal(err)
		}
		for _, sub := range subs {
			if v := <-sub.C(); v != move {
				b.Fatalf("received %d, want %d", v, move)
			}
		}
	}
}
