package asnas

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// playMatch plays a whole match with random legal actions, checking the match after each step.
func playMatch(t *testing.T, m Match, rng *rand.Rand) Match {
	t.Helper()
	for {
		for !m.DealOver() {
			legal := m.View(m.ToAct()).Legal
			before, _ := json.Marshal(m)
			next, _, err := m.Apply(Action{m.ToAct(), legal[rng.IntN(len(legal))]})
			if err != nil {
				t.Fatal(err)
			}
			if after, _ := json.Marshal(m); string(after) != string(before) {
				t.Fatal("Match.Apply changed its receiver")
			}
			m = next
		}
		if m.Over() {
			return m
		}
		before, _ := json.Marshal(m)
		next, ev, err := m.NextDeal()
		if err != nil {
			t.Fatal(err)
		}
		if after, _ := json.Marshal(m); string(after) != string(before) {
			t.Fatal("NextDeal changed its receiver")
		}
		if len(ev) != 2 || ev[0].Kind != EvDealt || ev[1].Kind != EvOpened {
			t.Fatalf("NextDeal events %+v", ev)
		}
		m = next
	}
}

func TestMatchPlaysTwelveDeals(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for seed := range uint64(30) {
		m := NewMatch(seed)
		first := m.Deal.Dealer
		m = playMatch(t, m, rng)
		if m.DealNo != DealsPerMatch || len(m.Results) != DealsPerMatch || !m.Over() {
			t.Fatalf("seed %d: deal %d, %d results, over=%v", seed, m.DealNo, len(m.Results), m.Over())
		}
		var totals [NumSeats]Score
		for i, r := range m.Results {
			if r.DealNo != i+1 {
				t.Fatalf("result %d has deal number %d", i, r.DealNo)
			}
			// The dealer moves one seat to the right (the next seat in turn order) each deal.
			if r.Dealer != (first+i)%NumSeats {
				t.Fatalf("deal %d dealt by %d, want %d", i+1, r.Dealer, (first+i)%NumSeats)
			}
			for s, n := range r.Net {
				totals[s] += n
			}
			for s := range NumSeats {
				if (r.Hands[s] != Hand{}) != slices.Contains(r.Revealed, s) {
					t.Fatalf("deal %d: result shows seat %d's hand wrongly", i+1, s)
				}
				if r.Folded[s] && slices.Contains(r.Revealed, s) {
					t.Fatalf("deal %d: folded seat %d revealed", i+1, s)
				}
			}
			if !r.Showdown && len(r.Revealed) != 0 {
				t.Fatalf("deal %d: an uncontested deal reveals %v", i+1, r.Revealed)
			}
		}
		if totals != m.Totals {
			t.Fatalf("totals %v are not the sum of the deals %v", m.Totals, totals)
		}
		best := slices.Max(m.Totals[:])
		for s, tot := range m.Totals {
			if (tot == best) != slices.Contains(m.Winners(), s) {
				t.Fatalf("winners %v for totals %v", m.Winners(), m.Totals)
			}
		}
		if _, _, err := m.NextDeal(); !errors.Is(err, ErrMatchOver) {
			t.Fatalf("NextDeal after deal 12: %v", err)
		}
		if _, _, err := m.Apply(Action{0, Look}); !errors.Is(err, ErrMatchOver) {
			t.Fatalf("Apply after deal 12: %v", err)
		}
		if !m.View(0).Over || !slices.Equal(m.View(0).Winners, m.Winners()) {
			t.Fatal("the view does not show the match result")
		}
	}
}

func TestNextDealRefusedDuringDeal(t *testing.T) {
	m := NewMatch(5)
	if _, _, err := m.NextDeal(); !errors.Is(err, ErrDealNotOver) {
		t.Fatalf("NextDeal during the deal: %v", err)
	}
	if m.Over() || m.DealOver() || m.ToAct() != (m.Deal.Dealer+1)%4 {
		t.Fatalf("fresh match state: %v", m)
	}
}

