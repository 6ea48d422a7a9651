package web

import (
	"errors"
	"net/http"

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

// guandanGame is the Guandan table's plumbing.
var guandanGame = table[*record.Guandan]{
	game:    "guandan",
	deal:    (*Server).newGuandanMatch,
	decode:  record.DecodeGuandan,
	id:      func(g *record.Guandan) record.ID { return g.ID },
	playAI:  (*Server).guandanAI,
	over:    func(g *record.Guandan) bool { return g.Match().Phase() == gd.PhaseMatchOver },
	summary: guandanSummary,
}

// guandanNotices are the table's notices, by the value of the ?notice= parameter. Anything
// else in the parameter is ignored, so a link cannot put arbitrary text on the page.
var guandanNotices = map[string]string{
	"stale":   "guandan.notice.stale",
	"expired": "guandan.notice.expired",
	"empty":   "guandan.notice.empty",
	"illegal": "guandan.notice.illegal",
	"nobeat":  "guandan.notice.nobeat",
	"choose":  "guandan.notice.choose",
}

// newGuandanMatch deals match id from seed and lets the AI seats act until the human is to
// act.
func (s *Server) newGuandanMatch(id record.ID, seed uint64) (*record.Guandan, error) {
	g := record.NewGuandan(id, seed, s.cfg.Now().Unix())
	return g, s.guandanAI(g)
}

// guandanAI lets the AI seats act at Club level (see guandanAIAt).
func (s *Server) guandanAI(g *record.Guandan) error {
	return s.guandanAIAt(aiguandan.LevelClub, g)
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
	g, err := guandanGameFor(r).open(s, w, r)
	if err != nil {
		return err
	}
	m := g.Match()
	q := r.URL.Query()
	t := views.GuandanTable{
		View:    m.View(humanSeat),
		Move:    g.Token(),
		Log:     g.Log(humanSeat),
		Notice:  guandanNotices[q.Get("notice")],
		Arrange: parseArrange(q.Get("arrange")),
		Level:   guandanLevelChoice(r, "/guandan"),
	}
	// Cards named in the query are shown selected, as far as they are in the hand: this is how
	// a selection survives a refused play, the reading question and the arrangement buttons.
	t.Selected = querySelection(q["card"], t.View.Hand)
	if t.Arrange == views.ArrangePlan {
		t.Plan = s.cfg.GuandanAI(guandanSeed(m, humanSeat)).Plan(t.View.Hand, t.View.Level)
	}
	if t.MyTurn() {
		if q.Get("hint") != "" {
			t.Hint = s.guandanAdvice(r, m)
			t.Selected = t.Hint.Cards
		}
		if rs := m.ReadingsNow(t.Selected); len(rs) > 1 {
			t.Readings = rs
		}
	}
	if t.MustReturn() {
		t.Returnable = gd.Returnable(t.View.Level, t.View.Hand)
	}
	return s.render(w, r, http.StatusOK, views.GuandanPage(s.chrome(r, "guandan"), t))
}

// guandanRefusal is a play the human may simply correct: the table comes back with the
// selection kept and a notice, and nothing changes. A step returns it for a selection that is
// no legal play.
type guandanRefusal struct {
	notice string
	cards  gd.Set
}

func (e *guandanRefusal) Error() string { return "web: Guandan play refused: " + e.notice }

// guandanPost is the shape of every move, as at the As-Nas table (see table.post), except
// that the way back keeps how the hand is arranged, and a refusal keeps the selection too.
func (s *Server) guandanPost(w http.ResponseWriter, r *http.Request, step step[*record.Guandan]) error {
	back := tableURL{arrange: parseArrange(r.PostFormValue("arrange"))}
	err := guandanGameFor(r).post(s, w, r, back.redirect, step)
	var refused *guandanRefusal
	if errors.As(err, &refused) {
		back.cards = refused.cards
		return back.redirect(w, r, refused.notice)
	}
	return err
}

// guandanPlay plays the selected cards. The reading is the one named, else the only one legal
// now; with several and none named the table asks which one (RULES.md: the player chooses).
func (s *Server) guandanPlay(w http.ResponseWriter, r *http.Request) error {
	if err := parseMoveForm(w, r); err != nil {
		return err
	}
	cards, err := parseCardIDs(r.PostForm["card"])
	if err != nil {
		return err
	}
	var named gd.Reading
	if txt := r.PostFormValue("reading"); txt != "" {
		if named, err = gd.ParseReading(txt); err != nil {
			return badRequest("unknown reading")
		}
	}
	return s.guandanPost(w, r, func(g *record.Guandan) (*record.Guandan, error) {
		m := g.Match()
		if m.Phase() != gd.PhasePlay || m.ToAct() != humanSeat {
			return g, gd.ErrWrongPhase
		}
		if !m.Hands[humanSeat].Contains(cards) {
			return g, gd.ErrNotInHand
		}
		reading, err := chooseHumanReading(m, cards, named)
		if err != nil {
			return g, err
		}
		return guandanAct(g, gd.Action{Kind: gd.ActPlay, Seat: humanSeat, Cards: cards, Reading: reading})
	})
}

// chooseHumanReading decides the reading of the human's play, or refuses the selection with
// the notice that explains why. A named reading that no longer fits the cards (the cards were
// changed after the question) is treated as none named.
func chooseHumanReading(m gd.Match, cards gd.Set, named gd.Reading) (gd.Reading, error) {
	if cards.IsEmpty() {
		return gd.Reading{}, &guandanRefusal{notice: "empty"}
	}
	now := m.ReadingsNow(cards)
	for _, r := range now {
		if r == named {
			return r, nil
		}
	}
	switch {
	case len(now) == 1:
		return now[0], nil
	case len(now) > 1:
		return gd.Reading{}, &guandanRefusal{notice: "choose", cards: cards}
	case len(gd.Readings(cards, m.Level)) == 0:
		return gd.Reading{}, &guandanRefusal{notice: "illegal", cards: cards}
	}
	return gd.Reading{}, &guandanRefusal{notice: "nobeat", cards: cards}
}

// guandanPass passes.
func (s *Server) guandanPass(w http.ResponseWriter, r *http.Request) error {
	if err := parseMoveForm(w, r); err != nil {
		return err
	}
	return s.guandanPost(w, r, func(g *record.Guandan) (*record.Guandan, error) {
		return guandanAct(g, gd.Action{Kind: gd.ActPass, Seat: humanSeat})
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
	return s.guandanPost(w, r, func(g *record.Guandan) (*record.Guandan, error) {
		return guandanAct(g, gd.Action{Kind: gd.ActReturn, Seat: humanSeat, Card: cards.Cards()[0]})
	})
}

// guandanNext deals the next deal once the current one is over.
func (s *Server) guandanNext(w http.ResponseWriter, r *http.Request) error {
	if err := parseMoveForm(w, r); err != nil {
		return err
	}
	return s.guandanPost(w, r, func(g *record.Guandan) (*record.Guandan, error) {
		return guandanAct(g, gd.Action{Kind: gd.ActNextDeal, Seat: humanSeat})
	})
}

// guandanAct is the step of one action of the human's.
func guandanAct(g *record.Guandan, a gd.Action) (*record.Guandan, error) {
	_, err := g.Apply(a)
	return g, err
}

// guandanRestartForm asks for confirmation before a match is thrown away.
func (s *Server) guandanRestartForm(w http.ResponseWriter, r *http.Request) error {
	return guandanGame.restartForm(s, w, r, views.GuandanRestartPage)
}

// guandanRestart starts a new match: the confirmed restart, or "New match" after the match.
func (s *Server) guandanRestart(w http.ResponseWriter, r *http.Request) error {
	if err := parseMoveForm(w, r); err != nil {
		return err
	}
	return s.guandanPost(w, r, guandanGameFor(r).restart(s))
}
