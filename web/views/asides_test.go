package views

import (
	"context"
	"strings"
	"testing"

	"github.com/cardavia/cardavia/rules/asnas"
	"github.com/cardavia/cardavia/static"
)

// While the AI plays for an away viewer, each page replays from the seat's last action (the
// AI's, with the hand-over when it came just before it), not from the viewer's last move in
// person: a replay going back to that would grow with every move, and each live update would
// replay and read out every move since the hand-over again.
func TestAsnasSinceAwayStaysAtTheSeatsLastMove(t *testing.T) {
	log := []asnas.Event{
		{Kind: asnas.EvDealt},
		{Kind: asnas.EvLooked, Seat: 0}, // 1: the viewer's own
		{Kind: asnas.EvLooked, Seat: 1},
		{Kind: asnas.EvLooked, Seat: 2},
		{Kind: asnas.EvLooked, Seat: 3},
		{Kind: asnas.EvFolded, Seat: 0}, // 5: the AI's, after the time-out at 5
		{Kind: asnas.EvFolded, Seat: 1},
	}
	asides := []LogAside{{At: 5, Seat: 0, Why: AsideTime}}
	tb := AsnasTable{Log: log, Asides: asides}
	tb.View.Seat = 0
	if got := tb.Since(); got != 5 {
		t.Errorf("just after the hand-over the replay starts at %d, want 5 (the hand-over and the AI's move)", got)
	}
	// The AI moves for the seat again later: the replay starts there, not back at 5.
	tb.Log = append(append([]asnas.Event(nil), log...), asnas.Event{Kind: asnas.EvLooked, Seat: 2},
		asnas.Event{Kind: asnas.EvLooked, Seat: 0}, asnas.Event{Kind: asnas.EvLooked, Seat: 1})
	if got := tb.Since(); got != 8 {
		t.Errorf("after the AI's next move for the seat the replay starts at %d, want 8", got)
	}
	// No aside: the seat's own last action, excluded, as ever.
	tb.Asides = nil
	if got := tb.Since(); got != 9 {
		t.Errorf("without an aside the replay starts at %d, want 9", got)
	}
}

// awayTurn is the table of the viewer at seat 2 whose time ran out at event 2: the AI looked
// and called for them.
func awayTurn() AsnasTable {
	tb := AsnasTable{Log: []asnas.Event{
		{Kind: asnas.EvDealt},
		{Kind: asnas.EvOpened, Seat: 1},
		{Kind: asnas.EvLooked, Seat: 2}, // 2: the AI's, after the time-out at 2
		{Kind: asnas.EvCalled, Seat: 2},
		{Kind: asnas.EvLooked, Seat: 3},
	}, Asides: []LogAside{{At: 2, Seat: 2, Why: AsideTime}}}
	tb.View.Seat = 2
	return tb
}

// The AI's turn for the seat may be two actions (a look, then a call): the replay starts at the
// turn's first, with the hand-over before it.
func TestAsnasSinceAwayTakesTheWholeTurn(t *testing.T) {
	tb := awayTurn()
	if got := tb.Since(); got != 2 {
		t.Errorf("the replay starts at %d, want 2 (the hand-over, the AI's look and call)", got)
	}
}

// The viewer's own hand, looked at by the AI while they were away, wears backs while the replay
// shows the steps before that look (its faces showed beside "Not looked"); a look of their own,
// before the steps replayed, changes nothing.
func TestAsnasOwnLookReplayedWearsBacks(t *testing.T) {
	tb := awayTurn()
	tb.View.Seats[2].Shown, tb.View.Seats[2].Looked = true, true
	if !tb.RevealedLater(2) {
		t.Error("the AI's look for the away viewer is replayed, but their hand shows its faces from the first step")
	}
	if tb.RevealedLater(1) || tb.RevealedLater(3) {
		t.Error("a hand nobody may see wears the replay's backs")
	}
	var b strings.Builder
	if err := seatArea(Chrome{Assets: static.Load()}, tb, 2).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `<ul class="hand replay-backs" aria-hidden="true">`) {
		t.Errorf("the viewer's hand has no backs of its own size for the replay:\n%s", b.String())
	}
	// Their own look, before the AI took the seat: nothing to hide.
	tb.Log[2].Seat, tb.Log[1].Seat = 1, 2
	tb.Log[1].Kind, tb.Log[2].Kind = asnas.EvLooked, asnas.EvOpened
	tb.Asides = []LogAside{{At: 3, Seat: 2, Why: AsideTime}}
	if tb.RevealedLater(2) {
		t.Error("the viewer looked before the steps replayed, yet their hand wears backs")
	}
}
