package learn

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// GuandanPosition is the table at one step of the Guandan lesson.
type GuandanPosition struct {
	// Match is the real engine's match, the visitor at seat 0.
	Match gd.Match
	// Deal is the current deal's events so far, from the deal on; Since is where the events
	// after the visitor's last move begin in it (what the page replays).
	Deal  []gd.Event
	Since int
	// Moved tells whether the table changed since the step before.
	Moved bool
}

// GuandanLesson is the Guandan lesson: its steps, the move each asks for and the position
// each starts from.
type GuandanLesson struct {
	Steps     []Step
	expect    []gd.Action
	positions []GuandanPosition
}

// guandanBeat is one beat of the Guandan script: an AI seat's action, the AI's returns of a
// tribute, or a step of the visitor's.
type guandanBeat struct {
	ai      *gd.Action
	returns bool
	step    *Step
}

func gplay(seat int, cards string) guandanBeat {
	return guandanBeat{ai: &gd.Action{Kind: gd.ActPlay, Seat: seat, Cards: mustCards(cards)}}
}

func gpass(seat int) guandanBeat { return guandanBeat{ai: &gd.Action{Kind: gd.ActPass, Seat: seat}} }

func gstep(s Step) guandanBeat { return guandanBeat{step: &s} }

func mustCards(s string) gd.Set {
	set, err := gd.ParseCards(s)
	if err != nil {
		panic(err)
	}
	return set
}

// guandanHands are the first deal's hands, at level 2, the visitor to lead: the visitor's
// 26 cards are one combination of each kind the lesson teaches (so that every play is one
// idea and there is no other reading of it to choose; the full house's two Kings are the only
// Kings, the wild straight's missing card is the King), the AI seats' hands short, so that the
// deal ends within a few tricks. The cards are distinct cards of the two packs (a face
// written twice in one hand is both copies).
var guandanHands = [4]string{
	"3S 7C 7D 6S 6S 6H 3H 3D 4S 4H 5S 5H 9S 9D 9C KH KH 8S 8H 8C 8D TH JS QD AS 2H",
	"TC QS QH QC 7H 7H 2C AD",
	"KS 4C 4C AH",
	"6D 6D BJ BJ RJ RJ TS TD TD JC JC JD 3C 4D 5C 6C 7S 9H KD",
}

// guandanSeed is the match's generator state after the lesson's first deal: it shuffles the
// second deal, in which the visitor receives a tribute (TestGuandanLessonIsARealMatch checks
// that it is paid, not refused).
const guandanSeed = 7

