package guandan

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// dealFrom builds a flow position from four hands in CONFORMANCE notation; a card named for two
// seats is the two copies.
func dealFrom(t *testing.T, level string, hands [4]string, leader int) Match {
	t.Helper()
	var hs [4]Set
	var used Set
	for i, h := range hands {
		for _, name := range strings.Fields(h) {
			c, err := ParseCard(name)
			if err != nil {
				t.Fatal(err)
			}
			if used.Has(c) {
				c += facesPerPack
			}
			used.Add(c)
			hs[i].Add(c)
		}
	}
	return NewDealFrom(mustRank(t, level), hs, leader)
}

// move is one step of a flow test: "SEAT:pass" or "SEAT:CARDS[=READING]".
func move(t *testing.T, m Match, s string) (Match, []Event, error) {
	t.Helper()
	seatStr, rest, _ := strings.Cut(s, ":")
	a := Action{Seat: int(seatStr[0] - '0')}
	if rest == "pass" {
		a.Kind = ActPass
		return m.Apply(a)
	}
	a.Kind = ActPlay
	cards, reading, named := strings.Cut(rest, "=")
	if named {
		a.Reading = mustReading(t, reading)
	}
	// Take the cards from the mover's hand, first copy first.
	for _, name := range strings.Fields(cards) {
		c, err := ParseCard(name)
		if err != nil {
			t.Fatal(err)
		}
		if a.Cards.Has(c) || !m.Hands[a.Seat].Has(c) {
			c += facesPerPack
		}
		a.Cards.Add(c)
	}
	return m.Apply(a)
}

// playAll applies the moves, failing on any refusal.
func playAll(t *testing.T, m Match, moves ...string) Match {
	t.Helper()
	for i, s := range moves {
		var err error
		if m, _, err = move(t, m, s); err != nil {
			t.Fatalf("move %d %q: %v", i, s, err)
		}
	}
	return m
}

func TestFlowLeadGoesToPartnerOfFinishedPlayer(t *testing.T) {
	m := dealFrom(t, "2", [4]string{"AS", "3S 4S", "5S 6S", "7S 8S"}, 0)
	m = playAll(t, m, "0:AS", "1:pass", "2:pass", "3:pass")
	if m.ToAct() != 2 || !m.Leading() {
		t.Errorf("to act %d leading %v; want partner 2 leading", m.ToAct(), m.Leading())
	}
	if !reflect.DeepEqual(m.Finish, []int{0}) {
		t.Errorf("finish %v", m.Finish)
	}
}

func TestFlowTrickWinnerLeads(t *testing.T) {
	m := dealFrom(t, "2", [4]string{"3S 9D", "4S 9C", "5S 9H", "6S 9S"}, 0)
	m = playAll(t, m, "0:3S", "1:4S", "2:pass", "3:pass", "0:pass")
	if m.ToAct() != 1 || !m.Leading() {
		t.Errorf("to act %d leading %v; want 1 leading", m.ToAct(), m.Leading())
	}
}

func TestFlowPasserMayPlayAgain(t *testing.T) {
	m := dealFrom(t, "2", [4]string{"3S 9D TD", "4S 9C", "5S 9H", "6S 9S"}, 0)
	m = playAll(t, m, "0:3S", "1:pass", "2:5S", "3:pass", "0:pass")
	if m.ToAct() != 1 || m.Leading() {
		t.Fatalf("to act %d leading %v; want 1 following", m.ToAct(), m.Leading())
	}
	m = playAll(t, m, "1:9C")
	if m.ToAct() != 2 {
		t.Errorf("to act %d, want 2", m.ToAct())
	}
}

func TestFlowFinishedPlayersAreSkipped(t *testing.T) {
	m := dealFrom(t, "2", [4]string{"3S 3D", "4S", "5S 5D", "6S 6D"}, 0)
	m = playAll(t, m, "0:3S", "1:4S") // seat 1 finishes
	if m.ToAct() != 2 {
		t.Fatalf("to act %d, want 2", m.ToAct())
	}
	m = playAll(t, m, "2:5S", "3:6S", "0:pass", "2:pass")
	// Seat 1 is skipped: after 0 passes comes 2, and 3 wins the trick.
	if m.ToAct() != 3 || !m.Leading() {
		t.Errorf("to act %d leading %v; want 3 leading", m.ToAct(), m.Leading())
	}
}

