package web

import (
	"net/http"
	"slices"
	"strconv"
	"testing"

	"github.com/PuerkitoBio/goquery"

	aigd "github.com/cardavia/cardavia/ai/guandan"
	"github.com/cardavia/cardavia/record"
	gd "github.com/cardavia/cardavia/rules/guandan"
)

// testGuandanAI seats the real Guandan AI at the test sites' tables.
func testGuandanAI(seed uint64) GuandanAI { return aigd.New(seed) }

// gtable fetches the Guandan table, checks it is one and that it shows no hidden card.
func (ts *testSite) gtable(query ...string) page {
	ts.t.Helper()
	path := "/guandan"
	if len(query) > 0 {
		path += "?" + query[0]
	}
	p := ts.get(path)
	if p.status != http.StatusOK || p.doc.Find(`[data-game="guandan"]`).Length() != 1 {
		ts.t.Fatalf("GET %s: status %d, no table:\n%s", path, p.status, p.body)
	}
	ts.checkGuandanSecrets(p)
	return p
}

// groot is the Guandan table root's hook attribute.
func (p page) groot(name string) string { return attr(p.doc.Find(`[data-game="guandan"]`), name) }

// visitorID reads the test client's session id from its cookie, as the server would.
func (ts *testSite) visitorID() string {
	ts.t.Helper()
	id, _ := ts.session().session.Values["id"].(string)
	if id == "" {
		ts.t.Fatal("no session id in the cookie")
	}
	return id
}

// playFormReading is the reading the play form sends with its cards, as a browser sends it:
// the one the hint's cards carry, or the one checked in the table's question; "" for none.
func playFormReading(p page) string {
	r := p.doc.Find(`form[action="/guandan/play"] input[name="reading"][type="hidden"], form[action="/guandan/play"] input[name="reading"][checked]`)
	if r.Length() != 1 {
		return ""
	}
	return attr(r, "value")
}

// gmatch is the Guandan match the table shows the visitor (stored, or the one their first
// move will store) and its move number.
func (ts *testSite) gmatch() (gd.Match, uint64) {
	ts.t.Helper()
	g, err := shown(ts, guandanGame, ts.visitorID())
	if err != nil {
		ts.t.Fatalf("no match: %v", err)
	}
	return g.Match(), g.Token()
}

// gprepare makes g (a position built for a test) the visitor's match and returns its move
// number. The visitor must have visited the table already.
func (ts *testSite) gprepare(g *record.Guandan) string {
	ts.t.Helper()
	return guandanGame.put(ts.t, ts.server, ts.visitorID(), g)
}

// checkGuandanSecrets is the table's safety rule: the page shows the human's own cards and the
// public ones (played, tribute and return), never a card another seat holds. Every card face
// is either in the human's hand area, where the faces are exactly the human's hand, or in a
// public area, where each is a card already played or passed as tribute.
func (ts *testSite) checkGuandanSecrets(p page) {
	t := ts.t
	t.Helper()
	m, _ := ts.gmatch()
	v := m.View(soloSeat)
	public := v.Played
	for _, e := range v.Tribute {
		if e.Kind == gd.EvTribute || e.Kind == gd.EvReturn {
			public.Add(e.Card)
		}
	}
	var shown gd.Set
	p.doc.Find("[data-card]").Each(func(_ int, c *goquery.Selection) {
		face := attr(c, "data-card")
		hand := c.Closest("[data-hand]")
		switch {
		case hand.Length() == 1:
			if attr(hand, "data-hand") != "0" {
				t.Errorf("deal %s: a card face (%s) in seat %s's hand", p.groot("data-deal"), face, attr(hand, "data-hand"))
				return
			}
			id, err := strconv.Atoi(attr(c, "data-id"))
			if err != nil && c.Is("label") {
				t.Errorf("a pickable card without its index: %s", face)
			}
			if err == nil {
				shown.Add(gd.Card(id))
				if gd.Card(id).String() != face {
					t.Errorf("card %d shown as %s", id, face)
				}
			}
		case c.Closest(`[data-public="showdown"]`).Length() == 1:
			seat, _ := strconv.Atoi(attr(c.Closest(`[data-public="showdown"]`), "data-remaining"))
			if seat < 1 || seat > 3 || !hasFace(v.Remaining[seat], face) {
				t.Errorf("deal %s: %s laid down for seat %d, who did not hold it at the end", p.groot("data-deal"), face, seat)
			}
		case c.Closest("[data-trick], [data-public]").Length() == 1:
			if !hasFace(public, face) {
				t.Errorf("deal %s: %s shown on the felt but neither played nor a tribute", p.groot("data-deal"), face)
			}
		default:
			t.Errorf("card face %s outside the hand and the public areas", face)
		}
	})
	// The hand area shows the whole hand, face by face.
	var faces []string
	p.doc.Find(`[data-hand="0"] [data-card]`).Each(func(_ int, c *goquery.Selection) { faces = append(faces, attr(c, "data-card")) })
	want := v.Hand.Cards()
	if len(faces) != len(want) {
		t.Errorf("deal %s: %d cards in your hand area, you hold %d", p.groot("data-deal"), len(faces), len(want))
	}
	for _, f := range faces {
		if !hasFace(v.Hand, f) {
			t.Errorf("deal %s: %s in your hand area, not in your hand", p.groot("data-deal"), f)
		}
	}
	if !v.Hand.Contains(shown) {
		t.Errorf("card indices outside your hand: %v", shown.Minus(v.Hand))
	}
}

// hasFace tells whether the set holds a card with this face (either copy).
func hasFace(s gd.Set, face string) bool {
	for _, c := range s.Cards() {
		if c.String() == face {
			return true
		}
	}
	return false
}

// cardsOf parses CONFORMANCE cards or fails the test.
func cardsOf(t *testing.T, s string) gd.Set {
	t.Helper()
	set, err := gd.ParseCards(s)
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// ids are the form values of the cards.
func ids(s gd.Set) []string {
	var out []string
	for _, c := range s.Cards() {
		out = append(out, strconv.Itoa(int(c)))
	}
	return out
}

// checkedCards are the cards ticked in the page's play form.
func checkedCards(p page) []string {
	var out []string
	p.doc.Find(`form[action="/guandan/play"] input[name="card"][checked]`).Each(func(_ int, s *goquery.Selection) {
		out = append(out, attr(s, "value"))
	})
	slices.SortFunc(out, func(a, b string) int {
		x, _ := strconv.Atoi(a)
		y, _ := strconv.Atoi(b)
		return x - y
	})
	return out
}
