package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	ai "github.com/cardavia/cardavia/ai/guandan"
	gd "github.com/cardavia/cardavia/rules/guandan"
)

func init() { arenas["guandan"] = runGuandanArena }

// guandanMatchup is one team pairing of the arena.
type guandanMatchup struct {
	name     string
	us, them func(seat int, seed uint64) ai.Agent
}

// guandanMatchups are the team pairings the Guandan arena measures, Master searching with
// opt: the planner (Club) and the search (Master) against each baseline, Master against Club,
// greedy against random for scale, the planner against itself, which must come out near 50%
// (a check that swapping the seats is fair; the two teams differ only in their seeds), and
// Master and the planner against the panel's rule players.
func guandanMatchups(opt ai.Options) []guandanMatchup {
	newMaster := func(_ int, seed uint64) ai.Agent { return ai.NewMaster(seed, opt) }
	return []guandanMatchup{
		{"ai vs random", newAI, newRandom},
		{"ai vs greedy", newAI, newGreedy},
		{"greedy vs random", newGreedy, newRandom},
		{"ai vs ai", newAI, newAI},
		{"master vs club", newMaster, newAI},
		{"master vs greedy", newMaster, newGreedy},
		{"master vs random", newMaster, newRandom},
		{"beginner vs club", newBeginner, newAI},
		{"master vs beginner", newMaster, newBeginner},
		{"master vs rusher", newMaster, newRusher},
		{"master vs keeper", newMaster, newKeeper},
		{"ai vs rusher", newAI, newRusher},
		{"ai vs keeper", newAI, newKeeper},
	}
}

// panelMatchups are what -only panel plays: Master against every player of the panel, the
// rule players that play differently from its planner as well as the planner itself (see
// ai/guandan/panel.go). A change to the search counts when it holds against all of them.
var panelMatchups = []string{"master vs greedy", "master vs beginner", "master vs club", "master vs rusher", "master vs keeper"}

func newAI(_ int, seed uint64) ai.Agent       { return ai.New(seed) }
func newBeginner(_ int, seed uint64) ai.Agent { return ai.NewAgent(ai.LevelBeginner, seed) }
func newRandom(_ int, seed uint64) ai.Agent   { return ai.NewRandom(seed) }
func newGreedy(_ int, _ uint64) ai.Agent      { return ai.NewGreedy() }
func newRusher(_ int, _ uint64) ai.Agent      { return ai.Rusher{} }
func newKeeper(_ int, _ uint64) ai.Agent      { return ai.Keeper{} }

