package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/cardavia/cardavia/i18n"
)

// TestLevelChangeIsSaid: "Change level" at a solo table came back to the table with nothing
// said, so that a player who cannot see the level's badge or the choice checked did not know
// it had worked. The table now says which level the AI players play at, and from when, in a
// status line and at the head of the title (a new page's title is what a screen reader reads
// first), in the visitor's language, without JavaScript: the level form leads back with the
// notice, as a move's form does with its own. A shared table, whose level nobody changes,
// shows no such notice however its address asks for it.
func TestLevelChangeIsSaid(t *testing.T) {
	for _, game := range []struct{ name, level string }{{"asnas", "asnas.ai.level."}, {"guandan", "guandan_ai.level."}} {
		t.Run(game.name, func(t *testing.T) {
			ts := newSite(t)
			table := ts.get("/" + game.name)
			form := table.doc.Find(`form[action="/settings/` + game.name + `-level"]`)
			back := attr(form.Find(`input[name="return"]`), "value")
			if form.Length() != 1 || back == "" {
				t.Fatalf("the table has %d level forms, leading back to %q", form.Length(), back)
			}
			r := ts.post(attr(form, "action"), url.Values{"level": {"beginner"}, "return": {back}})
			if r.status != http.StatusSeeOther {
				t.Fatalf("Change level: %d", r.status)
			}
			key := game.name + ".notice.level"
			for _, l := range i18n.Locales {
				ctx := i18n.WithLocale(context.Background(), l)
				p := ts.get(r.header.Get("Location"), "Accept-Language", l.Tag.String())
				notice := p.doc.Find(`[data-notice="` + key + `"]`)
				if notice.Length() != 1 || attr(notice, "role") != "status" {
					t.Fatalf("%s: after Change level the table has %d level notices (role %q)", l.Code, notice.Length(), attr(notice, "role"))
				}
				name := i18n.T(ctx, game.level+"beginner")
				if got, want := strings.TrimSpace(notice.Text()), i18n.T(ctx, key, name); got != want || !strings.Contains(got, name) || strings.Contains(got, "%!") {
					t.Errorf("%s: the notice says %q, want %q", l.Code, got, want)
				}
				if title := p.doc.Find("title").Text(); !strings.HasPrefix(title, i18n.T(ctx, key+".title")+" · ") {
					t.Errorf("%s: the title %q does not begin with the notice", l.Code, title)
				}
			}
			// The table as it is otherwise says nothing about the level.
			if n := ts.get("/" + game.name).doc.Find("[data-notice]").Length(); n != 0 {
				t.Errorf("the table without the notice in its address shows %d notices", n)
			}

			host := ts.as("Sara")
			path := host.openTable(game.name, "club", 0)
			if r := host.post(path+"/start", nil); r.status != http.StatusSeeOther {
				t.Fatalf("start: %d", r.status)
			}
			if n := host.view(path + "?notice=level").doc.Find("[data-notice]").Length(); n != 0 {
				t.Errorf("a shared table asked for the level notice shows %d notices", n)
			}
		})
	}
}

// TestHintPageShowsNoOldNotice: a notice tells of the change just made, once. The table's
// Hint leads to a page of its own without the notice, and an address that still carries one
// beside the hint (bookmarked, typed, a page seen again) shows the hint alone: at a phone's
// size the level notice over the hint's sentences pushed Play, Pass and Hint below the first
// screen, for a change the player had made a page before.
func TestHintPageShowsNoOldNotice(t *testing.T) {
	ts := newSite(t)
	form := ts.get("/guandan").doc.Find(`form[action="/settings/guandan-level"]`)
	r := ts.post(attr(form, "action"), url.Values{"level": {"beginner"}, "return": {attr(form.Find(`input[name="return"]`), "value")}})
	back := r.header.Get("Location")
	if r.status != http.StatusSeeOther || !strings.Contains(back, "notice=level") {
		t.Fatalf("Change level: %d to %q", r.status, back)
	}
	table := ts.get(back)
	if n := table.doc.Find(`[data-notice="guandan.notice.level"]`).Length(); n != 1 {
		t.Fatalf("after Change level the table shows %d level notices", n)
	}
	hint := attr(table.doc.Find(`a[data-action="hint"]`), "href")
	if hint == "" || strings.Contains(hint, "notice") {
		t.Fatalf("the Hint link %q", hint)
	}
	for _, path := range []string{hint, back + "&hint=1", "/guandan?hint=1&notice=nobeat"} {
		p := ts.get(path)
		if p.doc.Find(".ghint").Length() != 1 {
			t.Fatalf("%s shows no hint", path)
		}
		if n := p.doc.Find("[data-notice]").Length(); n != 0 {
			t.Errorf("%s shows %d notices beside the hint", path, n)
		}
		if title := p.doc.Find("title").Text(); strings.Contains(title, "level") {
			t.Errorf("%s: the title %q still tells of the level", path, title)
		}
	}
}
