// Package learn holds the guided lessons: for each game a fixed position of the real engine,
// the AI seats' scripted moves and the steps a newcomer takes through it, one idea each. It
// knows nothing of HTTP or of words: the web package renders a step's position with the
// table's own views and its bubble from the catalogs ("learn.<game>.<key>").
//
// A lesson's state is one number, the step: its position is rebuilt from the start by playing
// the expected moves of the steps before it and the scripted moves between them, all through
// the engine's Apply, so a lesson can never reach a position the rules do not allow.
package learn

import (
	"errors"
	"slices"
)

// Step is one step of a lesson.
type Step struct {
	// Key names the step; its bubble is the catalog message "learn.<game>.<Key>".
	Key string
	// Move is what the step asks the visitor to do, in the table's own words (an As-Nas verb,
	// "next" for the next deal, a Guandan play's cards or "pass"); "" for a step that is only
	// read, which a Continue button ends.
	Move string
	// Marks name the parts of the table the bubble points at; the page highlights them
	// ("hand", "pot", "highbet", "seat1", "result", "scores", "trick", "button").
	Marks []string
	// Args are the bubble's arguments, each a name the view translates: "rank:shah",
	// "cat:full-house", "kind:pair", "card:7H".
	Args []string
	// Explains names what the step teaches that the table's hint or coach may name: a
	// Guandan combination's kind ("pair", "bomb"), "hands" for the As-Nas hands. A "why?"
	// link there leads to the step.
	Explains []string
	// Wrongs are the kinds of legal move other than the one asked for that the visitor can
	// make at the step, found when the lesson is built (Reason gives each its words): an
	// As-Nas verb, or for Guandan "pass", "play" (a play where a pass is asked), a
	// combination's kind (another play of the kind asked for), "bomb" (a bomb where another
	// play beats the trick), "other" (another combination led) and "return" (another card
	// given back).
	Wrongs []string
	// Shares names the step whose reasons this one gives (the As-Nas look steps share the
	// first's), "" for its own.
	Shares string
}

// Reason is the catalog key, without "learn.<game>.", of the reason a legal move of the kind
// did (one of Wrongs) is turned down with at the step: "<Key>.wrong.<did>", the words of
// what was done. It is "" for a kind the step does not have.
func (s Step) Reason(did string) string {
	if did == "" || !slices.Contains(s.Wrongs, did) {
		return ""
	}
	key := s.Key
	if s.Shares != "" {
		key = s.Shares
	}
	return key + ".wrong." + did
}

// stepOf is the number of the first step that explains topic, 0 for none.
func stepOf(steps []Step, topic string) int {
	for i, s := range steps {
		if slices.Contains(s.Explains, topic) {
			return i + 1
		}
	}
	return 0
}

// Reads tells whether the step is only read: Continue ends it.
func (s Step) Reads() bool { return s.Move == "" }

// Outcome is what became of a move made at a step.
type Outcome uint8

// The outcomes of a move.
const (
	// Right: the move the step asks for; the lesson goes on to the next step.
	Right Outcome = iota + 1
	// Wrong: a legal move, but not the one the step teaches; the step explains why and waits.
	Wrong
	// Refused: the engine refused the move; its error says why, and nothing changed.
	Refused
)

// ErrNoStep is a step number outside the lesson.
var ErrNoStep = errors.New("learn: no such step")
