package web

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cardavia/cardavia/web/live"
	"github.com/cardavia/cardavia/web/store"
)

// revStream is a live connection to a table, its events' revisions as they come.
type revStream struct {
	mu   sync.Mutex
	revs []uint64
}

// openStream opens the live connection at url with client and reads it until ctx ends. It
// returns once the server has answered.
func openStream(ctx context.Context, t *testing.T, client *http.Client, url string) *revStream {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	resp, err := client.Do(req)
	if err != nil {
		t.Error(err)
		return &revStream{}
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		t.Errorf("live connection %s: %d", url, resp.StatusCode)
		return &revStream{}
	}
	s := &revStream{}
	go func() {
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if id, ok := strings.CutPrefix(sc.Text(), "id: "); ok {
				n, _ := strconv.ParseUint(id, 10, 64)
				s.mu.Lock()
				s.revs = append(s.revs, n)
				s.mu.Unlock()
			}
		}
	}()
	return s
}

// last is the latest revision the stream has heard, 0 for none.
func (s *revStream) last() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.revs) == 0 {
		return 0
	}
	return s.revs[len(s.revs)-1]
}

// TestRedisTimerHandOverOnce: two servers on one Redis, each with the Redis live hub, see a
// seat's time run out at the same moment, through pages and live connections on both: the AI
// takes the seat exactly once (one write, so the table's revision goes up by exactly one), and
// every live connection, on either server, hears that revision and none after it.
func TestRedisTimerHandOverOnce(t *testing.T) {
	clk := &clock{now: time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)}
	prefix := "cardavia-test-" + strconv.FormatInt(time.Now().UnixNano(), 36) + ":"
	two := newTwoServers(t, func(c *Config) {
		c.Now = clk.Now
		h, err := live.DialRedis(context.Background(), os.Getenv(redisURLEnv), prefix)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { h.Close() })
		c.Live = h
	})
	sara, ali := two.saraAndAli(t)
	path := sara.openTable("asnas", "beginner", 30)
	ali.sit(path, 2)
	sara.post(path+"/start", nil)
	start := sara.view(path)
	toAct := rootOf(start, "data-to-act")
	players := map[string]*player{"0": sara, "2": ali}
	if players[toAct] == nil {
		t.Fatalf("the first deal waits for seat %s, not a person's", toAct)
	}
	rev, _ := strconv.ParseUint(rootOf(start, "data-rev"), 10, 64)
	events := func(i int) string {
		return two.srvs[i%2].URL + path + "/events?rev=" + strconv.FormatUint(rev, 10)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()

	// Connections open while the seat still has time: one on each server.
	var streams []*revStream
	for i := range 2 {
		streams = append(streams, openStream(ctx, t, []*player{sara, ali}[i].client, events(i)))
	}
	clk.add(31 * time.Second)
	// Now, on both servers at once: pages that see the deadline passed, and new live
	// connections whose clock runs out at once.
	var wg sync.WaitGroup
	var mu sync.Mutex
	for i := range 12 {
		p := []*player{sara, ali}[i%2]
		wg.Go(func() {
			if i%3 == 0 {
				s := openStream(ctx, t, p.client, events(i))
				mu.Lock()
				streams = append(streams, s)
				mu.Unlock()
				return
			}
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, two.srvs[i%2].URL+path, nil)
			resp, err := p.client.Do(req)
			if err != nil {
				t.Error(err)
				return
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				t.Errorf("a page at the deadline through server %d: %d", i%2, resp.StatusCode)
			}
		})
	}
	wg.Wait()
	want := rev + 1
	waitUntil := time.Now().Add(2 * time.Second)
	for i, s := range streams {
		for s.last() < want && time.Now().Before(waitUntil) {
			time.Sleep(5 * time.Millisecond)
		}
		if s.last() < want {
			t.Fatalf("live connection %d (server %d) did not hear revision %d", i, i%2, want)
		}
	}
	time.Sleep(300 * time.Millisecond) // a second hand-over would have been heard by now
	for i, s := range streams {
		if got := s.last(); got != want {
			t.Errorf("live connection %d heard revision %d, want %d: the seat was handed over more than once", i, got, want)
		}
	}
	for _, p := range []*player{sara, ali} {
		if got := rootOf(p.view(path), "data-rev"); got != strconv.FormatUint(want, 10) {
			t.Errorf("%s's page at revision %s, want %d", p.name, got, want)
		}
	}
	late := players[toAct].view(path)
	if late.doc.Find(`[data-action="back"]`).Length() != 1 || rootOf(late, "data-move") == rootOf(start, "data-move") {
		t.Fatal("the seat whose time ran out was not played by the AI, or is not offered back")
	}
}