// guandanScript is the lesson. The first deal teaches the combinations one at a time (the
// visitor plays each, or meets it on the table), passing to a partner, bombs, the joker bomb,
// a wild card in a straight and going out first; the second, dealt by the engine from its
// generator, the tribute and the return.
var guandanScript = []guandanBeat{
	gstep(Step{Key: "intro", Marks: []string{"seat2", "hand"}}),
	gstep(Step{Key: "order", Marks: []string{"levels", "hand", "card:2H"}, Args: []string{"card:2H"}}),
	// The single is the 3 of Spades, and the step says to keep the other two 3s: the tube needs
	// them (the lesson goes on from its own cards, whichever 3 the visitor would rather play).
	gstep(Step{Key: "single", Move: "play 3S", Marks: []string{"card:3S", "button"}, Args: []string{"kind:single", "card:3S", "card:3H", "card:3D"}, Explains: []string{"single"}}),
	gplay(1, "TC"), gplay(2, "KS"), gpass(3),
	gstep(Step{Key: "partner", Move: "pass", Marks: []string{"seat2", "trick", "pass"}}),
	gpass(1),
	gplay(2, "4C 4C"), gplay(3, "6D 6D"),
	gstep(Step{Key: "pair", Move: "play 7C 7D", Marks: []string{"card:7C", "card:7D", "trick", "button"}, Args: []string{"kind:pair"}, Explains: []string{"pair"}}),
	gpass(1), gpass(2), gpass(3),
	gstep(Step{Key: "triple", Move: "play 6S 6S 6H", Marks: []string{"card:6S", "card:6H", "button"}, Args: []string{"kind:triple"}, Explains: []string{"triple"}}),
	gpass(1), gpass(2), gpass(3),
	gstep(Step{Key: "tube", Move: "play 3H 3D 4S 4H 5S 5H", Marks: []string{"card:3H", "card:3D", "card:4S", "card:4H", "card:5S", "card:5H", "button"}, Args: []string{"kind:tube"}, Explains: []string{"tube"}}),
	gpass(1), gpass(2), gpass(3),
	gstep(Step{Key: "fullhouse", Move: "play 9S 9D 9C KH KH", Marks: []string{"card:9S", "card:9D", "card:9C", "card:KH", "button"}, Args: []string{"kind:full-house"}, Explains: []string{"full-house"}}),
	gplay(1, "QS QH QC 7H 7H"), gpass(2), gpass(3),
	gstep(Step{Key: "bomb", Move: "play 8S 8H 8C 8D", Marks: []string{"card:8S", "card:8H", "card:8C", "card:8D", "trick", "button"}, Args: []string{"kind:bomb"}, Explains: []string{"bomb"}}),
	gpass(1), gpass(2), gplay(3, "BJ BJ RJ RJ"),
	gstep(Step{Key: "jokerbomb", Move: "pass", Marks: []string{"trick", "pass"}, Args: []string{"kind:joker-bomb", "kind:straight-flush"}, Explains: []string{"joker-bomb", "straight-flush"}}),
	gpass(1), gpass(2),
	gplay(3, "TS TD TD JC JC JD"),
	gstep(Step{Key: "plate", Move: "pass", Marks: []string{"trick", "pass"}, Args: []string{"kind:plate"}, Explains: []string{"plate"}}),
	gpass(1), gpass(2),
	gplay(3, "3C 4D 5C 6C 7S"),
	gstep(Step{Key: "straight", Marks: []string{"trick"}, Args: []string{"kind:straight"}, Explains: []string{"straight"}}),
	gstep(Step{Key: "wild", Move: "play TH JS QD AS 2H", Marks: []string{"card:TH", "card:JS", "card:QD", "card:AS", "card:2H", "button"}, Args: []string{"card:2H"}}),
	gpass(1), gpass(2), gpass(3), gplay(2, "AH"),
	gstep(Step{Key: "out", Marks: []string{"summary"}}),
	gstep(Step{Key: "levels", Marks: []string{"levels", "summary"}}),
	gstep(Step{Key: "next", Move: "next", Marks: []string{"levels", "button"}, Args: []string{"card:5H"}}),
	{returns: true},
	gstep(Step{Key: "tribute", Marks: []string{"tribute"}}),
	gstep(Step{Key: "return", Move: "return", Marks: []string{"hand", "button"}}),
}

// Guandan is the Guandan lesson, built once (see Asnas).
var Guandan = sync.OnceValue(func() *GuandanLesson {
	l, err := buildGuandan(guandanScript)
	if err != nil {
		panic(err)
	}
	return l
})

