package views

import (
	"cmp"
	"context"
	"slices"

	"github.com/a-h/templ"

	"github.com/cardavia/cardavia/i18n"
	"github.com/cardavia/cardavia/rules/asnas"
)

// AsnasTable is what the As-Nas table page shows: the human's view of the match, and what
// happened since the human's last move.
type AsnasTable struct {
	// View is the match as the viewer's seat may see it.
	View asnas.View
	// Move is the match's move number; every form sends it back so that a stale form changes
	// nothing.
	Move uint64
	// Log is what happened in this deal so far, oldest first (from the deal on). Since marks
	// where the events after the human's last move begin.
	Log []asnas.Event
	// Notice is a short notice above the table, NoticeNone for none.
	Notice Notice
	// AI is the panel about the AI players: their level and the coach.
	AI AsnasAIPanel
	// Path is a shared table's page ("/asnas/tables/<id>"), where its forms post; empty for
	// the solo table, /asnas.
	Path string
	// Learn offers the lesson: the visitor has never finished a match.
	Learn bool
	// DealReplay is the replay of the deal just ended, offered beside Next deal and Rematch
	// for a player who wants to see it again before going on; empty while a deal is played.
	DealReplay string
	// Asked is, at a shared table's finished match, what its players have asked of the
	// rematch.
	Asked RematchAsk
	// Asides are, at a shared table, the seats handed to the AI or taken back during this
	// deal, in the order they were, each told in the log where it happened.
	Asides []LogAside
}

// Others are the other three seats in the order the page shows them: opposite, the seat before
// the viewer's, the one after, then the viewer's own below the pot, which reads top to bottom
// like the table on a wide screen whichever seat the viewer holds.
func (t AsnasTable) Others() []int {
	v := t.View.Seat
	return []int{(v + 2) % 4, (v + 3) % 4, (v + 1) % 4}
}

// path is the table's page: the solo table's, or a shared table's (Path).
func (t AsnasTable) path() string {
	if t.Path == "" {
		return "/asnas"
	}
	return t.Path
}

// Action is where the form of a move posts ("move", "next", "restart"), at this table.
func (t AsnasTable) Action(verb string) string { return t.path() + "/" + verb }

// Rematch is where the match's end offers the next match: the solo table's restart, a shared
// table's rematch for the same players.
func (t AsnasTable) Rematch() string {
	if t.Path == "" {
		return t.Action("restart")
	}
	return t.Action("rematch")
}

// Keys are the lines of the table's keys help: the coach only at the solo table (no AI
// advises a player among friends, as Guandan's Hint is not offered there).
func (t AsnasTable) Keys() []KeyLine { return asnasKeys(t.Path == "", "table.asnas.key.next") }

// asnasKeys are the lines of an As-Nas keys help in the order it lists them, the coach's
// when coach, and next the words of Next deal's.
func asnasKeys(coach bool, next string) []KeyLine {
	keys := make([]KeyLine, 0, 7)
	for _, a := range []string{"look", "call", "hold", "raise", "fold", "coach", "next"} {
		words := "table.asnas.key." + a
		switch {
		case a == "coach" && !coach:
			continue
		case a == "next":
			words = next
		}
		keys = append(keys, KeyLine{Action: a, Words: words})
	}
	return keys
}

// LastResult is the result of the deal just finished, when the current deal is over.
func (t AsnasTable) LastResult() (asnas.DealResult, bool) {
	if !t.View.DealOver || len(t.View.Results) == 0 {
		return asnas.DealResult{}, false
	}
	return t.View.Results[len(t.View.Results)-1], true
}

// Showdown tells whether the page shows a showdown's revealed hands.
func (t AsnasTable) Showdown() bool {
	r, ok := t.LastResult()
	return ok && r.Showdown
}

// DealWinner tells whether seat shares the pot of the deal just finished.
func (t AsnasTable) DealWinner(seat int) bool {
	r, ok := t.LastResult()
	return ok && slices.Contains(r.Winners, seat)
}

// MyTurn tells whether the human is to act now.
func (t AsnasTable) MyTurn() bool { return t.View.ToAct == t.View.Seat && len(t.View.Legal) > 0 }

// HandShown says whether the viewer's own hand is face up to them, with its category.
func (t AsnasTable) HandShown() bool { return t.View.Seats[t.View.Seat].Shown }

// categoryAttrs are the attributes of a seat's hand category: the viewer's own is the one the
// verb buttons are described by (aria-describedby), so it has the id they name.
func (t AsnasTable) categoryAttrs(seat int) templ.Attributes {
	if seat == t.View.Seat {
		return templ.Attributes{"id": "hand-category"}
	}
	return nil
}

