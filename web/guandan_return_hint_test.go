package web

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	aiguandan "github.com/cardavia/cardavia/ai/guandan"
	gd "github.com/cardavia/cardavia/rules/guandan"
)

// TestGuandanReturnHint: when the visitor owes a card back after a tribute, the table offers
// the Hint (its Keys help lists H there), and the hint ticks the very card the AI of the
// visitor's level gives back when it sits in their seat, says so in words, and Return gives
// it back.
func TestGuandanReturnHint(t *testing.T) {
	for _, level := range []string{"beginner", "club", "master"} {
		t.Run(level, func(t *testing.T) {
			ts := newSite(t)
			ts.chooseGuandanLevel(level)
			move := ts.gprepare(returnPosition(t))
			ts.gpost("/guandan/next", url.Values{"move": {move}})
			p := ts.gtable()
			if p.groot("data-phase") != "return" {
				t.Fatalf("phase %s, want the return", p.groot("data-phase"))
			}
			link := p.doc.Find(`form[action="/guandan/return"] a[data-action="hint"]`)
			if link.Length() != 1 {
				t.Fatal("the return form offers no Hint")
			}
			if p.doc.Find(`.gkeys-help [data-key-action="hint"]`).Length() != 1 {
				t.Error("the Keys help does not list the Hint's key at the return")
			}

			// The AI in the visitor's seat, with the other three waiting as humans: its return.
			g, err := shown(ts, guandanGame, ts.visitorID())
			if err != nil {
				t.Fatal(err)
			}
			g = g.Clone()
			l, _ := aiguandan.ParseLevel(level)
			if err := ts.server.guandanAIAt(context.Background(), l, g, seats(0b1110)); err != nil {
				t.Fatal(err)
			}
			var want gd.Card
			found := false
			for _, e := range g.DealLog() {
				if e.Kind == gd.EvReturn && e.Seat == soloSeat {
					want, found = e.Card, true
				}
			}
			if !found {
				t.Fatal("the AI did not return a card in the visitor's seat")
			}

			h := ts.get(attr(link, "href"))
			if h.status != http.StatusOK {
				t.Fatalf("hint: %d", h.status)
			}
			ts.checkGuandanSecrets(h)
			checked := h.doc.Find(`form[action="/guandan/return"] input[name="card"][checked]`)
			if checked.Length() != 1 || attr(checked, "value") != strconv.Itoa(int(want)) {
				t.Fatalf("the hint ticks %d cards (%q), want the AI's return %s (%d)", checked.Length(), attr(checked, "value"), want, want)
			}
			note := strings.Join(strings.Fields(h.doc.Find(`form[action="/guandan/return"] .ghint[data-hint="true"]`).Text()), " ")
			if !strings.HasPrefix(note, "Hint: the AI would give back the ") || !strings.Contains(note, "selected for you") {
				t.Errorf("the hint's note reads %q", note)
			}
			ts.gpost("/guandan/return", url.Values{"move": {h.groot("data-move")}, "card": {attr(checked, "value")}})
			if m, _ := ts.gmatch(); m.Hands[soloSeat].Has(want) {
				t.Error("Return did not give the hinted card back")
			}
		})
	}
}
