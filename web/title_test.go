package web

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cardavia/cardavia/i18n"
	"github.com/cardavia/cardavia/web/views"
)

// TestTablePageTitles: a table's title says first what the player must hear on the new page:
// the notice about their last move, else that it is their turn. A screen reader reads the
// title before anything else, and a tab in the background shows it, so the notice heads it in
// a few words (a tab showed only the start of a two-sentence notice), while the page still
// says it whole.
func TestTablePageTitles(t *testing.T) {
	ts := newSite(t)
	for _, tc := range []struct{ path, want, notice string }{
		{"/asnas", "Your turn · As-Nas · CARDAVIA", ""},
		{"/asnas?notice=stale", "Table moved on · As-Nas · CARDAVIA",
			"That form was for an earlier position, so nothing changed. This is the table as it is now."},
		{"/asnas?notice=expired", "New table laid out · As-Nas · CARDAVIA",
			"Your earlier table could not be found, so a new one is laid out for you."},
		{"/guandan", "Your turn · Guandan · CARDAVIA", ""},
		{"/guandan?notice=stale", "Table moved on · Guandan · CARDAVIA",
			"That move was for an earlier position, so nothing was changed. Here is the table as it is now."},
		{"/guandan?notice=empty", "No cards selected · Guandan · CARDAVIA", "Select the cards you want to play first."},
		{"/guandan?notice=nobeat", "Does not beat the play · Guandan · CARDAVIA",
			"Those cards do not beat the play on the table. Nothing was played."},
		{"/asnas/rules", "", ""},
	} {
		p := ts.get(tc.path)
		got := title(p)
		if tc.want == "" {
			if strings.Contains(got, "Your turn") {
				t.Errorf("%s: title %q says it is your turn", tc.path, got)
			}
			continue
		}
		if got != tc.want {
			t.Errorf("%s: title %q, want %q", tc.path, got, tc.want)
		}
		if n := strings.TrimSpace(p.doc.Find("[data-notice]").Text()); n != tc.notice {
			t.Errorf("%s: the page's notice reads %q, want %q", tc.path, n, tc.notice)
		}
	}
	// A deal's end waits for nobody's move: no "Your turn".
	ts.post("/asnas/move", url.Values{"move": {moveOf(ts.table())}, "verb": {"fold"}})
	if p := ts.table(); p.doc.Find(`[data-action="next"]`).Length() > 0 && strings.HasPrefix(title(p), "Your turn") {
		t.Errorf("the deal is over, yet the title reads %q", title(p))
	}
}

// TestNoticeTitlesAreShort: in every language, every notice a table's title can begin with
// (a solo table's, and a shared table's own) heads it in a few words of that language, shorter
// than the notice the page shows, and not in English on another language's page.
func TestNoticeTitlesAreShort(t *testing.T) {
	pages := []struct{ path, notice string }{
		{"/asnas?notice=stale", "asnas.notice.stale"}, {"/asnas?notice=expired", "asnas.notice.expired"},
	}
	for _, n := range []string{"stale", "expired", "empty", "illegal", "nobeat", "choose"} {
		pages = append(pages, struct{ path, notice string }{"/guandan?notice=" + n, "guandan.notice." + n})
	}
	english := map[string]string{}
	for _, l := range i18n.Locales {
		ts := newSite(t)
		for _, pg := range pages {
			p := ts.get(pg.path, "Accept-Language", l.Tag.String())
			short, _, _ := strings.Cut(title(p), " · ")
			full := strings.TrimSpace(p.doc.Find(fmt.Sprintf("[data-notice=%q]", pg.notice)).Text())
			checkNoticeTitle(t, l.Code, pg.path, short, full, english)
		}
		// A shared table's stale form.
		ctx := i18n.WithLocale(context.Background(), l)
		title := views.SharedTable{Notice: "stale", Code: "ABCD"}.PageTitle(ctx)
		short, _, _ := strings.Cut(title, " · ")
		checkNoticeTitle(t, l.Code, "tables.notice.stale", short, i18n.T(ctx, "tables.notice.stale"), english)
	}
}

// checkNoticeTitle checks a notice's short form in a title against the notice in full, and,
// beyond English, against the English short form of the same page (english, which it fills).
func checkNoticeTitle(t *testing.T, code, where, short, full string, english map[string]string) {
	t.Helper()
	n := utf8.RuneCountInString(short)
	if short == "" || full == "" || n > 30 || n >= utf8.RuneCountInString(full)*2/3 {
		t.Errorf("%s %s: the title begins %q (%d characters) for the notice %q", code, where, short, n, full)
	}
	if code == "en" {
		english[where] = short
	} else if short == english[where] {
		t.Errorf("%s %s: the title begins %q, as in English", code, where, short)
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
	if got := title(r); !strings.HasPrefix(got, "No cards selected · Table ") {
		t.Errorf("the refused play's title is %q", got)
	}
	if rootOf(r, "data-move") != move {
		t.Error("a refused play changed the match")
	}
}

// title is a page's <title>.
func title(p page) string { return strings.TrimSpace(p.doc.Find("title").Text()) }
