package web

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/cardavia/cardavia/record"
	"github.com/cardavia/cardavia/web/store"
)

// shelfDownStore refuses, while down is set, every write that touches a shelf, as a store that
// fails now and then would; the matches are written as usual.
type shelfDownStore struct {
	store.Store
	down atomic.Bool
	// match is the key of the last match written.
	match atomic.Value
}

var errShelfDown = errors.New("test: the store refuses shelf writes")

func (f *shelfDownStore) CompareAndSwap(ctx context.Context, key string, version uint64, data []byte) error {
	if f.down.Load() && strings.HasPrefix(key, "shelf:") {
		return errShelfDown
	}
	return f.Store.CompareAndSwap(ctx, key, version, data)
}

func (f *shelfDownStore) CompareAndSwapAll(ctx context.Context, swaps ...store.Swap) error {
	for _, sw := range swaps {
		if f.down.Load() && strings.HasPrefix(sw.Key, "shelf:") {
			return errShelfDown
		}
	}
	err := f.Store.CompareAndSwapAll(ctx, swaps...)
	for _, sw := range swaps {
		if err == nil && strings.HasPrefix(sw.Key, "match:") {
			f.match.Store(sw.Key)
		}
	}
	return err
}

// newShelfDownSite is a test site whose store can refuse shelf writes, with its metrics.
func newShelfDownSite(t *testing.T) (*testSite, *shelfDownStore, *Metrics) {
	var st *shelfDownStore
	m := NewMetrics()
	ts := newSite(t, bigSeeds(92), func(c *Config) {
		st = &shelfDownStore{Store: c.Store}
		c.Store, c.Metrics = st, m
	})
	return ts, st, m
}

func shelfFailures(t *testing.T, m *Metrics) float64 {
	var n float64
	for _, c := range gather(t, m, "cardavia_shelf_update_failures_total") {
		n += c.GetCounter().GetValue()
	}
	return n
}

// A move whose shelf write fails is still the player's move: it is answered as one, the failure
// is logged and counted, and what the shelf missed is filed by the visitor's next request at the
// table, a read (the history) or a move (New match right away): the finished match is in the
// history, the new match is the table's, and the first move's match is not lost for a new one.
func TestShelfFailureIsMended(t *testing.T) {
	t.Run("finished match, then the history", func(t *testing.T) {
		ts, st, m := newShelfDownSite(t)
		ts.gtable()
		move := ts.gprepare(matchEndPosition(t))
		st.down.Store(true)
		ts.gpost("/guandan/play", url.Values{"move": {move}, "card": ids(cardsOf(t, "RJ"))})
		if n := shelfFailures(t, m); n != 1 {
			t.Errorf("%v shelf failures counted, want 1", n)
		}
		st.down.Store(false)
		finishedOnce(t, ts, "guandan", 1)
	})
	t.Run("finished match, then New match", func(t *testing.T) {
		ts, st, _ := newShelfDownSite(t)
		ts.gtable()
		move := ts.gprepare(matchEndPosition(t))
		st.down.Store(true)
		ts.gpost("/guandan/play", url.Values{"move": {move}, "card": ids(cardsOf(t, "RJ"))})
		end := ts.gtable()
		st.down.Store(false)
		ts.gpost("/guandan/restart", url.Values{"move": {end.groot("data-move")}})
		h := ts.get("/guandan/history")
		if n := h.doc.Find(`[data-past] > li`).Length(); n != 1 || attr(h.doc.Find(`[data-past] > li`), "data-won") != "true" {
			t.Errorf("after New match the history lists %d finished matches, want the won one", n)
		}
	})
	t.Run("New match", func(t *testing.T) {
		ts, st, m := newShelfDownSite(t)
		ts.gtable()
		move := ts.gprepare(matchEndPosition(t))
		ts.gpost("/guandan/play", url.Values{"move": {move}, "card": ids(cardsOf(t, "RJ"))})
		end := ts.gtable()
		st.down.Store(true)
		ts.gpost("/guandan/restart", url.Values{"move": {end.groot("data-move")}})
		if n := shelfFailures(t, m); n != 1 {
			t.Errorf("%v shelf failures counted, want 1", n)
		}
		st.down.Store(false)
		p := ts.gtable()
		if p.groot("data-over") == "true" || p.groot("data-move") == end.groot("data-move") {
			t.Errorf("after New match the table shows the finished match again (move %s)", p.groot("data-move"))
		}
		if h := ts.get("/guandan/history"); h.doc.Find(`[data-past] > li`).Length() != 1 || h.doc.Find(`[data-current="over"]`).Length() != 0 || h.doc.Find("a[data-replay]").Length() != 2 {
			t.Errorf("after New match the history does not list the finished match and the new one")
		}
	})
	t.Run("first move", func(t *testing.T) {
		ts, st, m := newShelfDownSite(t)
		table := ts.table()
		st.down.Store(true)
		ts.location("/asnas/restart", url.Values{"move": {moveOf(table)}})
		if n := shelfFailures(t, m); n != 1 {
			t.Errorf("%v shelf failures counted, want 1", n)
		}
		st.down.Store(false)
		data, _, err := st.Load(context.Background(), st.match.Load().(string))
		if err != nil || data == nil {
			t.Fatalf("the first move stored no match: %v", err)
		}
		stored, err := record.DecodeAsnas(data)
		if err != nil {
			t.Fatal(err)
		}
		if again := ts.table(); moveOf(again) != strconv.FormatUint(stored.Token(), 10) {
			t.Errorf("after the first move the table is at move %s, not the stored match's %d", moveOf(again), stored.Token())
		}
		if h := ts.get("/asnas/history"); attr(h.doc.Find("a[data-replay]"), "href") != replayURL("asnas", stored.ID, 1) {
			t.Error("the history does not show the match the first move stored")
		}
	})
}

// A finished match the shelf lists under a garbled id (a damaged entry) is still listed and
// counted, without replay links that could only lead to a 404, and the damage is logged.
func TestHistoryWithAGarbledMatchID(t *testing.T) {
	logged := &syncWriter{}
	ts := newSite(t, func(c *Config) { c.Logger = slog.New(slog.NewJSONHandler(logged, nil)) })
	ts.table()
	data, err := json.Marshal(shelf{Version: shelfVersion, Past: []pastMatch{{ID: "not-an-id", Deals: 3, Won: true, Stats: stats{Matches: 1, Won: 1, Deals: 3}}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := ts.server.cfg.Store.CompareAndSwap(context.Background(), asnasGame.shelfKey(ts.visitorID()), 0, data); err != nil {
		t.Fatal(err)
	}
	h := ts.get("/asnas/history")
	if n := h.doc.Find(`[data-past] > li`).Length(); h.status != http.StatusOK || n != 1 {
		t.Fatalf("history %d with %d finished matches, want the damaged one listed", h.status, n)
	}
	if n := h.doc.Find(`[data-past] a[data-replay]`).Length(); n != 0 {
		t.Errorf("%d replay links to a match without an id", n)
	}
	if !strings.Contains(logged.String(), "not-an-id") {
		t.Errorf("the garbled id was not logged:\n%s", logged.String())
	}
}

// syncWriter is a log that requests write while the test reads it.
type syncWriter struct {
	mu  sync.Mutex
	buf strings.Builder
}

func (w *syncWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.Write(p)
}

func (w *syncWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}
