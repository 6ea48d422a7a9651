package web

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/PuerkitoBio/goquery"

	aiasnas "github.com/cardavia/cardavia/ai/asnas"
	"github.com/cardavia/cardavia/web/store"
)

// redisURLEnv names the real Redis the integration tests use; scripts/test.sh starts one on
// a free loopback port and sets it.
const redisURLEnv = "CARDAVIA_TEST_REDIS_URL"

// twoServers is two web servers (the real router) sharing one Redis, and a visitor's
// browser that talks to both: as behind a load balancer without sticky sessions.
type twoServers struct {
	site   *testSite // the browser and server A
	a, b   string    // base URLs
	client *http.Client
	srvs   [2]*httptest.Server
}

// saraAndAli are two players with cookies of their own, Sara on the first process and Ali on
// the second.
func (two *twoServers) saraAndAli(t *testing.T) (sara, ali *player) {
	return &player{&testSite{t: t, srv: two.srvs[0], client: newClient(t)}, "Sara"},
		&player{&testSite{t: t, srv: two.srvs[1], client: newClient(t)}, "Ali"}
}

// newTwoServers starts the two servers, each Config given opts (called once per server).
func newTwoServers(t *testing.T, opts ...testOption) *twoServers {
	t.Helper()
	redisURL := os.Getenv(redisURLEnv)
	if redisURL == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set: under CI the Redis integration tests must run (scripts/test.sh starts redis-server)", redisURLEnv)
		}
		t.Skipf("%s not set: run scripts/test.sh, which starts redis-server", redisURLEnv)
	}
	keys := [][]byte{[]byte("0123456789abcdef0123456789abcdef")}
	var servers []string
	var first *Server
	var srvs [2]*httptest.Server
	for i := range 2 {
		rs, err := store.OpenRedis(context.Background(), redisURL, store.TTL)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { rs.Close() })
		cfg := Config{
			Store:       rs,
			SessionKeys: keys,
			AsnasAI:     func(s uint64) AsnasAI { return aiasnas.NewPlayer(s) },
			GuandanAI:   testGuandanAI,
		}
		for _, o := range opts {
			o(&cfg)
		}
		s, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(s)
		t.Cleanup(srv.Close)
		servers = append(servers, srv.URL)
		srvs[i] = srv
		if first == nil {
			first = s
		}
	}
	ts := &testSite{t: t, server: first, client: newClient(t)}
	return &twoServers{site: ts, a: servers[0], b: servers[1], client: ts.client, srvs: srvs}
}

// get fetches the As-Nas table through base and returns the page.
func (two *twoServers) table(base string) page {
	two.site.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, base+"/asnas", nil)
	p := two.site.do(req)
	if p.status != http.StatusOK {
		two.site.t.Fatalf("GET %s/asnas: %d", base, p.status)
	}
	return p
}

// moveForm reads the page's form for the visitor's next step the way a browser sees it: its
// action, its hidden inputs (the move number among them) and one submit button's name/value.
// It prefers the table's move buttons, then Next deal, then New match.
func moveForm(t *testing.T, p page) (string, url.Values) {
	t.Helper()
	for _, action := range []string{"/asnas/move", "/asnas/next", "/asnas/restart"} {
		f := p.doc.Find(`form[method="post"][action="` + action + `"]`).First()
		if f.Length() == 0 {
			continue
		}
		v := url.Values{}
		f.Find(`input[type="hidden"]`).Each(func(_ int, in *goquery.Selection) { v.Set(attr(in, "name"), attr(in, "value")) })
		b := f.Find(`button[type="submit"][data-action], button[type="submit"]`).First()
		if n := attr(b, "name"); n != "" {
			v.Set(n, attr(b, "value"))
		}
		return action, v
	}
	t.Fatalf("no move form on the table:\n%s", p.body)
	return "", nil
}

