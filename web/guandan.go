package web

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"net/http"

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
var guandanGame = table[guandanMatch, gd.Event]{
	game:     "guandan",
	newMatch: (*Server).newGuandanMatch,
	playAI:   (*Server).guandanAI,
}

// newGuandanMatch starts a match from a fresh seed and lets the AI seats act until the human
// is to act. NewMatch reports no events, so the log starts with the deal and the first lead.
func (s *Server) newGuandanMatch() (guandanMatch, []gd.Event, error) {
	m := gd.NewMatch(s.cfg.Seed())
	opening := []gd.Event{
		{Kind: gd.EvDealt, Seat: -1, Place: m.DealNo, Levels: m.Levels},
		{Kind: gd.EvLead, Seat: m.ToAct()},
	}
	return s.guandanAI(guandanMatch{}.told(m, opening), opening)
}

// guandanAI lets the AI seats act, their plays and their own return cards, until the human
// is to act or nobody is (the deal or the match is over; the next deal waits for the human's
// "Next deal"). What they did is appended to log. An AI action the engine refuses is a server
// error, never the visitor's.
func (s *Server) guandanAI(m guandanMatch, log []gd.Event) (guandanMatch, []gd.Event, error) {
	for range maxGuandanAISteps {
		seat := m.ToAct()
		if seat < 0 || seat == humanSeat {
			return m, log, nil
		}
		ai := s.cfg.GuandanAI(guandanSeed(m.Match, seat))
		var a gd.Action
		switch m.Phase() {
		case gd.PhaseReturn:
			a = gd.Action{Kind: gd.ActReturn, Seat: seat, Card: ai.Return(m.View(seat))}
		case gd.PhasePlay:
			a = ai.Play(m.View(seat))
			a.Seat = seat
		default:
			return m, log, nil
		}
		next, ev, err := m.apply(a)
		if err != nil {
			// %v, not %w: the engine's error must not be mapped to a 4xx as if the visitor erred.
			return m, log, fmt.Errorf("web: Guandan AI at seat %d: %v", seat, err)
		}
		m, log = next, append(log, ev...)
	}
	return m, log, errors.New("web: the Guandan AI seats did not end their turns")
}

// maxGuandanAISteps bounds the AI turns in one request. After the human goes out the three AI
// seats may play the rest of a deal at once: at most 81 cards, each play followed by at most
// three passes, plus the returns; an AI that never ends its turn is a bug.
const maxGuandanAISteps = 4 * 108

// guandanSeed derives an AI decision's seed from the match's generator state and the
// position, so the same position of the same match always gets the same decision.
func guandanSeed(m gd.Match, seat int) uint64 {
	h := fnv.New64a()
	var buf [8]byte
	for _, w := range []uint64{m.RNG, uint64(m.DealNo), uint64(seat), uint64(m.Phase()), m.Played[0], m.Played[1], m.Hands[seat][0], m.Hands[seat][1], uint64(len(m.Trick))} {
		binary.LittleEndian.PutUint64(buf[:], w)
		_, _ = h.Write(buf[:])
	}
	return h.Sum64()
}

// guandanTable shows the visitor's table, dealing a new match for a new visitor. The query
// only changes what is shown, never the match: the arrangement of the hand, cards to show
// selected, a hint, a notice.
func (s *Server) guandanTable(w http.ResponseWriter, r *http.Request) error {
	rec, version, err := guandanGame.open(s, w, r)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	m := rec.Match
	t := views.GuandanTable{
		View:    m.View(humanSeat),
		Move:    version,
		Log:     rec.Log,
		Notice:  views.ParseGuandanNotice(q.Get("notice")),
		Arrange: views.ParseArrangement(q.Get("arrange")),
		Deal:    m.Deal,
		Climb:   m.Climb,
	}
	// Cards named in the query are shown selected, as far as they are in the hand: this is how
	// a selection survives a refused play, the reading question and the arrangement buttons.
	t.Selected = querySelection(q["card"], t.View.Hand)
	if t.Arrange == views.ArrangePlan {
		t.Plan = s.cfg.GuandanAI(guandanSeed(m.Match, humanSeat)).Plan(t.View.Hand, t.View.Level)
	}
	if t.MyTurn() {
		if q.Get("hint") != "" {
			t.Hint = s.guandanHint(m.Match)
			t.Selected = t.Hint.Cards
		}
		t.Selection = guandanVerdict(m.Match, t.Selected)
		if t.Selection.Verdict == views.SelectChoose {
			t.Readings = t.Selection.Readings
		}
	}
	if t.MustReturn() {
		t.Returnable = gd.Returnable(t.View.Level, t.View.Hand)
	}
	return s.render(w, r, http.StatusOK, views.GuandanPage(s.chrome(r, "guandan"), t))
}

