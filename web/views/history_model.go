package views

import (
	"context"
	"fmt"
	"time"

	"golang.org/x/text/number"

	"github.com/cardavia/cardavia/i18n"
	"github.com/cardavia/cardavia/rules/asnas"
	gd "github.com/cardavia/cardavia/rules/guandan"
)

// History is a visitor's history page at one game: the deals of the current match, the last
// finished matches, newest first, and the statistics with their chart.
type History struct {
	// Game is "asnas" or "guandan".
	Game string
	// Current is the match being played at the visitor's own table (nil when there is none).
	Current *HistoryMatch
	// Shared are the matches being played at the shared tables where the visitor sits, the
	// most recently dealt first.
	Shared []HistoryMatch
	// Past are the last finished matches, newest first.
	Past []HistoryMatch
	// Stats are the visitor's statistics over every finished match.
	Stats HistoryStats
	// Chart draws the finished matches, oldest left.
	Chart Chart
	// KeptDays is how long a finished match's replays are kept.
	KeptDays int
}

// HistoryMatch is one match in the history.
type HistoryMatch struct {
	// Anchor is the id its place in the page has (HistoryAnchor), where its replays'
	// "All deals" leads; "" for a match whose id is garbled, which lists no deal.
	Anchor string
	// Finished is when the match ended (zero for the current match).
	Finished time.Time
	// Won tells whether the visitor won it (alone or sharing the win).
	Won bool
	// Points is the visitor's As-Nas total.
	Points asnas.Score
	// Levels are the teams' Guandan levels at the end (team 0 is the visitor's).
	Levels [2]gd.Rank
	// Seat is the visitor's seat, and Names the players' names by seat ("" for the AI's), of
	// a match played at a shared table (none at a solo one, nor for one filed before they
	// were kept).
	Seat  int
	Names []string
	// Deals link to the replays of its deals.
	Deals []HistoryDeal
	// Expired is true for a finished match whose replays are no longer kept: it has no Deals.
	Expired bool
	// Table is the shared table a match in progress is played at, "" for any other.
	Table string
	// Own marks the visitor's own match in progress when it is listed with shared ones, which
	// it is told apart from.
	Own bool
}

// Playing are the matches in progress with a deal to replay: the visitor's own, then those at
// shared tables.
func (h History) Playing() []HistoryMatch {
	var out []HistoryMatch
	if h.Current != nil && len(h.Current.Deals) > 0 {
		own := *h.Current
		own.Own = len(h.Shared) > 0
		out = append(out, own)
	}
	return append(out, h.Shared...)
}

// Back is the table the page leads back to: the visitor's own while a match is in progress
// there; otherwise the shared table most recently dealt where they play, since the solo table
// would start a match they did not ask for; the solo table when they play nowhere.
func (h History) Back() string {
	if h.Current == nil && len(h.Shared) > 0 && h.Shared[0].Table != "" {
		return h.Shared[0].Table
	}
	return "/" + h.Game
}

// CurrentTitle heads the matches in progress: "The current match", or, when the visitor plays
// several (at shared tables too), "Your matches in progress".
func (h History) CurrentTitle(ctx context.Context) string {
	if len(h.Playing()) > 1 {
		return i18n.T(ctx, "history.current.many")
	}
	return i18n.T(ctx, "history.current")
}

// seating is the match's table as the visitor sat at it, ok false for a solo match. A shared
// match filed without its names, from a seat other than South, is still seen from that seat.
func (m HistoryMatch) seating() (st Seating, ok bool) {
	if len(m.Names) != len(st.Names) && m.Seat == 0 {
		return st, false
	}
	st.Viewer = m.Seat
	for i, name := range m.Names {
		if i < len(st.Names) {
			st.Names[i], st.AI[i] = name, name == ""
		}
	}
	return st, true
}

// WithText names the other players of a shared table's match, "with Sara and Mina", each name
// isolated from the text around it ("" for a solo match).
func (m HistoryMatch) WithText(ctx context.Context) string {
	st, _ := m.seating()
	var others []int
	for seat, n := range st.Names {
		if n != "" && seat != st.Viewer {
			others = append(others, seat)
		}
	}
	if len(others) == 0 {
		return ""
	}
	return i18n.T(ctx, "history.with", seatAnd(WithSeating(ctx, st), others))
}

