package web

import (
	"context"
	"net/http"
	"net/url"
	"sync/atomic"
	"testing"

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

// The static files, the filter stylesheet and the health check need nobody's session or
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
	for _, path := range []string{css, "/filters.css", "/healthz"} {
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
