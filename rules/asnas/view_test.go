package asnas

import (
	"slices"
	"testing"
)

// checkViews checks every seat's view of a deal: a seat sees its own hand only after looking,
// another seat's hand only when that hand was revealed at a showdown, never a folded hand nor an
// uncontested winner's hand.
func checkViews(t testing.TB, d Deal) {
	t.Helper()
	revealed := d.Revealed()
	for viewer := range NumSeats {
		v := d.View(viewer)
		for s, sv := range v.Seats {
			mayShow := (s == viewer && d.Looked[s]) || (d.Over() && d.Showdown && !d.Folded[s])
			if sv.Shown != mayShow {
				t.Fatalf("viewer %d, seat %d: Shown=%v, want %v (looked=%v folded=%v over=%v showdown=%v)",
					viewer, s, sv.Shown, mayShow, d.Looked[s], d.Folded[s], d.Over(), d.Showdown)
			}
			if !sv.Shown && sv.Hand != (Hand{}) {
				t.Fatalf("viewer %d sees the hidden hand of seat %d", viewer, s)
			}
			if sv.Shown && (sv.Hand != d.Hands[s] || sv.Category != Evaluate(d.Hands[s]).Category()) {
				t.Fatalf("viewer %d sees a wrong hand for seat %d", viewer, s)
			}
			if s != viewer && sv.Shown && (d.Folded[s] || !slices.Contains(revealed, s)) {
				t.Fatalf("viewer %d sees seat %d's unrevealed hand", viewer, s)
			}
		}
		if !slices.Equal(v.Legal, d.Legal(viewer)) {
			t.Fatalf("viewer %d: view lists %v, Legal %v", viewer, v.Legal, d.Legal(viewer))
		}
	}
}

func TestViewOwnHandOnlyAfterLook(t *testing.T) {
	d := NewDeal(17, 0)
	if v := d.View(1); v.Seats[1].Shown || v.Seats[1].Hand != (Hand{}) {
		t.Fatal("the own hand is visible before looking")
	}
	d, _, _ = d.Apply(Action{1, Look})
	v := d.View(1)
	if !v.Seats[1].Shown || v.Seats[1].Hand != d.Hands[1] {
		t.Fatal("the own hand is hidden after looking")
	}
	for _, other := range []int{0, 2, 3} {
		if w := d.View(other); w.Seats[1].Shown || w.Seats[1].Hand != (Hand{}) {
			t.Fatalf("seat %d sees seat 1's hand after seat 1 looked", other)
		}
		if !d.View(other).Seats[1].Looked {
			t.Fatalf("seat %d does not see that seat 1 looked", other)
		}
	}
}

func TestViewAfterShowdownHidesFolded(t *testing.T) {
	d := NewDeal(23, 0)
	for _, a := range []Action{{1, Look}, {1, Fold}, {2, Call}, {3, Call}, {0, Hold}} {
		var err error
		if d, _, err = d.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	for viewer := range NumSeats {
		v := d.View(viewer)
		for _, s := range []int{0, 2, 3} {
			if !v.Seats[s].Shown || v.Seats[s].Hand != d.Hands[s] {
				t.Errorf("viewer %d: seat %d's showdown hand is not shown", viewer, s)
			}
		}
		if viewer != 1 && (v.Seats[1].Shown || v.Seats[1].Hand != (Hand{})) {
			t.Errorf("viewer %d sees the folded hand", viewer)
		}
	}
	if !d.View(1).Seats[1].Shown {
		t.Error("the folder no longer sees the hand it looked at")
	}
}

func TestViewUncontestedStaysHidden(t *testing.T) {
	d := NewDeal(29, 0)
	for _, a := range []Action{{1, Raise}, {2, Fold}, {3, Fold}, {0, Fold}} {
		d, _, _ = d.Apply(a)
	}
	if !d.Over() || !slices.Equal(d.Winners(), []int{1}) {
		t.Fatalf("setup: over=%v winners=%v", d.Over(), d.Winners())
	}
	for _, viewer := range []int{0, 2, 3} {
		if v := d.View(viewer); v.Seats[1].Shown || v.Seats[1].Hand != (Hand{}) {
			t.Errorf("viewer %d sees the uncontested winner's hand", viewer)
		}
	}
	if v := d.View(1); v.Seats[1].Shown {
		t.Error("the winner never looked, yet sees its own hand")
	}
}
