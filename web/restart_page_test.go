package web

import (
	"net/url"
	"strings"
	"testing"
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
