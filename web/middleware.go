package web

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"runtime/debug"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
)

type requestIDKey struct{}

// requestID gives every request a random id, sent back in X-Request-Id and written in its log
// line, so a visitor's report of a failure can be found in the log. An incoming id is ignored:
// it would let anyone write into our logs.
func (s *Server) requestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b [8]byte
		_, _ = rand.Read(b[:])
		id := hex.EncodeToString(b[:])
		w.Header().Set("X-Request-Id", id)
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), requestIDKey{}, id)))
	})
}

func requestIDFrom(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// observe writes one JSON log line per request and counts it in the metrics. It labels by the
// route pattern ("/{game}/rules"), never the raw path, so the number of series stays bounded,
// and it never logs cookies or session ids.
func (s *Server) observe(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		s.metrics.inflight.Add(1)
		defer s.metrics.inflight.Add(-1)
		next.ServeHTTP(ww, r)
		d := time.Since(start)
		route := "unmatched"
		if rc := chi.RouteContext(r.Context()); rc != nil && rc.RoutePattern() != "" {
			route = rc.RoutePattern()
		}
		status := ww.Status()
		if status == 0 {
			status = http.StatusOK
		}
		s.metrics.observe(r.Method, route, status, d)
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
			s.writeErrorPage(w, r, http.StatusInternalServerError)
		}()
		next.ServeHTTP(w, r)
	})
}

// contentSecurityPolicy allows nothing from other hosts, no inline scripts and no inline
// styles: templates use classes, and the visitor's filters reach CSS through the root element's
// data attributes and /filters.css.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"

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
		ctx, cancel := context.WithTimeout(r.Context(), s.cfg.RequestTimeout)
		defer cancel()
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// errCrossOrigin is a cross-site POST, refused.
var errCrossOrigin = &statusError{http.StatusForbidden, "cross-origin request"}

// crossOrigin refuses cross-site form posts (Sec-Fetch-Site, falling back to Origin vs Host),
// with a translated 403 page.
func (s *Server) crossOrigin() *http.CrossOriginProtection {
	p := http.NewCrossOriginProtection()
	p.SetDenyHandler(s.handle(func(http.ResponseWriter, *http.Request) error { return errCrossOrigin }))
	return p
}
