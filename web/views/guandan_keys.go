package views

// GuandanAction is a move button's verb at the Guandan table: its data-action hook and the
// name its keyboard shortcut is known by.
type GuandanAction string

// The Guandan table's move buttons.
const (
	ActionPlay   GuandanAction = "play"
	ActionPass   GuandanAction = "pass"
	ActionHint   GuandanAction = "hint"
	ActionReturn GuandanAction = "return"
	ActionNext   GuandanAction = "next"
	ActionNew    GuandanAction = "new"
)

// key is the action's shortcut letter, from the one table of every table's keys (Shortcut).
// The Guandan letters are the English verbs' (x for pass, the usual "no"); Next deal and New
// match never share a page, so they share n.
func (a GuandanAction) key() string { return Shortcut(string(a)) }
