package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestArenaAsNas(t *testing.T) {
	var out bytes.Buffer
	if err := runArena(context.Background(), []string{"asnas", "-deals", "400", "-seed", "7"}, &out); err != nil {
		t.Fatal(err)
	}
	for _, m := range asNasMatchups {
		if !strings.Contains(out.String(), m.name) {
			t.Errorf("arena output lacks %q:\n%s", m.name, out.String())
		}
	}
	if !strings.Contains(out.String(), "95% CI") {
		t.Errorf("arena output has no confidence intervals:\n%s", out.String())
	}
}

func TestArenaAsNasRefusesBadFlags(t *testing.T) {
	for _, args := range [][]string{{"asnas", "-deals", "1"}, {"asnas", "-bogus"}, {"asnas", "-seed", "x"}} {
		var out bytes.Buffer
		if err := runArena(context.Background(), args, &out); err == nil {
			t.Errorf("runArena(%q) succeeded", args)
		}
	}
}

func TestArenaAsNasHelp(t *testing.T) {
	var out bytes.Buffer
	if err := runArena(context.Background(), []string{"asnas", "-h"}, &out); err != nil {
		t.Errorf("-h: %v", err)
	}
	if !strings.Contains(out.String(), "-deals") || !strings.Contains(out.String(), "-exploit") {
		t.Errorf("-h printed no usage:\n%s", out.String())
	}
}

func TestArenaAsNasStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out bytes.Buffer
	if err := runArena(ctx, []string{"asnas", "-deals", "100000"}, &out); err == nil {
		t.Error("a cancelled arena reported success")
	}
}
