package web

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"math"
	"net"
	"net/http"
	"net/netip"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
)

type requestIDKey struct{}

// requestState is what the middleware keeps for one request in its context: its id, and the
// AI work done for it (one value, so one allocation, for both).
type requestState struct {
	id string
	ai aiWork
}

// requestID gives every request a random id, sent back in X-Request-Id and written in its log
// line, so a visitor's report of a failure can be found in the log. An incoming id is ignored:
// it would let anyone write into our logs.
func (s *Server) requestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b [8]byte
		_, _ = rand.Read(b[:])
		id := hex.EncodeToString(b[:])
		w.Header().Set("X-Request-Id", id)
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), requestIDKey{}, &requestState{id: id})))
	})
}

func requestIDFrom(ctx context.Context) string {
	if st, ok := ctx.Value(requestIDKey{}).(*requestState); ok {
		return st.id
	}
	return ""
}

// aiWorkFrom is the request's AI work, nil outside a request (a timer's).
func aiWorkFrom(ctx context.Context) *aiWork {
	if st, ok := ctx.Value(requestIDKey{}).(*requestState); ok {
		return &st.ai
	}
	return nil
}

// observe writes one JSON log line per request and counts it in the metrics. It labels by the
// route pattern ("/{game}/rules"), never the raw path, so the number of series stays bounded,
// and it never logs cookies or session ids.
func (s *Server) observe(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		s.metrics.inflight.Inc()
		defer s.metrics.inflight.Dec()
		next.ServeHTTP(ww, r)
		d := time.Since(start)
		route := "unmatched"
		if rc := chi.RouteContext(r.Context()); rc != nil && rc.RoutePattern() != "" {
			route = rc.RoutePattern()
		}
		status := ww.Status()
		switch {
		case status == 0 && errors.Is(r.Context().Err(), context.Canceled):
			status = statusClientClosed // gone before anything was written
		case status == 0:
			status = http.StatusOK
		}
		s.metrics.ObserveRequest(r.Method, route, status, d)
		s.metrics.aiRequest(aiWorkFrom(r.Context()))
		s.log.InfoContext(r.Context(), "request",
			"method", r.Method, "route", route, "status", status,
			"bytes", ww.BytesWritten(), "duration_ms", float64(d.Microseconds())/1000,
			"request_id", requestIDFrom(r.Context()))
	})
}

// recoverPanic turns a panic in a handler into the friendly 500 page (and a full log entry
// with the stack), instead of a dropped connection.
func (s *Server) recoverPanic(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			p := recover()
			if p == nil {
				return
			}
			if p == http.ErrAbortHandler {
				panic(p)
			}
			s.log.ErrorContext(r.Context(), "panic", "panic", p, "stack", string(debug.Stack()),
				"request_id", requestIDFrom(r.Context()))
			s.writeErrorPage(w, r, http.StatusInternalServerError, "")
		}()
		next.ServeHTTP(w, r)
	})
}

// contentSecurityPolicy allows nothing from other hosts, no inline scripts and no inline
// styles: templates use classes, and the visitor's filters reach CSS through the root element's
// data attributes and the rules at the end of app.css.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"

// MaxHeaderBytes is the most a request's header lines may hold for the site to serve it. The
// server reads up to HeaderReadBytes, more than this, so that a browser whose cookies for the
// site have grown too large (a broken extension, a tampered jar) gets the site's page, which
// clears them, rather than net/http's plain-text 431, which would greet it on every visit
// until the cookies expired.
const (
	MaxHeaderBytes  = 32 << 10
	HeaderReadBytes = 256 << 10
)

// maxClearedCookies bounds the cookies one 431 page expires, so that its own header stays small.
const maxClearedCookies = 64

// headerLimit answers a request whose header is over MaxHeaderBytes with the 431 page and
// expires the cookies it carried but the session cookie: that one holds the visitor's matches,
// and one of the size securecookie reads (4,096 bytes at most) is not what made the header
// too large. A larger one could never be read and goes too.
func (s *Server) headerLimit(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if headerSize(r) <= MaxHeaderBytes {
			next.ServeHTTP(w, r)
			return
		}
		cleared := 0
		for _, c := range r.Cookies() {
			if cleared < maxClearedCookies && (c.Name != cookieName || len(c.Value) > 4096) {
				http.SetCookie(w, &http.Cookie{Name: c.Name, Path: "/", MaxAge: -1})
				cleared++
			}
		}
		s.writeErrorPage(w, r, http.StatusRequestHeaderFieldsTooLarge, "")
	})
}

// headerSize is the size of the request's header lines. Unlike Server.MaxHeaderBytes it
// leaves out the request line: an address too long for any page is the 404's or the
// handler's to answer, not this page's, which speaks of cookies.
func headerSize(r *http.Request) int {
	n := len("Host: ") + len(r.Host) + 2
	for k, vs := range r.Header {
		for _, v := range vs {
			n += len(k) + len(v) + 4
		}
	}
	return n
}

// securityHeaders sets the headers every response carries.
func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "same-origin")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()")
		if r.TLS != nil {
			h.Set("Strict-Transport-Security", "max-age=31536000")
		}
		next.ServeHTTP(w, r)
	})
}

// timeout bounds the work of one request through its context; handlers and the store see the
// deadline, and the error adapter turns it into a 503 page.
func (s *Server) timeout(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if isStream(r) {
			// A live connection lasts as long as its page; its own work is bounded where
			// it does any (tableEvents).
			next.ServeHTTP(w, r)
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), s.cfg.RequestTimeout)
		defer cancel()
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// errCrossOrigin is a cross-site POST, refused.
var errCrossOrigin = &statusError{status: http.StatusForbidden, reason: "cross-origin request"}

