package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestGuandanArrangementKept: a Guandan hand sorted by suit (or by combination) went back to
// the sorting by rank whenever the page was left for itself: at the solo table and a shared one
// on changing the language or the look in the header, and at a shared table while the others
// played, at each of the page's own reloads (every 4 s, when the player chose them) and after
// "Wait for the next move". Each now comes back to the hand as the player sorted it, with the
// cards they had selected and the hint they had asked for.
func TestGuandanArrangementKept(t *testing.T) {
	ts := newSite(t)
	headerReturns := func(where string, p page, want string) {
		t.Helper()
		for _, form := range []string{`form[data-language]`, `form[data-filters]`} {
			if got := attr(p.doc.Find(form+` input[name="return"]`), "value"); got != want {
				t.Errorf("%s: the header's %s returns to %q, want %q", where, form, got, want)
			}
		}
	}

	// The solo table: the sorting, and the hint.
	solo := ts.as("Solo")
	solo.get("/guandan")
	for _, addr := range []string{"/guandan?arrange=suit", "/guandan?arrange=plan", "/guandan?arrange=suit&hint=1"} {
		r := solo.get(addr)
		if r.status != http.StatusOK {
			t.Fatalf("%s: %d", addr, r.status)
		}
		headerReturns(addr, r, addr)
	}
	back := solo.post("/settings/language", url.Values{"lang": {"sv"}, "return": {"/guandan?arrange=suit"}})
	if back.status != http.StatusSeeOther || back.header.Get("Location") != "/guandan?arrange=suit" {
		t.Errorf("changing the language: %d to %q", back.status, back.header.Get("Location"))
	}

	// A shared table, seen by the player who waits while the others play.
	sara, ali := ts.as("Sara"), ts.as("Ali")
	path := sara.openTable("guandan", "beginner", 0)
	ali.sit(path, 2)
	sara.post(path+"/start", nil)
	waiter := sara
	if rootOf(sara.view(path), "data-to-act") == "0" {
		waiter = ali
	}
	sorted := path + "?arrange=suit"
	r := waiter.get(sorted)
	headerReturns("a shared table", r, sorted)
	wait := attr(r.doc.Find(`a[data-action="wait"]`), "href")
	u, err := url.Parse(wait)
	if err != nil || u.Query().Get("arrange") != "suit" {
		t.Fatalf("the wait link %q forgets the sorting", wait)
	}
	// The wait answers at once when its revision is gone (as after a move by the others).
	q := u.Query()
	q.Set("rev", "nonsense")
	if got := waiter.get(u.Path + "?" + q.Encode()); got.status != http.StatusSeeOther || got.header.Get("Location") != sorted {
		t.Errorf("after the wait: %d to %q, want %q", got.status, got.header.Get("Location"), sorted)
	}
	if got := waiter.get(path + "/wait?rev=nonsense&arrange=<b>"); got.header.Get("Location") != path {
		t.Errorf("a wait with a made-up sorting leads to %q", got.header.Get("Location"))
	}
	waiter.post(path+"/reload", url.Values{"reload": {"1"}})
	r = waiter.get(sorted)
	refresh := attr(r.doc.Find(`meta[http-equiv="refresh"]`), "content")
	if !strings.HasSuffix(refresh, "url="+sorted) {
		t.Errorf("the page reloads itself to %q, want %q", refresh, sorted)
	}

	// The table's own forms without the script: a phrase, the mute, the reloading switch,
	// letting the AI play for oneself and taking the seat back each lead back to the hand as
	// it was sorted (they led to the sorting by rank). A made-up sorting is the default.
	for _, f := range []struct{ form, field, value string }{
		{`form.talk-say`, "phrase", "goodluck"},
		{`form.talk-mute`, "mute", "1"},
		{`form.shared-refresh`, "reload", "0"},
		{`form.tseat-leave`, "", ""}, // let the AI play for me
		{`form.shared-back`, "", ""},
	} {
		page := waiter.get(sorted)
		form := page.doc.Find(f.form)
		if form.Length() == 0 {
			t.Errorf("%s: not on the page", f.form)
			continue
		}
		values := submitted(form)
		if values.Get("arrange") != "suit" {
			t.Errorf("%s carries the sorting %q, want suit", f.form, values.Get("arrange"))
		}
		if f.field != "" {
			values.Set(f.field, f.value)
		}
		if got := waiter.post(attr(form, "action"), values); got.status != http.StatusSeeOther || got.header.Get("Location") != sorted {
			t.Errorf("%s: %d to %q, want %q", f.form, got.status, got.header.Get("Location"), sorted)
		}
	}
	if got := waiter.post(path+"/mute", url.Values{"mute": {"0"}, "arrange": {"<b>"}}); got.header.Get("Location") != path {
		t.Errorf("a made-up sorting leads to %q, want %q", got.header.Get("Location"), path)
	}
}
