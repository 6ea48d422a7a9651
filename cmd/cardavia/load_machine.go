package main

import (
	"strconv"
	"strings"
)

// machineTimes are a machine's CPU times, all cores together, in ticks: in all, idle (idle and
// waiting for I/O) and stolen by the hypervisor for other guests. A run's latencies say little
// about the site when the host gave its CPU to its neighbours meanwhile: the steal says so.
type machineTimes struct {
	total, idle, steal int64
}

// parseProcStat reads the first line of /proc/stat: "cpu user nice system idle iowait irq
// softirq steal ...".
func parseProcStat(s string) (machineTimes, bool) {
	line, _, _ := strings.Cut(s, "\n")
	f := strings.Fields(line)
	if len(f) < 9 || f[0] != "cpu" {
		return machineTimes{}, false
	}
	var t machineTimes
	for i, x := range f[1:9] {
		n, err := strconv.ParseInt(x, 10, 64)
		if err != nil || n < 0 {
			return machineTimes{}, false
		}
		t.total += n
		switch i {
		case 3, 4:
			t.idle += n
		case 7:
			t.steal += n
		}
	}
	return t, true
}

// busyAndSteal are the shares of the machine's CPU time between a and b that were busy and
// that the hypervisor stole, in percent.
func busyAndSteal(a, b machineTimes) (busy, steal float64, ok bool) {
	total := b.total - a.total
	if total <= 0 {
		return 0, 0, false
	}
	return 100 * float64(total-(b.idle-a.idle)) / float64(total), 100 * float64(b.steal-a.steal) / float64(total), true
}
