package web

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cardavia/cardavia/web/store"
)

// loadCountingStore counts the store's reads.
type loadCountingStore struct {
	store.Store
	loads atomic.Int64
}

func (c *loadCountingStore) Load(ctx context.Context, key string) ([]byte, uint64, error) {
	c.loads.Add(1)
	return c.Store.Load(ctx, key)
}

// The static files and the health check need nobody's session or
// preferences: a visitor's requests for them never read the store (the health check only
// pings it).
func TestAssetsReadNoVisitor(t *testing.T) {
	var st *loadCountingStore
	ts := newSite(t, func(c *Config) {
		st = &loadCountingStore{Store: c.Store}
		c.Store = st
	})
	home := ts.get("/")
	ts.location("/settings/language", url.Values{"lang": {"sv"}, "return": {"/"}})
	css := attr(home.doc.Find(`link[rel="stylesheet"]`).First(), "href")
	for _, path := range []string{css, "/healthz"} {
		before := st.loads.Load()
		if p := ts.get(path); p.status != http.StatusOK {
			t.Errorf("GET %s: %d", path, p.status)
		}
		if n := st.loads.Load() - before; n != 0 {
			t.Errorf("GET %s read the store %d times", path, n)
		}
	}
	if before := st.loads.Load(); ts.get("/").status != http.StatusOK || st.loads.Load() == before {
		t.Error("a page no longer reads the visitor's preferences")
	}
}

// With the limiter's map full and no bucket refilled (a crowd of clients, all busy), a new
// client costs a look at every bucket once, not at each arrival: the next 200 new clients take
// less time than twenty such looks (before, each of them looked at all 100,000).
func TestLimiterSweepsAtMostOnceWhileNothingRefills(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := newLimiter(3, 1, func() time.Time { return now })
	for i := range limiterMaxClients {
		if _, ok := l.allow("busy-" + strconv.Itoa(i)); !ok {
			t.Fatal("a new client was refused")
		}
	}
	start := time.Now()
	if _, ok := l.allow("new-0"); !ok {
		t.Fatal("a new client was refused")
	}
	sweep := time.Since(start)
	start = time.Now()
	for i := 1; i <= 200; i++ {
		if _, ok := l.allow("new-" + strconv.Itoa(i)); !ok {
			t.Fatal("a new client was refused")
		}
	}
	if rest := time.Since(start); rest > 20*sweep {
		t.Errorf("200 new clients took %v, one sweep of the full map %v: each of them swept it again", rest, sweep)
	}
	if _, ok := l.allow("busy-7"); ok {
		t.Error("a busy client got a token back")
	}
}
