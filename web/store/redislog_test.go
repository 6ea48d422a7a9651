package store

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// An outage makes go-redis write a line per failed dial, that is per request: each kind is
// written once per period, and those left out are counted at the period's end in a line of
// their own (not with the next outage's first line); other kinds still pass.
func TestRedisLogsKeepAnOutageShort(t *testing.T) {
	var buf bytes.Buffer
	c := &clock{t: time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)}
	var timers []func()
	var delays []time.Duration
	after := func(d time.Duration, f func()) *time.Timer {
		delays, timers = append(delays, d), append(timers, f)
		return nil
	}
	l := newRedisLog(slog.New(slog.NewJSONHandler(&buf, nil)), 10*time.Second, c.now, after)
	ctx := context.Background()
	const dial = "redis: connection pool: failed to dial after %d attempts: %v"
	for i := range 100 {
		l.Printf(ctx, dial, 2, "connection refused")
		if i == 50 {
			l.Printf(ctx, "%s", "Conn has unread data, removing it")
			l.Printf(ctx, "%s", "conn[17] rejected by hook, returning to pool")
		}
		c.t = c.t.Add(50 * time.Millisecond) // 5 s in all
	}
	if len(timers) != 1 || delays[0] != 10*time.Second-50*time.Millisecond {
		t.Fatalf("%d counts scheduled (%v), want one at the period's end", len(timers), delays)
	}
	c.t = c.t.Add(5 * time.Second)
	timers[0]()              // the period ends: the outage is over
	c.t = c.t.Add(time.Hour) // the next one
	l.Printf(ctx, dial, 1, "connection refused")

	var lines []map[string]any
	for line := range strings.Lines(buf.String()) {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("not a JSON line: %q", line)
		}
		lines = append(lines, m)
	}
	if len(lines) != 5 {
		t.Fatalf("%d lines, want the first dial, two other kinds, the count and the next outage's dial:\n%s", len(lines), buf.String())
	}
	first, count, next := lines[0], lines[3], lines[4]
	if first["msg"] != "redis: connection pool: failed to dial after 2 attempts: connection refused" ||
		first["level"] != "WARN" || first["component"] != "redis" || first["left_out"] != nil {
		t.Errorf("the first line: %v", first)
	}
	if lines[1]["msg"] != "Conn has unread data, removing it" || lines[2]["msg"] != "conn[17] rejected by hook, returning to pool" {
		t.Errorf("messages of other kinds (through the same %%s) were held back: %v, %v", lines[1], lines[2])
	}
	if count["left_out"] != float64(99) || count["msg"] != first["msg"] {
		t.Errorf("the period's count: %v, want the dial's message with 99 left out", count)
	}
	if next["left_out"] != nil || next["msg"] != "redis: connection pool: failed to dial after 1 attempts: connection refused" {
		t.Errorf("the next outage's first line: %v, want it alone", next)
	}
}