// TestFirstDealerIsRandom: the first dealer comes from the seed, and every seat gets the deal
// about a quarter of the time.
func TestFirstDealerIsRandom(t *testing.T) {
	var counts [NumSeats]int
	for seed := range uint64(4000) {
		counts[NewMatch(seed).Deal.Dealer]++
	}
	for s, c := range counts {
		if c < 850 || c > 1150 {
			t.Errorf("seat %d dealt first in %d of 4000 matches", s, c)
		}
	}
	// The seed fixes the first dealer and the first deal in every version: recorded once.
	want := [NumSeats]Hand{
		{Bibi, Sarbaz, Couli, Shah, Sarbaz},
		{Couli, Bibi, Shah, Couli, As},
		{As, Bibi, Couli, As, Bibi},
		{Sarbaz, Shah, Shah, As, Sarbaz},
	}
	if d := NewMatch(9).Deal; d.Dealer != 0 || d.Hands != want {
		t.Errorf("NewMatch(9) dealt %v from dealer %d, want %v from dealer 0", d.Hands, d.Dealer, want)
	}
}

// TestRestart: a new match starts with all totals at zero and no results.
func TestRestart(t *testing.T) {
	r := NewMatch(78)
	if r.Totals != ([NumSeats]Score{}) || len(r.Results) != 0 || r.DealNo != 1 || r.Over() {
		t.Fatalf("restarted match: %v", r)
	}
}

func TestMatchJSONRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	m := NewMatch(31)
	for step := 0; !m.Over(); step++ {
		data, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		var back Match
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(normalize(back), normalize(m)) {
			t.Fatalf("step %d: the round trip changed the match", step)
		}
		if m.DealOver() {
			m, _, _ = m.NextDeal()
			continue
		}
		legal := m.Deal.Legal(m.ToAct())
		m, _, _ = m.Apply(Action{m.ToAct(), legal[rng.IntN(len(legal))]})
	}
}

// normalize makes nil and empty slices alike, which JSON does not distinguish.
func normalize(m Match) Match {
	if len(m.Results) == 0 {
		m.Results = nil
	}
	for i := range m.Results {
		if len(m.Results[i].Revealed) == 0 {
			m.Results[i].Revealed = nil
		}
	}
	return m
}

// TestMatchViewCopies: changing a view must not change the match it came from.
func TestMatchViewCopies(t *testing.T) {
	m := NewMatch(4)
	for _, s := range []int{1, 2, 3} {
		m, _, _ = m.Apply(Action{(m.Deal.Dealer + s) % 4, Fold})
	}
	v := m.View(0)
	v.Results[0].Winners[0] = 99
	if m.Results[0].Winners[0] == 99 {
		t.Error("a view shares its Results with the match")
	}
}

// TestMatchBranchesIndependent: two different actions applied to the same match give two
// matches that do not share results, even when the results slice has spare capacity (a plain
// append would let the second branch overwrite the first one's last result).
func TestMatchBranchesIndependent(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	m := NewMatch(12)
	for m.DealNo < 4 {
		for !m.DealOver() {
			legal := m.Deal.Legal(m.ToAct())
			m, _, _ = m.Apply(Action{m.ToAct(), legal[rng.IntN(len(legal))]})
		}
		m, _, _ = m.NextDeal()
	}
	if cap(m.Results) == len(m.Results) {
		t.Fatalf("setup: want spare capacity, len %d cap %d", len(m.Results), cap(m.Results))
	}
	d := m.Deal.Dealer
	for _, k := range []int{1, 2} {
		var err error
		if m, _, err = m.Apply(Action{(d + k) % 4, Fold}); err != nil {
			t.Fatal(err)
		}
	}
	m, _, _ = m.Apply(Action{(d + 3) % 4, Call})
	held, _, err1 := m.Apply(Action{d, Hold})
	folded, _, err2 := m.Apply(Action{d, Fold})
	if err1 != nil || err2 != nil || !held.DealOver() || !folded.DealOver() {
		t.Fatalf("setup: %v %v", err1, err2)
	}
	if !held.Results[3].Showdown || folded.Results[3].Showdown {
		t.Errorf("the branches share their last result: held %+v, folded %+v", held.Results[3], folded.Results[3])
	}
	if len(m.Results) != 3 {
		t.Errorf("the original match has %d results, want 3", len(m.Results))
	}
}

func TestErrMatchOverIsErrOver(t *testing.T) {
	if !errors.Is(ErrMatchOver, ErrOver) {
		t.Error("ErrMatchOver does not match ErrOver")
	}
}
