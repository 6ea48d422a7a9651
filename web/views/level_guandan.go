package views

// GuandanLevelChoice is the form that picks the level of the Guandan AI players: on the
// settings page and, compact, on the Guandan table.
type GuandanLevelChoice struct {
	// Levels are the levels offered, weakest first, as the form sends them ("beginner").
	Levels []string
	// Current is the visitor's level.
	Current string
	// Return is the path to go back to after the form is sent.
	Return string
}
