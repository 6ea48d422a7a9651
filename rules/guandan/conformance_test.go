package guandan_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cardavia/cardavia/rules/guandan"
)

// TestConformance runs every case of testdata/conformance/*.jsonl (format: CONFORMANCE.md).
// Each line is one subtest named file:line, so a failure names its file, line and note. A line
// that does not parse, or has an unknown op, fails: a broken case must never pass silently.
func TestConformance(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "conformance", "*.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no conformance files found")
	}
	total := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
		line := 0
		for sc.Scan() {
			line++
			text := strings.TrimSpace(sc.Text())
			if text == "" {
				continue
			}
			total++
			name := fmt.Sprintf("%s:%d", filepath.Base(file), line)
			t.Run(name, func(t *testing.T) {
				var c confCase
				dec := json.NewDecoder(strings.NewReader(text))
				dec.DisallowUnknownFields()
				if err := dec.Decode(&c); err != nil {
					t.Fatalf("%s: unparsable line: %v", name, err)
				}
				if err := runCase(c); err != nil {
					t.Errorf("%s: %v\n  note: %s", name, err, c.Note)
				}
			})
		}
		if err := sc.Err(); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
	}
	t.Logf("%d conformance cases", total)
}

// confCase is the union of the fields of every op; Want is decoded per op.
type confCase struct {
	Op        string          `json:"op"`
	Note      string          `json:"note"`
	Level     string          `json:"level"`
	Cards     string          `json:"cards"`
	Play      string          `json:"play"`
	Prev      string          `json:"prev"`
	Levels    []string        `json:"levels"`
	DealLevel string          `json:"deal_level"`
	Finish    []int           `json:"finish"`
	Hands     []string        `json:"hands"`
	Leader    *int            `json:"leader"`
	Moves     []string        `json:"moves"`
	Hand      string          `json:"hand"`
	Card      string          `json:"card"`
	Want      json.RawMessage `json:"want"`
}

func runCase(c confCase) error {
	if len(c.Want) == 0 {
		return errors.New("case has no want")
	}
	switch c.Op {
	case "readings":
		return runReadings(c)
	case "beats":
		return runBeats(c)
	case "outcome":
		return runOutcome(c)
	case "tribute":
		return runTribute(c)
	case "return":
		return runReturn(c)
	case "flow":
		return runFlow(c)
	}
	return fmt.Errorf("unknown op %q", c.Op)
}

// decodeStrict decodes raw into v, refusing unknown fields.
func decodeStrict(raw json.RawMessage, v any) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("bad want: %v", err)
	}
	return nil
}

func parseLevel(s string) (guandan.Rank, error) {
	r, err := guandan.ParseRank(s)
	if err != nil {
		return 0, fmt.Errorf("bad level %q: %v", s, err)
	}
	if r < guandan.Two || r > guandan.Ace {
		return 0, fmt.Errorf("level %q is not 2..A", s)
	}
	return r, nil
}

// cardOf returns the given copy of the card named face ("7S", "BJ").
func cardOf(face string, copy int) (guandan.Card, error) {
	c, err := guandan.ParseCard(face)
	if err != nil {
		return 0, fmt.Errorf("bad card %q: %v", face, err)
	}
	return guandan.NewCard(c.Rank(), c.Suit(), copy), nil
}

// dealer hands out physical cards to hands written as faces, so that a face listed in two
// hands becomes two different copies (the data never names copies; the two packs have two of
// each card and a third one is an error in the case).
type dealer struct{ used guandan.Set }

func (d *dealer) hand(s string) (guandan.Set, error) {
	var h guandan.Set
	for _, f := range strings.Fields(s) {
		placed := false
		for cp := 0; cp < 2 && !placed; cp++ {
			c, err := cardOf(f, cp)
			if err != nil {
				return h, err
			}
			if !d.used.Has(c) {
				d.used.Add(c)
				h.Add(c)
				placed = true
			}
		}
		if !placed {
			return h, fmt.Errorf("a third %s in the case's hands", f)
		}
	}
	return h, nil
}