// runGuandanArena plays the chosen matchups on the same deals and prints the first team's
// share of deals won (its player finished first) with the 95% Wilson confidence interval, and
// the first team's decision times in CPU time of its thread (the machine is shared, so wall
// time would measure the neighbours). Each deal is the first deal of a fresh match, played
// twice with the teams' seats swapped. With -matches it also plays whole matches, from 2 to
// A, of each matchup.
func runGuandanArena(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("cardavia arena guandan", flag.ContinueOnError)
	fs.SetOutput(out)
	deals := fs.Int("deals", 2000, "deals per matchup (even: every deal is played from both sides)")
	matches := fs.Int("matches", 0, "whole matches per matchup (even), besides the deals")
	seed := fs.Uint64("seed", 1, "seed from which every deal and player seed is derived")
	only := fs.String("only", "ai vs random,ai vs greedy,greedy vs random,ai vs ai", "comma-separated matchups to play, \"panel\" (Master against each panel player), or \"all\"")
	master := fs.String("master", "", `Master's search options over its defaults, e.g. "Samples=96 Budget=150000" (Samples, Budget, Near, Candidates, Tries, Margin, Race, Read)`)
	if err := fs.Parse(args); err != nil {
		return err
	}
	opt, err := ai.ParseOptions(*master)
	if err != nil {
		return fmt.Errorf("arena guandan: -master: %w", err)
	}
	if *deals < 2 || *deals%2 != 0 {
		return fmt.Errorf("arena guandan: -deals must be an even number of at least 2, got %d", *deals)
	}
	if *matches < 0 || *matches%2 != 0 {
		return fmt.Errorf("arena guandan: -matches must be an even number, got %d", *matches)
	}
	names := strings.Split(*only, ",")
	if i := slices.Index(names, "panel"); i >= 0 {
		names = slices.Concat(names[:i], panelMatchups, names[i+1:])
	}
	var chosen []guandanMatchup
	for _, m := range guandanMatchups(opt) {
		if *only == "all" || slices.Contains(names, m.name) {
			chosen = append(chosen, m)
		}
	}
	if len(chosen) == 0 {
		return fmt.Errorf("arena guandan: -only %q names no matchup", *only)
	}
	fmt.Fprintf(out, "Guandan arena: %d deals per matchup, seed %d; deals won by the first team\n", *deals, *seed)
	if opt != ai.DefaultOptions {
		fmt.Fprintf(out, "Master's options: %+v\n", opt)
	}
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "matchup\twon\trate\t95% CI\tdecision median\tp99\tmax\t")
	// Master's rows are pooled too: a change to the search counts when it holds against the
	// whole panel, not against one opponent.
	var pooled []time.Duration
	pooledWins, pooledRows := 0, 0
	for _, m := range chosen {
		var times []time.Duration
		us := func(seat int, seed uint64) ai.Agent { return timedAgent{m.us(seat, seed), &times} }
		d := ai.Duel{Deals: *deals, Seed: *seed, Us: us, Them: m.them}
		wins, err := d.Run(ctx)
		if err != nil {
			return fmt.Errorf("arena guandan: %s: %w", m.name, err)
		}
		lo, hi := ai.Wilson(wins, *deals)
		med, p99, top := quantiles(times)
		fmt.Fprintf(tw, "%s\t%d/%d\t%.1f%%\t[%.1f%%, %.1f%%]\t%v\t%v\t%v\t\n", m.name, wins, *deals,
			100*float64(wins)/float64(*deals), 100*lo, 100*hi, med, p99, top)
		if strings.HasPrefix(m.name, "master vs ") {
			pooled = append(pooled, times...)
			pooledWins += wins
			pooledRows++
		}
	}
	if pooledRows > 1 {
		n := pooledRows * *deals
		lo, hi := ai.Wilson(pooledWins, n)
		med, p99, top := quantiles(pooled)
		fmt.Fprintf(tw, "master, pooled\t%d/%d\t%.1f%%\t[%.1f%%, %.1f%%]\t%v\t%v\t%v\t\n", pooledWins, n,
			100*float64(pooledWins)/float64(n), 100*lo, 100*hi, med, p99, top)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if *matches == 0 {
		return nil
	}
	fmt.Fprintf(out, "Whole matches (2 to A), %d per matchup; matches won by the first team\n", *matches)
	tw = tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "matchup\twon\trate\t95% CI\tdeals per match\t")
	for _, m := range chosen {
		d := ai.Duel{Deals: *matches, Seed: *seed, Us: m.us, Them: m.them}
		wins, dealsPlayed, err := d.RunMatches(ctx)
		if err != nil {
			return fmt.Errorf("arena guandan: %s: %w", m.name, err)
		}
		lo, hi := ai.Wilson(wins, *matches)
		fmt.Fprintf(tw, "%s\t%d/%d\t%.1f%%\t[%.1f%%, %.1f%%]\t%.1f\t\n", m.name, wins, *matches,
			100*float64(wins)/float64(*matches), 100*lo, 100*hi, float64(dealsPlayed)/float64(*matches))
	}
	return tw.Flush()
}

// timedAgent records the CPU time of each play decision of an agent.
type timedAgent struct {
	ai.Agent
	times *[]time.Duration
}

// Play times the agent's decision in the CPU time of the thread it runs on.
func (t timedAgent) Play(v gd.View) gd.Action {
	stop := cpuTimer()
	a := t.Agent.Play(v)
	*t.times = append(*t.times, stop())
	return a
}

// quantiles returns the median, the 99th percentile and the largest of times.
func quantiles(times []time.Duration) (med, p99, top time.Duration) {
	if len(times) == 0 {
		return 0, 0, 0
	}
	slices.Sort(times)
	n := len(times)
	return times[n/2], times[min(n-1, n*99/100)], times[n-1]
}
