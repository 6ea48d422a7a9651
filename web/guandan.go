package web

import (
	"context"
	"errors"
	"net/http"
	"slices"

	"github.com/go-chi/chi/v5"

	aiguandan "github.com/cardavia/cardavia/ai/guandan"
	"github.com/cardavia/cardavia/record"
	gd "github.com/cardavia/cardavia/rules/guandan"
	"github.com/cardavia/cardavia/web/views"
)

// GuandanAI is what the Guandan table needs from a computer player: its play, its return card,
// and the plan of a hand (the table's "Arrange" button shows the human's hand split the way
// the AI would split it). main wires in the players of ai/guandan.
type GuandanAI interface {
	Play(v gd.View) gd.Action
	Return(v gd.View) gd.Card
	Plan(hand gd.Set, level gd.Rank) []gd.Play
}

// guandanGame is the Guandan table's plumbing at Club level. A page that deals a visitor's match
// takes guandanGameFor(r), which seats the level they chose.
var guandanGame = guandanAtLevel(aiguandan.LevelClub)

// guandanAtLevel is the Guandan table's plumbing with the AI seats at level (see guandanAIAt),
// in every match it deals as in every move.
func guandanAtLevel(level aiguandan.Level) table[*record.Guandan] {
	return table[*record.Guandan]{
		game: "guandan",
		deal: func(ctx context.Context, s *Server, id record.ID, seed uint64, humans seats) (*record.Guandan, error) {
			g := record.NewGuandan(id, seed, s.cfg.Now().Unix())
			return g, s.guandanAIAt(ctx, level, g, humans)
		},
		decode: record.DecodeGuandan,
		clone:  (*record.Guandan).Clone,
		id:     func(g *record.Guandan) record.ID { return g.ID },
		playAI: func(ctx context.Context, s *Server, g *record.Guandan, humans seats) error {
			return s.guandanAIAt(ctx, level, g, humans)
		},
		over: func(g *record.Guandan) bool { return g.Match().Phase() == gd.PhaseMatchOver },
		playing: func(g *record.Guandan) bool {
			return g.Match().Phase() != gd.PhaseDealOver && g.Match().Phase() != gd.PhaseMatchOver
		},
		summary: guandanSummary,
	}
}

// guandanSeed derives an AI decision's seed from the match's generator state and the
// position, so the same position of the same match always gets the same decision.
func guandanSeed(m gd.Match, seat int) uint64 {
	return positionSeed(m.RNG, uint64(m.DealNo), uint64(seat), uint64(m.Phase()), m.Played[0], m.Played[1], m.Hands[seat][0], m.Hands[seat][1], uint64(len(m.Trick)))
}

// guandanTable shows the visitor's table, dealing a new match for a new visitor. The query
// only changes what is shown, never the match: the arrangement of the hand, cards to show
// selected, a hint, a notice.
func (s *Server) guandanTable(w http.ResponseWriter, r *http.Request) error {
	g, sh, err := guandanGameFor(r).open(s, w, r)
	if err != nil {
		return err
	}
	level := guandanLevel(r)
	t, err := s.guandanSeatTable(w, r, g, soloSeat, &level)
	if err != nil {
		return err
	}
	t.Level = guandanLevelChoice(r, "/guandan?notice="+views.NoticeLevel.String())
	t.Learn = s.offersLesson(r, "guandan", sh.Stats.Matches)
	ch := s.chrome(r, "guandan")
	ch.Path = t.URL(t.Arrange, t.Hint != nil) // a setting changed returns to the hand as it was
	ch.SkipToHand = views.GuandanHand
	return s.render(w, r, http.StatusOK, views.GuandanPage(ch, t))
}

