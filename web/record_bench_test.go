package web

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"testing"

	"github.com/cardavia/cardavia/record"
	gd "github.com/cardavia/cardavia/rules/guandan"
)

// BenchmarkAsnasLookPost is the usual POST at the As-Nas table: load and replay the record, the
// human's verb, save, redirect. The position is put back between rounds.
func BenchmarkAsnasLookPost(b *testing.B) {
	s, c := benchServer(b)
	id := benchVisitor(s, c)
	ctx := context.Background()
	a, _, err := asnasGame.load(ctx, s, id)
	if err != nil || a == nil {
		b.Fatal(err)
	}
	start := a.Encode()
	gb := guandanBench{s: s, c: c, id: id}
	for b.Loop() {
		b.StopTimer()
		_, version, _ := s.cfg.Store.Load(ctx, matchKey(a.ID))
		if err := s.cfg.Store.CompareAndSwap(ctx, matchKey(a.ID), version, start); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if r := gb.do("POST", "/asnas/move", url.Values{"move": {strconv.FormatUint(a.Token(), 10)}, "verb": {"look"}}); r.Code != http.StatusSeeOther || r.Header().Get("Location") != "/asnas" {
			b.Fatal(r.Code, r.Header().Get("Location"))
		}
	}
}

// BenchmarkGuandanTablePageLateDeal renders the table late in a deal, where a load replays the
// most actions.
func BenchmarkGuandanTablePageLateDeal(b *testing.B) {
	gb := newGuandanBench(b)
	ctx := context.Background()
	g, _, err := guandanGame.load(ctx, gb.s, gb.id)
	if err != nil || g == nil {
		b.Fatal(err)
	}
	// Play the deal out with the AI in every seat and keep its last position with the human to
	// play: the most a load of this deal ever replays.
	var late []byte
	for i := 0; g.Match().Phase() == gd.PhasePlay; i++ {
		m := g.Match()
		seat := m.ToAct()
		if seat == soloSeat {
			late = g.Encode()
		}
		a := testGuandanAI(uint64(i)).Play(m.View(seat))
		a.Seat = seat
		if _, err := g.Apply(a); err != nil {
			b.Fatal(err)
		}
	}
	if g, err = record.DecodeGuandan(late); err != nil {
		b.Fatal(err)
	}
	guandanGame.put(b, gb.s, gb.id, g)
	for b.Loop() {
		if rec := gb.do("GET", "/guandan", nil); rec.Code != 200 {
			b.Fatal(rec.Code)
		}
	}
	b.ReportMetric(float64(g.Steps(1)), "actions")
}
