package web

import (
	"bufio"
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

	"github.com/cardavia/cardavia/record"
	"github.com/cardavia/cardavia/web/store"
)

// player is one person at a shared table: their own browser (cookie jar) on the same site.
type player struct {
	*testSite
	name string
}

// as is another visitor of the same site, with cookies of their own.
func (ts *testSite) as(name string) *player {
	c := *ts
	c.client = newClient(ts.t)
	return &player{&c, name}
}

// openTable opens a table of game as p, host at seat 0, and returns its path.
func (p *player) openTable(game, level string, timer int) string {
	p.t.Helper()
	r := p.post("/"+game+"/tables", url.Values{"name": {p.name}, "level": {level}, "timer": {strconv.Itoa(timer)}})
	if r.status != http.StatusSeeOther {
		p.t.Fatalf("open a table: %d\n%.400s", r.status, r.body)
	}
	u, err := url.Parse(r.header.Get("Location"))
	if err != nil {
		p.t.Fatal(err)
	}
	return u.Path
}

// sit takes seat at the table at path.
func (p *player) sit(path string, seat int) page {
	p.t.Helper()
	return p.post(path+"/seat", url.Values{"seat": {strconv.Itoa(seat)}, "name": {p.name}})
}

// view is the table at path as p sees it, with the hidden-card audit of every shared table
// page: a face inside a hand is the viewer's own, unless the root says it is a showdown.
func (p *player) view(path string) page {
	p.t.Helper()
	r := p.get(path)
	if r.status != http.StatusOK {
		p.t.Fatalf("%s sees %s: %d\n%.400s", p.name, path, r.status, r.body)
	}
	auditSeat(p.t, r)
	return r
}

// auditSeat fails when a page shows a card of a hand that is not the viewer's.
func auditSeat(t *testing.T, r page) {
	t.Helper()
	root := r.doc.Find("[data-table]")
	me := attr(root, "data-seat")
	showdown := r.doc.Find(`[data-showdown="true"]`).Length() > 0
	r.doc.Find("[data-hand]").Each(func(_ int, h *goquery.Selection) {
		if attr(h, "data-hand") != me && !showdown && h.Find("[data-card]").Length() > 0 {
			t.Errorf("seat %s's page shows the cards of hand %s", me, attr(h, "data-hand"))
		}
	})
}

func rootOf(r page, name string) string { return attr(r.doc.Find("[data-table]"), name) }

// dealOnToMatchEnd has p, at a table whose players have all let the AI play for them, deal on
// until the AI has played the match to its end, and returns p's view of it.
func (p *player) dealOnToMatchEnd(path string) page {
	p.t.Helper()
	end := p.view(path)
	for range 60 {
		if rootOf(end, "data-phase") == "over" {
			return end
		}
		if r := p.post(path+"/next", url.Values{"move": {rootOf(end, "data-move")}}); r.status != http.StatusSeeOther {
			p.t.Fatalf("next deal: %d", r.status)
		}
		end = p.view(path)
	}
	p.t.Fatalf("the AI did not play the match to its end (phase %s)", rootOf(end, "data-phase"))
	return end
}

