package web

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/cardavia/cardavia/web/store"
)

// The rematch at a shared table waits for the players as the next deal does: the final
// standings stay on every screen until each player present has asked for the rematch, or the
// table has waited its patience since the match ended (sharedTable.askRematch).

// lineOf is the text of s as it reads, its white space folded and the isolates around the
// players' names left out.
func lineOf(s *goquery.Selection) string {
	return strings.Join(strings.Fields(strings.NewReplacer("\u2068", "", "\u2069", "").Replace(s.Text())), " ")
}

// finishedMatch opens a Beginner table of game (a move's time timer seconds, 0 for none) with
// the player at seat 0 as host and the others at their seats, lets the AI play the whole
// match while they are all away, and brings them back to their seats for its end, all but
// those who stay away. It returns the table's path and the match's end as the host sees it:
// nobody has asked for a rematch.
func finishedMatch(t *testing.T, game string, timer int, seated map[int]*player, stayAway ...*player) (path string, end page) {
	t.Helper()
	host := seated[0]
	path = host.openTable(game, "beginner", timer)
	for seat, p := range seated {
		if seat != 0 {
			if r := p.sit(path, seat); r.status != http.StatusSeeOther {
				t.Fatalf("%s takes seat %d: %d", p.name, seat, r.status)
			}
		}
	}
	host.post(path+"/start", nil)
	for seat, p := range seated {
		if r := p.post(path+"/away", url.Values{"away": {strconv.Itoa(seat)}}); r.status != http.StatusSeeOther {
			t.Fatalf("%s steps away: %d", p.name, r.status)
		}
	}
	host.dealOnToMatchEnd(path)
	for _, p := range seated {
		if slices.Contains(stayAway, p) {
			continue
		}
		if r := p.post(path+"/back", nil); r.status != http.StatusSeeOther {
			t.Fatalf("%s takes their seat back: %d", p.name, r.status)
		}
	}
	end = host.view(path)
	if rootOf(end, "data-phase") != "over" || end.doc.Find(`[data-ready]`).Length() != 0 {
		t.Fatalf("the match's end: phase %s, %d lines about who asked", rootOf(end, "data-phase"), end.doc.Find(`[data-ready]`).Length())
	}
	return path, end
}

// rematchForms counts the forms that ask for a rematch on a page.
func rematchForms(r page) int { return r.doc.Find(`form[action$="/rematch"]`).Length() }

