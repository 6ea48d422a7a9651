package web

import (
	"context"
	"net/http"

	aiasnas "github.com/cardavia/cardavia/ai/asnas"
	aiguandan "github.com/cardavia/cardavia/ai/guandan"
	"github.com/cardavia/cardavia/record"
	gd "github.com/cardavia/cardavia/rules/guandan"
	"github.com/cardavia/cardavia/web/views"
)

// tableGame is what the shared tables' pages need of a game, whatever its match type: the
// levels its AI plays at, dealing a table's match, the table page of one seat, and handing a
// seat to the AI.
type tableGame interface {
	// levels are the level words a host may choose, weakest first; defaultLevel the one the
	// form starts at.
	levels() []string
	defaultLevel() string
	// deal deals a new match for the table at its level, the AI seats acting until a person
	// is to act, and returns it stored (its id and record).
	deal(ctx context.Context, s *Server, t *sharedTable) (record.ID, []byte, error)
	// play is the table's game for the page of seat (-1: not seated): the match as that seat
	// sees it, or nothing in the lobby. It hands a seat whose time ran out to the AI first.
	// w answers a client over its AI searches (the hand arranged by the AI's plan).
	play(s *Server, w http.ResponseWriter, r *http.Request, tb storedTable, seat int) (tablePlay, error)
	// handOver hands seat to the AI: the seat to act when it may be (see handOverAt), or, self,
	// the player's own seat at any time (see the package function).
	handOver(ctx context.Context, s *Server, tb storedTable, seat int, self bool) error
	// logPoint is where the match of t stands in its log: the deal being played and how many
	// events its log holds; ok is false when there is no match (the lobby).
	logPoint(ctx context.Context, s *Server, t *sharedTable) (deal, at int, ok bool, err error)
}

// tablePlay is a started table as one seat sees it.
type tablePlay struct {
	// tb is the table as read, after any timer ran out.
	tb storedTable
	// waiting is the seat the match waits for, -1 for nobody in particular; over says the
	// match is over.
	waiting int
	over    bool
	// dealOver says a deal is over and the next one not yet dealt (playedAt.dealOver).
	dealOver bool
	// token is the match's move number; deals the deals dealt, the one being played among
	// them.
	token uint64
	deals int
	// asnas and guandan are the game's view of the seat (one of them, nil when not seated).
	asnas   *views.AsnasTable
	guandan *views.GuandanTable
	// summary sums the finished match up for the seat's history.
	summary func(seat int) pastMatch
}

// tableGames are the games that can be played at shared tables, by their path.
var tableGames = map[string]tableGame{
	"asnas":   asnasTables{},
	"guandan": guandanTables{},
}

// asnasAt is the As-Nas plumbing with the AI seats at a level.
func asnasAt(word string) (playedAt[*record.Asnas], bool) {
	level, ok := aiasnas.ParseLevel(word)
	if !ok {
		return playedAt[*record.Asnas]{}, false
	}
	return playedAt[*record.Asnas]{table: asnasAtLevel(level), waiting: func(a *record.Asnas) int {
		m := a.Match()
		if m.Over() || m.Deal.Over() {
			return -1
		}
		return m.ToAct()
	}, dealOver: func(a *record.Asnas) bool {
		m := a.Match()
		return m.Deal.Over() && !m.Over()
	}, nextDeal: asnasNextDeal, told: func(a *record.Asnas) int { return len(a.DealLog()) }}, true
}

// guandanAt is the Guandan plumbing with the AI seats at a level.
func guandanAt(word string) (playedAt[*record.Guandan], bool) {
	level, ok := aiguandan.ParseLevel(word)
	if !ok {
		return playedAt[*record.Guandan]{}, false
	}
	return playedAt[*record.Guandan]{table: guandanAtLevel(level), waiting: func(g *record.Guandan) int {
		m := g.Match()
		if p := m.Phase(); p != gd.PhasePlay && p != gd.PhaseReturn {
			return -1
		}
		return m.ToAct()
	}, dealOver: func(g *record.Guandan) bool { return g.Match().Phase() == gd.PhaseDealOver }, nextDeal: guandanNextDeal,
		told: func(g *record.Guandan) int { return len(g.DealLog()) }}, true
}

