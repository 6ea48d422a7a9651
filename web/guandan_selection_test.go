package web

import (
	"github.com/cardavia/cardavia/record"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// pairToBeat is a position where East led a pair of 9s, North and West passed, and the
// human is to follow.
func pairToBeat(t *testing.T) *record.Guandan {
	t.Helper()
	g := guandanPosition(gd.DealStart{Levels: [2]gd.Rank{gd.Two, gd.Two}, Level: gd.Two, Leader: 1, Hands: [4]gd.Set{
		cardsOf(t, "KS KH 5C 6D 7H 8S 3C 3D"),
		cardsOf(t, "9S 9C 4D"),
		cardsOf(t, "4S 5S"),
		cardsOf(t, "6S 7S"),
	}})
	for _, a := range []gd.Action{
		{Kind: gd.ActPlay, Seat: 1, Cards: cardsOf(t, "9S 9C")},
		{Kind: gd.ActPass, Seat: 2},
		{Kind: gd.ActPass, Seat: 3},
	} {
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// The live line is the engine's answer, in words, for any selection: what it is and whether
// it beats the trick. The fragment guandan.js fetches and the table page say the same.
func TestGuandanSelectionLine(t *testing.T) {
	ts := newSite(t)
	ts.gtable()
	ts.gprepare(pairToBeat(t))
	for _, tc := range []struct {
		cards, verdict, text string
	}{
		{"KS KH", "playable", "Pair of Kings: beats a pair of 9s."},
		{"3C 3D", "tooweak", "Pair of 3s: does not beat a pair of 9s."},
		// A play of another kind never beats: the line says what would, for a newcomer
		// who thought a King beats a pair of 9s.
		{"KS", "tooweak", "Single King: does not beat a pair of 9s. Only a higher pair, or a bomb, beats a pair."},
		{"KS 5C", "illegal", "Not a combination."},
		{"", "none", "Select the cards you want to play."},
	} {
		q := url.Values{}
		if tc.cards != "" {
			q["card"] = ids(cardsOf(t, tc.cards))
		}
		for _, path := range []string{"/guandan/selection?", "/guandan?"} {
			p := ts.get(path + q.Encode())
			if p.status != http.StatusOK {
				t.Fatalf("%s%s: %d", path, q.Encode(), p.status)
			}
			line := p.doc.Find(".gsel")
			if got := attr(line, "data-selection"); got != tc.verdict || strings.TrimSpace(line.Text()) != tc.text {
				t.Errorf("%s %s: %s %q, want %s %q", path, tc.cards, got, line.Text(), tc.verdict, tc.text)
			}
		}
	}
	// Without JavaScript, a refused Play comes back with the same answer under the hand.
	_, v := ts.gmatch()
	loc := ts.gpost("/guandan/play", url.Values{"move": {strconv.FormatUint(v, 10)}, "card": ids(cardsOf(t, "3C 3D"))})
	if p := ts.get(loc); attr(p.doc.Find(".gsel"), "data-selection") != "tooweak" {
		t.Errorf("after a refused play the line says %q", p.doc.Find(".gsel").Text())
	}
}

// Cards with two readings legal now: the line names both, and Play will ask.
func TestGuandanSelectionLineChoose(t *testing.T) {
	ts := newSite(t)
	ts.gtable()
	ts.gprepare(followPosition(t))
	p := ts.get("/guandan/selection?" + url.Values{"card": ids(cardsOf(t, "8S 8C 9S 9C 2H"))}.Encode())
	line := p.doc.Find(".gsel")
	if attr(line, "data-selection") != "choose" || !strings.Contains(line.Text(), "a full house of 8s or a full house of 9s") {
		t.Errorf("line %s %q", attr(line, "data-selection"), line.Text())
	}
}

// A visitor without a Guandan match gets an empty answer, never an error: one who has never
// come (and the fragment makes no visitor), and one who has played As-Nas only.
func TestGuandanSelectionWithoutMatch(t *testing.T) {
	ts := newSite(t)
	p := ts.get("/guandan/selection?card=1&card=zz")
	if p.status != http.StatusOK || attr(p.doc.Find(".gsel"), "data-selection") != "none" {
		t.Fatalf("status %d, line %q", p.status, p.body)
	}
	u, _ := url.Parse(ts.srv.URL)
	if c := ts.client.Jar.Cookies(u); len(c) != 0 {
		t.Errorf("the fragment made a visitor: %v", c)
	}

	if p := ts.get("/asnas"); p.status != http.StatusOK || len(ts.client.Jar.Cookies(u)) == 0 {
		t.Fatalf("/asnas: status %d, no visitor made", p.status)
	}
	p = ts.get("/guandan/selection?card=1")
	if p.status != http.StatusOK || attr(p.doc.Find(".gsel"), "data-selection") != "none" {
		t.Fatalf("an As-Nas player's selection: status %d, line %.300q", p.status, p.body)
	}
}