func TestSharedTableLobby(t *testing.T) {
	ts := newSite(t)
	sara, ali, mina, dara, eve := ts.as("Sara"), ts.as("مریم"), ts.as("Mina"), ts.as("Dara"), ts.as("Eve")
	path := sara.openTable("guandan", "club", 0)
	id := path[strings.LastIndexByte(path, '/')+1:]
	if len(id) < 16 || !validTableID(id) {
		t.Fatalf("table id %q: not at least 80 random bits", id)
	}
	lobby := sara.view(path)
	if rootOf(lobby, "data-phase") != "lobby" || rootOf(lobby, "data-seat") != "0" || rootOf(lobby, "data-game") != "guandan" {
		t.Fatalf("the host's lobby: phase %q seat %q", rootOf(lobby, "data-phase"), rootOf(lobby, "data-seat"))
	}
	if lobby.doc.Find("a[data-invite]").Length() != 1 || lobby.doc.Find(`[data-action="start"]`).Length() != 1 {
		t.Fatal("the host's lobby has no invite link or no start button")
	}
	if lobby.doc.Find(`.shared-qr svg path`).Length() != 1 {
		t.Error("no QR code of the invitation")
	}
	// Without JavaScript a seated player's lobby follows the table through the "Wait for the
	// next move" link and a refresh link; it does not reload itself unasked (DESIGN.md, WCAG
	// 2.2.1), but the player may choose that, and undo it, for this visitor only.
	if strings.Contains(lobby.body, `http-equiv="refresh"`) || lobby.doc.Find(`form[data-still] button[data-action="reload-on"]`).Length() != 1 ||
		lobby.doc.Find(`form[data-still] a[href="`+path+`"]`).Length() != 1 ||
		lobby.doc.Find(`form[data-still] a[data-action="wait"][href="`+path+`/wait?rev=`+rootOf(lobby, "data-rev")+`"]`).Length() != 1 {
		t.Error("a seated player's lobby reloads itself unasked, or offers no wait link, no refresh link or no reloading to choose")
	}
	if r := sara.post(path+"/reload", url.Values{"reload": {"1"}}); r.status != http.StatusSeeOther {
		t.Fatalf("choose the reloading: %d", r.status)
	}
	reloading := sara.view(path)
	if !strings.Contains(reloading.body, `http-equiv="refresh"`) || reloading.doc.Find(`form.shared-refresh button[data-action="reload-off"]`).Length() != 1 ||
		reloading.doc.Find(`form[data-still]`).Length() != 0 {
		t.Error("the chosen reloading does not reload the page, or offers no way to stop it")
	}
	// A page that shows a notice reloads without it: the notice was about an earlier move.
	if got := attr(sara.view(path+"?notice=stale").doc.Find(`meta[http-equiv="refresh"]`), "content"); !strings.HasSuffix(got, "; url="+path) {
		t.Errorf("the reloading goes to %q, want the table without its notice", got)
	}
	for _, bad := range []string{"", "yes", "2"} {
		if r := sara.post(path+"/reload", url.Values{"reload": {bad}}); r.status != http.StatusBadRequest {
			t.Errorf("reload=%q: %d, want 400", bad, r.status)
		}
		if r := sara.post(path+"/mute", url.Values{"mute": {bad}}); r.status != http.StatusBadRequest {
			t.Errorf("mute=%q: %d, want 400", bad, r.status)
		}
	}
	if !strings.Contains(sara.view(path).body, `http-equiv="refresh"`) {
		t.Error("a bad switch's value changed the visitor's choice")
	}
	if r := sara.post(path+"/reload", url.Values{"reload": {"0"}}); r.status != http.StatusSeeOther {
		t.Fatalf("stop the reloading: %d", r.status)
	}
	if again := sara.view(path); strings.Contains(again.body, `http-equiv="refresh"`) || again.doc.Find(`form[data-still]`).Length() != 1 {
		t.Error("the reloading did not stop")
	}
	// The live page swaps in only the table's root at the start: the card faces it brings
	// draw with the shapes of the sprite, which must be on the page already.
	if lobby.doc.Find(`svg.gsprite symbol#gc-S`).Length() != 1 {
		t.Error("the Guandan lobby has no card sprite: the faces swapped in at the start would be blank")
	}
	// A passer-by sees the free seats' forms, and no refresh while they type a name.
	look := ali.view(path)
	if rootOf(look, "data-seat") != "-1" || look.doc.Find(`form[data-take-seat] input[name="name"]`).Length() != 3 {
		t.Fatalf("a visitor who is not seated: seat %q, %d seat forms", rootOf(look, "data-seat"), look.doc.Find("form[data-take-seat]").Length())
	}
	if strings.Contains(look.body, `http-equiv="refresh"`) {
		t.Error("the page of somebody choosing a seat reloads itself")
	}
	// Each seat's form says which seat it takes, to a screen reader as to the eye.
	look.doc.Find(`form[data-take-seat]`).Each(func(_ int, f *goquery.Selection) {
		id := "tseat-pos-" + attr(f, "data-take-seat")
		if look.doc.Find("#"+id).Length() != 1 || attr(f.Find(`input[name="name"]`), "aria-describedby") != id || attr(f.Find("button"), "aria-describedby") != id {
			t.Errorf("the form of seat %s does not name its seat", attr(f, "data-take-seat"))
		}
	})
	// The code read aloud leads to the table, in any case and with the look-alikes.
	code := strings.ReplaceAll(strings.TrimSpace(lobby.doc.Find("[data-code]").Text()), "-", "")
	r := ali.post("/tables/join", url.Values{"code": {strings.ToLower(code[:4]) + " " + code[4:]}})
	if r.status != http.StatusSeeOther || r.header.Get("Location") != path {
		t.Fatalf("joining by code %q: %d to %q", code, r.status, r.header.Get("Location"))
	}
	wrong := ali.post("/tables/join", url.Values{"code": {"QQQQ-QQQQ"}})
	wantErrorPage(t, wrong, http.StatusNotFound)
	// Its page offers the form again, long enough for a pasted link, with the code as typed
	// and why beside it.
	if f := wrong.doc.Find(`form[action="/tables/join"] input[name="code"]`); f.Length() != 1 || attr(f, "maxlength") != "300" {
		t.Errorf("the wrong code's page has %d code fields (maxlength %q), want one taking a link", f.Length(), attr(f, "maxlength"))
	}
	f := wrong.doc.Find(`form[action="/tables/join"] input[name="code"]`)
	if attr(f, "value") != "QQQQ-QQQQ" || attr(f, "aria-invalid") != "true" || attr(f, "aria-describedby") != "join-code-error" ||
		!strings.Contains(wrong.doc.Find("form #join-code-error").Text(), "Check the code with your friend") {
		t.Errorf("the wrong code's field: value %q, aria-invalid %q, described by %q (%q)", attr(f, "value"), attr(f, "aria-invalid"),
			attr(f, "aria-describedby"), wrong.doc.Find("#join-code-error").Text())
	}
	if other := ali.get("/guandan/tables/aaaaaaaaaaaaaaaa"); other.doc.Find(`form[action="/tables/join"]`).Length() != 0 {
		t.Error("another 404 page offers the join form")
	}
	// So does the code with a typographer's dash, and the invitation's link pasted in its place.
	for _, typed := range []string{code[:4] + "\u2013" + code[4:], ts.srv.URL + path, " " + path + "/ "} {
		if r := ali.post("/tables/join", url.Values{"code": {typed}}); r.status != http.StatusSeeOther || r.header.Get("Location") != path {
			t.Errorf("joining by %q: %d to %q", typed, r.status, r.header.Get("Location"))
		}
	}
	other := "/asnas" + strings.TrimPrefix(path, "/guandan")
	for _, typed := range []string{other, path + "x", ts.srv.URL + "/guandan/tables/nosuchtable"} {
		wantErrorPage(t, ali.post("/tables/join", url.Values{"code": {typed}}), http.StatusNotFound)
	}

	if r := ali.sit(path, 2); r.status != http.StatusSeeOther {
		t.Fatalf("taking a free seat: %d", r.status)
	}
	wantSeatError(t, mina.sit(path, 2), http.StatusConflict, 2, mina.name) // taken
	wantSeatError(t, mina.sit(path, 0), http.StatusConflict, 0, mina.name) // the host's
	wantSeatError(t, ts.as("sara").sit(path, 1), http.StatusConflict, 1, "sara")
	wantSeatError(t, ts.as("\u0405\u0430ra").sit(path, 1), http.StatusConflict, 1, "\u0405\u0430ra") // Cyrillic Ѕ and а
	if r := ts.as("علی\u200cرضا").sit(path, 3); r.status != http.StatusSeeOther {
		t.Fatalf("a Persian name with a non-joiner: %d", r.status)
	}
	if r := sara.post(path+"/arrange", url.Values{"op": {"remove"}, "from": {"3"}}); r.status != http.StatusSeeOther {
		t.Fatalf("the host frees seat 3: %d", r.status)
	}
	for _, bad := range []string{"", "   ", "<b>x</b>", "a\u202eb", "x\x00y", strings.Repeat("n", 25), strings.Repeat("x", 10<<10)} {
		r := mina.post(path+"/seat", url.Values{"seat": {"1"}, "name": {bad}})
		if r.status < 400 || r.status >= 500 {
			t.Errorf("name %.20q: %d, want a 4xx page", bad, r.status)
		}
		// The lobby again, the name as typed beside why; a form too long to read at all
		// gets an error page that leads back to the table.
		if len(bad) > maxTableFormBytes {
			if r.doc.Find(`a[data-back][href="`+path+`"]`).Length() != 1 {
				t.Errorf("name %.20q: the error page does not lead back to the table", bad)
			}
			continue
		}
		wantSeatError(t, r, http.StatusUnprocessableEntity, 1, bad)
	}
	if r := mina.sit(path, 1); r.status != http.StatusSeeOther {
		t.Fatalf("Mina sits: %d", r.status)
	}
	// Only the host arranges and starts; a player who is not seated does neither.
	wantErrorPage(t, ali.post(path+"/start", nil), http.StatusForbidden)
	wantErrorPage(t, eve.post(path+"/start", nil), http.StatusForbidden)
	wantErrorPage(t, ali.post(path+"/arrange", url.Values{"op": {"remove"}, "from": {"1"}}), http.StatusForbidden)
	if r := sara.post(path+"/arrange", url.Values{"op": {"move"}, "from": {"1"}, "to": {"3"}}); r.status != http.StatusSeeOther {
		t.Fatalf("the host moves Mina: %d", r.status)
	}
	if got := rootOf(mina.view(path), "data-seat"); got != "3" {
		t.Fatalf("Mina after the move: seat %s", got)
	}
	if r := sara.post(path+"/arrange", url.Values{"op": {"remove"}, "from": {"3"}}); r.status != http.StatusSeeOther {
		t.Fatalf("the host removes Mina: %d", r.status)
	}
	removed := `[data-notice="tables.notice.removed"]`
	if got := mina.view(path); rootOf(got, "data-seat") != "-1" || got.doc.Find(removed).Length() != 1 {
		t.Fatalf("Mina after the removal: seat %s, told so %d times", rootOf(got, "data-seat"), got.doc.Find(removed).Length())
	}
	if n := sara.view(path).doc.Find(removed).Length() + ali.view(path).doc.Find(removed).Length() + eve.view(path).doc.Find(removed).Length(); n != 0 {
		t.Errorf("%d removal notices shown to players the host did not remove", n)
	}
	if r := mina.sit(path, 3); r.status != http.StatusSeeOther || mina.view(path).doc.Find(removed).Length() != 0 {
		t.Fatalf("Mina sits again (%d) and is still told she was removed", r.status)
	}
	sara.post(path+"/arrange", url.Values{"op": {"remove"}, "from": {"3"}})
	// The host leaves: the next seated player hosts.
	if r := sara.post(path+"/leave", nil); r.status != http.StatusSeeOther {
		t.Fatalf("the host leaves: %d", r.status)
	}
	if ali.view(path).doc.Find(`[data-action="start"]`).Length() != 1 {
		t.Fatal("after the host left, the next seated player cannot start")
	}
	sara.sit(path, 0)
	dara.sit(path, 1)
	if r := ali.post(path+"/start", nil); r.status != http.StatusSeeOther {
		t.Fatalf("the new host starts: %d", r.status)
	}
	started := ali.view(path)
	if rootOf(started, "data-phase") == "lobby" || rootOf(started, "data-move") == "0" {
		t.Fatalf("after the start: phase %q move %q", rootOf(started, "data-phase"), rootOf(started, "data-move"))
	}
	wantErrorPage(t, eve.sit(path, 3), http.StatusConflict) // started
	if n := mina.view(path).doc.Find(removed).Length(); n != 0 {
		t.Error("after the start, Mina, removed in the lobby, is still told so")
	}
	// A lobby's form sent from a page older than the start says the seats are settled, not
	// that seats are taken before the start: the player has one.
	for form, values := range map[string]url.Values{"/leave": nil, "/arrange": {"op": {"move"}, "from": {"1"}, "to": {"3"}}} {
		r := ali.post(path+form, values)
		wantErrorPage(t, r, http.StatusConflict)
		if !strings.Contains(r.body, "seats were settled") || strings.Contains(r.body, "can only be taken") {
			t.Errorf("POST %s after the start: %s", form, excerpt(r.body, "<h1"))
		}
	}
	if got := rootOf(eve.view(path), "data-seat"); got != "-1" || eve.view(path).doc.Find("[data-card]").Length() != 0 {
		t.Errorf("a visitor who is not seated sees seat %s and cards", got)
	}
	wantErrorPage(t, eve.get("/guandan/tables/aaaaaaaaaaaaaaaa"), http.StatusNotFound)
	wantErrorPage(t, eve.get("/asnas"+path[len("/guandan"):]), http.StatusNotFound) // the other game's path
	wantErrorPage(t, eve.get("/guandan/tables/%3Cscript%3E"), http.StatusNotFound)
}

// wantSeatError checks that r answers a refused seat form as the open-table form answers its
// own: with the table's lobby and status, the refusal beside seat's field (in the seat's place
// when somebody holds it), and the name as typed kept in every seat form.
func wantSeatError(t *testing.T, r page, status, seat int, typed string) {
	t.Helper()
	if r.status != status || rootOf(r, "data-phase") != "lobby" {
		t.Fatalf("status %d, phase %q: want %d and the lobby\n%.600s", r.status, rootOf(r, "data-phase"), status, r.body)
	}
	n := strconv.Itoa(seat)
	msg := r.doc.Find(`li[data-seat-slot="` + n + `"] #seat-error-` + n)
	if msg.Length() != 1 || attr(msg, "role") != "alert" || strings.TrimSpace(msg.Text()) == "" {
		t.Errorf("seat %s: %d error messages beside it", n, msg.Length())
	}
	if f := r.doc.Find("#seat-name-" + n); f.Length() == 1 {
		if attr(f, "aria-invalid") != "true" || attr(f, "aria-describedby") != "tseat-pos-"+n+" seat-error-"+n {
			t.Errorf("seat %s's field: aria-invalid %q, described by %q", n, attr(f, "aria-invalid"), attr(f, "aria-describedby"))
		}
	}
	fields := r.doc.Find(`form[data-take-seat] input[name="name"]`)
	if fields.Length() == 0 {
		t.Error("no seat form left to correct the name in")
	}
	// What a browser could have typed: no control or format character (the page had a raw
	// NUL), cut to the field's maxlength (TestRefusedFieldsShowOnlyWhatCouldBeTyped).
	want := typedBack(typed, nameFieldRunes)
	fields.Each(func(_ int, f *goquery.Selection) {
		if attr(f, "value") != want {
			t.Errorf("seat form %s keeps %q, want the name typed %q", attr(f, "id"), attr(f, "value"), want)
		}
	})
}

