package web

import (
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// TestGuandanStackLabelsOnlyWhereUsed: the label of the button that picks a whole stack
// (data-stack-label, read by guandan.js) is printed on the stacks of two or more cards of the
// hand laid out by rank, and names what each holds; never on a single card, nor in the runs
// of the other layouts, where the jokers' run holds both colours and its label said "Red
// Jokers".
func TestGuandanStackLabelsOnlyWhereUsed(t *testing.T) {
	ts := newSite(t)
	ts.gtable()
	ts.gprepare(guandanPosition(gd.DealStart{Levels: [2]gd.Rank{gd.Two, gd.Two}, Level: gd.Two, Leader: soloSeat, Hands: [4]gd.Set{
		cardsOf(t, "RJ RJ BJ 2H 2H 8S 8C 9S KC"),
		cardsOf(t, "4S 4D 5C 6C 7D JH QS"),
		cardsOf(t, "4H 5D 6D 7H JD QD KH"),
		cardsOf(t, "5S 6S 7S TD JC QC KD"),
	}}))
	labels := func(p page) map[string]string {
		out := map[string]string{}
		p.doc.Find(".ghand .ggroup").Each(func(_ int, g *goquery.Selection) {
			l, ok := g.Attr("data-stack-label")
			_, short := g.Attr("data-stack-short")
			if ok != short {
				t.Errorf("group %s: data-stack-label %v but data-stack-short %v", attr(g, "data-group"), ok, short)
			}
			if ok {
				out[attr(g, "data-group")] = l
			}
		})
		return out
	}
	got := labels(ts.gtable())
	want := map[string]string{"RJ": "Select all 2: Red Jokers", "W": "Select all 2: Wild", "8": "Select all 2: 8s"}
	if len(got) != len(want) {
		t.Errorf("by rank, the labelled stacks are %v, want %v", got, want)
	}
	for g, w := range want {
		if !strings.EqualFold(got[g], w) {
			t.Errorf("by rank, stack %s is labelled %q, want %q", g, got[g], w)
		}
	}
	for _, a := range []string{"suit", "plan"} {
		if got := labels(ts.gtable("arrange=" + a)); len(got) != 0 {
			t.Errorf("arranged by %s, groups carry stack labels: %v", a, got)
		}
	}
}
