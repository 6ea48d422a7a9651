package guandan_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cardavia/cardavia/rules/guandan"
)

// These are property tests: instead of fixed positions they check, on many random positions,
// statements that RULES.md makes true everywhere (the 108 cards are conserved, the play
// generator and the validator agree, every deal ends with a proper finishing order, levels
// only climb for the winner and stop at A) and the engine's promises (Apply is pure, a View
// holds only its own seat's cards). Every random source is seeded, so a failure replays.

var allLevels = []guandan.Rank{
	guandan.Two, guandan.Three, guandan.Four, guandan.Five, guandan.Six, guandan.Seven,
	guandan.Eight, guandan.Nine, guandan.Ten, guandan.Jack, guandan.Queen, guandan.King, guandan.Ace,
}

// cardCount is the number of cards each kind of reading needs (RULES.md "Combinations").
func cardCount(r guandan.Reading) int {
	switch r.Kind {
	case guandan.Single:
		return 1
	case guandan.Pair:
		return 2
	case guandan.Triple:
		return 3
	case guandan.FullHouse, guandan.Straight, guandan.StraightFlush:
		return 5
	case guandan.Tube, guandan.Plate:
		return 6
	case guandan.Bomb:
		return int(r.Size)
	case guandan.JokerBomb:
		return 4
	}
	return -1
}

// shuffled returns the 108 cards in a random order.
func shuffled(rng *rand.Rand) []guandan.Card {
	deck := guandan.FullDeck().Cards()
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	return deck
}

func setOf(cards []guandan.Card) guandan.Set {
	var s guandan.Set
	for _, c := range cards {
		s.Add(c)
	}
	return s
}

// legalNow lists the readings of cards that may be played now: all of them when leading, else
// those that beat prev.
func legalNow(cards guandan.Set, level guandan.Rank, prev guandan.Reading) []guandan.Reading {
	var out []guandan.Reading
	for _, r := range guandan.Readings(cards, level) {
		if prev.IsZero() || r.Beats(prev, level) {
			out = append(out, r)
		}
	}
	return out
}

// checkGenerated checks every play LegalPlays lists for hand against the validator: its cards
// are in the hand, its reading is one of Readings(cards), it beats prev when following, its
// card count fits its kind, and no two listed plays are the same choice.
func checkGenerated(tb testing.TB, hand guandan.Set, level guandan.Rank, prev guandan.Reading, plays []guandan.Play) {
	tb.Helper()
	byReading := map[guandan.Reading][]guandan.Play{}
	for _, p := range plays {
		if !hand.Contains(p.Cards) || p.Cards.Len() == 0 {
			tb.Fatalf("level %s, hand %s, prev %s: play %s/%s is not from the hand", level, hand, prev, p.Cards, p.Reading)
		}
		if !slices.Contains(guandan.Readings(p.Cards, level), p.Reading) {
			tb.Fatalf("level %s, prev %s: play %s read as %s, but Readings gives %v", level, prev, p.Cards, p.Reading, guandan.Readings(p.Cards, level))
		}
		if !prev.IsZero() && !p.Reading.Beats(prev, level) {
			tb.Fatalf("level %s: play %s (%s) listed but does not beat %s", level, p.Cards, p.Reading, prev)
		}
		if cardCount(p.Reading) != p.Cards.Len() {
			tb.Fatalf("level %s: play %s has %d cards for reading %s", level, p.Cards, p.Cards.Len(), p.Reading)
		}
		for _, q := range byReading[p.Reading] {
			if guandan.SamePlayClass(p, q, level) {
				tb.Fatalf("level %s, hand %s: plays %s and %s (%s) are listed twice as the same choice", level, hand, p.Cards, q.Cards, p.Reading)
			}
		}
		byReading[p.Reading] = append(byReading[p.Reading], p)
	}
}