func TestSharedRematchWaitsForEveryonePresent(t *testing.T) {
	ts := newSite(t)
	sara, ali, eve := ts.as("Sara"), ts.as("Ali"), ts.as("Eve")
	path, end := finishedMatch(t, "asnas", 0, map[int]*player{0: sara, 2: ali})
	over := rootOf(end, "data-move")
	if rematchForms(end) != 1 || rematchForms(ali.view(path)) != 1 {
		t.Fatal("the match's end offers no rematch to each player")
	}

	// Nobody has asked yet: a finished match does not offer to reload itself (a tab left open
	// on it would reload for ever).
	if n := end.doc.Find(`form.shared-refresh`).Length(); n != 0 {
		t.Error("a finished match nobody has asked to play again offers to reload itself")
	}

	// Sara asks first: nothing is dealt, and every page says who asked and who is waited for.
	if r := sara.post(path+"/rematch", url.Values{"move": {over}}); r.status != http.StatusSeeOther || strings.Contains(r.header.Get("Location"), "notice") {
		t.Fatalf("Sara's rematch: %d to %q", r.status, r.header.Get("Location"))
	}
	mine := sara.view(path)
	if rootOf(mine, "data-move") != over || rootOf(mine, "data-phase") != "over" {
		t.Fatal("the first rematch was dealt while Ali still reads the standings")
	}
	if got, want := lineOf(mine.doc.Find(`[data-ready="wait"][data-rematch="same"]`)), "You have asked for a rematch. Waiting for Ali; once the match has been over for 2 minutes, anyone may start it."; got != want {
		t.Errorf("Sara reads %q, want %q", got, want)
	}
	if rematchForms(mine) != 0 {
		t.Error("Sara, who asked, is offered to ask again")
	}
	theirs := ali.view(path)
	if got, want := lineOf(theirs.doc.Find(`[data-ready="others"][data-rematch="same"]`)), "Sara asks for a rematch."; got != want {
		t.Errorf("Ali reads %q, want %q", got, want)
	}
	if rematchForms(theirs) != 1 {
		t.Errorf("Ali is offered %d rematch forms, want the one that joins Sara's", rematchForms(theirs))
	}
	if theirs.doc.Find(`form.shared-refresh`).Length() != 1 || mine.doc.Find(`form.shared-refresh`).Length() != 1 {
		t.Error("once a rematch is asked for, a player's page without JavaScript has no way to follow it")
	}
	look := eve.get(path)
	if got := lineOf(look.doc.Find(`[data-ready="others"]`)); got != "Sara asks for a rematch." || rematchForms(look) != 0 {
		t.Errorf("a visitor without a seat reads %q and is offered %d rematch forms", got, rematchForms(look))
	}
	for _, r := range []page{mine, theirs, look} {
		if strings.Contains(r.body, "%!") {
			t.Errorf("a page prints a broken argument: %s", r.body[strings.Index(r.body, "%!"):][:40])
		}
	}

	// Sara asks again (a double click), and Ali sends a form from before the match's end:
	// neither changes the table.
	rev := rootOf(mine, "data-rev")
	if r := sara.post(path+"/rematch", url.Values{"move": {over}}); r.status != http.StatusSeeOther {
		t.Fatalf("Sara's second rematch: %d", r.status)
	}
	if r := ali.post(path+"/rematch", url.Values{"move": {"12345"}}); r.status != http.StatusSeeOther || !strings.Contains(r.header.Get("Location"), "notice=stale") {
		t.Fatalf("a stale rematch: %d to %q", r.status, r.header.Get("Location"))
	}
	if after := ali.view(path); rootOf(after, "data-rev") != rev || rootOf(after, "data-move") != over {
		t.Fatalf("a repeated or stale rematch changed the table (revision %s, was %s)", rootOf(after, "data-rev"), rev)
	}

	// Ali's rematch is the last: it is dealt, once.
	if r := ali.post(path+"/rematch", url.Values{"move": {over}}); r.status != http.StatusSeeOther {
		t.Fatalf("Ali's rematch: %d", r.status)
	}
	again := sara.view(path)
	if rootOf(again, "data-move") == over || rootOf(again, "data-phase") == "over" || again.doc.Find("[data-ready]").Length() != 0 {
		t.Fatalf("after the last rematch: phase %s, %d lines about who asked", rootOf(again, "data-phase"), again.doc.Find("[data-ready]").Length())
	}
	for _, p := range []*player{sara, ali} {
		if r := p.post(path+"/rematch", url.Values{"move": {over}}); r.status != http.StatusSeeOther || rootOf(p.view(path), "data-move") != rootOf(again, "data-move") {
			t.Fatalf("%s's rematch from the old match's end dealt again", p.name)
		}
	}
}

// Nobody waits for ever: once the table has waited its patience since the match ended, the
// player who asked may deal the rematch, and their page offers it again.
func TestSharedRematchAfterThePatience(t *testing.T) {
	clk := &clock{now: time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)}
	ts := newSite(t, func(c *Config) { c.Now = clk.Now })
	sara, ali := ts.as("Sara"), ts.as("Ali")
	path, end := finishedMatch(t, "asnas", 30, map[int]*player{0: sara, 2: ali})
	over := rootOf(end, "data-move")
	clk.add(20 * time.Second)
	sara.post(path+"/rematch", url.Values{"move": {over}})
	mine := sara.view(path)
	if rootOf(mine, "data-move") != over {
		t.Fatal("Sara's rematch was dealt before Ali asked and before the table had waited")
	}
	if got := lineOf(mine.doc.Find(`[data-ready="wait"]`)); !strings.Contains(got, "over for 30 seconds") {
		t.Errorf("Sara reads %q: not how long the table waits", got)
	}
	if rematchForms(mine) != 0 {
		t.Error("Sara is offered to ask again before the table has waited")
	}
	// Nothing is written at the table when the wait ends, so no event comes: the live page
	// asks for itself again after the 10 s left (and a second for the rounding).
	if got := attr(mine.doc.Find(`[data-ready="wait"]`), "data-follow-in"); got != "11" {
		t.Errorf("Sara's page will follow the table in %q s, want 11", got)
	}
	clk.add(11 * time.Second)
	mine = sara.view(path)
	if rematchForms(mine) != 1 {
		t.Fatal("the table has waited, and Sara is not offered to deal the rematch")
	}
	if n := mine.doc.Find(`[data-follow-in]`).Length(); n != 0 {
		t.Error("once the button is back the page still waits to ask for itself again")
	}
	if got, want := lineOf(mine.doc.Find(`[data-ready="wait"]`)), "You have asked for a rematch. No answer from Ali in 30 seconds: you may start it now."; got != want {
		t.Errorf("with the button back Sara reads %q, want %q", got, want)
	}
	if r := sara.post(path+"/rematch", url.Values{"move": {over}}); r.status != http.StatusSeeOther {
		t.Fatalf("Sara's rematch after the wait: %d", r.status)
	}
	if again := ali.view(path); rootOf(again, "data-move") == over || rootOf(again, "data-phase") == "over" {
		t.Fatal("the table has waited and Sara's rematch was not dealt")
	}
}

