package asnas

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// conformanceCase is one line of a testdata/conformance/*.jsonl file, in the format of
// CONFORMANCE.md. Unknown fields are refused so that a typo cannot silently skip a check.
type conformanceCase struct {
	Op   string `json:"op"`
	Note string `json:"note"`
	// category
	Hand string `json:"hand"`
	// compare
	A string `json:"a"`
	B string `json:"b"`
	// deal
	Dealer  *int            `json:"dealer"`
	Hands   []string        `json:"hands"`
	Actions []string        `json:"actions"`
	Want    json.RawMessage `json:"want"`
}

// dealWant is the "want" object of a deal case; a nil field is not checked.
type dealWant struct {
	Net      []float64 `json:"net"`
	Pot      *int      `json:"pot"`
	Winners  []int     `json:"winners"`
	Revealed []int     `json:"revealed"`
	Illegal  *int      `json:"illegal"`
	ToAct    *int      `json:"to_act"`
}

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
		for line := 1; sc.Scan(); line++ {
			text := strings.TrimSpace(sc.Text())
			if text == "" {
				continue
			}
			total++
			name := fmt.Sprintf("%s:%d", filepath.Base(file), line)
			t.Run(name, func(t *testing.T) {
				if err := checkLine(text); err != nil {
					t.Errorf("%s: %v", name, err)
				}
			})
		}
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d conformance cases in %d files", total, len(files))
}

// checkLine parses one case and runs it. An error names the case's note.
func checkLine(text string) error {
	var c conformanceCase
	dec := json.NewDecoder(strings.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return fmt.Errorf("unparsable case: %v", err)
	}
	if dec.More() {
		return fmt.Errorf("unparsable case: more than one JSON value on the line")
	}
	if err := runCase(c); err != nil {
		return fmt.Errorf("(%s) %v", c.Note, err)
	}
	return nil
}

// TestConformanceRunnerRefuses makes sure the runner cannot pass a broken file: an unknown op,
// a typo in a field name, a malformed action or a wrong expectation must all fail.
func TestConformanceRunnerRefuses(t *testing.T) {
	x := `"hands":["as as as sarbaz couli","shah shah shah bibi couli","bibi bibi sarbaz sarbaz couli","as shah bibi sarbaz couli"]`
	bad := map[string]string{
		"unknown op":       `{"op":"shuffle","want":1}`,
		"not JSON":         `{"op":"compare",`,
		"unknown field":    `{"op":"compare","a":"as as as as shah","b":"as as as shah shah","wnat":1}`,
		"unknown want key": `{"op":"deal","dealer":0,` + x + `,"actions":[],"want":{"toact":1}}`,
		"bad hand":         `{"op":"category","hand":"as as as as as","want":"four-of-a-kind"}`,
		"bad action":       `{"op":"deal","dealer":0,` + x + `,"actions":["1-call"],"want":{"to_act":2}}`,
		"bad verb":         `{"op":"deal","dealer":0,` + x + `,"actions":["1:check"],"want":{"to_act":2}}`,
		"not one pack":     `{"op":"deal","dealer":0,"hands":["as as as as shah","as as as as shah","bibi bibi bibi bibi couli","sarbaz sarbaz sarbaz sarbaz couli"],"actions":[],"want":{"to_act":1}}`,
		"wrong category":   `{"op":"category","hand":"as as as shah shah","want":"three-of-a-kind"}`,
		"wrong compare":    `{"op":"compare","a":"as as as as shah","b":"as as as shah shah","want":-1}`,
		"wrong to_act":     `{"op":"deal","dealer":0,` + x + `,"actions":[],"want":{"to_act":2}}`,
		"legal as illegal": `{"op":"deal","dealer":0,` + x + `,"actions":["1:call"],"want":{"illegal":0}}`,
		"net before end":   `{"op":"deal","dealer":0,` + x + `,"actions":["1:call"],"want":{"net":[0,0,0,0]}}`,
		"wrong net":        `{"op":"deal","dealer":0,` + x + `,"actions":["1:fold","2:fold","3:fold"],"want":{"net":[1,0,0,-1]}}`,
		"wrong revealed":   `{"op":"deal","dealer":0,` + x + `,"actions":["1:fold","2:fold","3:fold"],"want":{"revealed":[0]}}`,
	}
	for name, line := range bad {
		if err := checkLine(line); err == nil {
			t.Errorf("%s: the runner accepted %s", name, line)
		}
	}
}

func runCase(c conformanceCase) error {
	switch c.Op {
	case "category":
		return runCategory(c)
	case "compare":
		return runCompare(c)
	case "deal":
		return runDeal(c)
	}
	return fmt.Errorf("unknown op %q", c.Op)
}

func runCategory(c conformanceCase) error {
	h, err := ParseHand(c.Hand)
	if err != nil {
		return err
	}
	var want string
	if err := json.Unmarshal(c.Want, &want); err != nil {
		return fmt.Errorf("want: %v", err)
	}
	if got := Evaluate(h).Category().String(); got != want {
		return fmt.Errorf("category of %q = %s, want %s", c.Hand, got, want)
	}
	return nil
}

