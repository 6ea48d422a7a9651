package main

import (
	"bytes"
	"context"
	"testing"
)

// TestRunArenaDispatch: runArena needs a known game name.
func TestRunArenaDispatch(t *testing.T) {
	for _, args := range [][]string{nil, {}, {"chess"}} {
		var out bytes.Buffer
		if err := runArena(context.Background(), args, &out); err == nil {
			t.Errorf("runArena(%q) succeeded", args)
		}
	}
}