func TestFlowDealEndsAtOneTwoFinish(t *testing.T) {
	m := dealFrom(t, "2", [4]string{"AS", "3S 4S", "KS", "7S 8S"}, 0)
	m = playAll(t, m, "0:AS", "1:pass", "2:pass", "3:pass", "2:KS")
	if m.Phase() != PhaseDealOver || m.ToAct() != -1 || !reflect.DeepEqual(m.Finish, []int{0, 2}) {
		t.Errorf("phase %v to act %d finish %v", m.Phase(), m.ToAct(), m.Finish)
	}
	if m.Levels != [2]Rank{Five, Two} || m.NextLevel != Five {
		t.Errorf("levels %v next %v", m.Levels, m.NextLevel)
	}
}

func TestFlowDealEndsWhenThirdFinishes(t *testing.T) {
	m := dealFrom(t, "2", [4]string{"AS", "3S", "4S 4D", "7S 8S"}, 0)
	m = playAll(t, m, "0:AS", "1:pass", "2:pass", "3:pass", // 0 finishes, 2 leads
		"2:4S", "3:7S")
	if m.ToAct() != 1 { // seat 0 has finished and is skipped
		t.Fatalf("to act %d, want 1", m.ToAct())
	}
	m = playAll(t, m, "1:pass", "2:pass", "3:8S") // 3 wins the trick and leads its last card
	if m.Phase() != PhasePlay || !reflect.DeepEqual(m.Finish, []int{0, 3}) {
		t.Fatalf("phase %v finish %v", m.Phase(), m.Finish)
	}
	m = playAll(t, m, "1:pass", "2:pass") // 3 finished on the last play: lead to partner 1
	if m.ToAct() != 1 || !m.Leading() {
		t.Fatalf("to act %d leading %v, want 1 leading", m.ToAct(), m.Leading())
	}
	m = playAll(t, m, "1:3S")
	if m.Phase() != PhaseDealOver || !reflect.DeepEqual(m.Finish, []int{0, 3, 1}) || m.ToAct() != -1 {
		t.Errorf("phase %v finish %v to act %d", m.Phase(), m.Finish, m.ToAct())
	}
	if m.Levels != [2]Rank{Three, Two} {
		t.Errorf("levels %v, want 1-4 finish: team 0 up by 1", m.Levels)
	}
}

func TestFlowRefusals(t *testing.T) {
	base := dealFrom(t, "5", [4]string{"5H 6S 7D 8C 9S KS KD", "4S 5H 6D 7S 8S 9D KC", "3S", "3D"}, 0)
	tests := []struct {
		name  string
		moves []string
		err   error
	}{
		{"leader cannot pass", []string{"0:pass"}, ErrMustLead},
		{"not your turn", []string{"1:4S"}, ErrNotYourTurn},
		{"not in hand", []string{"0:AS"}, ErrNotInHand},
		{"not a combination", []string{"0:6S KS"}, ErrIllegalPlay},
		{"ambiguous lead", []string{"0:5H 6S 7D 8C 9S"}, ErrAmbiguous},
		{"named reading not of these cards", []string{"0:5H 6S 7D 8C 9S=straight:8"}, ErrIllegalPlay},
		{"does not beat", []string{"0:KS", "1:4S"}, ErrDoesNotBeat},
		{"other kind does not beat", []string{"0:KS KD", "1:KC"}, ErrDoesNotBeat},
		{"named reading that does not beat", []string{"0:5H 6S 7D 8C 9S=straight:T", "1:5H 6D 7S 8S 9D=straight:9"}, ErrDoesNotBeat},
		{"no reading beats", []string{"0:5H 6S 7D 8C 9S=straight:T", "1:5H 6D 7S 8S 9D"}, ErrDoesNotBeat},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := base
			var err error
			for _, s := range tc.moves {
				if m, _, err = move(t, m, s); err != nil {
					break
				}
			}
			if !errors.Is(err, tc.err) {
				t.Errorf("got %v, want %v", err, tc.err)
			}
		})
	}
}

func TestFlowFollowResolvesAmbiguity(t *testing.T) {
	// Only one reading of the follower's straight beats straight:9, so none needs naming.
	m := dealFrom(t, "5", [4]string{"5S 6D 7C 8S 9C 3C", "5H 6S 7D 8C 9S 2C", "3S", "3D"}, 0)
	m = playAll(t, m, "0:5S 6D 7C 8S 9C", "1:5H 6S 7D 8C 9S")
	if m.LastPlay.Reading != (Reading{Kind: Straight, Rank: Ten}) {
		t.Errorf("reading %v, want straight:T", m.LastPlay.Reading)
	}
}

