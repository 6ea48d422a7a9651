package views

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"github.com/cardavia/cardavia/i18n"
)

// NewTableForm is the host's form for a shared table.
type NewTableForm struct {
	// Game is "asnas" or "guandan": the path and the catalog keys' prefix.
	Game string
	// Levels are the AI levels to choose from, weakest first, and Level the one chosen.
	Levels []string
	Level  string
	// Timers are the turn timers in seconds (0: none), and Timer the one chosen.
	Timers []int
	Timer  int
	// Name is the host's display name as last used or typed.
	Name string
	// Error is the catalog key of why the form was refused, "" for none.
	Error string
	// Once names this form's submission: the requests of a double click open one table.
	Once string
}

// SharedTable is a shared table's page as one visitor sees it: the lobby while the players
// gather, then the match from the visitor's own seat. Only public facts and that seat's view
// are in it.
type SharedTable struct {
	Game string
	// ID is the table's id, Code its short code (as shown), Invite the link to send.
	ID     string
	Code   string
	Invite string
	// QR is the invitation link's QR code, SVG markup made on the server ("" without one).
	QR string
	// Seat is the viewer's seat, -1 for a visitor who is not seated.
	Seat int
	// Host tells whether the viewer is the host.
	Host bool
	// Phase is "lobby" before the start, then the game's phase (the root's data-phase).
	Phase string
	// Rev is the table's revision and Events its event stream, for live pages.
	Rev    uint64
	Events string
	// Move is the match's move number (0 in the lobby).
	Move uint64
	// Level is the AI level's word, Timer the seconds a move may take (0: none).
	Level string
	Timer int
	Seats [4]SharedSeat
	// Started tells whether the match has begun; Over whether it has ended.
	Started bool
	Over    bool
	// ToAct is the seat the match waits for, -1 for none in particular.
	ToAct int
	// Deadline is when ToAct's time runs out (Unix milliseconds, 0 for no timer), and
	// SecondsLeft the seconds left as the page was made.
	Deadline    int64
	SecondsLeft int
	// HandOver is a seat the viewer may hand to the AI because it keeps the table waiting,
	// -1 for none.
	HandOver int
	// AwayWhy is, for a viewer the AI plays for, why their seat was handed over (AsideTime,
	// AsideWait, AsideSelf), "" when the table no longer knows.
	AwayWhy string
	// Ready and Unready are, while a deal's end waits for the players, the seats of those
	// present who have asked for the next deal and of those who have not; after ReadyWait
	// seconds anyone may deal it. At a finished match they are the same for the rematch.
	Ready, Unready []int
	ReadyWait      int
	// ButtonIn is, to a player who asked for a rematch and waits without a button, in how
	// many seconds anyone may deal it (the page then asks for itself again); 0: not waiting.
	ButtonIn int
	// Swap tells, at a finished Guandan match whose rematch a player has asked for (Ready),
	// that the first to ask chose it with partners swapped.
	Swap bool
	// Refresh is how often a page without JavaScript would reload itself while the others
	// play, in seconds (0: the viewer has nobody to wait for).
	Refresh int
	// Reload tells that the viewer chose that reloading; otherwise the page says how to see
	// the others' moves (refresh, or wait for the next move) and offers it.
	Reload bool
	// Name is the viewer's remembered display name, for the seat forms; the name as typed
	// when a seat form was refused.
	Name string
	// SeatError is the catalog key of why the seat form of ErrorSeat was refused ("" for
	// none): shown beside that seat's field, or in its place when the seat was taken.
	SeatError string
	ErrorSeat int
	// Notice is a short notice's word ("stale"), "" for none.
	Notice string
	// Removed tells a viewer in the lobby that the host took them off their seat.
	Removed bool
	// Talk is the table's phrases.
	Talk SharedTalk
	// Asnas and Guandan are the viewer's seat at the started match (one of them).
	Asnas   *AsnasTable
	Guandan *GuandanTable
	// Replay is, for a seated viewer, the replay of the match's last finished deal, numbered
	// ReplayDeal; "" before the first deal ends.
	Replay     string
	ReplayDeal int
}

// SharedTalk is what a table's players said: preset phrases, each read in the reader's
// language.
type SharedTalk struct {
	// Phrases are the phrases that may be said (their catalog keys under "tables.say.").
	Phrases []string
	// Said are the phrases of the last minute, oldest first (none when Muted).
	Said []SaidLine
	// Muted tells that the viewer hid the phrases; Can that they may say one now.
	Muted bool
	Can   bool
}

// SaidLine is one phrase said by the player at Seat.
type SaidLine struct {
	Seat   int
	Phrase string
}