// logPoint is tableGame.logPoint for a game at a level.
func logPoint[L liveMatch](ctx context.Context, s *Server, g playedAt[L], t *sharedTable) (deal, at int, ok bool, err error) {
	mid, ok := t.matchID()
	if !ok {
		return 0, 0, false, nil
	}
	l, _, ok, err := g.loadMatch(ctx, s, mid, true)
	if err != nil || !ok {
		return 0, 0, false, err
	}
	return l.Deals(), g.told(l), true, nil
}

// loadPlay reads a started table's match for the page of seat, after handing a seat whose
// time ran out to the AI (which reads the table again).
func loadPlay[L liveMatch](s *Server, ctx context.Context, g playedAt[L], tb storedTable) (storedTable, L, error) {
	var zero L
	for range 3 {
		mid, ok := tb.matchID()
		if !ok {
			return tb, zero, errNoTable
		}
		l, _, ok, err := g.loadMatch(ctx, s, mid, true)
		if err != nil {
			return tb, zero, err
		}
		if !ok {
			return tb, zero, errNoTable
		}
		changed, err := expire(ctx, s, g, tb, l)
		if err != nil || !changed {
			return tb, l, err
		}
		if tb, err = s.loadTable(ctx, tb.ID); err != nil {
			return tb, zero, err
		}
	}
	return tb, zero, errNoTable
}

type asnasTables struct{}

func (asnasTables) levels() []string     { return asnasLevelNames() }
func (asnasTables) defaultLevel() string { return aiasnas.Club.String() }

func (asnasTables) deal(ctx context.Context, s *Server, t *sharedTable) (record.ID, []byte, error) {
	g, ok := asnasAt(t.Level)
	if !ok {
		return 0, nil, errNoTable
	}
	a, err := g.deal(ctx, s, record.NewID(), s.cfg.Seed(), t.humans())
	if err != nil {
		return 0, nil, err
	}
	s.metrics.MatchStarted(g.game)
	return a.ID, a.Encode(), nil
}

func (asnasTables) play(s *Server, _ http.ResponseWriter, r *http.Request, tb storedTable, seat int) (tablePlay, error) {
	g, ok := asnasAt(tb.Level)
	if !ok {
		return tablePlay{}, errNoTable
	}
	tb, a, err := loadPlay(s, r.Context(), g, tb)
	if err != nil {
		return tablePlay{}, err
	}
	p := tablePlay{tb: tb, waiting: g.waiting(a), over: g.over(a), dealOver: g.dealOver(a), token: a.Token(), deals: a.Deals(),
		summary: func(seat int) pastMatch { return asnasSummary(a, seat) }}
	if seat >= 0 {
		p.asnas = &views.AsnasTable{View: seatView(a.Match(), seat), Move: a.Token(), Log: a.DealLog(),
			Notice: views.ParseAsnasNotice(r.URL.Query().Get("notice")), Path: tablePath("asnas", tb.ID),
			Asides: tb.asidesOf(a.Deals())}
		p.asnas.DealReplay = dealReplay("asnas", a.ID, p.asnas.View.DealNo, p.asnas.View.DealOver)
	}
	return p, nil
}

func (asnasTables) logPoint(ctx context.Context, s *Server, t *sharedTable) (int, int, bool, error) {
	g, ok := asnasAt(t.Level)
	if !ok {
		return 0, 0, false, errNoTable
	}
	return logPoint(ctx, s, g, t)
}

func (asnasTables) handOver(ctx context.Context, s *Server, tb storedTable, seat int, self bool) error {
	g, ok := asnasAt(tb.Level)
	if !ok {
		return errNoTable
	}
	return handOver(ctx, s, g, tb, seat, self)
}

type guandanTables struct{}

func (guandanTables) levels() []string {
	names := make([]string, len(aiguandan.Levels))
	for i, l := range aiguandan.Levels {
		names[i] = l.String()
	}
	return names
}
func (guandanTables) defaultLevel() string { return aiguandan.LevelClub.String() }