func TestApplyDoesNotMutate(t *testing.T) {
	m := NewMatch(7)
	for i := 0; i < 40 && m.Phase() == PhasePlay; i++ {
		snapshot, _ := json.Marshal(m)
		a := Action{Kind: ActPass, Seat: m.ToAct()}
		if plays := m.LegalPlays(m.ToAct()); len(plays) > 0 {
			a = Action{Kind: ActPlay, Seat: m.ToAct(), Cards: plays[0].Cards, Reading: plays[0].Reading}
		}
		next, _, err := m.Apply(a)
		if err != nil {
			t.Fatal(err)
		}
		after, _ := json.Marshal(m)
		if string(snapshot) != string(after) {
			t.Fatal("Apply changed its receiver")
		}
		m = next
	}
}

// Step is Apply in place: over random matches, whole deals and the deals between, the stepped
// match and its events are the applied ones at every action, a refused action leaves the
// stepped match as it was, and the history of the deal is the same.
func TestStepIsApply(t *testing.T) {
	rnd := rand.New(rand.NewPCG(5, 6))
	var buf []Play
	for n := range 3 {
		m := NewMatch(uint64(100 + n))
		s := m
		for steps := 0; m.Phase() != PhaseMatchOver && steps < 3000; steps++ {
			var a Action
			a, buf = randomAction(m, rnd, buf)
			next, want, err := m.Apply(a)
			if err != nil {
				t.Fatalf("match %d step %d: %+v refused: %v", n, steps, a, err)
			}
			got, err := s.Step(a)
			if err != nil {
				t.Fatalf("match %d step %d: Step refused %+v: %v", n, steps, a, err)
			}
			m = next
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("match %d step %d: Step said %+v, Apply %+v", n, steps, got, want)
			}
			mj, _ := json.Marshal(m)
			sj, _ := json.Marshal(s)
			if string(mj) != string(sj) || !reflect.DeepEqual(m.History.Moves(), s.History.Moves()) {
				t.Fatalf("match %d step %d: stepped match differs from the applied one", n, steps)
			}
			if steps%7 == 0 {
				before, _ := json.Marshal(s)
				if _, err := s.Step(Action{Kind: ActPlay, Seat: (s.ToAct() + 1) % 4}); err == nil {
					t.Fatalf("match %d step %d: a play out of turn was stepped", n, steps)
				}
				if after, _ := json.Marshal(s); string(after) != string(before) {
					t.Fatalf("match %d step %d: a refused Step changed the match", n, steps)
				}
			}
		}
	}
}

// TestSeedDecidesTheDeals checks what the seed is for: different seeds deal differently, and a
// match saved as JSON and loaded again deals the same next deal as the match that never left
// memory (the generator's state is part of the match).
func TestSeedDecidesTheDeals(t *testing.T) {
	if NewMatch(7).Hands == NewMatch(8).Hands {
		t.Error("seeds 7 and 8 deal the same hands")
	}
	m := NewMatch(7)
	for m.Phase() == PhasePlay {
		a := Action{Kind: ActPass, Seat: m.ToAct()}
		if plays := m.LegalPlays(m.ToAct()); len(plays) > 0 {
			a = Action{Kind: ActPlay, Seat: m.ToAct(), Cards: plays[0].Cards, Reading: plays[0].Reading}
		}
		next, _, err := m.Apply(a)
		if err != nil {
			t.Fatal(err)
		}
		m = next
	}
	saved, _ := json.Marshal(m)
	var loaded Match
	if err := json.Unmarshal(saved, &loaded); err != nil {
		t.Fatal(err)
	}
	a, _, errA := m.Apply(Action{Kind: ActNextDeal})
	b, _, errB := loaded.Apply(Action{Kind: ActNextDeal})
	if errA != nil || errB != nil {
		t.Fatal(errA, errB)
	}
	if a.Hands != b.Hands || a.Hands == m.Hands {
		t.Error("the loaded match dealt a different next deal, or the next deal repeats the last")
	}
}

// randomAction picks a random legal action for the seat to act.
func randomAction(m Match, rnd *rand.Rand, buf []Play) (Action, []Play) {
	seat := m.ToAct()
	switch m.Phase() {
	case PhaseReturn:
		cards := m.Hands[seat].Cards()
		for {
			c := cards[rnd.IntN(len(cards))]
			if CanReturn(m.Level, m.Hands[seat], c) {
				return Action{Kind: ActReturn, Seat: seat, Card: c}, buf
			}
		}
	case PhaseDealOver:
		return Action{Kind: ActNextDeal}, buf
	}
	buf = AppendLegalPlays(buf[:0], m.Hands[seat], m.Level, m.toBeat())
	if !m.Leading() && rnd.IntN(len(buf)+1) == 0 {
		return Action{Kind: ActPass, Seat: seat}, buf
	}
	p := buf[rnd.IntN(len(buf))]
	return Action{Kind: ActPlay, Seat: seat, Cards: p.Cards, Reading: p.Reading}, buf
}