// SharedSeat is one seat as the table page lists it.
type SharedSeat struct {
	Seat int
	// Name is the player's display name, "" for a free seat (an AI seat once started).
	Name string
	// Human tells a player's seat from a free one; Away that the AI plays for the player.
	Human bool
	Away  bool
	// Host and You mark the host's seat and the viewer's.
	Host bool
	You  bool
}

// Seating is who sits where as the viewer sees the table: their seat, the players' names, the
// AI's seats.
func (t SharedTable) Seating() Seating {
	s := Seating{Viewer: t.Seat}
	for i, st := range t.Seats {
		s.Names[i] = st.Name
		s.AI[i] = !st.Human || st.Away
	}
	return s
}

// Free tells whether the viewer could take a seat: not seated, before the start, a seat free.
func (t SharedTable) Free() bool {
	if t.Seat >= 0 || t.Started {
		return false
	}
	for _, s := range t.Seats {
		if !s.Human {
			return true
		}
	}
	return false
}

// Empty counts the seats nobody holds: the AI plays them.
func (t SharedTable) Empty() int {
	n := 0
	for _, s := range t.Seats {
		if !s.Human {
			n++
		}
	}
	return n
}

// MyTurn tells whether the match waits for the viewer.
func (t SharedTable) MyTurn() bool { return t.Seat >= 0 && t.ToAct == t.Seat }

// HandSkip is the skip link to the viewer's hand: none in the lobby, nor for someone who
// watches without a seat (no hand on the page).
func (t SharedTable) HandSkip() SkipLink {
	switch {
	case t.Asnas != nil:
		return AsnasHand
	case t.Guandan != nil:
		return GuandanHand
	}
	return SkipLink{}
}

// notice is the notice about the viewer's last move: one that came too late for the table,
// else the game's own refusal of it (an illegal play), as at the solo table.
func (t SharedTable) notice() NoticeView {
	switch {
	case t.Notice == "stale":
		return NoticeView{Key: "tables.notice.stale"}
	case t.Removed:
		return NoticeView{Key: "tables.notice.removed"}
	case t.Asnas != nil:
		return t.Asnas.notice()
	case t.Guandan != nil:
		return t.Guandan.notice()
	}
	return NoticeView{}
}

// WaitsForOthers tells whether the viewer has asked for the next deal and waits for others.
func (t SharedTable) WaitsForOthers() bool {
	return t.Seat >= 0 && slices.Contains(t.Ready, t.Seat) && len(t.Unready) > 0
}

// RematchKey is the catalog key of the status line about the rematch asked for: name is
// "asked" (the others did), "wait" (the viewer asked and waits) or "now" (the viewer asked and
// may deal it).
func (t SharedTable) RematchKey(name string) string {
	if t.Swap {
		return "tables.rematch." + name + ".swap"
	}
	return "tables.rematch." + name
}

// rematchWaitKey is the line of a viewer who asked for the rematch: waiting for the others
// while ButtonIn counts, then free to deal it.
func (t SharedTable) rematchWaitKey() string {
	if t.ButtonIn > 0 {
		return t.RematchKey("wait")
	}
	return t.RematchKey("now")
}

// RematchAsk is what the players of a shared table's finished match have asked of its rematch,
// as the viewer's Rematch button needs it; the zero value is the solo table's, and a shared
// table's before anyone asked.
type RematchAsk struct {
	// Swap tells that the first to ask chose the rematch with partners swapped: the one
	// button joins that rematch, and says so.
	Swap bool
	// Waiting tells that the viewer has asked and waits for the others: no button to ask
	// again, until the table has waited its patience and anyone may deal the rematch.
	Waiting bool
}

// ReadyNames are the players ready for the next deal, or, to a viewer who is, those it waits for.
func (t SharedTable) ReadyNames(ctx context.Context) string {
	if t.WaitsForOthers() {
		return seatAnd(ctx, t.Unready)
	}
	return seatList(ctx, t.Ready)
}

// turnKey is the status line's words for another player's turn: at Guandan, after the
// tribute, a winner who was paid must first give a card back, not play.
func (t SharedTable) turnKey() string {
	if t.Phase == "return" {
		return "tables.turn.other.return"
	}
	return "tables.turn.other"
}

// state is the table's state for its title (see tableState): its game's, as the viewer's
// seat sees it, once the match has begun.
func (t SharedTable) state(ctx context.Context) string {
	switch {
	case t.Asnas != nil:
		return t.Asnas.state(ctx)
	case t.Guandan != nil:
		return t.Guandan.state(ctx)
	case t.Over:
		return i18n.T(ctx, "tables.title.matchover")
	case t.MyTurn():
		return i18n.T(ctx, "tables.turn.you")
	}
	return ""
}

