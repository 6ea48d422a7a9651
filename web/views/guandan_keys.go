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

// guandanKeys are the keyboard shortcuts of the Guandan table, the one place they are
// defined: each button carries its letter in aria-keyshortcuts (app.js binds it) and shows it
// printed on the button. The letters are the English verbs' (x for pass, the usual "no");
// Next deal and New match never share a page, so they share n.
var guandanKeys = map[GuandanAction]string{
	ActionPlay:   "p",
	ActionPass:   "x",
	ActionHint:   "h",
	ActionReturn: "r",
	ActionNext:   "n",
	ActionNew:    "n",
}

// key is the action's shortcut letter.
func (a GuandanAction) key() string { return guandanKeys[a] }