func TestRandomMatches(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	matches := 6
	if testing.Short() {
		matches = 2
	}
	var buf []Play
	for n := 0; n < matches; n++ {
		m := NewMatch(uint64(n))
		deals := 0
		for steps := 0; m.Phase() != PhaseMatchOver && deals < 60; steps++ {
			total := Set{}
			count := 0
			for _, h := range m.Hands {
				total = total.Union(h)
				count += h.Len()
			}
			if count+m.Played.Len() != NumCards || total.Union(m.Played) != FullDeck() {
				t.Fatalf("match %d step %d: cards lost or duplicated", n, steps)
			}
			var a Action
			a, buf = randomAction(m, rnd, buf)
			if a.Kind == ActNextDeal {
				deals++
			}
			// A JSON round trip keeps the match identical, future deals included.
			if steps%50 == 0 {
				data, err := json.Marshal(m)
				if err != nil {
					t.Fatal(err)
				}
				var back Match
				if err := json.Unmarshal(data, &back); err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(back, m) {
					t.Fatalf("match %d step %d: JSON round trip changed the match", n, steps)
				}
			}
			next, _, err := m.Apply(a)
			if err != nil {
				t.Fatalf("match %d step %d: %+v refused: %v", n, steps, a, err)
			}
			m = next
		}
		if m.Phase() == PhaseMatchOver && (m.Winner < 0 || m.Levels[m.Winner] != Ace) {
			t.Errorf("match %d over with winner %d levels %v", n, m.Winner, m.Levels)
		}
	}
}

func TestViewHidesOtherHands(t *testing.T) {
	m := NewMatch(11)
	for seat := 0; seat < 4; seat++ {
		v := m.View(seat)
		if v.Hand != m.Hands[seat] {
			t.Errorf("seat %d sees the wrong hand", seat)
		}
		data, _ := json.Marshal(v)
		for other := 0; other < 4; other++ {
			if other == seat {
				continue
			}
			h, _ := json.Marshal(m.Hands[other])
			if strings.Contains(string(data), string(h)) {
				t.Errorf("seat %d's view contains seat %d's hand", seat, other)
			}
		}
		for s := 0; s < 4; s++ {
			if v.Seats[s].Count != 27 || v.Seats[s].Team != s%2 {
				t.Errorf("seat view %d: %+v", s, v.Seats[s])
			}
		}
	}
}

func TestTributeFlowInMatch(t *testing.T) {
	// Finish a deal 1-2, then check the next deal starts with a double tribute or a refusal,
	// and that returns are validated and lead to the right leader.
	m := dealFrom(t, "2", [4]string{"AS", "3S 4S", "KS", "7S 8S"}, 0)
	m.RNG = 99
	m = playAll(t, m, "0:AS", "1:pass", "2:pass", "3:pass", "2:KS")
	m, ev, err := m.Apply(Action{Kind: ActNextDeal})
	if err != nil {
		t.Fatal(err)
	}
	if m.Level != Five || m.DealNo != 2 {
		t.Fatalf("level %v deal %d", m.Level, m.DealNo)
	}
	if m.Phase() != PhaseReturn {
		t.Fatalf("seed 99 should give a double tribute; phase %v events %v", m.Phase(), ev)
	}
	if m.Phase() != PhaseReturn || len(m.Returns) != 2 || m.ToAct() != 0 {
		t.Fatalf("phase %v returns %v to act %d", m.Phase(), m.Returns, m.ToAct())
	}
	leader := m.Leader
	if leader != 1 && leader != 3 {
		t.Fatalf("leader %d", leader)
	}
	// First place returns to the payer who gave it the tribute, and that payer leads.
	if v := m.View(0); v.ReturnTo != leader || v.Tribute[0].To != 0 || v.Tribute[0].Seat != leader {
		t.Errorf("view: return to %d, tribute %+v; want the leader %d", v.ReturnTo, v.Tribute, leader)
	}
	// A card that may not be returned is refused.
	for _, c := range m.Hands[0].Cards() {
		if !CanReturn(m.Level, m.Hands[0], c) {
			if _, _, err := m.Apply(Action{Kind: ActReturn, Seat: 0, Card: c}); !errors.Is(err, ErrBadReturn) {
				t.Errorf("bad return of %v: %v", c, err)
			}
			break
		}
	}
	for m.Phase() == PhaseReturn {
		seat := m.ToAct()
		for _, c := range m.Hands[seat].Cards() {
			if CanReturn(m.Level, m.Hands[seat], c) {
				if m, _, err = m.Apply(Action{Kind: ActReturn, Seat: seat, Card: c}); err != nil {
					t.Fatal(err)
				}
				break
			}
		}
	}
	if m.ToAct() != leader || !m.Leading() {
		t.Errorf("to act %d, want leader %d", m.ToAct(), leader)
	}
	for s := 0; s < 4; s++ {
		if m.Hands[s].Len() != 27 {
			t.Errorf("seat %d holds %d cards after tribute and return", s, m.Hands[s].Len())
		}
	}
}

