package web

import (
	"fmt"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/cardavia/cardavia/rules/asnas"
)

// ownResultWant is the sentence the deal's end owes the viewer at seat, worked out as RULES.md
// settles a deal, from its public betting only: the winners split the pot equally, a score is
// the payout less the stake, shown to two decimals ("1.00 points"). A score of nothing is the
// stake given back, or nothing at all for a player who never put anything in.
func ownResultWant(r asnas.DealResult, seat int) string {
	payout := 0.0
	if slices.Contains(r.Winners, seat) {
		payout = float64(r.Pot) / float64(len(r.Winners))
	}
	net := payout - float64(r.Stakes[seat])
	n := fmt.Sprintf("%.2f", math.Abs(net))
	switch {
	case n == "0.00" && r.Stakes[seat] == 1:
		return "You get your 1 point back."
	case n == "0.00" && r.Stakes[seat] > 0:
		return fmt.Sprintf("You get your %d points back.", r.Stakes[seat])
	case n == "0.00":
		return "You put nothing in the pot and lose nothing."
	case net > 0:
		return "You win " + n + " points."
	}
	return "You lose " + n + " points."
}

// TestAsnasDealEndSaysYourResult: at each deal's end the box that says who took the pot also
// says what the deal did to the visitor's score, at the solo table and at a shared one, each
// player their own.
func TestAsnasDealEndSaysYourResult(t *testing.T) {
	ts := newSite(t, bigSeeds(96))
	visitor := ""
	seen := map[string]bool{} // the sentences' first words: wins and losses both
	for deal := 1; deal <= asnas.DealsPerMatch; deal++ {
		p := ts.table()
		for step := 0; step < 40; step++ {
			vs := verbs(p)
			if len(vs) == 0 {
				break
			}
			ts.location("/asnas/move", url.Values{"move": {moveOf(p)}, "verb": {vs[(deal*7+step)%len(vs)]}})
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
		got := lineOf(p.doc.Find("#deal-result [data-own-result]"))
		if got != want {
			t.Errorf("deal %d's end says %q of the visitor's result, want %q (the box: %q)", deal, got, want, lineOf(p.doc.Find("#deal-result")))
		}
		seen[strings.Join(strings.Fields(got)[:2], " ")] = true
		if deal < asnas.DealsPerMatch {
			ts.location("/asnas/next", url.Values{"move": {moveOf(p)}})
		}
	}
	if !seen["You win"] || !seen["You lose"] {
		t.Fatalf("the match's deal ends said %v: the test needs a win and a loss", seen)
	}

	// At a shared table Sara plays each first button (she looks, then folds or checks) and Ali
	// each last one (he raises or calls): their results differ, and each sees their own.
	sara, ali := ts.as("Sara"), ts.as("Ali")
	path, players, _, _ := asnasPair(t, sara, ali, 0)
	for range 200 {
		r := sara.view(path)
		if rootOf(r, "data-phase") == "dealover" {
			break
		}
		p, ok := players[rootOf(r, "data-to-act")]
		if !ok {
			t.Fatalf("phase %s waits for seat %s", rootOf(r, "data-phase"), rootOf(r, "data-to-act"))
		}
		buttons := p.view(path).doc.Find(`form[action$="/move"] button[data-verb]`)
		b := map[*player]*goquery.Selection{sara: buttons.First(), ali: buttons.Last()}[p]
		if res := p.post(path+"/move", url.Values{"move": {rootOf(r, "data-move")}, "verb": {attr(b, "value")}}); res.status != http.StatusSeeOther {
			t.Fatalf("%s's move: %d", p.name, res.status)
		}
	}
	said := map[int]string{}
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
		said[seat] = lineOf(v.doc.Find("#deal-result [data-own-result]"))
	}
	if said[0] == said[2] {
		t.Errorf("Sara and Ali both read %q: the test needs two different results", said[0])
	}
}