func (guandanTables) deal(ctx context.Context, s *Server, t *sharedTable) (record.ID, []byte, error) {
	g, ok := guandanAt(t.Level)
	if !ok {
		return 0, nil, errNoTable
	}
	m, err := g.deal(ctx, s, record.NewID(), s.cfg.Seed(), t.humans())
	if err != nil {
		return 0, nil, err
	}
	s.metrics.MatchStarted(g.game)
	return m.ID, m.Encode(), nil
}

func (guandanTables) play(s *Server, w http.ResponseWriter, r *http.Request, tb storedTable, seat int) (tablePlay, error) {
	g, ok := guandanAt(tb.Level)
	if !ok {
		return tablePlay{}, errNoTable
	}
	tb, gm, err := loadPlay(s, r.Context(), g, tb)
	if err != nil {
		return tablePlay{}, err
	}
	p := tablePlay{tb: tb, waiting: g.waiting(gm), over: g.over(gm), dealOver: g.dealOver(gm), token: gm.Token(), deals: gm.Deals(),
		summary: func(seat int) pastMatch { return guandanSummary(gm, seat) }}
	if seat < 0 {
		return p, nil
	}
	// No hint among friends: the shared table asks no AI for a player's move.
	t, err := s.guandanSeatTable(w, r, gm, seat, nil)
	if err != nil {
		return tablePlay{}, err
	}
	t.Path = tablePath("guandan", tb.ID)
	t.Asides = tb.asidesOf(gm.Deals())
	// The log goes back to the player's last move of their own, past the moves the AI made
	// for them since their seat was handed over, and the word of the hand-over. The replay
	// still starts at the seat's last move, whoever made it (Log): from the move in person it
	// would grow with every move the AI makes for them, each live update replaying them all.
	if from, ok := views.GuandanLogFrom(t.Deal, t.Asides, seat); ok && from < len(t.Deal)-len(t.Log) {
		t.Earlier = t.Deal[from : len(t.Deal)-len(t.Log)]
	}
	p.guandan = &t
	return p, nil
}

func (guandanTables) logPoint(ctx context.Context, s *Server, t *sharedTable) (int, int, bool, error) {
	g, ok := guandanAt(t.Level)
	if !ok {
		return 0, 0, false, errNoTable
	}
	return logPoint(ctx, s, g, t)
}

func (guandanTables) handOver(ctx context.Context, s *Server, tb storedTable, seat int, self bool) error {
	g, ok := guandanAt(tb.Level)
	if !ok {
		return errNoTable
	}
	return handOver(ctx, s, g, tb, seat, self)
}

// sharedSelection is the live line for the cards the query names, at a shared Guandan table
// for the visitor's seat: nothing when they are not seated or not to play.
func (s *Server) sharedSelection(r *http.Request, id string) (*views.GuandanSelection, error) {
	tb, err := s.loadTable(r.Context(), id)
	if err != nil {
		return nil, err
	}
	if tb.Game != "guandan" {
		return nil, errNotFound // an As-Nas table's code under /guandan/tables: as its page
	}
	seat := tb.seatOf(visitorFrom(r.Context()).id)
	mid, ok := tb.matchID()
	if seat < 0 || !ok {
		return nil, nil
	}
	g, _, ok, err := guandanGame.loadMatch(r.Context(), s, mid, true)
	if err != nil || !ok {
		return nil, err
	}
	return queryVerdict(r, g.Match(), seat), nil
}

// sharedRedirect answers 303 to a shared table, with a notice (NoticeNone for none): where
// a form or the wait at the table leads back to it.
func sharedRedirect(game, id string) func(w http.ResponseWriter, r *http.Request, notice views.Notice) error {
	return func(w http.ResponseWriter, r *http.Request, notice views.Notice) error {
		url := tablePath(game, id)
		if game == "guandan" {
			// The hand sorted as the page that sent the request showed it (its form's or its
			// link's arrange, by rank when it has none).
			url = views.GuandanURL(url, views.ParseArrangement(r.FormValue("arrange")), gd.Set{}, notice, false)
		} else if notice != views.NoticeNone {
			url += "?notice=" + notice.String()
		}
		http.Redirect(w, r, url, http.StatusSeeOther)
		return nil
	}
}