// guandanSeatTable is the table as the player at seat sees it, at the solo table or a shared
// one. The query only changes what is shown, never the match. hint is the level whose AI
// answers ?hint=, nil where there is no hint (a shared table).
func (s *Server) guandanSeatTable(w http.ResponseWriter, r *http.Request, g *record.Guandan, seat int, hint *aiguandan.Level) (views.GuandanTable, error) {
	q := r.URL.Query()
	m := g.Match()
	t := views.GuandanTable{
		View:    m.View(seat),
		Move:    g.Token(),
		Log:     g.Log(seat),
		Notice:  views.ParseGuandanNotice(q.Get("notice")),
		Arrange: views.ParseArrangement(q.Get("arrange")),
		Deal:    g.DealLog(),
		Climb:   s.guandanClimb(r, g),
	}
	t.DealReplay = dealReplay("guandan", g.ID, t.View.DealNo, t.View.Phase == gd.PhaseDealOver || t.View.Phase == gd.PhaseMatchOver)
	// Cards named in the query are shown selected, as far as they are in the hand: this is how
	// a selection survives a refused play, the reading question and the arrangement buttons.
	t.Selected = querySelection(q["card"], t.View.Hand)
	asked := hint != nil && (t.MyTurn() || t.MustReturn()) && q.Get("hint") != ""
	if asked {
		// A notice tells of the change just made, once; the hint is a page of its own (its
		// link carries no notice). An address that still carries one beside the hint would
		// show it again, over the hint's sentences, pushing Play below a phone's first screen.
		t.Notice = views.NoticeNone
	}
	if t.Arrange == views.ArrangePlan || asked {
		// Only a play is searched (Master); a return is the planner's at every level.
		err := s.askAI(w, r, asked && t.MyTurn() && *hint == aiguandan.LevelMaster, func() {
			if t.Arrange == views.ArrangePlan {
				t.Plan = s.cfg.GuandanAI(guandanSeed(m, seat)).Plan(t.View.Hand, t.View.Level)
			}
			switch {
			case asked && t.MyTurn():
				t.Hint = s.guandanAdvice(r, *hint, m, seat)
			case asked:
				t.Hint = s.guandanReturnAdvice(r, *hint, m, seat)
			}
		})
		if err != nil {
			return t, err
		}
	}
	if t.MyTurn() {
		if asked {
			t.Selected = t.Hint.Cards
		}
		judgeSelection(&t, m, seat)
		if asked {
			hintReading(&t)
		}
	}
	if t.MustReturn() {
		t.Returnable = gd.Returnable(t.View.Level, t.View.Hand)
		// The return form ticks one card: the hint's, else none (a card the query names is
		// no choice made at this form).
		t.Selected = gd.Set{}
		if t.Hint != nil && t.Returnable.Contains(t.Hint.Cards) {
			t.Selected = t.Hint.Cards
		}
	}
	return t, nil
}

// guandanSelection answers guandan.js after each tap on the hand: the live line for the cards
// named in the query, the same words the table prints for a selection. It changes nothing
// and deals nothing: without a match, or out of turn, the line just says nothing is chosen.
func (s *Server) guandanSelection(w http.ResponseWriter, r *http.Request) error {
	var sel *views.GuandanSelection
	if id := chi.URLParam(r, "table"); id != "" {
		var err error
		if sel, err = s.sharedSelection(r, id); err != nil {
			return err
		}
	} else if id := visitorFrom(r.Context()).id; id != "" {
		g, ok, err := guandanGameFor(r).peek(s, r)
		if err != nil {
			return err
		}
		if ok { // a visitor who has played As-Nas only has no Guandan game (g is nil)
			sel = queryVerdict(r, g.Match(), soloSeat)
		}
	}
	return s.render(w, r, http.StatusOK, views.GuandanSelectionFragment(sel))
}

// queryVerdict is the live line for the cards the request's query names, at seat's turn to
// play; nil (nothing chosen) at any other moment.
func queryVerdict(r *http.Request, m gd.Match, seat int) *views.GuandanSelection {
	if m.Phase() != gd.PhasePlay || m.ToAct() != seat {
		return nil
	}
	return guandanVerdict(m, seat, querySelection(r.URL.Query()["card"], m.View(seat).Hand))
}

// judgeSelection puts on the table the line for its selected cards and, when they read
// several ways, the question of which.
func judgeSelection(t *views.GuandanTable, m gd.Match, seat int) {
	t.Selection = guandanVerdict(m, seat, t.Selected)
	if t.Selection.Verdict == views.SelectChoose {
		t.Readings = t.Selection.Readings
	}
}

// hintReading settles the reading of the hint's cards when they read several ways: the AI
// meant one, so the table asks nothing; the line under the hand names it, and the play form
// carries it, so that Play plays it at once, with or without the script.
func hintReading(t *views.GuandanTable) {
	h := t.Hint
	if h == nil || h.Pass || t.Selection == nil || t.Selection.Verdict != views.SelectChoose || !slices.Contains(t.Readings, h.Reading) {
		return
	}
	t.Reading, t.Readings = h.Reading, nil
	t.Selection = &views.GuandanSelection{Verdict: views.SelectPlayable, Reading: h.Reading, ToBeat: t.Selection.ToBeat}
}

