package web

import (
	"context"
	"fmt"
	"net/http"
	"slices"

	aiguandan "github.com/cardavia/cardavia/ai/guandan"
	"github.com/cardavia/cardavia/i18n"
	"github.com/cardavia/cardavia/record"
	gd "github.com/cardavia/cardavia/rules/guandan"
	"github.com/cardavia/cardavia/web/learn"
	"github.com/cardavia/cardavia/web/views"
)

// guandanLevel is the level the visitor chose for the Guandan AI players, Club until they
// choose. A level saved by an older version that this one does not know is Club as well.
func guandanLevel(r *http.Request) aiguandan.Level {
	l, _ := aiguandan.ParseLevel(visitorFrom(r.Context()).prefs.GuandanLevel)
	return l
}

// guandanGameFor is the Guandan table's plumbing with the AI seats at the visitor's level:
// the partner and both opponents, in this match and in the next one dealt.
func guandanGameFor(r *http.Request) table[*record.Guandan] {
	return guandanSoloAt(r.Context(), guandanLevel(r).String())
}

// guandanSoloAt is the Guandan table's plumbing with the AI seats at the level named name (Club
// for a name that is not a level's).
func guandanSoloAt(ctx context.Context, name string) table[*record.Guandan] {
	level, _ := aiguandan.ParseLevel(name)
	t := timedTable(ctx, guandanAtLevel(level), level.String())
	t.level, t.at = level.String(), guandanSoloAt
	return t
}

// guandanPlayer is the AI of one decision at a level. Club is the configured player (the
// tests give the server their own); the other levels are the players of ai/guandan.
func (s *Server) guandanPlayer(turn *aiguandan.Turn, level aiguandan.Level, seed uint64) GuandanAI {
	if level == aiguandan.LevelClub {
		return s.cfg.GuandanAI(seed)
	}
	p := aiguandan.NewAgent(level, seed)
	if m, ok := p.(*aiguandan.Master); ok {
		m.InTurn(turn)
	}
	return timeGuandan(p, s.cfg.Metrics)
}

// recordedGuandan lets the engine's one agents' loop play on a match record, so that every
// AI action is recorded.
type recordedGuandan struct{ g *record.Guandan }

func (r recordedGuandan) ToAct() int            { return r.g.Match().ToAct() }
func (r recordedGuandan) Phase() gd.Phase       { return r.g.Match().Phase() }
func (r recordedGuandan) View(seat int) gd.View { return r.g.Match().View(seat) }
func (r recordedGuandan) Apply(a gd.Action) (recordedGuandan, []gd.Event, error) {
	ev, err := r.g.Apply(a)
	return r, ev, err
}

// guandanAIAt lets the AI seats act at a level, through the engine's one loop, until the
// humans is to act or nobody is; the record keeps what they did. An AI action the engine
// refuses is a server error, never the visitor's.
//
// Once every human has gone out of the deal (or every player at a shared table let the AI
// play for them), Master's seats play the rest of it as Club: no human decides anything more
// in it, and the three seats left could otherwise take up to 42 searches in the one request
// that answers the human's last play (its p99 was 1.9 s on a loaded host; commit e4ed196).
// Both teams' seats change alike, and the planner is what the search itself starts from.
//
// When ctx ends (the request's deadline passes or its client leaves), no AI seat acts again
// and a Master search waiting for a slot stops waiting (Master.InTurn; the request's seats
// share one turn at the search slots, so a move waits in line once); the match, now with
// moves that depend on when that happened, is not to be kept, and ctx's error is returned, so
// the request answers with the 503 page (or nothing, to a client that left) and stores
// nothing. Under a crowd at Master this is what keeps a move from being answered after the
// server's write timeout, as a dropped connection, and keeps the searches for moves that can
// still be kept.
func (s *Server) guandanAIAt(ctx context.Context, level aiguandan.Level, g *record.Guandan, humans seats) error {
	turn := aiguandan.NewTurn(ctx.Done())
	defer turn.Release()
	_, err := gd.RunAgents(recordedGuandan{g}, func(r recordedGuandan, seat int) gd.Agent {
		if humans.has(seat) || ctx.Err() != nil {
			return nil
		}
		m := r.g.Match()
		if level == aiguandan.LevelMaster && humansOut(m, humans) {
			return s.guandanPlayer(turn, aiguandan.LevelClub, guandanSeed(m, seat))
		}
		return s.guandanPlayer(turn, level, guandanSeed(m, seat))
	}, nil)
	if err != nil {
		// %v, not %w: the engine's error must not be mapped to a 4xx as if the visitor erred.
		return fmt.Errorf("web: Guandan AI: %v", err)
	}
	return ctx.Err()
}

