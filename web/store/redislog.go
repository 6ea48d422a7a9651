package store

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// RedisLogs sends go-redis's own messages to log, as warnings beside the site's other lines
// (go-redis writes them to standard error in a format of its own), and keeps an outage from
// flooding it: go-redis writes a line for every failed dial, which is every request while
// Redis is gone. Each kind of message is written at most once per every; those left out
// meanwhile are counted in a line of their own at the period's end, so a count never lands
// on a later outage.
func RedisLogs(log *slog.Logger, every time.Duration) {
	redis.SetLogger(newRedisLog(log, every, time.Now, time.AfterFunc))
}

type redisLog struct {
	log   *slog.Logger
	every time.Duration
	now   func() time.Time
	after func(time.Duration, func()) *time.Timer

	mu    sync.Mutex
	kinds map[string]*redisKind
}

// redisKind is one kind of message: its last line written, and those left out since.
type redisKind struct {
	last time.Time
	left int
	msg  string // the last one left out, which the count's line repeats
}

func newRedisLog(log *slog.Logger, every time.Duration, now func() time.Time, after func(time.Duration, func()) *time.Timer) *redisLog {
	return &redisLog{log: log, every: every, now: now, after: after, kinds: map[string]*redisKind{}}
}

func (l *redisLog) Printf(_ context.Context, format string, v ...any) {
	msg := fmt.Sprintf(format, v...)
	kind := strings.Map(noDigits, msg) // "conn[12]" and "conn[13]", "after 2 attempts": one kind
	now := l.now()
	l.mu.Lock()
	k := l.kinds[kind]
	if k != nil && now.Sub(k.last) < l.every {
		if k.left == 0 {
			l.after(k.last.Add(l.every).Sub(now), func() { l.flush(kind) })
		}
		k.left++
		k.msg = msg
		l.mu.Unlock()
		return
	}
	if k == nil {
		if len(l.kinds) >= maxRedisKinds {
			l.kinds = map[string]*redisKind{} // messages that vary in words, not digits: forget, do not grow
		}
		k = &redisKind{}
		l.kinds[kind] = k
	}
	k.last = now
	l.mu.Unlock()
	l.log.Warn(msg, "component", "redis")
}

// flush writes how many lines of kind were left out in the period just ended.
func (l *redisLog) flush(kind string) {
	l.mu.Lock()
	k := l.kinds[kind]
	if k == nil || k.left == 0 {
		l.mu.Unlock()
		return
	}
	left, msg := k.left, k.msg
	k.left, k.last = 0, l.now()
	l.mu.Unlock()
	l.log.Warn(msg, "component", "redis", "left_out", left)
}

// maxRedisKinds bounds the kinds remembered: go-redis's formats are constant strings, but a
// message carries an error's words.
const maxRedisKinds = 64

func noDigits(r rune) rune {
	if r >= '0' && r <= '9' {
		return -1
	}
	return r
}