// TestSharedTableWaitForMove: the "Wait for the next move" link of a page without JavaScript
// is held until the table changes, then leads back to the table; a stale or missing revision
// leads back at once.
func TestSharedTableWaitForMove(t *testing.T) {
	ts := newSite(t)
	sara, ali := ts.as("Sara"), ts.as("Ali")
	path := sara.openTable("guandan", "club", 0)
	rev := rootOf(sara.view(path), "data-rev")
	done := make(chan page, 1)
	go func() { done <- sara.get(path + "/wait?rev=" + rev) }()
	select {
	case r := <-done:
		t.Fatalf("the wait ended before the table changed: %d", r.status)
	case <-time.After(300 * time.Millisecond):
	}
	ali.sit(path, 2)
	select {
	case r := <-done:
		if r.status != http.StatusSeeOther || r.header.Get("Location") != path {
			t.Fatalf("after a seat was taken the wait answered %d to %q", r.status, r.header.Get("Location"))
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the wait did not end when the table changed")
	}
	for _, q := range []string{"?rev=" + rev, "?rev=x", ""} {
		t0 := time.Now()
		if r := sara.get(path + "/wait" + q); r.status != http.StatusSeeOther || r.header.Get("Location") != path || time.Since(t0) > 2*time.Second {
			t.Errorf("wait%s: %d to %q after %v; want back to the table at once", q, r.status, r.header.Get("Location"), time.Since(t0))
		}
	}
	wantErrorPage(t, sara.get("/guandan/tables/aaaaaaaaaaaaaaaa/wait?rev=1"), http.StatusNotFound)
	// A HEAD of the wait is answered at once: it held the connection for the whole wait.
	rev = rootOf(sara.view(path), "data-rev")
	req, _ := http.NewRequest(http.MethodHead, ts.srv.URL+path+"/wait?rev="+rev, nil)
	t0 := time.Now()
	if r := sara.do(req); r.status != http.StatusSeeOther || time.Since(t0) > 2*time.Second {
		t.Errorf("HEAD wait: %d after %v; want 303 at once", r.status, time.Since(t0))
	}
}

// guandanBot makes a legal move for the player whose turn it is, through the page's own forms:
// leads a single card, passes when following, gives back the first card it may, deals on.
func guandanBot(p *player, path string, r page) page {
	p.t.Helper()
	move := attr(r.doc.Find(`input[name="move"]`).First(), "value")
	switch {
	case r.doc.Find(`form[action$="/return"]`).Length() > 0:
		card := attr(r.doc.Find(`input[name="card"]:not([disabled])`).First(), "value")
		return p.post(path+"/return", url.Values{"move": {move}, "card": {card}})
	case r.doc.Find(`[data-action="pass"]`).Length() > 0:
		return p.post(path+"/pass", url.Values{"move": {move}})
	case r.doc.Find(`form[action$="/play"]`).Length() > 0:
		card := attr(r.doc.Find(`input[name="card"]`).First(), "value")
		return p.post(path+"/play", url.Values{"move": {move}, "card": {card}})
	case r.doc.Find(`form[action$="/next"]`).Length() > 0:
		return p.post(path+"/next", url.Values{"move": {move}})
	}
	p.t.Fatalf("%s has nothing to do:\n%.300s", p.name, r.body)
	return page{}
}

func TestSharedGuandanTwoPlayers(t *testing.T) {
	ts := newSite(t)
	sara, ali := ts.as("Sara"), ts.as("Ali")
	path := sara.openTable("guandan", "beginner", 0)
	ali.sit(path, 2) // Sara's partner
	sara.post(path+"/start", nil)
	players := map[string]*player{"0": sara, "2": ali}
	moves, ended := 0, ""
	for deal := 0; moves < 400; {
		a, b := sara.view(path), ali.view(path)
		if rootOf(a, "data-move") != rootOf(b, "data-move") {
			t.Fatal("the two players see different moves")
		}
		if rootOf(a, "data-phase") == "dealover" && rootOf(a, "data-move") != ended {
			ended = rootOf(a, "data-move")
			deal++
			if deal == 2 {
				break
			}
		}
		toAct := rootOf(a, "data-to-act")
		p, ok := players[toAct]
		if !ok {
			if rootOf(a, "data-phase") != "dealover" {
				t.Fatalf("the match waits for seat %s, an AI seat (phase %s)", toAct, rootOf(a, "data-phase"))
			}
			p = sara // each asks for the next deal, Sara first
			if a.doc.Find(`[data-ready="wait"]`).Length() > 0 {
				p = ali
			}
		}
		other := ali
		if p == ali {
			other = sara
		}
		page := p.view(path)
		if toAct != "-1" {
			// Whose turn it is is unmistakable at every seat, and only the one to act has no
			// way to wait for the next move.
			if page.doc.Find(`[data-your-turn="true"]`).Length() != 1 || page.doc.Find(`a[data-action="wait"]`).Length() != 0 {
				t.Fatalf("seat %s to act: its page does not say so, or offers to wait", toAct)
			}
			op := other.view(path)
			if op.doc.Find(`[data-your-turn="true"]`).Length() != 0 || op.doc.Find(`a[data-action="wait"]`).Length() != 1 {
				t.Fatalf("seat %s waits: its page says it is its turn, or does not follow", rootOf(op, "data-seat"))
			}
			// The other player cannot move for the seat to act, by the same form or a forged seat.
			move := rootOf(page, "data-move")
			before := move
			if r := other.post(path+"/pass", url.Values{"move": {move}}); r.status < 300 || r.status >= 500 {
				t.Fatalf("a move out of turn: %d", r.status)
			}
			wantErrorPage(t, other.post(path+"/pass", url.Values{"move": {move}, "seat": {toAct}}), http.StatusForbidden)
			if got := rootOf(p.view(path), "data-move"); got != before {
				t.Fatal("a move for another seat changed the match")
			}
		}
		if r := guandanBot(p, path, page); r.status != http.StatusSeeOther {
			t.Fatalf("%s's move: %d\n%.400s", p.name, r.status, r.body)
		}
		if toAct == "-1" && p == sara {
			// The deal's end stays on Ali's screen until Ali asks for the next deal too.
			if r := ali.view(path); rootOf(r, "data-phase") != "dealover" || r.doc.Find(`[data-ready="others"]`).Length() != 1 {
				t.Fatalf("Sara asked for the next deal and Ali sees phase %s, %d notes of who asked", rootOf(r, "data-phase"), r.doc.Find(`[data-ready="others"]`).Length())
			}
		}
		moves++
	}
	if moves >= 400 {
		t.Fatal("no deal ended in 400 moves")
	}
}

func TestSharedAsnasThreePlayersAndRematch(t *testing.T) {
	ts := newSite(t)
	sara, ali, mina := ts.as("Sara"), ts.as("علی"), ts.as("Mina")
	path := sara.openTable("asnas", "beginner", 0)
	ali.sit(path, 1)
	mina.sit(path, 3)
	sara.post(path+"/start", nil)
	players := map[string]*player{"0": sara, "1": ali, "3": mina}
	for i := range 2000 {
		r := sara.view(path)
		if rootOf(r, "data-phase") == "over" {
			break
		}
		p, ok := players[rootOf(r, "data-to-act")]
		if !ok {
			p = []*player{sara, ali, mina}[i%3] // between deals: each asks for the next
		}
		pg := p.view(path)
		move := rootOf(pg, "data-move")
		var res page
		if b := pg.doc.Find(`form[action$="/move"] button[data-verb]`).First(); b.Length() > 0 {
			res = p.post(path+"/move", url.Values{"move": {move}, "verb": {attr(b, "value")}})
		} else {
			res = p.post(path+"/next", url.Values{"move": {move}})
		}
		if res.status != http.StatusSeeOther {
			t.Fatalf("%s's move: %d\n%.300s", p.name, res.status, res.body)
		}
	}
	end := ali.view(path)
	if rootOf(end, "data-phase") != "over" || end.doc.Find(`form[action$="/rematch"]`).Length() == 0 {
		t.Fatalf("the match did not end with a rematch offer (phase %s)", rootOf(end, "data-phase"))
	}
	// The match's end leads each player to their history, where it is.
	if end.doc.Find(`[data-history-link][href="/asnas/history"]`).Length() != 1 {
		t.Error("the shared match's end has no link to the history")
	}
	// The finished match is in each player's history, from their own seat.
	for _, p := range []*player{sara, ali, mina} {
		h := p.get("/asnas/history")
		if h.doc.Find(`a[href*="/asnas/replay/"]`).Length() == 0 {
			t.Errorf("%s's history has no replay of the shared match", p.name)
		}
		// Listed with whom it was played: the other two by name (each isolated, so that
		// علی reads right in an English line), not the player themself.
		others := map[string]string{"Sara": "\u2068علی\u2069 and \u2068Mina\u2069", "علی": "\u2068Sara\u2069 and \u2068Mina\u2069", "Mina": "\u2068Sara\u2069 and \u2068علی\u2069"}[p.name]
		if with := h.doc.Find(`[data-past] [data-with]`).Text(); with != "with "+others {
			t.Errorf("%s's history lists the shared match as played %q, want %q", p.name, with, "with "+others)
		}
	}
	if with := sara.get("/asnas/history", "Accept-Language", "fa").doc.Find(`[data-past] [data-with]`).Text(); with != "با \u2068علی\u2069 و \u2068Mina\u2069" {
		t.Errorf("Sara's Persian history lists the shared match as played %q", with)
	}
	// Ali's replays are seen from Ali's seat (1), the showdowns marked as at the table.
	h := ali.get("/asnas/history")
	showdowns, fromAli, shared := 0, 0, ""
	h.doc.Find(`a[href*="/asnas/replay/"]`).Each(func(_ int, a *goquery.Selection) {
		href := attr(a, "href")
		first := ali.get(href)
		steps := attr(first.doc.Find("[data-steps]"), "data-steps")
		last := ali.get(strings.SplitN(href, "?", 2)[0] + "?step=" + steps)
		seats := last.doc.Find(".felt .seat")
		if attr(seats.Last(), "data-seat") != "1" {
			return // the solo match Ali's own table would deal, listed as current
		}
		fromAli++
		shared = strings.Split(href, "/")[3]
		// The others are named as they sat: the players by their names, the AI's seat marked.
		if felt := last.doc.Find(".felt").Text(); !strings.Contains(felt, "Sara") || !strings.Contains(felt, "Mina") || !strings.Contains(felt, "North (AI)") {
			t.Errorf("%s: the replay's felt does not name Sara, Mina and North (AI):\n%s", href, strings.Join(strings.Fields(felt), " "))
		}
		if attr(last.doc.Find("[data-steps]"), "data-showdown") == "true" {
			showdowns++
		}
		shown := last.doc.Find(".felt .seat [data-card]").Length() > 0
		if shown && attr(last.doc.Find("[data-steps]"), "data-showdown") != "true" {
			t.Errorf("%s: another seat's cards without data-showdown", href)
		}
	})
	if fromAli != 12 {
		t.Errorf("%d deals replayed from Ali's seat, want the shared match's 12", fromAli)
	}
	if showdowns == 0 {
		t.Error("no replay of twelve deals ends in a showdown marked as one")
	}
	// The host, who sat at South as a solo player does, sees the others named as they sat too,
	// and the way back leads to the shared table, not to a solo one.
	host := sara.get("/asnas/replay/" + shared + "/1")
	if felt := host.doc.Find(".felt").Text(); !strings.Contains(felt, "علی") || !strings.Contains(felt, "Mina") || !strings.Contains(felt, "North (AI)") {
		t.Errorf("the host's replay does not name علی, Mina and North (AI):\n%s", strings.Join(strings.Fields(felt), " "))
	}
	if back := attr(host.doc.Find("[data-back-table]"), "href"); back != path {
		t.Errorf("the shared match's replay leads back to %q, want its table %s", back, path)
	}
	// A seating that cannot be read leaves the compass points, not an error page.
	id, ok := record.ParseID(shared)
	if !ok {
		t.Fatalf("the shared match's id %q", shared)
	}
	_, version, _ := ts.store.Load(context.Background(), seatingKey(id))
	if err := ts.store.CompareAndSwap(context.Background(), seatingKey(id), version, []byte("garbage")); err != nil {
		t.Fatal(err)
	}
	if r := ali.get("/asnas/replay/" + shared + "/1"); r.status != http.StatusOK || strings.Contains(r.doc.Find(".felt").Text(), "Sara") ||
		attr(r.doc.Find("[data-back-table]"), "href") != "/asnas" {
		t.Errorf("a replay with an unreadable seating: %d, names shown %v, back to %q", r.status,
			strings.Contains(r.body, "Sara"), attr(r.doc.Find("[data-back-table]"), "href"))
	}
	// The rematch is dealt once the last of the three has asked for it: until then the final
	// standings stay on every screen.
	old := rootOf(end, "data-move")
	for i, p := range []*player{mina, sara, ali} {
		if r := p.post(path+"/rematch", url.Values{"move": {old}}); r.status != http.StatusSeeOther {
			t.Fatalf("%s's rematch: %d", p.name, r.status)
		}
		if i < 2 && rootOf(ali.view(path), "data-move") != old {
			t.Fatalf("%s's rematch was dealt before everyone had asked for it", p.name)
		}
	}
	again := mina.view(path)
	if rootOf(again, "data-move") == old || rootOf(again, "data-seat") != "3" || rootOf(again, "data-phase") == "over" {
		t.Fatalf("after the rematch: move %s seat %s phase %s", rootOf(again, "data-move"), rootOf(again, "data-seat"), rootOf(again, "data-phase"))
	}
	// A second, stale rematch changes nothing.
	if r := sara.post(path+"/rematch", url.Values{"move": {old}}); r.status != http.StatusSeeOther || rootOf(sara.view(path), "data-move") != rootOf(again, "data-move") {
		t.Fatal("a stale rematch dealt again")
	}
}

// clock is a settable clock for the timers.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// asnasPair opens a Beginner As-Nas table with a timer of timer seconds (0: none) for host,
// seats friend at seat 2 and starts the match; it returns the table's path, the two players
// by seat, the one the match waits for and the other.
func asnasPair(t *testing.T, host, friend *player, timer int) (path string, players map[string]*player, toAct, other *player) {
	t.Helper()
	path = host.openTable("asnas", "beginner", timer)
	friend.sit(path, 2)
	host.post(path+"/start", nil)
	players = map[string]*player{"0": host, "2": friend}
	seat := rootOf(host.view(path), "data-to-act")
	toAct, other = players[seat], host
	if toAct == nil {
		t.Fatalf("the first deal waits for seat %s, not a player's", seat)
	}
	if toAct == host {
		other = friend
	}
	return path, players, toAct, other
}

func TestSharedTableTimer(t *testing.T) {
	clk := &clock{now: time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)}
	ts := newSite(t, func(c *Config) { c.Now = clk.Now })
	path, players, p, _ := asnasPair(t, ts.as("Sara"), ts.as("Ali"), 30)
	sara, ali := players["0"], players["2"]
	start := sara.view(path)
	if start.doc.Find("[data-deadline]").Length() != 1 {
		t.Fatal("no time shown for the seat to act")
	}
	move := rootOf(start, "data-move")
	clk.add(29 * time.Second)
	if got := rootOf(sara.view(path), "data-move"); got != move {
		t.Fatal("the AI moved before the time ran out")
	}
	clk.add(2 * time.Second)
	// Several requests see the deadline pass at once: exactly one hands the seat over.
	var wg sync.WaitGroup
	var moves sync.Map
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			q := sara
			if i%2 == 1 {
				q = ali
			}
			req, _ := http.NewRequest(http.MethodGet, ts.srv.URL+path, nil)
			resp, err := q.client.Do(req)
			if err == nil {
				resp.Body.Close()
				moves.Store(i, resp.StatusCode)
			}
		}()
	}
	wg.Wait()
	moves.Range(func(_, v any) bool {
		if v.(int) != http.StatusOK {
			t.Errorf("a page at the deadline: %d", v)
		}
		return true
	})
	after := p.view(path)
	if rootOf(after, "data-move") == move {
		t.Fatal("the time ran out and the AI did not play the seat")
	}
	if after.doc.Find(`[data-action="back"]`).Length() != 1 {
		t.Fatal("the player whose time ran out is not offered their seat back")
	}
	// Played once: the AI's move for that seat is in the log once (its seat's moves so far).
	// Coming back does not give the player now to act more time.
	next := players[rootOf(after, "data-to-act")]
	if next == nil || next == p {
		t.Fatalf("after the hand-over the match waits for seat %s, not the other player", rootOf(after, "data-to-act"))
	}
	deadline := attr(next.view(path).doc.Find("[data-deadline]"), "data-deadline")
	clk.add(5 * time.Second)
	if r := p.post(path+"/back", nil); r.status != http.StatusSeeOther {
		t.Fatalf("taking the seat back: %d", r.status)
	}
	if got := attr(next.view(path).doc.Find("[data-deadline]"), "data-deadline"); got != deadline || got == "" {
		t.Errorf("the deadline of the player to act went from %q to %q when another came back", deadline, got)
	}
	if p.view(path).doc.Find(`[data-action="back"]`).Length() != 0 {
		t.Fatal("the seat was not taken back")
	}
}

