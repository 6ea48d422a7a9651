package guandan

import (
	"errors"
	"testing"
)

// While a deal is played nobody sees another seat's cards; once it is over, every seat's
// remaining cards are shown to all.
func TestViewShowsRemainingCardsOnlyAfterTheDeal(t *testing.T) {
	m := NewDealFrom(Two, [4]Set{
		mustCards(t, "3S"), mustCards(t, "4S 9C"), mustCards(t, "5S"), mustCards(t, "6S KD"),
	}, 0)
	if v := m.View(0); v.Remaining != [4]Set{} {
		t.Fatalf("remaining cards shown during play: %v", v.Remaining)
	}
	var err error
	for _, a := range []Action{
		{Kind: ActPlay, Seat: 0, Cards: mustCards(t, "3S")},
		{Kind: ActPass, Seat: 1},
		{Kind: ActPass, Seat: 2},
		{Kind: ActPass, Seat: 3},
		{Kind: ActPlay, Seat: 2, Cards: mustCards(t, "5S")},
	} {
		if m, _, err = m.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if m.Phase() != PhaseDealOver {
		t.Fatalf("phase %v, want the deal over", m.Phase())
	}
	v := m.View(0)
	if v.Remaining[1] != mustCards(t, "4S 9C") || v.Remaining[3] != mustCards(t, "6S KD") || !v.Remaining[0].IsEmpty() {
		t.Errorf("remaining %v", v.Remaining)
	}
}

// A play of no cards is refused as ErrNoCards, which is an ErrIllegalPlay too.
func TestEmptyPlayIsErrNoCards(t *testing.T) {
	m := NewDealFrom(Two, [4]Set{mustCards(t, "3S"), mustCards(t, "4S"), mustCards(t, "5S"), mustCards(t, "6S")}, 0)
	_, _, err := m.Apply(Action{Kind: ActPlay, Seat: 0})
	if !errors.Is(err, ErrNoCards) || !errors.Is(err, ErrIllegalPlay) {
		t.Errorf("err %v", err)
	}
}
