package store

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// RedisLogs sends go-redis's own messages to log, as warnings beside the site's other lines
// (go-redis writes them to standard error in a format of its own), and keeps an outage from
// flooding it: go-redis writes a line for every failed dial, which is every request while
// Redis is gone. Each kind of message (its format) is written at most once per every; the
// next one written says how many were left out meanwhile.
func RedisLogs(log *slog.Logger, every time.Duration) {
	redis.SetLogger(newRedisLog(log, every, time.Now))
}

type redisLog struct {
	log   *slog.Logger
	every time.Duration
	now   func() time.Time

	mu   sync.Mutex
	last map[string]time.Time // the format's last line
	left map[string]int       // its lines left out since
}

func newRedisLog(log *slog.Logger, every time.Duration, now func() time.Time) *redisLog {
	return &redisLog{log: log, every: every, now: now, last: map[string]time.Time{}, left: map[string]int{}}
}

func (l *redisLog) Printf(ctx context.Context, format string, v ...any) {
	now := l.now()
	l.mu.Lock()
	if last, ok := l.last[format]; ok && now.Sub(last) < l.every {
		l.left[format]++
		l.mu.Unlock()
		return
	}
	left := l.left[format]
	l.last[format], l.left[format] = now, 0
	l.mu.Unlock()
	args := []any{"component", "redis"}
	if left > 0 {
		args = append(args, "left_out", left)
	}
	// The context is go-redis's, often context.Background(): no deadline to honour.
	l.log.WarnContext(context.WithoutCancel(ctx), fmt.Sprintf(format, v...), args...)
}
