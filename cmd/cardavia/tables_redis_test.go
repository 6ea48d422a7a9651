package main

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptrace"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
)

// redisURLEnv names the real Redis the integration tests use; scripts/test.sh starts one on a
// free loopback port and sets it.
const redisURLEnv = "CARDAVIA_TEST_REDIS_URL"

// eventWithin bounds the time from a move's 303 to its revision's event on every live
// connection of the table, whichever process holds it.
const eventWithin = 2 * time.Second

// testRedisURL is the real Redis of the integration tests: they skip without one, except
// under CI, where they must run.
func testRedisURL(t *testing.T) string {
	t.Helper()
	u := os.Getenv(redisURLEnv)
	if u == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set: under CI the Redis integration tests must run (scripts/test.sh starts redis-server)", redisURLEnv)
		}
		t.Skipf("%s not set: run scripts/test.sh, which starts redis-server", redisURLEnv)
	}
	return u
}

// rrProxy is a round-robin TCP load balancer on loopback, as in front of several cardavia
// processes without sticky sessions: each connection goes to the next backend that accepts
// it, and ends when either side closes.
type rrProxy struct {
	ln       net.Listener
	base     string
	backends []string
	next     atomic.Uint64
	wg       sync.WaitGroup

	mu     sync.Mutex
	routes map[string]string // a client connection's address: the backend it was sent to
	open   map[net.Conn]bool
}

func startProxy(t *testing.T, backends ...string) *rrProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &rrProxy{ln: ln, base: "http://" + ln.Addr().String(), backends: backends,
		routes: map[string]string{}, open: map[net.Conn]bool{}}
	p.wg.Go(func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			p.wg.Go(func() { p.relay(c) })
		}
	})
	t.Cleanup(p.close)
	return p
}

// relay sends c to the next backend that answers the dial; a dead one refuses at once and is
// passed over.
func (p *rrProxy) relay(c net.Conn) {
	first := int(p.next.Add(1))
	var b net.Conn
	for i := range p.backends {
		addr := p.backends[(first+i)%len(p.backends)]
		if conn, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
			b = conn
			p.mu.Lock()
			p.routes[c.RemoteAddr().String()] = addr
			p.open[c], p.open[b] = true, true
			p.mu.Unlock()
			break
		}
	}
	if b == nil {
		c.Close()
		return
	}
	done := make(chan struct{}, 2)
	go func() { _, _ = io.Copy(b, c); done <- struct{}{} }()
	go func() { _, _ = io.Copy(c, b); done <- struct{}{} }()
	<-done
	c.Close()
	b.Close()
	<-done
	p.mu.Lock()
	delete(p.open, c)
	delete(p.open, b)
	p.mu.Unlock()
}

// routeOf is the backend the client connection from addr was sent to.
func (p *rrProxy) routeOf(addr string) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.routes[addr]
}

func (p *rrProxy) close() {
	p.ln.Close()
	p.mu.Lock()
	for c := range p.open {
		c.Close()
	}
	p.mu.Unlock()
	p.wg.Wait()
}

// seatPlayer is a person at a shared table: a browser of their own (cookie jar) that talks to
// one address, a process or the proxy. Cookies do not tell ports apart, so the session follows
// the player to another address of the same host.
type seatPlayer struct {
	t      *testing.T
	name   string
	base   atomic.Pointer[string]
	jar    http.CookieJar
	client *http.Client
}

