package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	ai "github.com/cardavia/cardavia/ai/asnas"
)

func init() { arenas["asnas"] = runAsNasArena }

// asNasMatchup is one line of the arena: a measured player in one seat against three others.
type asNasMatchup struct {
	name   string
	lineup ai.Lineup
}

// level returns a lineup maker for a level with seeds derived from the deal.
func level(l ai.Level) func(seed uint64) ai.Decider {
	return func(seed uint64) ai.Decider { return ai.NewLevel(l, seed) }
}

func alwaysCall(uint64) ai.Decider { return ai.AlwaysCall{} }

func random(seed uint64) ai.Decider { return ai.NewRandom(seed) }

// versus builds the lineup of hero against three copies of other, every player seeded from the
// deal so that each deal gets fresh, reproducible players.
func versus(hero, other func(uint64) ai.Decider) ai.Lineup {
	return func(i int) (ai.Decider, [3]ai.Decider) {
		b := uint64(i) * 4
		return hero(b), [3]ai.Decider{other(b + 1), other(b + 2), other(b + 3)}
	}
}

// asNasMatchups are the lineups the As-Nas arena measures: every level against each baseline
// and against each other level, a baseline against another for scale, and Master against
// copies of itself, which must come out near zero (a check that the seat rotation is fair).
var asNasMatchups = func() []asNasMatchup {
	players := []struct {
		name string
		make func(uint64) ai.Decider
	}{
		{"master", level(ai.Master)}, {"club", level(ai.Club)}, {"beginner", level(ai.Beginner)},
	}
	var ms []asNasMatchup
	for _, p := range players {
		ms = append(ms,
			asNasMatchup{p.name + " vs 3 always-call", versus(p.make, alwaysCall)},
			asNasMatchup{p.name + " vs 3 random", versus(p.make, random)})
	}
	for _, p := range players {
		for _, o := range players {
			if p.name != o.name {
				ms = append(ms, asNasMatchup{p.name + " vs 3 " + o.name, versus(p.make, o.make)})
			}
		}
	}
	return append(ms,
		asNasMatchup{"always-call vs 3 random", versus(alwaysCall, random)},
		asNasMatchup{"master vs 3 master", versus(level(ai.Master), level(ai.Master))})
}()

// runAsNasArena plays every matchup for the same deals and prints the first player's mean score
// per deal with its 95 % confidence interval; with -exploit it computes each player's exact
// exploitability instead.
func runAsNasArena(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("cardavia arena asnas", flag.ContinueOnError)
	fs.SetOutput(out)
	deals := fs.Int("deals", 10000, "deals per matchup (the measured player rotates through all seats)")
	seed := fs.Uint64("seed", 1, "seed of the first deal; deal i uses seed+i")
	exploit := fs.Bool("exploit", false, "compute, for each level and baseline, what a perfect exploiter in one seat earns against three copies of it (exact: every deal, every betting branch)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil // -h printed the usage, as asked
		}
		return err
	}
	if *exploit {
		return asNasExploit(ctx, out)
	}
	if *deals < 2 {
		return fmt.Errorf("arena asnas: -deals must be at least 2, got %d", *deals)
	}
	fmt.Fprintf(out, "As-Nas arena: %d deals per matchup, seed %d; score of the first player, points per deal\n", *deals, *seed)
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "matchup\tmean\t95% CI\tstd dev\t")
	for _, m := range asNasMatchups {
		s, err := ai.Duel(ctx, m.lineup, *deals, *seed)
		if err != nil {
			return fmt.Errorf("arena asnas: %s: %w", m.name, err)
		}
		lo, hi := s.CI95()
		fmt.Fprintf(tw, "%s\t%+.4f\t[%+.4f, %+.4f]\t%.3f\t\n", m.name, s.Mean, lo, hi, s.StdDev)
	}
	return tw.Flush()
}

// asNasExploit prints the exploitability of every level and baseline.
func asNasExploit(ctx context.Context, out io.Writer) error {
	policies := []struct {
		name string
		p    ai.Policy
	}{
		{"master", ai.NewLevel(ai.Master, 1)}, {"club", ai.NewLevel(ai.Club, 1)},
		{"beginner", ai.NewLevel(ai.Beginner, 1)}, {"always-call", ai.AlwaysCall{}}, {"random", ai.NewRandom(1)},
	}
	fmt.Fprintln(out, "As-Nas exploitability: best response of one seat against three copies, points per deal")
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "player\tmean\tdealer\t1st\t2nd\t3rd\ttime\t")
	for _, p := range policies {
		if err := ctx.Err(); err != nil {
			return err
		}
		start := time.Now()
		e := ai.Exploitability(p.p)
		fmt.Fprintf(tw, "%s\t%+.4f\t%+.4f\t%+.4f\t%+.4f\t%+.4f\t%.1fs\t\n", p.name, e.Mean,
			e.ByPosition[0], e.ByPosition[1], e.ByPosition[2], e.ByPosition[3], time.Since(start).Seconds())
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(out, "\nExact head-to-head: one seat against three copies of another level, points per deal")
	tw = tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "matchup\tmean\tdealer\t1st\t2nd\t3rd\t")
	levels := policies[:3]
	for _, h := range levels {
		for _, o := range levels {
			if h.name == o.name {
				continue
			}
			if err := ctx.Err(); err != nil {
				return err
			}
			e := ai.HeadToHead(h.p, o.p)
			fmt.Fprintf(tw, "%s vs 3 %s\t%+.4f\t%+.4f\t%+.4f\t%+.4f\t%+.4f\t\n", h.name, o.name, e.Mean,
				e.ByPosition[0], e.ByPosition[1], e.ByPosition[2], e.ByPosition[3])
		}
	}
	return tw.Flush()
}