// randomSelection picks 1..10 cards from hand, often from a few neighbouring ranks plus wilds
// and jokers, so that a good share of the selections are legal plays.
func randomSelection(rng *rand.Rand, hand []guandan.Card, level guandan.Rank) guandan.Set {
	n := 1 + rng.IntN(10)
	pool := hand
	if rng.IntN(4) != 0 {
		// A window of neighbouring positions on the line A(low) 2 3 … K A(high).
		lo := 1 + rng.IntN(14)
		hi := lo + []int{0, 0, 1, 1, 2, 4}[rng.IntN(6)]
		jokers := rng.IntN(3) == 0
		pool = nil
		for _, c := range hand {
			r := int(c.Rank())
			inWindow := !c.IsJoker() && (r >= lo && r <= hi || r == int(guandan.Ace) && lo == 1)
			if inWindow || c.IsWild(level) || jokers && c.IsJoker() {
				pool = append(pool, c)
			}
		}
	}
	pool = slices.Clone(pool)
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	return setOf(pool[:min(n, len(pool))])
}

// randomPrev returns the zero reading (a lead) a quarter of the time, else the reading of a
// random play some other hand could lead.
func randomPrev(rng *rand.Rand, level guandan.Rank) guandan.Reading {
	if rng.IntN(4) == 0 {
		return guandan.Reading{}
	}
	deck := shuffled(rng)
	plays := guandan.LegalPlays(setOf(deck[:27]), level, guandan.Reading{})
	return plays[rng.IntN(len(plays))].Reading
}

// TestGeneratorMatchesValidator checks both directions between LegalPlays and the validator
// (Readings + Beats) on random hands and random plays to beat: every listed play is valid, and
// every valid (selection, reading) of the hand is listed up to SamePlayClass.
func TestGeneratorMatchesValidator(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	hands, checked := 2000, 0
	if testing.Short() {
		hands = 200
	}
	for i := 0; i < hands; i++ {
		level := allLevels[rng.IntN(len(allLevels))]
		deck := shuffled(rng)
		handCards := deck[:5+rng.IntN(23)]
		hand := setOf(handCards)
		prev := randomPrev(rng, level)
		plays := guandan.LegalPlays(hand, level, prev)
		checkGenerated(t, hand, level, prev, plays)
		byReading := map[guandan.Reading][]guandan.Play{}
		for _, p := range plays {
			byReading[p.Reading] = append(byReading[p.Reading], p)
		}
		for j := 0; j < 400; j++ {
			sel := randomSelection(rng, handCards, level)
			for _, r := range legalNow(sel, level, prev) {
				checked++
				want := guandan.Play{Cards: sel, Reading: r}
				if !slices.ContainsFunc(byReading[r], func(p guandan.Play) bool { return guandan.SamePlayClass(p, want, level) }) {
					t.Fatalf("level %s, hand %s, prev %s: %s as %s is legal but LegalPlays lists no such play", level, hand, prev, sel, r)
				}
			}
		}
	}
	if checked < hands*20 {
		t.Fatalf("only %d legal selections checked: the selection generator is too weak to prove anything", checked)
	}
	t.Logf("%d legal selections found among LegalPlays", checked)
}

// TestReadingsCardCount checks on random selections that every reading needs exactly as many
// cards as were given, that readings are distinct and that their notation round-trips.
func TestReadingsCardCount(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 20000; i++ {
		level := allLevels[rng.IntN(len(allLevels))]
		deck := shuffled(rng)
		sel := randomSelection(rng, deck[:27], level)
		checkReadings(t, sel, level)
	}
}

func checkReadings(tb testing.TB, cards guandan.Set, level guandan.Rank) {
	tb.Helper()
	rs := guandan.Readings(cards, level)
	for i, r := range rs {
		if cardCount(r) != cards.Len() {
			tb.Fatalf("level %s: %s read as %s, which needs %d cards, not %d", level, cards, r, cardCount(r), cards.Len())
		}
		if slices.Contains(rs[:i], r) {
			tb.Fatalf("level %s: %s has reading %s twice", level, cards, r)
		}
		back, err := guandan.ParseReading(r.String())
		if err != nil || back != r {
			tb.Fatalf("reading %v prints as %q, which parses back to %v (%v)", r, r.String(), back, err)
		}
		if r.Kind == guandan.Straight && slices.Contains(rs, guandan.Reading{Kind: guandan.StraightFlush, Rank: r.Rank}) {
			tb.Fatalf("level %s: %s is read both as straight and straight flush to %s", level, cards, r.Rank)
		}
	}
}

