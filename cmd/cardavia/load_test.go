package main

import (
	"context"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	aiasnas "github.com/cardavia/cardavia/ai/asnas"
	aiguandan "github.com/cardavia/cardavia/ai/guandan"
	"github.com/cardavia/cardavia/record"
	"github.com/cardavia/cardavia/web"
	"github.com/cardavia/cardavia/web/store"
)

// testSite serves the real router on the memory store, with the AI players the site seats, on
// a loopback port for virtual players; edit, when given, changes the configuration first.
func testSite(tb testing.TB, edit func(*web.Config)) (*httptest.Server, *url.URL) {
	tb.Helper()
	cfg := web.Config{
		Store:       store.NewMemory(store.TTL, time.Now),
		SessionKeys: [][]byte{[]byte("0123456789abcdef0123456789abcdef")},
		AsnasAI:     func(seed uint64) web.AsnasAI { return aiasnas.NewPlayer(seed) },
		GuandanAI:   func(seed uint64) web.GuandanAI { return aiguandan.New(seed) },
	}
	if edit != nil {
		edit(&cfg)
	}
	h, err := web.New(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	srv := httptest.NewServer(h)
	tb.Cleanup(srv.Close)
	u, _ := url.Parse(srv.URL)
	return srv, u
}

// startingWith is a player's generator, the first from seed from on in stream, whose first
// draw makes play begin with game (0 As-Nas, 1 Guandan).
func startingWith(game int, from, stream uint64) *rand.Rand {
	for seed := from; ; seed++ {
		if rand.New(rand.NewPCG(seed, stream)).IntN(2) == game {
			return rand.New(rand.NewPCG(seed, stream))
		}
	}
}

func TestLoadRefusesOtherHosts(t *testing.T) {
	for _, u := range []string{"http://127.0.0.1:8080", "http://localhost:8080", "http://[::1]:9/"} {
		if _, err := loopbackTarget(u); err != nil {
			t.Errorf("%s refused: %v", u, err)
		}
	}
	for _, u := range []string{"http://10.0.0.1:8080", "http://example.org", "http://0.0.0.0:8080", "ftp://127.0.0.1", "127.0.0.1:8080", "http://localhost.example.org"} {
		if _, err := loopbackTarget(u); err == nil {
			t.Errorf("%s accepted", u)
		}
	}
}

// The virtual players play both games through the real router's forms: matches advance (the
// store sees compare-and-swaps beyond the first deals) and nothing answers an error.
func TestVirtualPlayersPlayBothGames(t *testing.T) {
	m := web.NewMetrics()
	srv, u := testSite(t, func(c *web.Config) { c.Metrics = m })
	stats := &loadStats{}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	for i := range 2 {
		p := newVirtualPlayer(u, srv.Client().Transport, i, stats, time.Time{})
		p.rng = rand.New(rand.NewPCG(uint64(i), 1))
		go p.play(ctx)
	}
	<-ctx.Done()
	time.Sleep(100 * time.Millisecond)
	stats.mu.Lock()
	defer stats.mu.Unlock()
	if stats.errors > 0 {
		t.Errorf("%d errors: %s", stats.errors, strings.Join(stats.firstErr, "; "))
	}
	if len(stats.posts) < 4 {
		t.Errorf("only %d moves posted in 2 s by two players", len(stats.posts))
	}
}

// The crash test reads a move number as the record package writes it: the match and its moves.
func TestCrashTestReadsTokens(t *testing.T) {
	id := record.ID(0x1234567)
	n := record.Token(id, 41)
	if gotID, moves := record.SplitToken(n); gotID != id || moves != 41 {
		t.Errorf("token %x does not split into match %x and 41 moves", n, uint64(id))
	}
}

// Players who choose their own Guandan cards (no hint) play legal moves: over two seconds of
// play at the real router, Guandan moves are made, none is refused, and nothing errs.
func TestVirtualPlayersChooseLegalGuandanPlays(t *testing.T) {
	srv, u := testSite(t, nil)
	stats := &loadStats{}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	var mu sync.Mutex
	hintPages, tables := 0, 0
	for i := range 3 {
		p := newVirtualPlayer(u, srv.Client().Transport, i, stats, time.Time{})
		p.rng = startingWith(1, uint64(i)*1000, 3) // every player starts with Guandan
		p.hints, p.noPause = 0, true
		p.pages = func(path string, _ []byte) {
			mu.Lock()
			defer mu.Unlock()
			if strings.Contains(path, "hint") {
				hintPages++
			} else if strings.HasPrefix(path, "/guandan") {
				tables++
			}
		}
		go p.play(ctx)
	}
	<-ctx.Done()
	time.Sleep(100 * time.Millisecond)
	stats.mu.Lock()
	defer stats.mu.Unlock()
	mu.Lock()
	defer mu.Unlock()
	if stats.errors > 0 || stats.refused > 0 {
		t.Errorf("%d errors, %d plays refused: %s", stats.errors, stats.refused, strings.Join(stats.firstErr, "; "))
	}
	if tables < 20 || len(stats.posts) < 20 {
		t.Errorf("only %d Guandan tables seen and %d moves posted in 2 s by three players", tables, len(stats.posts))
	}
	if hintPages*10 > tables {
		t.Errorf("%d hint pages read for %d tables by players told to choose their own cards", hintPages, tables)
	}
	t.Logf("%d Guandan tables, %d hint pages, %d moves", tables, hintPages, len(stats.posts))
}

// With -max-errors the run fails when the site answers errors: a server that answers 500 to
// everything fails a run that allows none.
func TestLoadFailsOnErrors(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "down", http.StatusInternalServerError)
	}))
	defer srv.Close()
	var out strings.Builder
	err := runLoad(context.Background(), []string{"-url", srv.URL, "-players", "2", "-duration", "1500ms", "-ramp", "100ms", "-no-baseline", "-max-errors", "0"}, &out)
	if err == nil || !strings.Contains(err.Error(), "errors") {
		t.Errorf("a run against a failing server ended with %v:\n%s", err, out.String())
	}
}

// With -max-post-p99 the run fails when the site's POSTs are slower than that: the real site
// with every POST held 60 ms fails a limit of 20 ms and passes one of 2 s.
func TestLoadFailsOnSlowPosts(t *testing.T) {
	site, _ := testSite(t, nil)
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			time.Sleep(60 * time.Millisecond)
		}
		site.Config.Handler.ServeHTTP(w, r)
	}))
	defer slow.Close()
	run := func(limit string) (string, error) {
		var out strings.Builder
		err := runLoad(context.Background(), []string{"-url", slow.URL, "-players", "2", "-duration", "2s", "-ramp", "100ms", "-no-baseline", "-max-errors", "0", "-max-post-p99", limit}, &out)
		return out.String(), err
	}
	if out, err := run("20ms"); err == nil || !strings.Contains(err.Error(), "POST p99") {
		t.Errorf("POSTs of 60 ms against a limit of 20 ms ended with %v:\n%s", err, out)
	}
	if out, err := run("2s"); err != nil {
		t.Errorf("POSTs of 60 ms against a limit of 2 s ended with %v:\n%s", err, out)
	}
}