// guandanVerdict asks the engine what the selection of the human at seat would do if played
// now: the same Apply that Play calls, on a copy that is thrown away, so the live line and
// Play can never disagree.
func guandanVerdict(m gd.Match, seat int, cards gd.Set) *views.GuandanSelection {
	v := &views.GuandanSelection{ToBeat: m.View(seat).LastPlay.Reading}
	if m.Leading() {
		v.ToBeat = gd.Reading{}
	}
	_, ev, err := m.Apply(gd.Action{Kind: gd.ActPlay, Seat: seat, Cards: cards})
	switch {
	case err == nil && len(ev) > 0:
		v.Verdict, v.Reading = views.SelectPlayable, ev[0].Play.Reading
	case errors.Is(err, gd.ErrNoCards):
		v.Verdict = views.SelectNothing
	case errors.Is(err, gd.ErrAmbiguous):
		v.Verdict, v.Readings = views.SelectChoose, m.ReadingsNow(cards)
	case errors.Is(err, gd.ErrDoesNotBeat):
		v.Verdict = views.SelectTooWeak
		if rs := gd.Readings(cards, m.Level); len(rs) > 0 {
			v.Reading = rs[len(rs)-1]
		}
	default:
		v.Verdict = views.SelectIllegal
	}
	return v
}

// guandanRefusals are the engine's refusals of a play that the human may simply correct: the
// table comes back with the selection kept and the notice that explains it, and nothing
// changes. Any other refusal is a form the table never offers, an error page.
var guandanRefusals = []struct {
	err    error
	notice views.Notice
}{
	{gd.ErrNoCards, views.NoticeEmpty}, // before ErrIllegalPlay, which it wraps
	{gd.ErrIllegalPlay, views.NoticeIllegal},
	{gd.ErrDoesNotBeat, views.NoticeNoBeat},
	{gd.ErrAmbiguous, views.NoticeChoose},
}

// guandanRefusal is a play refused with a notice; see guandanRefusals.
type guandanRefusal struct {
	notice views.Notice
	cards  gd.Set
}

func (e *guandanRefusal) Error() string { return "web: Guandan play refused: " + e.notice.String() }

// refusal maps an engine error to the refusal the table shows, or returns it unchanged.
func refusal(err error, cards gd.Set) error {
	for _, r := range guandanRefusals {
		if errors.Is(err, r.err) {
			return &guandanRefusal{notice: r.notice, cards: cards}
		}
	}
	return err
}

// guandanPost is the shape of every move, as at the As-Nas table (see table.post), except
// that the way back keeps how the hand is arranged, and a refusal keeps the selection too.
func (s *Server) guandanPost(w http.ResponseWriter, r *http.Request, step step[*record.Guandan]) error {
	return s.guandanMove(w, r, step, false)
}

// guandanMove is guandanPost, and with next the Next deal of a shared table (sharedMove).
func (s *Server) guandanMove(w http.ResponseWriter, r *http.Request, step step[*record.Guandan], next bool) error {
	back := tableURL{path: "/guandan", arrange: views.ParseArrangement(r.PostFormValue("arrange"))}
	var err error
	if id := chi.URLParam(r, "table"); id != "" {
		back.path = tablePath("guandan", id)
		err = sharedMove(s, w, r, guandanAt, back.redirect, step, next)
	} else {
		err = guandanGameFor(r).post(s, w, r, back.redirect, step)
	}
	var refused *guandanRefusal
	if errors.As(err, &refused) {
		back.cards = refused.cards
		return back.redirect(w, r, refused.notice)
	}
	return err
}