func newSeatPlayer(t *testing.T, name, base string) *seatPlayer {
	jar, _ := cookiejar.New(nil)
	p := &seatPlayer{t: t, name: name, jar: jar, client: &http.Client{Jar: jar, Timeout: 10 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	p.base.Store(&base)
	return p
}

// tablePage is an answer: its status, where a redirect leads, and the page.
type tablePage struct {
	status   int
	location string
	doc      *goquery.Document
}

func (pg tablePage) root(name string) string {
	v, _ := pg.doc.Find("[data-table]").Attr(name)
	return v
}

func (pg tablePage) rev() uint64 {
	n, _ := strconv.ParseUint(pg.root("data-rev"), 10, 64)
	return n
}

// log is the table's log as the page says it.
func (pg tablePage) log() []string {
	var lines []string
	pg.doc.Find(`[data-log] li`).Each(func(_ int, s *goquery.Selection) { lines = append(lines, strings.TrimSpace(s.Text())) })
	return lines
}

func (p *seatPlayer) do(method, path string, form url.Values) tablePage {
	p.t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequest(method, *p.base.Load()+path, body)
	if err != nil {
		p.t.Fatal(err)
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	resp, err := p.client.Do(req)
	if err != nil {
		p.t.Fatalf("%s: %s %s: %v", p.name, method, path, err)
	}
	defer resp.Body.Close()
	doc, err := goquery.NewDocumentFromReader(resp.Body)
	if err != nil {
		p.t.Fatal(err)
	}
	return tablePage{status: resp.StatusCode, location: resp.Header.Get("Location"), doc: doc}
}

// post sends a form and wants it acknowledged: a 303 without a notice.
func (p *seatPlayer) post(path string, form url.Values) tablePage {
	p.t.Helper()
	r := p.do(http.MethodPost, path, form)
	if r.status != http.StatusSeeOther || strings.Contains(r.location, "notice=") {
		p.t.Fatalf("%s: POST %s %v: %d to %q", p.name, path, form, r.status, r.location)
	}
	return r
}

func (p *seatPlayer) view(path string) tablePage {
	p.t.Helper()
	r := p.do(http.MethodGet, path, nil)
	if r.status != http.StatusOK {
		p.t.Fatalf("%s: GET %s: %d", p.name, path, r.status)
	}
	return r
}

// asnasMove is the form of the move p makes on its page: a look first, then a raise while one
// may, then a call or a hold (so that a deal lasts some moves), and the next deal between deals.
func asnasMove(t *testing.T, pg tablePage) (action string, form url.Values) {
	t.Helper()
	f := pg.doc.Find(`form[action$="/move"]`)
	if f.Length() == 0 {
		f = pg.doc.Find(`form[action$="/next"]`)
	}
	if f.Length() == 0 {
		t.Fatalf("seat %s to act has no move form (phase %s)", pg.root("data-seat"), pg.root("data-phase"))
	}
	action, _ = f.Attr("action")
	move, _ := f.Find(`input[name="move"]`).Attr("value")
	form = url.Values{"move": {move}}
	var verbs []string
	f.Find("button[data-verb]").Each(func(_ int, b *goquery.Selection) { verbs = append(verbs, b.AttrOr("value", "")) })
	for _, v := range []string{"look", "raise", "call", "hold", "fold"} {
		if slices.Contains(verbs, v) {
			form.Set("verb", v)
			break
		}
	}
	return action, form
}

// tableStream is a player's live connection to a table, as a browser's EventSource keeps it:
// the first request asks from the page's revision (?rev=), a dropped one is asked again with
// Last-Event-ID. Reconnections wait for the test's word (resume), as the browser waits for the
// stream's retry hint.
type tableStream struct {
	connected chan struct{} // a value per connection made
	dropped   chan struct{} // a value per connection lost

	mu     sync.Mutex
	events []streamEvent
	local  string // the client address of the current connection
}

type streamEvent struct {
	rev uint64
	at  time.Time
}

func (p *seatPlayer) listen(ctx context.Context, path string, rev uint64, resume <-chan struct{}) *tableStream {
	s := &tableStream{connected: make(chan struct{}, 8), dropped: make(chan struct{}, 8)}
	client := &http.Client{Jar: p.jar, Transport: &http.Transport{}}
	trace := &httptrace.ClientTrace{GotConn: func(info httptrace.GotConnInfo) {
		s.mu.Lock()
		s.local = info.Conn.LocalAddr().String()
		s.mu.Unlock()
	}}
	ctx = httptrace.WithClientTrace(ctx, trace)
	go func() {
		defer client.CloseIdleConnections()
		last, again := rev, false
		for {
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, *p.base.Load()+path+"/events?rev="+strconv.FormatUint(rev, 10), nil)
			if again {
				req.Header.Set("Last-Event-ID", strconv.FormatUint(last, 10))
			}
			if resp, err := client.Do(req); err == nil {
				if resp.StatusCode == http.StatusOK {
					s.connected <- struct{}{}
					sc := bufio.NewScanner(resp.Body)
					for sc.Scan() {
						if id, ok := strings.CutPrefix(sc.Text(), "id: "); ok {
							last, _ = strconv.ParseUint(id, 10, 64)
							s.mu.Lock()
							s.events = append(s.events, streamEvent{last, time.Now()})
							s.mu.Unlock()
						}
					}
				}
				resp.Body.Close()
			}
			if ctx.Err() != nil {
				return
			}
			s.dropped <- struct{}{}
			select {
			case <-resume:
			case <-ctx.Done():
				return
			}
			if again {
				time.Sleep(100 * time.Millisecond) // a reconnection that failed: not in a tight loop
			}
			again = true
		}
	}()
	return s
}

func (s *tableStream) conn() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.local
}

func (s *tableStream) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.events)
}

