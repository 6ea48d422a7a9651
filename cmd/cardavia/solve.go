package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
)

// solvers holds one solver per game, registered from the init function of the game's file,
// like the arenas.
var solvers = map[string]arenaFunc{}

// runSolve runs `cardavia solve GAME [flags]`.
func runSolve(ctx context.Context, args []string, out io.Writer) error {
	games := make([]string, 0, len(solvers))
	for g := range solvers {
		games = append(games, g)
	}
	slices.Sort(games)
	if len(args) == 0 {
		return fmt.Errorf("usage: cardavia solve GAME [flags]; games: %s", strings.Join(games, ", "))
	}
	run, ok := solvers[args[0]]
	if !ok {
		return fmt.Errorf("solve: unknown game %q; games: %s", args[0], strings.Join(games, ", "))
	}
	return run(ctx, args[1:], out)
}
