package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestSolveAsNasRefusesBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{}, {"chess"}, {"asnas", "-iterations", "0"}, {"asnas", "-iterations", "10", "-delay", "10"},
		{"asnas", "-delay", "-1"}, {"asnas", "-report", "-2"}, {"asnas", "-bogus"},
	} {
		var out bytes.Buffer
		if err := runSolve(context.Background(), args, &out); err == nil {
			t.Errorf("runSolve(%q) succeeded", args)
		}
	}
}

func TestSolveAsNasHelp(t *testing.T) {
	var out bytes.Buffer
	if err := runSolve(context.Background(), []string{"asnas", "-h"}, &out); err != nil {
		t.Errorf("-h: %v", err)
	}
	for _, f := range []string{"-iterations", "-delay", "-check", "-out"} {
		if !strings.Contains(out.String(), f) {
			t.Errorf("-h does not describe %s:\n%s", f, out.String())
		}
	}
}

func TestSolveAsNasStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out bytes.Buffer
	if err := runSolve(ctx, []string{"asnas", "-iterations", "1000"}, &out); err == nil {
		t.Error("a cancelled solve reported success")
	}
}
