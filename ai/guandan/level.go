package guandan

import (
	"math/rand/v2"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// Level is how strongly the AI plays, the visitor's choice: the partner and both opponents
// play at it.
type Level uint8

// The levels. The zero Level is LevelClub, the planner the site always had.
const (
	// LevelClub is the planner (Player).
	LevelClub Level = iota
	// LevelBeginner is the planner that now and then makes a beginner's move: the cheapest
	// legal play instead of the planned one (see NewAgent).
	LevelBeginner
	// LevelMaster is the search (Master) on top of the planner.
	LevelMaster
)

// Levels lists the levels in the order a visitor is offered them.
var Levels = []Level{LevelBeginner, LevelClub, LevelMaster}

// String returns the level's name, as the settings form and the cookie spell it.
func (l Level) String() string {
	switch l {
	case LevelBeginner:
		return "beginner"
	case LevelMaster:
		return "master"
	}
	return "club"
}

// ParseLevel reads a level's name; ok is false for anything else.
func ParseLevel(s string) (l Level, ok bool) {
	for _, l := range Levels {
		if l.String() == s {
			return l, true
		}
	}
	return LevelClub, false
}

// Advisor is a player that can say why it chose a move: the hint of the web table.
type Advisor interface {
	gd.Agent
	// Plan splits hand into plays at this level.
	Plan(hand gd.Set, level gd.Rank) []gd.Play
	// Advise returns the move it would make in the seat of v and the reason for it.
	Advise(v gd.View) (gd.Action, Reason)
}

// NewAgent returns the player of a level whose choices follow seed. A Beginner plays the
// greedy "smallest play that beats" move on about a third of its turns and the planner's on
// the others: it breaks its combinations and spends its bombs as a learner does, but still
// knows to go out.
func NewAgent(l Level, seed uint64) Advisor {
	switch l {
	case LevelMaster:
		return NewMaster(seed, DefaultOptions)
	case LevelBeginner:
		return &beginner{Player: New(seed), rng: rand.New(rand.NewPCG(seed, 0xbe61))}
	}
	return New(seed)
}

// beginner is the player of LevelBeginner.
type beginner struct {
	*Player
	rng *rand.Rand
}

// beginnerSlip is the share of a Beginner's turns played greedily.
const beginnerSlip = 0.35

// Play makes the planner's move or, now and then, the greedy one.
func (b *beginner) Play(v gd.View) gd.Action {
	if b.rng.Float64() < beginnerSlip {
		return GreedyPlayer{}.Play(v)
	}
	return b.Player.Play(v)
}

// Advise is the planner's advice: a hint never teaches the beginner's slips.
func (b *beginner) Advise(v gd.View) (gd.Action, Reason) { return b.Player.Advise(v) }
