package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"

	ai "github.com/cardavia/cardavia/ai/guandan"
)

func init() { arenas["guandan"] = runGuandanArena }

// guandanMatchups are the team pairings the Guandan arena measures: the AI team against each
// baseline team, greedy against random for scale, and the AI against itself, which must come
// out near 50% (a check that swapping the seats is fair; the two teams differ only in the seeds
// of their tie-breaking).
var guandanMatchups = []struct {
	name     string
	us, them func(seat int, seed uint64) ai.Agent
}{
	{"ai vs random", newAI, newRandom},
	{"ai vs greedy", newAI, newGreedy},
	{"greedy vs random", newGreedy, newRandom},
	{"ai vs ai", newAI, newAI},
}

func newAI(_ int, seed uint64) ai.Agent     { return ai.New(seed) }
func newRandom(_ int, seed uint64) ai.Agent { return ai.NewRandom(seed) }
func newGreedy(_ int, _ uint64) ai.Agent    { return ai.NewGreedy() }

// runGuandanArena plays every matchup on the same deals and prints the first team's share of
// deals won (its player finished first) with the 95% Wilson confidence interval. Each deal is
// the first deal of a fresh match, played twice with the teams' seats swapped.
func runGuandanArena(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("cardavia arena guandan", flag.ContinueOnError)
	fs.SetOutput(out)
	deals := fs.Int("deals", 2000, "deals per matchup (even: every deal is played from both sides)")
	seed := fs.Uint64("seed", 1, "seed from which every deal and player seed is derived")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *deals < 2 || *deals%2 != 0 {
		return fmt.Errorf("arena guandan: -deals must be an even number of at least 2, got %d", *deals)
	}
	fmt.Fprintf(out, "Guandan arena: %d deals per matchup, seed %d; deals won by the first team\n", *deals, *seed)
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "matchup\twon\trate\t95% CI\t")
	for _, m := range guandanMatchups {
		d := ai.Duel{Deals: *deals, Seed: *seed, Us: m.us, Them: m.them}
		wins, err := d.Run(ctx)
		if err != nil {
			return fmt.Errorf("arena guandan: %s: %w", m.name, err)
		}
		lo, hi := ai.Wilson(wins, *deals)
		fmt.Fprintf(tw, "%s\t%d/%d\t%.1f%%\t[%.1f%%, %.1f%%]\t\n", m.name, wins, *deals,
			100*float64(wins)/float64(*deals), 100*lo, 100*hi)
	}
	return tw.Flush()
}