// marshal returns the JSON form of a match; the web store relies on it, and the tests use it
// to see whether a match changed.
func marshal(tb testing.TB, m guandan.Match) string {
	tb.Helper()
	b, err := json.Marshal(m)
	if err != nil {
		tb.Fatalf("match does not marshal: %v", err)
	}
	return string(b)
}

// apply calls Apply and checks that the receiver did not change, whether or not the action
// was accepted.
func apply(tb testing.TB, m guandan.Match, a guandan.Action) (guandan.Match, []guandan.Event, error) {
	tb.Helper()
	before := marshal(tb, m)
	next, ev, err := m.Apply(a)
	if after := marshal(tb, m); after != before {
		tb.Fatalf("Apply(%+v) changed its receiver", a)
	}
	return next, ev, err
}

// checkState checks the invariants of any match state: the four hands and the cards played in
// this deal are the 108 cards exactly once (tribute and returns only move cards), each View
// holds its own seat's cards only, and the finishing order is sound.
func checkState(tb testing.TB, m guandan.Match) {
	tb.Helper()
	var union guandan.Set
	total := 0
	views := [4]guandan.View{}
	for s := 0; s < 4; s++ {
		v := m.View(s)
		views[s] = v
		if v.Seat != s {
			tb.Fatalf("View(%d).Seat = %d", s, v.Seat)
		}
		if v.Hand.Len() != v.Seats[s].Count {
			tb.Fatalf("View(%d) holds %d cards but says the seat has %d", s, v.Hand.Len(), v.Seats[s].Count)
		}
		for t := 0; t < 4; t++ {
			if t != s && v.Hand.Intersect(m.View(t).Hand) != (guandan.Set{}) {
				tb.Fatalf("View(%d) holds cards of seat %d: %s", s, t, v.Hand.Intersect(m.View(t).Hand))
			}
		}
		union = union.Union(v.Hand)
		total += v.Hand.Len()
	}
	played := views[0].Played
	for s := 1; s < 4; s++ {
		if views[s].Played != played || views[s].Seats != views[0].Seats {
			tb.Fatalf("the public part of the views differs between seats 0 and %d", s)
		}
	}
	if union.Intersect(played) != (guandan.Set{}) {
		tb.Fatalf("cards both in a hand and played: %s", union.Intersect(played))
	}
	if total+played.Len() != guandan.NumCards || union.Union(played) != guandan.FullDeck() {
		tb.Fatalf("cards not conserved: %d in hands + %d played", total, played.Len())
	}
	for _, e := range views[0].Trick {
		if e.Kind == guandan.EvPlay && !played.Contains(e.Play.Cards) {
			tb.Fatalf("a play of the trick is not among the played cards")
		}
	}
	// Finishing order: distinct seats that hold no cards, in a deal still being played no
	// complete team, and once over exactly one complete team.
	finish := views[0].Finish
	seen := [4]bool{}
	for i, s := range finish {
		if s < 0 || s > 3 || seen[s] {
			tb.Fatalf("bad finishing order %v", finish)
		}
		seen[s] = true
		if views[0].Seats[s].Count != 0 || views[0].Seats[s].Place != i+1 {
			tb.Fatalf("seat %d finished %d but has %d cards, place %d", s, i+1, views[0].Seats[s].Count, views[0].Seats[s].Place)
		}
	}
	for s := 0; s < 4; s++ {
		if !seen[s] && (views[0].Seats[s].Count == 0 && m.Phase() == guandan.PhasePlay || views[0].Seats[s].Place != 0) {
			tb.Fatalf("seat %d is out of cards or placed but not in the finishing order %v", s, finish)
		}
	}
	teamDone := seen[0] && seen[2] || seen[1] && seen[3]
	switch m.Phase() {
	case guandan.PhasePlay:
		if teamDone || len(finish) > 2 {
			tb.Fatalf("the deal goes on after finishing order %v", finish)
		}
		if to := m.ToAct(); to < 0 || views[0].Seats[to].Count == 0 {
			tb.Fatalf("seat %d to act holds no cards", to)
		}
		if views[0].Leading != (views[0].LastSeat < 0) {
			tb.Fatalf("Leading %v but LastSeat %d", views[0].Leading, views[0].LastSeat)
		}
	case guandan.PhaseDealOver, guandan.PhaseMatchOver:
		if !teamDone || len(finish) < 2 || len(finish) > 3 || m.ToAct() != -1 {
			tb.Fatalf("deal over with finishing order %v, to act %d", finish, m.ToAct())
		}
		if len(finish) == 3 && finish[0]%2 == finish[1]%2 {
			tb.Fatalf("finishing order %v: the deal should have ended at the second finisher", finish)
		}
	}
	for _, l := range views[0].Levels {
		if l < guandan.Two || l > guandan.Ace {
			tb.Fatalf("level %v out of 2..A", l)
		}
	}
}

