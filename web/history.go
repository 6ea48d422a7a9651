package web

import (
	"fmt"
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/cardavia/cardavia/i18n"
	"github.com/cardavia/cardavia/record"
	"github.com/cardavia/cardavia/rules/asnas"
	gd "github.com/cardavia/cardavia/rules/guandan"
	"github.com/cardavia/cardavia/web/store"
	"github.com/cardavia/cardavia/web/views"
)

// The history and replay pages only read: a passer-by's history shows the match their table
// shows (dealt from their cookie), and nothing is written to the store but what a failed shelf
// write left out (see table.current).

// find is match id if it is one the visitor may look at: their current match (stored, or the
// one their table shows before their first move), the match being played at a shared table
// where they sit, or one of their finished ones still kept, with the seat they played it from
// (a shared table's match is seen from the player's seat).
func (t table[L]) find(s *Server, r *http.Request, id record.ID) (L, int, error) {
	ctx := r.Context()
	var none L
	v := visitorFrom(ctx)
	var sh shelf
	if v.id != "" {
		var err error
		if sh, _, err = t.loadShelf(ctx, s, v.id); err != nil {
			return none, soloSeat, err
		}
		seat, ok := sh.seatIn(id.String()), sh.Current == id.String() || sh.has(id.String())
		if !ok {
			// A shared table's match in progress, replayed by one of its players.
			if seat, ok, err = s.sharedSeat(ctx, t.game, v.id, id); err != nil {
				return none, soloSeat, err
			}
		}
		if ok {
			l, _, ok, err := t.loadMatch(ctx, s, id, true)
			if err != nil || !ok {
				return none, soloSeat, orNotFound(err)
			}
			return l, seat, nil
		}
	}
	if v.session != nil {
		if p := t.pending(s, v, false); p.id == id && sh.Current == "" {
			l, err := t.dealPending(ctx, s, p)
			return l, soloSeat, err
		}
	}
	return none, soloSeat, errNotFound
}

func orNotFound(err error) error {
	if err != nil {
		return err
	}
	return errNotFound
}

// replayAddress reads the match, the deal and the step of a replay's address. Any of them
// garbled names no page, as a step past the deal does: a 404, not the 400 page, which speaks
// of a form.
func replayAddress(r *http.Request) (record.ID, int, int, error) {
	id, ok := record.ParseID(chi.URLParam(r, "match"))
	deal, err := strconv.Atoi(chi.URLParam(r, "deal"))
	if !ok || err != nil || deal < 1 {
		return 0, 0, 0, errNotFound
	}
	step := 0
	if q := r.URL.Query().Get("step"); q != "" {
		if step, err = strconv.Atoi(q); err != nil || step < 0 {
			return 0, 0, 0, errNotFound
		}
	}
	return id, deal, step, nil
}

// movedReplay redirects a replay's address written another way than the site writes it (the
// match's id in capitals, the deal's number with a leading zero or a plus sign) to the one it
// links to, the query kept, so that a replay has one address; it tells whether it did.
func movedReplay(w http.ResponseWriter, r *http.Request, game string, id record.ID, deal int) bool {
	if chi.URLParam(r, "match") == id.String() && chi.URLParam(r, "deal") == strconv.Itoa(deal) {
		return false
	}
	u := replayURL(game, id, deal)
	if r.URL.RawQuery != "" {
		u += "?" + r.URL.RawQuery
	}
	http.Redirect(w, r, u, http.StatusMovedPermanently)
	return true
}

// dealReplay is the replay of match id's deal just ended (DealReplay), "" while it is played.
func dealReplay(game string, id record.ID, deal int, ended bool) string {
	if !ended {
		return ""
	}
	return replayURL(game, id, deal)
}

// historyURL is the game's history at match id's deals, where its replays' "All deals" leads.
func historyURL(game string, id record.ID) string {
	return "/" + game + "/history#" + views.HistoryAnchor(id.String())
}

func replayURL(game string, id record.ID, deal int) string {
	return fmt.Sprintf("/%s/replay/%s/%d", game, id, deal)
}

// replayURLs are the addresses of a deal's replay and of the match's deals before and after it
// ("" where the match has none).
func replayURLs(game string, id record.ID, deal, deals int) (this, prev, next string) {
	this = replayURL(game, id, deal)
	if deal > 1 {
		prev = replayURL(game, id, deal-1)
	}
	if deal < deals {
		next = replayURL(game, id, deal+1)
	}
	return this, prev, next
}

// replayChrome is the chrome of a replay's page: a change of language or look comes back to the
// step shown (and to every seat's cards, if they are shown), not to the deal's start.
func replayChrome(ch views.Chrome, rp views.Replay) views.Chrome {
	ch.Path = rp.StepURL(rp.Step)
	return ch
}

