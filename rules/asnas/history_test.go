package asnas

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"
)

// TestHistoryBound walks every betting sequence of a deal, each seat looking before its first
// bet, and checks that the longest needs exactly MaxHistory entries: the bound holds and is
// tight.
func TestHistoryBound(t *testing.T) {
	longest := 0
	var walk func(d Deal)
	walk = func(d Deal) {
		if d.Over() {
			longest = max(longest, d.History.Len())
			return
		}
		s := d.ToAct()
		if !d.Looked[s] {
			d, _, _ = d.Apply(Action{Seat: s, Verb: Look})
		}
		for _, v := range d.Legal(s) {
			next, _, err := d.Apply(Action{Seat: s, Verb: v})
			if err != nil {
				t.Fatal(err)
			}
			walk(next)
		}
	}
	walk(NewDeal(3, 0))
	if longest != MaxHistory {
		t.Errorf("the longest deal records %d actions, MaxHistory is %d", longest, MaxHistory)
	}
}

// TestHistoryRecordsPublicActions: the history lists every accepted action, looks included, in
// order, never a refused one, and every seat's view carries the same history.
func TestHistoryRecordsPublicActions(t *testing.T) {
	d := NewDeal(7, 2) // seat 3 acts first
	played := []Action{{3, Look}, {3, Raise}, {0, Call}, {1, Look}, {1, Fold}, {2, Fold}}
	for _, a := range played {
		var err error
		if d, _, err = d.Apply(a); err != nil {
			t.Fatal(err)
		}
		if _, _, err := d.Apply(Action{Seat: (d.ToAct() + 1) % 4, Verb: Fold}); !d.Over() && !errors.Is(err, ErrNotYourTurn) {
			t.Fatalf("out-of-turn fold: %v", err)
		}
	}
	if got := d.History.Actions(); !reflect.DeepEqual(got, played) {
		t.Errorf("history %v, want %v", got, played)
	}
	for s := range NumSeats {
		if got := d.View(s).History; !reflect.DeepEqual(got, played) {
			t.Errorf("seat %d sees history %v, want %v", s, got, played)
		}
	}
	data, _ := json.Marshal(d.History)
	if string(data) != `["3:look","3:raise","0:call","1:look","1:fold","2:fold"]` {
		t.Errorf("history JSON %s", data)
	}
}

func TestHistoryJSONRefusesNonsense(t *testing.T) {
	for _, in := range []string{`["9:call"]`, `["0:jump"]`, `["call"]`, `{}`,
		`["0:call","0:call","0:call","0:call","0:call","0:call","0:call","0:call","0:call","0:call","0:call","0:call","0:call","0:call","0:call","0:call","0:call","0:call","0:call","0:call","0:call"]`} {
		var h History
		if err := json.Unmarshal([]byte(in), &h); err == nil {
			t.Errorf("%s was accepted as %v", in, h.Actions())
		}
	}
	// A deal stored before histories were kept has none.
	var d Deal
	if err := json.Unmarshal([]byte(`{"dealer":1,"turn":2,"high_bet":1}`), &d); err != nil || d.History.Len() != 0 {
		t.Errorf("old deal: %v, %v", err, d.History.Actions())
	}
}

// TestNextDealRefusedMidPlay: NextDeal refuses while the deal is still being bet, also after
// some actions and with only two players left, and leaves the match as it was.
func TestNextDealRefusedMidPlay(t *testing.T) {
	m := NewMatch(5)
	first := m.ToAct()
	for _, v := range []Verb{Look, Raise, Fold, Fold} {
		var err error
		if m, _, err = m.Apply(Action{Seat: m.ToAct(), Verb: v}); err != nil {
			t.Fatal(err)
		}
		if m.DealOver() {
			t.Fatalf("the deal ended early: %v", m)
		}
		next, ev, err := m.NextDeal()
		if !errors.Is(err, ErrDealNotOver) || ev != nil || next.DealNo != 1 || next.Deal != m.Deal {
			t.Fatalf("NextDeal mid-play after %v: %v, deal %d", v, err, next.DealNo)
		}
	}
	if m.Deal.Stakes[first] != 2 {
		t.Fatalf("setup: stakes %v", m.Deal.Stakes)
	}
}