func runCompare(c conformanceCase) error {
	a, err := ParseHand(c.A)
	if err != nil {
		return err
	}
	b, err := ParseHand(c.B)
	if err != nil {
		return err
	}
	var want int
	if err := json.Unmarshal(c.Want, &want); err != nil {
		return fmt.Errorf("want: %v", err)
	}
	if want < -1 || want > 1 {
		return fmt.Errorf("want must be -1, 0 or 1, got %d", want)
	}
	if got := Compare(a, b); got != want {
		return fmt.Errorf("Compare(%q, %q) = %d, want %d", c.A, c.B, got, want)
	}
	if got := Compare(b, a); got != -want {
		return fmt.Errorf("Compare(%q, %q) = %d, want %d (antisymmetry)", c.B, c.A, got, -want)
	}
	return nil
}

func parseAction(s string) (Action, error) {
	seat, verb, ok := strings.Cut(s, ":")
	if !ok {
		return Action{}, fmt.Errorf("action %q is not SEAT:VERB", s)
	}
	n, err := strconv.Atoi(seat)
	if err != nil {
		return Action{}, fmt.Errorf("action %q: %v", s, err)
	}
	v, err := ParseVerb(verb)
	if err != nil {
		return Action{}, err
	}
	return Action{Seat: n, Verb: v}, nil
}

func runDeal(c conformanceCase) error {
	if c.Dealer == nil {
		return fmt.Errorf("deal case without dealer")
	}
	if len(c.Hands) != NumSeats {
		return fmt.Errorf("deal case needs %d hands, got %d", NumSeats, len(c.Hands))
	}
	var hands [NumSeats]Hand
	var counts [NumRanks + 1]int
	for i, s := range c.Hands {
		h, err := ParseHand(s)
		if err != nil {
			return err
		}
		hands[i] = h
		for r, n := range h.Counts() {
			counts[r] += n
		}
	}
	for r := Couli; r <= As; r++ {
		if counts[r] != CopiesPerRank {
			return fmt.Errorf("the hands hold %d copies of %s, the pack has %d", counts[r], r, CopiesPerRank)
		}
	}
	var want dealWant
	dec := json.NewDecoder(bytes.NewReader(c.Want))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&want); err != nil {
		return fmt.Errorf("want: %v", err)
	}
	actions := make([]Action, len(c.Actions))
	for i, s := range c.Actions {
		a, err := parseAction(s)
		if err != nil {
			return err
		}
		actions[i] = a
	}
	d := DealWithHands(*c.Dealer, hands)
	for i, a := range actions {
		next, _, err := d.Apply(a)
		if want.Illegal != nil && i == *want.Illegal {
			if err == nil {
				return fmt.Errorf("action %d (%s) was accepted, want it refused", i, a)
			}
			if slices.Contains(d.Legal(a.Seat), a.Verb) {
				return fmt.Errorf("action %d (%s) refused but listed in Legal", i, a)
			}
			return nil
		}
		if err != nil {
			return fmt.Errorf("action %d (%s): %v", i, a, err)
		}
		if !slices.Contains(d.Legal(a.Seat), a.Verb) {
			return fmt.Errorf("action %d (%s) accepted but not in Legal %v", i, a, d.Legal(a.Seat))
		}
		d = next
	}
	if want.Illegal != nil {
		return fmt.Errorf("no action was refused, want action %d refused", *want.Illegal)
	}
	if want.ToAct != nil {
		if got := d.ToAct(); got != *want.ToAct {
			return fmt.Errorf("to act = %d, want %d", got, *want.ToAct)
		}
	}
	if want.Pot != nil {
		if got := d.Pot(); got != *want.Pot {
			return fmt.Errorf("pot = %d, want %d", got, *want.Pot)
		}
	}
	if want.Net != nil || want.Winners != nil || want.Revealed != nil {
		if !d.Over() {
			return fmt.Errorf("deal not over after the last action (seat %d to act)", d.ToAct())
		}
	}
	if want.Net != nil {
		if len(want.Net) != NumSeats {
			return fmt.Errorf("want.net needs %d numbers", NumSeats)
		}
		got := d.Net()
		for s := range NumSeats {
			if math.Abs(got[s].Float()-want.Net[s]) > 1e-9 {
				return fmt.Errorf("net = %v, want %v", got, want.Net)
			}
		}
	}
	if want.Winners != nil && !slices.Equal(d.Winners(), want.Winners) {
		return fmt.Errorf("winners = %v, want %v", d.Winners(), want.Winners)
	}
	if want.Revealed != nil && !slices.Equal(nonNil(d.Revealed()), want.Revealed) {
		return fmt.Errorf("revealed = %v, want %v", d.Revealed(), want.Revealed)
	}
	return nil
}

func nonNil(s []int) []int {
	if s == nil {
		return []int{}
	}
	return s
}
