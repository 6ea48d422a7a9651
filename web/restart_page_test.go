package web

import (
	"net/url"
	"strings"
	"testing"

	"github.com/cardavia/cardavia/rules/asnas"
)

// TestRestartPageSaysWhatIsLost: both games' restart pages say the match is lost only once the
// visitor has made a move in it (before, there is nothing to lose, and the page says so), and
// their cancel links say the same words.
func TestRestartPageSaysWhatIsLost(t *testing.T) {
	text := func(p page) (string, string) {
		s := p.doc.Find("[data-restart-text]")
		return attr(s, "data-restart-text"), strings.TrimSpace(s.Text())
	}
	cancel := map[string]string{}
	for _, game := range []string{"asnas", "guandan"} {
		ts := newSite(t)
		ts.get("/" + game)
		p := ts.get("/" + game + "/restart")
		if kind, words := text(p); kind != "fresh" || strings.Contains(words, "lost") || !strings.Contains(words, "no move") {
			t.Errorf("%s before any move: the restart page says (%s) %q", game, kind, words)
		}
		cancel[game] = strings.TrimSpace(p.doc.Find(`form.restart a.button`).Text())
		switch game {
		case "asnas":
			ts.post("/asnas/move", url.Values{"move": {moveOf(ts.table())}, "verb": {"look"}})
		case "guandan":
			ts.playHint(ts.gtable())
		}
		p = ts.get("/" + game + "/restart")
		if kind, words := text(p); kind != "lose" || !strings.Contains(words, "is lost") {
			t.Errorf("%s after a move: the restart page says (%s) %q", game, kind, words)
		}
	}
	if cancel["asnas"] != cancel["guandan"] || cancel["asnas"] != "No, back to the table" {
		t.Errorf("the restart pages' cancel links read %q", cancel)
	}
}

// foldingAI always folds.
type foldingAI struct{}

func (foldingAI) Decide(asnas.View) asnas.Verb { return asnas.Fold }

// A first deal that ended before the visitor's turn came (they dealt, and the three others
// folded: they won the pot at once) has changed the totals, so restarting loses something: the
// page must say so, not that nothing has happened yet.
func TestRestartAfterADealWonUncontestedSaysItIsLost(t *testing.T) {
	var seed uint64
	for asnas.NewMatch(seed).Deal.Dealer != soloSeat {
		seed++
	}
	ts := newSite(t, func(c *Config) {
		c.AsnasAI = func(uint64) AsnasAI { return foldingAI{} }
		c.Seed = func() uint64 { return seed }
	})
	if p := ts.table(); p.doc.Find(`[data-action="next"]`).Length() != 1 {
		t.Fatal("the first deal is not over before the visitor's turn")
	}
	p := ts.get("/asnas/restart")
	if s := p.doc.Find("[data-restart-text]"); attr(s, "data-restart-text") != "lose" {
		t.Errorf("after a deal the visitor won uncontested, the restart page says %q", strings.TrimSpace(s.Text()))
	}
}