// A player the AI plays for is not waited for; the others present are.
func TestSharedRematchDoesNotWaitForAnAwayPlayer(t *testing.T) {
	ts := newSite(t)
	sara, ali, mina := ts.as("Sara"), ts.as("Ali"), ts.as("Mina")
	path, end := finishedMatch(t, "asnas", 0, map[int]*player{0: sara, 2: ali, 3: mina}, ali)
	over := rootOf(end, "data-move")
	sara.post(path+"/rematch", url.Values{"move": {over}})
	mine := sara.view(path)
	if rootOf(mine, "data-move") != over {
		t.Fatal("Sara's rematch was dealt before Mina asked")
	}
	if got := lineOf(mine.doc.Find(`[data-ready="wait"]`)); !strings.Contains(got, "Waiting for Mina;") {
		t.Errorf("Sara reads %q, want her waiting for Mina alone", got)
	}
	if r := mina.post(path+"/rematch", url.Values{"move": {over}}); r.status != http.StatusSeeOther {
		t.Fatalf("Mina's rematch: %d", r.status)
	}
	again := sara.view(path)
	if rootOf(again, "data-move") == over {
		t.Fatal("the rematch waits for Ali, whom the AI plays for")
	}
	// Nor does the next match wait for him at his turns: the AI keeps his seat, and his page
	// offers it back.
	if again.doc.Find(`[data-seat-slot="2"] .away`).Length() != 1 {
		t.Error("after the rematch, Ali, who was away, is back at his seat without a click")
	}
	if ali.view(path).doc.Find(`[data-action="back"]`).Length() != 1 {
		t.Error("Ali, away, is not offered his seat back in the new match")
	}
	if r := ali.post(path+"/back", nil); r.status != http.StatusSeeOther || ali.view(path).doc.Find(`[data-action="back"]`).Length() != 0 {
		t.Error("Ali cannot take his seat back in the new match")
	}
}

// dealCounter counts the matches dealt at tables: the writes that store a match's seating.
type dealCounter struct {
	store.Store
	deals atomic.Int32
}

func (c *dealCounter) CompareAndSwapAll(ctx context.Context, swaps ...store.Swap) error {
	err := c.Store.CompareAndSwapAll(ctx, swaps...)
	for _, s := range swaps {
		if err == nil && strings.HasPrefix(s.Key, "seating:") {
			c.deals.Add(1)
		}
	}
	return err
}

// Players who click Rematch at the same moment, each several times, get one rematch, and only
// once both have asked.
func TestSharedRematchAtOnceDealsOnce(t *testing.T) {
	var deals *dealCounter
	ts := newSite(t, func(c *Config) { deals = &dealCounter{Store: c.Store}; c.Store = deals })
	sara, ali := ts.as("Sara"), ts.as("Ali")
	path, end := finishedMatch(t, "asnas", 0, map[int]*player{0: sara, 2: ali})
	over := rootOf(end, "data-move")
	before := deals.deals.Load()
	clicks := func(ps ...*player) {
		var wg sync.WaitGroup
		for _, p := range ps {
			for range 3 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					req, _ := http.NewRequest(http.MethodPost, ts.srv.URL+path+"/rematch", strings.NewReader(url.Values{"move": {over}}.Encode()))
					req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
					if resp, err := p.client.Do(req); err != nil {
						t.Error(err)
					} else if resp.Body.Close(); resp.StatusCode != http.StatusSeeOther {
						t.Errorf("%s's rematch: %d", p.name, resp.StatusCode)
					}
				}()
			}
		}
		wg.Wait()
	}
	clicks(sara)
	if n := deals.deals.Load() - before; n != 0 || rootOf(ali.view(path), "data-move") != over {
		t.Fatalf("Sara's rematches dealt %d matches while Ali had not asked", n)
	}
	clicks(sara, ali)
	if n := deals.deals.Load() - before; n != 1 || rootOf(ali.view(path), "data-move") == over {
		t.Fatalf("both players' rematches dealt %d matches, want one", n)
	}
}

