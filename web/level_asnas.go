package web

import (
	"context"
	"net/http"

	"github.com/cardavia/cardavia/record"

	aiasnas "github.com/cardavia/cardavia/ai/asnas"
	"github.com/cardavia/cardavia/rules/asnas"
	"github.com/cardavia/cardavia/web/learn"
	"github.com/cardavia/cardavia/web/views"
)

// defaultAsnasLevel is the level shown for a visitor who has not chosen one: the AI the server
// is configured with, which is Master in production (ai/asnas.NewPlayer).
const defaultAsnasLevel = aiasnas.Master

// asnasLevelNames are the levels' words, weakest first, for the forms.
func asnasLevelNames() []string {
	names := make([]string, len(aiasnas.Levels))
	for i, l := range aiasnas.Levels {
		names[i] = l.String()
	}
	return names
}

// asnasLevel is the visitor's chosen level, and whether they chose one.
func asnasLevel(r *http.Request) (aiasnas.Level, bool) {
	return aiasnas.ParseLevel(visitorFrom(r.Context()).prefs.AsnasLevel)
}

// asnasFor is the As-Nas table's plumbing for this visitor: the AI seats play at the level the
// visitor chose, or, without a choice, with the configured AI.
func (s *Server) asnasFor(r *http.Request) table[*record.Asnas] {
	return asnasSoloAt(r.Context(), visitorFrom(r.Context()).prefs.AsnasLevel)
}

// asnasSoloAt is the As-Nas table's plumbing with the AI seats at the level named name, or, for a
// name that is not a level's, with the configured AI.
func asnasSoloAt(ctx context.Context, name string) table[*record.Asnas] {
	t, shown := asnasGame, defaultAsnasLevel.String() // Master in production: the level shown
	level, chosen := aiasnas.ParseLevel(name)
	if chosen {
		t, shown = asnasAtLevel(level), level.String()
	} else {
		name = ""
	}
	t = timedTable(ctx, t, shown)
	t.level, t.at = name, asnasSoloAt
	return t
}

// asnasAtLevel is the As-Nas table's plumbing with the AI seats at level.
func asnasAtLevel(level aiasnas.Level) table[*record.Asnas] {
	return asnasWith(func(_ context.Context, s *Server, a *record.Asnas, humans seats) error {
		return playAsnasAI(func(seed uint64) AsnasAI { return timedAsnas{aiasnas.NewLevel(level, seed), s.cfg.Metrics} }, a, humans)
	})
}

// recordedAsnas lets the one AI loop of ai/asnas play on a match record, so that every AI
// action is recorded.
type recordedAsnas struct{ a *record.Asnas }

func (g recordedAsnas) ToAct() int               { return g.a.Match().ToAct() }
func (g recordedAsnas) View(seat int) asnas.View { return g.a.Match().View(seat) }
func (g recordedAsnas) Apply(act asnas.Action) (recordedAsnas, []asnas.Event, error) {
	ev, err := g.a.Apply(act)
	return g, ev, err
}

// playAsnasAI lets the AI seats act through the one AI loop of ai/asnas until a human is to
// act or the deal is over; the record keeps what they did.
func playAsnasAI(player func(seed uint64) AsnasAI, a *record.Asnas, humans seats) error {
	_, _, err := aiasnas.Play(recordedAsnas{a}, func(g recordedAsnas, seat int) aiasnas.Decider {
		if humans.has(seat) {
			return nil
		}
		return player(decisionSeed(g.a.Match(), seat))
	})
	return err
}

// asnasAIPanel is the table's AI panel: the level, and the coach when ?coach= asks for it on
// the visitor's turn. The coach reads only the visitor's view; it is an AI search (see askAI).
func (s *Server) asnasAIPanel(w http.ResponseWriter, r *http.Request, m asnas.Match) (views.AsnasAIPanel, error) {
	level, chosen := asnasLevel(r)
	if !chosen {
		level = defaultAsnasLevel
	}
	p := views.AsnasAIPanel{Level: level.String(), Levels: asnasLevelNames(), Return: "/asnas?notice=" + views.NoticeLevel.String()}
	if m.ToAct() != soloSeat {
		return p, nil
	}
	if r.URL.Query().Get("coach") == "" {
		p.CoachURL = "/asnas?coach=1"
		return p, nil
	}
	var a aiasnas.Advice
	if err := s.askAI(w, r, false, func() { a = aiasnas.Coach(m.View(soloSeat)) }); err != nil {
		return p, err
	}
	c := &views.AsnasCoach{Known: a.Known, Opponents: a.Opponents, WinPct: 100 * a.Win, TiePct: 100 * a.Tie, SharePct: 100 * a.Share}
	c.Learn = lessonStepURL("asnas", learn.Asnas().StepOf("hands"))
	for _, vc := range a.Master {
		c.Master = append(c.Master, views.AsnasCoachVerb{Verb: vc.Verb, Pct: 100 * vc.Chance})
	}
	p.Coach = c
	return p, nil
}

// asnasLevelForm is the level choice for the settings page.
func asnasLevelForm(r *http.Request) views.AsnasLevelForm {
	level, chosen := asnasLevel(r)
	if !chosen {
		level = defaultAsnasLevel
	}
	return views.AsnasLevelForm{Level: level.String(), Levels: asnasLevelNames()}
}

// setAsnasLevel remembers the level the visitor wants the As-Nas AI players at and goes back to
// the page they came from. The AI seats play at it from their next move.
func (s *Server) setAsnasLevel(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, maxSettingsFormBytes)
	if err := r.ParseForm(); err != nil {
		return badRequest("unreadable form")
	}
	level, ok := aiasnas.ParseLevel(r.PostFormValue("level"))
	if !ok {
		return s.refuseSettings(w, r, "asnas.ai.error.level")
	}
	id, err := s.ensureVisitor(w, r)
	if err != nil {
		return err
	}
	if err := s.updatePrefs(r.Context(), id, func(p *prefs) { p.AsnasLevel = level.String() }); err != nil {
		return err
	}
	settingsDone(w, r)
	return nil
}
