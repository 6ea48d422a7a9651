package guandan

import (
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// The measurement of this file is skipped unless asked for; BENCHMARKS.md reports what it gave.
var deviationDeals = flag.Int("deviation-deals", 0, "deals TestPlannerDeviations plays against the panel (0: skip)")

// TestPlannerDeviations looks for the planner's systematic mistakes against the panel: in deals
// of the planner against Rusher, Keeper, Beginner and Club (a quarter each), at a third of the
// planner team's decisions it plays out from the true position, once with the planner's move
// and once with each of a few moves chosen by a rule of public information (lead the weakest
// play, the longest, the lowest single, the cheapest boss, the strongest play that is no boss;
// follow by passing, with the cheapest or the strongest ordinary beat, with the smallest bomb;
// the planner's own second and third candidates), every seat then playing as it does (the
// opponents are their own code). It reports the mean difference in deals won, by rule and
// by situation (the cards the seat, the closest opponent and the partner hold; whose play is
// followed), each situation shown when the rule gains in it by two standard errors. A rule of
// public information that gains in a situation is a change the planner could make; the
// rollouts see the true hands, but the rules do not, so the means are not chosen with hindsight.
// Run with -args -deviation-deals 12000 (two cores, about two minutes).
func TestPlannerDeviations(t *testing.T) {
	if *deviationDeals == 0 {
		t.Skip("a measurement: -args -deviation-deals N")
	}
	type stat struct{ n, sum, sq float64 }
	stats := map[string]*stat{}
	var mu sync.Mutex
	add := func(k string, d float64) {
		mu.Lock()
		defer mu.Unlock()
		s := stats[k]
		if s == nil {
			s = &stat{}
			stats[k] = s
		}
		s.n++
		s.sum += d
		s.sq += d * d
	}
	opponent := func(kind int, seed uint64) Agent {
		switch kind {
		case 0:
			return Rusher{}
		case 1:
			return Keeper{}
		case 2:
			return NewAgent(LevelBeginner, seed)
		}
		return New(seed)
	}
	deal := func(i int) {
		us, opp := i%2, (i/2)%4
		seats := func(salt uint64) (ag [4]Agent) {
			for s := range ag {
				if s%2 == us {
					ag[s] = New(uint64(i*4+s) ^ salt)
				} else {
					ag[s] = opponent(opp, uint64(i*4+s)^salt)
				}
			}
			return ag
		}
		ag := seats(0)
		m := gd.NewMatch(uint64(777000 + i/2))
		rng := rand.New(rand.NewPCG(uint64(i), 9))
		for m.Stage == gd.PhasePlay && len(m.Finish) == 0 {
			seat := m.Turn
			v := m.View(seat)
			a := ag[seat].Play(v)
			a.Seat = seat
			if seat%2 == us && rng.IntN(3) == 0 {
				roll := seats(0xabc)
				base := playOut(m, a, us, roll)
				where := situation(v, a)
				for name, alt := range deviations(v, a) {
					if d := playOut(m, alt, us, roll) - base; !math.IsNaN(d) {
						add(name+" | "+where, d)
						add(name+" | all", d)
					}
				}
			}
			n, _, err := m.Apply(a)
			if err != nil {
				t.Error(err)
				return
			}
			m = n
		}
	}
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			for i := range jobs {
				deal(i)
			}
		})
	}
	for i := range *deviationDeals {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	z := func(s *stat) float64 {
		mean := s.sum / s.n
		return mean / math.Sqrt(max(1e-12, s.sq/s.n-mean*mean)/s.n)
	}
	keys := make([]string, 0, len(stats))
	for k, s := range stats {
		if s.n >= 30 {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, func(a, b string) int { return int(math.Copysign(1, z(stats[b])-z(stats[a]))) })
	for _, k := range keys {
		if s := stats[k]; z(s) > 2 || k[len(k)-3:] == "all" {
			t.Logf("%-72s n=%6.0f mean %+.3f z %+5.1f", k, s.n, s.sum/s.n, z(s))
		}
	}
}

// playOut plays m from action a to the first seat out and scores 1 when it is of team us
// (NaN when a is refused).
func playOut(m gd.Match, a gd.Action, us int, agents [4]Agent) float64 {
	n, _, err := m.Apply(a)
	if err != nil {
		return math.NaN()
	}
	n, err = gd.RunAgents(n, func(x gd.Match, seat int) gd.Agent {
		if len(x.Finish) > 0 {
			return nil
		}
		return agents[seat]
	}, nil)
	if err != nil || len(n.Finish) == 0 {
		return math.NaN()
	}
	if n.Finish[0]%2 == us {
		return 1
	}
	return 0
}

// situation names the public circumstances of a decision, in buckets.
func situation(v gd.View, planned gd.Action) string {
	t := newTable(v, defaultStyle)
	defer t.e.release()
	bucket := func(x int, cuts ...int) string {
		lo := 0
		for _, c := range cuts {
			if x <= c {
				return fmt.Sprintf("%d-%d", lo, c)
			}
			lo = c + 1
		}
		return fmt.Sprintf("%d+", lo)
	}
	me, opp, pt := bucket(v.Hand.Len(), 5, 10, 16), bucket(t.oppMin, 2, 5, 9), bucket(t.partnerLeft, 0, 2, 6)
	if v.Leading || v.LastPlay.Reading.IsZero() {
		return fmt.Sprintf("lead me %s opp %s partner %s", me, opp, pt)
	}
	who, does := "opponent", "plays"
	if v.LastSeat == t.partner {
		who = "partner"
	}
	if planned.Kind == gd.ActPass {
		does = "passes"
	}
	return fmt.Sprintf("follow %s's %v, planner %s, me %s opp %s", who, v.LastPlay.Reading.Kind, does, me, opp)
}

// deviations are the moves of the rules TestPlannerDeviations compares with planned, by name.
func deviations(v gd.View, planned gd.Action) map[string]gd.Action {
	out := map[string]gd.Action{}
	t := newTable(v, defaultStyle)
	defer t.e.release()
	less := func(a, b gd.Play) bool { return greedyLess(a, b, v.Level) }
	if v.Leading || v.LastPlay.Reading.IsZero() {
		var weak, long, single, boss, strong *step
		steps := t.e.steps(v.Hand)
		for i := range steps {
			s := &steps[i]
			if s.play.Reading.IsBomb() {
				continue
			}
			if weak == nil || less(s.play, weak.play) {
				weak = s
			}
			if long == nil || s.c.cards() > long.c.cards() || s.c.cards() == long.c.cards() && less(s.play, long.play) {
				long = s
			}
			if s.c.kind == gd.Single && (single == nil || less(s.play, single.play)) {
				single = s
			}
			if t.e.isControl(s.c) && (boss == nil || less(s.play, boss.play)) {
				boss = s
			}
			if !t.e.isControl(s.c) && (strong == nil || less(strong.play, s.play)) {
				strong = s
			}
		}
		for name, s := range map[string]*step{"lead weakest": weak, "lead longest": long, "lead lowest single": single, "lead cheapest boss": boss, "lead strongest loose": strong} {
			if s != nil {
				out[name] = playAction(v.Seat, s.play)
			}
		}
	} else {
		out["pass"] = gd.Action{Kind: gd.ActPass, Seat: v.Seat}
		tl := newTally(v.Hand, v.Level)
		flushes := t.plannedFlushes()
		var cheap, strong, bomb *gd.Play
		for _, c := range beaters(&tl, v.LastPlay.Reading, v.Level) {
			p, ok := t.beat(c, flushes)
			switch {
			case !ok:
			case p.Reading.IsBomb():
				if bomb == nil || less(p, *bomb) {
					bomb = &p
				}
			default:
				if cheap == nil || less(p, *cheap) {
					cheap = &p
				}
				if strong == nil || less(*strong, p) {
					strong = &p
				}
			}
		}
		for name, p := range map[string]*gd.Play{"beat cheapest": cheap, "beat strongest": strong, "beat smallest bomb": bomb} {
			if p != nil {
				out[name] = playAction(v.Seat, *p)
			}
		}
	}
	for i, c := range candidates(t, planned, 3)[1:] {
		out[fmt.Sprintf("candidate %d", i+2)] = c
	}
	for name, a := range out {
		if sameAction(a, planned) {
			delete(out, name)
		}
	}
	return out
}