// checkMoves checks the legal plays of the seat to act against Apply: each is accepted when
// its reading is named, and without a name exactly when it has one reading legal now (RULES.md
// Decision on ambiguous plays). limit bounds how many plays are tried.
func checkMoves(tb testing.TB, rng *rand.Rand, m guandan.Match, plays []guandan.Play, limit int) {
	tb.Helper()
	v := m.View(m.ToAct())
	prev := v.LastPlay.Reading
	if v.Leading {
		prev = guandan.Reading{}
	}
	if v.Leading && len(plays) == 0 {
		tb.Fatalf("the leader has no legal play")
	}
	checkGenerated(tb, v.Hand, v.Level, prev, plays)
	for s := 0; s < 4; s++ {
		if s != m.ToAct() && m.LegalPlays(s) != nil {
			tb.Fatalf("seat %d is not to act but has legal plays", s)
		}
		if s != m.ToAct() {
			if _, _, err := apply(tb, m, guandan.Action{Kind: guandan.ActPass, Seat: s}); err == nil {
				tb.Fatalf("seat %d passed out of turn", s)
			}
		}
	}
	if _, _, err := apply(tb, m, guandan.Action{Kind: guandan.ActPass, Seat: m.ToAct()}); (err == nil) == v.Leading {
		tb.Fatalf("pass by seat %d: leading %v, error %v", m.ToAct(), v.Leading, err)
	}
	idx := rng.Perm(len(plays))
	for _, i := range idx[:min(limit, len(idx))] {
		p := plays[i]
		if _, _, err := apply(tb, m, guandan.Action{Kind: guandan.ActPlay, Seat: m.ToAct(), Cards: p.Cards, Reading: p.Reading}); err != nil {
			tb.Fatalf("legal play %s (%s) refused: %v", p.Cards, p.Reading, err)
		}
		_, _, err := apply(tb, m, guandan.Action{Kind: guandan.ActPlay, Seat: m.ToAct(), Cards: p.Cards})
		if n := len(legalNow(p.Cards, v.Level, prev)); (err == nil) != (n == 1) || n > 1 && !errors.Is(err, guandan.ErrAmbiguous) {
			tb.Fatalf("play %s without a reading: %d readings legal now, error %v", p.Cards, n, err)
		}
	}
}

// selfPlay plays a match by random legal moves for at most maxDeals deals, checking the
// invariants after every action and the promotion after every deal. It returns the number of
// deals completed.
func selfPlay(tb testing.TB, seed uint64, maxDeals, movesChecked int) int {
	tb.Helper()
	rng := rand.New(rand.NewPCG(seed, seed^0x5eed))
	m := guandan.NewMatch(seed)
	if m.Phase() != guandan.PhasePlay || m.View(0).DealNo != 1 || m.View(0).Levels != [2]guandan.Rank{guandan.Two, guandan.Two} || m.View(0).Level != guandan.Two {
		tb.Fatalf("a new match must start deal 1 at level 2 in the play phase")
	}
	deals := 0
	tm := newTurnModel()
	for steps := 0; ; steps++ {
		if steps > 5000*(maxDeals+1) {
			tb.Fatalf("seed %d: the match does not end", seed)
		}
		checkState(tb, m)
		switch m.Phase() {
		case guandan.PhaseReturn:
			m = returnCard(tb, rng, m)
		case guandan.PhasePlay:
			m = playRandom(tb, rng, m, movesChecked, tm)
		case guandan.PhaseDealOver:
			deals++
			if deals >= maxDeals {
				return deals
			}
			before := m.View(0)
			next, _, err := apply(tb, m, guandan.Action{Kind: guandan.ActNextDeal})
			if err != nil {
				tb.Fatalf("next deal refused: %v", err)
			}
			m = next
			tm = newTurnModel()
			leader := checkNewDeal(tb, before, m)
			for m.Phase() == guandan.PhaseReturn {
				checkState(tb, m)
				m = returnCard(tb, rng, m)
			}
			if m.ToAct() != leader || !m.View(0).Leading {
				tb.Fatalf("deal %d: seat %d leads, want %d (finish %v)", m.View(0).DealNo, m.ToAct(), leader, before.Finish)
			}
			checkReturns(tb, m)
			for s := 0; s < 4; s++ {
				if n := m.View(s).Hand.Len(); n != 27 {
					tb.Fatalf("seat %d starts the play with %d cards, want 27", s, n)
				}
			}
		case guandan.PhaseMatchOver:
			return deals + 1
		default:
			tb.Fatalf("unknown phase %v", m.Phase())
		}
	}
}

