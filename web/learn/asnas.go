package learn

import (
	"fmt"
	"slices"
	"sync"

	"github.com/cardavia/cardavia/rules/asnas"
)

// AsnasPosition is the table at one step of the As-Nas lesson.
type AsnasPosition struct {
	// Match is the real engine's match, the visitor at seat 0.
	Match asnas.Match
	// Log is the current deal's events so far, from the deal on.
	Log []asnas.Event
	// Moved tells whether the table changed since the step before (a move was made), so that
	// the page replays what the others did; a step that follows a step only read shows the
	// same table again and replays nothing.
	Moved bool
}

// AsnasLesson is the As-Nas lesson: its steps and the position each one starts from.
type AsnasLesson struct {
	Steps     []Step
	positions []AsnasPosition
}

// asnasBeat is one beat of the As-Nas script: a deal laid out, an AI seat's action, or a step
// of the visitor's.
type asnasBeat struct {
	dealer int
	hands  *[asnas.NumSeats]asnas.Hand
	ai     asnas.Action
	step   *Step
}

func deal(dealer int, hands ...string) asnasBeat {
	var h [asnas.NumSeats]asnas.Hand
	for i, s := range hands {
		var err error
		if h[i], err = asnas.ParseHand(s); err != nil {
			panic(err)
		}
	}
	return asnasBeat{dealer: dealer, hands: &h}
}

func ai(seat int, v asnas.Verb) asnasBeat { return asnasBeat{ai: asnas.Action{Seat: seat, Verb: v}} }

func step(s Step) asnasBeat { return asnasBeat{step: &s} }

// asnasScript is the lesson: three deals of a match. The first teaches looking, calling,
// reading the pot, raising and the showdown; the second holding (as dealer) and a showdown
// whose two best hands tie and share the pot (RULES.md "Settlement"), the visitor's hand
// among the losers; the third folding and a pot won uncontested; then the score table. The
// hands are a whole pack each deal (RULES.md: four of each rank), and every deal's dealer is
// the seat after the last one's, as in a real match.
var asnasScript = []asnasBeat{
	deal(3, "shah shah shah bibi bibi", "as as sarbaz sarbaz couli", "as bibi sarbaz couli couli", "as shah bibi sarbaz couli"),
	step(Step{Key: "ranks", Marks: []string{"ranks"}, Args: []string{"rank:as", "rank:shah", "rank:bibi", "rank:sarbaz", "rank:couli"}}),
	step(Step{Key: "ranking", Marks: []string{"ranking"}, Explains: []string{"hands"}}),
	step(Step{Key: "look", Move: "look", Marks: []string{"hand", "pot", "button"}, Args: []string{"seat:3"}}),
	step(Step{Key: "call", Move: "call", Marks: []string{"hand", "highbet", "button"}, Args: []string{"cat:full-house", "rank:shah", "rank:bibi"}}),
	ai(1, asnas.Raise), ai(2, asnas.Fold), ai(3, asnas.Call),
	step(Step{Key: "pot", Marks: []string{"pot", "highbet", "seat1", "seat2", "seat3"}, Args: []string{"seat:1", "seat:2", "seat:3"}}),
	step(Step{Key: "raise", Move: "raise", Marks: []string{"highbet", "button"}, Args: []string{"cat:full-house"}}),
	ai(1, asnas.Call), ai(3, asnas.Fold),
	step(Step{Key: "showdown", Marks: []string{"seat1", "hand", "result"}, Args: []string{"seat:1", "cat:full-house", "cat:two-pair"}}),
	step(Step{Key: "next", Move: "next", Marks: []string{"button"}}),
	deal(0, "bibi bibi shah sarbaz couli", "as as shah sarbaz couli", "as as shah sarbaz couli", "bibi bibi shah sarbaz couli"),
	ai(1, asnas.Call), ai(2, asnas.Call), ai(3, asnas.Call),
	step(Step{Key: "look2", Move: "look", Shares: "look", Marks: []string{"button", "seat1", "seat2", "seat3"}}),
	step(Step{Key: "hold", Move: "hold", Marks: []string{"hand", "highbet", "button"}, Args: []string{"cat:pair", "rank:bibi"}}),
	step(Step{Key: "tie", Marks: []string{"seat1", "seat2", "result"}, Args: []string{"seat:1", "seat:2", "cat:pair", "rank:as"}, Explains: []string{"ties"}}),
	step(Step{Key: "lost", Move: "next", Marks: []string{"hand", "seat3", "button"}, Args: []string{"rank:bibi", "rank:as", "seat:1", "seat:2"}}),
	deal(1, "shah bibi sarbaz couli couli", "as shah bibi sarbaz couli", "as bibi sarbaz sarbaz couli", "as as shah shah bibi"),
	ai(2, asnas.Call), ai(3, asnas.Raise),
	step(Step{Key: "look3", Move: "look", Shares: "look", Marks: []string{"button", "seat3"}, Args: []string{"seat:1", "seat:2", "seat:3"}}),
	step(Step{Key: "fold", Move: "fold", Marks: []string{"hand", "button"}, Args: []string{"cat:pair", "rank:couli"}}),
	ai(1, asnas.Fold), ai(2, asnas.Fold),
	step(Step{Key: "uncontested", Marks: []string{"seat3", "result"}, Args: []string{"seat:3"}}),
	step(Step{Key: "score", Marks: []string{"scores"}}),
}

