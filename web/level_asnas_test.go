package web

import (
	"net/http"
	"net/url"
	"regexp"
	"testing"

	"github.com/cardavia/cardavia/rules/asnas"
)

// recordingAI remembers that it was asked, so a test can tell the configured AI from a level.
type recordingAI struct{ asked *int }

func (a recordingAI) Decide(v asnas.View) asnas.Verb {
	*a.asked++
	if contains(verbStrings(v.Legal), "look") {
		return asnas.Look
	}
	if contains(verbStrings(v.Legal), "hold") {
		return asnas.Hold
	}
	return asnas.Call
}

func verbStrings(vs []asnas.Verb) []string {
	var out []string
	for _, v := range vs {
		out = append(out, v.String())
	}
	return out
}

// TestAsnasLevelIsRemembered: the level chosen on the table is saved with the visitor's
// preferences, shown checked on the table and on /settings, and from then on the AI seats are
// played by that level rather than by the configured AI.
func TestAsnasLevelIsRemembered(t *testing.T) {
	asked := 0
	ts := newSite(t, func(c *Config) { c.AsnasAI = func(uint64) AsnasAI { return recordingAI{&asked} } })
	p := ts.table()
	if got := attr(p.doc.Find("[data-ai-level]"), "data-ai-level"); got != "master" {
		t.Errorf("default level %q, want master", got)
	}
	if p.doc.Find(`[data-level]`).Length() != 3 {
		t.Errorf("the table offers %d levels", p.doc.Find(`[data-level]`).Length())
	}
	r := ts.post("/settings/asnas-level", url.Values{"level": {"beginner"}, "return": {"/asnas"}})
	if r.status != http.StatusSeeOther || r.header.Get("Location") != "/asnas" {
		t.Fatalf("level POST: %d to %q", r.status, r.header.Get("Location"))
	}
	p = ts.table()
	if got := attr(p.doc.Find("[data-ai-level]"), "data-ai-level"); got != "beginner" {
		t.Errorf("level after choosing beginner: %q", got)
	}
	if _, ok := p.doc.Find(`input[data-level="beginner"]`).Attr("checked"); !ok {
		t.Error("beginner is not checked on the table")
	}
	s := ts.get("/settings")
	if _, ok := s.doc.Find(`[data-asnas-level] input[data-level="beginner"]`).Attr("checked"); !ok {
		t.Error("beginner is not checked on /settings")
	}
	// From the visitor's first move on the level plays the AI seats: play a whole match
	// through the forms without the configured AI being asked again after that move (the
	// moves the table showed before it stay the configured AI's: see pending).
	before := -1
	for i := range 200 {
		if i == 1 {
			before = asked
		}
		p = ts.table()
		if p.root("data-over") == "true" {
			break
		}
		switch v := verbs(p); {
		case len(v) > 0:
			verb := "fold"
			if contains(v, "hold") {
				verb = "hold"
			} else if contains(v, "call") {
				verb = "call"
			}
			ts.post("/asnas/move", url.Values{"move": {moveOf(p)}, "verb": {verb}})
		default:
			ts.post("/asnas/next", url.Values{"move": {moveOf(p)}})
		}
	}
	if p.root("data-over") != "true" {
		t.Fatal("the match did not end")
	}
	if asked != before {
		t.Errorf("the configured AI was asked %d times after the visitor chose a level", asked-before)
	}
}

func TestAsnasLevelRefusesNonsense(t *testing.T) {
	ts := newSite(t)
	ts.table()
	for _, l := range []string{"", "grandmaster", "Master", "master\n"} {
		p := ts.post("/settings/asnas-level", url.Values{"level": {l}})
		if p.status != http.StatusBadRequest || p.doc.Find(`[data-error="asnas.ai.error.level"]`).Length() != 1 {
			t.Errorf("level %q: status %d", l, p.status)
		}
	}
	if got := attr(ts.table().doc.Find("[data-ai-level]"), "data-ai-level"); got != "master" {
		t.Errorf("after refused levels the table plays at %q", got)
	}
}

// TestCoachOnRequest: the coach appears only when asked for on the visitor's turn; before the
// visitor looks it asks them to look (Master would look), after it gives the odds and Master's
// choice, and it never shows a card the visitor may not see.
func TestCoachOnRequest(t *testing.T) {
	ts := newSite(t)
	p := ts.table()
	if p.doc.Find("[data-coach]").Length() != 0 {
		t.Error("the coach speaks unasked")
	}
	if !contains(verbs(p), "look") {
		t.Skip("not the visitor's turn at the first deal of this seed")
	}
	if p.doc.Find(`a[data-control="coach"]`).Length() != 1 {
		t.Fatal("no way to ask the coach on the visitor's turn")
	}
	// Where the decision is: a plain link among the move buttons, not in the level's panel.
	ask := p.doc.Find(`#table form.actions a[data-control="coach"]`)
	if ask.Length() != 1 || attr(ask, "href") != "/asnas?coach=1" {
		t.Errorf("Ask the coach is not a link among the move buttons: %d, %q", ask.Length(), attr(ask, "href"))
	}
	c := ts.get("/asnas?coach=1")
	if c.doc.Find(`#table .actions-area form.actions + [data-coach]`).Length() != 1 || c.doc.Find(`[data-ai-level] [data-coach]`).Length() != 0 {
		t.Error("the coach's advice is not right under the move buttons")
	}
	if c.doc.Find(`a[data-control="coach"]`).Length() != 0 {
		t.Error("Ask the coach is still offered beside its advice")
	}
	if c.doc.Find("[data-coach-unlooked]").Length() != 1 || c.doc.Find(`[data-coach-verb="look"]`).Length() != 1 {
		t.Errorf("coach before looking:\n%s", c.doc.Find("[data-coach]").Text())
	}
	checkNoHiddenCards(t, c)
	ts.post("/asnas/move", url.Values{"move": {moveOf(p)}, "verb": {"look"}})
	c = ts.get("/asnas?coach=1")
	coach := c.doc.Find("[data-coach]")
	if coach.Find("[data-coach-win]").Length() != 1 || coach.Find("[data-coach-verb]").Length() == 0 {
		t.Fatalf("coach after looking:\n%s", coach.Text())
	}
	if !regexp.MustCompile(`Hands still in against you: [123]\. At a showdown your hand beats them all \d+\.\d% of the time`).MatchString(coach.Text()) {
		t.Errorf("coach text: %s", coach.Text())
	}
	checkNoHiddenCards(t, c)
}
