package asnas

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// TestDealingOrder checks the RULES.md Decision: card i of the shuffled pack goes to seat
// (dealer + 1 + i) mod 4, so the dealer's right gets the first card and every seat's k-th card
// is card 4k + (seat - dealer - 1 mod 4).
func TestDealingOrder(t *testing.T) {
	for seed := range uint64(20) {
		pack := shuffledPack(seed, dealStream)
		for dealer := range NumSeats {
			d := NewDeal(seed, dealer)
			for i, r := range pack {
				seat := (dealer + 1 + i) % NumSeats
				if got := d.Hands[seat][i/NumSeats]; got != r {
					t.Fatalf("seed %d dealer %d: card %d (%s) should be seat %d's card %d, found %s",
						seed, dealer, i, r, seat, i/NumSeats, got)
				}
			}
		}
	}
}

// TestDealingOrderExample fixes one pack by hand: with dealer 2 the first card goes to seat 3,
// the second to seat 0, the fifth to seat 3 again.
func TestDealingOrderExample(t *testing.T) {
	pack := [PackSize]Rank{As, Shah, Bibi, Sarbaz, Couli, As, Shah, Bibi, Sarbaz, Couli,
		As, Shah, Bibi, Sarbaz, Couli, As, Shah, Bibi, Sarbaz, Couli}
	hands := dealPack(pack, 2)
	want := [NumSeats]Hand{
		3: {As, Couli, Sarbaz, Bibi, Shah}, // cards 0, 4, 8, 12, 16
		0: {Shah, As, Couli, Sarbaz, Bibi}, // cards 1, 5, 9, 13, 17
		1: {Bibi, Shah, As, Couli, Sarbaz}, // cards 2, 6, 10, 14, 18
		2: {Sarbaz, Bibi, Shah, As, Couli}, // cards 3, 7, 11, 15, 19
	}
	if hands != want {
		t.Errorf("dealPack(dealer 2) = %v, want %v", hands, want)
	}
}

// seed42Hands are the hands NewDeal(42, 1) dealt when the shuffle was written.
var seed42Hands = [NumSeats]Hand{
	{Sarbaz, Shah, Shah, Couli, Bibi},
	{Shah, Bibi, Couli, Sarbaz, Couli},
	{Bibi, As, Sarbaz, Sarbaz, Bibi},
	{As, As, Shah, Couli, As},
}

func TestNewDealUsesThePack(t *testing.T) {
	for seed := range uint64(200) {
		d := NewDeal(seed, int(seed%4))
		var counts [NumRanks + 1]int
		for _, h := range d.Hands {
			for r, n := range h.Counts() {
				counts[r] += n
			}
		}
		if counts != [NumRanks + 1]int{0, 4, 4, 4, 4, 4} {
			t.Fatalf("seed %d: card counts %v", seed, counts)
		}
		if d.Dealer != int(seed%4) || d.Stakes[d.Dealer] != 1 || d.Pot() != 1 || d.HighBet != 1 {
			t.Fatalf("seed %d: bad opening %+v", seed, d)
		}
		if d.ToAct() != (d.Dealer+1)%4 {
			t.Fatalf("seed %d: seat %d to act, want the dealer's right", seed, d.ToAct())
		}
	}
	// The same seed deals the same hands on every machine and in every version: a replay of a
	// stored match depends on it. The hands of seed 42 were recorded once.
	if got := NewDeal(42, 1).Hands; got != seed42Hands {
		t.Errorf("seed 42 dealt %v, want %v", got, NewDeal(42, 1).Hands)
	}
	if NewDeal(42, 1).Hands == NewDeal(43, 1).Hands {
		t.Error("seeds 42 and 43 dealt the same hands")
	}
}