func TestSharedTableHandOverAfterSilence(t *testing.T) {
	clk := &clock{now: time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)}
	ts := newSite(t, func(c *Config) { c.Now = clk.Now })
	path, _, idle, other := asnasPair(t, ts.as("Sara"), ts.as("علی"), 0)
	r := other.view(path)
	wantErrorPage(t, other.post(path+"/away", url.Values{"away": {rootOf(r, "data-to-act")}}), http.StatusConflict)
	clk.add(silence + time.Second)
	w := other.view(path)
	if w.doc.Find(`[data-action="handover"]`).Length() != 1 {
		t.Fatal("after two minutes of silence the others are not offered to hand the seat to the AI")
	}
	move := rootOf(w, "data-move")
	if res := other.post(path+"/away", url.Values{"away": {rootOf(r, "data-to-act")}}); res.status != http.StatusSeeOther {
		t.Fatalf("hand over: %d", res.status)
	}
	if rootOf(idle.view(path), "data-move") == move {
		t.Fatal("the seat handed over was not played")
	}
	// The seat's name says it is away, the name alone isolated: a <bdi> around name and label
	// took its direction from a Persian name and put the English label before it.
	away := other.view(path).doc.Find(".seat-name").FilterFunction(func(_ int, e *goquery.Selection) bool {
		return e.Text() == "\u2068"+idle.name+"\u2069 (away: AI playing)"
	})
	if away.Length() != 1 || away.Find("bdi").Length()+away.Closest("bdi").Length() != 0 {
		t.Errorf("the away seat's name: %d names reading %q, or set in a <bdi>", away.Length(), "\u2068"+idle.name+"\u2069 (away: AI playing)")
	}
	// The log tells what happened: that the others handed the seat over, then the AI's moves
	// for it with the away mark; nothing before the hand-over carries the mark.
	log := other.view(path).doc.Find("#log").Text()
	handed := strings.Index(log, "\u2068"+idle.name+"\u2069 kept the table waiting: the AI takes over the seat.")
	if handed < 0 || strings.Contains(log[:handed], "(away") || !strings.Contains(log[handed:], "\u2068"+idle.name+"\u2069 (away: AI playing)") {
		t.Errorf("the log does not tell the hand-over, or marks a line before it, or none after it: %q", log)
	}
}

