package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestTablePageTitles: a table's title says first what the player must hear on the new page:
// the notice about their last move, else that it is their turn. A screen reader reads the
// title before anything else, and a tab in the background shows it.
func TestTablePageTitles(t *testing.T) {
	ts := newSite(t)
	for _, tc := range []struct{ path, want string }{
		{"/asnas", "Your turn · As-Nas · CARDAVIA"},
		{"/asnas?notice=stale", "That form was for an earlier position, so nothing changed. This is the table as it is now. · As-Nas · CARDAVIA"},
		{"/guandan", "Your turn · Guandan · CARDAVIA"},
		{"/guandan?notice=empty", "Select the cards you want to play first. · Guandan · CARDAVIA"},
		{"/asnas/rules", ""},
	} {
		got := title(ts.get(tc.path))
		if tc.want == "" {
			if strings.Contains(got, "Your turn") {
				t.Errorf("%s: title %q says it is your turn", tc.path, got)
			}
			continue
		}
		if got != tc.want {
			t.Errorf("%s: title %q, want %q", tc.path, got, tc.want)
		}
	}
	// A deal's end waits for nobody's move: no "Your turn".
	ts.post("/asnas/move", url.Values{"move": {moveOf(ts.table())}, "verb": {"fold"}})
	if p := ts.table(); p.doc.Find(`[data-action="next"]`).Length() > 0 && strings.HasPrefix(title(p), "Your turn") {
		t.Errorf("the deal is over, yet the title reads %q", title(p))
	}
}

// TestSharedTableShowsRefusal: at a shared table a refused play comes back with the notice
// that says why, as at the solo table, and the title says it first. (The notice used to be
// dropped: only a stale form's was shown.)
func TestSharedTableShowsRefusal(t *testing.T) {
	ts := newSite(t)
	sara, ali := ts.as("Sara"), ts.as("Ali")
	path := sara.openTable("guandan", "beginner", 0)
	ali.sit(path, 2)
	sara.post(path+"/start", nil)
	players := map[string]*player{"0": sara, "2": ali}
	p, ok := players[rootOf(sara.view(path), "data-to-act")]
	if !ok {
		t.Fatal("the match does not wait for a person")
	}
	r := p.view(path)
	if got := title(r); !strings.HasPrefix(got, "Your turn · ") {
		t.Errorf("the seat to act has the title %q", got)
	}
	move := attr(r.doc.Find(`input[name="move"]`).First(), "value")
	back := p.post(path+"/play", url.Values{"move": {move}})
	loc := back.header.Get("Location")
	if back.status != http.StatusSeeOther || !strings.Contains(loc, "notice=empty") {
		t.Fatalf("a play of no cards: %d to %q", back.status, loc)
	}
	r = p.view(loc)
	if r.doc.Find(`[data-notice="guandan.notice.empty"]`).Length() != 1 {
		t.Errorf("the refused play's page has no notice:\n%.600s", r.body)
	}
	if got := title(r); !strings.HasPrefix(got, "Select the cards you want to play first. · Table ") {
		t.Errorf("the refused play's title is %q", got)
	}
	if rootOf(r, "data-move") != move {
		t.Error("a refused play changed the match")
	}
}

// title is a page's <title>.
func title(p page) string { return strings.TrimSpace(p.doc.Find("title").Text()) }
