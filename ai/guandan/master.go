package guandan

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// Options configure the search of a Master.
type Options struct {
	// Samples is the most deals of hidden hands drawn per decision.
	Samples int
	// Budget caps the work of one decision, counted in the search states the planner
	// evaluates in the rollouts' simulated decisions (plus the cards of the deciding hands and
	// the sampling's draws), not in time, so that a decision depends on its seed only and never
	// on the machine's load. DefaultOptions calibrates it to the time budget of BENCHMARKS.md.
	Budget int
	// Near is the most cards the seat closest to going out may hold for the search to play:
	// before that the rollouts are long and the planner decides alone.
	Near int
	// Candidates is the most moves compared, the planner's own choice always among them.
	Candidates int
	// Tries is how many draws of the hidden hands a sample takes at most, the one that best
	// fits the passes of the deal kept (see world.sample).
	Tries int
	// Margin is how many standard errors a candidate's mean paired difference must be above
	// the planner's move for the search to choose it.
	Margin float64
	// Race drops a candidate from the search once its mean paired difference is below the
	// planner's move by more than Race standard errors (checked every raceEvery samples; 0
	// never drops): the samples it would have taken go to the candidates still in the race,
	// and when none is left the planner's move stands without spending the rest of the budget.
	Race float64
	// Read, when 1, has the rollouts play each opponent as the deal so far shows it plays: one
	// who passes on most of the plays it answers is played as a planner that values holding a
	// trick less (see readStyles); 0 plays every seat as the planner.
	Read float64
}

// DefaultOptions are the options of the Master the site seats; see BENCHMARKS.md for the
// decision times they give.
var DefaultOptions = Options{Samples: 384, Budget: 1200000, Near: 16, Candidates: 6, Margin: 1, Tries: 16, Race: 1, Read: 1}

// ParseOptions reads space-separated "Name=value" fields (the names of Options' fields, as
// "Samples=96 Budget=150000") over DefaultOptions, so that the arena and the measurements can
// screen a variant without a change to the code.
func ParseOptions(s string) (Options, error) {
	o := DefaultOptions
	for _, f := range strings.Fields(s) {
		k, val, _ := strings.Cut(f, "=")
		x, err := strconv.ParseFloat(val, 64)
		if err != nil || x < 0 {
			return o, fmt.Errorf("guandan options: %q: want Name=value with a value of at least 0", f)
		}
		switch k {
		case "Samples":
			o.Samples = int(x)
		case "Budget":
			o.Budget = int(x)
		case "Near":
			o.Near = int(x)
		case "Candidates":
			o.Candidates = int(x)
		case "Tries":
			o.Tries = int(x)
		case "Margin":
			o.Margin = x
		case "Race":
			o.Race = x
		case "Read":
			o.Read = x
		default:
			return o, fmt.Errorf("guandan options: unknown option %q (Samples, Budget, Near, Candidates, Tries, Margin, Race, Read)", k)
		}
	}
	return o, nil
}

// minSamples is the fewest samples on which the search may leave the planner: on fewer, a
// better move cannot be told from luck.
const minSamples = 8

// raceEvery is how often, in samples, the race (Options.Race) drops candidates; the first
// check waits as long, so that no candidate is judged on fewer than minSamples.
const raceEvery = minSamples

// Master is the searching Guandan AI (see the package doc): the planner proposes a few moves,
// and each is played out in deals of the hidden hands consistent with the public record, the
// planner playing every seat; the move that wins most for the team is chosen. A Master decides
// from a view only, and the same view and seed always give the same decision. It is not safe
// for concurrent use.
type Master struct {
	opt  Options
	seed uint64
	plan *Player
	// last is what the last search spent, for the tests of the race and of the budget.
	last struct{ samples, work int }
	// reveal, in tests only, tells the search these cards of the other seats' true hands
	// (all of them: the oracle of the package doc), so that TestSearchAgainstTrueHands can
	// say what knowing part of the hidden hands would be worth.
	reveal *[4]gd.Set
	// turn, when set, is the slot the searches take (see InTurn).
	turn *Turn
}

