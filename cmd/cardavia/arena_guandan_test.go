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
	for _, name := range []string{"ai vs random", "ai vs greedy", "greedy vs random", "ai vs ai"} {
		if !strings.Contains(out.String(), name) {
			t.Errorf("arena output lacks %q:\n%s", name, out.String())
		}
	}
	if !strings.Contains(out.String(), "95% CI") {
		t.Errorf("arena output has no confidence intervals:\n%s", out.String())
	}
}

func TestArenaGuandanMasterAndMatches(t *testing.T) {
	var out bytes.Buffer
	// A small budget: the test reads the output, and whole matches at the default one take
	// half a minute.
	args := []string{"guandan", "-deals", "2", "-matches", "2", "-seed", "3", "-only", "master vs random", "-master", "Budget=65000"}
	if err := runArena(context.Background(), args, &out); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); !strings.Contains(got, "master vs random") || !strings.Contains(got, "Whole matches") || strings.Contains(got, "ai vs ai") {
		t.Errorf("arena output:\n%s", got)
	}
}

func TestArenaGuandanRefusesBadFlags(t *testing.T) {
	for _, args := range [][]string{{"guandan", "-deals", "3"}, {"guandan", "-deals", "0"}, {"guandan", "-bogus"}, {"guandan", "-only", "nobody"}, {"guandan", "-matches", "3"}, {"guandan", "-master", "Samples=x"}, {"guandan", "-master", "Depth=3"}} {
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

func TestArenaGuandanMasterOptions(t *testing.T) {
	var out bytes.Buffer
	args := []string{"guandan", "-deals", "2", "-seed", "3", "-only", "master vs random", "-master", "Samples=16 Margin=2"}
	if err := runArena(context.Background(), args, &out); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); !strings.Contains(got, "Samples:16") || !strings.Contains(got, "Margin:2") {
		t.Errorf("the arena does not say which options Master searched with:\n%s", got)
	}
}

func TestArenaGuandanPanel(t *testing.T) {
	var out bytes.Buffer
	args := []string{"guandan", "-deals", "2", "-seed", "3", "-only", "panel", "-master", "Samples=0"}
	if err := runArena(context.Background(), args, &out); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, name := range []string{"master vs greedy", "master vs beginner", "master vs club", "master vs rusher", "master vs keeper", "master, pooled"} {
		if !strings.Contains(got, name) {
			t.Errorf("the panel's output lacks %q:\n%s", name, got)
		}
	}
	if strings.Contains(got, "ai vs ai") {
		t.Errorf("the panel plays more than Master's matchups:\n%s", got)
	}
}