// The invitation names the site as configured, whatever Host a request carries; without a
// configured address it is the request's own.
func TestSharedTableInvitationAddress(t *testing.T) {
	for _, public := range []string{"", "https://cards.example"} {
		ts := newSite(t, func(c *Config) { c.PublicURL = public })
		sara := ts.as("Sara")
		path := sara.openTable("asnas", "beginner", 0)
		want := public + path
		if public == "" {
			want = ts.srv.URL + path
		}
		if got := attr(sara.view(path).doc.Find("a[data-invite]"), "href"); got != want {
			t.Errorf("public URL %q: the invitation is %q, want %q", public, got, want)
		}
	}
}

// A player may let the AI play their own seat at any time, without waiting for the others
// to hand it over: at once when it is their turn, else from their next one.
func TestSharedTableStepAway(t *testing.T) {
	ts := newSite(t)
	path, players, actor, waiter := asnasPair(t, ts.as("Sara"), ts.as("Ali"), 0)
	r := actor.view(path)
	mine := rootOf(waiter.view(path), "data-seat")
	if waiter.view(path).doc.Find(`[data-action="step-away"]`).Length() != 1 {
		t.Fatal("a seated player is not offered to let the AI play for them")
	}
	// Not their turn: the seat is away, and the match still waits for the other player.
	move := rootOf(r, "data-move")
	if res := waiter.post(path+"/away", url.Values{"away": {mine}}); res.status != http.StatusSeeOther {
		t.Fatalf("stepping away: %d", res.status)
	}
	w := waiter.view(path)
	if w.doc.Find(`[data-action="back"]`).Length() != 1 || w.doc.Find(`[data-action="step-away"]`).Length() != 0 || rootOf(w, "data-move") != move {
		t.Fatal("after stepping away: no way back, still offered to step away, or the match moved")
	}
	// The other player moves: the AI plays the away seat, and the match waits for a person.
	a := actor.view(path)
	actor.post(path+"/move", url.Values{"move": {rootOf(a, "data-move")}, "verb": {a.doc.Find("form.actions button[data-verb]").First().AttrOr("value", "")}})
	if to := rootOf(actor.view(path), "data-to-act"); to == mine {
		t.Fatal("the match waits for the seat whose player stepped away")
	}
	// Back, then away on their own turn: the AI plays it at once.
	waiter.post(path+"/back", nil)
	for range 20 {
		p := actor.view(path)
		if to := rootOf(p, "data-to-act"); to == mine || players[to] != actor {
			break
		}
		actor.post(path+"/move", url.Values{"move": {rootOf(p, "data-move")}, "verb": {p.doc.Find("form.actions button[data-verb]").First().AttrOr("value", "")}})
	}
	if p := waiter.view(path); rootOf(p, "data-to-act") != mine {
		t.Fatalf("the player who came back is never to act (phase %s)", rootOf(p, "data-phase"))
	} else {
		move := rootOf(p, "data-move")
		if res := waiter.post(path+"/away", url.Values{"away": {mine}}); res.status != http.StatusSeeOther {
			t.Fatalf("stepping away on one's turn: %d", res.status)
		}
		if after := waiter.view(path); rootOf(after, "data-move") == move || rootOf(after, "data-to-act") == mine {
			t.Fatal("stepping away on one's turn: the AI did not play the seat")
		}
	}
	// Another's seat still needs the time to run out first.
	wantErrorPage(t, waiter.post(path+"/away", url.Values{"away": {rootOf(actor.view(path), "data-seat")}}), http.StatusConflict)
}

// Handing another's seat to the AI answers for the seat named: an AI's seat (no page offers
// it) is refused in its own words, not as a player with time left; a seat handed over
// already (two players clicked, or one in two tabs) is the table as it is, with no error.
func TestSharedTableHandOverNamesTheSeat(t *testing.T) {
	ts := newSite(t)
	path, players, actor, waiter := asnasPair(t, ts.as("Sara"), ts.as("Ali"), 0)
	p := wantErrorPage
	res := actor.post(path+"/away", url.Values{"away": {"1"}})
	p(t, res, http.StatusConflict)
	if !strings.Contains(res.body, "The AI plays that seat") || strings.Contains(res.body, "still has time") {
		t.Errorf("an AI seat named to be handed over: %.300s", res.doc.Find("main").Text())
	}
	mine := rootOf(waiter.view(path), "data-seat")
	if res := waiter.post(path+"/away", url.Values{"away": {mine}}); res.status != http.StatusSeeOther {
		t.Fatalf("stepping away: %d", res.status)
	}
	move := rootOf(actor.view(path), "data-move")
	if res := actor.post(path+"/away", url.Values{"away": {mine}}); res.status != http.StatusSeeOther {
		t.Errorf("a seat already away named to be handed over: %d, want 303\n%.300s", res.status, res.doc.Find("main").Text())
	}
	if after := actor.view(path); rootOf(after, "data-move") != move || players[mine] != waiter {
		t.Error("handing over a seat already away changed the match")
	}
	// In the lobby nothing is played yet: an empty seat named is not "the AI's from the start".
	host, friend := ts.as("Mina"), ts.as("Omid")
	lobby := host.openTable("asnas", "beginner", 0)
	friend.sit(lobby, 2)
	if res := friend.post(lobby+"/away", url.Values{"away": {"1"}}); res.status != http.StatusSeeOther {
		t.Errorf("an empty seat named in the lobby: %d, want 303", res.status)
	}
	if phase := rootOf(host.view(lobby), "data-phase"); phase != "lobby" {
		t.Errorf("after an empty seat was named in the lobby the table is in phase %q", phase)
	}
}

// The event stream of a table says at once when the page is behind, and again after each
// change; a client holds a bounded number of them.
func TestSharedTableEvents(t *testing.T) {
	ts := newSite(t)
	sara, ali := ts.as("Sara"), ts.as("Ali")
	path := sara.openTable("guandan", "beginner", 0)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, ts.srv.URL+path+"/events?rev=1", nil)
	resp, err := sara.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("Content-Type %q", ct)
	}
	events := make(chan string, 16)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if id, ok := strings.CutPrefix(sc.Text(), "id: "); ok {
				events <- id
			}
		}
		close(events)
	}()
	ali.sit(path, 2) // revision 2
	select {
	case id := <-events:
		if id != "2" {
			t.Fatalf("first event id %s, want 2", id)
		}
	case <-ctx.Done():
		t.Fatal("no event after a seat was taken")
	}
	sara.post(path+"/start", nil)
	select {
	case id := <-events:
		if n, _ := strconv.Atoi(id); n < 3 {
			t.Fatalf("event id %s after the start", id)
		}
	case <-ctx.Done():
		t.Fatal("no event after the start")
	}
	// Too many streams from one client: a clear 429, and the others keep working.
	var open atomic.Int32
	var refused atomic.Int32
	var wg sync.WaitGroup
	for range 500 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, ts.srv.URL+path+"/events", nil)
			resp, err := ali.client.Do(req)
			if err != nil {
				return
			}
			if resp.StatusCode == http.StatusTooManyRequests {
				refused.Add(1)
				resp.Body.Close()
				return
			}
			open.Add(1)
			go func() { <-ctx.Done(); resp.Body.Close() }()
		}()
	}
	wg.Wait()
	if refused.Load() == 0 || open.Load() > streamsPerClient {
		t.Fatalf("%d streams open, %d refused: want at most %d open", open.Load(), refused.Load(), streamsPerClient)
	}
}