// cutProxy relays TCP connections to a Redis, and can cut them all and refuse new ones, as a
// restarting or unreachable Redis does, then take connections again on the same address. It
// keeps its listener, and so its port, for its whole life: cut refuses by closing each
// connection it accepts at once, as Redis's going away does. A port let go and listened on
// again could be taken meanwhile by anything else on the machine (the tests running beside).
type cutProxy struct {
	addr   string // where it listens
	target string
	ln     net.Listener
	mu     sync.Mutex
	down   bool
	conns  map[net.Conn]bool
}

func newCutProxy(t *testing.T, target string) *cutProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &cutProxy{addr: ln.Addr().String(), target: target, ln: ln, conns: map[net.Conn]bool{}}
	go p.serve()
	t.Cleanup(func() {
		ln.Close()
		p.cut()
	})
	return p
}

// serve accepts connections until the listener is closed: while the proxy is cut, each is
// closed at once; else it is relayed to the target.
func (p *cutProxy) serve() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		go p.relay(c)
	}
}

// relay carries c to a connection of its own to the target, unless the proxy is cut (when c
// comes, or by the time the target answers).
func (p *cutProxy) relay(c net.Conn) {
	if !p.keep(c) {
		c.Close()
		return
	}
	up, err := net.Dial("tcp", p.target)
	if err != nil || !p.keep(up) {
		p.drop(c)
		if up != nil {
			up.Close()
		}
		return
	}
	go func() { _, _ = io.Copy(up, c); p.drop(up); p.drop(c) }()
	go func() { _, _ = io.Copy(c, up); p.drop(up); p.drop(c) }()
}

// keep notes c as one for cut to close, and tells whether the proxy takes it (is not cut).
func (p *cutProxy) keep(c net.Conn) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.down {
		return false
	}
	p.conns[c] = true
	return true
}

// drop closes c and forgets it.
func (p *cutProxy) drop(c net.Conn) {
	p.mu.Lock()
	delete(p.conns, c)
	p.mu.Unlock()
	c.Close()
}

// cut closes every connection and refuses new ones until restore.
func (p *cutProxy) cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.down = true
	for c := range p.conns {
		c.Close()
		delete(p.conns, c)
	}
}

// restore takes connections again.
func (p *cutProxy) restore() {
	p.mu.Lock()
	p.down = false
	p.mu.Unlock()
}

