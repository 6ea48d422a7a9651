package web

import (
	"context"
	"net/http"
	"testing"
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