// guandanDealOver tells whether deal n of a match has ended (every deal before the match's
// last has; the last one when its last step is the deal's end). m is the match at step, the
// last step's own when step is the last.
func guandanDealOver(g *record.Guandan, deal, step int, m gd.Match) (bool, error) {
	if deal < g.Deals() {
		return true, nil
	}
	if last := g.Steps(deal); step != last {
		var err error
		if m, _, err = g.At(deal, last); err != nil {
			return false, err
		}
	}
	return m.Phase() == gd.PhaseDealOver || m.Phase() == gd.PhaseMatchOver, nil
}

// openURL asks a replay for every seat's cards ("" stays ""): the deal's own replay still
// shows them only if that deal is over.
func openURL(u string) string {
	if u == "" {
		return ""
	}
	return u + "?open=1"
}

// asnasHistory is the visitor's As-Nas history.
func (s *Server) asnasHistory(w http.ResponseWriter, r *http.Request) error {
	a, sh, ok, err := s.asnasFor(r).look(s, r)
	if err != nil {
		return err
	}
	h := historyOf("asnas", sh, s.cfg.Now())
	if ok {
		h.Current = currentMatch("asnas", sh, a.ID, a.Deals(), asnasGame.playing(a))
	}
	if h.Shared, err = sharedInProgress(r, s, asnasGame, sh); err != nil {
		return err
	}
	h.Chart = chartOf(r, sh.Past, func(p pastMatch) (float64, string) {
		x := asnas.Score(p.Points).Float()
		return x, i18n.T(r.Context(), "history.points", i18n.Number(r.Context(), x, 2))
	})
	return s.render(w, r, http.StatusOK, views.HistoryPage(s.plainChrome(r, "asnas"), h))
}

// guandanHistory is the visitor's Guandan history.
func (s *Server) guandanHistory(w http.ResponseWriter, r *http.Request) error {
	g, sh, ok, err := guandanGameFor(r).look(s, r)
	if err != nil {
		return err
	}
	h := historyOf("guandan", sh, s.cfg.Now())
	if ok {
		h.Current = currentMatch("guandan", sh, g.ID, g.Deals(), guandanGame.playing(g))
	}
	if h.Shared, err = sharedInProgress(r, s, guandanGame, sh); err != nil {
		return err
	}
	h.Chart = chartOf(r, sh.Past, func(p pastMatch) (float64, string) {
		return float64(p.Stats.Levels), i18n.T(r.Context(), "history.climbed", p.Stats.Levels)
	})
	return s.render(w, r, http.StatusOK, views.HistoryPage(s.plainChrome(r, "guandan"), h))
}

// currentMatch is the match the table shows, with its deals (the last one marked while it is
// being played), or nil once it is over: a finished match is listed with the finished ones,
// and twice would read as two matches.
func currentMatch(game string, sh shelf, id record.ID, deals int, playing bool) *views.HistoryMatch {
	if sh.has(id.String()) {
		return nil
	}
	cur := views.HistoryMatch{Anchor: views.HistoryAnchor(id.String())}
	for n := 1; n <= deals; n++ {
		cur.Deals = append(cur.Deals, views.HistoryDeal{No: n, URL: replayURL(game, id, n), Playing: playing && n == deals})
	}
	return &cur
}

// sharedInProgress are the matches being played at the shared tables of t's game where the
// visitor sits, as the current match is listed (each deal a replay from the visitor's seat),
// with the players' names and the way back to the table. A match that is over is left to the
// finished ones, where it is filed.
func sharedInProgress[L liveMatch](r *http.Request, s *Server, t table[L], sh shelf) ([]views.HistoryMatch, error) {
	ctx := r.Context()
	seated, err := s.seatedMatches(ctx, t.game, visitorFrom(ctx).id)
	if err != nil {
		return nil, err
	}
	var out []views.HistoryMatch
	for _, sm := range seated {
		l, _, ok, err := t.loadMatch(ctx, s, sm.id, true)
		if err != nil {
			return nil, err
		}
		if !ok || t.over(l) {
			continue
		}
		if m := currentMatch(t.game, sh, sm.id, l.Deals(), t.playing(l)); m != nil {
			m.Seat, m.Names, m.Table = sm.seat, seatNames(&sm.tb.sharedTable), tablePath(t.game, sm.tb.ID)
			out = append(out, *m)
		}
	}
	return out, nil
}