// At Guandan the first to ask chooses which rematch it is; a form from a page that still
// offered the other one (loaded before that ask, or sent at the same moment) is stale: it
// changes nothing, and the page it leads to offers the one rematch to join. Joined silently,
// it dealt a player the rematch they had not clicked.
func TestSharedRematchOfTheOtherKindIsStale(t *testing.T) {
	for _, first := range []string{"", "1"} {
		ts := newSite(t)
		sara, ali := ts.as("Sara"), ts.as("Ali")
		path, end := finishedMatch(t, "guandan", 0, map[int]*player{0: sara, 1: ali})
		over := rootOf(end, "data-move")
		other := map[string]string{"": "1", "1": ""}[first]
		if r := sara.post(path+"/rematch", url.Values{"move": {over}, "swap": {first}}); r.status != http.StatusSeeOther {
			t.Fatalf("Sara's rematch (swap %q): %d", first, r.status)
		}
		rev := rootOf(ali.view(path), "data-rev")
		r := ali.post(path+"/rematch", url.Values{"move": {over}, "swap": {other}})
		if r.status != http.StatusSeeOther || !strings.Contains(r.header.Get("Location"), "notice=stale") {
			t.Errorf("Sara asked for swap %q; Ali's form for swap %q answered %d to %q, want the stale notice", first, other, r.status, r.header.Get("Location"))
		}
		now := ali.view(path)
		if rootOf(now, "data-move") != over || rootOf(now, "data-rev") != rev {
			t.Fatalf("Sara asked for swap %q; Ali's form for swap %q changed the table (phase %s)", first, other, rootOf(now, "data-phase"))
		}
		// The form his page now has joins Sara's rematch.
		form := now.doc.Find(`form[action$="/rematch"]`)
		swap, _ := form.Find(`input[name="swap"]`).Attr("value")
		if form.Length() != 1 || swap != first {
			t.Fatalf("Ali's page offers %d rematch forms, swap %q; want the one that joins Sara's (%q)", form.Length(), swap, first)
		}
		ali.post(path+"/rematch", url.Values{"move": {over}, "swap": {swap}})
		want := map[string]string{"": "1", "1": "2"}[first]
		if again := ali.view(path); rootOf(again, "data-move") == over || rootOf(again, "data-seat") != want {
			t.Errorf("after the rematch Sara chose (swap %q) Ali sits at seat %s, want %s", first, rootOf(again, "data-seat"), want)
		}
	}
}

// A Rematch posted while the table's players still gather (a forged or mistaken form) leads
// back to the table, which is there, with the stale notice; it was a 404 page.
func TestSharedRematchInTheLobbyIsStale(t *testing.T) {
	ts := newSite(t)
	sara := ts.as("Sara")
	path := sara.openTable("asnas", "beginner", 0)
	r := sara.post(path+"/rematch", url.Values{"move": {"1"}})
	if r.status != http.StatusSeeOther || !strings.Contains(r.header.Get("Location"), "notice=stale") {
		t.Fatalf("a rematch in the lobby: %d to %q", r.status, r.header.Get("Location"))
	}
	if rootOf(sara.view(path), "data-phase") != "lobby" {
		t.Error("a rematch in the lobby started a match")
	}
}

// The Rematch forms of a shared Guandan table keep the hand sorted as the page showed it, as
// Next deal does: the new match's first page came back sorted by rank.
func TestSharedGuandanRematchKeepsTheSorting(t *testing.T) {
	ts := newSite(t)
	sara, ali := ts.as("Sara"), ts.as("Ali")
	path, _ := finishedMatch(t, "guandan", 0, map[int]*player{0: sara, 1: ali})
	end := sara.get(path + "?arrange=suit")
	forms := end.doc.Find(`form[action$="/rematch"]`)
	if forms.Length() != 2 {
		t.Fatalf("%d rematch forms, want the rematch and the one with partners swapped", forms.Length())
	}
	forms.Each(func(_ int, f *goquery.Selection) {
		if got := submitted(f).Get("arrange"); got != "suit" {
			t.Errorf("a rematch form (swap %q) carries the sorting %q, want suit", submitted(f).Get("swap"), got)
		}
	})
	same := forms.Filter(`:not(:has(input[name="swap"]))`)
	if r := sara.post(path+"/rematch", submitted(same)); same.Length() != 1 || r.header.Get("Location") != path+"?arrange=suit" {
		t.Errorf("Sara's rematch leads to %q, want the hand sorted by suit", r.header.Get("Location"))
	}
	// Ali's form for the other rematch is stale: its notice keeps his sorting too.
	other := url.Values{"move": {rootOf(end, "data-move")}, "swap": {"1"}, "arrange": {"plan"}}
	if r := ali.post(path+"/rematch", other); r.header.Get("Location") != path+"?arrange=plan&notice=stale" {
		t.Errorf("Ali's stale rematch leads to %q", r.header.Get("Location"))
	}
}