// buildGuandan plays the script through the engine, keeping each step's position and the
// action it expects.
func buildGuandan(script []guandanBeat) (*GuandanLesson, error) {
	var hands [4]gd.Set
	var all gd.Set
	for i, s := range guandanHands {
		hands[i] = mustCards(s)
		if !all.Intersect(hands[i]).IsEmpty() {
			return nil, fmt.Errorf("learn: hand %d repeats a card", i)
		}
		all = all.Union(hands[i])
	}
	m, deal := gd.Resume(gd.DealStart{RNG: guandanSeed, Levels: [2]gd.Rank{gd.Two, gd.Two}, Level: gd.Two, DealNo: 1, Given: true, Hands: hands, Leader: 0})
	l := &GuandanLesson{}
	since, moved := 0, true
	apply := func(a gd.Action) error {
		next, ev, err := m.Apply(a)
		if err != nil {
			return err
		}
		if a.Kind == gd.ActNextDeal {
			deal, since = nil, 0
		}
		if a.Seat == 0 && a.Kind != gd.ActNextDeal {
			since = len(deal)
		}
		m, deal = next, append(slices.Clip(deal), ev...)
		return nil
	}
	for i, b := range script {
		switch {
		case b.ai != nil:
			if m.ToAct() != b.ai.Seat {
				return nil, fmt.Errorf("learn: beat %d: seat %d is to act, not %d", i, m.ToAct(), b.ai.Seat)
			}
			if err := apply(*b.ai); err != nil {
				return nil, fmt.Errorf("learn: beat %d: %w", i, err)
			}
		case b.returns:
			// The AI receivers give back their weakest card that may be returned.
			for m.Phase() == gd.PhaseReturn && m.ToAct() != 0 {
				s := m.ToAct()
				if err := apply(gd.Action{Kind: gd.ActReturn, Seat: s, Card: weakestReturn(m, s)}); err != nil {
					return nil, fmt.Errorf("learn: beat %d: %w", i, err)
				}
			}
		default:
			st := *b.step
			a, err := expected(m, st.Move)
			if err != nil {
				return nil, fmt.Errorf("learn: step %q: %w", st.Key, err)
			}
			if a.Kind == gd.ActReturn {
				st.Marks = append(slices.Clip(st.Marks), "card:"+a.Card.String())
				st.Args = []string{"card:" + a.Card.String()}
			}
			st.Wrongs = wrongs(m, a)
			l.Steps = append(l.Steps, st)
			l.expect = append(l.expect, a)
			l.positions = append(l.positions, GuandanPosition{Match: m, Deal: slices.Clone(deal), Since: since, Moved: moved})
			moved = !st.Reads()
			if !st.Reads() {
				if err := apply(a); err != nil {
					return nil, fmt.Errorf("learn: step %q: %w", st.Key, err)
				}
			}
		}
	}
	return l, nil
}

// expected is the action a step's move names, with the visitor's own cards (the copy in the
// hand of a card named by face); a return takes the weakest card that may be returned.
func expected(m gd.Match, move string) (gd.Action, error) {
	verb, rest, _ := strings.Cut(move, " ")
	switch verb {
	case "":
		return gd.Action{}, nil
	case "pass":
		return gd.Action{Kind: gd.ActPass, Seat: 0}, nil
	case "next":
		return gd.Action{Kind: gd.ActNextDeal, Seat: 0}, nil
	case "return":
		if m.Phase() != gd.PhaseReturn || m.ToAct() != 0 {
			return gd.Action{}, fmt.Errorf("the visitor has nothing to return")
		}
		return gd.Action{Kind: gd.ActReturn, Seat: 0, Card: weakestReturn(m, 0)}, nil
	case "play":
		hand := m.Hands[0]
		var cards gd.Set
		for _, c := range mustCards(rest).Cards() {
			if !hand.Has(c) {
				c = gd.NewCard(c.Rank(), c.Suit(), 1-c.Copy())
			}
			if !hand.Has(c) || cards.Has(c) {
				return gd.Action{}, fmt.Errorf("%s is not in the hand", c)
			}
			cards.Add(c)
		}
		return gd.Action{Kind: gd.ActPlay, Seat: 0, Cards: cards}, nil
	}
	return gd.Action{}, fmt.Errorf("unknown move %q", move)
}

// wrongs are the kinds of legal move other than want that the visitor can make at m (see
// Step.Wrongs), in the order met: every play the engine lists, a pass, another card to return.
func wrongs(m gd.Match, want gd.Action) []string {
	var out []string
	add := func(kind string) {
		if kind != "" && !slices.Contains(out, kind) {
			out = append(out, kind)
		}
	}
	switch want.Kind {
	case gd.ActPass:
		add("play") // Play with or without cards: the step's words say to pass
	case gd.ActPlay:
		for _, p := range m.LegalPlays(0) {
			if faces(p.Cards) != faces(want.Cards) {
				add(did(m, want, gd.Action{Kind: gd.ActPlay, Seat: 0, Cards: p.Cards, Reading: p.Reading}))
			}
		}
		if !m.Leading() {
			add("pass")
		}
	case gd.ActReturn:
		for _, c := range gd.Returnable(m.Level, m.Hands[0]).Cards() {
			if gd.CardStrength(c, m.Level) != gd.CardStrength(want.Card, m.Level) {
				add("return")
			}
		}
	}
	return out
}

