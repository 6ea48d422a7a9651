package learn

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/cardavia/cardavia/rules/asnas"
)

// TestAsnasLessonIsARealMatch walks the lesson making each step's move and checks, step by
// step, that the position is the engine's: the visitor is to act on every step that asks a
// verb, the scores of each finished deal sum to zero, and the lesson ends after three deals
// with the totals the rules give (RULES.md "Settlement").
func TestAsnasLessonIsARealMatch(t *testing.T) {
	l := Asnas()
	if l.Len() < 10 {
		t.Fatalf("the lesson has %d steps", l.Len())
	}
	for n := 1; n <= l.Len(); n++ {
		s, p, err := l.At(n)
		if err != nil {
			t.Fatal(err)
		}
		switch s.Move {
		case "":
		case "next":
			if !p.Match.DealOver() {
				t.Errorf("step %d (%s) asks for the next deal during a deal", n, s.Key)
			}
		default:
			v, _ := asnas.ParseVerb(s.Move)
			if p.Match.ToAct() != 0 {
				t.Errorf("step %d (%s): seat %d is to act", n, s.Key, p.Match.ToAct())
			}
			legal := p.Match.Deal.Legal(0)
			if len(legal) < 2 {
				t.Errorf("step %d (%s): only %v is legal, nothing to choose", n, s.Key, legal)
			}
			found := false
			for _, lv := range legal {
				found = found || lv == v
			}
			if !found {
				t.Errorf("step %d (%s): %s is not among %v", n, s.Key, s.Move, legal)
			}
		}
		move := s.Move
		if move == "" {
			move = "continue"
		}
		if o, err := l.Try(n, move); o != Right || err != nil {
			t.Errorf("step %d (%s): the expected move %q gives %v, %v", n, s.Key, move, o, err)
		}
	}
	_, last, _ := l.At(l.Len())
	m := last.Match
	if m.DealNo != 3 || !m.DealOver() {
		t.Fatalf("the lesson ends at deal %d, over %v", m.DealNo, m.DealOver())
	}
	want := [4]asnas.Score{asnas.Points(4), asnas.Points(-3), asnas.Points(0), asnas.Points(-1)}
	if m.Totals != want {
		t.Errorf("totals %v, want %v", m.Totals, want)
	}
	r := m.Results
	if !r[0].Showdown || r[0].Winners[0] != 0 || r[0].Pot != 8 {
		t.Errorf("deal 1: %+v, want a showdown the visitor wins, pot 8", r[0])
	}
	if !r[1].Showdown || !slices.Equal(r[1].Winners, []int{1, 2}) {
		t.Errorf("deal 2: %+v, want a showdown East and North tie", r[1])
	}
	if r[2].Showdown || r[2].Winners[0] != 3 || r[2].Hands[3] != (asnas.Hand{}) {
		t.Errorf("deal 3: %+v, want West uncontested, the hand hidden", r[2])
	}
}

// TestAsnasWrongMoves: every other legal verb at a step is Wrong, an illegal one is Refused
// with the engine's error, and a step number outside the lesson is ErrNoStep.
func TestAsnasWrongMoves(t *testing.T) {
	l := Asnas()
	for n := 1; n <= l.Len(); n++ {
		s, p, _ := l.At(n)
		if s.Reads() {
			if o, _ := l.Try(n, "call"); o != Wrong {
				t.Errorf("step %d: a verb on a step to read gives %v", n, o)
			}
			continue
		}
		if s.Move == "next" {
			if o, err := l.Try(n, "fold"); o != Refused || !errors.Is(err, asnas.ErrOver) {
				t.Errorf("step %d: fold after the deal gives %v, %v", n, o, err)
			}
			continue
		}
		for _, v := range p.Match.Deal.Legal(0) {
			if v.String() == s.Move {
				continue
			}
			if o, err := l.Try(n, v.String()); o != Wrong || err != nil {
				t.Errorf("step %d (%s): %s gives %v, %v", n, s.Key, v, o, err)
			}
		}
		if o, err := l.Try(n, "next"); o != Refused || !errors.Is(err, asnas.ErrDealNotOver) {
			t.Errorf("step %d: next during the deal gives %v, %v", n, o, err)
		}
	}
	if _, err := l.Try(0, "look"); !errors.Is(err, ErrNoStep) {
		t.Errorf("step 0: %v", err)
	}
	if _, _, err := l.At(l.Len() + 1); !errors.Is(err, ErrNoStep) {
		t.Errorf("step past the end: %v", err)
	}
}

// TestAsnasLessonSplitsATiedPot: the lesson has a step on ties (it explains "ties"), and the
// showdown it speaks of is a real one by the engine: two best hands that compare equal, the
// pot shared equally between them (RULES.md "Settlement"), and the visitor's hand tied with
// another that loses, as the step says.
func TestAsnasLessonSplitsATiedPot(t *testing.T) {
	l := Asnas()
	n := l.StepOf("ties")
	if n == 0 {
		t.Fatal("no step of the lesson explains ties")
	}
	s, p, _ := l.At(n)
	if s.Key != "tie" || !p.Match.DealOver() {
		t.Fatalf("step %d (%s): the deal is over %v", n, s.Key, p.Match.DealOver())
	}
	r := p.Match.Results[len(p.Match.Results)-1]
	if !r.Showdown || len(r.Winners) != 2 {
		t.Fatalf("the step's deal: %+v, want a showdown two hands win", r)
	}
	a, b := r.Winners[0], r.Winners[1]
	if asnas.Compare(r.Hands[a], r.Hands[b]) != 0 {
		t.Errorf("the winners' hands %v and %v do not tie", r.Hands[a], r.Hands[b])
	}
	if named := []string{fmt.Sprintf("seat:%d", a), fmt.Sprintf("seat:%d", b)}; !slices.Equal(s.Args[:2], named) {
		t.Errorf("the step names %q, the winners are %q", s.Args[:2], named)
	}
	if r.Pot != 4 {
		t.Errorf("the step says 2 each from a pot of 4; the pot is %d", r.Pot)
	}
	for _, w := range r.Winners {
		if got := r.Net[w] + asnas.Points(r.Stakes[w]); got != asnas.Points(2) {
			t.Errorf("seat %d takes %v of the pot of %d, want 2", w, got, r.Pot)
		}
	}
	if asnas.Compare(r.Hands[0], r.Hands[3]) != 0 || asnas.Compare(r.Hands[0], r.Hands[a]) >= 0 || r.Net[0] != -asnas.Points(1) {
		t.Errorf("the visitor's %v should tie West's %v and lose, -1: %v", r.Hands[0], r.Hands[3], r.Net[0])
	}
}