// returnCard makes the seat to act give back a random allowed card, after checking that a
// refused card is refused.
func returnCard(tb testing.TB, rng *rand.Rand, m guandan.Match) guandan.Match {
	tb.Helper()
	seat := m.ToAct()
	v := m.View(seat)
	var ok, bad []guandan.Card
	for _, c := range v.Hand.Cards() {
		if guandan.CanReturn(v.Level, v.Hand, c) {
			ok = append(ok, c)
		} else {
			bad = append(bad, c)
		}
	}
	if len(ok) == 0 {
		tb.Fatalf("seat %d must return a card but none is allowed from %s", seat, v.Hand)
	}
	if len(bad) > 0 {
		if _, _, err := apply(tb, m, guandan.Action{Kind: guandan.ActReturn, Seat: seat, Card: bad[rng.IntN(len(bad))]}); err == nil {
			tb.Fatalf("a card CanReturn refuses was accepted as return")
		}
	}
	next, _, err := apply(tb, m, guandan.Action{Kind: guandan.ActReturn, Seat: seat, Card: ok[rng.IntN(len(ok))]})
	if err != nil {
		tb.Fatalf("allowed return refused: %v", err)
	}
	return next
}

// checkReturns checks the returns of a deal: each receiver gave one card back to its payer.
func checkReturns(tb testing.TB, m guandan.Match) {
	tb.Helper()
	var tributes, returns []guandan.Event
	for _, e := range m.View(0).Tribute {
		switch e.Kind {
		case guandan.EvTribute:
			tributes = append(tributes, e)
		case guandan.EvReturn:
			returns = append(returns, e)
		}
	}
	if len(returns) != len(tributes) {
		tb.Fatalf("%d tributes but %d returns", len(tributes), len(returns))
	}
	for _, t := range tributes {
		if !slices.ContainsFunc(returns, func(r guandan.Event) bool { return r.Seat == t.To && r.To == t.Seat }) {
			tb.Fatalf("tribute %+v has no return", t)
		}
	}
}

// playRandom makes the seat to act pass (sometimes, when allowed) or play a random legal play.
func playRandom(tb testing.TB, rng *rand.Rand, m guandan.Match, movesChecked int, tm *turnModel) guandan.Match {
	tb.Helper()
	seat := m.ToAct()
	if tm.last < 0 != m.View(seat).Leading {
		tb.Fatalf("seat %d: engine says leading %v, but the last play of the trick was by %d", seat, m.View(seat).Leading, tm.last)
	}
	plays := m.LegalPlays(seat)
	if movesChecked > 0 {
		limit := movesChecked
		if rng.IntN(20) == 0 {
			limit = len(plays) // now and then every legal play of the position
		}
		checkMoves(tb, rng, m, plays, limit)
	}
	leading := m.View(seat).Leading
	if !leading && (len(plays) == 0 || rng.IntN(3) == 0) {
		next, _, err := apply(tb, m, guandan.Action{Kind: guandan.ActPass, Seat: seat})
		if err != nil {
			tb.Fatalf("pass refused: %v", err)
		}
		tm.pass(tb, seat, next)
		return next
	}
	p := plays[rng.IntN(len(plays))]
	before := m.View(seat).Hand
	next, _, err := apply(tb, m, guandan.Action{Kind: guandan.ActPlay, Seat: seat, Cards: p.Cards, Reading: p.Reading})
	if err != nil {
		tb.Fatalf("legal play %s (%s) refused: %v", p.Cards, p.Reading, err)
	}
	if next.View(seat).Hand != before.Minus(p.Cards) {
		tb.Fatalf("the play %s did not leave the hand exactly", p.Cards)
	}
	tm.play(tb, seat, next)
	return next
}