// TestShuffleIsUniform is a coarse check of the shuffle: over many seeds, each rank lands on
// each position of the pack about a fifth of the time.
func TestShuffleIsUniform(t *testing.T) {
	const n = 20000
	var counts [PackSize][NumRanks + 1]int
	for seed := range uint64(n) {
		for i, r := range shuffledPack(seed, dealStream) {
			counts[i][r]++
		}
	}
	for i := range counts {
		for r := Couli; r <= As; r++ {
			// Expected n/5 = 4000, standard deviation about 57: allow six of them.
			if c := counts[i][r]; c < 3650 || c > 4350 {
				t.Errorf("position %d holds %s %d times in %d shuffles", i, r, c, n)
			}
		}
	}
}

func TestSplitPot(t *testing.T) {
	cases := []struct {
		pot, ways int
		want      float64
	}{
		{5, 3, 5.0 / 3}, {7, 3, 7.0 / 3}, {3, 2, 1.5}, {5, 4, 1.25}, {16, 4, 4}, {1, 1, 1}, {13, 3, 13.0 / 3},
	}
	for _, c := range cases {
		got := splitPot(c.pot, c.ways)
		if got*Score(c.ways) != Points(c.pot) {
			t.Errorf("splitPot(%d, %d) = %d twelfths: %d shares do not make the pot", c.pot, c.ways, got, c.ways)
		}
		if d := got.Float() - c.want; d > 1e-12 || d < -1e-12 {
			t.Errorf("splitPot(%d, %d) = %v, want %v", c.pot, c.ways, got.Float(), c.want)
		}
	}
}

func TestApplyErrors(t *testing.T) {
	d := NewDeal(1, 0)
	cases := []struct {
		name string
		a    Action
		want error
	}{
		{"bad seat", Action{Seat: 4, Verb: Call}, ErrBadSeat},
		{"negative seat", Action{Seat: -1, Verb: Call}, ErrBadSeat},
		{"out of turn", Action{Seat: 2, Verb: Call}, ErrNotYourTurn},
		{"hold below the bet", Action{Seat: 1, Verb: Hold}, ErrIllegal},
		{"unknown verb", Action{Seat: 1, Verb: 0}, ErrIllegal},
		{"verb out of range", Action{Seat: 1, Verb: 9}, ErrIllegal},
	}
	for _, c := range cases {
		got, ev, err := d.Apply(c.a)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: error %v, want %v", c.name, err, c.want)
		}
		if got != d || ev != nil {
			t.Errorf("%s: a refused action changed the deal or produced events", c.name)
		}
	}
	looked, _, _ := d.Apply(Action{Seat: 1, Verb: Look})
	if _, _, err := looked.Apply(Action{Seat: 1, Verb: Look}); !errors.Is(err, ErrAlreadyLooked) {
		t.Errorf("second look: %v, want ErrAlreadyLooked", err)
	}
	over := d
	for _, s := range []int{1, 2, 3} {
		over, _, _ = over.Apply(Action{Seat: s, Verb: Fold})
	}
	if _, _, err := over.Apply(Action{Seat: 0, Verb: Hold}); !errors.Is(err, ErrOver) {
		t.Errorf("action after the end: %v, want ErrOver", err)
	}
}

func TestLegal(t *testing.T) {
	d := NewDeal(3, 0)
	if got := d.Legal(1); !slices.Equal(got, []Verb{Look, Call, Raise, Fold}) {
		t.Errorf("first turn: %v", got)
	}
	if got := d.Legal(0); len(got) != 0 {
		t.Errorf("not seat 0's turn, yet Legal(0) = %v", got)
	}
	for _, s := range []int{1, 2, 3} {
		d, _, _ = d.Apply(Action{Seat: s, Verb: Raise})
	}
	d, _, _ = d.Apply(Action{Seat: 0, Verb: Look})
	if got := d.Legal(0); !slices.Equal(got, []Verb{Call, Fold}) {
		t.Errorf("at the limit after looking: %v", got)
	}
	d, _, _ = d.Apply(Action{Seat: 0, Verb: Call})
	if got := d.Legal(1); !slices.Equal(got, []Verb{Look, Call, Fold}) {
		t.Errorf("at the limit, stake below: %v", got)
	}
}

