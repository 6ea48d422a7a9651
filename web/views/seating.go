package views

import (
	"context"
	"strings"

	"github.com/cardavia/cardavia/i18n"
)

// Seating is who sits where, as one viewer sees the table. Every page shows the table from the
// viewer's seat: their hand at the bottom, the seat after theirs on their right, the one
// opposite (their partner in Guandan) at the top. Seats are always the engine's absolute seats
// (0 to 3) in the models and hooks; only the layout and the word "You" turn with the viewer.
//
// The zero Seating is the solo table: the viewer at seat 0 and the AI players named by where
// they sit (East, North, West), so a solo page is what it has always been.
type Seating struct {
	// Viewer is the viewer's absolute seat; -1 is somebody who is not seated (public only).
	Viewer int
	// Names are the display names of the humans seated at a shared table, "" for a seat an
	// AI player holds (or every seat of a solo table). They are the players' own plain text.
	Names [4]string
	// AI marks the seats an AI player holds at a shared table (the empty seats, and a seat
	// whose player is away); their names then say so.
	AI [4]bool
	// youByAI is a log line's, of a move the AI made for the viewer's own seat (asAI): it is
	// theirs, told with the away mark ("You (away: AI playing) passed.").
	youByAI bool
}

type seatingKey struct{}

// WithSeating returns ctx carrying s, for the page's seat names and layout.
func WithSeating(ctx context.Context, s Seating) context.Context {
	return context.WithValue(ctx, seatingKey{}, s)
}

// seatingOf is the seating of the page being rendered, the solo one when none was set.
func seatingOf(ctx context.Context) Seating {
	s, _ := ctx.Value(seatingKey{}).(Seating)
	return s
}

// inLog is the seating for the log's lines: a seated player is named without the away mark,
// since the log tells what happened, and the player who made a move then may have let the AI
// play since ("Eve (away: AI playing) leads" of a lead Eve made herself).
func inLog(ctx context.Context) context.Context {
	s := seatingOf(ctx)
	if !s.shared() {
		return ctx
	}
	for seat, name := range s.Names {
		if name != "" {
			s.AI[seat] = false
		}
	}
	return WithSeating(ctx, s)
}

// shared tells a shared table's seating from the solo one.
func (s Seating) shared() bool { return s != Seating{} }

// isViewer tells whether seat is the viewer's own.
func (s Seating) isViewer(seat int) bool { return seat == s.Viewer }

// youByAI tells whether seat is the viewer's own and its move, being told, the AI's (asAI).
func youByAI(ctx context.Context, seat int) bool {
	s := seatingOf(ctx)
	return s.youByAI && s.isViewer(seat)
}

// seatWord is a seat's name in the language of ctx: "You" for the viewer's own, a seated
// player's display name, else (at a shared table) the seat's own compass point with the AI's
// mark. The compass point is the seat's, not where the viewer sees it: the seat list beside
// the felt names the seats so, and every player at the table must call a seat by the same name
// (the player in West seeing "West (AI)" on their left was two Wests on one page). A player's
// name is set apart with Unicode's first-strong isolate (FSI … PDI), the plain-text form of
// <bdi>, so that a Persian name reads right inside an English sentence of the log and the
// reverse. prefix is the game's catalog prefix.
func seatWord(ctx context.Context, prefix string, seat int) string {
	s := seatingOf(ctx)
	switch {
	case !s.shared():
		return i18n.T(ctx, prefix+itoa(seat))
	case s.isViewer(seat):
		return i18n.T(ctx, prefix+"0")
	case seat < 0 || seat > 3:
		return i18n.T(ctx, prefix+itoa(seat))
	case s.Names[seat] != "" && s.AI[seat]:
		return i18n.T(ctx, "table.seat.away", Isolate(s.Names[seat]))
	case s.Names[seat] != "":
		return Isolate(s.Names[seat])
	case s.AI[seat]:
		return i18n.T(ctx, "table.seat.ai", compassName(ctx, seat))
	}
	return compassName(ctx, seat)
}

// feltWord is a seat's name on its heading at the felt: seatWord, save that the viewer's own
// seat, while the AI plays it for them, carries the away mark the others see on it ("You (away:
// AI playing)", the words of the log's lines of the AI's moves for them), as the seat list and
// the banner say they are away. Elsewhere (status lines, the log) the viewer stays "You".
func feltWord(ctx context.Context, prefix string, seat int) string {
	s := seatingOf(ctx)
	if s.shared() && s.isViewer(seat) && seat >= 0 && seat < len(s.AI) && s.AI[seat] {
		return i18n.T(ctx, "table.seat.away", i18n.T(ctx, prefix+"0"))
	}
	return seatWord(ctx, prefix, seat)
}

// Isolate sets a player's name apart from the text around it (FSI … PDI), dropping any
// isolate or embedding controls of its own, though names are checked for them when chosen.
func Isolate(name string) string {
	name = strings.Map(func(r rune) rune {
		if r >= '\u2066' && r <= '\u2069' || r >= '\u202a' && r <= '\u202e' {
			return -1
		}
		return r
	}, name)
	return "\u2068" + name + "\u2069"
}

// places are the places around the felt as the viewer sees them: 0 the viewer, 1 the next to
// act after them, 2 opposite, 3 the one before them (a viewer who is not seated sees the table
// from seat 0). The stylesheets lay the seats out by these, never by absolute seat.
var places = [4]string{"south", "east", "north", "west"}

// at is where seat sits on the page of the viewer at seat viewer.
func at(viewer, seat int) string { return places[((seat-max(viewer, 0))%4+4)%4] }