// NewMaster returns a Master searching with opt whose samples follow seed.
func NewMaster(seed uint64, opt Options) *Master {
	return &Master{opt: opt, seed: seed, plan: New(seed)}
}

// Play returns the Master's action in PhasePlay.
func (m *Master) Play(v gd.View) gd.Action {
	a, _ := m.choose(v)
	return a
}

// InTurn makes m search in t's slot rather than take one of its own for each search. The web
// table gives every Master of a request the request's turn, which stops waiting when the
// request's context ends, so that a crowd at Master does not spend searches on moves whose
// requests have run out of time or been left, and those requests answer within their
// deadline. A decision that stopped waiting is the planner's move, which depends on when the
// turn gave up and not on the seed alone: a caller must discard every decision it got from m
// after that.
func (m *Master) InTurn(t *Turn) { m.turn = t }

// Return chooses the return card as the planner does: it hardly matters enough to search.
func (m *Master) Return(v gd.View) gd.Card { return m.plan.Return(v) }

// Plan splits hand into plays at this level; see the package function Plan.
func (m *Master) Plan(hand gd.Set, level gd.Rank) []gd.Play { return Plan(hand, level) }

// Advise is the Master's choice in the seat of v with the reason for it.
func (m *Master) Advise(v gd.View) (gd.Action, Reason) {
	a, searched := m.choose(v)
	return a, explain(v, a, searched)
}

// viewSeed mixes the position into the seed, so that a decision depends on the position and
// the seed only: a hint and the play the AI would make are the same move.
func viewSeed(seed uint64, v gd.View) uint64 {
	return gd.Mix(seed, v.Hand[0]^v.Hand[1]<<1^v.Played[0]<<2^v.Played[1]<<3^uint64(len(v.Trick)))
}

// choose is the whole decision; searched is true when the search overrode the planner.
func (m *Master) choose(v gd.View) (gd.Action, bool) {
	seed := viewSeed(m.seed, v)
	rng := rand.New(rand.NewPCG(seed, seed^0x5eed))
	planned := decide(v, defaultStyle, rng)
	t := newTable(v, defaultStyle)
	defer t.e.release()
	leading := v.Leading || v.LastPlay.Reading.IsZero()
	if leading && t.partnerLeft >= 1 && t.partnerLeft <= 2 && t.oppMin > t.partnerLeft {
		return planned, false // the planner feeds the partner, who is closer to going out
	}
	if planned.Kind == gd.ActPlay && !leading && !allowed(t, gd.Play{Cards: planned.Cards, Reading: planned.Reading}) &&
		v.LastSeat == t.partner {
		planned = gd.Action{Kind: gd.ActPass, Seat: v.Seat} // never over the partner for nothing
	}
	m.last.samples, m.last.work = 0, 0
	cands := candidates(t, planned, m.opt.Candidates)
	if len(cands) < 2 || m.opt.Samples < 1 {
		return planned, false
	}
	// Early in the deal the rollouts are long and the planner's plan is what matters; the
	// search takes over when few enough cards are left for the samples to be affordable.
	if closest(v) > m.opt.Near {
		return planned, false
	}
	turn := m.turn
	if turn == nil {
		turn = NewTurn(nil) // a slot for this search alone
		defer turn.Release()
	}
	if !turn.acquire() {
		return planned, false
	}
	styles := plannerStyles
	if m.opt.Read > 0 {
		styles = readStyles(v)
	}
	w := newWorld(v)
	w.tries = max(1, m.opt.Tries)
	if m.reveal != nil {
		for s := range 4 {
			if s != v.Seat {
				w.known[s] = w.known[s].Union(m.reveal[s].Intersect(w.unseen))
			}
		}
	}
	// Paired comparison: every candidate is played out on the same samples with the same
	// policy seeds, so the differences between candidates are not drowned in the luck of the
	// samples (common random numbers).
	diff := make([]float64, len(cands)) // sum of (candidate - planner's choice)
	sq := make([]float64, len(cands))
	score := make([]float64, len(cands))
	// in lists the candidates still in the race, the planner's move always first: a candidate
	// is dropped for good, so every one still in has been played on every sample.
	in := make([]int, len(cands))
	for j := range in {
		in[j] = j
	}
	samples, work := 0, 0
	for samples < m.opt.Samples && len(in) > 1 {
		// Stop before a sample that would likely take the work past the budget: samples cost
		// about the same, so the average so far predicts the next one.
		if samples > 0 && work+work/samples > m.opt.Budget {
			break
		}
		hands, wk := w.sample(rng)
		work += wk
		ps := rng.Uint64()
		over := false
		for _, j := range in {
			if work > m.opt.Budget {
				over = true // a sample cut short compares nothing: drop it
				break
			}
			var steps int
			score[j], steps = rollout(v, hands, cands[j], ps, &styles)
			work += steps
		}
		if over {
			break
		}
		samples++
		for _, j := range in[1:] {
			d := score[j] - score[0]
			diff[j] += d
			sq[j] += d * d
		}
		if m.opt.Race > 0 && samples%raceEvery == 0 {
			in = slices.DeleteFunc(in, func(j int) bool {
				mean, se := meanSE(diff[j], sq[j], samples)
				return j != 0 && mean+m.opt.Race*se <= 0
			})
		}
	}
	m.last.samples, m.last.work = samples, work
	if samples < minSamples {
		return planned, false
	}
	// Leave the planner only for a move that is better by more than the noise: the planner
	// is a strong default, and a search that chased noise would play worse than it.
	best, bestLow := 0, 0.0
	for _, j := range in[1:] {
		mean, se := meanSE(diff[j], sq[j], samples)
		if low := mean - m.opt.Margin*se; low > bestLow {
			best, bestLow = j, low
		}
	}
	return cands[best], best != 0
}