// turnModel is the test's own account of RULES.md "Turns", kept from the actions the test
// takes: who made the last play of the trick and who has passed since. After every action it
// says who must act next, and whether that seat leads, and the engine must agree.
type turnModel struct {
	last   int // seat of the last play of the trick, -1 when a trick is to be led
	passed [4]bool
}

func newTurnModel() *turnModel { return &turnModel{last: -1} }

// counts returns the seats' card counts after an action.
func counts(m guandan.Match) (c [4]int) {
	v := m.View(0)
	for s := range c {
		c[s] = v.Seats[s].Count
	}
	return c
}

// nextActive is the next seat after s in turn order that still holds cards.
func nextActive(c [4]int, s int) int {
	for i := 1; i <= 4; i++ {
		if t := (s + i) % 4; c[t] > 0 {
			return t
		}
	}
	return -1
}

func (tm *turnModel) expect(tb testing.TB, m guandan.Match, toAct int, leading bool, what string) {
	tb.Helper()
	if m.Phase() != guandan.PhasePlay || m.ToAct() != toAct || m.View(0).Leading != leading {
		tb.Fatalf("after %s: phase %v, seat %d to act (leading %v); want seat %d (leading %v)", what, m.Phase(), m.ToAct(), m.View(0).Leading, toAct, leading)
	}
}

// play: the deal ends when the player's team has both finished; else the next active seat
// follows.
func (tm *turnModel) play(tb testing.TB, seat int, m guandan.Match) {
	tb.Helper()
	tm.last, tm.passed = seat, [4]bool{}
	c := counts(m)
	if c[seat] == 0 && c[(seat+2)%4] == 0 {
		if m.Phase() != guandan.PhaseDealOver && m.Phase() != guandan.PhaseMatchOver {
			tb.Fatalf("seat %d and its partner have finished but the deal goes on", seat)
		}
		tm.last = -1
		return
	}
	tm.expect(tb, m, nextActive(c, seat), false, fmt.Sprintf("a play by %d", seat))
}

// pass: when every other active player has passed since the last play, the last player leads,
// or its partner when it has just finished, or the next active seat after it when the partner
// has finished too.
func (tm *turnModel) pass(tb testing.TB, seat int, m guandan.Match) {
	tb.Helper()
	tm.passed[seat] = true
	c := counts(m)
	for t := 0; t < 4; t++ {
		if t != tm.last && c[t] > 0 && !tm.passed[t] {
			tm.expect(tb, m, nextActive(c, seat), false, fmt.Sprintf("a pass by %d", seat))
			return
		}
	}
	lead := tm.last
	if c[lead] == 0 {
		lead = (tm.last + 2) % 4
		if c[lead] == 0 {
			lead = nextActive(c, tm.last)
		}
	}
	tm.last, tm.passed = -1, [4]bool{}
	tm.expect(tb, m, lead, true, fmt.Sprintf("a pass by %d closing the trick", seat))
}