// LevelsText names both teams' final Guandan levels, the visitor's team first: "You and North:
// A · East and West: 9"; at a shared table the teams as they sat, by their players ("You and
// Mina: A · Sara and North (AI): 9").
func (m HistoryMatch) LevelsText(ctx context.Context) string {
	st, ok := m.seating()
	if !ok {
		return teamLevels(ctx, m.Levels)
	}
	ctx = WithSeating(ctx, st)
	us := st.Viewer % 2
	return i18n.T(ctx, "tables.history.levels", levelWord(ctx, m.Levels[0]), levelWord(ctx, m.Levels[1]), teamName(ctx, us), teamName(ctx, 1-us))
}

// HistoryAnchor is the id of a match's place in the history page, for the address of its
// replays' "All deals".
func HistoryAnchor(match string) string { return "match-" + match }

// Stamp is when the match ended, for the machine-readable datetime of its date (with which
// the browser writes the visitor's local date and time).
func (m HistoryMatch) Stamp() string { return m.Finished.UTC().Format(time.RFC3339) }

// HistoryDeal is one deal of a match in the history.
type HistoryDeal struct {
	No int
	// URL is the deal's replay.
	URL string
	// Playing marks the deal still being played: the last one of a match in progress whose
	// end has not come yet.
	Playing bool
}

// Text is the deal's link, named as game's table names a deal (in Persian, Guandan's deal is
// "دور": its "دست" is a trick), "Deal 5 (in progress)" while it is being played.
func (d HistoryDeal) Text(ctx context.Context, game string) string {
	return inProgress(ctx, i18n.T(ctx, "history.deal."+game, d.No), d.Playing)
}

// inProgress marks the name of a deal still being played: "Deal 5 (in progress)".
func inProgress(ctx context.Context, name string, playing bool) string {
	if !playing {
		return name
	}
	return i18n.T(ctx, "history.inprogress", name)
}

// HistoryStats are the statistics the history page shows.
type HistoryStats struct {
	Matches, Won int
	// Deals is the number of deals played in the finished matches.
	Deals int
	// As-Nas: points per deal, showdowns reached and won.
	PointsPerDeal           float64
	Showdowns, ShowdownsWon int
	// Guandan: deals won by the visitor's team, the visitor's average place, the levels the
	// team climbed per deal.
	DealsWon      int
	AveragePlace  float64
	LevelsPerDeal float64
}

// Chart is a small bar chart drawn as SVG: one bar per finished match, above or below the
// base line. The geometry is computed in Go; the template only draws it.
type Chart struct {
	// Width and Height are the drawing's size in its own units; Base is the y of the zero line,
	// which starts at Left, after the scale's numbers.
	Width, Height, Base, Left int
	Bars                      []ChartBar
	// Labels are the scale's numbers (already formatted for the locale).
	Labels []ChartLabel
}

// ChartLabel is a number of a Chart's scale, its right end at X, centred on Y.
type ChartLabel struct {
	X, Y int
	Text string
}

// ChartBar is one bar of a Chart.
type ChartBar struct {
	X, Y, W, H int
	// Negative bars are drawn in the loss colour.
	Negative bool
	// Title is the bar's text for assistive technology and on hover (already translated).
	Title string
}

// Replay is one step of a deal's replay: the table as seat 0 saw it then, without any form.
type Replay struct {
	// Game is "asnas" or "guandan".
	Game string
	// Deal is the deal's number; Step the step shown (0: as dealt); Steps the last step.
	Deal, Step, Steps int
	// URL is the replay's address without the step, for the step links.
	URL string
	// PrevDeal and NextDeal are the replays of the match's deals before and after this one,
	// "" where there is none.
	PrevDeal, NextDeal string
	// Playing is true for the deal still being played (the last of a match in progress,
	// before its end): its replay goes as far as the deal has.
	Playing bool
	// Openable is true for a Guandan deal that is over: its replay may show every seat's cards
	// (until then they stay hidden); Open is true when it does.
	Openable, Open bool
	// Asnas or Guandan is the table shown (the one of Game); its Log is what the step did.
	Asnas   AsnasTable
	Guandan GuandanTable
	// LogFrom is how many events of the deal's log came before the step's (the Log shown).
	LogFrom int
	// Asides are a shared table's seats handed to the AI and taken back in the deal, for the
	// log's words, as the live table's log told them (nil elsewhere): the step's moves the AI
	// made for a person's seat carry the away mark, and a hand-over just before them (or, at
	// the deal's last step, just after them) has its line. An aside at -1 has no line: the
	// seat was away from the deal's start.
	Asides []LogAside
	// Table is where "Back to the table" leads: the shared table the match was played at
	// while it is open, else the game's own table.
	Table string
	// History is where "All deals" leads: the history, at the match's deals.
	History string
}