// A stream that has seen the table's revision says nothing until the next change; one that
// saw a later revision than the table's (a Redis restored from an older snapshot moves a
// table back) is told the table's at once, not when the table passes it.
func TestSharedTableEventsWhenTheTableWentBack(t *testing.T) {
	ts := newSite(t)
	sara, ali := ts.as("Sara"), ts.as("Ali")
	path := sara.openTable("asnas", "beginner", 0)
	ali.sit(path, 2)
	rev := rootOf(sara.view(path), "data-rev")
	first := func(lastSeen string) string {
		ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, ts.srv.URL+path+"/events", nil)
		req.Header.Set("Last-Event-ID", lastSeen)
		resp, err := sara.client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if id, ok := strings.CutPrefix(sc.Text(), "id: "); ok {
				return id
			}
		}
		return ""
	}
	if id := first(rev); id != "" {
		t.Errorf("a stream at revision %s was sent revision %s with nothing changed", rev, id)
	}
	if id := first("9999"); id != rev {
		t.Errorf("a stream that saw revision 9999 of a table at %s was sent %q, want %s at once", rev, id, rev)
	}
}

// Players talk in preset phrases, each read in the reader's language; at most one every few
// seconds each; anybody may mute them.
func TestSharedTableTalk(t *testing.T) {
	clk := &clock{now: time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)}
	ts := newSite(t, func(c *Config) { c.Now = clk.Now })
	sara, ali, eve := ts.as("Sara"), ts.as("Ali"), ts.as("Eve")
	path := sara.openTable("asnas", "beginner", 0)
	ali.sit(path, 2)
	sara.post(path+"/start", nil)
	if r := sara.post(path+"/say", url.Values{"phrase": {"goodluck"}}); r.status != http.StatusSeeOther {
		t.Fatalf("saying a phrase: %d", r.status)
	}
	fa := ali.get(path, "Accept-Language", "fa")
	if got := strings.TrimSpace(fa.doc.Find(`[data-said="goodluck"]`).Text()); !strings.Contains(got, "موفق باشید") || !strings.Contains(got, "Sara") {
		t.Errorf("Ali reads %q, want Sara's good luck in Persian", got)
	}
	clk.add(2 * time.Second)
	chatty := sara.post(path+"/say", url.Values{"phrase": {"thanks"}})
	wantErrorPage(t, chatty, http.StatusTooManyRequests)
	if got, want := chatty.header.Get("Retry-After"), strconv.Itoa(int((talkEvery - 2*time.Second).Seconds())); got != want {
		t.Errorf("a phrase too soon: Retry-After %q, want %q (the rest of the wait)", got, want)
	}
	clk.add(talkEvery - 2*time.Second)
	if r := sara.post(path+"/say", url.Values{"phrase": {"thanks"}}); r.status != http.StatusSeeOther {
		t.Fatalf("a phrase after the wait: %d", r.status)
	}
	wantErrorPage(t, sara.post(path+"/say", url.Values{"phrase": {"<script>"}}), http.StatusBadRequest)
	wantErrorPage(t, eve.post(path+"/say", url.Values{"phrase": {"thanks"}}), http.StatusForbidden)
	ali.post(path+"/mute", url.Values{"mute": {"1"}})
	if ali.view(path).doc.Find("[data-said]").Length() != 0 || sara.view(path).doc.Find("[data-said]").Length() != 2 {
		t.Error("muting hid the phrases for the wrong player")
	}
	clk.add(time.Minute)
	if sara.view(path).doc.Find("[data-said]").Length() != 0 {
		t.Error("phrases older than a minute still shown")
	}
}

// A seat at one table is no seat at another: the session names the visitor, the table's own
// seats say where they sit.
func TestSharedTableSeatFromAnotherTable(t *testing.T) {
	ts := newSite(t)
	sara, ali, eve := ts.as("Sara"), ts.as("Ali"), ts.as("Eve")
	path := sara.openTable("asnas", "beginner", 0)
	ali.sit(path, 2)
	sara.post(path+"/start", nil)
	other := eve.openTable("asnas", "beginner", 0)
	eve.post(other+"/start", nil)
	r := sara.view(path)
	move := rootOf(r, "data-move")
	for _, seat := range []string{"", "0", rootOf(r, "data-to-act")} {
		form := url.Values{"move": {move}, "verb": {"look"}}
		if seat != "" {
			form.Set("seat", seat)
		}
		wantErrorPage(t, eve.post(path+"/move", form), http.StatusForbidden)
	}
	if got := rootOf(sara.view(path), "data-move"); got != move {
		t.Fatal("a visitor seated at another table changed this one")
	}
}

// A rematch deals the next match to the players as they sit after it: with "partners
// swapped" the players of seats 1 and 2 change places, and everyone who had let the AI play
// for them is back at their seat. Both players step away at once, so the AI plays the match
// to its end by itself, deal after deal.
func TestSharedTableRematchSwapsAndSeatsEveryone(t *testing.T) {
	ts := newSite(t)
	sara, ali := ts.as("Sara"), ts.as("Ali")
	path := sara.openTable("guandan", "beginner", 0)
	ali.sit(path, 1)
	sara.post(path+"/start", nil)
	for _, p := range []*player{sara, ali} {
		if r := p.post(path+"/away", url.Values{"away": {rootOf(p.view(path), "data-seat")}}); r.status != http.StatusSeeOther {
			t.Fatalf("%s steps away: %d", p.name, r.status)
		}
	}
	end := sara.dealOnToMatchEnd(path)
	if end.doc.Find(`[data-action="swap"]`).Length() != 1 {
		t.Fatal("the AI played the match to its end and no rematch is offered")
	}
	// Ali is back for the end; Sara asks for the rematch with partners swapped, and Ali joins
	// it with the one button his page has left, which is that rematch.
	if r := ali.post(path+"/back", nil); r.status != http.StatusSeeOther {
		t.Fatalf("Ali takes his seat back: %d", r.status)
	}
	if r := sara.post(path+"/rematch", url.Values{"move": {rootOf(end, "data-move")}, "swap": {"1"}}); r.status != http.StatusSeeOther {
		t.Fatalf("rematch with partners swapped: %d", r.status)
	}
	asked := ali.view(path)
	if rootOf(asked, "data-phase") != "over" {
		t.Fatal("Sara's rematch was dealt before Ali had asked for it")
	}
	if got := lineOf(asked.doc.Find(`[data-ready="others"][data-rematch="swap"]`)); got != "Sara asks for a rematch with partners swapped." {
		t.Errorf("Ali reads %q, want what Sara asked for", got)
	}
	if n, swap := asked.doc.Find(`form[action$="/rematch"]`).Length(), asked.doc.Find(`[data-action="swap"]`).Length(); n != 1 || swap != 0 {
		t.Errorf("Ali is offered %d rematch forms, %d of them Guandan's second button; want the one that joins Sara's", n, swap)
	}
	if r := ali.post(path+"/rematch", url.Values{"move": {rootOf(end, "data-move")}, "swap": {"1"}}); r.status != http.StatusSeeOther {
		t.Fatalf("Ali's rematch: %d", r.status)
	}
	if tb, err := ts.server.loadTable(context.Background(), path[strings.LastIndexByte(path, '/')+1:]); err != nil || tb.Ready != 0 || tb.Swap {
		t.Errorf("the rematch dealt, the table still notes who asked (%v) and which rematch (swap %v): %v", tb.Ready, tb.Swap, err)
	}
	for p, seat := range map[*player]string{sara: "0", ali: "2"} {
		r := p.view(path)
		if got := rootOf(r, "data-seat"); got != seat {
			t.Errorf("after the rematch with partners swapped %s sits at seat %s, want %s", p.name, got, seat)
		}
		if r.doc.Find(`[data-action="back"]`).Length() != 0 || r.doc.Find(".tseat .away").Length() != 0 {
			t.Errorf("after the rematch %s's seat is still played by the AI", p.name)
		}
		if rootOf(r, "data-phase") == "over" || rootOf(r, "data-phase") == "dealover" {
			t.Errorf("after the rematch %s sees phase %s: the AI played the new match's first deal", p.name, rootOf(r, "data-phase"))
		}
	}
}

