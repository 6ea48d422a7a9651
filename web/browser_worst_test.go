package web_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/cardavia/cardavia/i18n"
	"github.com/cardavia/cardavia/rules/asnas"
	"github.com/cardavia/cardavia/static"
	"github.com/cardavia/cardavia/web/views"
)

// worstAsnasPath serves the tallest As-Nas table there can be, drawn from a made-up view: the
// match's end after a showdown of all four hands that three seats share, with long seat
// texts. Real play reaches it too rarely for a test to wait for it; the one-screen check
// measures it as well (?lang= picks the language).
const worstAsnasPath = "/test/asnas-worst"

// worstAsnas is that view.
func worstAsnas() views.AsnasTable {
	hands := [asnas.NumSeats]string{"sarbaz sarbaz bibi bibi couli", "shah shah bibi sarbaz couli", "shah shah sarbaz bibi couli", "as as bibi sarbaz couli"}
	v := asnas.View{Seat: 0, DealNo: asnas.DealsPerMatch, DealOver: true, Over: true, Dealer: 3, ToAct: -1, Pot: 16, HighBet: 4,
		Winners: []int{1, 2}}
	var last asnas.DealResult
	for s := range asnas.NumSeats {
		h, err := asnas.ParseHand(hands[s])
		if err != nil {
			panic(err)
		}
		v.Seats[s] = asnas.SeatView{Stake: 4, Looked: s != 0, Acted: true, Raises: 1, Hand: h, Shown: true, Category: asnas.Evaluate(h).Category()}
		last.Hands[s] = h
	}
	v.Totals = [asnas.NumSeats]asnas.Score{asnas.Points(-7), asnas.Points(5), asnas.Points(5), asnas.Points(-3)}
	for d := 1; d <= asnas.DealsPerMatch; d++ {
		v.Results = append(v.Results, asnas.DealResult{DealNo: d, Net: [asnas.NumSeats]asnas.Score{asnas.Points(-1), asnas.Points(1), asnas.Points(1), asnas.Points(-1)}})
	}
	last = v.Results[len(v.Results)-1]
	last.Showdown, last.Winners, last.Revealed = true, []int{1, 2, 3}, []int{0, 1, 2, 3}
	v.Results[len(v.Results)-1] = last
	log := []asnas.Event{{Kind: asnas.EvDealt, Seat: 3}, {Kind: asnas.EvOpened, Seat: 3, To: 1}}
	for s, to := range []int{2, 3, 4, 4} {
		log = append(log, asnas.Event{Kind: asnas.EvRaised, Seat: (s + 0) % 4, To: to})
	}
	return views.AsnasTable{View: v, Move: 1, Log: append(log, asnas.Event{Kind: asnas.EvShowdown, Seat: -1})}
}

// withWorstAsnas serves the worst case beside the site.
func withWorstAsnas(site http.Handler) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/", site)
	mux.HandleFunc(worstAsnasPath, func(w http.ResponseWriter, r *http.Request) {
		l, ok := i18n.ByCode(r.URL.Query().Get("lang"))
		if !ok {
			l, _ = i18n.ByCode("en")
		}
		ch := views.Chrome{Assets: static.Load(), Path: "/asnas", Filters: views.NeutralFilters, Section: "asnas", SkipToHand: views.AsnasHand}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if err := views.AsnasPage(ch, worstAsnas()).Render(i18n.WithLocale(r.Context(), l), w); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	})
	return mux
}

// worstSite is browserSite with the worst case beside it.
func worstSite(t *testing.T) *httptest.Server {
	t.Helper()
	site := browserSite(t)
	srv := httptest.NewServer(withWorstAsnas(site.Config.Handler))
	t.Cleanup(srv.Close)
	return srv
}
