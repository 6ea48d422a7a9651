package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"

	ai "github.com/cardavia/cardavia/ai/asnas"
)

func init() { arenas["asnas"] = runAsNasArena }

// asNasMatchups are the lineups the As-Nas arena measures: the AI against each baseline, a
// baseline against another for scale, and the AI against copies of itself, which must come out
// near zero (a check that the seat rotation is fair).
var asNasMatchups = []struct {
	name   string
	lineup ai.Lineup
}{
	{"ai vs 3 always-call", func(i int) (ai.Decider, [3]ai.Decider) {
		return ai.NewPlayer(uint64(i)), [3]ai.Decider{ai.AlwaysCall{}, ai.AlwaysCall{}, ai.AlwaysCall{}}
	}},
	{"ai vs 3 random", func(i int) (ai.Decider, [3]ai.Decider) {
		b := uint64(i) * 4
		return ai.NewPlayer(b), [3]ai.Decider{ai.NewRandom(b + 1), ai.NewRandom(b + 2), ai.NewRandom(b + 3)}
	}},
	{"always-call vs 3 random", func(i int) (ai.Decider, [3]ai.Decider) {
		b := uint64(i) * 4
		return ai.AlwaysCall{}, [3]ai.Decider{ai.NewRandom(b + 1), ai.NewRandom(b + 2), ai.NewRandom(b + 3)}
	}},
	{"ai vs 3 ai", func(i int) (ai.Decider, [3]ai.Decider) {
		b := uint64(i) * 4
		return ai.NewPlayer(b), [3]ai.Decider{ai.NewPlayer(b + 1), ai.NewPlayer(b + 2), ai.NewPlayer(b + 3)}
	}},
}

// runAsNasArena plays every matchup for the same deals and prints the first player's mean score
// per deal with its 95 % confidence interval.
func runAsNasArena(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("cardavia arena asnas", flag.ContinueOnError)
	fs.SetOutput(out)
	deals := fs.Int("deals", 10000, "deals per matchup (the measured player rotates through all seats)")
	seed := fs.Uint64("seed", 1, "seed of the first deal; deal i uses seed+i")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil // -h printed the usage, as asked
		}
		return err
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
