package web

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/cardavia/cardavia/rules/asnas"
)

// ownResultWant is the sentence the deal's end owes the viewer at seat for result r, as the
// English catalog words it.
func ownResultWant(r asnas.DealResult, seat int) string {
	net := r.Net[seat]
	abs := net
	if abs < 0 {
		abs = -abs
	}
	n := strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", abs.Float()), "0"), ".")
	points := "points"
	if n == "1" {
		points = "point"
	}
	switch {
	case net > 0:
		return "You win " + n + " " + points + "."
	case net < 0:
		return "You lose " + n + " " + points + "."
	case r.Stakes[seat] == 1:
		return "You get your 1 point back."
	case r.Stakes[seat] > 0:
		return fmt.Sprintf("You get your %d points back.", r.Stakes[seat])
	}
	return "You put nothing in the pot and lose nothing."
}

// TestAsnasDealEndSaysYourResult: at each deal's end the box that says who took the pot also
// says what the deal did to the visitor's score, at the solo table and at a shared one, each
// player their own.
func TestAsnasDealEndSaysYourResult(t *testing.T) {
	ts := newSite(t, bigSeeds(96))
	visitor := ""
	for deal := 1; deal <= 4; deal++ {
		p := ts.table()
		for range 40 {
			vs := verbs(p)
			if len(vs) == 0 {
				break
			}
			ts.location("/asnas/move", url.Values{"move": {moveOf(p)}, "verb": {vs[(deal+len(vs))%len(vs)]}})
			p = ts.table()
		}
		if visitor == "" {
			visitor = ts.visitorID()
		}
		m, err := asnasShown(ts, visitor)
		if err != nil || !m.DealOver() {
			t.Fatalf("deal %d did not end (%v)", deal, err)
		}
		want := ownResultWant(m.Results[len(m.Results)-1], soloSeat)
		if got := lineOf(p.doc.Find("#deal-result [data-own-result]")); got != want {
			t.Errorf("deal %d's end says %q of the visitor's result, want %q (the box: %q)", deal, got, want, lineOf(p.doc.Find("#deal-result")))
		}
		ts.location("/asnas/next", url.Values{"move": {moveOf(p)}})
	}

	sara, ali := ts.as("Sara"), ts.as("Ali")
	path, players, _, _ := asnasPair(t, sara, ali, 0)
	playToDealEnd(t, path, players)
	for seat, p := range map[int]*player{0: sara, 2: ali} {
		v := p.view(path)
		id, _ := replayOf(t, attr(v.doc.Find("a[data-deal-replay]"), "href"))
		a, _, ok, err := asnasGame.loadMatch(t.Context(), ts.server, id, true)
		if err != nil || !ok {
			t.Fatalf("the shared match: %v %v", ok, err)
		}
		r := a.Match().Results[0]
		if got, want := lineOf(v.doc.Find("#deal-result [data-own-result]")), ownResultWant(r, seat); got != want {
			t.Errorf("%s's deal end says %q, want %q", p.name, got, want)
		}
	}
}
