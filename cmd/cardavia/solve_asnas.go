package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	ai "github.com/cardavia/cardavia/ai/asnas"
)

func init() { solvers["asnas"] = runAsNasSolve }

// runAsNasSolve solves As-Nas with CFR+ and writes the strategy table that the Master level
// plays (ai/asnas/master.table). The solver samples nothing, so the same settings always give
// the same table; -check compares the result with a committed table instead of writing it.
func runAsNasSolve(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("cardavia solve asnas", flag.ContinueOnError)
	fs.SetOutput(out)
	iterations := fs.Int("iterations", ai.MasterSettings.Iterations, "CFR+ iterations")
	delay := fs.Int("delay", ai.MasterSettings.Delay, "first iterations left out of the average strategy")
	path := fs.String("out", "", "file to write the table to (gzipped); empty: write nothing")
	check := fs.String("check", "", "committed table to compare the result with, instead of writing one")
	every := fs.Int("report", 0, "print the exploitability of the average strategy every N iterations (0: only at the end)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if *iterations < 1 || *delay < 0 || *delay >= *iterations || *every < 0 {
		return fmt.Errorf("solve asnas: need -iterations ≥ 1, 0 ≤ -delay < -iterations, -report ≥ 0")
	}
	s := ai.SolveSettings{Iterations: *iterations, Delay: *delay}
	start := time.Now()
	fmt.Fprintf(out, "As-Nas CFR+: %d iterations, average from iteration %d\n", s.Iterations, s.Delay+1)
	tb, err := ai.SolveWithReport(ctx, s, *every, func(it int, e ai.Exploit) {
		fmt.Fprintf(out, "iteration %d (%.0fs): exploitability %.5f points/deal, by position %.4f\n",
			it, time.Since(start).Seconds(), e.Mean, e.ByPosition)
	})
	if err != nil {
		return fmt.Errorf("solve asnas: %w", err)
	}
	took := time.Since(start)
	var buf bytes.Buffer
	if err := tb.Encode(&buf); err != nil {
		return err
	}
	fmt.Fprintf(out, "solved in %.1fs; table %d bytes (%d compressed), sha256 %s\n", took.Seconds(), tb.Size(), buf.Len(), tb.Hash())
	switch {
	case *check != "":
		f, err := os.Open(*check)
		if err != nil {
			return err
		}
		defer f.Close()
		committed, err := ai.DecodeTable(f)
		if err != nil {
			return fmt.Errorf("solve asnas: %s: %w", *check, err)
		}
		if committed.Hash() != tb.Hash() {
			return fmt.Errorf("solve asnas: %s (sha256 %s) is not what the solver produces", *check, committed.Hash())
		}
		fmt.Fprintf(out, "%s is the solver's output\n", *check)
	case *path != "":
		if err := os.WriteFile(*path, buf.Bytes(), 0o644); err != nil {
			return err
		}
		fmt.Fprintf(out, "wrote %s\n", *path)
	}
	return nil
}