// guandanPlay plays the selected cards as the reading named, or the only one legal now: the
// engine decides, and its refusals become notices (guandanRefusals). A reading named for
// other cards (the selection changed after the question or the hint) counts as none named
// (namedReading).
func (s *Server) guandanPlay(w http.ResponseWriter, r *http.Request) error {
	if err := parseMoveForm(w, r); err != nil {
		return err
	}
	cards, err := parseCardIDs(r.PostForm["card"])
	if err != nil {
		return err
	}
	named, err := namedReading(r, cards)
	if err != nil {
		return err
	}
	return s.guandanPost(w, r, func(g *record.Guandan, seat int) (*record.Guandan, error) {
		a := gd.Action{Kind: gd.ActPlay, Seat: seat, Cards: cards, Reading: named}
		_, err := g.Apply(a)
		// A reading that does not fit the cards (a page from before reading-for, or a form
		// made by hand) counts as none named.
		if errors.Is(err, gd.ErrIllegalPlay) && !named.IsZero() {
			a.Reading = gd.Reading{}
			_, err = g.Apply(a)
		}
		return g, refusal(err, cards)
	})
}

// guandanPass passes.
func (s *Server) guandanPass(w http.ResponseWriter, r *http.Request) error {
	if err := parseMoveForm(w, r); err != nil {
		return err
	}
	return s.guandanPost(w, r, func(g *record.Guandan, seat int) (*record.Guandan, error) {
		return guandanAct(g, gd.Action{Kind: gd.ActPass, Seat: seat})
	})
}

// guandanReturn gives the chosen card back to the player who paid the human tribute.
func (s *Server) guandanReturn(w http.ResponseWriter, r *http.Request) error {
	if err := parseMoveForm(w, r); err != nil {
		return err
	}
	cards, err := parseCardIDs(r.PostForm["card"])
	if err != nil {
		return err
	}
	if cards.Len() != 1 {
		return badRequest("a return is exactly one card")
	}
	return s.guandanPost(w, r, func(g *record.Guandan, seat int) (*record.Guandan, error) {
		return guandanAct(g, gd.Action{Kind: gd.ActReturn, Seat: seat, Card: cards.Cards()[0]})
	})
}

// guandanNext deals the next deal once the current one is over.
func (s *Server) guandanNext(w http.ResponseWriter, r *http.Request) error {
	if err := parseMoveForm(w, r); err != nil {
		return err
	}
	return s.guandanMove(w, r, guandanNextDeal, true)
}

// guandanNextDeal is the step of Next deal.
func guandanNextDeal(g *record.Guandan, seat int) (*record.Guandan, error) {
	return guandanAct(g, gd.Action{Kind: gd.ActNextDeal, Seat: seat})
}

// guandanAct is the step of one action of the human's.
func guandanAct(g *record.Guandan, a gd.Action) (*record.Guandan, error) {
	_, err := g.Apply(a)
	return g, err
}

// guandanRestartForm asks for confirmation before a match is thrown away.
func (s *Server) guandanRestartForm(w http.ResponseWriter, r *http.Request) error {
	return guandanGameFor(r).restartForm(s, w, r)
}

// guandanRestart starts a new match: the confirmed restart, or "New match" after the match.
func (s *Server) guandanRestart(w http.ResponseWriter, r *http.Request) error {
	if err := parseMoveForm(w, r); err != nil {
		return err
	}
	return s.guandanPost(w, r, guandanGameFor(r).restart(r.Context(), s))
}

// guandanClimb is the match's story in levels: how every finished deal ended, oldest first,
// read from the record (each finished deal is replayed to its last action; only a page that
// shows a finished deal asks). A deal that does not replay (a damaged record) ends the story
// where it is, and is logged.
func (s *Server) guandanClimb(r *http.Request, g *record.Guandan) []views.GuandanDealEnd {
	if g.Match().Phase() != gd.PhaseDealOver && g.Match().Phase() != gd.PhaseMatchOver {
		return nil
	}
	var out []views.GuandanDealEnd
	for d := 1; d <= g.Deals(); d++ {
		m, ev, err := g.At(d, g.Steps(d))
		if err != nil {
			s.log.ErrorContext(r.Context(), "Guandan climb: a finished deal does not replay", "match", g.ID.String(), "deal", d, "err", err)
			return out
		}
		for i, e := range ev {
			if e.Kind == gd.EvDealOver {
				won := i+1 < len(ev) && ev[i+1].Kind == gd.EvMatchOver
				out = append(out, views.GuandanDealEnd{Deal: m.DealNo, Level: m.Level, Team: e.Team,
					Promotion: e.Promotion, Levels: e.Levels, Finish: e.Finish, Won: won})
			}
		}
	}
	return out
}
