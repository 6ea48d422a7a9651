package guandan

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// recorder is an Agent that plays like Player and keeps every view it decides from, to
// collect realistic positions: early full hands, follows, endgames.
type recorder struct {
	*Player
	views *[]gd.View
}

func (r recorder) Play(v gd.View) gd.Action {
	*r.views = append(*r.views, v)
	return r.Player.Play(v)
}

// positions collects the decision points of the AI in deals against a mix of opponents.
func positions(tb testing.TB, deals int) []gd.View {
	var views []gd.View
	for i := 0; i < deals; i++ {
		var agents [4]Agent
		for s := 0; s < 4; s++ {
			switch {
			case s%2 == 0:
				agents[s] = recorder{New(uint64(i*4 + s)), &views}
			case i%3 == 0:
				agents[s] = NewGreedy()
			default:
				agents[s] = New(uint64(i*4 + s))
			}
		}
		if _, err := PlayDeal(gd.NewMatch(uint64(7000+i)), agents); err != nil {
			tb.Fatal(err)
		}
	}
	return views
}

// decisionTimes times one decision of a fresh Player in each position.
func decisionTimes(views []gd.View) []time.Duration {
	out := make([]time.Duration, len(views))
	for i, v := range views {
		p := New(uint64(i))
		t0 := time.Now()
		p.Play(v)
		out[i] = time.Since(t0)
	}
	slices.Sort(out)
	return out
}

// quantile returns the q-quantile of sorted durations.
func quantile(sorted []time.Duration, q float64) time.Duration {
	return sorted[min(len(sorted)-1, int(q*float64(len(sorted))))]
}

// TestDecisionSpeed checks the speed budget of DESIGN.md ("AI decisions take milliseconds"):
// over the decisions of 60 deals, the median under 5 ms and the 99th percentile under 50 ms.
// It also logs the same figures for the decisions with a real choice (a lead, or a follow with
// something that beats), since passes with nothing to play are nearly free.
func TestDecisionSpeed(t *testing.T) {
	views := positions(t, 60)
	ts := decisionTimes(views)
	med, p99 := quantile(ts, 0.5), quantile(ts, 0.99)
	t.Logf("all %d decisions: median %v, p99 %v, max %v", len(ts), med, p99, ts[len(ts)-1])
	var choices []gd.View
	for _, v := range views {
		if v.Leading || len(gd.LegalPlays(v.Hand, v.Level, v.LastPlay.Reading)) > 0 {
			choices = append(choices, v)
		}
	}
	cs := decisionTimes(choices)
	t.Logf("%d decisions with a choice: median %v, p99 %v", len(cs), quantile(cs, 0.5), quantile(cs, 0.99))
	if med > 5*time.Millisecond || p99 > 50*time.Millisecond {
		t.Errorf("too slow: median %v (budget 5ms), p99 %v (budget 50ms)", med, p99)
	}
}

// BenchmarkDecision times Player.Play over positions from real deals and reports the median
// and 99th percentile of single decisions as custom metrics.
func BenchmarkDecision(b *testing.B) {
	views := positions(b, 40)
	ts := make([]time.Duration, 0, b.N)
	p := New(1)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		p.Play(views[i%len(views)])
		ts = append(ts, time.Since(t0))
	}
	b.StopTimer()
	slices.Sort(ts)
	b.ReportMetric(float64(quantile(ts, 0.5).Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(quantile(ts, 0.99).Microseconds())/1000, "p99-ms")
}

// BenchmarkPlan times planning a full 27-card hand.
func BenchmarkPlan(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 3))
	hands := make([]gd.Set, 64)
	for i := range hands {
		hands[i] = randomHand(rng, 27)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Plan(hands[i%len(hands)], gd.Rank(2+i%13))
	}
}

// BenchmarkTurnsBetweenMoves times what one of the visitor's moves costs the web table in AI
// work at each level: every AI decision between two decisions of seat 0 (the other three
// seats' turns, and after seat 0 is out, the rest of the deal), all four seats at the level.
// One iteration is one whole deal; the metrics are over every such stretch of the run.
func BenchmarkTurnsBetweenMoves(b *testing.B) {
	for _, l := range []Level{LevelClub, LevelMaster} {
		b.Run(l.String(), func(b *testing.B) {
			var bursts []time.Duration
			for i := 0; i < b.N; i++ {
				m := gd.NewMatch(uint64(9000 + i))
				var cur time.Duration
				for step := 0; m.ToAct() >= 0 && (m.Phase() == gd.PhasePlay || m.Phase() == gd.PhaseReturn); step++ {
					seat := m.ToAct()
					p := NewAgent(l, uint64(i*1000+step))
					t0 := time.Now()
					a := p.Play(m.View(seat))
					if seat == 0 {
						bursts, cur = append(bursts, cur), 0
					} else {
						cur += time.Since(t0)
					}
					a.Seat = seat
					next, _, err := m.Apply(a)
					if err != nil {
						b.Fatal(err)
					}
					m = next
				}
				bursts = append(bursts, cur)
			}
			slices.Sort(bursts)
			b.ReportMetric(float64(quantile(bursts, 0.5).Microseconds())/1000, "median-ms")
			b.ReportMetric(float64(quantile(bursts, 0.99).Microseconds())/1000, "p99-ms")
			b.ReportMetric(float64(bursts[len(bursts)-1].Microseconds())/1000, "max-ms")
		})
	}
}
