package web

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// A burst of posts, as no person clicking sends, meets the translated 429 page with
// Retry-After; a few seconds later the same client may post again, and another client never
// noticed anything.
func TestPostRateLimit(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	ts := newSite(t, func(c *Config) {
		c.PostRate, c.PostBurst = 3, 20
		c.Now = func() time.Time { return now }
	})
	ts.table()
	post := func() page {
		return ts.post("/settings/language", url.Values{"lang": {"sv"}, "return": {"/"}})
	}
	for i := range 20 {
		if p := post(); p.status != http.StatusSeeOther {
			t.Fatalf("post %d of the burst: status %d", i+1, p.status)
		}
	}
	p := post()
	if p.status != http.StatusTooManyRequests || p.doc.Find(`[data-status="429"]`).Length() != 1 {
		t.Fatalf("21st post at once: status %d", p.status)
	}
	if !strings.Contains(p.doc.Find("h1").Text(), "ögonblick") {
		t.Errorf("429 page not in the visitor's language: %q", p.doc.Find("h1").Text())
	}
	if ra, err := strconv.Atoi(p.header.Get("Retry-After")); err != nil || ra < 1 || ra > 5 {
		t.Errorf("Retry-After %q", p.header.Get("Retry-After"))
	}
	if g := ts.get("/"); g.status != http.StatusOK {
		t.Errorf("GETs are never limited: %d", g.status)
	}
	now = now.Add(time.Second)
	if p := post(); p.status != http.StatusSeeOther {
		t.Errorf("a second later: status %d", p.status)
	}
}

// Behind a configured proxy header each client has its own bucket; without the setting the
// header is ignored, so nobody escapes the limit by writing it.
func TestClientAddress(t *testing.T) {
	req := httptest.NewRequest("POST", "/", nil)
	req.RemoteAddr = "10.0.0.1:5555"
	req.Header.Set("X-Forwarded-For", "6.6.6.6, 203.0.113.7")
	plain := &Server{}
	if got := plain.clientAddr(req); got != "10.0.0.1" {
		t.Errorf("no trusted header: %s", got)
	}
	proxied := &Server{cfg: Config{ClientIPHeader: "X-Forwarded-For"}}
	if got := proxied.clientAddr(req); got != "203.0.113.7" {
		t.Errorf("X-Forwarded-For: %s, want the proxy's entry (the last)", got)
	}
	req.Header.Set("X-Forwarded-For", "garbage")
	if got := proxied.clientAddr(req); got != "10.0.0.1" {
		t.Errorf("garbled header: %s", got)
	}
	real := &Server{cfg: Config{ClientIPHeader: "X-Real-IP"}}
	req.Header.Set("X-Real-IP", "2001:db8::1")
	if got := real.clientAddr(req); got != "2001:db8::1" {
		t.Errorf("X-Real-IP: %s", got)
	}
}

// A body larger than any form is refused with 413 before it is read.
func TestOversizedBodyIs413(t *testing.T) {
	ts := newSite(t)
	ts.table()
	big := url.Values{"move": {"1"}, "pad": {strings.Repeat("x", 70<<10)}}
	if p := ts.post("/asnas/move", big); p.status != http.StatusRequestEntityTooLarge {
		t.Errorf("70 KiB form: status %d", p.status)
	}
	mid := url.Values{"move": {"1"}, "pad": {strings.Repeat("x", 8<<10)}}
	if p := ts.post("/asnas/move", mid); p.status != http.StatusRequestEntityTooLarge {
		t.Errorf("8 KiB move form (limit 4 KiB): status %d", p.status)
	}
}

