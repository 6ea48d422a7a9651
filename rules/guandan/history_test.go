package guandan

import (
	"slices"
	"testing"
)

// The history of a deal lists every play and pass in order across tricks, shows in every
// seat's view, is never changed by a later Apply, and starts empty with the next deal.
func TestHistoryRecordsEveryPlayAndPass(t *testing.T) {
	m := NewDealFrom(Two, [4]Set{
		mustCards(t, "3S 8H"), mustCards(t, "4S 9C"), mustCards(t, "5S"), mustCards(t, "6S KD"),
	}, 0)
	actions := []Action{
		{Kind: ActPlay, Seat: 0, Cards: mustCards(t, "3S")},
		{Kind: ActPlay, Seat: 1, Cards: mustCards(t, "4S")},
		{Kind: ActPass, Seat: 2},
		{Kind: ActPass, Seat: 3},
		{Kind: ActPass, Seat: 0},
		{Kind: ActPlay, Seat: 1, Cards: mustCards(t, "9C")}, // a new trick; seat 1 goes out
	}
	var before Match
	var err error
	for i, a := range actions {
		if i == 4 {
			before = m
		}
		if m, _, err = m.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	want := []Move{
		{Seat: 0, Play: Play{Cards: mustCards(t, "3S"), Reading: Reading{Kind: Single, Rank: Three}}},
		{Seat: 1, Play: Play{Cards: mustCards(t, "4S"), Reading: Reading{Kind: Single, Rank: Four}}},
		{Seat: 2, Pass: true}, {Seat: 3, Pass: true}, {Seat: 0, Pass: true},
		{Seat: 1, Play: Play{Cards: mustCards(t, "9C"), Reading: Reading{Kind: Single, Rank: Nine}}},
	}
	for seat := 0; seat < 4; seat++ {
		if got := m.View(seat).History.Moves(); !slices.Equal(got, want) {
			t.Errorf("seat %d sees history %v, want %v", seat, got, want)
		}
	}
	if len(m.Trick) != 1 {
		t.Errorf("the current trick holds %d events, want 1 (the history keeps the earlier ones)", len(m.Trick))
	}
	if before.History.Len() != 4 {
		t.Errorf("a later Apply changed an earlier match's history: %v", before.History.Moves())
	}
	// Play the deal out (seat 1 is out; 2 leads... whoever is to act passes or plays its card).
	for m.Phase() == PhasePlay {
		seat := m.ToAct()
		a := Action{Kind: ActPass, Seat: seat}
		if m.Leading() || len(m.LegalPlays(seat)) > 0 {
			a = Action{Kind: ActPlay, Seat: seat, Cards: m.LegalPlays(seat)[0].Cards}
		}
		if m, _, err = m.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if m.History.Len() <= len(want) {
		t.Fatalf("history after the deal: %v", m.History.Moves())
	}
	if m.Phase() == PhaseDealOver {
		if m, _, err = m.Apply(Action{Kind: ActNextDeal}); err != nil {
			t.Fatal(err)
		}
		if m.History.Len() != 0 || m.View(0).History.Len() != 0 {
			t.Errorf("the next deal starts with history %v", m.History.Moves())
		}
	}
}

// Two moves applied to one match give two histories that share the past and keep their own
// last move: the history is never written in place.
func TestHistoryBranchesDoNotShare(t *testing.T) {
	m := NewDealFrom(Two, [4]Set{
		mustCards(t, "3S 8H"), mustCards(t, "4S 9C"), mustCards(t, "5S"), mustCards(t, "6S KD"),
	}, 0)
	m, _, err := m.Apply(Action{Kind: ActPlay, Seat: 0, Cards: mustCards(t, "3S")})
	if err != nil {
		t.Fatal(err)
	}
	pass, _, err := m.Apply(Action{Kind: ActPass, Seat: 1})
	if err != nil {
		t.Fatal(err)
	}
	play, _, err := m.Apply(Action{Kind: ActPlay, Seat: 1, Cards: mustCards(t, "4S")})
	if err != nil {
		t.Fatal(err)
	}
	if got := pass.History.Moves(); len(got) != 2 || !got[1].Pass {
		t.Errorf("after the pass: %v", got)
	}
	if got := play.History.Moves(); len(got) != 2 || got[1].Pass || got[1].Play.Cards != mustCards(t, "4S") {
		t.Errorf("after the play: %v", got)
	}
	if got := m.History.Moves(); len(got) != 1 {
		t.Errorf("the match both came from: %v", got)
	}
}