// pick maps the faces of a move to physical cards of hand: held copies first; a face the hand
// does not hold (enough times) maps to a copy it does not hold, which the engine must refuse.
func pick(hand guandan.Set, s string) (guandan.Set, error) {
	var out guandan.Set
	for _, f := range strings.Fields(s) {
		var chosen guandan.Card
		found := false
		for cp := 0; cp < 2 && !found; cp++ {
			c, err := cardOf(f, cp)
			if err != nil {
				return out, err
			}
			if hand.Has(c) && !out.Has(c) {
				chosen, found = c, true
			}
		}
		for cp := 0; cp < 2 && !found; cp++ {
			c, _ := cardOf(f, cp)
			if !hand.Has(c) && !out.Has(c) {
				chosen, found = c, true
			}
		}
		if !found {
			return out, fmt.Errorf("move names %s three times", f)
		}
		out.Add(chosen)
	}
	return out, nil
}

func runReadings(c confCase) error {
	level, err := parseLevel(c.Level)
	if err != nil {
		return err
	}
	var want []string
	if err := decodeStrict(c.Want, &want); err != nil {
		return err
	}
	if want == nil {
		return errors.New("want must be a list")
	}
	cards, err := guandan.ParseCards(c.Cards)
	if err != nil {
		return fmt.Errorf("bad cards: %v", err)
	}
	var got []string
	for _, r := range guandan.Readings(cards, level) {
		got = append(got, r.String())
	}
	slices.Sort(got)
	if d := len(got) - len(slices.Compact(slices.Clone(got))); d != 0 {
		return fmt.Errorf("Readings(%s, %s) repeats a reading: %v", c.Cards, c.Level, got)
	}
	want = slices.Clone(want)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		return fmt.Errorf("Readings(%s) at level %s = %v, want %v", c.Cards, c.Level, got, want)
	}
	return nil
}

func runBeats(c confCase) error {
	level, err := parseLevel(c.Level)
	if err != nil {
		return err
	}
	var want bool
	if err := decodeStrict(c.Want, &want); err != nil {
		return err
	}
	play, err := guandan.ParseReading(c.Play)
	if err != nil {
		return fmt.Errorf("bad play %q: %v", c.Play, err)
	}
	prev, err := guandan.ParseReading(c.Prev)
	if err != nil {
		return fmt.Errorf("bad prev %q: %v", c.Prev, err)
	}
	if got := play.Beats(prev, level); got != want {
		return fmt.Errorf("%s beats %s at level %s = %v, want %v", c.Play, c.Prev, c.Level, got, want)
	}
	return nil
}

func runOutcome(c confCase) error {
	var want struct {
		Levels    []string `json:"levels"`
		NextLevel *string  `json:"next_level"`
		Winner    *int     `json:"winner"`
	}
	if err := decodeStrict(c.Want, &want); err != nil {
		return err
	}
	if len(c.Levels) != 2 || len(want.Levels) != 2 {
		return errors.New("levels must hold two ranks")
	}
	var levels, wantLevels [2]guandan.Rank
	for i := range 2 {
		var err error
		if levels[i], err = parseLevel(c.Levels[i]); err != nil {
			return err
		}
		if wantLevels[i], err = parseLevel(want.Levels[i]); err != nil {
			return err
		}
	}
	dealLevel, err := parseLevel(c.DealLevel)
	if err != nil {
		return err
	}
	newLevels, next, winner := guandan.Outcome(levels, dealLevel, slices.Clone(c.Finish))
	var errs []string
	if newLevels != wantLevels {
		errs = append(errs, fmt.Sprintf("levels %v, want %v", newLevels, wantLevels))
	}
	wantWinner := -1
	if want.Winner != nil {
		wantWinner = *want.Winner
	}
	if winner != wantWinner {
		errs = append(errs, fmt.Sprintf("match winner %d, want %d", winner, wantWinner))
	}
	// The next level only exists while the match goes on.
	gotNext := "null"
	if winner < 0 {
		gotNext = next.String()
	}
	wantNext := "null"
	if want.NextLevel != nil {
		nr, err := parseLevel(*want.NextLevel)
		if err != nil {
			return err
		}
		wantNext = nr.String()
	}
	if gotNext != wantNext {
		errs = append(errs, fmt.Sprintf("next level %s, want %s", gotNext, wantNext))
	}
	if len(errs) > 0 {
		return fmt.Errorf("Outcome(%v, %s, %v): %s", c.Levels, c.DealLevel, c.Finish, strings.Join(errs, "; "))
	}
	return nil
}

