package main

import (
	"math"
	"testing"
)

// TestMachineTimes: /proc/stat's first line gives the machine's ticks (idle counting idle and
// iowait), a run's share of them busy and stolen comes out in percent, and a line that is not
// the machine's, or short, or garbled, is refused rather than misread.
func TestMachineTimes(t *testing.T) {
	a, ok := parseProcStat("cpu  100 0 50 800 50 0 0 0 0 0\ncpu0 50 0 25 400 25 0 0 0 0 0\n")
	if !ok || a != (machineTimes{total: 1000, idle: 850, steal: 0}) {
		t.Fatalf("parsed %+v, %v", a, ok)
	}
	b, ok := parseProcStat("cpu  400 0 150 1200 50 0 100 100 0 0\n")
	if !ok || b != (machineTimes{total: 2000, idle: 1250, steal: 100}) {
		t.Fatalf("parsed %+v, %v", b, ok)
	}
	busy, steal, ok := busyAndSteal(a, b)
	if !ok || math.Abs(busy-60) > 1e-9 || math.Abs(steal-10) > 1e-9 {
		t.Errorf("busy %v %%, steal %v %%, %v; want 60 and 10", busy, steal, ok)
	}
	if _, _, ok := busyAndSteal(b, b); ok {
		t.Error("no time passed, yet a share")
	}
	for _, bad := range []string{"", "cpu0 1 2 3 4 5 6 7 8\n", "cpu 1 2 3\n", "cpu 1 2 x 4 5 6 7 8\n", "cpu 1 2 -3 4 5 6 7 8\n"} {
		if _, ok := parseProcStat(bad); ok {
			t.Errorf("%q read as the machine's times", bad)
		}
	}
}