// TestCutProxyKeepsItsPort: the cut proxy refuses and takes connections again without ever
// letting its port go. It used to close its listener to cut and listen again to restore, and
// in between the tests running beside could bind the port (restore then failed, or their
// server answered the dials meant for Redis).
func TestCutProxyKeepsItsPort(t *testing.T) {
	echo, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer echo.Close()
	go func() {
		for {
			c, err := echo.Accept()
			if err != nil {
				return
			}
			go func() { _, _ = io.Copy(c, c); c.Close() }()
		}
	}()
	proxy := newCutProxy(t, echo.Addr().String())
	// roundTrip sends a line through c and tells whether it came back.
	roundTrip := func(c net.Conn) bool {
		_ = c.SetDeadline(time.Now().Add(2 * time.Second))
		if _, err := c.Write([]byte("ping\n")); err != nil {
			return false
		}
		line, err := bufio.NewReader(c).ReadString('\n')
		return err == nil && line == "ping\n"
	}
	dial := func() net.Conn {
		c, err := net.Dial("tcp", proxy.addr)
		if err != nil {
			t.Fatalf("dialling the proxy: %v", err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	held := func(when string) {
		if ln, err := net.Listen("tcp", proxy.addr); err == nil {
			ln.Close()
			t.Errorf("%s the proxy's port was free for anyone to take", when)
		}
	}
	open := dial()
	if !roundTrip(open) {
		t.Fatal("the proxy does not relay")
	}
	proxy.cut()
	held("cut,")
	if roundTrip(open) {
		t.Error("a connection made before the cut still relays")
	}
	if roundTrip(dial()) {
		t.Error("a connection made while cut relays")
	}
	proxy.restore()
	held("restored,")
	if !roundTrip(dial()) {
		t.Error("after restore the proxy does not relay")
	}
}

// TestRedisUnavailableIs503: while Redis cannot be reached, every page and form of a shared
// table, on either process, answers the translated 503 page with Retry-After (try again
// shortly), never a 500; nothing is half-written meanwhile, and once Redis is back the table
// is where it was and play goes on.
func TestRedisUnavailableIs503(t *testing.T) {
	u, err := url.Parse(os.Getenv(redisURLEnv))
	if err != nil || u.Host == "" {
		t.Skipf("%s not set or unreadable: run scripts/test.sh, which starts redis-server", redisURLEnv)
	}
	proxy := newCutProxy(t, u.Host)
	viaProxy := *u
	viaProxy.Host = proxy.addr
	// No retries of a refused dial: the answer is the same, 503, only sooner.
	viaProxy.RawQuery = "max_retries=-1"
	two := newTwoServers(t, func(c *Config) {
		rs, err := store.OpenRedis(context.Background(), viaProxy.String(), store.TTL)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { rs.Close() })
		c.Store = rs
	})
	sara, ali := two.saraAndAli(t)
	path := sara.openTable("asnas", "beginner", 0)
	ali.sit(path, 2)
	sara.post(path+"/start", nil)
	before := sara.view(path)
	rev, move := rootOf(before, "data-rev"), rootOf(before, "data-move")

	proxy.cut()
	// Each a second or so (go-redis dials a few times before it gives up): one of each kind,
	// through both processes.
	for _, r := range []page{
		sara.get(path),
		ali.get(path + "/events?rev=" + rev),
		sara.post(path+"/move", url.Values{"move": {move}, "verb": {"look"}}),
		ali.post(path+"/away", url.Values{"away": {"2"}}),
	} {
		if r.status != http.StatusServiceUnavailable || r.header.Get("Retry-After") == "" {
			t.Errorf("with Redis out of reach: %d (Retry-After %q), want 503 with Retry-After", r.status, r.header.Get("Retry-After"))
		}
	}

	proxy.restore()
	for _, p := range []*player{sara, ali} {
		again := p.view(path)
		if rootOf(again, "data-rev") != rev || rootOf(again, "data-move") != move {
			t.Fatalf("after Redis came back %s sees revision %s move %s, want %s and %s as before",
				p.name, rootOf(again, "data-rev"), rootOf(again, "data-move"), rev, move)
		}
	}
	toAct := map[string]*player{"0": sara, "2": ali}[rootOf(before, "data-to-act")]
	if toAct == nil {
		t.Fatalf("the first deal waits for seat %s, not a person's", rootOf(before, "data-to-act"))
	}
	if r := toAct.post(path+"/move", url.Values{"move": {move}, "verb": {"fold"}}); r.status != http.StatusSeeOther || strings.Contains(r.header.Get("Location"), "notice=") {
		t.Fatalf("a move once Redis is back: %d %s", r.status, r.header.Get("Location"))
	}
}

// hangUpAfterWrite is a store whose next successful write cancels a request's context, as a
// browser that gives up (a second click, a closed tab) just as its move is stored.
type hangUpAfterWrite struct {
	store.Store
	hangUp atomic.Pointer[context.CancelFunc]
}

func (h *hangUpAfterWrite) CompareAndSwap(ctx context.Context, key string, old uint64, data []byte) error {
	err := h.Store.CompareAndSwap(ctx, key, old, data)
	if cancel := h.hangUp.Swap(nil); err == nil && cancel != nil {
		(*cancel)()
	}
	return err
}

func (h *hangUpAfterWrite) CompareAndSwapAll(ctx context.Context, swaps ...store.Swap) error {
	err := h.Store.CompareAndSwapAll(ctx, swaps...)
	if cancel := h.hangUp.Swap(nil); err == nil && cancel != nil {
		(*cancel)()
	}
	return err
}

// TestRedisAnnounceOutlivesTheRequest: a change stored through one process is announced to
// the live connections of the others even when its request is cancelled right after the
// write (its player clicked again, or closed the tab): the change is stored, so the others
// must hear of it at once, not at their next ping.
func TestRedisAnnounceOutlivesTheRequest(t *testing.T) {
	prefix := "cardavia-test-" + strconv.FormatInt(time.Now().UnixNano(), 36) + ":"
	var a *hangUpAfterWrite
	two := newTwoServers(t, func(c *Config) {
		if a == nil {
			a = &hangUpAfterWrite{Store: c.Store}
			c.Store = a
		}
		h, err := live.DialRedis(context.Background(), os.Getenv(redisURLEnv), prefix)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { h.Close() })
		c.Live = h
	})
	sara, ali := two.saraAndAli(t)
	path := sara.openTable("asnas", "beginner", 0)
	rev, _ := strconv.ParseUint(rootOf(sara.view(path), "data-rev"), 10, 64)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	stream := openStream(ctx, t, ali.client, two.srvs[1].URL+path+"/events?rev="+strconv.FormatUint(rev, 10))

	// Ali sits through process A, and hangs up as soon as the seat is stored.
	req := httptest.NewRequest(http.MethodPost, path+"/seat", strings.NewReader(url.Values{"seat": {"2"}, "name": {"Ali"}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	reqCtx, hangUp := context.WithCancel(context.Background())
	defer hangUp()
	a.hangUp.Store(&hangUp)
	two.site.server.ServeHTTP(httptest.NewRecorder(), req.WithContext(reqCtx))
	if reqCtx.Err() == nil {
		t.Fatal("the seat was not stored")
	}
	if got := rootOf(sara.view(path), "data-rev"); got != strconv.FormatUint(rev+1, 10) {
		t.Fatalf("the table is at revision %s after the seat, want %d", got, rev+1)
	}
	deadline := time.Now().Add(3 * time.Second)
	for stream.last() < rev+1 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if stream.last() < rev+1 {
		t.Fatalf("the live connection on process B did not hear revision %d within 3 s of its write through A", rev+1)
	}
}
