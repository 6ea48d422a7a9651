package web

import (
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/cardavia/cardavia/i18n"
	"github.com/cardavia/cardavia/web/learn"
	"github.com/cardavia/cardavia/web/views"
)

// lessonPage fetches a lesson page in a language and checks it is the step wanted.
func (ts *testSite) lessonPage(path, lang string, step int) page {
	ts.t.Helper()
	p := ts.get(path, "Accept-Language", lang)
	if p.status != http.StatusOK {
		ts.t.Fatalf("GET %s: status %d", path, p.status)
	}
	root := p.doc.Find("[data-lesson]")
	if root.Length() != 1 || attr(root, "data-step") != strconv.Itoa(step) {
		ts.t.Fatalf("GET %s: data-step %q, want %d", path, attr(root, "data-step"), step)
	}
	return p
}

// lessonMove posts a move and returns where the answer sends the visitor.
func (ts *testSite) lessonMove(game, action string, form url.Values) string {
	ts.t.Helper()
	p := ts.post("/"+game+"/learn/"+action, form)
	if p.status != http.StatusSeeOther {
		ts.t.Fatalf("POST %s %v: status %d, want 303", action, form, p.status)
	}
	return p.header.Get("Location")
}

// tableState is what a wrong move must leave as it was: the seats' cards, stakes and the pot.
func tableState(p page) string {
	var b strings.Builder
	p.doc.Find(".felt [data-hand], .felt .seat-facts, .felt .pot, .felt .highbet").Each(func(_ int, s *goquery.Selection) {
		b.WriteString(s.Text())
	})
	return b.String()
}

// TestAsnasLessonWalk walks the whole As-Nas lesson through the real router in every
// language: at each step the bubble is in the page's language and names a highlighted
// button to press; another legal move is turned down with the step's reason and changes
// nothing; the move asked for goes on to the next step; and the page after the last step is
// the lesson's end. No match of the visitor's is stored on the way.
func TestAsnasLessonWalk(t *testing.T) {
	l := learn.Asnas()
	for _, loc := range i18n.Locales {
		t.Run(loc.Code, func(t *testing.T) {
			ts := newSite(t)
			p := ts.lessonPage("/asnas/learn", loc.Code, 1)
			if got := attr(p.doc.Find("[data-lesson]"), "data-steps"); got != strconv.Itoa(l.Len()) {
				t.Fatalf("data-steps %q, want %d", got, l.Len())
			}
			path := "/asnas/learn"
			for n := 1; n <= l.Len(); n++ {
				st, pos, _ := l.At(n)
				p = ts.lessonPage(path, loc.Code, n)
				if p.doc.Find("html").AttrOr("lang", "") != loc.Tag.String() {
					t.Fatalf("step %d: lang %q", n, p.doc.Find("html").AttrOr("lang", ""))
				}
				bubble := strings.TrimSpace(p.doc.Find(".lesson-text").Text())
				if want := views.LessonText(i18n.WithLocale(t.Context(), loc), "asnas", st.Key, st.Args); bubble != want || bubble == "" {
					t.Errorf("step %d: bubble %q, want %q", n, bubble, want)
				}
				move := st.Move
				if move == "" {
					move = "continue"
					if p.doc.Find(`.lesson-bubble form button[data-action="continue"]`).Length() != 1 {
						t.Errorf("step %d (%s): no Continue in the bubble", n, st.Key)
					}
					if p.doc.Find(".felt .actions button").Length() != 0 {
						t.Errorf("step %d (%s): a step to read offers the table's buttons", n, st.Key)
					}
				} else {
					if p.doc.Find(`form[method="post"] button[data-action="show"]`).Length() != 1 {
						t.Errorf("step %d (%s): no Show me", n, st.Key)
					}
					target := p.doc.Find(".felt button.learn-target")
					if target.Length() != 1 || attr(target, "data-action") != move {
						t.Fatalf("step %d (%s): the highlighted button is %q, want %q", n, st.Key, attr(target, "data-action"), move)
					}
					// Every other button the table offers is a legal move the step turns down.
					before := tableState(p)
					p.doc.Find(".felt .actions button").Each(func(_ int, b *goquery.Selection) {
						other := b.AttrOr("value", "")
						if other == move {
							return
						}
						back := ts.lessonMove("asnas", "move", url.Values{"step": {strconv.Itoa(n)}, "verb": {other}})
						wp := ts.lessonPage(back, loc.Code, n)
						if got := attr(wp.doc.Find("[data-wrong]"), "data-wrong"); got != "learn.asnas."+st.Key+".wrong" {
							t.Errorf("step %d: %s gives the reason %q", n, other, got)
						}
						if tableState(wp) != before {
							t.Errorf("step %d: %s changed the table", n, other)
						}
					})
					if pos.Match.DealOver() {
						if st := ts.post("/asnas/learn/move", url.Values{"step": {strconv.Itoa(n)}, "verb": {"fold"}}); st.status != http.StatusConflict {
							t.Errorf("step %d: fold after the deal: status %d, want 409", n, st.status)
						}
					}
				}
				path = ts.lessonMove("asnas", "move", url.Values{"step": {strconv.Itoa(n)}, "verb": {move}})
				if path != "/asnas/learn?step="+strconv.Itoa(n+1) {
					t.Fatalf("step %d (%s): %s leads to %s", n, st.Key, move, path)
				}
			}
			end := ts.lessonPage("/asnas/learn", loc.Code, l.Len()+1)
			if end.doc.Find(`[data-lesson-done="true"]`).Length() != 1 {
				t.Error("the page after the last step is not the lesson's end")
			}
			if end.doc.Find(`form[action="/settings/asnas-level"] input[name="level"][value="beginner"]`).Length() != 1 {
				t.Error("the end offers no match against Beginner AI players")
			}
			// Sweeping everything written before a time to come counts what was stored.
			if n, _ := ts.store.Sweep(t.Context(), time.Now().Add(time.Hour)); n != 0 {
				t.Errorf("the lesson stored %d entries", n)
			}
		})
	}
}