// PageTitle is the page's title; see tableTitle. A live page takes the title of each table
// it swaps in.
func (t SharedTable) PageTitle(ctx context.Context) string {
	return tableTitle(ctx, t.notice(), t.state(ctx), i18n.T(ctx, "tables.page.title", t.Code))
}

// Away tells whether the AI plays for the viewer.
func (t SharedTable) Away() bool { return t.Seat >= 0 && t.Seats[t.Seat].Away }

// seatError is the catalog key of why seat's form was refused, "" for none.
func (t SharedTable) seatError(seat int) string {
	if t.SeatError == "" || seat != t.ErrorSeat {
		return ""
	}
	return t.SeatError
}

// fieldError are a form field's attributes: what describes it (help, an id or ""), and, with
// an error (its catalog key), that it is invalid and described by the error's words (errID)
// too.
func fieldError(err, errID, help string) templ.Attributes {
	a := templ.Attributes{}
	if err != "" {
		a["aria-invalid"] = "true"
		help = strings.TrimSpace(help + " " + errID)
	}
	if help != "" {
		a["aria-describedby"] = help
	}
	return a
}

// AwayText says to an away viewer that the AI plays for them, and why when the table knows
// (their time ran out, the others handed the seat over, they let it), in the words of the
// log's line.
func (t SharedTable) AwayText(ctx context.Context) string {
	switch t.AwayWhy {
	case AsideTime, AsideWait, AsideSelf:
		return i18n.T(ctx, "tables.log."+t.AwayWhy+".you")
	}
	return i18n.T(ctx, "tables.away.you")
}

// Key is the catalog key of a status line that names the deal: one per game, as languages
// name a deal differently at the two tables (in Persian دست at As-Nas, دور at Guandan,
// where دست is a trick).
func (t SharedTable) Key(name string) string { return "tables." + t.Game + "." + name }

// Path is the table's page.
func (t SharedTable) Path() string { return "/" + t.Game + "/tables/" + t.ID }

// Here is the table as this page shows it, where the header's settings, the page's own
// reloads and the wait lead back to: a Guandan hand sorted as the player sorted it, with the
// cards they selected.
func (t SharedTable) Here() string {
	if t.Guandan != nil {
		return t.Guandan.URL(t.Guandan.Arrange, false)
	}
	return t.Path()
}

// Arrangement is how the viewer sorted their Guandan hand, "" for the default (by rank) or
// no hand.
func (t SharedTable) Arrangement() string {
	if t.Guandan == nil || t.Guandan.Arrange == ArrangeRank {
		return ""
	}
	return string(t.Guandan.Arrange)
}

// WaitPath is the "Wait for the next move" link: held until the table changes from this
// page's revision, then back to the table, a Guandan hand sorted as it was.
func (t SharedTable) WaitPath() string {
	p := t.Path() + "/wait?rev=" + strconv.FormatUint(t.Rev, 10)
	if a := t.Arrangement(); a != "" {
		p += "&arrange=" + a
	}
	return p
}

// Action is where one of the table's own forms posts.
func (t SharedTable) Action(verb string) string { return t.Path() + "/" + verb }

// Others are the seats other than the viewer's, for the host's move form.
func (t SharedTable) MoveTargets(from int) []int {
	var out []int
	for i := range 4 {
		if i != from {
			out = append(out, i)
		}
	}
	return out
}

// LevelName is the AI level's word in the language of ctx.
func (t SharedTable) LevelName(ctx context.Context) string {
	if t.Game == "asnas" {
		return i18n.T(ctx, "asnas.ai.level."+t.Level)
	}
	return i18n.T(ctx, "guandan_ai.level."+t.Level)
}

// TimerName says a timer's length in the language of ctx.
func TimerName(ctx context.Context, seconds int) string {
	switch {
	case seconds <= 0:
		return i18n.T(ctx, "tables.timer.off")
	case seconds%60 == 0:
		return i18n.T(ctx, "tables.timer.minutes", seconds/60)
	}
	return i18n.T(ctx, "tables.timer.seconds", seconds)
}

// QRLabel is the QR code's accessible name in the language of ctx.
func QRLabel(ctx context.Context) string { return i18n.T(ctx, "tables.qr.label") }

// qrMarkup is the server-made SVG of the invitation link, trusted markup.
func qrMarkup(svg string) templ.Component { return templ.Raw(svg) }

// rematchAttr is the data-rematch of a status line about the rematch: "swap" with partners
// swapped, else "same".
func rematchAttr(swap bool) string {
	if swap {
		return "swap"
	}
	return "same"
}

// compassName is a seat's place at the table in the lobby: South, East, North, West.
func compassName(ctx context.Context, seat int) string {
	return i18n.T(ctx, "tables.seat."+itoa(seat))
}