// logPanel is what the step shown did, with a shared table's asides about it.
func (r Replay) logPanel(ctx context.Context) LogPanelView {
	p := LogPanelView{TitleID: "replay-log-title", Title: i18n.T(ctx, "replay.log")}
	var at []int
	n := 0
	if r.Game == "asnas" {
		n = len(r.Asnas.Log)
		p.Empty, p.Lines = i18n.T(ctx, "asnas.log.empty"), asnasLogLines(ctx, r.Asnas.Log, r.Asides, r.LogFrom)
		at = make([]int, n)
		for i := range at {
			at[i] = r.LogFrom + i
		}
	} else {
		n = len(r.Guandan.Log)
		p.Empty = i18n.T(ctx, "guandan.log.empty")
		p.Lines, at = guandanAsideLines(ctx, r.Guandan.Log, r.Guandan.View.Level, r.Asides, r.LogFrom)
	}
	// The step's own asides: those between the step before and this step's last event, and
	// at the deal's last step those after it too.
	var told []LogAside
	for _, a := range r.Asides {
		if a.At >= r.LogFrom && (a.At < r.LogFrom+n || r.Step == r.Steps && a.At == r.LogFrom+n) {
			told = append(told, a)
		}
	}
	log := inLog(ctx)
	p.Lines = spliceAsides(p.Lines, at, told, r.LogFrom, func(a LogAside, _ int) LogLine { return asideLine(log, a) })
	return p
}

// StepText names the step shown. The opening is named for what it is, not counted as a
// step 0: the cards as dealt (in Guandan, once the tribute was paid, when the deal began with
// one: the replay cannot show the deal before it, as no seat saw it then); the moves after it
// are counted from 1, of the deal's moves.
func (r Replay) StepText(ctx context.Context) string {
	switch {
	case r.Step > 0:
		return i18n.T(ctx, "replay.move", r.Step, r.Steps)
	case r.Game == "guandan" && r.Guandan.tributePaid():
		return i18n.T(ctx, "replay.opening.tribute")
	}
	return i18n.T(ctx, "replay.opening.dealt")
}

// PageTitle is the replay's title: the step shown, the deal and the game ("Move 3 of 7 ·
// Replay of deal 2 · As-Nas"; "Move 6 of 6 · Replay of deal 5 (in progress) · As-Nas"). A
// screen reader reads a new page's title first, so each step taken with the links is heard
// for what it is; see tableTitle.
func (r Replay) PageTitle(ctx context.Context) string {
	return r.StepText(ctx) + " · " + r.Title(ctx) + " · " + i18n.T(ctx, r.Game+".title")
}

// Title is the replay's heading: "Replay of deal 2", "Replay of deal 5 (in progress)" for a
// deal still being played, which its last step does not end.
func (r Replay) Title(ctx context.Context) string {
	return inProgress(ctx, i18n.T(ctx, "replay.title."+r.Game, r.Deal), r.Playing)
}

// ToggleURL is the step shown the other way: with every seat's cards, or without.
func (r Replay) ToggleURL() string {
	r.Open = !r.Open
	return r.StepURL(r.Step)
}

// StepURL is the address of step n of the replay.
func (r Replay) StepURL(n int) string {
	if r.Open {
		return fmt.Sprintf("%s?step=%d&open=1", r.URL, n)
	}
	return fmt.Sprintf("%s?step=%d", r.URL, n)
}

// historyDate is a date in the context's language, calendar and digits.
func historyDate(ctx context.Context, t time.Time) string {
	y, m, d := i18n.Date(ctx, t)
	return i18n.T(ctx, "history.date",
		number.Decimal(y, number.NoSeparator()),
		i18n.T(ctx, fmt.Sprintf("history.month.%d", m)),
		number.Decimal(d, number.NoSeparator()))
}

// teamLevels names both teams' levels: "You and North: A, East and West: 9".
func teamLevels(ctx context.Context, l [2]gd.Rank) string {
	return i18n.T(ctx, "history.levels", levelWord(ctx, l[0]), levelWord(ctx, l[1]))
}

// Showdown tells whether the step shown lays hands open that are not the viewer's: an As-Nas
// showdown, a Guandan deal's end or its replay with everyone's cards (the hooks' data-showdown,
// as at the table).
func (r Replay) Showdown() bool {
	if r.Game == "asnas" {
		return r.Asnas.Showdown()
	}
	return r.Guandan.DealOver() || r.Open
}
