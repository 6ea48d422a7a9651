package views

import (
	"context"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// guandanAsideLines tell the log's events worth a line (logLines), at a deal of the level,
// with the index in the deal's log of each line's event (log is the end of the deal's log,
// from its event first on). asides are a shared table's (nil elsewhere): the moves the AI made
// for a person's seat carry the away mark.
func guandanAsideLines(ctx context.Context, log []gd.Event, level gd.Rank, asides []LogAside, first int) ([]LogLine, []int) {
	told := inLog(ctx)
	idx := logLineAt(log)
	out := make([]LogLine, len(idx))
	at := make([]int, len(idx))
	for i, j := range idx {
		e := log[j]
		at[i] = first + j
		c := told
		if guandanMove(e.Kind) && byAI(ctx, asides, e.Seat, at[i]) {
			c = asAI(told, e.Seat)
		}
		out[i] = LogLine{Event: e.Kind.String(), Text: GuandanEventText(c, e, level)}
	}
	return out, at
}

// guandanMove tells the events that are a seat's choice on its turn.
func guandanMove(k gd.EventKind) bool { return k == gd.EvPlay || k == gd.EvPass || k == gd.EvReturn }

// GuandanLogFrom is where a shared Guandan table's log starts for the viewer at seat, in the
// deal's log: at their last move of the deal made in person, not one the AI made for them after
// their seat was handed over (the record's log starts at the seat's last move, whoever made
// it), or at the deal's start. ok is false when no aside of the seat in the deal makes it other
// than the record's.
func GuandanLogFrom(deal []gd.Event, asides []LogAside, seat int) (from int, ok bool) {
	for _, a := range asides {
		if a.Seat == seat && a.Why != AsideBack {
			ok = true
		}
	}
	if !ok {
		return 0, false
	}
	for i := len(deal) - 1; i >= 0; i-- {
		if e := deal[i]; e.Seat == seat && guandanMove(e.Kind) {
			if away, _ := awayAt(asides, seat, i); !away {
				return i, true
			}
		}
	}
	return 0, true
}
