package web

import (
	"net/url"
	"strconv"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/cardavia/cardavia/web/learn"
)

// playFromLessonEnd presses the button on the last page of game's lesson, as the page's
// form has it (its action and hidden fields), and returns where the 303 leads.
func (ts *testSite) playFromLessonEnd(game string) string {
	ts.t.Helper()
	n := map[string]int{"asnas": learn.Asnas().Len(), "guandan": learn.Guandan().Len()}[game]
	end := ts.get("/" + game + "/learn?step=" + strconv.Itoa(n+1))
	btn := end.doc.Find(`[data-lesson-done="true"] button[data-action="play"]`)
	form := btn.Closest("form")
	if btn.Length() != 1 || form.Length() != 1 {
		ts.t.Fatalf("%s: the lesson's end has %d play buttons", game, btn.Length())
	}
	fields := url.Values{}
	form.Find(`input[type="hidden"]`).Each(func(_ int, s *goquery.Selection) {
		fields.Add(attr(s, "name"), attr(s, "value"))
	})
	return ts.location(attr(form, "action"), fields)
}

// TestLessonEndPlaysAMatchAtBeginner: the lesson's last page offers "Play a match against
// Beginner AI players". It only set the level and went to the table: a visitor with a match
// going landed in the middle of it, now at Beginner, with no word of the change, and one
// whose match was over landed on its end, not in a match. Now a match in progress is kept
// and shown with the level notice (its New match button there starts another, with a
// confirmation); with no match going (none yet, or the last one over, in the history) a new
// match at Beginner starts.
func TestLessonEndPlaysAMatchAtBeginner(t *testing.T) {
	for _, game := range []struct{ name, level string }{{"asnas", `[data-level="beginner"] input[checked], input[data-level="beginner"][checked]`}, {"guandan", `[data-guandan-level="beginner"]`}} {
		t.Run(game.name+" in progress", func(t *testing.T) {
			ts := newSite(t)
			table := ts.get("/" + game.name)
			tok := attr(table.doc.Find(`form input[name="move"]`).First(), "value")
			// A match of the visitor's own, stored: the confirmed New match deals it.
			ts.location("/"+game.name+"/restart", url.Values{"move": {tok}})
			before := ts.get("/" + game.name)
			was := attr(before.doc.Find(`form input[name="move"]`).First(), "value")
			loc := ts.playFromLessonEnd(game.name)
			if loc != "/"+game.name+"?notice=level" {
				t.Fatalf("with a match in progress the button leads to %s, want the match with the level notice", loc)
			}
			after := ts.get(loc)
			if got := attr(after.doc.Find(`form input[name="move"]`).First(), "value"); got != was {
				t.Errorf("the match in progress changed: move %s, was %s", got, was)
			}
			if after.doc.Find(`[data-notice="`+game.name+`.notice.level"]`).Length() != 1 {
				t.Error("the match in progress does not say the AI level changed")
			}
			if after.doc.Find(game.level).Length() == 0 {
				t.Error("the AI players are not at Beginner")
			}
			if after.doc.Find(`a[href="/`+game.name+`/restart"]`).Length() != 1 {
				t.Error("the match in progress offers no new match")
			}
		})
		t.Run(game.name+" none", func(t *testing.T) {
			ts := newSite(t)
			if loc := ts.playFromLessonEnd(game.name); loc != "/"+game.name {
				t.Fatalf("with no match the button leads to %s", loc)
			}
			p := ts.get("/" + game.name)
			if p.doc.Find(game.level).Length() == 0 || p.doc.Find(`[data-notice]`).Length() != 0 {
				t.Errorf("the new match: Beginner shown %v, a notice %v", p.doc.Find(game.level).Length() > 0, p.doc.Find(`[data-notice]`).Length() > 0)
			}
		})
	}
	t.Run("asnas over", func(t *testing.T) {
		ts := newSite(t)
		over := ts.playOut(ts.move(ts.table(), "look"))
		if loc := ts.playFromLessonEnd("asnas"); loc != "/asnas" {
			t.Fatalf("after a finished match the button leads to %s", loc)
		}
		p := ts.table()
		if p.root("data-over") == "true" || p.root("data-deal") != "1" || moveOf(p) == moveOf(over) {
			t.Errorf("after a finished match the button shows deal %s, over %s: not a new match", p.root("data-deal"), p.root("data-over"))
		}
		if p.doc.Find(`[data-level="beginner"] input[checked], input[data-level="beginner"][checked]`).Length() == 0 {
			t.Error("the new match's AI players are not at Beginner")
		}
		if h := ts.get("/asnas/history"); h.doc.Find(`[data-past] > li`).Length() != 1 {
			t.Errorf("the finished match is not in the history (%d listed)", h.doc.Find(`[data-past] > li`).Length())
		}
	})
}