// The pages that run an AI search on a GET (the Guandan hint and plan, the As-Nas coach) have a
// token bucket per client like the POSTs', apart from it: beyond it the translated 429 page with
// Retry-After, while the plain table and the client's moves go on as before.
func TestAIPagesRateLimit(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	ts := newSite(t, func(c *Config) {
		c.PostRate, c.PostBurst = 3, 20
		c.Now = func() time.Time { return now }
	})
	ts.gtable()
	ts.gprepare(pairToBeat(t))
	ts.table()
	asks := []string{"/guandan?hint=1", "/guandan?arrange=plan", "/asnas?coach=1"}
	for i := range 20 {
		if p := ts.get(asks[i%len(asks)]); p.status != http.StatusOK {
			t.Fatalf("AI page %d of the burst (%s): status %d", i+1, asks[i%len(asks)], p.status)
		}
	}
	for _, path := range asks {
		p := ts.get(path, "Accept-Language", "sv")
		if p.status != http.StatusTooManyRequests || p.doc.Find(`[data-status="429"]`).Length() != 1 {
			t.Fatalf("%s after the burst: status %d, want 429", path, p.status)
		}
		if !strings.Contains(p.doc.Find("h1").Text(), "ögonblick") {
			t.Errorf("%s: the 429 page is not in the visitor's language: %q", path, p.doc.Find("h1").Text())
		}
		// The page speaks of what was asked, not of moves.
		if text := p.doc.Find("main").Text(); !strings.Contains(text, "tips och förslag") || strings.Contains(text, "drag") {
			t.Errorf("%s: the 429 page says %q", path, strings.Join(strings.Fields(text), " "))
		}
		if ra, err := strconv.Atoi(p.header.Get("Retry-After")); err != nil || ra < 1 || ra > 5 {
			t.Errorf("%s: Retry-After %q", path, p.header.Get("Retry-After"))
		}
	}
	for _, path := range []string{"/guandan", "/asnas", "/guandan/selection?card=1"} {
		if p := ts.get(path); p.status != http.StatusOK {
			t.Errorf("%s asks no AI search and is never limited: %d", path, p.status)
		}
	}
	if p := ts.post("/settings/language", url.Values{"lang": {"en"}, "return": {"/"}}); p.status != http.StatusSeeOther {
		t.Errorf("a move after the AI pages' limit: %d, want it counted apart", p.status)
	}
	now = now.Add(time.Second)
	if p := ts.get("/guandan?hint=1"); p.status != http.StatusOK || p.doc.Find(".ghint").Length() != 1 {
		t.Errorf("a second later the hint: status %d", p.status)
	}
}

// blockingGuandanAI is the Guandan AI with its plays held, once block is set, until release
// closes: a search that takes as long as the test wants.
type blockingGuandanAI struct {
	GuandanAI
	block         *atomic.Bool
	release       chan struct{}
	calls, active *atomic.Int64
	most          *atomic.Int64
}

func (b blockingGuandanAI) Play(v gd.View) gd.Action {
	if b.block.Load() {
		b.calls.Add(1)
		n := b.active.Add(1)
		for m := b.most.Load(); n > m && !b.most.CompareAndSwap(m, n); m = b.most.Load() {
		}
		<-b.release
		b.active.Add(-1)
	}
	return b.GuandanAI.Play(v)
}