// humansOut tells whether no human decides anything more in the deal being played: the
// humans have all gone out of it, or none is playing (every player at a shared table let the
// AI play for them).
func humansOut(m gd.Match, humans seats) bool {
	for seat := range 4 {
		if humans.has(seat) && !slices.Contains(m.Finish, seat) {
			return false
		}
	}
	return true
}

// guandanAdvice is the hint: the move the AI of level would make in the seat of the visitor,
// with the reason for it in words the catalogs hold. The decision's seed comes from the
// position, so asking twice gives the same hint.
func (s *Server) guandanAdvice(r *http.Request, level aiguandan.Level, m gd.Match, seat int) *views.GuandanHint {
	turn := aiguandan.NewTurn(r.Context().Done())
	defer turn.Release()
	p := s.guandanPlayer(turn, level, guandanSeed(m, seat))
	adv, ok := p.(aiguandan.Advisor)
	if !ok {
		// A configured player that cannot explain itself still hints.
		a := p.Play(m.View(seat))
		return &views.GuandanHint{Pass: a.Kind != gd.ActPlay, Cards: a.Cards, Reading: a.Reading}
	}
	a, why := adv.Advise(m.View(seat))
	h := &views.GuandanHint{Pass: a.Kind != gd.ActPlay, Why: why.CatalogKey()}
	if !h.Pass {
		h.Cards, h.Reading = a.Cards, a.Reading
	}
	if !h.Pass {
		h.Learn = lessonStepURL("guandan", learn.Guandan().StepOf(h.Reading.Kind.String()))
	}
	switch why.Key {
	case aiguandan.ReasonStops, aiguandan.ReasonHolds:
		// The seat as the visitor sees it: East is the seat after theirs, wherever they sit.
		h.WhyArgs = []any{why.Count, i18n.T(r.Context(), fmt.Sprintf("guandan.seat.%d", ((why.Seat-seat)%4+4)%4))}
	case aiguandan.ReasonFeedsPartner:
		h.WhyArgs = []any{why.Count}
	}
	return h
}

// guandanReturnAdvice is the hint when the visitor owes a card back after a tribute: the very
// card the AI of level would give back in their seat (the same player, seeded by the same
// position, as when the AI acts for a seat). The AI gives no reason for a return.
func (s *Server) guandanReturnAdvice(r *http.Request, level aiguandan.Level, m gd.Match, seat int) *views.GuandanHint {
	turn := aiguandan.NewTurn(r.Context().Done())
	defer turn.Release()
	var one gd.Set
	one.Add(s.guandanPlayer(turn, level, guandanSeed(m, seat)).Return(m.View(seat)))
	return &views.GuandanHint{Return: true, Cards: one}
}

// maxLevelFormBytes bounds the level form: one short word and a return path.
const maxLevelFormBytes = 2 << 10

// setGuandanLevel remembers the visitor's Guandan AI level and goes back to the page they
// were on (the settings page or the table). Anything but a known level is refused with the
// settings page and nothing changes.
func (s *Server) setGuandanLevel(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, maxLevelFormBytes)
	if err := r.ParseForm(); err != nil {
		return badRequest("unreadable form")
	}
	l, ok := aiguandan.ParseLevel(r.PostFormValue("level"))
	if !ok {
		return s.refuseSettings(w, r, "guandan_ai.error.level")
	}
	id, err := s.ensureVisitor(w, r)
	if err != nil {
		return err
	}
	if err := s.updatePrefs(r.Context(), id, func(p *prefs) { p.GuandanLevel = l.String() }); err != nil {
		return err
	}
	settingsDone(w, r)
	return nil
}

// guandanLevelChoice is what the level form shows: the levels offered and the visitor's.
func guandanLevelChoice(r *http.Request, returnTo string) views.GuandanLevelChoice {
	c := views.GuandanLevelChoice{Current: guandanLevel(r).String(), Return: returnTo}
	for _, l := range aiguandan.Levels {
		c.Levels = append(c.Levels, l.String())
	}
	return c
}