func TestEvents(t *testing.T) {
	d := DealWithHands(0, [4]Hand{
		{As, As, As, Sarbaz, Couli}, {Shah, Shah, Shah, Bibi, Couli},
		{Bibi, Bibi, Sarbaz, Sarbaz, Couli}, {As, Shah, Bibi, Sarbaz, Couli},
	})
	steps := []struct {
		a    Action
		want []Event
	}{
		{Action{1, Look}, []Event{{Kind: EvLooked, Seat: 1}}},
		{Action{1, Raise}, []Event{{Kind: EvRaised, Seat: 1, Amount: Points(2), To: 2}}},
		{Action{2, Call}, []Event{{Kind: EvCalled, Seat: 2, Amount: Points(2), To: 2}}},
		{Action{3, Fold}, []Event{{Kind: EvFolded, Seat: 3}}},
		{Action{0, Call}, []Event{
			{Kind: EvCalled, Seat: 0, Amount: Points(1), To: 2},
			{Kind: EvShowdown, Seat: -1},
			{Kind: EvWon, Seat: 0, Amount: Points(6)},
			{Kind: EvDealOver, Seat: -1},
		}},
	}
	for _, s := range steps {
		var ev []Event
		var err error
		d, ev, err = d.Apply(s.a)
		if err != nil {
			t.Fatalf("%s: %v", s.a, err)
		}
		if !reflect.DeepEqual(ev, s.want) {
			t.Errorf("%s: events %+v, want %+v", s.a, ev, s.want)
		}
	}
	u := NewDeal(5, 3)
	var ev []Event
	for _, s := range []int{0, 1} {
		u, _, _ = u.Apply(Action{s, Fold})
	}
	_, ev, _ = u.Apply(Action{2, Fold})
	want := []Event{{Kind: EvFolded, Seat: 2}, {Kind: EvUncontested, Seat: 3, Amount: Points(1)},
		{Kind: EvWon, Seat: 3, Amount: Points(1)}, {Kind: EvDealOver, Seat: -1}}
	if !reflect.DeepEqual(ev, want) {
		t.Errorf("uncontested: events %+v, want %+v", ev, want)
	}
}

// randomAction picks any action at all, legal or not, so that refusals are exercised too.
func randomAction(rng *rand.Rand) Action {
	return Action{Seat: rng.IntN(NumSeats+1) - rng.IntN(2), Verb: Verb(rng.IntN(int(Fold) + 2))}
}

// playLegal plays random legal actions until the deal ends, checking every step with check.
// It fails if the deal takes more steps than any deal can.
func playLegal(t testing.TB, d Deal, rng *rand.Rand, check func(before, after Deal, ev []Event)) Deal {
	t.Helper()
	// Each seat looks at most once and there are at most 3 raises, each reopening at most 3
	// turns: far fewer than 100 steps.
	for step := 0; !d.Over(); step++ {
		if step > 100 {
			t.Fatalf("the deal did not end after %d legal actions", step)
		}
		legal := d.Legal(d.ToAct())
		if len(legal) == 0 {
			t.Fatalf("seat %d to act has no legal verb", d.ToAct())
		}
		next, ev, err := d.Apply(Action{Seat: d.ToAct(), Verb: legal[rng.IntN(len(legal))]})
		if err != nil {
			t.Fatalf("a legal action was refused: %v", err)
		}
		if check != nil {
			check(d, next, ev)
		}
		d = next
	}
	return d
}

