package views

import "github.com/cardavia/cardavia/rules/asnas"

// AsnasAIPanel is the As-Nas table's panel about the AI players: the level they play at and
// the form that changes it; and the coach, which the table shows with the move buttons
// (Ask the coach beside them, its advice under them).
type AsnasAIPanel struct {
	// Level is the level the AI seats play at ("beginner", "club", "master"); Levels are all
	// of them, weakest first.
	Level  string
	Levels []string
	// Return is where the form leads back to: the table, with the notice that names the level.
	Return string
	// CoachURL asks for the coach; "" when the coach has nothing to say (not the visitor's
	// turn) or is already shown.
	CoachURL string
	// Coach is the coach's advice, nil unless asked for on the visitor's turn.
	Coach *AsnasCoach
}

// AsnasCoach is the coach's advice, computed from the visitor's view alone. Percentages are
// 0 to 100.
type AsnasCoach struct {
	// Known is false until the visitor has looked at their cards.
	Known bool
	// Opponents is the number of other players still in.
	Opponents int
	// WinPct and TiePct are the chances of beating every hand still in, or tying for best, at a
	// showdown; SharePct is the expected share of the pot.
	WinPct, TiePct, SharePct float64
	// Master is what the Master level would do, verb by verb.
	Master []AsnasCoachVerb
	// Learn is the lesson step that explains how hands rank.
	Learn string
}

// AsnasCoachVerb is one verb Master would choose, with its probability in percent.
type AsnasCoachVerb struct {
	Verb asnas.Verb
	Pct  float64
}

// AsnasLevelForm is the level choice on the settings page.
type AsnasLevelForm struct {
	Level  string
	Levels []string
}
