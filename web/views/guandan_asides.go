package views

import (
	"context"

	"strings"

	"github.com/cardavia/cardavia/i18n"

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

// stepText is what a screen reader hears for a replay step, and whether the AI made the move
// for a person's seat (which guandan.js reads out even at the viewer's own seat).
type stepText struct {
	text string
	byAI bool
}

// replayTexts are the words of the replay's steps, as the log tells them: the moves the AI
// made for a person's seat with the away mark, and a shared table's asides read with the step
// that follows them ("Your time ran out: the AI plays for you. Sara (away: AI playing)
// passed.").
func (t GuandanTable) replayTexts(ctx context.Context, steps []ReplayStep) []stepText {
	told := inLog(ctx)
	out := make([]stepText, len(steps))
	from := len(t.Deal) - len(t.replayEvents())
	for i, st := range steps {
		c := told
		e := st.Event
		if guandanMove(e.Kind) && byAI(ctx, t.Asides, e.Seat, st.At) {
			c, out[i].byAI = asAI(told, e.Seat), true
		}
		var texts []string
		for _, a := range t.Asides {
			if a.At >= from && a.At <= st.At {
				texts = append(texts, asideText(told, a))
				out[i].byAI = true
			}
		}
		from = st.At + 1
		out[i].text = joinSentences(ctx, append(texts, GuandanEventText(c, e, t.View.Level)))
	}
	return out
}

// joinSentences joins sentences with the language's gap (a space, or nothing in Chinese), as
// app.js's joinSentences does.
func joinSentences(ctx context.Context, texts []string) string {
	return strings.Join(texts, i18n.FromContext(ctx).SentenceGap)
}