// checkInvariants holds in every state of every deal.
func checkInvariants(t testing.TB, d Deal) {
	t.Helper()
	sum := 0
	for s, st := range d.Stakes {
		if st < 0 || st > MaxBet {
			t.Fatalf("seat %d has stake %d", s, st)
		}
		if !d.Folded[s] && d.Over() && st != d.HighBet {
			t.Fatalf("deal over, but remaining seat %d has stake %d below %d", s, st, d.HighBet)
		}
		sum += st
	}
	if d.Pot() != sum {
		t.Fatalf("pot %d is not the sum of stakes %d", d.Pot(), sum)
	}
	if d.HighBet < 1 || d.HighBet > MaxBet {
		t.Fatalf("highest bet %d", d.HighBet)
	}
	if d.Over() {
		var total Score
		for _, n := range d.Net() {
			total += n
		}
		if total != 0 {
			t.Fatalf("scores %v sum to %v", d.Net(), total)
		}
		if len(d.Winners()) == 0 {
			t.Fatal("a finished deal without winners")
		}
	} else if d.Folded[d.ToAct()] {
		t.Fatalf("folded seat %d is to act", d.ToAct())
	}
}

func TestRandomPlayProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for i := range 3000 {
		d := NewDeal(uint64(i), i%4)
		checkInvariants(t, d)
		playLegal(t, d, rng, func(before, after Deal, ev []Event) {
			checkInvariants(t, after)
			checkViews(t, after)
		})
	}
}

// TestApplyNeverMutates applies random actions, legal and not, to a deal and checks that the
// receiver still holds exactly what it held before (compared through JSON, field by field).
func TestApplyNeverMutates(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 500 {
		d := NewDeal(uint64(i), i%4)
		for !d.Over() {
			before, _ := json.Marshal(d)
			copyOf := d
			next, _, err := d.Apply(randomAction(rng))
			after, _ := json.Marshal(d)
			if string(before) != string(after) || copyOf != d {
				t.Fatalf("Apply changed its receiver:\n%s\n%s", before, after)
			}
			if err == nil {
				d = next
			} else if next != d {
				t.Fatalf("a refused action returned a different deal: %v", err)
			}
			if rng.IntN(4) == 0 && !d.Over() {
				legal := d.Legal(d.ToAct())
				d, _, _ = d.Apply(Action{d.ToAct(), legal[rng.IntN(len(legal))]})
			}
		}
	}
}

func TestDealJSONRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	d := NewDeal(99, 2)
	for !d.Over() {
		data, err := json.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		var back Deal
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatal(err)
		}
		if back != d {
			t.Fatalf("round trip changed the deal:\n%+v\n%+v", d, back)
		}
		legal := d.Legal(d.ToAct())
		d, _, _ = d.Apply(Action{d.ToAct(), legal[rng.IntN(len(legal))]})
	}
}

// FuzzDeal plays arbitrary byte strings as actions (legal or not) and checks the invariants and
// views after each accepted one, and that refused ones change nothing.
func FuzzDeal(f *testing.F) {
	f.Add(uint64(1), uint8(0), []byte{0x12, 0x22, 0x32, 0x03})
	f.Add(uint64(7), uint8(3), []byte{0x01, 0x14, 0x24, 0x34, 0x04, 0x12, 0x22})
	f.Fuzz(func(t *testing.T, seed uint64, dealer uint8, moves []byte) {
		d := NewDeal(seed, int(dealer%4))
		for _, m := range moves {
			a := Action{Seat: int(m>>4) % 5, Verb: Verb(m & 7)}
			next, _, err := d.Apply(a)
			if err != nil {
				if next != d {
					t.Fatalf("refused %s changed the deal", a)
				}
				if slices.Contains(d.Legal(a.Seat), a.Verb) {
					t.Fatalf("refused %s although Legal lists it: %v", a, err)
				}
				continue
			}
			if !slices.Contains(d.Legal(a.Seat), a.Verb) {
				t.Fatalf("accepted %s although Legal(%d) = %v", a, a.Seat, d.Legal(a.Seat))
			}
			d = next
			checkInvariants(t, d)
			checkViews(t, d)
		}
	})
}

func BenchmarkRandomDeal(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	var seed uint64
	for b.Loop() {
		seed++
		d := NewDeal(seed, int(seed%4))
		for !d.Over() {
			legal := d.Legal(d.ToAct())
			d, _, _ = d.Apply(Action{d.ToAct(), legal[rng.IntN(len(legal))]})
		}
	}
}
