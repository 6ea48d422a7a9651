package web

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	aiasnas "github.com/cardavia/cardavia/ai/asnas"
	"github.com/cardavia/cardavia/web/store"
)

// benchServer is the real router with a memory store, and the cookie of one visitor.
func benchServer(b *testing.B) (*Server, *http.Cookie) {
	return benchServerOn(b, store.NewMemory(store.TTL, time.Now))
}

// benchServerOn is benchServer on the store st.
func benchServerOn(b *testing.B, st store.Store) (*Server, *http.Cookie) {
	// Fixed match seeds, so that a benchmark renders the same deals from run to run and two
	// builds can be compared.
	var seed uint64
	s, err := New(Config{
		Seed:        func() uint64 { seed++; return seed },
		Store:       st,
		SessionKeys: [][]byte{[]byte("0123456789abcdef0123456789abcdef")},
		AsnasAI:     func(seed uint64) AsnasAI { return aiasnas.NewPlayer(seed) },
		GuandanAI:   testGuandanAI,
	})
	if err != nil {
		b.Fatal(err)
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", "/asnas", nil))
	cookies := rec.Result().Cookies()
	if rec.Code != 200 || len(cookies) == 0 {
		b.Fatalf("first visit: %d", rec.Code)
	}
	// The first move stores the match (a table page alone stores nothing): a restart.
	c := cookies[0]
	move := regexp.MustCompile(`data-move="([0-9]+)"`).FindStringSubmatch(rec.Body.String())
	req := httptest.NewRequest("POST", "/asnas/restart", strings.NewReader(url.Values{"move": {move[1]}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.AddCookie(c)
	rec = httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/asnas" {
		b.Fatalf("first move: %d %s", rec.Code, rec.Header().Get("Location"))
	}
	for _, nc := range rec.Result().Cookies() {
		if nc.Name == cookieName {
			c = nc
		}
	}
	return s, c
}

// benchVisitor is the session id behind a bench cookie.
func benchVisitor(s *Server, c *http.Cookie) string {
	req := httptest.NewRequest("GET", "/", nil)
	req.AddCookie(c)
	sess, _ := s.sessions.Get(req, cookieName)
	id, _ := sess.Values["id"].(string)
	return id
}

// BenchmarkBare is the floor: a trivial handler through the whole middleware chain.
func BenchmarkBare(b *testing.B) {
	s, c := benchServer(b)
	for b.Loop() {
		req := httptest.NewRequest("GET", "/healthz", nil)
		req.AddCookie(c)
		s.ServeHTTP(httptest.NewRecorder(), req)
	}
}

// BenchmarkTablePage renders the table: load, view, render.
func BenchmarkTablePage(b *testing.B) {
	s, c := benchServer(b)
	for b.Loop() {
		req := httptest.NewRequest("GET", "/asnas", nil)
		req.AddCookie(c)
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if rec.Code != 200 {
			b.Fatal(rec.Code)
		}
	}
}

// BenchmarkMovePost is one POST's work: load, a new match (the one move that is always
// legal), the AI seats' turns, save, redirect.
func BenchmarkMovePost(b *testing.B) { benchmarkRestartPost(b, store.NewMemory(store.TTL, time.Now)) }

// BenchmarkRestartPostBolt is BenchmarkMovePost on the embedded store, the commits (two
// syncs each) included, one writer at a time; writes/op counts the store writes a restart
// waits for.
func BenchmarkRestartPostBolt(b *testing.B) {
	db, err := store.OpenBolt(filepath.Join(b.TempDir(), "bench.db"), store.TTL, time.Now)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	counting := &countingStore{Store: db}
	benchmarkRestartPost(b, counting)
	b.ReportMetric(float64(counting.writes.Load())/float64(b.N), "writes/op")
}

func benchmarkRestartPost(b *testing.B, st store.Store) {
	s, c := benchServerOn(b, st)
	id := benchVisitor(s, c)
	for b.Loop() {
		b.StopTimer()
		a, _, err := asnasGame.load(context.Background(), s, id)
		if err != nil || a == nil {
			b.Fatal(err)
		}
		move := a.Token()
		b.StartTimer()
		req := httptest.NewRequest("POST", "/asnas/restart", strings.NewReader(url.Values{"move": {strconv.FormatUint(move, 10)}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.AddCookie(c)
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/asnas" {
			b.Fatal(rec.Code, rec.Header().Get("Location"))
		}
	}
}
