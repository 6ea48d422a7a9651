package web

import (
	"net/url"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// The replay starts from the trick as it stood before the visitor's move: East's pair of 9s
// and the two passes after it, then the visitor's Kings and the AI's turns. The start holds
// played cards only (checkGuandanSecrets, in gtable).
func TestGuandanReplayStartsFromTheTrickBefore(t *testing.T) {
	ts := newSite(t)
	ts.gtable()
	move := ts.gprepare(pairToBeat(t))
	ts.gpost("/guandan/play", url.Values{"move": {move}, "card": ids(cardsOf(t, "KS KH"))})
	p := ts.gtable()
	tpl := p.doc.Find("template[data-replay]")
	if tpl.Length() != 1 {
		t.Fatal("no replay after the AI's turns")
	}
	var east []string
	tpl.Find(`[data-before="1"] [data-card]`).Each(func(_ int, c *goquery.Selection) { east = append(east, attr(c, "data-card")) })
	if len(east) != 2 || east[0][0] != '9' || east[1][0] != '9' {
		t.Errorf("East's part of the trick before the move: %v, want the pair of 9s", east)
	}
	for _, seat := range []string{"2", "3"} {
		if tpl.Find(`[data-before="`+seat+`"] [data-status="passed"]`).Length() != 1 {
			t.Errorf("seat %s's pass is not in the trick before the move", seat)
		}
	}
	if n := tpl.Find(`[data-before="0"]`).Children().Length(); n != 0 {
		t.Errorf("the visitor's part of the trick before the move has %d elements, want none", n)
	}
	// The first step is the visitor's own play; the felt's end state is the server's trick.
	if first := tpl.Find("[data-step]").First(); attr(first, "data-step") != "play" || attr(first, "data-seat") != "0" {
		t.Errorf("the replay's first step: %s by seat %s", attr(first, "data-step"), attr(first, "data-seat"))
	}
}

// A replay that begins a trick (the visitor leads) starts from an empty felt.
func TestGuandanReplayFromALead(t *testing.T) {
	ts := newSite(t)
	ts.gtable()
	move := ts.gprepare(followPosition(t))
	ts.gpost("/guandan/play", url.Values{"move": {move}, "card": ids(cardsOf(t, "KC"))})
	p := ts.gtable()
	tpl := p.doc.Find("template[data-replay]")
	if tpl.Length() != 1 {
		t.Fatal("no replay after the AI's turns")
	}
	if n := tpl.Find("[data-before]").Length(); n != 4 {
		t.Fatalf("%d seats in the felt before the move, want 4", n)
	}
	if n := tpl.Find("[data-before] [data-trick]").Length(); n != 0 {
		t.Errorf("a lead's replay starts with %d parts of a trick on the felt, want none", n)
	}
}