// checkNewDeal checks the start of a new deal against the end of the previous one: promotion
// (RULES.md "Promotion and match end": the next deal is played at the winners' new level) and
// the tribute (RULES.md "Tribute and return"): who pays whom, never a wild, the strongest card,
// refusal exactly when the payers hold both Red Jokers. It returns the seat that must lead
// once the returns are made.
func checkNewDeal(tb testing.TB, end guandan.View, m guandan.Match) int {
	tb.Helper()
	v := m.View(0)
	if v.DealNo != end.DealNo+1 {
		tb.Fatalf("deal number %d after %d", v.DealNo, end.DealNo)
	}
	if !slices.Equal(v.PrevFinish, end.Finish) {
		tb.Fatalf("PrevFinish %v, the deal finished %v", v.PrevFinish, end.Finish)
	}
	level := v.Level
	if level != end.Levels[end.Finish[0]%2] {
		tb.Fatalf("next deal at %s, the winners are at %s", level, end.Levels[end.Finish[0]%2])
	}
	f := end.Finish
	first := f[0]
	var payers []int
	if f[1] == (first+2)%4 {
		payers = []int{(first + 1) % 4, (first + 3) % 4} // first in turn order after first place first
	} else {
		payers = []int{6 - f[0] - f[1] - f[2]}
	}
	var tributes []guandan.Event
	cancelled := false
	for _, e := range v.Tribute {
		switch e.Kind {
		case guandan.EvTributeCancelled:
			cancelled = true
		case guandan.EvTribute:
			tributes = append(tributes, e)
		}
	}
	red := 0
	for _, p := range payers {
		for _, c := range m.View(p).Hand.Cards() {
			if c.Rank() == guandan.RedJoker {
				red++
			}
		}
	}
	for _, e := range tributes {
		if e.Card.Rank() == guandan.RedJoker {
			red++
		}
	}
	if cancelled != (red == 2) {
		tb.Fatalf("finish %v: payers %v hold %d Red Jokers, tribute cancelled %v", f, payers, red, cancelled)
	}
	if cancelled {
		if len(tributes) != 0 {
			tb.Fatalf("tribute both cancelled and paid")
		}
		return first
	}
	if len(tributes) != len(payers) {
		tb.Fatalf("finish %v: %d tributes, want %d", f, len(tributes), len(payers))
	}
	strength := func(c guandan.Card) int {
		if c.IsWild(level) {
			return guandan.Strength(level, level)
		}
		return guandan.Strength(c.Rank(), level)
	}
	paid := map[int]guandan.Event{}
	for _, e := range tributes {
		if !slices.Contains(payers, e.Seat) || paid[e.Seat].Kind != 0 {
			tb.Fatalf("finish %v: unexpected tribute %+v", f, e)
		}
		paid[e.Seat] = e
		if e.Card.IsWild(level) {
			tb.Fatalf("a wild card was paid as tribute: %+v", e)
		}
		// No return has been made yet, so the receiver still holds the tribute card.
		if !m.View(e.To).Hand.Has(e.Card) {
			tb.Fatalf("the tribute card %s is not in the receiver's hand", e.Card)
		}
		for _, c := range m.View(e.Seat).Hand.Cards() {
			if !c.IsWild(level) && strength(c) > strength(e.Card) {
				tb.Fatalf("seat %d paid %s but kept the stronger %s", e.Seat, e.Card, c)
			}
		}
	}
	if len(payers) == 1 {
		if e := paid[payers[0]]; e.To != first {
			tb.Fatalf("single tribute went to %d, want first place %d", e.To, first)
		}
		return payers[0]
	}
	a, b := paid[payers[0]], paid[payers[1]]
	if strength(b.Card) > strength(a.Card) {
		a, b = b, a
	}
	if a.To != first || b.To != f[1] {
		tb.Fatalf("double tribute %s from %d to %d and %s from %d to %d; first %d, second %d", a.Card, a.Seat, a.To, b.Card, b.Seat, b.To, first, f[1])
	}
	return a.Seat
}

// TestSelfPlay plays whole matches by random legal moves, checking the invariants after every
// action and, on a sample of positions, every legal play against Apply.
func TestSelfPlay(t *testing.T) {
	matches := 8
	if testing.Short() {
		matches = 3
	}
	over := 0
	for seed := uint64(1); seed <= uint64(matches); seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			if d := selfPlay(t, seed, 60, 3); d < 60 {
				over++
			}
		})
	}
	t.Logf("%d of %d matches reached a winner within 60 deals", over, matches)
	if over == 0 {
		t.Error("no match reached a winner: the end of a match went unchecked")
	}
}