type wantGive struct {
	From int    `json:"from"`
	To   int    `json:"to"`
	Rank string `json:"rank"`
}

func (g wantGive) String() string { return fmt.Sprintf("%d->%d:%s", g.From, g.To, g.Rank) }

func runTribute(c confCase) error {
	level, err := parseLevel(c.Level)
	if err != nil {
		return err
	}
	var want struct {
		Cancelled *bool      `json:"cancelled"`
		Gives     []wantGive `json:"gives"`
		Leader    *int       `json:"leader"`
	}
	if err := decodeStrict(c.Want, &want); err != nil {
		return err
	}
	if want.Cancelled == nil || want.Leader == nil || want.Gives == nil {
		return errors.New("want needs cancelled, gives and leader")
	}
	if len(c.Hands) != 4 {
		return errors.New("tribute needs four hands")
	}
	var d dealer
	var hands [4]guandan.Set
	for i, h := range c.Hands {
		if hands[i], err = d.hand(h); err != nil {
			return err
		}
		if hands[i].Len() != 27 {
			return fmt.Errorf("bad case: hand %d has %d cards, want 27", i, hands[i].Len())
		}
	}
	if d.used != guandan.FullDeck() {
		return errors.New("bad case: the hands are not the 108 cards")
	}
	res := guandan.Tribute(level, slices.Clone(c.Finish), hands)
	var errs []string
	if res.Cancelled != *want.Cancelled {
		errs = append(errs, fmt.Sprintf("cancelled %v, want %v", res.Cancelled, *want.Cancelled))
	}
	var got, exp []string
	for _, g := range res.Gives {
		got = append(got, wantGive{g.From, g.To, g.Card.Rank().String()}.String())
		if g.From < 0 || g.From > 3 || !hands[g.From].Has(g.Card) {
			errs = append(errs, fmt.Sprintf("give %v: the card is not in the payer's hand", g))
		} else if g.Card.IsWild(level) {
			errs = append(errs, fmt.Sprintf("give %v: a wild card is never tribute", g))
		}
	}
	for _, g := range want.Gives {
		exp = append(exp, g.String())
	}
	slices.Sort(got)
	slices.Sort(exp)
	if !slices.Equal(got, exp) {
		errs = append(errs, fmt.Sprintf("gives %v, want %v", got, exp))
	}
	if res.Leader != *want.Leader {
		errs = append(errs, fmt.Sprintf("leader %d, want %d", res.Leader, *want.Leader))
	}
	if len(errs) > 0 {
		return fmt.Errorf("Tribute(level %s, finish %v): %s", c.Level, c.Finish, strings.Join(errs, "; "))
	}
	return nil
}

func runReturn(c confCase) error {
	level, err := parseLevel(c.Level)
	if err != nil {
		return err
	}
	var want bool
	if err := decodeStrict(c.Want, &want); err != nil {
		return err
	}
	hand, err := guandan.ParseCards(c.Hand)
	if err != nil {
		return fmt.Errorf("bad hand: %v", err)
	}
	card, err := pick(hand, c.Card)
	if err != nil || card.Len() != 1 {
		return fmt.Errorf("bad card %q", c.Card)
	}
	if got := guandan.CanReturn(level, hand, card.Cards()[0]); got != want {
		return fmt.Errorf("CanReturn(level %s, %s, %s) = %v, want %v", c.Level, c.Hand, c.Card, got, want)
	}
	return nil
}

