package web

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"
)

// A burst of posts, as no person clicking sends, meets the translated 429 page with
// Retry-After; a few seconds later the same client may post again, and another client never
// noticed anything.
func TestPostRateLimit(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	ts := newSite(t, func(c *Config) {
		c.PostRate, c.PostBurst = 3, 20
		c.Now = func() time.Time { return now }
	})
	ts.table()
	post := func() page {
		return ts.post("/settings/language", url.Values{"lang": {"sv"}, "return": {"/"}})
	}
	for i := range 20 {
		if p := post(); p.status != http.StatusSeeOther {
			t.Fatalf("post %d of the burst: status %d", i+1, p.status)
		}
	}
	p := post()
	if p.status != http.StatusTooManyRequests || p.doc.Find(`[data-status="429"]`).Length() != 1 {
		t.Fatalf("21st post at once: status %d", p.status)
	}
	if !strings.Contains(p.doc.Find("h1").Text(), "ögonblick") {
		t.Errorf("429 page not in the visitor's language: %q", p.doc.Find("h1").Text())
	}
	if ra, err := strconv.Atoi(p.header.Get("Retry-After")); err != nil || ra < 1 || ra > 5 {
		t.Errorf("Retry-After %q", p.header.Get("Retry-After"))
	}
	if g := ts.get("/"); g.status != http.StatusOK {
		t.Errorf("GETs are never limited: %d", g.status)
	}
	now = now.Add(time.Second)
	if p := post(); p.status != http.StatusSeeOther {
		t.Errorf("a second later: status %d", p.status)
	}
}

// Behind a configured proxy header each client has its own bucket; without the setting the
// header is ignored, so nobody escapes the limit by writing it.
func TestClientAddress(t *testing.T) {
	req := httptest.NewRequest("POST", "/", nil)
	req.RemoteAddr = "10.0.0.1:5555"
	req.Header.Set("X-Forwarded-For", "6.6.6.6, 203.0.113.7")
	plain := &Server{}
	if got := plain.clientAddr(req); got != "10.0.0.1" {
		t.Errorf("no trusted header: %s", got)
	}
	proxied := &Server{cfg: Config{ClientIPHeader: "X-Forwarded-For"}}
	if got := proxied.clientAddr(req); got != "203.0.113.7" {
		t.Errorf("X-Forwarded-For: %s, want the proxy's entry (the last)", got)
	}
	req.Header.Set("X-Forwarded-For", "garbage")
	if got := proxied.clientAddr(req); got != "10.0.0.1" {
		t.Errorf("garbled header: %s", got)
	}
	real := &Server{cfg: Config{ClientIPHeader: "X-Real-IP"}}
	req.Header.Set("X-Real-IP", "2001:db8::1")
	if got := real.clientAddr(req); got != "2001:db8::1" {
		t.Errorf("X-Real-IP: %s", got)
	}
}

// A body larger than any form is refused with 413 before it is read.
func TestOversizedBodyIs413(t *testing.T) {
	ts := newSite(t)
	ts.table()
	big := url.Values{"move": {"1"}, "pad": {strings.Repeat("x", 70<<10)}}
	if p := ts.post("/asnas/move", big); p.status != http.StatusRequestEntityTooLarge {
		t.Errorf("70 KiB form: status %d", p.status)
	}
	mid := url.Values{"move": {"1"}, "pad": {strings.Repeat("x", 8<<10)}}
	if p := ts.post("/asnas/move", mid); p.status != http.StatusRequestEntityTooLarge {
		t.Errorf("8 KiB move form (limit 4 KiB): status %d", p.status)
	}
}
