package web

import (
	"testing"

	"github.com/cardavia/cardavia/web/views"
)

// A player who steps away and back again and again in one deal keeps only their own asides
// short: another seat's time-out and its taking back stay, so that seat's AI moves still read
// as the AI's; and the seat that came and went keeps a first aside of the kind it had.
func TestAsidesCapIsPerSeat(t *testing.T) {
	var tb sharedTable
	tb.noteAside(1, 2, 1, views.AsideTime)
	tb.noteAside(1, 5, 1, views.AsideBack)
	at := 6
	for range 10 {
		tb.noteAside(1, at, 0, views.AsideSelf)
		tb.noteAside(1, at+1, 0, views.AsideBack)
		at += 2
	}
	var mine, theirs []views.LogAside
	for _, a := range tb.asidesOf(1) {
		if a.Seat == 1 {
			theirs = append(theirs, a)
		} else {
			mine = append(mine, a)
		}
	}
	if len(theirs) != 2 || theirs[0].Why != views.AsideTime || theirs[1].Why != views.AsideBack {
		t.Errorf("the other seat's time-out and taking back were dropped: %+v", theirs)
	}
	if len(mine) == 0 || len(mine) > asidesKept {
		t.Fatalf("the seat that came and went keeps %d asides, want 1 to %d", len(mine), asidesKept)
	}
	if mine[0].Why != views.AsideSelf || mine[len(mine)-1].Why != views.AsideBack || mine[len(mine)-1].At != at-1 {
		t.Errorf("its asides kept are not its latest, starting with a hand-over: %+v", mine)
	}
	for i := 1; i < len(mine); i++ {
		if (mine[i].Why == views.AsideBack) == (mine[i-1].Why == views.AsideBack) {
			t.Errorf("its asides kept no longer alternate: %+v", mine)
		}
	}
}
