package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
)

// arenaFunc runs AI-vs-AI play for one game: args are the game's own flags, results go to out.
type arenaFunc func(ctx context.Context, args []string, out io.Writer) error

// arenas holds one arena per game. Each game's arena registers itself from the init function of
// its own file (arena_asnas.go, arena_guandan.go), so adding a game touches no shared code. It is
// written only during package initialization and read-only afterwards.
var arenas = map[string]arenaFunc{}

// runArena runs `cardavia arena GAME [flags]`: it dispatches to the game's arena.
func runArena(ctx context.Context, args []string, out io.Writer) error {
	return dispatchGame(ctx, "arena", arenas, args, out)
}

// dispatchGame runs `cardavia COMMAND GAME [flags]` with the game's entry of byGame.
func dispatchGame(ctx context.Context, command string, byGame map[string]arenaFunc, args []string, out io.Writer) error {
	games := make([]string, 0, len(byGame))
	for g := range byGame {
		games = append(games, g)
	}
	slices.Sort(games)
	if len(args) == 0 {
		return fmt.Errorf("usage: cardavia %s GAME [flags]; games: %s", command, strings.Join(games, ", "))
	}
	run, ok := byGame[args[0]]
	if !ok {
		return fmt.Errorf("%s: unknown game %q; games: %s", command, args[0], strings.Join(games, ", "))
	}
	return run(ctx, args[1:], out)
}
