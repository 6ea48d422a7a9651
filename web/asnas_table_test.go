package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// The As-Nas table as issue 8 wants it, checked through the real router: the whole deal's log,
// one meaning for Call, the visitor's own hand at the deal's end, standings and Rematch at the
// match's end, the test hooks, and a replay that only tells what every seat saw.

// logLines are the log's lines in order.
func logLines(p page) []string {
	var out []string
	p.doc.Find(`[data-log] li`).Each(func(_ int, s *goquery.Selection) { out = append(out, s.Text()) })
	return out
}

// move posts verb (or, for "next", the next deal) and returns the table after it.
func (ts *testSite) move(p page, verb string) page {
	ts.t.Helper()
	form := url.Values{"move": {moveOf(p)}}
	path := "/asnas/next"
	if verb != "next" {
		form.Set("verb", verb)
		path = "/asnas/move"
	}
	if r := ts.post(path, form); r.status != http.StatusSeeOther {
		ts.t.Fatalf("%s: status %d", verb, r.status)
	}
	return ts.table()
}

// playOut folds every deal of the As-Nas match on p to its end and returns the last table; the
// test fails when the match does not end.
func (ts *testSite) playOut(p page) page {
	ts.t.Helper()
	for i := 0; i < 200 && p.root("data-over") != "true"; i++ {
		if p.doc.Find(`[data-action="next"]`).Length() == 1 {
			p = ts.move(p, "next")
		} else {
			p = ts.move(p, "fold")
		}
	}
	if p.root("data-over") != "true" {
		ts.t.Fatal("the match did not end")
	}
	return p
}

func TestLookKeepsTheDealsLog(t *testing.T) {
	ts := newSite(t)
	p := ts.table()
	before := logLines(p)
	if len(before) < 2 {
		t.Fatalf("a new deal's log: %q, want the deal and the opening bet at least", before)
	}
	after := logLines(ts.move(p, "look"))
	if len(after) != len(before)+1 || !slices.Equal(after[:len(before)], before) {
		t.Errorf("after Look the log is %q, want %q and the look", after, before)
	}
	if last := after[len(after)-1]; last != "You looked at your cards." {
		t.Errorf("the log's last line is %q", last)
	}
}

func TestRestartStartsAFreshLog(t *testing.T) {
	ts := newSite(t)
	p := ts.move(ts.table(), "look")
	if r := ts.post("/asnas/restart", url.Values{"move": {moveOf(p)}}); r.status != http.StatusSeeOther {
		t.Fatalf("restart: %d", r.status)
	}
	p = ts.table()
	if lines := logLines(p); !strings.HasSuffix(lines[0], "dealt the cards.") || slices.Contains(lines, "You looked at your cards.") {
		t.Errorf("a restarted match's log: %q", lines)
	}
}

// callLevel reads the level out of "Call to 2".
var callLevel = regexp.MustCompile(`^Call to (\d)`)

func TestCallNamesTheStakeReached(t *testing.T) {
	ts := newSite(t)
	for deal := 0; deal < 12; deal++ {
		p := ts.table()
		for i := 0; i < 20 && p.doc.Find(`[data-action="next"], [data-action="new"]`).Length() == 0; i++ {
			call := p.doc.Find(`button[data-action="call"]`)
			if call.Length() == 0 {
				p = ts.move(p, verbs(p)[0])
				continue
			}
			m := callLevel.FindStringSubmatch(strings.TrimSpace(call.Text()))
			high := regexp.MustCompile(`\d`).FindString(p.doc.Find(`[data-replay-slot="highbet"]`).Text())
			if m == nil || m[1] != high {
				t.Fatalf("the Call button reads %q with the highest bet at %s, want Call to %s", call.Text(), high, high)
			}
			p = ts.move(p, "call")
			if lines := logLines(p); !slices.Contains(lines, "You called to "+high+".") {
				t.Fatalf("after Call to %s the log says %q", high, lines)
			}
			return
		}
		ts.move(p, "next")
	}
	t.Skip("no deal offered Call")
}

func TestOwnHandShownAtTheDealsEnd(t *testing.T) {
	ts := newSite(t)
	p := ts.table()
	// Fold without looking: the deal goes on without the visitor, and at its end the
	// visitor sees their own cards; every other hand follows RULES.md.
	for i := 0; i < 20 && p.doc.Find(`[data-action="next"]`).Length() == 0; i++ {
		p = ts.move(p, "fold")
	}
	if n := p.doc.Find(`[data-hand="0"] [data-card]`).Length(); n != 5 {
		t.Errorf("at the deal's end the visitor's own hand shows %d faces, want 5", n)
	}
	checkNoHiddenCards(t, p)
}