func (two *twoServers) post(base, action string, v url.Values) page {
	two.site.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, base+action, strings.NewReader(v.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return two.site.do(req)
}

func moveNumber(t *testing.T, v url.Values) uint64 {
	t.Helper()
	n, err := strconv.ParseUint(v.Get("move"), 10, 64)
	if err != nil {
		t.Fatalf("move number %q", v.Get("move"))
	}
	return n
}

// TestRedisMatchAcrossServers: a match begun through one server continues through the other,
// move by move, alternating; a form made stale by a move through A is refused through B; and
// a double submit through both at once applies exactly once.
func TestRedisMatchAcrossServers(t *testing.T) {
	two := newTwoServers(t)
	bases := []string{two.a, two.b}

	// Alternate: read the page through one server, post through the other.
	var last uint64
	for i := range 16 {
		p := two.table(bases[i%2])
		action, v := moveForm(t, p)
		n := moveNumber(t, v)
		// A move number is the match's id and its count of actions (the AI's included): the
		// same match, moved on by the last post through the other server.
		if i > 0 && (n>>24 != last>>24 || n <= last) {
			t.Fatalf("step %d: server %d shows move %x after %x: the servers do not share the match", i, i%2, n, last)
		}
		r := two.post(bases[(i+1)%2], action, v)
		if r.status != http.StatusSeeOther || strings.Contains(r.header.Get("Location"), "notice=") {
			t.Fatalf("step %d: %s through the other server: %d %s", i, action, r.status, r.header.Get("Location"))
		}
		last = n
	}

	// Stale: the same form twice, first through A, then through B.
	p := two.table(two.a)
	action, v := moveForm(t, p)
	n := moveNumber(t, v)
	if r := two.post(two.a, action, v); r.status != http.StatusSeeOther || strings.Contains(r.header.Get("Location"), "notice=") {
		t.Fatalf("fresh post through A: %d %s", r.status, r.header.Get("Location"))
	}
	_, va := moveForm(t, two.table(two.a))
	after := moveNumber(t, va)
	if after>>24 != n>>24 || after <= n {
		t.Fatalf("the fresh post through A left the match at %x, from %x", after, n)
	}
	if r := two.post(two.b, action, v); r.status != http.StatusSeeOther || !strings.Contains(r.header.Get("Location"), "notice=stale") {
		t.Fatalf("stale post through B: %d %s, want 303 to a stale notice", r.status, r.header.Get("Location"))
	}
	if _, v2 := moveForm(t, two.table(two.b)); moveNumber(t, v2) != after {
		t.Fatalf("after a refused stale post the match is at move %s, want %d", v2.Get("move"), after)
	}

	// Double submit through both servers at once: exactly one applies.
	for round := range 5 {
		action, v := moveForm(t, two.table(two.a))
		n := moveNumber(t, v)
		var wg sync.WaitGroup
		locations := make([]string, 2)
		for i, base := range bases {
			wg.Go(func() {
				req, _ := http.NewRequest(http.MethodPost, base+action, strings.NewReader(v.Encode()))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				resp, err := two.client.Do(req)
				if err != nil {
					t.Error(err)
					return
				}
				resp.Body.Close()
				if resp.StatusCode != http.StatusSeeOther {
					t.Errorf("double submit through %d: status %d", i, resp.StatusCode)
				}
				locations[i] = resp.Header.Get("Location")
			})
		}
		wg.Wait()
		applied := 0
		for _, l := range locations {
			if !strings.Contains(l, "notice=") {
				applied++
			} else if !strings.Contains(l, "notice=stale") {
				t.Errorf("round %d: unexpected notice %s", round, l)
			}
		}
		if applied != 1 {
			t.Fatalf("round %d: %d of two identical posts applied (%v), want exactly 1", round, applied, locations)
		}
		// Both servers show the one position the applied post reached.
		_, va := moveForm(t, two.table(two.a))
		_, vb := moveForm(t, two.table(two.b))
		if a, b := moveNumber(t, va), moveNumber(t, vb); a != b || a>>24 != n>>24 || a <= n {
			t.Fatalf("round %d: after a double submit from %x the servers show %x and %x", round, n, a, b)
		}
	}
}

// TestRedisHealth: /healthz says ok while Redis answers.
func TestRedisHealth(t *testing.T) {
	two := newTwoServers(t)
	for _, base := range []string{two.a, two.b} {
		resp, err := http.Get(base + "/healthz")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("%s/healthz: %d", base, resp.StatusCode)
		}
	}
}