// crossOrigin refuses cross-site form posts (Sec-Fetch-Site, falling back to Origin vs Host),
// with a translated 403 page.
func (s *Server) crossOrigin() *http.CrossOriginProtection {
	p := http.NewCrossOriginProtection()
	p.SetDenyHandler(s.handle(func(http.ResponseWriter, *http.Request) error { return errCrossOrigin }))
	return p
}

// maxBodyBytes bounds every request body; the handlers' own limits are smaller still.
const maxBodyBytes = 64 << 10

// errTooLarge is a body declared larger than any form of ours.
var errTooLarge = &statusError{status: http.StatusRequestEntityTooLarge, reason: "request body too large"}

// errTooMany is a client over its rate of POSTs; errTooManyAsks over its rate of AI pages
// (hints, the coach, plans), whose page does not speak of moves.
var (
	errTooMany     = &statusError{status: http.StatusTooManyRequests, reason: "too many posts"}
	errTooManyAsks = &statusError{status: http.StatusTooManyRequests, reason: "too many AI pages", text: "error.429.asks"}
)

// tooMany counts a request refused for its client's rate, says when to come back and
// returns refusal, the page to answer.
func (s *Server) tooMany(w http.ResponseWriter, wait time.Duration, refusal error) error {
	s.metrics.limited.Inc()
	w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
	return refusal
}

// limitPosts refuses a body over maxBodyBytes with 413 before reading it, and a client's POST
// beyond its rate with the translated 429 page and Retry-After. The limit (a burst of 20, then
// a few per second by default) is far above what a person clicking ever sends.
func (s *Server) limitPosts(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength > maxBodyBytes {
			s.fail(w, r, errTooLarge)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, maxBodyBytes)
		if r.Method == http.MethodPost && s.limiter != nil {
			if wait, ok := s.limiter.allow(s.clientAddr(r)); !ok {
				s.fail(w, r, s.tooMany(w, wait, errTooMany))
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// clientAddr is the address a request is counted under: the connection's, or the trusted
// proxy's header when one is configured. For X-Forwarded-For that is the last entry, the one
// our proxy appended; the ones before it are whatever the client sent.
func (s *Server) clientAddr(r *http.Request) string {
	if h := s.cfg.ClientIPHeader; h != "" {
		v := r.Header.Values(h)
		if len(v) > 0 {
			last := v[len(v)-1]
			if strings.EqualFold(h, "X-Forwarded-For") {
				last = last[strings.LastIndexByte(last, ',')+1:]
			}
			if a, err := netip.ParseAddr(strings.TrimSpace(last)); err == nil {
				return a.Unmap().String()
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// limiter is a token bucket per client: burst tokens, refilled at rate per second.
type limiter struct {
	mu      sync.Mutex
	rate    float64
	burst   float64
	now     func() time.Time
	buckets map[string]*bucket
	// nextSweep is the earliest time dropFull may run again: see allow.
	nextSweep time.Time
}

type bucket struct {
	tokens float64
	at     time.Time
}

// limiterMaxClients bounds the map: beyond it, buckets that have filled up again (clients that
// have been quiet) are dropped, which changes nothing for them.
const limiterMaxClients = 100_000

func newLimiter(rate float64, burst int, now func() time.Time) *limiter {
	return &limiter{rate: rate, burst: float64(burst), now: now, buckets: map[string]*bucket{}}
}

// allow takes a token for client; without one it says how long until the next.
func (l *limiter) allow(client string) (time.Duration, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	b := l.buckets[client]
	if b == nil {
		if len(l.buckets) >= limiterMaxClients && !now.Before(l.nextSweep) {
			// A sweep looks at every bucket under the lock (tens of milliseconds for a full
			// map). When the clients are all busy it frees nothing, so it runs at most once in
			// the time an empty bucket takes to fill, not for each new client; meanwhile the
			// map grows by the clients new in that time.
			l.dropFull(now)
			l.nextSweep = now.Add(time.Duration(l.burst / l.rate * float64(time.Second)))
		}
		b = &bucket{tokens: l.burst, at: now}
		l.buckets[client] = b
	}
	b.tokens, b.at = l.tokens(b, now), now
	if b.tokens >= 1 {
		b.tokens--
		return 0, true
	}
	return l.untilOne(b.tokens), false
}

// wait says how long until client has a token, without taking one: 0 when it has one now.
func (l *limiter) wait(client string) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.buckets[client]
	if b == nil {
		return 0
	}
	if t := l.tokens(b, l.now()); t < 1 {
		return l.untilOne(t)
	}
	return 0
}

// tokens is what bucket b holds at now, refilled since it was last counted.
func (l *limiter) tokens(b *bucket, now time.Time) float64 {
	return min(l.burst, b.tokens+now.Sub(b.at).Seconds()*l.rate)
}

// untilOne is how long a bucket holding tokens (fewer than one) takes to hold one.
func (l *limiter) untilOne(tokens float64) time.Duration {
	return time.Duration((1 - tokens) / l.rate * float64(time.Second))
}

func (l *limiter) dropFull(now time.Time) {
	for k, b := range l.buckets {
		if l.tokens(b, now) >= l.burst {
			delete(l.buckets, k)
		}
	}
}