// parseMove reads "SEAT:pass" or "SEAT:CARDS[=READING]" into an action for the match m.
func parseMove(m guandan.Match, mv string) (guandan.Action, error) {
	seatText, rest, ok := strings.Cut(mv, ":")
	if !ok {
		return guandan.Action{}, fmt.Errorf("bad move %q", mv)
	}
	seat, err := strconv.Atoi(seatText)
	if err != nil || seat < 0 || seat > 3 {
		return guandan.Action{}, fmt.Errorf("bad seat in move %q", mv)
	}
	if rest == "pass" {
		return guandan.Action{Kind: guandan.ActPass, Seat: seat}, nil
	}
	cardsText, readingText, named := strings.Cut(rest, "=")
	a := guandan.Action{Kind: guandan.ActPlay, Seat: seat}
	if a.Cards, err = pick(m.View(seat).Hand, cardsText); err != nil {
		return a, fmt.Errorf("move %q: %v", mv, err)
	}
	if a.Cards.Len() == 0 {
		return a, fmt.Errorf("move %q has no cards", mv)
	}
	if named {
		if a.Reading, err = guandan.ParseReading(readingText); err != nil {
			return a, fmt.Errorf("move %q: bad reading: %v", mv, err)
		}
	}
	return a, nil
}

func runFlow(c confCase) error {
	level, err := parseLevel(c.Level)
	if err != nil {
		return err
	}
	var want map[string]json.RawMessage
	if err := decodeStrict(c.Want, &want); err != nil {
		return err
	}
	for k := range want {
		if k != "illegal" && k != "to_act" && k != "finish" && k != "lead" {
			return fmt.Errorf("unknown want field %q", k)
		}
	}
	if len(c.Hands) != 4 || c.Leader == nil || *c.Leader < 0 || *c.Leader > 3 {
		return errors.New("flow needs four hands and a leader 0..3")
	}
	var d dealer
	var hands [4]guandan.Set
	for i, h := range c.Hands {
		if hands[i], err = d.hand(h); err != nil {
			return err
		}
	}
	illegal := -1
	if raw, ok := want["illegal"]; ok {
		if err := json.Unmarshal(raw, &illegal); err != nil || illegal < 0 || illegal >= len(c.Moves) {
			return fmt.Errorf("bad want.illegal %s", raw)
		}
	}
	m := guandan.NewDealFrom(level, hands, *c.Leader)
	for i, mv := range c.Moves {
		a, err := parseMove(m, mv)
		if err != nil {
			return err
		}
		next, _, err := m.Apply(a)
		if i == illegal {
			if err == nil {
				return fmt.Errorf("move %d %q was accepted, want it refused", i, mv)
			}
			return nil
		}
		if err != nil {
			return fmt.Errorf("move %d %q refused: %v", i, mv, err)
		}
		m = next
	}
	v := m.View(0)
	var errs []string
	if raw, ok := want["to_act"]; ok {
		var w *int
		if err := json.Unmarshal(raw, &w); err != nil {
			return fmt.Errorf("bad want.to_act %s", raw)
		}
		exp := -1
		if w != nil {
			exp = *w
		}
		if m.ToAct() != exp {
			errs = append(errs, fmt.Sprintf("to_act %d, want %s", m.ToAct(), raw))
		}
		if exp < 0 && m.Phase() == guandan.PhasePlay {
			errs = append(errs, "the deal should be over but the phase is still play")
		}
	}
	if raw, ok := want["lead"]; ok {
		var w bool
		if err := json.Unmarshal(raw, &w); err != nil {
			return fmt.Errorf("bad want.lead %s", raw)
		}
		if v.Leading != w {
			errs = append(errs, fmt.Sprintf("lead %v, want %v", v.Leading, w))
		}
	}
	if raw, ok := want["finish"]; ok {
		var w []int
		if err := json.Unmarshal(raw, &w); err != nil {
			return fmt.Errorf("bad want.finish %s", raw)
		}
		if !slices.Equal(v.Finish, w) && (len(v.Finish) != 0 || len(w) != 0) {
			errs = append(errs, fmt.Sprintf("finish %v, want %v", v.Finish, w))
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("after %d moves: %s", len(c.Moves), strings.Join(errs, "; "))
	}
	return nil
}