// HumanWon tells whether the human is among the match's winners.
func (t AsnasTable) HumanWon() bool {
	return t.View.Over && slices.Contains(t.View.Winners, t.View.Seat)
}

// Since is the index in Log of the first event after the human's last action (Look, Call,
// Hold, Raise or Fold): the events the page replays. A log with no action of the human (a
// new deal) is replayed whole.
//
// At a shared table, when the viewer's last turn was the AI's, made for them after their seat
// was handed over in this deal, the page replays from that turn's first action (a look and the
// call after it): those moves, and the word of the hand-over just before them, are news to the
// viewer. It is still the seat's last turn, whoever played it: going back to the viewer's last
// move in person would replay every move since the hand-over again with each live update while
// the AI plays for them (the log panel shows those, and the hand-over, without replaying them).
func (t AsnasTable) Since() int {
	seat := t.View.Seat
	for i := len(t.Log) - 1; i >= 0; i-- {
		if e := t.Log[i]; e.Seat != seat || !isAction(e.Kind) {
			continue
		}
		if !t.awayAt(i) {
			return i + 1
		}
		for i > 0 && t.Log[i-1].Seat == seat && isAction(t.Log[i-1].Kind) && t.awayAt(i-1) {
			i--
		}
		return i
	}
	return 0
}

// awayAt tells whether an aside of this deal says the AI played the viewer's seat at event i.
func (t AsnasTable) awayAt(i int) bool {
	away, _ := awayAt(t.Asides, t.View.Seat, i)
	return away
}

// notice is the table's notice panel.
func (t AsnasTable) notice() NoticeView {
	level := ""
	if t.AI.Level != "" {
		level = "asnas.ai.level." + t.AI.Level
	}
	return levelNotice(NoticeView{Key: asnasNotices.key(t.Notice)}, t.Notice, level)
}

// state is the table's state for its title; see tableState.
func (t AsnasTable) state(ctx context.Context) string {
	return tableState(ctx, "asnas", t.MyTurn(), t.View.DealOver, t.View.Over, t.View.DealNo)
}

// PageTitle is the solo table's title; see tableTitle.
func (t AsnasTable) PageTitle(ctx context.Context) string {
	return tableTitle(ctx, t.notice(), t.state(ctx), i18n.T(ctx, "asnas.title"))
}

// logPanel is this deal's whole log, oldest first; the events since the visitor's last move
// are marked new, and they are the steps app.js replays.
//
// At a shared table the seats handed to the AI and taken back are told between the events, and
// the moves the AI made for a person's seat carry the away mark (asides.go); an aside among the
// events replayed is a step of its own, the table as it stood then.
func (t AsnasTable) logPanel(ctx context.Context) LogPanelView {
	lines, since := asnasLogLines(ctx, t.Log, t.Asides, 0), t.Since()
	at := make([]int, len(lines))
	for i := since; i < len(lines); i++ {
		lines[i].New, lines[i].Attrs = true, t.stepAttrs(ctx, i)
	}
	for i := range at {
		at[i] = i
	}
	log := inLog(ctx)
	lines = spliceAsides(lines, at, t.Asides, 0, func(a LogAside, before int) LogLine {
		l := asideLine(log, a)
		if a.At >= since && a.At < len(t.Log) {
			l.New, l.Attrs = true, t.asideAttrs(ctx, a)
		}
		if news := newsAttrs(a, len(t.Log), t.View.Seat); news != nil {
			l.New, l.Attrs = true, news
		}
		return l
	})
	return LogPanelView{ID: "log", TitleID: "log-title",
		Title: i18n.T(ctx, "asnas.log.title"), Empty: i18n.T(ctx, "asnas.log.empty"), Lines: lines}
}

// asnasLogLines tell As-Nas events, a line each (log is the deal's log from its event first
// on); asides are a shared table's (nil elsewhere), which mark the moves the AI made for a
// person's seat.
func asnasLogLines(ctx context.Context, log []asnas.Event, asides []LogAside, first int) []LogLine {
	told := inLog(ctx)
	out := make([]LogLine, len(log))
	for i, e := range log {
		c := told
		if isAction(e.Kind) && byAI(ctx, asides, e.Seat, first+i) {
			c = asAI(told, e.Seat)
		}
		out[i] = LogLine{Event: e.Kind.String(), Text: eventText(c, e)}
	}
	return out
}