// guandanSelection answers guandan.js after each tap on the hand: the live line for the cards
// named in the query, the same words the table prints for a selection. It changes nothing
// and deals nothing: without a match, or out of turn, the line just says nothing is chosen.
func (s *Server) guandanSelection(w http.ResponseWriter, r *http.Request) error {
	var sel *views.GuandanSelection
	if id := visitorFrom(r.Context()).id; id != "" {
		rec, _, err := guandanGame.load(r.Context(), s, id)
		if err != nil {
			return err
		}
		if rec != nil && rec.Match.Phase() == gd.PhasePlay && rec.Match.ToAct() == humanSeat {
			v := rec.Match.View(humanSeat)
			sel = guandanVerdict(rec.Match.Match, querySelection(r.URL.Query()["card"], v.Hand))
		}
	}
	return s.render(w, r, http.StatusOK, views.GuandanSelectionFragment(sel))
}

// guandanVerdict asks the engine what the human's selection would do if played now: the
// same Apply that Play calls, on a copy that is thrown away, so the live line and Play can
// never disagree.
func guandanVerdict(m gd.Match, cards gd.Set) *views.GuandanSelection {
	v := &views.GuandanSelection{ToBeat: m.View(humanSeat).LastPlay.Reading}
	if m.Leading() {
		v.ToBeat = gd.Reading{}
	}
	_, ev, err := m.Apply(gd.Action{Kind: gd.ActPlay, Seat: humanSeat, Cards: cards})
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

// guandanHint asks the AI what it would play in the human's seat. The decision's seed comes
// from the position, so asking twice gives the same hint.
func (s *Server) guandanHint(m gd.Match) *views.GuandanHint {
	a := s.cfg.GuandanAI(guandanSeed(m, humanSeat)).Play(m.View(humanSeat))
	if a.Kind != gd.ActPlay {
		return &views.GuandanHint{Pass: true}
	}
	return &views.GuandanHint{Cards: a.Cards, Reading: a.Reading}
}

// guandanRefusals are the engine's refusals of a play that the human may simply correct: the
// table comes back with the selection kept and the notice that explains it, and nothing
// changes. Any other refusal is a form the table never offers, an error page.
var guandanRefusals = []struct {
	err    error
	notice views.GuandanNotice
}{
	{gd.ErrNoCards, views.NoticeEmpty}, // before ErrIllegalPlay, which it wraps
	{gd.ErrIllegalPlay, views.NoticeIllegal},
	{gd.ErrDoesNotBeat, views.NoticeNoBeat},
	{gd.ErrAmbiguous, views.NoticeChoose},
}

// guandanRefusal is a play refused with a notice; see guandanRefusals.
type guandanRefusal struct {
	notice views.GuandanNotice
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
func (s *Server) guandanPost(w http.ResponseWriter, r *http.Request, step step[guandanMatch, gd.Event]) error {
	back := tableURL{arrange: views.ParseArrangement(r.PostFormValue("arrange"))}
	err := guandanGame.post(s, w, r, back.redirect, step)
	var refused *guandanRefusal
	if errors.As(err, &refused) {
		back.cards = refused.cards
		return back.redirect(w, r, refused.notice.String())
	}
	return err
}

// guandanPlay plays the selected cards as the reading named, or the only one legal now: the
// engine decides, and its refusals become notices (guandanRefusals). A reading named for
// other cards (the selection changed after the question) counts as none named.
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
	return s.guandanPost(w, r, func(m guandanMatch) (guandanMatch, []gd.Event, error) {
		a := gd.Action{Kind: gd.ActPlay, Seat: humanSeat, Cards: cards, Reading: named}
		next, ev, err := m.apply(a)
		if errors.Is(err, gd.ErrIllegalPlay) && !named.IsZero() {
			a.Reading = gd.Reading{}
			next, ev, err = m.apply(a)
		}
		return next, ev, refusal(err, cards)
	})
}

// guandanPass passes.
func (s *Server) guandanPass(w http.ResponseWriter, r *http.Request) error {
	if err := parseMoveForm(w, r); err != nil {
		return err
	}
	return s.guandanPost(w, r, func(m guandanMatch) (guandanMatch, []gd.Event, error) {
		return m.apply(gd.Action{Kind: gd.ActPass, Seat: humanSeat})
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
	return s.guandanPost(w, r, func(m guandanMatch) (guandanMatch, []gd.Event, error) {
		return m.apply(gd.Action{Kind: gd.ActReturn, Seat: humanSeat, Card: cards.Cards()[0]})
	})
}

// guandanNext deals the next deal once the current one is over.
func (s *Server) guandanNext(w http.ResponseWriter, r *http.Request) error {
	if err := parseMoveForm(w, r); err != nil {
		return err
	}
	return s.guandanPost(w, r, func(m guandanMatch) (guandanMatch, []gd.Event, error) {
		return m.apply(gd.Action{Kind: gd.ActNextDeal, Seat: humanSeat})
	})
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
	return s.guandanPost(w, r, guandanGame.restart(s))
}
