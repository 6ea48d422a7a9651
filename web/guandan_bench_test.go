package web

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// guandanBench is the real router with the Guandan table of one visitor dealt.
type guandanBench struct {
	s  *Server
	c  *http.Cookie
	id string
}

func newGuandanBench(b *testing.B) guandanBench {
	s, c := benchServer(b)
	gb := guandanBench{s: s, c: c}
	rec := gb.do("GET", "/guandan", nil)
	if rec.Code != 200 {
		b.Fatalf("first visit: %d", rec.Code)
	}
	gb.id = benchVisitor(s, c)
	gb.c = newCookie(rec, gb.c)
	move := regexp.MustCompile(`data-move="([0-9]+)"`).FindStringSubmatch(rec.Body.String())
	r := gb.do("POST", "/guandan/restart", url.Values{"move": {move[1]}})
	if r.Code != http.StatusSeeOther || r.Header().Get("Location") != "/guandan" {
		b.Fatalf("first move: %d %s", r.Code, r.Header().Get("Location"))
	}
	gb.c = newCookie(r, gb.c)
	return gb
}

func (gb guandanBench) do(method, path string, form url.Values) *httptest.ResponseRecorder {
	var req *http.Request
	if form != nil {
		req = httptest.NewRequest(method, path, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	} else {
		req = httptest.NewRequest(method, path, nil)
	}
	req.AddCookie(gb.c)
	rec := httptest.NewRecorder()
	gb.s.ServeHTTP(rec, req)
	return rec
}

// BenchmarkGuandanTablePage renders the Guandan table: load, view, render of 27 card faces.
func BenchmarkGuandanTablePage(b *testing.B) {
	gb := newGuandanBench(b)
	for b.Loop() {
		if rec := gb.do("GET", "/guandan", nil); rec.Code != 200 {
			b.Fatal(rec.Code)
		}
	}
}

// BenchmarkGuandanPlanPage renders the table with the hand arranged as the AI's plan, the one
// view that plans on the request.
func BenchmarkGuandanPlanPage(b *testing.B) {
	gb := newGuandanBench(b)
	for b.Loop() {
		if rec := gb.do("GET", "/guandan?arrange=plan", nil); rec.Code != 200 {
			b.Fatal(rec.Code)
		}
	}
}

// BenchmarkGuandanPlayPost is one play's POST from a real opening position: load, the human's
// play, the three AI seats' turns, save, redirect. The position is put back between rounds.
func BenchmarkGuandanPlayPost(b *testing.B) {
	gb := newGuandanBench(b)
	ctx := context.Background()
	g, _, err := guandanGame.load(ctx, gb.s, gb.id)
	if err != nil || g == nil {
		b.Fatal(err)
	}
	start := g.Encode()
	plays := g.Match().LegalPlays(soloSeat)
	if len(plays) == 0 {
		b.Fatal("the human has no play")
	}
	var form url.Values
	for b.Loop() {
		b.StopTimer()
		_, version, _ := gb.s.cfg.Store.Load(ctx, matchKey(g.ID))
		if err := gb.s.cfg.Store.CompareAndSwap(ctx, matchKey(g.ID), version, start); err != nil {
			b.Fatal(err)
		}
		form = url.Values{"move": {strconv.FormatUint(g.Token(), 10)}, "card": ids(plays[0].Cards), "reading": {plays[0].Reading.String()}}
		b.StartTimer()
		if r := gb.do("POST", "/guandan/play", form); r.Code != http.StatusSeeOther || r.Header().Get("Location") != "/guandan" {
			b.Fatal(r.Code, r.Header().Get("Location"))
		}
	}
}

// newCookie is the session cookie a response sets, else old.
func newCookie(rec *httptest.ResponseRecorder, old *http.Cookie) *http.Cookie {
	for _, c := range rec.Result().Cookies() {
		if c.Name == cookieName {
			return c
		}
	}
	return old
}
