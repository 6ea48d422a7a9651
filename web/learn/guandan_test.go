package learn

import (
	"errors"
	"slices"
	"testing"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// TestGuandanLessonIsARealMatch walks the lesson making each step's move: every move is one
// the engine accepts at the visitor's turn, the plays are the combinations each step names
// (by the engine's reading), and the first deal ends with the visitor first and North second,
// which promotes their team three levels (RULES.md "Promotion"), so that the second deal
// opens with a double tribute the visitor answers with a return.
func TestGuandanLessonIsARealMatch(t *testing.T) {
	l := Guandan()
	kinds := map[string]gd.Kind{"single": gd.Single, "pair": gd.Pair, "triple": gd.Triple, "tube": gd.Tube, "fullhouse": gd.FullHouse, "bomb": gd.Bomb, "wild": gd.Straight}
	for n := 1; n <= l.Len(); n++ {
		s, p, err := l.At(n)
		if err != nil {
			t.Fatal(err)
		}
		want := l.Expected(n)
		if !s.Reads() && want.Kind != gd.ActNextDeal && p.Match.ToAct() != 0 {
			t.Errorf("step %d (%s): seat %d is to act", n, s.Key, p.Match.ToAct())
		}
		if k, ok := kinds[s.Key]; ok {
			_, ev, err := p.Match.Apply(want)
			if err != nil || len(ev) == 0 || ev[0].Play.Reading.Kind != k {
				t.Errorf("step %d (%s): the play is read %v (%v), want %v", n, s.Key, ev, err, k)
			}
		}
		if o, err := l.Try(n, want); !s.Reads() && (o != Right || err != nil) {
			t.Errorf("step %d (%s): the expected move gives %v, %v", n, s.Key, o, err)
		}
	}
	// The combinations the visitor meets on the table rather than plays: West's plate and
	// straight, each the trick the step is about.
	for key, k := range map[string]gd.Kind{"plate": gd.Plate, "straight": gd.Straight} {
		_, p, _ := l.At(stepNamed(t, l, key))
		if m := p.Match; m.LastSeat != 3 || m.LastPlay.Reading.Kind != k {
			t.Errorf("step %s: the play to beat is seat %d's %v, want West's %v", key, m.LastSeat, m.LastPlay.Reading, k)
		}
	}
	w := stepNamed(t, l, "wild")
	_, wild, _ := l.At(w)
	if !l.Expected(w).Cards.Has(gd.NewCard(gd.Two, gd.Hearts, 0)) || !gd.NewCard(gd.Two, gd.Hearts, 0).IsWild(wild.Match.Level) {
		t.Error("the wild step's straight holds no wild card")
	}
	_, over, _ := l.At(stepNamed(t, l, "out"))
	if got := over.Match.Finish; len(got) != 2 || got[0] != 0 || got[1] != 2 {
		t.Errorf("the first deal's finish %v, want you then North", got)
	}
	_, second, _ := l.At(l.Len())
	m := second.Match
	if m.Levels != [2]gd.Rank{gd.Five, gd.Two} || m.Level != gd.Five {
		t.Errorf("second deal at %v, levels %v, want 5 and [5 2]", m.Level, m.Levels)
	}
	paid := 0
	for _, e := range m.TributeLog {
		if e.Kind == gd.EvTribute {
			paid++
		}
	}
	if paid != 2 || m.Phase() != gd.PhaseReturn || m.ToAct() != 0 {
		t.Errorf("second deal: %d tributes, phase %v, seat %d to act; want a double tribute and the visitor to return", paid, m.Phase(), m.ToAct())
	}
	if !gd.CanReturn(m.Level, m.Hands[0], l.Expected(l.Len()).Card) {
		t.Error("the return asked for is not one the rules allow")
	}
}

// TestGuandanWrongMoves: a legal play that is not the step's is Wrong; cards that are no
// combination, or do not beat the trick, are Refused with the engine's error.
func TestGuandanWrongMoves(t *testing.T) {
	l := Guandan()
	play := func(cards string) gd.Action {
		return gd.Action{Kind: gd.ActPlay, Cards: mustCards(cards)}
	}
	cases := []struct {
		step int
		a    gd.Action
		want Outcome
		err  error
	}{
		{3, play("7C"), Wrong, nil},
		{3, play("3S 7C"), Refused, gd.ErrIllegalPlay},
		{3, gd.Action{Kind: gd.ActPass}, Refused, gd.ErrMustLead},
		{4, play("AS"), Wrong, nil},
		{4, play("7C"), Refused, gd.ErrDoesNotBeat},
		{5, play("9S 9D"), Wrong, nil},
		{stepNamed(t, l, "triple"), play("9S 9D 9C"), Wrong, nil},
		{stepNamed(t, l, "tube"), play("3H 3D 4S 4H"), Refused, gd.ErrIllegalPlay},
		{stepNamed(t, l, "plate"), play("TH JS QD AS 2H"), Refused, gd.ErrDoesNotBeat},
		{stepNamed(t, l, "wild"), play("TH JS QD AS"), Refused, gd.ErrIllegalPlay},
		{l.Len(), gd.Action{Kind: gd.ActReturn, Card: mustCards("RJ").Cards()[0]}, Refused, gd.ErrBadReturn},
		{1, play("3S"), Wrong, nil},
	}
	for _, c := range cases {
		o, err := l.Try(c.step, c.a)
		if o != c.want || (c.err != nil && !errors.Is(err, c.err)) {
			t.Errorf("step %d %v: %v, %v; want %v, %v", c.step, c.a, o, err, c.want, c.err)
		}
	}
	// Either copy of a card will do.
	_, p, _ := l.At(3)
	if !p.Match.Hands[0].Has(mustCards("3S").Cards()[0]) {
		t.Fatal("the visitor holds no 3S")
	}
	if _, err := l.Try(0, play("3S")); !errors.Is(err, ErrNoStep) {
		t.Errorf("step 0: %v", err)
	}
}

// TestGuandanReturnAnyWeakest: at the return, any of the weakest cards is right (they differ
// only by suit); a stronger card that may be returned is Wrong.
func TestGuandanReturnAnyWeakest(t *testing.T) {
	l := Guandan()
	n := l.Len()
	_, p, _ := l.At(n)
	want := l.Expected(n)
	m := p.Match
	var same, stronger int
	for _, c := range gd.Returnable(m.Level, m.Hands[0]).Cards() {
		o, err := l.Try(n, gd.Action{Kind: gd.ActReturn, Card: c})
		switch weakest := gd.CardStrength(c, m.Level) == gd.CardStrength(want.Card, m.Level); {
		case weakest && o == Right:
			same++
		case !weakest && o == Wrong:
			stronger++
		default:
			t.Errorf("returning %s: %v, %v", c, o, err)
		}
	}
	if same == 0 || stronger == 0 {
		t.Errorf("%d weakest and %d stronger returnable cards: the step teaches no choice", same, stronger)
	}
}

// stepNamed is the number of the lesson's step with key.
func stepNamed(t *testing.T, l *GuandanLesson, key string) int {
	t.Helper()
	for i, s := range l.Steps {
		if s.Key == key {
			return i + 1
		}
	}
	t.Fatalf("no step %q", key)
	return 0
}

// TestGuandanLessonNamesTheNewWildCard: the step that deals the second deal tells the visitor
// which card is wild from now on. The first steps teach "the 2 of Hearts is wild" at level 2;
// the second deal, and the return that step asks for ("a 2 to 10 that is not wild"), are at
// level 5, where the 2 of Hearts is an ordinary card and the 5 of Hearts is wild.
func TestGuandanLessonNamesTheNewWildCard(t *testing.T) {
	l := Guandan()
	n := stepNamed(t, l, "next")
	s, p, _ := l.At(n)
	next, _, err := p.Match.Apply(l.Expected(n))
	if err != nil {
		t.Fatal(err)
	}
	wild := "card:" + gd.NewCard(next.Level, gd.Hearts, 0).String()
	if !slices.Contains(s.Args, wild) || !slices.Contains(s.Marks, "levels") {
		t.Errorf("the next-deal step's args %v and marks %v do not name the new wild card %s and the level", s.Args, s.Marks, wild)
	}
}

// TestGuandanSameRanksOtherSuits: at a step that asks for a play, a legal play of the same
// ranks in other suits (the three 9s with another King, another 3 as the single) is as good
// to a newcomer told that suits do not matter. The lesson goes on from the script's cards, so
// such a play may be turned down only when the step's own text names each card it asks to
// keep (its Args), and the lesson's later steps need them.
func TestGuandanSameRanksOtherSuits(t *testing.T) {
	l := Guandan()
	for n := 1; n <= l.Len(); n++ {
		s, p, _ := l.At(n)
		want := l.Expected(n)
		if want.Kind != gd.ActPlay {
			continue
		}
		// Each of the play's cards swapped for a card of its rank in another suit.
		hand := p.Match.Hands[0]
		for _, c := range want.Cards.Cards() {
			for _, d := range hand.Cards() {
				if d.Rank() != c.Rank() || d.Suit() == c.Suit() || want.Cards.Has(d) {
					continue
				}
				alt := want.Cards
				alt.Remove(c)
				alt.Add(d)
				o, err := l.Try(n, gd.Action{Kind: gd.ActPlay, Cards: alt})
				if err != nil {
					t.Errorf("step %d (%s): %s refused: %v", n, s.Key, faces(alt), err)
				}
				if o != Right && !slices.Contains(s.Args, "card:"+d.String()) {
					t.Errorf("step %d (%s): %s is turned down, but the step does not say to keep the %s", n, s.Key, faces(alt), d)
				}
			}
		}
	}
}

// TestGuandanWildStandIn: at the pair step (West's 6s to beat, your 7♣ 7♦ asked for), the
// pair of 7s made with the wild 2♥ is the asked pair with the wild standing in ("wild"), a
// pair of higher natural cards is another pair ("pair"), and the asked 7s themselves are no
// wrong move at all.
func TestGuandanWildStandIn(t *testing.T) {
	l := Guandan()
	n := stepNamed(t, l, "pair")
	_, p, _ := l.At(n)
	hand := p.Match.Hands[0]
	pick := func(names ...string) gd.Set {
		t.Helper()
		var s gd.Set
		for _, name := range names {
			c, err := gd.ParseCard(name)
			if err != nil {
				t.Fatal(err)
			}
			if !hand.Has(c) || s.Has(c) {
				c = gd.NewCard(c.Rank(), c.Suit(), 1) // the other copy
			}
			if !hand.Has(c) || s.Has(c) {
				t.Fatalf("the pair step's hand has no %s", name)
			}
			s.Add(c)
		}
		return s
	}
	play := func(s gd.Set) gd.Action { return gd.Action{Kind: gd.ActPlay, Cards: s} }
	if got := l.Did(n, play(pick("7C", "2H"))); got != "wild" {
		t.Errorf("7♣ and the wild 2♥ at the pair step: %q, want wild", got)
	}
	if got := l.Did(n, play(pick("KH", "KH"))); got != "pair" {
		t.Errorf("a pair of Kings at the pair step: %q, want pair", got)
	}
	if o, err := l.Try(n, play(pick("7C", "7D"))); o != Right || err != nil {
		t.Errorf("the asked 7s: %v, %v", o, err)
	}
}