// did names the kind of a legal move a, made at m where the step asks for want (see
// Step.Wrongs); "" for a move the engine refuses.
func did(m gd.Match, want, a gd.Action) string {
	a.Seat = 0
	switch {
	case a.Kind == gd.ActPlay && want.Kind != gd.ActPlay:
		return "play"
	case a.Kind == gd.ActPass:
		return "pass"
	case a.Kind == gd.ActReturn:
		return "return"
	case a.Kind != gd.ActPlay:
		return ""
	}
	read := func(a gd.Action) gd.Reading {
		if _, ev, err := m.Apply(a); err == nil && len(ev) > 0 {
			return ev[0].Play.Reading
		}
		return gd.Reading{}
	}
	r, w := read(a), read(want)
	switch {
	case r.IsZero():
		return ""
	case r == w && a.Cards.Wilds(m.Level) > want.Cards.Wilds(m.Level):
		// The asked combination, the wild card standing in for a natural card: "a bigger
		// pair would do" would not fit a pair of the very rank asked for.
		return "wild"
	case r.Kind == w.Kind:
		return r.Kind.String()
	case r.IsBomb() && !m.Leading():
		return "bomb"
	}
	return "other"
}

// Did names the kind of a legal move a made at step n that is not the one asked for (one of
// the step's Wrongs, whose Reason says why it is turned down); "" for any other.
func (l *GuandanLesson) Did(n int, a gd.Action) string {
	s, p, err := l.At(n)
	if err != nil || s.Reads() {
		return ""
	}
	// Play with nothing selected where a pass is asked is "play" too, as any play there.
	return did(p.Match, l.Expected(n), a)
}

// weakestReturn is the weakest card seat may give back, the lowest of equals by card order.
func weakestReturn(m gd.Match, seat int) gd.Card {
	ok := gd.Returnable(m.Level, m.Hands[seat]).Cards()
	return slices.MinFunc(ok, func(a, b gd.Card) int {
		if d := gd.CardStrength(a, m.Level) - gd.CardStrength(b, m.Level); d != 0 {
			return d
		}
		return int(a) - int(b)
	})
}

// Len is the number of steps.
func (l *GuandanLesson) Len() int { return len(l.Steps) }

// StepOf is the number of the first step that explains topic (a combination's kind, as
// gd.Kind names it), 0 for none.
func (l *GuandanLesson) StepOf(topic string) int { return stepOf(l.Steps, topic) }

// At is step n (1 to Len) and the position it starts from.
func (l *GuandanLesson) At(n int) (Step, GuandanPosition, error) {
	if n < 1 || n > len(l.Steps) {
		return Step{}, GuandanPosition{}, ErrNoStep
	}
	return l.Steps[n-1], l.positions[n-1], nil
}

// Expected is the action step n asks for (the zero Action for a step that is only read).
func (l *GuandanLesson) Expected(n int) gd.Action { return l.expect[n-1] }

// Try judges an action of the visitor's at step n. The engine judges it first, on a copy: a
// refusal returns its error (a play that is no combination, that does not beat the trick, a
// card that may not be returned), and nothing changes. A legal action is Right when it is the
// one asked for (the same cards by face: either copy of a card will do), else Wrong.
func (l *GuandanLesson) Try(n int, a gd.Action) (Outcome, error) {
	s, p, err := l.At(n)
	if err != nil {
		return Refused, err
	}
	if s.Reads() {
		return Wrong, nil
	}
	a.Seat = 0
	if _, _, err := p.Match.Apply(a); err != nil {
		return Refused, err
	}
	want := l.Expected(n)
	if a.Kind == want.Kind && faces(a.Cards) == faces(want.Cards) && a.Card.String() == want.Card.String() {
		return Right, nil
	}
	// Any of the weakest cards will do for a return: they differ only by suit. (The lesson
	// goes on from the script's card, which is why a return is its last step.)
	if a.Kind == gd.ActReturn && want.Kind == gd.ActReturn && gd.CardStrength(a.Card, p.Match.Level) == gd.CardStrength(want.Card, p.Match.Level) {
		return Right, nil
	}
	return Wrong, nil
}

// faces names a set's cards by face, sorted, so that the two copies of a card are alike.
func faces(s gd.Set) string {
	var out []string
	for _, c := range s.Cards() {
		out = append(out, c.String())
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}