// isAction tells the events that are a seat's choice on its turn (Look included).
func isAction(k asnas.EventKind) bool {
	switch k {
	case asnas.EvLooked, asnas.EvCalled, asnas.EvHeld, asnas.EvRaised, asnas.EvFolded:
		return true
	}
	return false
}

// Replayable tells whether the log is this deal's whole story, from the deal on: only then
// can the page rebuild the table as it stood before each event. (A record stored before logs
// kept the whole deal starts later; its page simply shows the end state.)
func (t AsnasTable) Replayable() bool {
	return len(t.Log) > 0 && t.Log[0].Kind == asnas.EvDealt && t.Since() < len(t.Log)
}

// SmallHand tells whether seat's hand is drawn small: every other seat's, and the viewer's own
// once the deal is over, so that a showdown of four hands stays one screen tall.
func (t AsnasTable) SmallHand(seat int) bool { return seat != t.View.Seat || t.View.DealOver }

// RevealedLater tells whether seat's hand is shown at a moment the page's replay has yet to
// reach: another seat's at the showdown, or the viewer's own when the AI looked at it for them
// (they were away) among the steps replayed. It wears backs until the replay ends, so that no
// step shows its faces beside "Not looked".
func (t AsnasTable) RevealedLater(seat int) bool {
	if !t.View.Seats[seat].Shown || !t.Replayable() {
		return false
	}
	return seat != t.View.Seat || !t.stateAt(t.Since()).Looked[seat]
}

// feltState is the public table at one moment of a deal, rebuilt from the log for the replay:
// the pot, the highest bet, each seat's stake and status, and the last thing each seat did.
type feltState struct {
	Pot, HighBet   int
	Stakes         [asnas.NumSeats]int
	Looked, Folded [asnas.NumSeats]bool
	// Said is each seat's last action event of this deal (Kind 0 before its first).
	Said [asnas.NumSeats]asnas.Event
}

// after is the table once the event has happened. It mirrors what the engine's events
// announce (RULES.md's betting), not its state: the page's final numbers always come from the
// View, and this only fills in the moments between.
func (st feltState) after(e asnas.Event) feltState {
	s := e.Seat
	switch e.Kind {
	case asnas.EvDealt:
		st = feltState{}
	case asnas.EvOpened, asnas.EvCalled, asnas.EvRaised:
		if e.To > st.Stakes[s] {
			st.Pot += e.To - st.Stakes[s]
			st.Stakes[s] = e.To
		}
		st.HighBet = max(st.HighBet, e.To)
		st.Said[s] = e
	case asnas.EvLooked:
		st.Looked[s] = true
		st.Said[s] = e
	case asnas.EvHeld:
		st.Said[s] = e
	case asnas.EvFolded:
		st.Folded[s] = true
		st.Said[s] = e
	}
	return st
}

// stateAt is the table after the first n events of the log.
func (t AsnasTable) stateAt(n int) feltState {
	var st feltState
	for _, e := range t.Log[:n] {
		st = st.after(e)
	}
	return st
}

// Said is the seat's last action of this deal, for the seat's bubble (Kind 0 when none).
func (t AsnasTable) Said(seat int) asnas.Event {
	return t.stateAt(len(t.Log)).Said[seat]
}

// Standing is one line of the match's final standings.
type Standing struct {
	// Place is 1 to 4; seats with equal totals share a place.
	Place int
	Seat  int
	Total asnas.Score
}

// Standings ranks the seats by their totals, highest first (ties share a place, listed in seat
// order).
func (t AsnasTable) Standings() []Standing {
	out := make([]Standing, asnas.NumSeats)
	for s := range asnas.NumSeats {
		out[s] = Standing{Seat: s, Total: t.View.Totals[s]}
	}
	slices.SortStableFunc(out, func(a, b Standing) int { return cmp.Compare(b.Total, a.Total) })
	for i := range out {
		out[i].Place = i + 1
		if i > 0 && out[i].Total == out[i-1].Total {
			out[i].Place = out[i-1].Place
		}
	}
	return out
}

// PotMark tells whether the seat's "wins the pot" mark is shown: after a deal, not after the
// match, where the gold of the last pot would read as the winner of the whole match.
func (t AsnasTable) PotMark(seat int) bool { return !t.View.Over && t.DealWinner(seat) }

// MatchWinner tells whether the seat won (or shares the win of) the finished match.
func (t AsnasTable) MatchWinner(seat int) bool {
	return t.View.Over && slices.Contains(t.View.Winners, seat)
}