// heard waits until the stream has had an event of revision rev or later, at most eventWithin
// after since, and returns how long after since it came.
func (s *tableStream) heard(t *testing.T, who string, rev uint64, since time.Time) time.Duration {
	t.Helper()
	for {
		s.mu.Lock()
		for _, e := range s.events {
			if e.rev >= rev {
				s.mu.Unlock()
				return max(e.at.Sub(since), 0)
			}
		}
		s.mu.Unlock()
		if time.Since(since) > eventWithin {
			t.Fatalf("%s's live connection did not hear revision %d within %v", who, rev, eventWithin)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// wait waits for a signal of the stream, at most d.
func wait(t *testing.T, c <-chan struct{}, d time.Duration, what string) {
	t.Helper()
	select {
	case <-c:
	case <-time.After(d):
		t.Fatalf("gave up waiting for %s", what)
	}
}

// Two cardavia processes share one real redis-server, and a round-robin proxy stands in front
// of them. Sara talks to process A, Ali to process B, Mina goes through the proxy; the AI holds
// the fourth seat. Every move, whichever process takes it, reaches every player's live
// connection within eventWithin: the moves cross between the processes through Redis. Then
// the process that holds Mina's live connection is killed with SIGKILL in the middle of a deal,
// right after it acknowledged a move: nothing acknowledged is lost, Mina's stream reconnects
// through the proxy to the survivor with Last-Event-ID and is told the current revision at
// once, and the deal is played to its end on the survivor.
func TestSharedTableTwoProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("starts two server processes")
	}
	redisURL := testRedisURL(t)
	args := "-addr 127.0.0.1:0 -metrics-addr off -store redis -redis-url " + redisURL + " -post-rate 0 -log-level warn"
	procA, procB := startServerWith(t, args), startServerWith(t, args)
	addrA, addrB := "127.0.0.1:"+procA.port, "127.0.0.1:"+procB.port
	t.Cleanup(func() {
		if t.Failed() {
			for _, p := range []*serverProcess{procA, procB} {
				t.Logf("process on port %s said:\n%s%s", p.port, p.stdout, p.stderr)
			}
		}
	})
	proxy := startProxy(t, addrA, addrB)

	sara, ali, mina := newSeatPlayer(t, "Sara", procA.base), newSeatPlayer(t, "Ali", procB.base), newSeatPlayer(t, "Mina", proxy.base)
	r := sara.post("/asnas/tables", url.Values{"name": {sara.name}, "level": {"beginner"}, "timer": {"0"}})
	u, err := url.Parse(r.location)
	if err != nil {
		t.Fatal(err)
	}
	path := u.Path
	ali.post(path+"/seat", url.Values{"seat": {"1"}, "name": {ali.name}})
	mina.post(path+"/seat", url.Values{"seat": {"2"}, "name": {mina.name}})
	sara.post(path+"/start", nil)
	bySeat := map[string]*seatPlayer{"0": sara, "1": ali, "2": mina}
	players := []*seatPlayer{sara, ali, mina}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	resume := make(chan struct{})
	start := sara.view(path)
	if start.root("data-phase") != "betting" || start.rev() == 0 {
		t.Fatalf("the started table: phase %q revision %d", start.root("data-phase"), start.rev())
	}
	streams := map[*seatPlayer]*tableStream{}
	for _, p := range players {
		streams[p] = p.listen(ctx, path, start.rev(), resume)
		wait(t, streams[p].connected, 5*time.Second, p.name+"'s live connection")
	}

	var latencies []time.Duration
	// play makes the move of the seat to act (between deals, the next player to ask for the
	// next deal: it is dealt when all three have), wants it acknowledged, and wants every live
	// connection in listening to hear its revision.
	play := func(listening ...*seatPlayer) (*seatPlayer, tablePage) {
		t.Helper()
		p := bySeat[sara.view(path).root("data-to-act")]
		if p == nil {
			p = sara
			for _, q := range players {
				if q.view(path).doc.Find(`[data-ready="wait"]`).Length() == 0 {
					p = q
					break
				}
			}
		}
		before := p.view(path)
		action, form := asnasMove(t, before)
		p.post(action, form)
		acked := time.Now()
		after := p.view(path)
		asked := before.root("data-phase") == "dealover" && after.root("data-phase") == "dealover"
		if after.rev() <= before.rev() || after.root("data-move") == before.root("data-move") && !asked {
			t.Fatalf("%s's move %v: revision %d to %d, move %s to %s", p.name, form, before.rev(), after.rev(), before.root("data-move"), after.root("data-move"))
		}
		for _, q := range listening {
			latencies = append(latencies, streams[q].heard(t, q.name, after.rev(), acked))
		}
		return p, after
	}

	// The process to kill is the one the proxy sent Mina's live connection to; its direct
	// player goes through the proxy after it.
	doomedAddr := proxy.routeOf(streams[mina].conn())
	doomed, doomedPlayer, survivorAddr, survivorPlayer := procA, sara, addrB, ali
	if doomedAddr == addrB {
		doomed, doomedPlayer, survivorAddr, survivorPlayer = procB, ali, addrA, sara
	} else if doomedAddr != addrA {
		t.Fatalf("Mina's live connection went to %q, neither process", doomedAddr)
	}

	// A deal played to its end and the next one begun, each move heard everywhere; stop
	// right after a move the doomed process acknowledged, mid-deal.
	deals, moves := 0, 0
	for {
		if moves++; moves > 300 {
			t.Fatal("300 moves and no point to kill a process at")
		}
		p, after := play(players...)
		phase := after.root("data-phase")
		if phase == "dealover" {
			deals++
		}
		if deals >= 1 && p == doomedPlayer && phase == "betting" {
			break
		}
	}
	crossMoves := moves
	// What each player was shown last, after the last acknowledged move.
	shown := map[*seatPlayer]tablePage{}
	for _, p := range players {
		shown[p] = p.view(path)
	}

	killed := time.Now()
	if err := doomed.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	<-doomed.exited
	wait(t, streams[mina].dropped, 5*time.Second, "Mina's live connection to drop with its process")
	wait(t, streams[doomedPlayer].dropped, 5*time.Second, doomedPlayer.name+"'s live connection to drop with its process")
	drop := time.Since(killed)
	doomedPlayer.base.Store(&proxy.base)

	// Nothing lost: every player sees on the survivor what they were shown before the kill,
	// the last move (acknowledged by the dead process) included.
	for _, p := range players {
		now, was := p.view(path), shown[p]
		for _, attr := range []string{"data-move", "data-rev", "data-phase", "data-to-act", "data-seat"} {
			if now.root(attr) != was.root(attr) {
				t.Errorf("%s after the kill: %s %q, before it %q", p.name, attr, now.root(attr), was.root(attr))
			}
		}
		if !slices.Equal(now.log(), was.log()) || len(was.log()) == 0 {
			t.Errorf("%s's log after the kill:\n%q\nbefore it:\n%q", p.name, now.log(), was.log())
		}
	}

	// A move on the survivor while the two streams are down; then they reconnect through the
	// proxy, from the revision they last heard, and are told the current one at once.
	heardBefore := map[*seatPlayer]int{mina: streams[mina].count(), doomedPlayer: streams[doomedPlayer].count()}
	_, after := play(survivorPlayer)
	current := after.rev()
	close(resume)
	reconnected := time.Now()
	for _, p := range []*seatPlayer{mina, doomedPlayer} {
		s := streams[p]
		wait(t, s.connected, 5*time.Second, p.name+"'s live connection to come back")
		if got := proxy.routeOf(s.conn()); got != survivorAddr {
			t.Fatalf("%s's live connection came back through %q, not the survivor %s", p.name, got, survivorAddr)
		}
		s.heard(t, p.name, current, reconnected)
		s.mu.Lock()
		first := s.events[heardBefore[p]].rev
		s.mu.Unlock()
		if first != current {
			t.Errorf("%s's stream, back, first said revision %d, want the current %d", p.name, first, current)
		}
	}

	// The deal goes on to its end through the survivor, heard by everybody.
	for n := 0; after.root("data-phase") == "betting"; n++ {
		if n > 100 {
			t.Fatal("the deal did not end on the survivor in 100 moves")
		}
		_, after = play(players...)
		moves++
	}
	if ph := after.root("data-phase"); ph != "dealover" && ph != "over" {
		t.Fatalf("the deal after the kill ended in phase %q", ph)
	}
	for _, p := range players {
		if got := p.view(path).root("data-move"); got != after.root("data-move") {
			t.Errorf("%s sees move %s at the deal's end, want %s", p.name, got, after.root("data-move"))
		}
	}
	slices.Sort(latencies)
	t.Logf("%d moves (%d before the kill, on both processes), %d events checked: 303 to event median %v, max %v; both streams dropped within %v of SIGKILL",
		moves+1, crossMoves, len(latencies), latencies[len(latencies)/2], latencies[len(latencies)-1], drop.Round(time.Millisecond))
}