func TestMatchEndStandingsAndRematch(t *testing.T) {
	ts := newSite(t)
	p := ts.playOut(ts.table())
	places := p.doc.Find(`[data-standings] li`)
	if places.Length() != 4 {
		t.Fatalf("standings have %d lines, want 4", places.Length())
	}
	prev := 1e9
	places.Each(func(i int, s *goquery.Selection) {
		total, err := strconv.ParseFloat(strings.TrimSpace(s.Find(".total").Text()), 64)
		if err != nil || total > prev {
			t.Errorf("standings line %d %q: not ordered by total", i, s.Text())
		}
		prev = total
	})
	if first := attr(places.First(), "data-place"); first != "1" {
		t.Errorf("the first line's place is %q", first)
	}
	if p.doc.Find(".seat.winner").Length() != 0 {
		t.Error("the last pot's gold mark is still on a seat after the match")
	}
	if n := p.doc.Find(`[data-match-winner]`).Length(); n < 1 {
		t.Error("no seat marked as the match's winner")
	}
	if line := p.doc.Find(`[data-match-winners]`).Text(); strings.Contains(line, "You") {
		t.Errorf("the winners' line names the visitor as a seat: %q", line)
	}
	if p.doc.Find(`button[data-action="new"]`).Length() != 1 {
		t.Error("no Rematch button")
	}
}

func TestEveryMoveButtonHasAnActionAndAKey(t *testing.T) {
	ts := newSite(t)
	p := ts.table()
	if len(verbs(p)) > 0 && p.doc.Find(`.felt a[data-action="coach"]`).Length() != 1 {
		t.Fatal("no Ask the coach among the move buttons on the visitor's turn")
	}
	// The coach too: Guandan's Hint had a key, and As-Nas's coach had none.
	listed := map[string]bool{}
	p.doc.Find(`.keys-help dt kbd`).Each(func(_ int, k *goquery.Selection) { listed[strings.ToLower(k.Text())] = true })
	p.doc.Find(`.felt button, .felt a[data-action]`).Each(func(_ int, b *goquery.Selection) {
		a := attr(b, "data-action")
		if !slices.Contains([]string{"look", "call", "hold", "raise", "fold", "coach", "next", "new"}, a) {
			t.Errorf("control %q has data-action %q", b.Text(), a)
		}
		k := attr(b, "aria-keyshortcuts")
		if k == "" || strings.ToLower(b.Find("kbd").Text()) != k {
			t.Errorf("control %q: key %q, printed %q", b.Text(), k, b.Find("kbd").Text())
		}
		if !listed[k] {
			t.Errorf("control %q: key %q is not in the table's list of keys", b.Text(), k)
		}
	})
	if p.doc.Find(`#hand [data-hand="0"]`).Length() != 1 || p.doc.Find(`a.skip-link[href="#hand"]`).Length() != 1 {
		t.Error("no skip link to the visitor's hand")
	}
	if !listed["a"] {
		t.Error("the solo table's list of keys has no key for the coach")
	}

	// A shared table has no coach: its list of keys offers none (A, the coach's key).
	path, players, toAct, _ := asnasPair(t, ts.as("Sara"), ts.as("Ali"), 0)
	for _, pl := range players {
		v := pl.view(path)
		if v.doc.Find(`a[data-action="coach"]`).Length() != 0 {
			t.Errorf("%s's shared table offers the coach", pl.name)
		}
		v.doc.Find(`.keys-help dt kbd`).Each(func(_ int, k *goquery.Selection) {
			if strings.ToLower(k.Text()) == "a" {
				t.Errorf("%s's shared table lists the coach's key", pl.name)
			}
		})
		if pl == toAct && v.doc.Find(`.keys-help dt kbd`).Length() == 0 {
			t.Errorf("%s's shared table lists no keys", pl.name)
		}
	}
}

func TestReplayStepsAreTheEventsSinceTheLastMove(t *testing.T) {
	ts := newSite(t)
	p := ts.move(ts.table(), "look")
	if n := p.doc.Find(`[data-replay-step]`).Length(); n != 0 {
		t.Errorf("after Look (nobody else moved) %d replay steps, want none", n)
	}
	verb := "call"
	if !contains(verbs(p), "call") {
		verb = "hold"
	}
	p = ts.move(p, verb)
	lines := logLines(p)
	steps := p.doc.Find(`[data-replay-step]`)
	mine := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "You called") || l == "You held." })
	if mine < 0 || steps.Length() != len(lines)-mine-1 {
		t.Errorf("log %q: %d replay steps, want the %d lines after yours", lines, steps.Length(), len(lines)-mine-1)
	}
	steps.Each(func(_ int, s *goquery.Selection) {
		var set map[string]string
		if err := json.Unmarshal([]byte(attr(s, "data-replay-set")), &set); err != nil || set["pot"] == "" {
			t.Errorf("step %q: slots %q (%v)", s.Text(), attr(s, "data-replay-set"), err)
		}
	})
	// The last step leaves the table as the page shows it.
	if steps.Length() > 0 {
		var set map[string]string
		_ = json.Unmarshal([]byte(attr(steps.Last(), "data-replay-set")), &set)
		for name, text := range set {
			if slot := p.doc.Find(`[data-replay-slot="` + name + `"]`); slot.Length() == 1 && slot.Text() != text {
				t.Errorf("slot %s reads %q on the page and %q after the last step", name, slot.Text(), text)
			}
		}
	}
}