// TestPromotionByDeal checks levels deal by deal through random matches: the loser's level
// never changes, the winner's climbs by 3, 2 or 1 (1–2, 1–3, 1–4) and never passes A, and the
// match ends exactly when a team already at A wins a deal played at A with 1–2 or 1–3.
func TestPromotionByDeal(t *testing.T) {
	for seed := uint64(100); seed < 140; seed++ {
		rng := rand.New(rand.NewPCG(seed, 7))
		m := guandan.NewMatch(seed)
		for deal := 0; deal < 80 && m.Phase() != guandan.PhaseMatchOver; deal++ {
			start := m.View(0)
			tm := newTurnModel()
			for m.Phase() == guandan.PhasePlay || m.Phase() == guandan.PhaseReturn {
				if m.Phase() == guandan.PhaseReturn {
					m = returnCard(t, rng, m)
				} else {
					m = playRandom(t, rng, m, 0, tm)
				}
			}
			end := m.View(0)
			checkPromotion(t, start.Levels, start.Level, end)
			if m.Phase() == guandan.PhaseDealOver {
				next, _, err := m.Apply(guandan.Action{Kind: guandan.ActNextDeal})
				if err != nil {
					t.Fatal(err)
				}
				m = next
			}
		}
	}
}

func checkPromotion(tb testing.TB, before [2]guandan.Rank, dealLevel guandan.Rank, end guandan.View) {
	tb.Helper()
	f := end.Finish
	win := f[0] % 2
	up := 1
	switch {
	case f[1] == (f[0]+2)%4:
		up = 3
	case f[2] == (f[0]+2)%4:
		up = 2
	}
	want := before
	want[win] = min(before[win]+guandan.Rank(up), guandan.Ace)
	if end.Levels != want {
		tb.Fatalf("levels %v after %v with finish %v, want %v", end.Levels, before, f, want)
	}
	matchWon := before[win] == guandan.Ace && dealLevel == guandan.Ace && up >= 2
	if matchWon != (end.Phase == guandan.PhaseMatchOver) || matchWon != (end.MatchWinner == win) {
		tb.Fatalf("levels %v, deal at %s, finish %v: phase %v, match winner %d", before, dealLevel, f, end.Phase, end.MatchWinner)
	}
	if !matchWon && end.MatchWinner != -1 {
		tb.Fatalf("match winner %d while the match goes on", end.MatchWinner)
	}
}

// TestMatchJSONRoundTrip checks that a match saved as JSON and loaded again goes on exactly
// like the original: the web store keeps matches this way.
func TestMatchJSONRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	m := guandan.NewMatch(42)
	tm := newTurnModel()
	for i := 0; i < 600; i++ {
		var back guandan.Match
		if err := json.Unmarshal([]byte(marshal(t, m)), &back); err != nil {
			t.Fatalf("match does not unmarshal: %v", err)
		}
		if marshal(t, back) != marshal(t, m) {
			t.Fatalf("JSON round trip changes the match")
		}
		if slices.Compare(mustPlays(back), mustPlays(m)) != 0 {
			t.Fatalf("the loaded match offers other plays")
		}
		switch m.Phase() {
		case guandan.PhaseReturn:
			m = returnCard(t, rng, m)
		case guandan.PhasePlay:
			m = playRandom(t, rng, m, 0, tm)
		case guandan.PhaseDealOver:
			m, _, _ = m.Apply(guandan.Action{Kind: guandan.ActNextDeal})
			tm = newTurnModel()
		default:
			return
		}
	}
}

// mustPlays lists the legal plays of the seat to act as comparable text.
func mustPlays(m guandan.Match) []string {
	var out []string
	if m.ToAct() < 0 {
		return nil
	}
	for _, p := range m.LegalPlays(m.ToAct()) {
		out = append(out, p.Cards.String()+"="+p.Reading.String())
	}
	return out
}

// TestSameSeedSameMatch checks that a match is a function of its seed (no global randomness).
func TestSameSeedSameMatch(t *testing.T) {
	a, b := guandan.NewMatch(77), guandan.NewMatch(77)
	if marshal(t, a) != marshal(t, b) {
		t.Fatal("two matches from one seed differ")
	}
	if marshal(t, guandan.NewMatch(78)) == marshal(t, a) {
		t.Fatal("two seeds give the same match")
	}
	var hands [4]int
	for s := 0; s < 4; s++ {
		hands[s] = a.View(s).Hand.Len()
	}
	if hands != [4]int{27, 27, 27, 27} {
		t.Fatalf("deal 1 hands have %v cards, want 27 each", hands)
	}
}
