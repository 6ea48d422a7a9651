package views

import (
	"net/url"
	"slices"
	"strconv"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// Arrangement is how the Guandan table lays out the human's hand; its value is the
// ?arrange= parameter.
type Arrangement string

// The ways the Guandan table arranges the human's hand.
const (
	// ArrangeRank stacks cards of one rank, strongest first: the usual way to hold the hand.
	ArrangeRank Arrangement = "rank"
	// ArrangeSuit lays the cards out suit by suit, for straights and straight flushes.
	ArrangeSuit Arrangement = "suit"
	// ArrangePlan groups the hand into the plays the AI would split it into.
	ArrangePlan Arrangement = "plan"
)

// Arrangements are the arrangements in the order the table offers them.
var Arrangements = []Arrangement{ArrangeRank, ArrangeSuit, ArrangePlan}

// ParseArrangement reads the ?arrange= parameter; anything unknown is the default, by rank.
func ParseArrangement(s string) Arrangement {
	for _, a := range Arrangements {
		if string(a) == s {
			return a
		}
	}
	return ArrangeRank
}

// GuandanTable is what the Guandan table page shows: the human's view of the match, what
// happened since the human's last move, and the state of the human's selection. Everything in
// it is what the viewer's seat may see; other seats appear only as card counts.
type GuandanTable struct {
	// View is the match as the viewer's seat may see it.
	View gd.View
	// Move is the match's move number; every form sends it back so a stale form changes nothing.
	Move uint64
	// Log is what happened since the human's last move, oldest first.
	Log []gd.Event
	// Notice is a short notice above the table, NoticeNone for none.
	Notice Notice
	// Arrange is how the hand is laid out.
	Arrange Arrangement
	// Deal is every event of the current deal so far, oldest first: all of it public. The
	// table draws every trick of the deal from it.
	Deal []gd.Event
	// Climb is the end of every finished deal of the match, oldest first.
	Climb []GuandanDealEnd
	// Selection says what the selected cards are and whether they may be played now; nil
	// when nothing is selected or it is not the human's turn.
	Selection *GuandanSelection
	// Plan is the AI's split of the hand, computed only when Arrange is ArrangePlan.
	Plan []gd.Play
	// Selected are the cards shown ticked: a kept selection or a hint.
	Selected gd.Set
	// Readings are the readings of Selected legal now, when there are several: the table asks
	// which one is meant before the cards are played.
	Readings []gd.Reading
	// Reading is the reading the play form names for Selected without asking: the hint's,
	// when its cards read several ways (Readings is then empty), so that Play plays what the
	// AI meant at once.
	Reading gd.Reading
	// Hint is the AI's suggestion for the human, when asked for.
	Hint *GuandanHint
	// Returnable are the cards the human may give back, in PhaseReturn when it is their turn.
	Returnable gd.Set
	// Level is the AI level form.
	Level GuandanLevelChoice
	// Path is a shared table's page ("/guandan/tables/<id>"), where its forms post; empty for
	// the solo table, /guandan.
	Path string
	// Asides are, at a shared table, the seats handed to the AI or taken back during this
	// deal, in the order they were, each told in the log where it happened.
	Asides []LogAside
	// Earlier are, at a shared table where the AI played for the viewer, the deal's events
	// before Log back to the viewer's last move made in person (or the deal's start): the log
	// panel shows them, and the hand-over among them, before Log's; the replay does not (it
	// tells Log, since the seat's last move by whoever made it), nor are they new.
	Earlier []gd.Event
	// Learn offers the lesson: the visitor has never finished a match.
	Learn bool
	// DealReplay is the replay of the deal just ended, offered beside Next deal and Rematch
	// for a player who wants to see it again before going on; empty while a deal is played.
	DealReplay string
	// Asked is, at a shared table's finished match, what its players have asked of the
	// rematch.
	Asked RematchAsk
	// Lesson is true for a lesson's table, whose hand has no buttons that pick a whole stack
	// (with the lesson's bubble above the felt they would push Play off a phone's first screen).
	Lesson bool
	// Open are the other seats' hands, shown only by the replay of a deal that is over, when
	// every card has been played or laid down for all to see.
	Open [4]gd.Set
}

// GuandanDealEnd is how a finished deal changed the levels: the match end lists them.
type GuandanDealEnd struct {
	// Deal is the deal's number and Level the rank it was played at.
	Deal  int     `json:"deal"`
	Level gd.Rank `json:"level"`
	// Team won the deal and went up Promotion levels; Levels are both teams' levels after it.
	Team      int        `json:"team"`
	Promotion int        `json:"promotion"`
	Levels    [2]gd.Rank `json:"levels"`
	// Won tells that the deal won the match (its team climbs no further).
	Won bool `json:"won,omitempty"`
	// Finish is the order the seats went out in.
	Finish []int `json:"finish"`
}

// SelectionVerdict is the engine's answer about the cards the human has selected.
type SelectionVerdict uint8

// The verdicts on a selection.
const (
	// SelectNothing: no cards are selected.
	SelectNothing SelectionVerdict = iota
	// SelectPlayable: the cards are a combination that may be played now (Reading).
	SelectPlayable
	// SelectChoose: the cards may be played now in several ways (Readings): Play asks which.
	SelectChoose
	// SelectTooWeak: the cards are a combination (Reading) that does not beat the last play.
	SelectTooWeak
	// SelectIllegal: the cards are no combination at all.
	SelectIllegal
)

// GuandanSelection is the engine's verdict on the human's selection, for the live line under
// the hand: "Pair of Kings: beats a pair of 9s", "Not a combination".
type GuandanSelection struct {
	Verdict SelectionVerdict
	// Reading is what the cards are read as (SelectPlayable, SelectTooWeak); Readings the
	// readings legal now (SelectChoose).
	Reading  gd.Reading
	Readings []gd.Reading
	// ToBeat is the play on the table, zero when the human leads.
	ToBeat gd.Reading
}

// GuandanHint is the play the AI would make in the human's seat, or the card it would give
// back after a tribute.
type GuandanHint struct {
	// Pass is true when the AI would pass; Cards and Reading are then empty.
	Pass bool
	// Return is true for the hint of a return: Cards holds the card to give back.
	Return  bool
	Cards   gd.Set
	Reading gd.Reading
	// Why is the catalog key of the reason for the move, or ""; WhyArgs its arguments.
	Why     string
	WhyArgs []any
	// Learn is the lesson step that explains the hinted combination, "" for none.
	Learn string
}

// MyTurn tells whether the human is to play or pass now.
func (t GuandanTable) MyTurn() bool {
	return t.View.Phase == gd.PhasePlay && t.View.ToAct == t.View.Seat
}

// HintPasses tells whether a hint is shown and it is to pass.
func (t GuandanTable) HintPasses() bool { return t.Hint != nil && t.Hint.Pass }

// MustReturn tells whether the human must now give a card back for a tribute.
func (t GuandanTable) MustReturn() bool {
	return t.View.Phase == gd.PhaseReturn && t.View.ToAct == t.View.Seat
}

// DealOver tells whether the deal has ended (and perhaps the match with it).
func (t GuandanTable) DealOver() bool {
	return t.View.Phase == gd.PhaseDealOver || t.View.Phase == gd.PhaseMatchOver
}

// MatchOver tells whether a team has won the match.
func (t GuandanTable) MatchOver() bool { return t.View.Phase == gd.PhaseMatchOver }

// DealResult is the deal's end as the log reports it: placings and promotion.
func (t GuandanTable) DealResult() (gd.Event, bool) {
	for i := len(t.Log) - 1; i >= 0; i-- {
		if t.Log[i].Kind == gd.EvDealOver {
			return t.Log[i], true
		}
	}
	return gd.Event{}, false
}

// tributePaid tells whether a tribute was paid this deal (not cancelled, and not a first deal).
func (t GuandanTable) tributePaid() bool {
	for _, e := range t.View.Tribute {
		if e.Kind == gd.EvTribute {
			return true
		}
	}
	return false
}

// TributeWith is the tribute card that to received from the seat paying it, for the return
// question: "West paid you the Ace of Spades".
func (t GuandanTable) TributeWith(to int) (gd.Event, bool) {
	for _, e := range t.View.Tribute {
		if e.Kind == gd.EvTribute && e.To == to && e.Seat == t.View.ReturnTo {
			return e, true
		}
	}
	return gd.Event{}, false
}

// SeatAct is what one seat did in the trick shown on the felt.
type SeatAct struct {
	// Played is true when the seat's latest action was a play, Play then holds it.
	Played bool
	Play   gd.Play
	// Passed is true when the seat's latest action was a pass.
	Passed bool
}

// ShownTrick is the trick the felt shows: the current one, or, when a new trick has not begun
// yet, the last one finished since the human's last move (so the AI seats' plays do not
// vanish before the human has seen them).
type ShownTrick struct {
	Acts [4]SeatAct
	// Last is true when the trick is already won; WonBy says by whom.
	Last  bool
	WonBy int
	// Any is true when there is something to show.
	Any bool
}

// Trick returns the trick to show on the felt.
func (t GuandanTable) Trick() ShownTrick {
	st := ShownTrick{WonBy: -1}
	events := t.View.Trick
	if len(events) == 0 {
		end := -1
		for i := len(t.Log) - 1; i >= 0; i-- {
			if k := t.Log[i].Kind; k == gd.EvTrickWon || k == gd.EvDealOver {
				end = i
				break
			}
		}
		if end < 0 {
			return st
		}
		start := end
		for start > 0 && t.Log[start-1].Kind != gd.EvLead && t.Log[start-1].Kind != gd.EvTrickWon && t.Log[start-1].Kind != gd.EvDealt && t.Log[start-1].Kind != gd.EvReturn {
			start--
		}
		events = t.Log[start:end]
		st.Last = true
		if t.Log[end].Kind == gd.EvTrickWon {
			st.WonBy = t.Log[end].Seat
		}
	}
	for _, e := range events {
		switch e.Kind {
		case gd.EvPlay:
			st.Acts[e.Seat] = SeatAct{Played: true, Play: e.Play}
			st.Any = true
		case gd.EvPass:
			st.Acts[e.Seat] = SeatAct{Passed: true}
			st.Any = true
		}
	}
	return st
}

// TrackCell is one column of the played-cards tracker: a rank (or the wilds, or a joker) and
// how many of its cards are still out.
type TrackCell struct {
	// Key names the column for the data-rank hook: a rank in CONFORMANCE notation, or "W"
	// for the wild cards. Templates never compare it.
	Key string
	// Mark sets the wilds', the level rank's and the jokers' columns apart.
	Mark Mark
	// Rank is the column's rank (the level rank for the wilds).
	Rank gd.Rank
	// Out is how many of these cards are neither played nor in the human's hand.
	Out int
	// Total is how many such cards the two packs hold.
	Total int
	// col and level place the cell for the markup's memo (trackerCount).
	col   int
	level gd.Rank
}

// Tracker counts, for every rank, the cards still out: not played yet and not in the human's
// own hand, so in the other three hands. The wild cards (hearts of the level rank) have a
// column of their own, apart from the level rank's other six cards; the jokers count like any
// rank. The columns run from the strongest to the weakest, as the hand does.
func (t GuandanTable) Tracker() []TrackCell {
	level := t.View.Level
	order := rankOrder(level)
	out := make([]TrackCell, len(order))
	var col [gd.RedJoker + 1]int // the column of each rank's plain cards
	wilds := 0
	for i, g := range order {
		out[i] = TrackCell{Key: g.key, Rank: g.rank, Mark: g.mark, col: i, level: level}
		if g.wild {
			wilds = i
		} else {
			col[g.rank] = i
		}
	}
	known := t.View.Played.Union(t.View.Hand)
	for _, c := range gd.FullDeck().Cards() {
		i := col[c.Rank()]
		if c.IsWild(level) {
			i = wilds
		}
		out[i].Total++
		if !known.Has(c) {
			out[i].Out++
		}
	}
	return out
}

// GuandanURL is an address of the Guandan table: how the hand is arranged (the default, by
// rank, is left out), the cards shown selected, a notice and whether to show a hint. The
// query only ever changes what is shown, never the match.
func GuandanURL(path string, arrange Arrangement, cards gd.Set, notice Notice, hint bool) string {
	q := url.Values{}
	if arrange != "" && arrange != ArrangeRank {
		q.Set("arrange", string(arrange))
	}
	for _, c := range cards.Cards() {
		q.Add("card", strconv.Itoa(int(c)))
	}
	if notice != NoticeNone {
		q.Set("notice", notice.String())
	}
	if hint {
		q.Set("hint", "1")
	}
	if len(q) == 0 {
		return path
	}
	return path + "?" + q.Encode()
}

// URL is this table in another arrangement, or with a hint, keeping the selection.
func (t GuandanTable) URL(arrange Arrangement, hint bool) string {
	sel := t.Selected
	if hint {
		sel = gd.Set{}
	}
	return GuandanURL(t.path(), arrange, sel, NoticeNone, hint)
}

// path is the table's page: the solo table's, or a shared table's (Path).
func (t GuandanTable) path() string {
	if t.Path == "" {
		return "/guandan"
	}
	return t.Path
}

// Keys are the lines of the table's keys help: every one of guandanKeys at the solo table; a
// shared table has no Hint (no AI suggests a player's move among friends), so its help does
// not offer the key.
func (t GuandanTable) Keys() []KeyLine { return guandanKeysOf(t.Path == "", "guandan.key.next") }

// guandanKeysOf are the lines of guandanKeys, Hint's only when hint, and next the words of
// Next deal's.
func guandanKeysOf(hint bool, next string) []KeyLine {
	keys := make([]KeyLine, 0, len(guandanKeys))
	for _, a := range guandanKeys {
		words := "guandan.key." + string(a)
		switch {
		case a == ActionHint && !hint:
			continue
		case a == ActionNext:
			words = next
		}
		keys = append(keys, KeyLine{Action: string(a), Words: words})
	}
	return keys
}

// Action is where the form of a move posts ("play", "pass", …), at this table.
func (t GuandanTable) Action(verb string) string { return t.path() + "/" + verb }

// Rematch is where the match's end offers the next match: the solo table's restart, a shared
// table's rematch for the same players.
func (t GuandanTable) Rematch() string {
	if t.Path == "" {
		return t.Action("restart")
	}
	return t.Action("rematch")
}

// Others are the other three seats in the order the page shows them: opposite (the partner),
// then the seat before the viewer's, then the one after, so that on a wide screen the table
// reads as it is sat at, whichever seat the viewer holds.
func (t GuandanTable) Others() []int {
	v := t.View.Seat
	return []int{(v + 2) % 4, (v + 3) % 4, (v + 1) % 4}
}

// Partner tells whether seat is the viewer's partner, the seat opposite.
func (t GuandanTable) Partner(seat int) bool { return seat == (t.View.Seat+2)%4 }

// Teams are the two teams, the viewer's first.
func (t GuandanTable) Teams() []int { return []int{t.View.Seat % 2, 1 - t.View.Seat%2} }

// Ours tells whether team is the viewer's.
func (t GuandanTable) Ours(team int) bool { return team == t.View.Seat%2 }

// Placings are the deal's finishing places as far as they are known: the seats that went out,
// in order, and, once three have, the fourth (RULES.md: the last one is fourth). After a 1–2
// finish the other two have no place.
func (t GuandanTable) Placings() []int {
	out := slices.Clone(t.View.Finish)
	if t.DealOver() && len(out) == 3 {
		out = append(out, 6-out[0]-out[1]-out[2])
	}
	return out
}

// Place is a seat's place in Placings, 0 when it has none.
func (t GuandanTable) Place(seat int) int {
	for i, s := range t.Placings() {
		if s == seat {
			return i + 1
		}
	}
	return 0
}