// historyOf is the part of a history page that comes from the shelf, at time now. A finished
// match's record is forgotten store.TTL after its last move, which came before it was filed
// (Finished), while the shelf, written again as the visitor plays on, keeps it longer: from
// then on its deals are listed without their replays.
func historyOf(game string, sh shelf, now time.Time) views.History {
	h := views.History{Game: game, KeptDays: int(store.TTL / (24 * time.Hour))}
	for _, p := range sh.Past {
		id, ok := record.ParseID(p.ID) // a garbled one is logged as its shelf is read
		m := views.HistoryMatch{
			Finished: time.Unix(p.Finished, 0), Won: p.Won, Points: asnas.Score(p.Points),
			Levels: [2]gd.Rank{gd.Rank(p.Levels[0]), gd.Rank(p.Levels[1])},
			Seat:   p.Seat, Names: p.Names,
		}
		if ok {
			m.Anchor = views.HistoryAnchor(id.String())
		}
		if ok && now.Sub(m.Finished) >= store.TTL {
			ok, m.Expired = false, true
		}
		for n := 1; ok && n <= p.Deals; n++ {
			m.Deals = append(m.Deals, views.HistoryDeal{No: n, URL: replayURL(game, id, n)})
		}
		h.Past = append(h.Past, m)
	}
	st := sh.Stats
	h.Stats = views.HistoryStats{Matches: st.Matches, Won: st.Won, Deals: st.Deals,
		Showdowns: st.Showdowns, ShowdownsWon: st.ShowdownsWon, DealsWon: st.DealsWon}
	if st.Deals > 0 {
		d := float64(st.Deals)
		h.Stats.PointsPerDeal = asnas.Score(st.Points).Float() / d
		h.Stats.AveragePlace = float64(st.PlaceHalves) / 2 / d
		h.Stats.LevelsPerDeal = float64(st.Levels) / d
	}
	return h
}

// Chart geometry: one bar per finished match in a 200 × 60 drawing, after a margin for the
// scale's numbers.
const (
	chartWidth, chartHeight = 200, 60
	chartMargin             = 20 // the scale's numbers, right-aligned before the bars
	chartPad                = 4  // room above the tallest bar and below the deepest
	chartSlot               = (chartWidth - chartMargin) / maxPast
)

// chartOf draws the finished matches, oldest left, as bars of value, with the zero line where
// the values need it (at the foot when none is negative: levels climbed never are) and the
// scale's ends and zero written beside it in the locale's numbers.
func chartOf(r *http.Request, past []pastMatch, value func(pastMatch) (float64, string)) views.Chart {
	c := views.Chart{Width: chartWidth, Height: chartHeight, Left: chartMargin}
	top, bottom := 0.0, 0.0 // the largest value and the most negative, 0 at least and at most
	vals := make([]float64, len(past))
	titles := make([]string, len(past))
	for i, p := range past {
		vals[i], titles[i] = value(p)
		top, bottom = max(top, vals[i]), min(bottom, vals[i])
	}
	if top == bottom {
		top = 1 // all zero: the bars are flat on the zero line at the foot
	}
	span := float64(chartHeight - 2*chartPad)
	scale := span / (top - bottom)
	c.Base = chartPad + int(math.Round(top*scale))
	num := func(v float64) string {
		if v == math.Trunc(v) {
			return i18n.Number(r.Context(), v, 0)
		}
		return i18n.Number(r.Context(), v, 2)
	}
	c.Labels = append(c.Labels, views.ChartLabel{X: chartMargin - 3, Y: c.Base, Text: num(0)})
	if top > 0 && c.Base-chartPad >= 8 {
		c.Labels = append(c.Labels, views.ChartLabel{X: chartMargin - 3, Y: chartPad, Text: num(top)})
	}
	if bottom < 0 && chartHeight-chartPad-c.Base >= 8 {
		c.Labels = append(c.Labels, views.ChartLabel{X: chartMargin - 3, Y: chartHeight - chartPad, Text: num(bottom)})
	}
	for i := range past {
		j := len(past) - 1 - i // oldest first
		hgt := int(math.Round(vals[j] * scale))
		b := views.ChartBar{X: chartMargin + i*chartSlot + 1, W: chartSlot - 2, Y: c.Base - hgt, H: hgt, Title: titles[j]}
		if hgt < 0 {
			b.Negative, b.Y, b.H = true, c.Base, -hgt
		}
		if b.H == 0 {
			b.H = 1
			if c.Base == chartHeight-chartPad {
				b.Y = c.Base - 1 // a zero at the foot sits on the line, not under it
			}
		}
		c.Bars = append(c.Bars, b)
	}
	return c
}

