package web

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
)

// TestSharedTableHandOverAfterTheMove: the offer to let the AI play for a player who kept the
// table waiting, clicked just after that player moved at last, answered with the 409 page
// 'That player still has time for their move', about a move already made. The table changed
// since the offer's page: it is shown with the notice that somebody moved first, and nobody is
// handed to the AI.
func TestSharedTableHandOverAfterTheMove(t *testing.T) {
	clk := &clock{now: time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)}
	ts := newSite(t, func(c *Config) { c.Now = clk.Now })
	path, _, idle, other := asnasPair(t, ts.as("Sara"), ts.as("Ali"), 0)
	clk.add(silence + time.Second)
	offer := other.view(path).doc.Find(`form.shared-handover`)
	if offer.Length() != 1 {
		t.Fatal("after two minutes of silence the others are not offered to hand the seat to the AI")
	}
	// The idle player moves at last (the first of their buttons that ends the turn).
	mine := idle.view(path)
	form := mine.doc.Find(`form.actions`)
	verb := ""
	form.Find(`button[name="verb"]`).EachWithBreak(func(_ int, b *goquery.Selection) bool {
		if v := attr(b, "value"); v != "look" {
			verb = v
			return false
		}
		return true
	})
	values := submitted(form)
	values.Set("verb", verb)
	if r := idle.post(attr(form, "action"), values); r.status != http.StatusSeeOther {
		t.Fatalf("the idle player's %s: %d", verb, r.status)
	}
	r := other.post(attr(offer, "action"), submitted(offer))
	if r.status != http.StatusSeeOther || !strings.HasSuffix(r.header.Get("Location"), "?notice=stale") {
		t.Errorf("the offer sent after the move: %d to %q, want the table with the notice that somebody moved first", r.status, r.header.Get("Location"))
	}
	if strings.Contains(idle.view(path).doc.Find("#log").Text(), "kept the table waiting") {
		t.Error("the player who moved was handed to the AI all the same")
	}
}