// TestAsnasLessonShowAndResume: Show me makes the move asked for; the visitor's place is
// kept, so /asnas/learn brings them back to it; Start again goes back to step 1.
func TestAsnasLessonShowAndResume(t *testing.T) {
	ts := newSite(t)
	for n := 1; n <= 4; n++ {
		if got := ts.lessonMove("asnas", "show", url.Values{"step": {strconv.Itoa(n)}}); got != "/asnas/learn?step="+strconv.Itoa(n+1) {
			t.Fatalf("Show me at step %d leads to %s", n, got)
		}
	}
	p := ts.lessonPage("/asnas/learn", "en", 5)
	if p.doc.Find(".felt [data-hand=\"0\"] [data-card]").Length() != 5 {
		t.Error("after Look was shown, the visitor's cards are not face up")
	}
	// A second visitor's cookie has its own place.
	other := newClient(t)
	ts.client, other = other, ts.client
	ts.lessonPage("/asnas/learn", "en", 1)
	ts.client = other
	ts.lessonMove("asnas", "restart", url.Values{})
	ts.lessonPage("/asnas/learn", "en", 1)
}

// TestAsnasLessonBadInput: a garbled or foreign step number is a friendly 4xx page, an
// unknown verb the engine's refusal, a doctored cookie a lesson from the start; never a 500.
func TestAsnasLessonBadInput(t *testing.T) {
	ts := newSite(t)
	for _, c := range []struct {
		form url.Values
		want int
	}{
		{url.Values{"verb": {"look"}}, http.StatusBadRequest},
		{url.Values{"step": {"abc"}, "verb": {"look"}}, http.StatusBadRequest},
		{url.Values{"step": {"0"}, "verb": {"look"}}, http.StatusBadRequest},
		{url.Values{"step": {"99"}, "verb": {"look"}}, http.StatusBadRequest},
		{url.Values{"step": {"3"}, "verb": {"dance"}}, http.StatusUnprocessableEntity},
		{url.Values{"step": {"3"}, "verb": {"next"}}, http.StatusConflict},
	} {
		if p := ts.post("/asnas/learn/move", c.form); p.status != c.want || p.doc == nil {
			t.Errorf("POST %v: status %d, want %d with a page", c.form, p.status, c.want)
		}
	}
	for _, q := range []string{"0", "17", "x", "-1"} {
		if p := ts.get("/asnas/learn?step=" + q); p.status != http.StatusNotFound {
			t.Errorf("?step=%s: status %d, want 404", q, p.status)
		}
	}
	// A ?wrong= that is not a move turned down at this step puts nothing on the page.
	for _, w := range []string{"look", "raise%3Cscript%3E", "continue"} {
		if p := ts.get("/asnas/learn?step=3&wrong=" + w); p.doc.Find("[data-wrong]").Length() != 0 {
			t.Errorf("?wrong=%s shows a reason", w)
		}
	}
	req, _ := http.NewRequest(http.MethodGet, ts.srv.URL+"/asnas/learn", nil)
	req.AddCookie(&http.Cookie{Name: learnCookie, Value: "tampered"})
	if p := ts.do(req); p.status != http.StatusOK || attr(p.doc.Find("[data-lesson]"), "data-step") != "1" {
		t.Errorf("a doctored cookie: status %d, step %q", p.status, attr(p.doc.Find("[data-lesson]"), "data-step"))
	}
}

// TestLessonOffered: a visitor who has never finished an As-Nas match is offered the lesson
// at the table and on the home page's card; once they have finished one, only the rules
// page, which always links to it, still does.
func TestLessonOffered(t *testing.T) {
	ts := newSite(t)
	offered := func(path, within string) bool {
		return ts.get(path).doc.Find(within+` a[data-link="learn"][href="/asnas/learn"]`).Length() == 1
	}
	if !offered("/asnas", "") || !offered("/", `[data-game-card="asnas"]`) || !offered("/asnas/rules", "") {
		t.Fatal("a newcomer is not offered the lesson at the table, on the home page and on the rules page")
	}
	playAsnasToTheEnd(t, ts, rand.New(rand.NewPCG(7, 7)))
	if offered("/asnas", "") || offered("/", `[data-game-card="asnas"]`) {
		t.Error("a visitor who finished a match is still offered the lesson")
	}
	if !offered("/asnas/rules", "") {
		t.Error("the rules page no longer links to the lesson")
	}
}