// TestApplyBranches applies two different actions to the same match: the first result must not
// change when the second is made (the two share history but no writable array).
func TestApplyBranches(t *testing.T) {
	m := dealFrom(t, "2", [4]string{"3S 9D", "4S 5S 9C", "6S 9H", "7S 9S"}, 0)
	m = playAll(t, m, "0:3S")
	a, _, err := move(t, m, "1:4S")
	if err != nil {
		t.Fatal(err)
	}
	before, _ := json.Marshal(a)
	if _, _, err := move(t, m, "1:5S"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := move(t, m, "1:pass"); err != nil {
		t.Fatal(err)
	}
	after, _ := json.Marshal(a)
	if string(before) != string(after) {
		t.Errorf("a branch changed another:\n%s\n%s", before, after)
	}
}

func TestTributeCancelledInMatch(t *testing.T) {
	over := dealFrom(t, "2", [4]string{"AS", "3S 4S", "KS", "7S 8S"}, 0)
	over = playAll(t, over, "0:AS", "1:pass", "2:pass", "3:pass", "2:KS") // 1-2 finish of team 0
	for seed := uint64(0); seed < 200; seed++ {
		m := over
		m.RNG = seed
		m, ev, err := m.Apply(Action{Kind: ActNextDeal})
		if err != nil {
			t.Fatal(err)
		}
		// Payers only give cards away before the returns, so they hold both red jokers now
		// exactly when they did at the deal, which cancels the tribute.
		if countRed(m.Hands[1])+countRed(m.Hands[3]) != 2 {
			continue
		}
		if m.Phase() != PhasePlay || m.ToAct() != 0 || !m.Leading() || len(m.TributeLog) != 1 || m.TributeLog[0].Kind != EvTributeCancelled {
			t.Errorf("seed %d: phase %v to act %d events %v", seed, m.Phase(), m.ToAct(), ev)
		}
		return
	}
	t.Fatal("no seed gave the payers both red jokers")
}

func TestMatchWonAtAce(t *testing.T) {
	m := dealFrom(t, "A", [4]string{"KS", "3S 4S", "QS", "7S 8S"}, 0)
	m = playAll(t, m, "0:KS", "1:pass", "2:pass", "3:pass")
	m, ev, err := move(t, m, "2:QS")
	if err != nil {
		t.Fatal(err)
	}
	if m.Phase() != PhaseMatchOver || m.Winner != 0 || m.ToAct() != -1 {
		t.Fatalf("phase %v winner %d to act %d", m.Phase(), m.Winner, m.ToAct())
	}
	if last := ev[len(ev)-1]; last.Kind != EvMatchOver || last.Team != 0 {
		t.Errorf("last event %+v", last)
	}
	if _, _, err := m.Apply(Action{Kind: ActNextDeal}); !errors.Is(err, ErrWrongPhase) {
		t.Errorf("next deal after the match: %v", err)
	}
}

func TestReadingsNow(t *testing.T) {
	m := dealFrom(t, "5", [4]string{"5S 6D 7C 8S 9C 3C", "5H 6S 7D 8C 9S 2C", "3S", "3D"}, 1)
	cards := mustCards(t, "5H 6S 7D 8C 9S")
	if got := readingStrings(m.ReadingsNow(cards)); !slices.Equal(got, []string{"straight:9", "straight:T"}) {
		t.Errorf("leading: %v", got)
	}
	m = playAll(t, dealFrom(t, "5", [4]string{"5S 6D 7C 8S 9C 3C", "5H 6S 7D 8C 9S 2C", "3S", "3D"}, 0), "0:5S 6D 7C 8S 9C")
	if got := readingStrings(m.ReadingsNow(cards)); !slices.Equal(got, []string{"straight:T"}) {
		t.Errorf("following straight:9: %v", got)
	}
}