// The keys help of a shared Guandan table lists the keys of its buttons: no AI suggests a
// player's move among friends, so it has no Hint, and no H in its help; the solo table keeps it.
func TestSharedGuandanKeysHelpHasNoHint(t *testing.T) {
	ts := newSite(t)
	sara, ali := ts.as("Sara"), ts.as("Ali")
	path := sara.openTable("guandan", "beginner", 0)
	ali.sit(path, 2)
	sara.post(path+"/start", nil)
	for _, p := range []*player{sara, ali} {
		r := p.view(path)
		if r.doc.Find(`details.keys-help [data-key-action="play"]`).Length() != 1 {
			t.Fatalf("%s's shared table has no keys help", p.name)
		}
		if r.doc.Find(`[data-key-action="hint"]`).Length() != 0 || r.doc.Find(`[data-action="hint"]`).Length() != 0 {
			t.Errorf("%s's shared table offers the Hint key (in its help %d, as a button %d)", p.name,
				r.doc.Find(`[data-key-action="hint"]`).Length(), r.doc.Find(`[data-action="hint"]`).Length())
		}
	}
	if solo := ts.gtable(); solo.doc.Find(`[data-key-action="hint"]`).Length() != 1 || solo.doc.Find(`[data-action="hint"]`).Length() != 1 {
		t.Error("the solo table lost its Hint key")
	}
}

// A finished shared match is in every player's history, also when another player starts the
// rematch before they have seen its end: the table then shows the next match, and the end
// of the old one is nowhere to be seen again.
func TestSharedTableRematchFilesTheMatchForEveryone(t *testing.T) {
	ts := newSite(t)
	sara, ali := ts.as("Sara"), ts.as("Ali")
	path := sara.openTable("asnas", "beginner", 0)
	ali.sit(path, 2)
	sara.post(path+"/start", nil)
	// Ali lets the AI play for him and does not look again until the next match has begun.
	if r := ali.post(path+"/away", url.Values{"away": {"2"}}); r.status != http.StatusSeeOther {
		t.Fatalf("Ali steps away: %d", r.status)
	}
	end := sara.view(path)
	for range 500 {
		if rootOf(end, "data-phase") == "over" {
			break
		}
		move := rootOf(end, "data-move")
		if b := end.doc.Find(`form[action$="/move"] button[data-verb]:not([data-verb="look"])`).First(); b.Length() > 0 {
			sara.post(path+"/move", url.Values{"move": {move}, "verb": {attr(b, "value")}})
		} else {
			sara.post(path+"/next", url.Values{"move": {move}})
		}
		end = sara.view(path)
	}
	if rootOf(end, "data-phase") != "over" {
		t.Fatal("the match did not end in 500 moves")
	}
	// Ali, whom the AI plays for, is not waited for: Sara's rematch is dealt at once.
	if r := sara.post(path+"/rematch", url.Values{"move": {rootOf(end, "data-move")}}); r.status != http.StatusSeeOther {
		t.Fatalf("rematch: %d", r.status)
	}
	if rootOf(sara.view(path), "data-move") == rootOf(end, "data-move") {
		t.Fatal("Sara's rematch waits for Ali, whom the AI plays for")
	}
	for _, p := range []*player{sara, ali} {
		h := p.get("/asnas/history")
		if n := h.doc.Find(`[data-past] > li`).Length(); h.status != http.StatusOK || n != 1 {
			t.Errorf("%s's history after the rematch: %d, %d finished matches, want the shared one", p.name, h.status, n)
		}
	}
}

// A visitor without a seat is told whether the table's match is still being played or is over:
// at a finished table they read that the match "has begun".
func TestSharedTableStrangerSeesTheMatchOver(t *testing.T) {
	ts := newSite(t)
	sara, eve := ts.as("Sara"), ts.as("Eve")
	path := sara.openTable("asnas", "beginner", 0)
	sara.post(path+"/start", nil)
	watch := func() string { return strings.TrimSpace(eve.get(path).doc.Find("[data-watch]").Text()) }
	if got := watch(); !strings.Contains(got, "has begun") {
		t.Errorf("a stranger at a match being played reads %q", got)
	}
	if r := sara.post(path+"/away", url.Values{"away": {"0"}}); r.status != http.StatusSeeOther {
		t.Fatalf("Sara steps away: %d", r.status)
	}
	sara.dealOnToMatchEnd(path)
	if got := watch(); !strings.Contains(got, "is over") {
		t.Errorf("a stranger at a finished match reads %q", got)
	}
}

// A shared As-Nas table lists the keys of its buttons, as the solo table and a shared Guandan
// table do: it had buttons with shortcuts and no keys help.
func TestSharedAsnasKeysHelp(t *testing.T) {
	ts := newSite(t)
	sara := ts.as("Sara")
	path := sara.openTable("asnas", "club", 0)
	sara.post(path+"/start", nil)
	r := sara.view(path)
	var keys []string
	r.doc.Find(".keys-help dt kbd").Each(func(_ int, s *goquery.Selection) { keys = append(keys, s.Text()) })
	if got := strings.Join(keys, " "); !strings.HasPrefix(got, "L C H R F N") {
		t.Errorf("the shared As-Nas table's keys help lists %q, want L C H R F N first", got)
	}
	if r.doc.Find(`[aria-keyshortcuts]`).Length() == 0 {
		t.Error("the shared As-Nas table has no button with a shortcut")
	}
}

// playToDealEnd plays the players' moves (the first button each) until the deal is over.
func playToDealEnd(t *testing.T, path string, players map[string]*player) page {
	t.Helper()
	host := players["0"]
	for range 200 {
		r := host.view(path)
		if rootOf(r, "data-phase") == "dealover" {
			return r
		}
		p, ok := players[rootOf(r, "data-to-act")]
		if !ok {
			t.Fatalf("phase %s waits for seat %s", rootOf(r, "data-phase"), rootOf(r, "data-to-act"))
		}
		pg := p.view(path)
		b := pg.doc.Find(`form[action$="/move"] button[data-verb]`).First()
		if res := p.post(path+"/move", url.Values{"move": {rootOf(pg, "data-move")}, "verb": {attr(b, "value")}}); res.status != http.StatusSeeOther {
			t.Fatalf("%s's move: %d", p.name, res.status)
		}
	}
	t.Fatal("the deal did not end")
	return page{}
}

// A deal's end stays on every player's screen until each player present has asked for the
// next deal, or until the deal has been over for the silence (a move's time with a timer):
// the quickest player dealt the next deal at once, and the others never saw the showdown.
func TestSharedTableDealEndWaitsForEveryone(t *testing.T) {
	clk := &clock{now: time.Date(2026, 12, 6, 20, 0, 0, 0, time.UTC)}
	ts := newSite(t, func(c *Config) { c.Now = clk.Now })
	path, players, _, _ := asnasPair(t, ts.as("Sara"), ts.as("Ali"), 0)
	sara, ali := players["0"], players["2"]
	next := func(p *player) {
		t.Helper()
		if r := p.post(path+"/next", url.Values{"move": {rootOf(p.view(path), "data-move")}}); r.status != http.StatusSeeOther {
			t.Fatalf("%s asks for the next deal: %d", p.name, r.status)
		}
	}
	phase := func(p *player) string { return rootOf(p.view(path), "data-phase") }
	end := playToDealEnd(t, path, players)
	if end.doc.Find("[data-ready]").Length() != 0 {
		t.Error("the deal's end shows players who asked for the next deal before any did")
	}
	next(sara)
	asked := rootOf(sara.view(path), "data-rev")
	next(sara) // twice: still one player's wish, and nothing new to write or announce
	if again := rootOf(sara.view(path), "data-rev"); again != asked {
		t.Errorf("Sara's second Next wrote the table again (revision %s after %s): every page of it reloaded for nothing", again, asked)
	}
	if phase(sara) != "dealover" || phase(ali) != "dealover" {
		t.Fatalf("one player's Next dealt the next deal before the other asked (Sara sees %s, Ali %s)", phase(sara), phase(ali))
	}
	if got := sara.view(path).doc.Find(`[data-ready="wait"]`).Text(); !strings.Contains(got, "Waiting for \u2068Ali\u2069") || !strings.Contains(got, "2 minutes") {
		t.Errorf("Sara, who asked, reads %q", got)
	}
	if got := ali.view(path).doc.Find(`[data-ready="others"]`).Text(); !strings.Contains(got, "Sara") {
		t.Errorf("Ali reads %q about who asked", got)
	}
	if r := ali.view(path); r.doc.Find(`[data-action="next"]`).Length() != 1 {
		t.Error("Ali has no Next deal button at the deal's end")
	}
	next(ali)
	if r := sara.view(path); rootOf(r, "data-phase") != "betting" || r.doc.Find(".deal-no").Text() != "Deal 2 of 12" {
		t.Fatalf("both asked and the table shows phase %s, %q", rootOf(r, "data-phase"), r.doc.Find(".deal-no").Text())
	}
	if r := ali.view(path); r.doc.Find("[data-ready]").Length() != 0 {
		t.Error("the new deal still shows who asked for it")
	}
	// A player who has left the room holds the others up for the silence at most.
	playToDealEnd(t, path, players)
	next(ali)
	clk.add(silence - time.Second)
	next(ali)
	if phase(ali) != "dealover" {
		t.Fatal("the next deal came before the silence was over")
	}
	clk.add(time.Second)
	next(ali)
	if r := sara.view(path); rootOf(r, "data-phase") != "betting" || r.doc.Find(".deal-no").Text() != "Deal 3 of 12" {
		t.Fatalf("after the silence Ali's Next did not deal (phase %s, %q)", rootOf(r, "data-phase"), r.doc.Find(".deal-no").Text())
	}
}

