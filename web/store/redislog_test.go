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
// written once per period, the next line counting those left out, and other kinds still pass.
func TestRedisLogsKeepAnOutageShort(t *testing.T) {
	var buf bytes.Buffer
	c := &clock{t: time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)}
	l := newRedisLog(slog.New(slog.NewJSONHandler(&buf, nil)), 10*time.Second, c.now)
	const dial = "redis: connection pool: failed to dial after %d attempts: %v"
	for i := range 100 {
		l.Printf(context.Background(), dial, 2, "connection refused")
		if i == 50 {
			l.Printf(context.Background(), "Conn has unread data, removing it")
		}
		c.t = c.t.Add(50 * time.Millisecond) // 5 s in all
	}
	c.t = c.t.Add(5 * time.Second)
	l.Printf(context.Background(), dial, 2, "connection refused")

	var lines []map[string]any
	for line := range strings.Lines(buf.String()) {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("not a JSON line: %q", line)
		}
		lines = append(lines, m)
	}
	if len(lines) != 3 {
		t.Fatalf("%d lines, want the first dial, the other kind and the dial after 10 s:\n%s", len(lines), buf.String())
	}
	first, other, again := lines[0], lines[1], lines[2]
	if first["msg"] != "redis: connection pool: failed to dial after 2 attempts: connection refused" ||
		first["level"] != "WARN" || first["component"] != "redis" || first["left_out"] != nil {
		t.Errorf("the first line: %v", first)
	}
	if other["msg"] != "Conn has unread data, removing it" {
		t.Errorf("another kind of message was held back: %v", other)
	}
	if again["left_out"] != float64(99) {
		t.Errorf("the line after the period says %v were left out, want 99", again["left_out"])
	}
}