// asnasReplay shows one step of an As-Nas deal as the visitor saw it.
func (s *Server) asnasReplay(w http.ResponseWriter, r *http.Request) error {
	id, deal, step, err := replayAddress(r)
	if err != nil || movedReplay(w, r, "asnas", id, deal) {
		return err
	}
	a, seat, err := s.asnasFor(r).find(s, r, id)
	if err != nil {
		return err
	}
	if deal > a.Deals() || step > a.Steps(deal) {
		return errNotFound
	}
	m, ev, from, err := a.AtFrom(deal, step)
	if err != nil {
		return err
	}
	rp := views.Replay{Game: "asnas", Deal: deal, Step: step, Steps: a.Steps(deal), Asnas: views.AsnasTable{View: seatView(m, seat), Log: ev}, LogFrom: from}
	rp.Playing = deal == a.Deals() && asnasGame.playing(a)
	rp.URL, rp.PrevDeal, rp.NextDeal = replayURLs("asnas", id, deal, a.Deals())
	rp.History = historyURL("asnas", id)
	r, rp.Table, rp.Asides = s.replaySeat(r, "asnas", id, deal, seat)
	return s.render(w, r, http.StatusOK, views.ReplayPage(replayChrome(s.chrome(r, "asnas"), rp), rp))
}

// guandanReplay shows one step of a Guandan deal as the visitor saw it.
func (s *Server) guandanReplay(w http.ResponseWriter, r *http.Request) error {
	id, deal, step, err := replayAddress(r)
	if err != nil || movedReplay(w, r, "guandan", id, deal) {
		return err
	}
	g, seat, err := guandanGameFor(r).find(s, r, id)
	if err != nil {
		return err
	}
	if deal > g.Deals() || step > g.Steps(deal) {
		return errNotFound
	}
	m, ev, from, err := g.AtFrom(deal, step)
	if err != nil {
		return err
	}
	rp := views.Replay{Game: "guandan", Deal: deal, Step: step, Steps: g.Steps(deal),
		Guandan: views.GuandanTable{View: m.View(seat), Log: ev, Arrange: views.ArrangeRank}, LogFrom: from}
	rp.URL, rp.PrevDeal, rp.NextDeal = replayURLs("guandan", id, deal, g.Deals())
	rp.History = historyURL("guandan", id)
	// Once a deal is over every card of it has been seen: played, paid or given back in the
	// tribute, or laid down at its end. Then, and only then, its replay may show each seat's
	// hand at every step.
	if rp.Openable, err = guandanDealOver(g, deal, step, m); err != nil {
		return err
	}
	rp.Playing = !rp.Openable
	if rp.Open = rp.Openable && r.URL.Query().Get("open") == "1"; rp.Open {
		for s := range m.Hands {
			if s != seat {
				rp.Guandan.Open[s] = m.Hands[s]
			}
		}
		rp.PrevDeal, rp.NextDeal = openURL(rp.PrevDeal), openURL(rp.NextDeal)
	}
	r, rp.Table, rp.Asides = s.replaySeat(r, "guandan", id, deal, seat)
	return s.render(w, r, http.StatusOK, views.ReplayPage(replayChrome(s.chrome(r, "guandan"), rp), rp))
}

// replaySeat is the request seen from the seat its match was played from: a shared table's
// match is replayed as its player saw it, "You" at their seat, the others by their names and
// the AI's seats marked, when the match's seating was stored (else by their compass points).
// The seating is looked for whatever the seat: a shared table's host sits at South, as a solo
// player does, and is owed the others' names all the same. table is where the replay's "Back
// to the table" leads: the shared table while it is still open (a player who only plays with
// friends would otherwise be dealt a solo match there), else the game's own. asides are the
// seats handed to the AI and taken back in the deal (see replayAsides): the table's while it
// still plays the match, else those kept when it dealt the next (asidesKey).
func (s *Server) replaySeat(r *http.Request, game string, id record.ID, deal, seat int) (_ *http.Request, table string, asides []views.LogAside) {
	table = "/" + game
	ms, named := s.loadSeating(r.Context(), id)
	if seat == soloSeat && !named {
		return r, table, nil // a solo match: no seating is stored for it
	}
	st := views.Seating{Viewer: seat}
	if named {
		st.Names = ms.Names
		for i, name := range ms.Names {
			st.AI[i] = name == ""
		}
		tb, err := s.loadTable(r.Context(), ms.Table)
		if err == nil && tb.Game == game {
			table = tablePath(game, tb.ID)
		}
		if err == nil && tb.Match == id.String() {
			asides = tb.replayAsides(id, deal)
		} else {
			asides = replayAsides(s.loadAsides(r.Context(), id), deal)
		}
	}
	return r.WithContext(views.WithSeating(r.Context(), st)), table, asides
}
