package views

import (
	"bytes"
	"context"
	"io"
	"slices"

	"github.com/a-h/templ"

	"github.com/cardavia/cardavia/i18n"
)

// Notice is a short notice above a table, after a move that did not happen or a session that
// was new. Its name is the ?notice= parameter; its text is the table's catalog key
// "<game>.notice.<name>", which is also the notice panel's data-notice hook.
type Notice uint8

// The tables' notices. The table plumbing sends the first two at both tables; the others are
// the Guandan engine's refusals of a play.
const (
	NoticeNone Notice = iota
	// NoticeStale: the form was for an earlier position, so nothing changed.
	NoticeStale
	// NoticeExpired: the session was new or had expired, so a fresh match was dealt.
	NoticeExpired
	// NoticeEmpty: Play with no card selected.
	NoticeEmpty
	// NoticeIllegal: the cards are no combination.
	NoticeIllegal
	// NoticeNoBeat: the cards do not beat the play on the table.
	NoticeNoBeat
	// NoticeChoose: the cards have several readings; the table asks which one.
	NoticeChoose
	// NoticeLevel: the level form of the solo table was sent; the notice names the level the
	// AI players now play at. A table without a level form (a shared one) shows none.
	NoticeLevel
)

// noticeNames are the notices' parameter values, by notice.
var noticeNames = [...]string{"", "stale", "expired", "empty", "illegal", "nobeat", "choose", "level"}

// String is the notice's parameter value, "" for none.
func (n Notice) String() string {
	if int(n) < len(noticeNames) {
		return noticeNames[n]
	}
	return ""
}

// noticeSet is the notices one table shows: its catalog has prefix+name for each of them, and
// the short form of each for the page's title (see NoticeView.TitleKey).
type noticeSet struct {
	prefix string
	shown  []Notice
}

// The notices each table shows.
var (
	asnasNotices   = noticeSet{"asnas.notice.", []Notice{NoticeStale, NoticeExpired, NoticeLevel}}
	guandanNotices = noticeSet{"guandan.notice.", []Notice{NoticeStale, NoticeExpired, NoticeEmpty, NoticeIllegal, NoticeNoBeat, NoticeChoose, NoticeLevel}}
)

// parse reads the table's ?notice= parameter. Anything but the name of a notice the table
// shows is no notice, so that a link cannot put arbitrary text on the page.
func (ns noticeSet) parse(s string) Notice {
	for _, n := range ns.shown {
		if n.String() == s {
			return n
		}
	}
	return NoticeNone
}

// key is the notice's catalog key at the table, "" for none (or one the table does not show).
func (ns noticeSet) key(n Notice) string {
	if !slices.Contains(ns.shown, n) {
		return ""
	}
	return ns.prefix + n.String()
}

// ParseAsnasNotice reads the As-Nas table's ?notice= parameter; see noticeSet.parse.
func ParseAsnasNotice(s string) Notice { return asnasNotices.parse(s) }

// ParseGuandanNotice reads the Guandan table's ?notice= parameter; see noticeSet.parse.
func ParseGuandanNotice(s string) Notice { return guandanNotices.parse(s) }

// ErrorBack is an error page's way back, besides the one to the home page: the table a refused
// form was posted from ("error.table"), or the history a missing replay belongs to
// ("history.link"). The zero ErrorBack offers none.
type ErrorBack struct {
	// URL is where it leads; Key the catalog key of its words.
	URL, Key string
}

// NoticeView is a notice panel: the catalog key of its text, which is also its data-notice
// hook ("" for no panel), and the page's own class for it, if any. Arg is the catalog key of
// the words the text names (the level chosen), or "".
type NoticeView struct {
	Key   string
	Class string
	Arg   string
}

// Text is the notice's words.
func (n NoticeView) Text(ctx context.Context) string {
	if n.Arg != "" {
		return i18n.T(ctx, n.Key, i18n.T(ctx, n.Arg))
	}
	return i18n.T(ctx, n.Key)
}

// levelNotice is the notice n at a table whose AI players play at the level named by the
// catalog key levelKey: only the level notice names it, and a table that does not know its
// level (a shared one, where nobody changes it) shows none.
func levelNotice(n NoticeView, notice Notice, levelKey string) NoticeView {
	if notice != NoticeLevel {
		return n
	}
	if levelKey == "" {
		return NoticeView{}
	}
	n.Arg = levelKey
	return n
}

// TitleKey is the catalog key of the notice's short form, a few words: a tab shows only the
// start of a title, and some notices are two sentences.
func (n NoticeView) TitleKey() string { return n.Key + ".title" }

// tableTitle is a table page's title: its name, after the notice about the viewer's last
// move (its short form) or else the table's state (tableState). A screen reader reads a new
// page's title first, and a tab in the background shows it, so a refused move, the turn
// coming round or a deal's end is heard and seen without looking for it.
func tableTitle(ctx context.Context, n NoticeView, state, name string) string {
	switch {
	case n.Key != "":
		return i18n.T(ctx, n.TitleKey()) + " · " + name
	case state != "":
		return state + " · " + name
	}
	return name
}

// tableState is a table's state in a few words, for its title: "Match over" at the match's
// end, "Deal 3 over" at a deal's (game names the catalog of the game's word for a deal),
// "Your turn" when the viewer is to act, else nothing.
func tableState(ctx context.Context, game string, myTurn, dealOver, matchOver bool, deal int) string {
	switch {
	case matchOver:
		return i18n.T(ctx, "tables.title.matchover")
	case dealOver:
		return i18n.T(ctx, game+".title.dealover", deal)
	case myTurn:
		return i18n.T(ctx, "tables.turn.you")
	}
	return ""
}

// sentences renders parts as the sentences of one paragraph, with the language's gap between
// them (none in Chinese): a template's own whitespace would put a space there in every
// language. A part that renders nothing is left out, gap and all.
func sentences(parts ...templ.Component) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		gap := templ.EscapeString(i18n.FromContext(ctx).SentenceGap)
		var part bytes.Buffer
		sep := ""
		for _, p := range parts {
			part.Reset()
			if err := p.Render(ctx, &part); err != nil {
				return err
			}
			if part.Len() == 0 {
				continue
			}
			if _, err := io.WriteString(w, sep); err != nil {
				return err
			}
			if _, err := w.Write(part.Bytes()); err != nil {
				return err
			}
			sep = gap
		}
		return nil
	})
}

// LogPanelView is a log panel: a deal's events, a line each, oldest first.
type LogPanelView struct {
	// ID is the section's id, for links to it ("" for none); TitleID is its heading's, which
	// labels the section.
	ID, TitleID string
	// Title is the heading and Empty what the panel says while there is no line.
	Title, Empty string
	// Lines are the events.
	Lines []LogLine
}

// LogLine is one event in a log panel.
type LogLine struct {
	// Event is the data-event hook: the engine's name of the event's kind.
	Event string
	// Text tells the event.
	Text string
	// New marks an event since the visitor's last move (the class new).
	New bool
	// Attrs are the line's further hooks: a replay step's (app.js), or none.
	Attrs templ.OrderedAttributes
}
