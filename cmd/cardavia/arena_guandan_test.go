package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestArenaGuandan(t *testing.T) {
	var out bytes.Buffer
	if err := runArena(context.Background(), []string{"guandan", "-deals", "20", "-seed", "3"}, &out); err != nil {
		t.Fatal(err)
	}
	for _, m := range guandanMatchups {
		if !strings.Contains(out.String(), m.name) {
			t.Errorf("arena output lacks %q:\n%s", m.name, out.String())
		}
	}
	if !strings.Contains(out.String(), "95% CI") {
		t.Errorf("arena output has no confidence intervals:\n%s", out.String())
	}
}

func TestArenaGuandanRefusesBadFlags(t *testing.T) {
	for _, args := range [][]string{{"guandan", "-deals", "3"}, {"guandan", "-deals", "0"}, {"guandan", "-bogus"}} {
		var out bytes.Buffer
		if err := runArena(context.Background(), args, &out); err == nil {
			t.Errorf("runArena(%q) succeeded", args)
		}
	}
}

func TestArenaGuandanStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out bytes.Buffer
	if err := runArena(ctx, []string{"guandan", "-deals", "2000"}, &out); err == nil {
		t.Error("a cancelled arena reported success")
	}
}
