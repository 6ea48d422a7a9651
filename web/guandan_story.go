package web

import (
	"slices"

	gd "github.com/cardavia/cardavia/rules/guandan"
	"github.com/cardavia/cardavia/web/views"
)

// guandanMatch is what the store keeps of a Guandan match: the engine's match, and beside it
// the public story the table tells: every event of the current deal (each trick, for the
// tricks disclosure) and how every finished deal changed the levels (for the match end).
// The engine's fields stay at the top level of the JSON, so records stored before the story
// existed still load, with an empty story.
type guandanMatch struct {
	gd.Match
	// Deal is every event of the current deal so far, oldest first.
	Deal []gd.Event `json:"deal,omitempty"`
	// Climb is the end of every finished deal of the match, oldest first.
	Climb []views.GuandanDealEnd `json:"climb,omitempty"`
}

// apply is Match.Apply that also tells the story: every action goes through here, the
// human's and the AI's, so the story holds each event exactly once.
func (m guandanMatch) apply(a gd.Action) (guandanMatch, []gd.Event, error) {
	next, ev, err := m.Match.Apply(a)
	if err != nil {
		return m, nil, err
	}
	return m.told(next, ev), ev, nil
}

// told is the match after next, with the events that led to it added to the story. A new
// deal starts a new story; the end of a deal adds a line to the climb. The slices are copied
// before they grow, so the older value stays as it was (as Match.Apply promises).
func (m guandanMatch) told(next gd.Match, ev []gd.Event) guandanMatch {
	out := guandanMatch{Match: next, Deal: slices.Clip(m.Deal), Climb: slices.Clip(m.Climb)}
	for _, e := range ev {
		switch e.Kind {
		case gd.EvDealt:
			out.Deal = nil
		case gd.EvDealOver:
			out.Climb = append(out.Climb, views.GuandanDealEnd{
				Deal: m.DealNo, Level: m.Level, Team: e.Team, Promotion: e.Promotion,
				Levels: e.Levels, Finish: slices.Clone(e.Finish),
			})
		}
		out.Deal = append(out.Deal, e)
	}
	return out
}
