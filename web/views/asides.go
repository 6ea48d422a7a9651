package views

import (
	"context"
	"strconv"

	"github.com/a-h/templ"

	"github.com/cardavia/cardavia/i18n"
)

// A shared table's own words in a deal's log, where the engine has none: a seat handed to the
// AI and taken back, each at the point of the deal it happened, and the moves the AI makes for
// a person's seat meanwhile named by the seat's name with the away mark ("Sara (away: AI
// playing) folds."), so that nobody takes the AI's moves for the player's own.

// Why a seat was handed to the AI, or that it was taken back (LogAside.Why).
const (
	// AsideTime: the seat's time for a move ran out (a table with a timer).
	AsideTime = "time"
	// AsideWait: the others handed the seat over after it kept them waiting (no timer).
	AsideWait = "wait"
	// AsideSelf: the player let the AI play for them.
	AsideSelf = "self"
	// AsideBack: the player took the seat back.
	AsideBack = "back"
)

// LogAside is a seat handed to the AI or taken back during a deal.
type LogAside struct {
	// At is how many events of the deal's log came before it; -1 is a seat away from the
	// deal's start, carried over from an earlier deal, which has no line of its own.
	At int
	// Seat is the seat, Why what happened (AsideTime, AsideWait, AsideSelf, AsideBack).
	Seat int
	Why  string
	// Rev is the table's revision whose write noted it (0 for a carry, and an aside noted
	// before asides had one): its id among the table's, for the live page's news (newsAttrs).
	Rev uint64
}

// asideText tells an aside in the language of ctx: in the second person to its own player.
// Neither wording has a pronoun for the player, so none has a gender to guess.
func asideText(ctx context.Context, a LogAside) string {
	s := seatingOf(ctx)
	if s.isViewer(a.Seat) {
		return i18n.T(ctx, "tables.log."+a.Why+".you")
	}
	name := ""
	if a.Seat >= 0 && a.Seat < len(s.Names) {
		name = s.Names[a.Seat]
	}
	return i18n.T(ctx, "tables.log."+a.Why, Isolate(name))
}

// asideLine is an aside's line in a log panel.
func asideLine(ctx context.Context, a LogAside) LogLine {
	return LogLine{Event: "seat-" + a.Why, Text: asideText(ctx, a)}
}

// awayAt tells whether the AI played seat at event i of the deal's log, as far as asides tell
// it: known is false when no aside of the seat comes before i (the seat was then as it was at
// the deal's start).
func awayAt(asides []LogAside, seat, i int) (away, known bool) {
	for _, a := range asides {
		if a.Seat != seat {
			continue
		}
		if a.At > i {
			break
		}
		away, known = a.Why != AsideBack, true
	}
	return away, known
}

// byAI tells whether the move of seat at event i of the deal's log was the AI's, made for a
// person: after an aside that handed the seat over, or with no aside before it, while the
// seat was away from the deal's start (the seating's away mark, and no aside of the seat
// in the deal, or a first one that takes it back). ctx is the page's, before inLog.
func byAI(ctx context.Context, asides []LogAside, seat, i int) bool {
	s := seatingOf(ctx)
	if !s.shared() || seat < 0 || seat >= len(s.Names) || s.Names[seat] == "" {
		return false
	}
	if away, known := awayAt(asides, seat, i); known {
		return away
	}
	for _, a := range asides {
		if a.Seat == seat {
			return a.Why == AsideBack
		}
	}
	return s.AI[seat]
}

// asAI is ctx in which seat carries the away mark, for a move the AI made for it. The viewer's
// own seat is still "You" in their view, with the mark and sentences of its own ("You (away:
// AI playing) folded."): "You folded" would say that they did, and their name, as the others
// see it, was the one place their own seat was not "You".
func asAI(ctx context.Context, seat int) context.Context {
	s := seatingOf(ctx)
	if !s.shared() || seat < 0 || seat >= len(s.AI) {
		return ctx
	}
	s.AI[seat] = true
	if s.Viewer == seat {
		s.youByAI = true
	}
	return WithSeating(ctx, s)
}

// spliceAsides puts each aside's line into lines before the first line of an event at or after
// its point (at[i] is the index in the deal's log of lines[i]'s event), and at the end after
// every event; asides before first, the first event the panel shows, are left out. line makes
// an aside's line, given where it goes in lines.
func spliceAsides(lines []LogLine, at []int, asides []LogAside, first int, line func(a LogAside, before int) LogLine) []LogLine {
	if len(asides) == 0 {
		return lines
	}
	out := make([]LogLine, 0, len(lines)+len(asides))
	j := 0
	for _, a := range asides {
		if a.At < first {
			continue
		}
		for j < len(lines) && at[j] < a.At {
			out = append(out, lines[j])
			j++
		}
		out = append(out, line(a, j))
	}
	return append(out, lines[j:]...)
}

// newsAttrs are the hooks of a live table's log line for aside a when nothing has happened
// since it (at is where the deal's log ends): a hand-over, or a seat taken back, that no move
// follows yet is no step of any replay, so app.js and guandan.js read it out by itself, once in
// a tab. Every such line has them, not the newest alone: two may come at one point (a player
// leaves and another does, or leaves and comes back, before any move) and one page bring both,
// each to be read, in order. data-aside-news names the aside (the revision that noted it, then
// its point, seat and why), for the tab to tell those it has read out from those it has not. A
// player is not told what they did themselves (let the AI play, took the seat back), as their
// own moves are not read back to them; their own time running out they are. Nil for any other
// line.
func newsAttrs(a LogAside, at, viewer int) templ.OrderedAttributes {
	if a.At != at {
		return nil
	}
	if a.Seat == viewer && (a.Why == AsideSelf || a.Why == AsideBack) {
		return nil
	}
	id := strconv.FormatUint(a.Rev, 10) + " " + strconv.Itoa(a.At) + " " + strconv.Itoa(a.Seat) + " " + a.Why
	return templ.OrderedAttributes{{Key: "data-aside-news", Value: id}}
}