// TestSharedTableDealsWhenTheLastToAskLeaves: the next deal waits for the players present, so
// when the one everybody waits for lets the AI play their seat, nobody is left to wait for and
// the next deal is dealt, as their own Next would have dealt it. It used to wait on, though
// every player present had asked, until one of them asked again.
func TestSharedTableDealsWhenTheLastToAskLeaves(t *testing.T) {
	ts := newSite(t)
	path, players, _, _ := asnasPair(t, ts.as("Sara"), ts.as("Ali"), 0)
	sara, ali := players["0"], players["2"]
	dealNo := func() string { return sara.view(path).doc.Find(".deal-no").Text() }
	playToDealEnd(t, path, players)
	if r := sara.post(path+"/next", url.Values{"move": {rootOf(sara.view(path), "data-move")}}); r.status != http.StatusSeeOther {
		t.Fatalf("Sara asks for the next deal: %d", r.status)
	}
	if r := ali.post(path+"/away", url.Values{"away": {"2"}}); r.status != http.StatusSeeOther {
		t.Fatalf("Ali steps away: %d", r.status)
	}
	if r := sara.view(path); rootOf(r, "data-phase") == "dealover" || dealNo() != "Deal 2 of 12" {
		t.Fatalf("Sara asked, Ali left, and the table still waits: phase %s, %q", rootOf(r, "data-phase"), dealNo())
	}
	if r := sara.view(path); r.doc.Find("[data-ready]").Length() != 0 {
		t.Error("the new deal still shows who asked for it")
	}

	// The one who asked stepping away deals nothing: the others present have not asked.
	if r := ali.post(path+"/back", nil); r.status != http.StatusSeeOther {
		t.Fatalf("Ali takes the seat back: %d", r.status)
	}
	playToDealEnd(t, path, players)
	sara.post(path+"/next", url.Values{"move": {rootOf(sara.view(path), "data-move")}})
	sara.post(path+"/away", url.Values{"away": {"0"}})
	if r := ali.view(path); rootOf(r, "data-phase") != "dealover" {
		t.Fatalf("Sara asked and stepped away, and the next deal was dealt before Ali asked (phase %s)", rootOf(r, "data-phase"))
	}
}

// Players who ask for the next deal at the same moment are all heard: a mark that loses the
// compare-and-swap to another's is made again on the table as it is now, so the last to ask
// deals and nobody is told that somebody moved first.
func TestSharedTableNextAskedAtOnce(t *testing.T) {
	ts := newSite(t)
	sara, ali, mina := ts.as("Sara"), ts.as("Ali"), ts.as("Mina")
	path := sara.openTable("asnas", "beginner", 0)
	ali.sit(path, 1)
	mina.sit(path, 2)
	sara.post(path+"/start", nil)
	players := map[string]*player{"0": sara, "1": ali, "2": mina}
	for deal := 1; deal <= 4; deal++ {
		end := playToDealEnd(t, path, players)
		move := rootOf(end, "data-move")
		var wg sync.WaitGroup
		start := make(chan struct{})
		locs := make([]string, 3)
		for i, p := range []*player{sara, ali, mina} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				r := p.post(path+"/next", url.Values{"move": {move}})
				locs[i] = r.header.Get("Location")
				if r.status != http.StatusSeeOther {
					locs[i] = strconv.Itoa(r.status)
				}
			}()
		}
		close(start)
		wg.Wait()
		for i, loc := range locs {
			if loc != path {
				t.Errorf("deal %d: player %d asked for the next deal and was answered %q", deal, i, loc)
			}
		}
		if r := sara.view(path); rootOf(r, "data-phase") != "betting" {
			t.Fatalf("deal %d: all three asked at once and the table shows phase %s", deal, rootOf(r, "data-phase"))
		}
	}
}

// alwaysBeaten is a store on which, while armed, every write of a table loses to another
// request's, as at a table where the others keep clicking at the same moment.
type alwaysBeaten struct {
	store.Store
	armed atomic.Bool
}

func (a *alwaysBeaten) beaten(keys ...string) bool {
	return a.armed.Load() && slices.ContainsFunc(keys, func(k string) bool { return strings.HasPrefix(k, "table:") })
}

func (a *alwaysBeaten) CompareAndSwap(ctx context.Context, key string, old uint64, data []byte) error {
	if a.beaten(key) {
		return store.ErrConflict
	}
	return a.Store.CompareAndSwap(ctx, key, old, data)
}

func (a *alwaysBeaten) CompareAndSwapAll(ctx context.Context, swaps ...store.Swap) error {
	for _, sw := range swaps {
		if a.beaten(sw.Key) {
			return store.ErrConflict
		}
	}
	return a.Store.CompareAndSwapAll(ctx, swaps...)
}

// TestSharedTableChangeBeatenEveryTime: a change of the table (a seat, leaving, the host's
// arrangement, stepping away, taking the seat back) whose every try loses to the others'
// writes leads back to the table with "somebody moved first", as a move does, and changes
// nothing: never a 500 page.
func TestSharedTableChangeBeatenEveryTime(t *testing.T) {
	var beaten *alwaysBeaten
	ts := newSite(t, func(c *Config) {
		beaten = &alwaysBeaten{Store: c.Store}
		c.Store = beaten
	})
	sara, ali, mina := ts.as("Sara"), ts.as("Ali"), ts.as("Mina")
	lobby := sara.openTable("asnas", "beginner", 0)
	ali.sit(lobby, 1)
	started := mina.openTable("asnas", "beginner", 0)
	sara.sit(started, 2)
	mina.post(started+"/start", nil)
	sara.post(started+"/away", url.Values{"away": {"2"}})

	beaten.armed.Store(true)
	for _, c := range []struct {
		who        *player
		path, form string
		values     url.Values
	}{
		{mina, lobby, "seat", url.Values{"seat": {"2"}, "name": {"Mina"}}},
		{ali, lobby, "leave", nil},
		{sara, lobby, "arrange", url.Values{"op": {"move"}, "from": {"1"}, "to": {"3"}}},
		{sara, started, "back", nil},
		{mina, started, "away", url.Values{"away": {"0"}}},
	} {
		r := c.who.post(c.path+"/"+c.form, c.values)
		if r.status != http.StatusSeeOther || r.header.Get("Location") != c.path+"?notice=stale" {
			t.Errorf("%s's %s, beaten every time: %d %q, want 303 to the table with notice=stale", c.who.name, c.form, r.status, r.header.Get("Location"))
		}
	}
	beaten.armed.Store(false)
	if r := sara.view(lobby); rootOf(r, "data-rev") != "2" {
		t.Errorf("the lobby changed while every write lost: revision %s", rootOf(r, "data-rev"))
	}
}

// TestTableAddressesCutShort: a table's address cut short (/asnas/tables, where only the new
// table's form posts) leads to the form that opens a table, as a player trimming the address
// expects, not to a 405; an As-Nas table's code under /guandan answers 404 for its live
// selection line as for its page (it answered an empty 200).
func TestTableAddressesCutShort(t *testing.T) {
	ts := newSite(t)
	for _, game := range []string{"asnas", "guandan"} {
		p := ts.get("/" + game + "/tables")
		if p.status != http.StatusSeeOther || p.header.Get("Location") != "/"+game+"/tables/new" {
			t.Errorf("/%s/tables: %d to %q, want 303 to the new table's form", game, p.status, p.header.Get("Location"))
		}
	}
	wantErrorPage(t, ts.get("/chess/tables"), http.StatusNotFound)

	sara := ts.as("Sara")
	path := sara.openTable("asnas", "beginner", 0)
	id := strings.TrimPrefix(path, "/asnas/tables/")
	for _, target := range []string{"/guandan/tables/" + id, "/guandan/tables/" + id + "/selection?card=0"} {
		wantErrorPage(t, sara.get(target), http.StatusNotFound)
	}
}

// TestFormAddressesOpenedLeadToTheirPage: without JavaScript a refused seat's lobby stays at
// the seat form's address, and the lesson's last button posts to /{game}/learn/play; opening
// either again (a reload, the browser's history) answered 405. They lead to the table and
// the lesson.
func TestFormAddressesOpenedLeadToTheirPage(t *testing.T) {
	ts := newSite(t)
	sara := ts.as("Sara")
	path := sara.openTable("guandan", "beginner", 0)
	for target, want := range map[string]string{
		path + "/seat":        path,
		"/asnas/learn/play":   "/asnas/learn",
		"/guandan/learn/play": "/guandan/learn",
	} {
		if r := sara.get(target); r.status != http.StatusSeeOther || r.header.Get("Location") != want {
			t.Errorf("GET %s: %d to %q, want 303 to %s", target, r.status, r.header.Get("Location"), want)
		}
	}
	wantErrorPage(t, sara.get("/guandan/tables/aaaaaaaaaaaaaaaa/seat"), http.StatusNotFound)
}