// closest is the fewest cards a seat still in the deal holds (99 when none is).
func closest(v gd.View) int {
	near := 99
	for _, s := range v.Seats {
		if s.Place == 0 && s.Count > 0 {
			near = min(near, s.Count)
		}
	}
	return near
}

// meanSE is the mean of n paired differences with sum sum and sum of squares sq, and its
// standard error.
func meanSE(sum, sq float64, n int) (mean, se float64) {
	k := float64(n)
	mean = sum / k
	return mean, math.Sqrt(max(0, sq/k-mean*mean)) / math.Sqrt(k)
}

// rollout plays the deal out from v with the other seats holding hands, after the seat of v
// makes action a, with the planner in every seat, each in its style of styles, and scores the
// end for the seat's team: while nobody has finished, 1 for winning the deal (the rollout
// stops at the first to go out); after that, a third for every level the team gains, less a
// third for every level the other team gains.
//
// It also returns its work: the cards in the hands of the seats that decided, summed over
// the decisions, since the planner's cost grows with the hand it plans.
func rollout(v gd.View, hands [4]gd.Set, a gd.Action, policySeed uint64, styles *[4]style) (score float64, work int) {
	// The rollout's match is its own (worldMatch copies the view's slices), so it is played
	// in place: Apply's copy of the trick on every move was a tenth of the search's CPU.
	m := worldMatch(v, hands)
	if _, err := m.Step(a); err != nil {
		return -1, 1 // a candidate the engine refuses is never chosen
	}
	rng := rand.New(rand.NewPCG(policySeed, 0x7011))
	// Before anyone has finished, the first to finish decides the deal: the rollout stops there.
	open := len(v.Finish) == 0
	for range 108 * 4 {
		if m.Stage != gd.PhasePlay || open && len(m.Finish) > 0 {
			break
		}
		seat := m.Turn
		act, w := decideWork(m.View(seat), styles[seat], rng)
		work += w
		act.Seat = seat
		if _, err := m.Step(act); err != nil {
			return -1, work
		}
	}
	if len(m.Finish) == 0 {
		return 0, work
	}
	won := m.Finish[0]%2 == v.Seat%2
	if open {
		if won {
			return 1, work
		}
		return 0, work
	}
	// The deal's winner is known: what is left to play for is its promotion, a third of a
	// deal per level.
	gain := float64(int(m.Levels[m.Finish[0]%2])-int(v.Levels[m.Finish[0]%2])) / 3
	if won {
		return gain, work
	}
	return -gain, work
}

