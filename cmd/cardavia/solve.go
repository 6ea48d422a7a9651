package main

import (
	"context"
	"io"
)

// solvers holds one solver per game, registered from the init function of the game's file,
// like the arenas.
var solvers = map[string]arenaFunc{}

// runSolve runs `cardavia solve GAME [flags]`: it dispatches to the game's solver.
func runSolve(ctx context.Context, args []string, out io.Writer) error {
	return dispatchGame(ctx, "solve", solvers, args, out)
}
