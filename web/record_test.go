package web

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/cardavia/cardavia/web/store"
)

// TestUnreadableRecordStartsAfresh: a stored match that no longer decodes (a format change, a
// damaged file) gives its visitor a fresh table, not an error on every visit, and the fresh
// match replaces the unreadable one.
func TestUnreadableRecordStartsAfresh(t *testing.T) {
	for _, game := range []string{"asnas", "guandan"} {
		t.Run(game, func(t *testing.T) {
			ts := newSite(t)
			ts.get("/" + game)
			key := game + ":" + ts.visitorID()
			ctx := context.Background()
			_, version, err := ts.store.Load(ctx, key)
			if err != nil {
				t.Fatal(err)
			}
			if err := ts.store.CompareAndSwap(ctx, key, version, []byte(`{"match": 7`)); err != nil {
				t.Fatal(err)
			}
			p := ts.get("/" + game)
			if p.status != http.StatusOK {
				t.Fatalf("GET /%s over an unreadable record: status %d, want 200", game, p.status)
			}
			if got := attr(p.doc.Find(`[data-game="`+game+`"]`), "data-deal"); got != "1" {
				t.Errorf("fresh table shows deal %q, want 1", got)
			}
			data, _, _ := ts.store.Load(ctx, key)
			if string(data) == `{"match": 7` {
				t.Error("the unreadable record was not replaced")
			}
		})
	}
}

// TestHeadKeepsNothing: a HEAD on a table from a new visitor answers, but stores no match, so
// that probes and crawlers cannot fill the store.
func TestHeadKeepsNothing(t *testing.T) {
	for _, game := range []string{"asnas", "guandan"} {
		t.Run(game, func(t *testing.T) {
			ts := newSite(t)
			req, err := http.NewRequest(http.MethodHead, ts.srv.URL+"/"+game, nil)
			if err != nil {
				t.Fatal(err)
			}
			if p := ts.do(req); p.status != http.StatusOK {
				t.Fatalf("HEAD /%s: status %d, want 200", game, p.status)
			}
			data, _, err := ts.store.Load(context.Background(), game+":"+ts.visitorID())
			if err != nil || data != nil {
				t.Fatalf("HEAD /%s stored a match: %q, %v", game, data, err)
			}
		})
	}
}

// sweepingStore sweeps everything just before its first compare-and-swap: the janitor running
// between a table's load of an expired match and its save of a fresh one.
type sweepingStore struct {
	*store.Memory
	swept bool
}

func (s *sweepingStore) CompareAndSwap(ctx context.Context, key string, old uint64, data []byte) error {
	if !s.swept {
		s.swept = true
		if _, err := s.Sweep(ctx, time.Now().Add(100*store.TTL)); err != nil {
			return err
		}
	}
	return s.Memory.CompareAndSwap(ctx, key, old, data)
}

// TestFirstMatchSurvivesASweep: a match that expired and is swept away between the table's
// load and its save of a fresh match is no conflict with another tab: the visitor gets a fresh
// table, not a 500.
func TestFirstMatchSurvivesASweep(t *testing.T) {
	for _, game := range []string{"asnas", "guandan"} {
		t.Run(game, func(t *testing.T) {
			now := time.Now()
			sweeping := &sweepingStore{Memory: store.NewMemory(store.TTL, func() time.Time { return now })}
			ts := newSite(t, func(c *Config) { c.Store = sweeping })
			ts.get("/" + game)
			sweeping.swept = false
			now = now.Add(store.TTL + time.Hour) // the match has expired; the next save sweeps it
			p := ts.get("/" + game)
			if p.status != http.StatusOK {
				t.Fatalf("GET /%s with a sweep between load and save: status %d, want 200", game, p.status)
			}
			if !sweeping.swept {
				t.Fatal("the sweep did not happen: the test tests nothing")
			}
		})
	}
}