// Asnas is the As-Nas lesson, built once. Building it plays the whole script through the
// engine; a script the engine refuses is a bug the tests catch, so it panics.
var Asnas = sync.OnceValue(func() *AsnasLesson {
	l, err := buildAsnas(asnasScript)
	if err != nil {
		panic(err)
	}
	return l
})

// buildAsnas plays the script, keeping each step's position.
func buildAsnas(script []asnasBeat) (*AsnasLesson, error) {
	l := &AsnasLesson{}
	var m asnas.Match
	var log []asnas.Event
	moved := true
	for i, b := range script {
		switch {
		case b.hands != nil:
			if m.DealNo > 0 && !m.DealOver() {
				return nil, fmt.Errorf("learn: beat %d deals before deal %d is over", i, m.DealNo)
			}
			if m.DealNo > 0 && b.dealer != (m.Deal.Dealer+1)%asnas.NumSeats {
				return nil, fmt.Errorf("learn: beat %d: the dealer must move one seat to the right", i)
			}
			if err := wholePack(*b.hands); err != nil {
				return nil, fmt.Errorf("learn: beat %d: %w", i, err)
			}
			// The next deal as Match.NextDeal starts it, over the lesson's own hands
			// instead of a shuffle.
			m.DealNo++
			m.Deal = asnas.DealWithHands(b.dealer, *b.hands)
			log = m.Deal.OpeningEvents()
		case b.step != nil:
			st := *b.step
			if st.Move != "" && st.Move != "next" {
				// Every other verb the engine takes now is a move the step turns down.
				for _, v := range m.Deal.Legal(0) {
					if v.String() != st.Move {
						st.Wrongs = append(st.Wrongs, v.String())
					}
				}
			}
			l.Steps = append(l.Steps, st)
			l.positions = append(l.positions, AsnasPosition{Match: m, Log: slices.Clone(log), Moved: moved})
			moved = !b.step.Reads()
			switch b.step.Move {
			case "", "next":
				if b.step.Move == "next" && !m.DealOver() {
					return nil, fmt.Errorf("learn: step %q asks for the next deal during a deal", b.step.Key)
				}
			default:
				v, err := asnas.ParseVerb(b.step.Move)
				if err != nil {
					return nil, err
				}
				if m, log, err = apply(m, log, asnas.Action{Seat: 0, Verb: v}); err != nil {
					return nil, fmt.Errorf("learn: step %q: %w", b.step.Key, err)
				}
			}
		default:
			if m.ToAct() != b.ai.Seat {
				return nil, fmt.Errorf("learn: beat %d: seat %d is to act, not %d", i, m.ToAct(), b.ai.Seat)
			}
			var err error
			if m, log, err = apply(m, log, b.ai); err != nil {
				return nil, fmt.Errorf("learn: beat %d: %w", i, err)
			}
		}
	}
	return l, nil
}

func apply(m asnas.Match, log []asnas.Event, a asnas.Action) (asnas.Match, []asnas.Event, error) {
	next, ev, err := m.Apply(a)
	if err != nil {
		return m, log, err
	}
	return next, append(slices.Clip(log), ev...), nil
}

// wholePack checks that four hands are the 20 cards of the pack, four of each rank.
func wholePack(hands [asnas.NumSeats]asnas.Hand) error {
	var n [asnas.NumRanks + 1]int
	for _, h := range hands {
		if !h.Valid() {
			return fmt.Errorf("learn: hand %v is not a hand", h)
		}
		for r, c := range h.Counts() {
			n[r] += c
		}
	}
	for r := asnas.Couli; r <= asnas.As; r++ {
		if n[r] != asnas.CopiesPerRank {
			return fmt.Errorf("learn: %d cards of %s, not %d", n[r], r, asnas.CopiesPerRank)
		}
	}
	return nil
}

// Len is the number of steps.
func (l *AsnasLesson) Len() int { return len(l.Steps) }

// StepOf is the number of the first step that explains topic ("hands"), 0 for none.
func (l *AsnasLesson) StepOf(topic string) int { return stepOf(l.Steps, topic) }

// At is step n (1 to Len) and the position it starts from.
func (l *AsnasLesson) At(n int) (Step, AsnasPosition, error) {
	if n < 1 || n > len(l.Steps) {
		return Step{}, AsnasPosition{}, ErrNoStep
	}
	p := l.positions[n-1]
	p.Match.Results = slices.Clone(p.Match.Results) // the caller's own copy to read
	return l.Steps[n-1], p, nil
}

// Try judges a move made at step n: "continue" on a step that is only read, else a verb or
// "next". A refused move returns the engine's error, which says why.
func (l *AsnasLesson) Try(n int, move string) (Outcome, error) {
	s, p, err := l.At(n)
	if err != nil {
		return Refused, err
	}
	if s.Reads() {
		if move == "continue" {
			return Right, nil
		}
		return Wrong, nil
	}
	if move == "next" {
		if !p.Match.DealOver() {
			return Refused, asnas.ErrDealNotOver
		}
	} else {
		v, err := asnas.ParseVerb(move)
		if err != nil {
			return Refused, fmt.Errorf("%w: %w", asnas.ErrIllegal, err)
		}
		if _, _, err := p.Match.Apply(asnas.Action{Seat: 0, Verb: v}); err != nil {
			return Refused, err
		}
	}
	if move == s.Move {
		return Right, nil
	}
	return Wrong, nil
}