// At most one AI search a core runs for GETs at once; the others wait for a slot within their
// request's deadline, and one whose deadline passes runs no search at all. A search that
// outlives its request's deadline renders nothing: the 503 page, as for any request too slow.
func TestAIPagesBoundedAndCancelled(t *testing.T) {
	var block atomic.Bool
	var calls, active, most atomic.Int64
	release := make(chan struct{})
	ts := newSite(t, func(c *Config) {
		c.RequestTimeout = time.Second
		c.GuandanAI = func(seed uint64) GuandanAI {
			// Play without Advise: the hint asks Play, which is held.
			return blockingGuandanAI{GuandanAI: struct{ GuandanAI }{testGuandanAI(seed)}, block: &block,
				release: release, calls: &calls, active: &active, most: &most}
		}
	})
	ts.gtable()
	ts.gprepare(pairToBeat(t))
	block.Store(true)
	slots := runtime.GOMAXPROCS(0)
	statuses := make(chan int, slots+1)
	start := time.Now()
	for range slots + 1 {
		go func() {
			req, _ := http.NewRequest(http.MethodGet, ts.srv.URL+"/guandan?hint=1", nil)
			resp, err := ts.client.Do(req)
			if err != nil {
				statuses <- 0
				return
			}
			resp.Body.Close()
			statuses <- resp.StatusCode
		}()
	}
	deadline := time.Now().Add(5 * time.Second)
	for calls.Load() < int64(slots) && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	time.Sleep(time.Until(start.Add(1500 * time.Millisecond))) // every request's deadline passes
	close(release)
	for range slots + 1 {
		if s := <-statuses; s != http.StatusServiceUnavailable {
			t.Errorf("a hint past its deadline: status %d, want 503", s)
		}
	}
	if n := calls.Load(); n != int64(slots) {
		t.Errorf("%d hint searches ran for %d requests with %d slots; the one that waited out its deadline must run none", n, slots+1, slots)
	}
	if m := most.Load(); m > int64(slots) {
		t.Errorf("%d hint searches at once, want at most %d (one a core)", m, slots)
	}
	block.Store(false)
	if p := ts.gtable("hint=1"); p.doc.Find(".ghint").Length() != 1 {
		t.Error("after the crowd the hint is shown again")
	}
}

// Join codes cannot be guessed: a client that has tried wrongCodesPerHour codes leading to no
// table in a burst meets the 429 page with Retry-After, for a right code as for a wrong one
// (it must learn nothing), until its bucket refills; another client notices nothing, and a
// player who mistypes now and then never meets the limit.
func TestJoinCodeGuessesAreLimited(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	ts := newSite(t, func(c *Config) {
		c.PostRate, c.PostBurst = 3, 20
		c.ClientIPHeader = "X-Forwarded-For"
		c.Now = func() time.Time { return now }
	})
	host := ts.as("Sara")
	path := host.openTable("asnas", "club", 0)
	code := strings.TrimSpace(host.view(path).doc.Find("[data-code]").Text())
	join := func(from, code string) page {
		now = now.Add(time.Second) // the general POST limit refills meanwhile
		return ts.post("/tables/join", url.Values{"code": {code}}, "X-Forwarded-For", from)
	}
	guesser, friend := "203.0.113.7", "198.51.100.9"
	for i := range wrongCodesPerHour {
		if p := join(guesser, fmt.Sprintf("QQQQ-%04d", i)); p.status != http.StatusNotFound {
			t.Fatalf("wrong code %d: status %d, want 404", i+1, p.status)
		}
	}
	p := join(guesser, code)
	if p.status != http.StatusTooManyRequests || p.doc.Find(`[data-status="429"]`).Length() != 1 || p.header.Get("Location") != "" {
		t.Fatalf("the right code after %d wrong ones: status %d to %q, want the 429 page", wrongCodesPerHour, p.status, p.header.Get("Location"))
	}
	if ra, err := strconv.Atoi(p.header.Get("Retry-After")); err != nil || ra < 1 || ra > 3600/wrongCodesPerHour {
		t.Errorf("Retry-After %q", p.header.Get("Retry-After"))
	}
	if p := join(friend, code); p.status != http.StatusSeeOther || p.header.Get("Location") != path {
		t.Errorf("another client's right code: %d to %q", p.status, p.header.Get("Location"))
	}
	now = now.Add(time.Hour / wrongCodesPerHour)
	if p := join(guesser, code); p.status != http.StatusSeeOther || p.header.Get("Location") != path {
		t.Errorf("the right code once the bucket has refilled: %d to %q", p.status, p.header.Get("Location"))
	}
	// A right code costs nothing: the guesser's bucket is as it was (about one token).
	if p := join(guesser, "QQQQ-XXXX"); p.status != http.StatusNotFound {
		t.Errorf("a wrong code after a right one: status %d, want 404", p.status)
	}
}
