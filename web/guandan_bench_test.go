package web

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	gd "github.com/cardavia/cardavia/rules/guandan"
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
	if rec := gb.do("GET", "/guandan", nil); rec.Code != 200 {
		b.Fatalf("first visit: %d", rec.Code)
	}
	req := httptest.NewRequest("GET", "/", nil)
	req.AddCookie(c)
	sess, _ := s.sessions.Get(req, cookieName)
	gb.id, _ = sess.Values["id"].(string)
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
	rec, version, err := guandanGame.load(ctx, gb.s, gb.id)
	if err != nil || rec == nil {
		b.Fatal(err)
	}
	start := rec.Match
	plays := start.LegalPlays(humanSeat)
	if len(plays) == 0 {
		b.Fatal("the human has no play")
	}
	var form url.Values
	for b.Loop() {
		b.StopTimer()
		data, _ := json.Marshal(record[guandanMatch, gd.Event]{Match: start})
		if err := gb.s.cfg.Store.CompareAndSwap(ctx, guandanGame.key(gb.id), version, data); err != nil {
			b.Fatal(err)
		}
		version++
		form = url.Values{"move": {strconv.FormatUint(version, 10)}, "card": ids(plays[0].Cards), "reading": {plays[0].Reading.String()}}
		b.StartTimer()
		if r := gb.do("POST", "/guandan/play", form); r.Code != http.StatusSeeOther || r.Header().Get("Location") != "/guandan" {
			b.Fatal(r.Code, r.Header().Get("Location"))
		}
		version++
	}
}