// worldMatch is the position of v with the hidden hands filled in.
func worldMatch(v gd.View, hands [4]gd.Set) gd.Match {
	m := gd.Match{
		Levels: v.Levels, Level: v.Level, NextLevel: v.Level, DealNo: v.DealNo,
		Stage: gd.PhasePlay, Turn: v.ToAct, Hands: hands, Played: v.Played,
		Finish: slices.Clone(v.Finish), LastPlay: v.LastPlay, LastSeat: v.LastSeat,
		Trick: slices.Clone(v.Trick), Winner: -1, Leader: -1,
	}
	if v.Leading {
		m.LastPlay, m.LastSeat = gd.Play{}, -1
	}
	for s, sv := range v.Seats {
		m.Passed[s] = sv.Passed
	}
	return m
}

// candidates are the moves worth comparing: the planner's choice first; then, leading, the
// plays of the plan, and following, the plays that beat, those that leave the best plan
// first, with passing among them only when the planner passes. When the planner plays,
// passing instead is no candidate: measured against the true hands, the search's passes in
// its place lost more deals than they won. Plays the partnership rules forbid are left out
// (see allowed).
func candidates(t *table, planned gd.Action, limit int) []gd.Action {
	v := t.v
	out := []gd.Action{planned}
	type scored struct {
		a  gd.Action
		sc float64
	}
	var alt []scored
	if v.Leading || v.LastPlay.Reading.IsZero() {
		for _, s := range t.e.steps(v.Hand) {
			alt = append(alt, scored{playAction(v.Seat, s.play), t.handScore(s.play.Cards)})
		}
	} else {
		tl := newTally(v.Hand, v.Level)
		flushes := t.plannedFlushes()
		for _, c := range beaters(&tl, v.LastPlay.Reading, v.Level) {
			if p, ok := t.beat(c, flushes); ok {
				if !allowed(t, p) {
					continue
				}
				alt = append(alt, scored{playAction(v.Seat, p), t.handScore(p.Cards)})
			}
		}
	}
	slices.SortStableFunc(alt, func(x, y scored) int {
		switch {
		case x.sc > y.sc:
			return -1
		case x.sc < y.sc:
			return 1
		}
		return 0
	})
	for _, s := range alt {
		if len(out) >= limit {
			break
		}
		if !slices.ContainsFunc(out, func(a gd.Action) bool { return sameAction(a, s.a) }) {
			out = append(out, s.a)
		}
	}
	return out
}

// sameAction reports whether two actions are the same move.
func sameAction(a, b gd.Action) bool {
	return a.Kind == b.Kind && a.Cards == b.Cards && a.Reading == b.Reading
}

// allowed applies the partnership rules to a play that beats the last one (RULES.md has the
// partners; the rules themselves are the issue's): over the partner's winning play only to go
// out or to stop an opponent who is close to going out; a bomb only when it changes the outcome,
// which here means an opponent is close to going out or the bomb leaves a hand that goes out.
func allowed(t *table, p gd.Play) bool {
	v := t.v
	if p.Cards == v.Hand {
		return true // going out
	}
	if v.LastSeat == t.partner && !opponentThreat(t) {
		return false
	}
	if p.Reading.IsBomb() && t.oppMin > 6 && t.finishBonus(p.Cards) == 0 {
		return false
	}
	return true
}

// opponentThreat reports whether an opponent still to play in this trick could go out by
// winning it: one who has not passed holds at most three cards, and the partner's play is not
// one that only a bomb beats.
func opponentThreat(t *table) bool {
	v := t.v
	if t.e.isControl(comboOf(v.LastPlay.Reading)) {
		return false
	}
	for _, s := range [2]int{(v.Seat + 1) % 4, (v.Seat + 3) % 4} {
		if sv := v.Seats[s]; sv.Place == 0 && sv.Count > 0 && sv.Count <= 3 && !sv.Passed {
			return true
		}
	}
	return false
}
