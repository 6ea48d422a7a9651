package views

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cardavia/cardavia/i18n"
	"github.com/cardavia/cardavia/rules/asnas"
	gd "github.com/cardavia/cardavia/rules/guandan"
)

// Lesson is what every lesson page shows besides the table: where the visitor is in the
// lesson and what the bubble beside the table says.
type Lesson struct {
	// Game is the game taught ("asnas", "guandan"): the lesson's path and catalog prefix.
	Game string
	// Step is the step shown, 1 to Steps; Steps+1 is the page after the last step.
	Step, Steps int
	// Key names the step: the bubble is the catalog message "learn.<game>.<key>".
	Key string
	// Args are the bubble's arguments as names to translate ("rank:shah", "cat:pair",
	// "seat:1"), so that card and combination names are the table's own words.
	Args []string
	// Marks name the parts of the table the bubble points at; the page highlights them.
	Marks []string
	// Move is the move the step asks for, "" for a step that is only read (Continue).
	Move string
	// Wrong is the catalog key of why the visitor's last move was not the one asked for, or
	// "" when there is nothing to correct.
	Wrong string
}

// Done tells whether the page is the one after the last step.
func (l Lesson) Done() bool { return l.Step > l.Steps }

// PageTitle is the page's title: the step and the lesson ("Step 3 of 18 · Learn Guandan"),
// the lesson's name alone after the last step. A screen reader reads a new page's title
// first, and the browser's history lists it, so each step is told apart (see Replay.PageTitle).
func (l Lesson) PageTitle(ctx context.Context) string {
	name := i18n.T(ctx, "learn."+l.Game+".title")
	if l.Done() {
		return name
	}
	return i18n.T(ctx, "learn.progress", l.Step, l.Steps) + " · " + name
}

// Reads tells whether the step is only read: a Continue button ends it.
func (l Lesson) Reads() bool { return l.Move == "" }

// Marked tells whether the bubble points at the part of the table named.
func (l Lesson) Marked(mark string) bool { return slices.Contains(l.Marks, mark) }

// MarkAttr is the page's data-mark value: the marks, which the stylesheet highlights.
func (l Lesson) MarkAttr() string { return strings.Join(l.Marks, " ") }

// Path is the lesson's page, and the start of its forms' paths.
func (l Lesson) Path() string { return "/" + l.Game + "/learn" }

// SelectionURL is where guandan.js asks what the selected cards are at this step (the live
// line, as at the table).
func (l Lesson) SelectionURL() string { return l.Path() + "/selection?step=" + l.StepValue() }

// StepValue is the step as a form value: plain digits, never the locale's.
func (l Lesson) StepValue() string { return strconv.Itoa(l.Step) }

// Bubble is the step's text in the visitor's language.
func (l Lesson) Bubble(ctx context.Context) string { return LessonText(ctx, l.Game, l.Key, l.Args) }

// LessonText is the bubble of game's step key with its arguments, in the context's language.
// A combination's name comes in lower case, as the bubble's own words write it; a sentence
// that one opens is given its capital back.
func LessonText(ctx context.Context, game, key string, args []string) string {
	as := make([]any, len(args))
	for i, a := range args {
		as[i] = lessonArg(ctx, a)
	}
	return sentenceCase(i18n.T(ctx, "learn."+game+"."+key, as...))
}

// lowerFirst is a name for the middle of a sentence: the table's labels ("Pair", "Full house
// (she va juft)") are capitalised, the words around them are not.
func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToLower(r)) + s[n:]
}

// sentenceCase capitalises the first letter of the text and of each sentence in it (after a
// full stop, exclamation or question mark and a space, past an opening ¡ or ¿). Scripts
// without capitals are left as they are.
func sentenceCase(s string) string {
	b := []rune(s)
	start := true
	for i, r := range b {
		switch {
		case start && unicode.IsLetter(r):
			b[i], start = unicode.ToUpper(r), false
		case start && !unicode.IsSpace(r) && !strings.ContainsRune("¡¿“\"(", r):
			start = false
		case (r == '.' || r == '!' || r == '?') && i+1 < len(b) && b[i+1] == ' ':
			start = true
		}
	}
	return string(b)
}

// lessonArg translates one of a bubble's arguments: a card, a combination or a seat, named as
// the table names it.
func lessonArg(ctx context.Context, a string) string {
	kind, name, _ := strings.Cut(a, ":")
	switch kind {
	case "rank":
		if r, err := asnas.ParseRank(name); err == nil {
			return rankName(ctx, r)
		}
	case "cat":
		return lowerFirst(i18n.T(ctx, "asnas.category."+name))
	case "seat":
		if n, err := strconv.Atoi(name); err == nil {
			return seatName(ctx, n)
		}
	case "gseat":
		if n, err := strconv.Atoi(name); err == nil {
			return gSeat(ctx, n)
		}
	case "card":
		if c, err := gd.ParseCard(name); err == nil {
			return cardName(ctx, c)
		}
	case "kind":
		return lowerFirst(i18n.T(ctx, "guandan.kind."+name))
	}
	return a
}

// AsnasLesson is an As-Nas lesson page: the lesson's step over the real table.
type AsnasLesson struct {
	Lesson Lesson
	// Table is the step's position as the visitor sees it, rendered by the table's own
	// components.
	Table AsnasTable
	// Replay tells whether the page replays what the other seats did since the visitor's
	// move (only right after a move: a step that is only read shows the same table again).
	Replay bool
}

// Keys are the lines of the lesson's keys help: the table's, without the coach, whom the
// lesson does not offer (its bubble says what to do), and Next deal's without the rematch
// (a lesson has none): the button's own words.
func (p AsnasLesson) Keys() []KeyLine { return asnasKeys(false, "asnas.nextdeal") }

// Asks tells whether the button of verb is the one the step asks for.
func (p AsnasLesson) Asks(verb string) bool { return p.Lesson.Move == verb }

// DealNext tells whether the step's table waits for the next deal.
func (p AsnasLesson) DealNext() bool {
	_, ok := p.Table.LastResult()
	return ok && !p.Table.View.Over
}

// GuandanLesson is a Guandan lesson page: the lesson's step over the real table.
type GuandanLesson struct {
	Lesson Lesson
	// Table is the step's position as the visitor sees it, rendered by the table's own
	// components.
	Table GuandanTable
	// Replay tells whether the page replays what the other seats did since the visitor's move.
	Replay bool
}

// Keys are the lines of the lesson's keys help: the table's, without Hint, which the lesson
// does not offer (its bubble says what to play), and Next deal's without the rematch (a
// lesson has none): the button's own words.
func (p GuandanLesson) Keys() []KeyLine { return guandanKeysOf(false, "guandan.next") }

// Asks tells whether the button of action is the one the step asks for.
func (p GuandanLesson) Asks(action GuandanAction) bool {
	verb, _, _ := strings.Cut(p.Lesson.Move, " ")
	return verb == string(action)
}

// DealNext tells whether the step's table waits for the next deal.
func (p GuandanLesson) DealNext() bool { return p.Table.DealOver() && !p.Table.MatchOver() }
