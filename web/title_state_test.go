package web

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
)

// TestTableTitlesTellTheEnd: at a deal's end and at the match's end, a table's title says so
// before the game's name ("Deal 3 over · As-Nas · CARDAVIA", "Match over · …"), in the
// page's language, where it used to be the name alone.
func TestTableTitlesTellTheEnd(t *testing.T) {
	ts := newSite(t)
	deals := 0
	for step := 0; step < 2000; step++ {
		p := ts.table()
		if p.root("data-over") == "true" {
			if got := title(p); got != "Match over · As-Nas · CARDAVIA" {
				t.Errorf("the match's end is titled %q", got)
			}
			break
		}
		move := url.Values{"move": {moveOf(p)}}
		if p.doc.Find(`[data-action="next"]`).Length() == 1 {
			deals++
			want := fmt.Sprintf("Deal %s over · As-Nas · CARDAVIA", p.root("data-deal"))
			if got := title(p); got != want {
				t.Errorf("a deal's end is titled %q, want %q", got, want)
			}
			ts.post("/asnas/next", move)
			continue
		}
		vs := verbs(p)
		if len(vs) == 0 {
			t.Fatal("no actions")
		}
		move.Set("verb", vs[0])
		if slices.Contains(vs, "fold") {
			move.Set("verb", "fold")
		}
		ts.post("/asnas/move", move)
	}
	if deals != 11 {
		t.Errorf("%d deal ends seen, want 11", deals)
	}

	ts.gtable()
	ts.gprepare(returnPosition(t))
	for lang, want := range map[string]string{
		"en": "Deal 1 over · Guandan · CARDAVIA",
		"sv": "Giv 1 är slut · Guandan · CARDAVIA",
		"zh": "第 1 局结束 · 掼蛋 · CARDAVIA",
	} {
		p := ts.get("/guandan", "Accept-Language", lang)
		if got := title(p); got != want {
			t.Errorf("%s: the Guandan deal's end is titled %q, want %q", lang, got, want)
		}
	}
}

// A shared table's title tells its end as the solo table's does, to its players and to a
// visitor without a seat (the match's end is public).
func TestSharedTableTitleTellsTheEnd(t *testing.T) {
	ts := newSite(t)
	sara, ali, eve := ts.as("Sara"), ts.as("Ali"), ts.as("Eve")
	path, end := finishedMatch(t, "asnas", 0, map[int]*player{0: sara, 2: ali})
	for who, p := range map[string]page{"Sara": end, "Ali": ali.view(path), "a visitor": eve.get(path)} {
		if got := title(p); !strings.HasPrefix(got, "Match over · ") {
			t.Errorf("%s reads the finished shared match's title %q", who, got)
		}
	}
}
