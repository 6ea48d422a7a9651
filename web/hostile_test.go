package web

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/go-chi/chi/v5"

	"github.com/cardavia/cardavia/i18n"
	"github.com/cardavia/cardavia/rules/asnas"
	gd "github.com/cardavia/cardavia/rules/guandan"
)

// These tests play the hostile visitor: wrong methods, odd forms, huge bodies, forged cookies,
// cross-site posts, strange addresses. The standard they hold the site to (DESIGN.md, Safety):
// every answer is a friendly page with the right status, never a 500, and a refused request
// leaves the visitor's stored matches exactly as they were, byte for byte.

// postRoutes are every route that only accepts POST.
var postRoutes = []string{
	"/asnas/move", "/asnas/next", "/asnas/restart",
	"/guandan/play", "/guandan/pass", "/guandan/return", "/guandan/next", "/guandan/restart",
	"/settings", "/settings/language",
}

// hostileSite is a test site whose visitor already has an As-Nas and a Guandan match stored.
func hostileSite(t *testing.T) *testSite {
	t.Helper()
	ts := newSite(t)
	ts.storeBoth()
	return ts
}

// storeBoth gives the visitor a stored match at both tables: a table page stores nothing, the
// first move does (here a restart, the one move always open).
func (ts *testSite) storeBoth() {
	ts.t.Helper()
	for _, game := range []string{"asnas", "guandan"} {
		p := ts.get("/" + game)
		if p.status != http.StatusOK {
			ts.t.Fatalf("GET /%s: %d", game, p.status)
		}
		move := attr(p.doc.Find(`[data-game="`+game+`"]`), "data-move")
		if loc := ts.location("/"+game+"/restart", url.Values{"move": {move}}); loc != "/"+game {
			ts.t.Fatalf("restart %s: %s", game, loc)
		}
	}
}

// storedMatches is the raw stored form of the visitor's two matches with their versions: what
// must not change when a request is refused.
func storedMatches(t *testing.T, ts *testSite, id string) string {
	t.Helper()
	var b strings.Builder
	ctx := context.Background()
	for _, key := range append(asnasGame.keysOf(ctx, ts.server, id), guandanGame.keysOf(ctx, ts.server, id)...) {
		data, version, err := ts.store.Load(ctx, key)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%s v%d %s\n", key, version, data)
	}
	return b.String()
}

// moves are the current move numbers of both tables, read from the pages.
func (ts *testSite) moves() (asnasMove, guandanMove string) {
	ts.t.Helper()
	return moveOf(ts.table()), attr(ts.get("/guandan").doc.Find(`[data-game="guandan"]`), "data-move")
}

// serve sends req to the router directly, so that the path arrives exactly as written (no client
// clean-up), with the test client's cookies, and parses an HTML answer.
func (ts *testSite) serve(req *http.Request) page {
	ts.t.Helper()
	u, _ := url.Parse(ts.srv.URL)
	for _, c := range ts.client.Jar.Cookies(u) {
		req.AddCookie(c)
	}
	rec := httptest.NewRecorder()
	ts.server.ServeHTTP(rec, req)
	p := page{status: rec.Code, header: rec.Header(), body: rec.Body.String()}
	if strings.HasPrefix(p.header.Get("Content-Type"), "text/html") {
		doc, err := goquery.NewDocumentFromReader(strings.NewReader(p.body))
		if err != nil {
			ts.t.Fatal(err)
		}
		p.doc = doc
		checkPage(ts.t, p)
	}
	return p
}

// wantErrorPage checks that p is the translated page for status.
func wantErrorPage(t *testing.T, p page, status int) {
	t.Helper()
	if p.status != status {
		t.Fatalf("status %d, want %d\n%.600s", p.status, status, p.body)
	}
	if p.doc == nil || p.doc.Find(`[data-status="`+strconv.Itoa(status)+`"]`).Length() == 0 {
		t.Fatalf("status %d without its page (Content-Type %q):\n%.600s", status, p.header.Get("Content-Type"), p.body)
	}
}

func TestHostileWrongMethods(t *testing.T) {
	ts := hostileSite(t)
	id := ts.visitorID()
	before := storedMatches(t, ts, id)
	for _, path := range postRoutes {
		for _, method := range []string{"GET", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "BREW"} {
			if method == "GET" && strings.HasSuffix(path, "/restart") || method == "GET" && path == "/settings" {
				continue // these also have a GET page
			}
			t.Run(method+" "+path, func(t *testing.T) {
				req := httptest.NewRequest(method, path, strings.NewReader("move=1"))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				wantErrorPage(t, ts.serve(req), http.StatusMethodNotAllowed)
			})
		}
	}
	for _, path := range []string{"/", "/asnas", "/guandan", "/asnas/rules", "/healthz"} {
		t.Run("POST "+path, func(t *testing.T) {
			wantErrorPage(t, ts.post(path, url.Values{"move": {"1"}}), http.StatusMethodNotAllowed)
		})
	}
	if after := storedMatches(t, ts, id); after != before {
		t.Errorf("a refused method changed a match:\n%s\n→\n%s", before, after)
	}
}

// TestHostile405SaysWhatIsAllowed: RFC 9110 §15.5.6, "the origin server MUST generate an Allow
// header field in a 405 response".
func TestHostile405SaysWhatIsAllowed(t *testing.T) {
	ts := hostileSite(t)
	for _, c := range []struct{ method, path, allow string }{
		{"GET", "/asnas/move", "POST"},
		{"POST", "/asnas", "GET"},
		{"DELETE", "/guandan", "GET"},
	} {
		p := ts.serve(httptest.NewRequest(c.method, c.path, nil))
		wantErrorPage(t, p, http.StatusMethodNotAllowed)
		if !strings.Contains(p.header.Get("Allow"), c.allow) {
			t.Errorf("%s %s: 405 with Allow %q, want it to list %s", c.method, c.path, p.header.Get("Allow"), c.allow)
		}
	}
}

func TestHostileFormFields(t *testing.T) {
	ts := hostileSite(t)
	id := ts.visitorID()
	am, gm := ts.moves()
	huge := strings.Repeat("9", 3000)
	cases := []struct {
		name   string
		path   string
		body   string
		status int
	}{
		{"no fields", "/asnas/move", "", 400},
		{"only a verb", "/asnas/move", "verb=look", 400},
		{"move without a value", "/asnas/move", "move&verb=look", 400},
		{"move overflowing uint64", "/asnas/move", "move=18446744073709551616&verb=look", 400},
		{"move far in the future", "/asnas/move", "move=18446744073709551615&verb=look", 303},
		{"move with spaces", "/asnas/move", "move=+" + am + "+&verb=look", 400},
		{"move in hex", "/asnas/move", "move=0x1&verb=look", 400},
		{"huge move", "/asnas/move", "move=" + huge + "&verb=look", 400},
		{"stale move first, current second", "/asnas/move", "move=999&move=" + am + "&verb=look", 303},
		{"verb duplicated, garbage first", "/asnas/move", "move=999&verb=dance&verb=look", 400},
		{"unicode verb", "/asnas/move", "move=" + am + "&verb=%D9%86%DA%AF%D8%A7%D9%87", 400},
		{"NUL in verb", "/asnas/move", "move=" + am + "&verb=lo%00ok", 400},
		{"bad percent escape", "/asnas/move", "move=" + am + "&verb=%zz", 400},
		{"semicolon separator", "/asnas/move", "move=" + am + ";verb=look", 400},
		{"next without a move", "/asnas/next", "", 400},
		{"restart without a move", "/asnas/restart", "", 400},
		{"play without cards", "/guandan/play", "move=999", 303},
		{"play card 108", "/guandan/play", "move=" + gm + "&card=108", 400},
		{"play card 255", "/guandan/play", "move=" + gm + "&card=255", 400},
		{"play card -1", "/guandan/play", "move=" + gm + "&card=-1", 400},
		{"play card name", "/guandan/play", "move=" + gm + "&card=AH", 400},
		{"play 109 cards", "/guandan/play", "move=" + gm + strings.Repeat("&card=0", 109), 400},
		{"play unknown reading", "/guandan/play", "move=" + gm + "&card=0&reading=royal-flush", 400},
		{"return two cards", "/guandan/return", "move=" + gm + "&card=0&card=1", 400},
		{"return no card", "/guandan/return", "move=" + gm, 400},
		{"return card 108", "/guandan/return", "move=" + gm + "&card=108", 400},
		{"pass with a garbled move", "/guandan/pass", "move=1e3", 400},
		{"guandan next without a move", "/guandan/next", "", 400},
		{"language missing", "/settings/language", "", 400},
		{"language twice, garbage first", "/settings/language", "lang=xx&lang=en", 400},
		{"filters as negatives", "/settings", "contrast=-1&grain=50&temperature=50", 400},
		{"filters overflowing", "/settings", "contrast=99999999999999999999&grain=50&temperature=50", 400},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := storedMatches(t, ts, id)
			req := httptest.NewRequest(http.MethodPost, c.path, strings.NewReader(c.body))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			p := ts.serve(req)
			if c.status == http.StatusSeeOther {
				if p.status != c.status {
					t.Fatalf("status %d, want 303\n%.400s", p.status, p.body)
				}
			} else {
				wantErrorPage(t, p, c.status)
			}
			// Not one of these forms may change a match: with a repeated field the first value
			// counts, so a stale move number first makes the form stale.
			if after := storedMatches(t, ts, id); after != before {
				t.Errorf("the form changed a match (Location %q):\n%s\n→\n%s", p.header.Get("Location"), before, after)
			}
			if c.status == http.StatusSeeOther && !strings.Contains(p.header.Get("Location"), "notice=") {
				t.Errorf("a stale or empty form was not refused with a notice: %q", p.header.Get("Location"))
			}
		})
	}
}

// TestHostileBodies sends oversized bodies and odd content types through a real connection.
func TestHostileBodies(t *testing.T) {
	ts := hostileSite(t)
	id := ts.visitorID()
	am, gm := ts.moves()
	valid := map[string]string{
		"/asnas/move": "move=" + am + "&verb=look", "/asnas/next": "move=" + am, "/asnas/restart": "move=" + am,
		"/guandan/play": "move=" + gm + "&card=0", "/guandan/pass": "move=" + gm, "/guandan/return": "move=" + gm + "&card=0",
		"/guandan/next": "move=" + gm, "/guandan/restart": "move=" + gm,
		"/settings": "contrast=10&grain=10&temperature=10", "/settings/language": "lang=sv",
	}
	tenMB := strings.Repeat("x", 10<<20)
	for _, path := range postRoutes {
		for _, c := range []struct {
			name, ctype, body string
		}{
			// A valid form followed by 10 MB of padding: the body limit must refuse it whole.
			{"10 MB body", "application/x-www-form-urlencoded", valid[path] + "&pad=" + tenMB},
			{"10 MB of garbage", "application/x-www-form-urlencoded", tenMB},
			{"valid form as text/plain", "text/plain", valid[path]},
			{"valid form as JSON", "application/json", valid[path]},
			{"valid form without a content type", "", valid[path]},
			{"garbled content type", "application/x-www-form-urlencoded;;;=", valid[path]},
			{"multipart without a boundary", "multipart/form-data", valid[path]},
		} {
			t.Run(path+" "+c.name, func(t *testing.T) {
				before := storedMatches(t, ts, id)
				req, err := http.NewRequest(http.MethodPost, ts.srv.URL+path, strings.NewReader(c.body))
				if err != nil {
					t.Fatal(err)
				}
				if c.ctype != "" {
					req.Header.Set("Content-Type", c.ctype)
				}
				p := ts.do(req)
				if p.status != http.StatusBadRequest && p.status != http.StatusRequestEntityTooLarge {
					t.Fatalf("status %d, want 400 or 413\n%.400s", p.status, p.body)
				}
				wantErrorPage(t, p, p.status)
				if after := storedMatches(t, ts, id); after != before {
					t.Errorf("a refused body changed a match:\n%s\n→\n%s", before, after)
				}
			})
		}
	}
}

func TestHostileCrossSitePosts(t *testing.T) {
	ts := hostileSite(t)
	id := ts.visitorID()
	am, gm := ts.moves()
	before := storedMatches(t, ts, id)
	for _, path := range postRoutes {
		form := url.Values{"move": {am}, "verb": {"look"}, "lang": {"sv"}, "contrast": {"1"}, "grain": {"1"}, "temperature": {"1"}}
		if strings.HasPrefix(path, "/guandan") {
			form.Set("move", gm)
		}
		for _, h := range [][]string{
			{"Sec-Fetch-Site", "cross-site"},
			{"Sec-Fetch-Site", "same-site"},
			{"Origin", "https://evil.example"},
			{"Origin", "null"},
			{"Sec-Fetch-Site", "cross-site", "Origin", ts.srv.URL},
		} {
			t.Run(path+" "+strings.Join(h, " "), func(t *testing.T) {
				wantErrorPage(t, ts.post(path, form, h...), http.StatusForbidden)
			})
		}
	}
	if after := storedMatches(t, ts, id); after != before {
		t.Errorf("a cross-site post changed a match:\n%s\n→\n%s", before, after)
	}
	// Links from other sites still work: a cross-site GET is just a visit.
	if p := ts.get("/asnas", "Sec-Fetch-Site", "cross-site"); p.status != http.StatusOK {
		t.Errorf("cross-site GET /asnas: %d", p.status)
	}
	// A same-origin post, as the site's own forms send it, is accepted.
	p := ts.post("/asnas/move", url.Values{"move": {am}, "verb": {"look"}}, "Sec-Fetch-Site", "same-origin", "Origin", ts.srv.URL)
	if p.status != http.StatusSeeOther {
		t.Errorf("same-origin post: %d", p.status)
	}
}

// TestHostileCookies: a cookie that is tampered with, cut short, signed by another site's key,
// garbage or oversized is a new visitor: a fresh table, never an error and never the old match.
func TestHostileCookies(t *testing.T) {
	ts := hostileSite(t)
	id := ts.visitorID()
	am, _ := ts.moves()
	u, _ := url.Parse(ts.srv.URL)
	good := ts.client.Jar.Cookies(u)[0].Value

	other := newSite(t, func(c *Config) { c.SessionKeys = [][]byte{[]byte("another site's secret, 32 bytes!")} })
	other.table()
	otherValue := other.client.Jar.Cookies(u)[0].Value

	flipped := []byte(good)
	flipped[len(flipped)/2] ^= 1
	cookies := map[string]string{
		"tampered":           string(flipped),
		"truncated":          good[:len(good)/2],
		"one byte short":     good[:len(good)-1],
		"other site's key":   otherValue,
		"garbage":            "garbage",
		"empty":              "",
		"base64 of nothing":  "MTIzfHx8",
		"8 KB":               strings.Repeat("A", 8<<10),
		"unicode":            "%E2%98%83\u2603",
		"valid with a tail":  good + "AAAA",
		"percent-escaped":    url.QueryEscape(good) + "%",
		"pipes":              "||||",
		"old timestamp form": "MTAwMDAwMDAwMHx8fA==",
	}
	// The visitor looks at their cards, so their table shows faces that a fresh one does not.
	if loc := ts.location("/asnas/move", url.Values{"move": {am}, "verb": {"look"}}); loc != "/asnas" {
		t.Fatalf("look: %s", loc)
	}
	am, _ = ts.moves()
	before := storedMatches(t, ts, id)
	for name, value := range cookies {
		t.Run(name, func(t *testing.T) {
			for _, path := range []string{"/asnas", "/guandan", "/", "/settings"} {
				req := httptest.NewRequest(http.MethodGet, path, nil)
				req.Header.Set("Cookie", cookieName+"="+value)
				rec := httptest.NewRecorder()
				ts.server.ServeHTTP(rec, req)
				if rec.Code != http.StatusOK {
					t.Fatalf("GET %s with a %s cookie: %d", path, name, rec.Code)
				}
				if path != "/asnas" {
					continue
				}
				if !strings.Contains(rec.Header().Get("Set-Cookie"), cookieName+"=") {
					t.Errorf("a %s cookie was not replaced by a new session", name)
				}
				doc, _ := goquery.NewDocumentFromReader(rec.Body)
				// A fresh table may show the visitor's hand (a first deal that ended before their
				// turn), but never as looked at.
				if doc.Find(`[data-seat="0"] [data-status="looked"]`).Length() > 0 || attr(doc.Find(`[data-game="asnas"]`), "data-move") == am {
					t.Errorf("a %s cookie reached a match that is not a fresh one", name)
				}
			}
			req := httptest.NewRequest(http.MethodPost, "/asnas/move", strings.NewReader("move="+am+"&verb=look"))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("Cookie", cookieName+"="+value)
			rec := httptest.NewRecorder()
			ts.server.ServeHTTP(rec, req)
			if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/asnas?notice=expired" {
				t.Errorf("POST with a %s cookie: %d %q, want 303 to a fresh table", name, rec.Code, rec.Header().Get("Location"))
			}
		})
	}
	if after := storedMatches(t, ts, id); after != before {
		t.Errorf("a forged cookie changed the visitor's match:\n%s\n→\n%s", before, after)
	}
	// Two cookies of the same name, the forged one first: still nobody's match but a new one.
	req := httptest.NewRequest(http.MethodPost, "/asnas/move", strings.NewReader("move="+am+"&verb=look"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Cookie", cookieName+"=garbage; "+cookieName+"="+good)
	rec := httptest.NewRecorder()
	ts.server.ServeHTTP(rec, req)
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/asnas?notice=expired" {
		t.Errorf("duplicate cookies, the forged one first: %d %q", rec.Code, rec.Header().Get("Location"))
	}
	if after := storedMatches(t, ts, id); after != before {
		t.Error("duplicate cookies changed the visitor's match")
	}
}

// TestHostileCookieJar sends the site a jar of cookies larger than any it sets, through a
// server that reads as much header as cmd/cardavia's: the visitor gets the translated 431 page
// (not net/http's plain text), the extra cookies are expired, the session cookie is kept, and
// the next request finds the same match.
func TestHostileCookieJar(t *testing.T) {
	ts := hostileSite(t)
	id := ts.visitorID()
	before := storedMatches(t, ts, id)
	u, _ := url.Parse(ts.srv.URL)
	session := ts.client.Jar.Cookies(u)[0]
	srv := httptest.NewUnstartedServer(ts.server)
	srv.Config.MaxHeaderBytes = HeaderReadBytes
	srv.Start()
	t.Cleanup(srv.Close)

	jar := func(n int) string {
		parts := []string{cookieName + "=" + session.Value}
		for i := range n {
			parts = append(parts, fmt.Sprintf("junk%d=%s", i, strings.Repeat("x", 600)))
		}
		return strings.Join(parts, "; ")
	}
	get := func(cookie, lang string) *http.Response {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+"/asnas", nil)
		req.Header.Set("Cookie", cookie)
		req.Header.Set("Accept-Language", lang)
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		return resp
	}

	resp := get(jar(70), "fa")
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Fatalf("42 KB of cookies: %d, want 431", resp.StatusCode)
	}
	fa, _ := i18n.ByCode("fa")
	want := i18n.T(i18n.WithLocale(context.Background(), fa), "error.431.title")
	if !strings.Contains(string(body), want) || !strings.Contains(string(body), `dir="rtl"`) {
		t.Errorf("the 431 page is not the site's Persian page:\n%s", excerpt(string(body), "<h1"))
	}
	expired := map[string]bool{}
	for _, c := range resp.Cookies() {
		if c.MaxAge < 0 {
			expired[c.Name] = true
		}
	}
	if len(expired) != maxClearedCookies || !expired["junk0"] || expired[cookieName] {
		t.Errorf("expired %d cookies (junk0 %v, the session %v), want %d junk ones and not the session",
			len(expired), expired["junk0"], expired[cookieName], maxClearedCookies)
	}

	// Under the limit the same jar is served, and the session still holds the match.
	if resp := get(jar(40), "fa"); resp.StatusCode != http.StatusOK {
		t.Errorf("24 KB of cookies: %d, want 200", resp.StatusCode)
	}
	if after := storedMatches(t, ts, id); after != before {
		t.Errorf("the jar changed the visitor's match:\n%s\n→\n%s", before, after)
	}

	// A session cookie too large to be one goes too.
	resp = get(cookieName+"="+strings.Repeat("A", 40<<10), "en")
	if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge || len(resp.Cookies()) != 1 || resp.Cookies()[0].MaxAge >= 0 {
		t.Errorf("a 40 KB session cookie: %d, cookies %v, want 431 and the cookie expired", resp.StatusCode, resp.Cookies())
	}
}

func TestHostileAddresses(t *testing.T) {
	ts := hostileSite(t)
	id := ts.visitorID()
	before := storedMatches(t, ts, id)
	assets := ts.server.assets
	css := strings.TrimPrefix(assets.URL("app.css"), "/static/")
	cases := []struct {
		target string
		status int
		// location is where a 301 leads: an address with a trailing slash names the page
		// without it, on this site whatever the slashes before it.
		location string
	}{
		{"/static/../go.mod", 404, ""},
		{"/static/../../go.mod", 404, ""},
		{"/static/..%2f..%2fgo.mod", 404, ""},
		{"/static/%2e%2e/%2e%2e/web/server.go", 404, ""},
		{"/static/..\\..\\go.mod", 404, ""},
		{"/static/cards/../" + css, 404, ""},
		{"/static/./" + css, 404, ""},
		{"/static//" + css, 404, ""},
		{"/static/app.css", 404, ""},
		{"/static/app.00000000.css", 404, ""},
		{"/static/" + css + "%00", 404, ""},
		{"/static/" + css + "/", 301, "/static/" + css},
		{"/static/" + css + "//", 301, "/static/" + css},
		// A folder is no page: a 404 at once, not a redirect to one (/static/cards/ led to
		// /static/cards, /static/ to /static).
		{"/static/", 404, ""},
		{"/static//", 404, ""},
		{"/static", 404, ""},
		{"/static/cards/", 404, ""},
		{"/static/cards//", 404, ""},
		{"/static/cards", 404, ""},
		{"/static/cards/asnas/", 404, ""},
		{"/static/nothing/?x=1", 404, ""},
		{"/static/" + css, 200, ""},
		{"/asnas/../settings", 404, ""},
		{"/%2e%2e/etc/passwd", 404, ""},
		{"/asnas%2Fmove", 404, ""},
		{"/ASNAS", 404, ""},
		{"/asnas/", 301, "/asnas"},
		{"/asnas/rules/?x=1", 301, "/asnas/rules?x=1"},
		{"//evil.example/", 301, "/evil.example"},
		{"/\\evil.example/", 301, "/evil.example"},
		{"///evil.example//", 301, "/evil.example"},
		{"/chess/rules", 404, ""},
		{"/%ff%fe", 404, ""},
		{"/%E2%80%AE", 404, ""},
		{"/\"><script>alert(1)</script>", 404, ""},
		{"/" + strings.Repeat("a", 30000), 404, ""},
		{"/asnas?" + strings.Repeat("notice=stale&", 2000), 200, ""},
		{"/asnas?notice=%3Cscript%3Ealert(1)%3C/script%3E", 200, ""},
		{"/asnas?notice=asnas.notice.stale", 200, ""},
		{"/settings?saved=%00", 200, ""},
		{"/guandan/rules?x=" + strings.Repeat("%F0%9F%83%8F", 3000), 200, ""},
	}
	for _, c := range cases {
		name := c.target
		if len(name) > 60 {
			name = name[:60]
		}
		t.Run(name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodGet, "/", nil)
			u, err := url.ParseRequestURI(c.target)
			if err != nil {
				u = &url.URL{Path: c.target}
			}
			req.URL, req.RequestURI = u, c.target
			p := ts.serve(req)
			switch c.status {
			case 200:
				if p.status != 200 {
					t.Fatalf("status %d, want 200", p.status)
				}
			case 301:
				if p.status != 301 || p.header.Get("Location") != c.location {
					t.Fatalf("status %d to %q, want 301 to %q", p.status, p.header.Get("Location"), c.location)
				}
			default:
				wantErrorPage(t, p, c.status)
			}
			for _, secret := range []string{"module github.com/cardavia", "package web", "root:x:"} {
				if strings.Contains(p.body, secret) {
					t.Errorf("a file outside the assets was served: %q", secret)
				}
			}
			if p.doc != nil {
				if n := p.doc.Find("[data-notice]").Length(); n > 0 && attr(p.doc.Find("[data-notice]"), "data-notice") != "asnas.notice.stale" {
					t.Errorf("a notice from the query: %q", attr(p.doc.Find("[data-notice]"), "data-notice"))
				}
			}
		})
	}
	// The whole way through a real connection, too: the client sends the path as written.
	for _, target := range []string{"/static/../go.mod", "/static/..%2fgo.mod", "/" + strings.Repeat("b", 20000)} {
		wantErrorPage(t, ts.get(target), http.StatusNotFound)
	}
	if after := storedMatches(t, ts, id); after != before {
		t.Errorf("a GET changed a match:\n%s\n→\n%s", before, after)
	}
}

func TestHostileHead(t *testing.T) {
	ts := hostileSite(t)
	id := ts.visitorID()
	before := storedMatches(t, ts, id)
	css := ts.server.assets.URL("app.css")
	for _, c := range []struct {
		path   string
		status int
	}{
		{"/", 200}, {"/asnas", 200}, {"/guandan", 200}, {"/guandan?arrange=plan&hint=1", 200}, {"/asnas/rules", 200},
		{"/settings", 200}, {"/healthz", 200}, {"/filters.css", 404}, {css, 200}, {"/asnas/restart", 200},
		{"/nowhere", 404}, {"/static/nothing.css", 404}, {"/asnas/move", 405}, {"/settings/language", 405},
	} {
		req, _ := http.NewRequest(http.MethodHead, ts.srv.URL+c.path, nil)
		resp, err := ts.client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != c.status {
			t.Errorf("HEAD %s: %d, want %d", c.path, resp.StatusCode, c.status)
		}
		if c.status >= 400 && !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
			t.Errorf("HEAD %s: %d with Content-Type %q", c.path, resp.StatusCode, resp.Header.Get("Content-Type"))
		}
	}
	if after := storedMatches(t, ts, id); after != before {
		t.Errorf("a HEAD changed a match:\n%s\n→\n%s", before, after)
	}
}

// TestHostileTableQueries: the query of a table page changes only what is shown, never the
// match, and never brings a card of another seat onto the page.
func TestHostileTableQueries(t *testing.T) {
	ts := hostileSite(t)
	id := ts.visitorID()
	before := storedMatches(t, ts, id)
	var every []string
	for c := -2; c <= 260; c++ {
		every = append(every, "card="+strconv.Itoa(c))
	}
	queries := []string{
		"arrange=", "arrange=%00", "arrange=plan%00", "arrange=PLAN", "arrange=" + strings.Repeat("plan", 5000),
		"arrange=plan&arrange=suit", "hint=", "hint=0", "hint=%ff", "hint=" + strings.Repeat("1", 10000),
		"hint=1&arrange=plan", "notice=<b>x</b>", "notice=guandan.notice.choose", "notice=choose&card=0&card=1",
		strings.Join(every, "&"), strings.Join(every, "&") + "&hint=1&arrange=suit",
		"card=1e2", "card=0x10", "card=%2B5", "card=5%00", "card=" + strings.Repeat("9", 400),
		"arrange=plan&" + strings.Join(every, "&"), "%zz=1", "card", "&&&&", "a=b;c=d",
	}
	for _, q := range queries {
		name := q
		if len(name) > 50 {
			name = name[:50]
		}
		t.Run(name, func(t *testing.T) {
			p := ts.get("/guandan?" + q)
			if p.status != http.StatusOK {
				t.Fatalf("status %d", p.status)
			}
			auditGuandanPage(t, ts, id, p)
		})
	}
	for _, q := range []string{"notice=%3Cscript%3E", "notice=stale&notice=expired", "move=7&verb=look", "arrange=plan&hint=1"} {
		p := ts.get("/asnas?" + q)
		if p.status != http.StatusOK {
			t.Fatalf("GET /asnas?%s: %d", q, p.status)
		}
		auditAsnasPage(t, ts, id, p)
	}
	if after := storedMatches(t, ts, id); after != before {
		t.Errorf("a table query changed a match:\n%s\n→\n%s", before, after)
	}
}

// TestHostileSettingsReturnStaysOnSite: after a setting changes, the visitor goes back to the
// page named in the form's "return" field, which must be a page of this site. A browser
// removes tabs and newlines from a URL and reads a backslash as a slash, so "/\t/evil.example"
// or a path that cleans to "/\evil.example" would be a redirect to another host.
func TestHostileSettingsReturnStaysOnSite(t *testing.T) {
	ts := hostileSite(t)
	for _, ret := range []string{
		"//evil.example", "/\\evil.example", "https://evil.example/", "javascript:alert(1)",
		"/\t/evil.example", "/\n/evil.example", "/\r/evil.example", "/../\\evil.example",
		"/./\\evil.example", "/asnas/../../\\evil.example", "/\\/evil.example", "/%2F/evil.example",
		" //evil.example", "\t//evil.example", "/.//evil.example", "/..//evil.example",
	} {
		for _, route := range []struct {
			path string
			form url.Values
		}{
			{"/settings/language", url.Values{"lang": {"en"}}},
			{"/settings", url.Values{"contrast": {"50"}, "grain": {"50"}, "temperature": {"50"}}},
		} {
			route.form.Set("return", ret)
			// Straight to the router: Go's client refuses to follow some of these Locations.
			req := httptest.NewRequest(http.MethodPost, route.path, strings.NewReader(route.form.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			p := ts.serve(req)
			if p.status != http.StatusSeeOther {
				t.Fatalf("POST %s return=%q: %d", route.path, ret, p.status)
			}
			if loc := p.header.Get("Location"); !sameSiteLocation(loc) {
				t.Errorf("POST %s return=%q: Location %q leads a browser off the site", route.path, ret, loc)
			}
		}
	}
	// The same through a link: every page's language form returns to the page's own path, so a
	// link to "/%09/evil.example" puts that path in the 404 page's form.
	for _, target := range []string{"/%09/evil.example", "/..%2F%5Cevil.example", "/%5C%5Cevil.example", "/asnas/tables/%00"} {
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		req.URL, _ = url.ParseRequestURI(target)
		req.RequestURI = target
		p := ts.serve(req)
		wantErrorPage(t, p, http.StatusNotFound)
		// The page's forms carry no address the POST would refuse (a NUL went into the page
		// as it was): they lead home.
		ret := attr(p.doc.Find(`form[action="/settings/language"] input[name="return"]`), "value")
		if ret != "/" || strings.ContainsRune(p.body, 0) {
			t.Errorf("the 404 page of %s: its language form returns to %q, want /", target, ret)
		}
		post := httptest.NewRequest(http.MethodPost, "/settings/language", strings.NewReader(url.Values{"lang": {"en"}, "return": {ret}}.Encode()))
		post.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if loc := ts.serve(post).header.Get("Location"); !sameSiteLocation(loc) {
			t.Errorf("language changed on the page %s: Location %q leads a browser off the site", target, loc)
		}
	}
}

// TestHostileSettingsReturnIsAValidHeader: a "return" path with a control character in it (a
// link to "/%00" puts one in the page's own path, which its language form returns to) must
// not reach the Location header: net/http writes it as it is, and a NUL there makes Chromium
// refuse the whole response, while HTTP/2 drops the header and leaves a 303 leading nowhere.
func TestHostileSettingsReturnIsAValidHeader(t *testing.T) {
	ts := hostileSite(t)
	routes := []struct {
		path string
		form url.Values
	}{
		{"/settings/language", url.Values{"lang": {"en"}}},
		{"/settings", url.Values{"contrast": {"50"}, "grain": {"50"}, "temperature": {"50"}}},
		{"/settings/asnas-level", url.Values{"level": {"club"}}},
		{"/settings/guandan-level", url.Values{"level": {"club"}}},
	}
	for _, ret := range []string{"/\x00x", "/x\x01", "/\x0b/evil.example", "/\x0c/evil.example", "/a\x1fb", "/\x7f/evil.example"} {
		for _, route := range routes {
			route.form.Set("return", ret)
			req := httptest.NewRequest(http.MethodPost, route.path, strings.NewReader(route.form.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			p := ts.serve(req)
			if p.status != http.StatusSeeOther {
				t.Fatalf("POST %s return=%q: %d", route.path, ret, p.status)
			}
			loc := p.header.Get("Location")
			if loc == "" || strings.ContainsFunc(loc, func(r rune) bool { return r < 0x20 && r != '\t' || r == 0x7f }) {
				t.Errorf("POST %s return=%q: Location %q is not a valid header value", route.path, ret, loc)
			}
		}
	}
}

// sameSiteLocation tells whether a browser following a redirect to loc stays on this site. It
// reads loc the way the WHATWG URL parser does for an http(s) base: leading and trailing C0
// controls and spaces stripped, tabs and newlines removed anywhere, backslashes read as slashes.
// net/http turns a CR or LF in a header value into a space before it reaches the browser.
func sameSiteLocation(loc string) bool {
	loc = strings.NewReplacer("\r", " ", "\n", " ").Replace(loc)
	loc = strings.TrimFunc(loc, func(r rune) bool { return r <= ' ' })
	loc = strings.Map(func(r rune) rune {
		switch r {
		case '\t', '\n', '\r':
			return -1
		case '\\':
			return '/'
		}
		return r
	}, loc)
	return strings.HasPrefix(loc, "/") && !strings.HasPrefix(loc, "//")
}

// errorPageOK tells whether a status and body are an acceptable answer to any request: below
// 500, and an HTML error page for an error. It is shared with the fuzz target.
func errorPageOK(status int, header http.Header, body []byte, head bool) error {
	if status >= 500 {
		return fmt.Errorf("server error %d", status)
	}
	if status < 400 {
		return nil
	}
	if !strings.HasPrefix(header.Get("Content-Type"), "text/html") {
		return fmt.Errorf("status %d as %q, not an HTML page", status, header.Get("Content-Type"))
	}
	if !head && !bytes.Contains(body, []byte(`data-status="`+strconv.Itoa(status)+`"`)) {
		return fmt.Errorf("status %d without its error page", status)
	}
	return nil
}

// The hidden-card audit. Every page is checked against the engine state in the store: which
// card faces the visitor may see, copy by copy, and which they may not, in the markup and in
// the raw bytes (attributes, hidden inputs, links, comments, anything).

// bigSeeds gives the test site match seeds of full 64-bit size, so that a seed leaking into a
// page (from which every hidden hand could be dealt again) can be searched for.
func bigSeeds(seed uint64) testOption {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	return func(c *Config) { c.Seed = func() uint64 { return rng.Uint64() | 1<<62 } }
}

// leaksState reports engine internals in a page: a seed or generator state, a session id, or
// a serialized hand.
func leaksState(body, id string, numbers ...uint64) []string {
	var out []string
	for _, n := range numbers {
		if n < 1e6 {
			continue
		}
		for _, s := range []string{strconv.FormatUint(n, 10), strconv.FormatUint(n, 16), strconv.FormatInt(int64(n), 10)} {
			if strings.Contains(body, s) {
				out = append(out, "seed "+s)
			}
		}
	}
	for _, s := range []string{id, `"hands"`, `"Hands"`, `"RNG"`, `"seed"`, "&#34;hands&#34;", "&#34;Hands&#34;"} {
		if strings.Contains(body, s) {
			out = append(out, s)
		}
	}
	return out
}

var asnasFaceImage = regexp.MustCompile(`cards/asnas/(as|shah|bibi|sarbaz|couli)\.`)

// auditAsnasPage checks an As-Nas page against the stored deal: the human's own hand only
// after Look, another seat's hand only at a showdown it reached without folding (RULES.md: a
// folded hand and an uncontested winner's hand are never shown), each shown hand exactly the
// seat's cards, and no other card face anywhere in the bytes.
func auditAsnasPage(t testing.TB, ts *testSite, id string, p page) {
	t.Helper()
	m, err := asnasShown(ts, id)
	if err != nil {
		t.Fatalf("no As-Nas match: %v", err)
	}
	auditAsnasMatch(t, m, id, p)
}

// auditAsnasMatch checks an As-Nas page against the match it shows (see auditAsnasPage).
func auditAsnasMatch(t testing.TB, m asnas.Match, id string, p page) {
	t.Helper()
	auditAsnasSeat(t, m, soloSeat, id, p)
}

// auditAsnasSeat is auditAsnasMatch for the player at seat (a shared table's).
func auditAsnasSeat(t testing.TB, m asnas.Match, seat int, id string, p page) {
	t.Helper()
	d := m.Deal
	want := map[string]int{}
	shownHands := 0
	if p.doc.Find(`[data-game="asnas"]`).Length() == 1 {
		for s := range asnas.NumSeats {
			// The visitor's own hand once looked at or once the deal is over; the others' only
			// at a showdown, and never folded ones.
			allowed := (s == seat && (d.Looked[s] || d.Over())) || (d.Over() && d.Showdown && !d.Folded[s])
			hand := p.doc.Find(`[data-hand="` + strconv.Itoa(s) + `"]`)
			if hand.Length() != 1 {
				t.Fatalf("deal %d: %d hand areas for seat %d", m.DealNo, hand.Length(), s)
			}
			var faces []string
			hand.Find("[data-card]").Each(func(_ int, c *goquery.Selection) { faces = append(faces, attr(c, "data-card")) })
			if !allowed {
				if len(faces) > 0 {
					t.Errorf("deal %d: seat %d's cards %v shown (looked %v, folded %v, over %v, showdown %v)",
						m.DealNo, s, faces, d.Looked[s], d.Folded[s], d.Over(), d.Showdown)
				}
				continue
			}
			shownHands++
			var held []string
			for _, r := range d.Hands[s] {
				held = append(held, r.String())
				want[r.String()]++
			}
			slices.Sort(faces)
			slices.Sort(held)
			if !slices.Equal(faces, held) {
				t.Errorf("deal %d: seat %d shown as %v, holds %v", m.DealNo, s, faces, held)
			}
		}
	}
	// The raw bytes: every card picture and every data-card is one of the allowed faces.
	got := map[string]int{}
	for _, m := range asnasFaceImage.FindAllStringSubmatch(p.body, -1) {
		got[m[1]]++
	}
	if !maps.Equal(got, want) {
		t.Errorf("deal %d: card pictures in the page %v, allowed %v", m.DealNo, got, want)
	}
	total := 0
	for _, n := range want {
		total += n
	}
	if n := strings.Count(p.body, "data-card="); n != total {
		t.Errorf("deal %d: %d data-card in the bytes, %d allowed", m.DealNo, n, total)
	}
	if n := strings.Count(p.body, `class="category"`); n != shownHands {
		t.Errorf("deal %d: %d hand categories named, %d hands shown", m.DealNo, n, shownHands)
	}
	if leaks := leaksState(p.body, id, m.Seed, d.Seed); len(leaks) > 0 {
		t.Errorf("deal %d: the page holds %v", m.DealNo, leaks)
	}
}

// faceCount counts cards by face: the two copies of a card look the same on a page.
func faceCount(cards ...gd.Card) map[string]int {
	out := map[string]int{}
	for _, c := range cards {
		out[c.String()]++
	}
	return out
}

var (
	guandanCardInURL   = regexp.MustCompile(`[?&;]card=(-?[0-9]+)`)
	guandanCardIDAttr  = regexp.MustCompile(`data-id="(-?[0-9]+)"`)
	guandanCardValue   = regexp.MustCompile(`name="card"[^>]*value="([^"]*)"`)
	guandanCardNotHand = regexp.MustCompile(`value="([0-9]+)"[^>]*name="card"`)
)

// auditGuandanPage checks a Guandan page against the stored match: the human's hand exactly,
// card by card; on the felt only played cards and this deal's tribute and returns (which the
// rules make public), never more copies of a face than are public; other seats only as
// counts; and no card index of another seat anywhere in the bytes.
func auditGuandanPage(t testing.TB, ts *testSite, id string, p page) {
	t.Helper()
	m, err := guandanShown(ts, id)
	if err != nil {
		t.Fatalf("no Guandan match: %v", err)
	}
	auditGuandanMatch(t, m, id, p)
}

// auditGuandanMatch checks a Guandan page against the match it shows (see auditGuandanPage).
func auditGuandanMatch(t testing.TB, m gd.Match, id string, p page) {
	t.Helper()
	auditGuandanSeat(t, m, soloSeat, id, p)
}

// auditGuandanSeat is auditGuandanMatch for the player at seat (a shared table's).
func auditGuandanSeat(t testing.TB, m gd.Match, seat int, id string, p page) {
	t.Helper()
	own := m.Hands[seat]
	var tribute []gd.Card
	for _, e := range m.TributeLog {
		if e.Kind == gd.EvTribute || e.Kind == gd.EvReturn {
			tribute = append(tribute, e.Card)
		}
	}
	played := faceCount(m.Played.Cards()...)
	tributeFaces := faceCount(tribute...)
	allowed := faceCount(own.Cards()...)
	for f, n := range played {
		allowed[f] += n
	}
	for f, n := range tributeFaces {
		allowed[f] += n
	}
	deal := m.DealNo
	shown, inHand, onFelt, inTribute := map[string]int{}, map[string]int{}, map[string]int{}, map[string]int{}
	// The record of the deal's plays (every trick so far, the replay of the AI's turns) repeats
	// cards of the felt: each is checked alone against the cards played. Once the deal is over
	// the hands still held are laid down, each against its own seat's cards.
	records := map[string]map[string]int{"tricks": {}, "replay": {}}
	var showdown [4]map[string]int
	over := m.Phase() == gd.PhaseDealOver || m.Phase() == gd.PhaseMatchOver
	cards := p.doc.Find("[data-card]")
	cards.Each(func(_ int, c *goquery.Selection) {
		face := attr(c, "data-card")
		if area := c.Closest(`[data-public="tricks"], [data-public="replay"]`); area.Length() == 1 {
			records[attr(area, "data-public")][face]++
			return
		}
		if area := c.Closest(`[data-public="showdown"]`); area.Length() == 1 {
			other, err := strconv.Atoi(attr(area, "data-remaining"))
			if !over || err != nil || other == seat || other < 0 || other > 3 {
				t.Errorf("deal %d: %s laid down for seat %q before the deal is over", deal, face, attr(area, "data-remaining"))
				return
			}
			if showdown[other] == nil {
				showdown[other] = map[string]int{}
			}
			showdown[other][face]++
			return
		}
		shown[face]++
		if v, ok := c.Attr("data-id"); ok {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n >= gd.NumCards || !own.Has(gd.Card(n)) || gd.Card(n).String() != face {
				t.Errorf("deal %d: card index %q (%s) is not one of yours", deal, v, face)
			}
		}
		switch {
		case c.Closest("[data-hand]").Length() == 1:
			if h := attr(c.Closest("[data-hand]"), "data-hand"); h != strconv.Itoa(seat) {
				t.Errorf("deal %d: %s shown in seat %s's hand", deal, face, h)
			}
			inHand[face]++
		case c.Closest("[data-trick]").Length() == 1:
			onFelt[face]++
		case c.Closest(`[data-public="tribute"]`).Length() == 1:
			inTribute[face]++
		default:
			t.Errorf("deal %d: %s outside the hand, the trick and the tribute", deal, face)
		}
	})
	if p.doc.Find(`[data-game="guandan"]`).Length() == 1 && !maps.Equal(inHand, faceCount(own.Cards()...)) {
		t.Errorf("deal %d: your hand area shows %v, you hold %v", deal, inHand, faceCount(own.Cards()...))
	}
	for f, n := range onFelt {
		if n > played[f] {
			t.Errorf("deal %d: %d× %s on the felt, %d played", deal, n, f, played[f])
		}
	}
	for name, faces := range records {
		for f, n := range faces {
			if n > played[f] {
				t.Errorf("deal %d: %d× %s in the %s, %d played", deal, n, f, name, played[f])
			}
		}
	}
	for other, faces := range showdown {
		if faces != nil && !maps.Equal(faces, faceCount(m.Hands[other].Cards()...)) {
			t.Errorf("deal %d: seat %d laid down %v, held %v", deal, other, faces, faceCount(m.Hands[other].Cards()...))
		}
	}
	for f, n := range inTribute {
		if n > tributeFaces[f] {
			t.Errorf("deal %d: %d× %s in the tribute, %d paid or returned", deal, n, f, tributeFaces[f])
		}
	}
	for f, n := range shown {
		if n > allowed[f] {
			t.Errorf("deal %d: %d× %s on the page, only %d yours or public: a hidden copy is shown", deal, n, f, allowed[f])
		}
	}
	for s := range 4 {
		if s == seat {
			continue
		}
		area := p.doc.Find(`[data-hand="` + strconv.Itoa(s) + `"]`)
		if area.Find("[data-card], svg.gface, img").Length() > 0 {
			t.Errorf("deal %d: a card face in seat %d's area", deal, s)
		}
		if area.Length() == 1 && attr(area, "data-count") != strconv.Itoa(m.Hands[s].Len()) {
			t.Errorf("deal %d: seat %d shown with %s cards, holds %d", deal, s, attr(area, "data-count"), m.Hands[s].Len())
		}
	}
	// The raw bytes: no card face outside a data-card, no index that is not yours in a link, an
	// input or an attribute.
	if n := strings.Count(p.body, `data-card="`); n != cards.Length() {
		t.Errorf("deal %d: %d data-card in the bytes, %d in the markup", deal, n, cards.Length())
	}
	// A card is drawn as a face, or in the trick list as a chip of index and suit.
	faces, chips := strings.Count(p.body, `class="gface`), strings.Count(p.body, `class="gchip `)
	if faces+chips != cards.Length() {
		t.Errorf("deal %d: %d card faces and %d chips drawn, %d data-card", deal, faces, chips, cards.Length())
	}
	if n := p.doc.Find(`[data-public="tricks"] .gchip`).Length(); n != chips {
		t.Errorf("deal %d: %d chips drawn, %d of them in the trick list", deal, chips, n)
	}
	for _, re := range []*regexp.Regexp{guandanCardInURL, guandanCardIDAttr, guandanCardValue, guandanCardNotHand} {
		for _, match := range re.FindAllStringSubmatch(p.body, -1) {
			n, err := strconv.Atoi(match[1])
			if err != nil || n < 0 || n >= gd.NumCards || !own.Has(gd.Card(n)) {
				t.Errorf("deal %d: card index %q in the bytes (%q) is not one of yours", deal, match[1], match[0])
			}
		}
	}
	if leaks := leaksState(p.body, id, m.RNG); len(leaks) > 0 {
		t.Errorf("deal %d: the page holds %v", deal, leaks)
	}
}

// location posts a form and returns where the 303 leads.
func (ts *testSite) location(path string, form url.Values) string {
	ts.t.Helper()
	r := ts.post(path, form)
	if r.status != http.StatusSeeOther {
		ts.t.Fatalf("POST %s %v: %d\n%.800s", path, form, r.status, r.body)
	}
	return r.header.Get("Location")
}

// TestHiddenCardsAsnasRandomPlay plays six whole matches with random legal moves read from
// the page's buttons, and audits every page, including the showdowns, the folds and the
// uncontested deals. A stale copy of every fifth form is posted again and must change nothing.
func TestHiddenCardsAsnasRandomPlay(t *testing.T) {
	rng := rand.New(rand.NewPCG(2026, 11))
	ts := newSite(t, bigSeeds(2026))
	p := ts.table()
	id := ts.visitorID()
	auditAsnasPage(t, ts, id, p)
	var showdowns, foldedShowdowns, uncontested, matches, looked, unlookedShown int
	for step := 0; matches < 6; step++ {
		if step > 6000 {
			t.Fatal("six matches did not end in 6000 posts")
		}
		form := url.Values{"move": {moveOf(p)}}
		var path string
		switch vs := verbs(p); {
		case len(vs) > 0:
			v := vs[rng.IntN(len(vs))]
			if slices.Contains(vs, "look") && rng.IntN(3) > 0 {
				v = "look"
			}
			if v == "look" {
				looked++
			}
			path = "/asnas/move"
			form.Set("verb", v)
		case p.doc.Find(`[data-action="next"]`).Length() == 1, p.doc.Find(`[data-action="new"]`).Length() == 1:
			rec, _ := shown(ts, asnasGame, id)
			d := rec.Match().Deal
			if d.Showdown && !d.Folded[soloSeat] && !d.Looked[soloSeat] {
				unlookedShown++
			}
			switch {
			case d.Showdown && slices.Contains(d.Folded[:], true):
				showdowns++
				foldedShowdowns++
			case d.Showdown:
				showdowns++
			default:
				uncontested++
			}
			path = "/asnas/next"
			if p.doc.Find(`[data-action="new"]`).Length() == 1 {
				path = "/asnas/restart"
				matches++
			}
		default:
			t.Fatalf("no action on the table:\n%s", p.body)
		}
		loc := ts.location(path, form)
		if strings.Contains(loc, "notice=") {
			t.Fatalf("a legal %s %v was refused: %s", path, form, loc)
		}
		if step%5 == 0 {
			before := storedMatches(t, ts, id)
			if again := ts.location(path, form); again != "/asnas?notice=stale" {
				t.Errorf("a stale %s: %s", path, again)
			}
			if after := storedMatches(t, ts, id); after != before {
				t.Errorf("a stale %s changed the match", path)
			}
		}
		p = ts.get(loc)
		auditAsnasPage(t, ts, id, p)
		if step%17 == 0 {
			auditAsnasPage(t, ts, id, ts.get("/asnas/restart"))
		}
	}
	t.Logf("%d showdowns (%d with a folded hand, %d with your unseen hand revealed), %d uncontested deals, %d looks",
		showdowns, foldedShowdowns, unlookedShown, uncontested, looked)
	if showdowns == 0 || foldedShowdowns == 0 || uncontested == 0 {
		t.Errorf("the audit missed a kind of deal end: %d showdowns, %d with a fold, %d uncontested", showdowns, foldedShowdowns, uncontested)
	}
}

// TestHiddenCardsGuandanRandomPlay plays whole Guandan deals through the forms: random
// selections (mostly refused, which must change nothing), passes, the hint's plays, returns and
// Next deal, auditing every page against the stored match, with the arrangements and hints.
func TestHiddenCardsGuandanRandomPlay(t *testing.T) {
	rng := rand.New(rand.NewPCG(108, 54))
	ts := newSite(t, bigSeeds(108))
	p := ts.get("/guandan")
	id := ts.visitorID()
	deals, refused, returns, stale := 0, 0, 0, 0
	for step := 0; deals < 4; step++ {
		if step > 2000 {
			t.Fatal("four deals did not end in 2000 steps")
		}
		if step%7 == 3 {
			// A form of a position already left behind (a second tab) must change nothing.
			m := attr(p.doc.Find(`[data-game="guandan"]`), "data-move")
			if old, _ := strconv.Atoi(m); old > 1 {
				before := storedMatches(t, ts, id)
				// A card of the hand when the page offers one, else the first card of the deck
				// (at a deal's end, say): a form without a card is garbled, and refused as such
				// before its move number is looked at.
				card := attr(p.doc.Find(`input[name="card"]`).First(), "value")
				if card == "" {
					card = "0"
				}
				form := url.Values{"move": {strconv.Itoa(old - 1)}, "card": {card}}
				for _, path := range []string{"/guandan/play", "/guandan/pass", "/guandan/return", "/guandan/next", "/guandan/restart"} {
					if loc := ts.location(path, form); !strings.Contains(loc, "notice=stale") {
						t.Errorf("a stale %s: %s", path, loc)
					}
				}
				if after := storedMatches(t, ts, id); after != before {
					t.Error("a stale form changed the match")
				}
				stale++
			}
		}
		auditGuandanPage(t, ts, id, p)
		form := url.Values{"move": {attr(p.doc.Find(`[data-game="guandan"]`), "data-move")}}
		playForm := p.doc.Find(`form[action="/guandan/play"]`)
		switch {
		case playForm.Length() == 1:
			var boxes []string
			playForm.Find(`input[name="card"]`).Each(func(_ int, s *goquery.Selection) { boxes = append(boxes, attr(s, "value")) })
			roll := rng.IntN(10)
			if roll < 2 && p.doc.Find(`[data-action="pass"]`).Length() == 1 {
				p = ts.get(ts.location("/guandan/pass", form))
				continue
			}
			if roll < 6 && len(boxes) > 0 {
				k := []int{1, 1, 2, 3, 4, 5}[rng.IntN(6)]
				rng.Shuffle(len(boxes), func(i, j int) { boxes[i], boxes[j] = boxes[j], boxes[i] })
				form["card"] = boxes[:min(k, len(boxes))]
				before := storedMatches(t, ts, id)
				loc := ts.location("/guandan/play", form)
				if strings.Contains(loc, "notice=") {
					refused++
					if after := storedMatches(t, ts, id); after != before {
						t.Errorf("a refused play (%s) changed the match", loc)
					}
					auditGuandanPage(t, ts, id, ts.get(loc))
				} else {
					p = ts.get(loc)
					continue
				}
			}
			arrange := []string{"rank", "suit", "plan"}[rng.IntN(3)]
			h := ts.get("/guandan?hint=1&arrange=" + arrange)
			auditGuandanPage(t, ts, id, h)
			form = url.Values{"move": form["move"], "arrange": {arrange}}
			var cards []string
			h.doc.Find(`form[action="/guandan/play"] input[name="card"][checked]`).Each(func(_ int, s *goquery.Selection) {
				cards = append(cards, attr(s, "value"))
			})
			if attr(h.doc.Find("[data-hint]"), "data-hint") != "true" || len(cards) == 0 {
				p = ts.get(ts.location("/guandan/pass", form))
				continue
			}
			form["card"] = cards
			if r := playFormReading(h); r != "" {
				form.Set("reading", r)
			}
			loc := ts.location("/guandan/play", form)
			if strings.Contains(loc, "notice=") {
				t.Fatalf("the hint's play was refused: %s", loc)
			}
			p = ts.get(loc)
		case p.doc.Find(`form[action="/guandan/return"]`).Length() == 1:
			var ok []string
			p.doc.Find(`form[action="/guandan/return"] input[name="card"]:not([disabled])`).Each(func(_ int, s *goquery.Selection) { ok = append(ok, attr(s, "value")) })
			if len(ok) == 0 {
				t.Fatal("a return with no card to return")
			}
			form.Set("card", ok[rng.IntN(len(ok))])
			returns++
			p = ts.get(ts.location("/guandan/return", form))
		case p.doc.Find(`[data-action="next"]`).Length() == 1:
			deals++
			p = ts.get(ts.location("/guandan/next", form))
		case p.doc.Find(`[data-action="new"]`).Length() == 1:
			deals++
			p = ts.get(ts.location("/guandan/restart", form))
		default:
			t.Fatalf("nothing to do on the table:\n%s", p.body)
		}
	}
	t.Logf("%d deals, %d refused selections, %d returns, %d stale forms", deals, refused, returns, stale)
	if refused == 0 {
		t.Error("no random selection was refused: the refusal path went unaudited")
	}
}

// auditCatcher stands in for a test to see what an audit reports.
type auditCatcher struct {
	testing.TB
	reports []string
}

func (c *auditCatcher) Errorf(format string, args ...any) {
	c.reports = append(c.reports, fmt.Sprintf(format, args...))
}

func (c *auditCatcher) Fatalf(format string, args ...any) {
	c.Errorf(format, args...)
	runtime.Goexit()
}

// audited runs an audit on a page built from p's body with edit applied, and returns what it
// reported.
func audited(t *testing.T, p page, edit func(string) string, audit func(testing.TB, page)) []string {
	t.Helper()
	q := page{status: p.status, header: p.header, body: edit(p.body)}
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(q.body))
	if err != nil {
		t.Fatal(err)
	}
	q.doc = doc
	c := &auditCatcher{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		audit(c, q)
	}()
	<-done
	return c.reports
}

// TestAuditsCatchLeaks shows that the audits above can fail: a page doctored to show a card it
// must not, in the markup or only in its bytes, is reported; the page as served is not.
func TestAuditsCatchLeaks(t *testing.T) {
	ts := newSite(t, bigSeeds(5))
	g := ts.get("/guandan")
	id := ts.visitorID()
	rec, _ := shown(ts, guandanGame, id)
	m := rec.Match()
	hidden := m.Hands[1].Minus(m.Played).Cards()[0]
	var twin gd.Card // a card of another seat whose other copy is yours
	hasTwin := false
	for _, c := range m.Hands[soloSeat].Cards() {
		other := gd.Card((int(c) + 54) % gd.NumCards)
		if m.Hands[1].Has(other) || m.Hands[2].Has(other) || m.Hands[3].Has(other) {
			twin, hasTwin = other, true
			break
		}
	}
	face := func(c gd.Card) string {
		return `<span class="gcard" data-card="` + c.String() + `"><svg class="gface black"></svg></span>`
	}
	gaudit := func(tb testing.TB, p page) { auditGuandanPage(tb, ts, id, p) }
	if r := audited(t, g, func(s string) string { return s }, gaudit); len(r) > 0 {
		t.Fatalf("the served Guandan page is reported: %v", r)
	}
	leaks := map[string]func(string) string{
		"another seat's card on the felt": func(s string) string {
			return strings.Replace(s, `data-seat="1" data-at="east">`, `data-seat="1" data-at="east"><div data-trick="1">`+face(hidden)+`</div>`, 1)
		},
		"a card in another seat's hand": func(s string) string {
			return strings.Replace(s, `data-hand="3"`, `data-hand="3"><span data-card="`+hidden.String()+`"></span`, 1)
		},
		"another seat's index in a hidden input": func(s string) string {
			return strings.Replace(s, `</form>`, `<input type="hidden" name="card" value="`+strconv.Itoa(int(hidden))+`"></form>`, 1)
		},
		"another seat's index in a link": func(s string) string {
			return strings.Replace(s, `href="/guandan/rules"`, `href="/guandan?card=`+strconv.Itoa(int(hidden))+`"`, 1)
		},
		"another seat's card as a chip outside the trick list": func(s string) string {
			return strings.Replace(s, `</main>`, `<span class="gchip black" data-card="`+hidden.String()+`">`+hidden.String()+`</span></main>`, 1)
		},
		"a card in a comment": func(s string) string {
			return strings.Replace(s, `</body>`, `<!-- `+face(hidden)+` --></body>`, 1)
		},
		"the generator state": func(s string) string {
			return strings.Replace(s, `</body>`, `<!-- `+strconv.FormatUint(m.RNG, 10)+` --></body>`, 1)
		},
	}
	if hasTwin {
		leaks["the other copy of one of your cards"] = func(s string) string {
			return strings.Replace(s, `data-seat="2" data-at="north">`, `data-seat="2" data-at="north"><div data-trick="2">`+face(twin)+`</div>`, 1)
		}
	}
	for name, edit := range leaks {
		if r := audited(t, g, edit, gaudit); len(r) == 0 {
			t.Errorf("Guandan audit missed %s", name)
		}
	}

	a := ts.table()
	aaudit := func(tb testing.TB, p page) { auditAsnasPage(tb, ts, id, p) }
	if r := audited(t, a, func(s string) string { return s }, aaudit); len(r) > 0 {
		t.Fatalf("the served As-Nas page is reported: %v", r)
	}
	arec, _ := shown(ts, asnasGame, id)
	r1 := arec.Match().Deal.Hands[1][0].String()
	for name, edit := range map[string]func(string) string{
		"East's card in East's hand": func(s string) string {
			return strings.Replace(s, `data-hand="1"`, `data-hand="1"><li class="card" data-card="`+r1+`"></li`, 1)
		},
		"a card picture in a comment": func(s string) string {
			return strings.Replace(s, `</body>`, `<!-- /static/cards/asnas/`+r1+`.0000.svg --></body>`, 1)
		},
		"a hand's category": func(s string) string {
			return strings.Replace(s, `</body>`, `<p class="category">pair</p></body>`, 1)
		},
		"the seed": func(s string) string {
			return strings.Replace(s, `</body>`, `<i data-x="`+strconv.FormatUint(arec.Match().Seed, 16)+`"></i></body>`, 1)
		},
	} {
		if r := audited(t, a, edit, aaudit); len(r) == 0 {
			t.Errorf("As-Nas audit missed %s", name)
		}
	}
}

// TestHostileRacingPostsApplyOnce: the same move sent eight times at once (an impatient
// double click, several tabs) is applied exactly once; the others are stale and change nothing.
func TestHostileRacingPostsApplyOnce(t *testing.T) {
	// The racing restarts draw seeds at once: the test site's plain counter would race.
	var seed atomic.Uint64
	ts := newSite(t, func(c *Config) { c.Seed = func() uint64 { return seed.Add(1) } })
	ts.storeBoth()
	id := ts.visitorID()
	for _, game := range []string{"asnas", "guandan"} {
		p := ts.get("/" + game)
		move := attr(p.doc.Find(`[data-game="`+game+`"]`), "data-move")
		path, form := "/asnas/restart", url.Values{"move": {move}}
		if game == "guandan" {
			path = "/guandan/restart"
		}
		ctx := context.Background()
		keys := asnasGame.keysOf(ctx, ts.server, id)
		if game == "guandan" {
			keys = guandanGame.keysOf(ctx, ts.server, id)
		}
		_, oldVersion, _ := ts.store.Load(ctx, keys[len(keys)-1])
		u, _ := url.Parse(ts.srv.URL)
		cookies := ts.client.Jar.Cookies(u)
		locs := make(chan string, 8)
		start := make(chan struct{})
		for range 8 {
			go func() {
				<-start
				req, _ := http.NewRequest(http.MethodPost, ts.srv.URL+path, strings.NewReader(form.Encode()))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				for _, c := range cookies {
					req.AddCookie(c)
				}
				resp, err := ts.client.Do(req)
				if err != nil {
					locs <- "error: " + err.Error()
					return
				}
				resp.Body.Close()
				locs <- strconv.Itoa(resp.StatusCode) + " " + resp.Header.Get("Location")
			}()
		}
		close(start)
		applied := 0
		for range 8 {
			switch loc := <-locs; {
			case loc == "303 /"+game:
				applied++
			case strings.HasPrefix(loc, "303 /"+game+"?") && strings.Contains(loc, "notice=stale"):
			default:
				t.Errorf("%s: a racing post answered %q", game, loc)
			}
		}
		// The replaced match was left as it was, and marked replaced once, by the one restart
		// that won.
		_, version, _ := ts.store.Load(ctx, keys[len(keys)-1])
		_, marks, _ := ts.store.Load(ctx, "replaced:"+strings.TrimPrefix(keys[len(keys)-1], "match:"))
		now := asnasGame.keysOf(ctx, ts.server, id)
		if game == "guandan" {
			now = guandanGame.keysOf(ctx, ts.server, id)
		}
		if applied != 1 || version != oldVersion || marks != 1 || now[len(now)-1] == keys[len(keys)-1] {
			t.Errorf("%s: %d of 8 racing posts applied, the old match's version %d → %d, marked replaced %d times", game, applied, oldVersion, version, marks)
		}
	}
}

// TestHostileEveryPageForEveryVisitor: every GET and POST route answers every kind of visitor
// without a server error: one who has never come, one who has only played As-Nas, only Guandan, only
// changed a setting, only opened a lesson, and a shared table's host. GET /guandan/selection
// read the Guandan game of a visitor who had only played As-Nas, who had none, and answered
// 500. Each route is asked with its parameters filled in both sensibly and not: both games and
// one that does not exist, a shared table that exists and one that does not.
func TestHostileEveryPageForEveryVisitor(t *testing.T) {
	ts := newSite(t)
	host := ts.as("Li")
	table := host.openTable("guandan", "club", 0)
	tableID := table[strings.LastIndex(table, "/")+1:]
	fill := map[string][]string{
		"{game}":  {"asnas", "guandan", "chess"},
		"{table}": {tableID, "ZZZZ-ZZZZ"},
		"{match}": {"x", "0"},
		"{deal}":  {"1", "-1"},
	}
	var paths, posts []string
	err := chi.Walk(ts.server.router, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		if method != http.MethodGet && method != http.MethodPost || strings.HasPrefix(route, "/static") || strings.HasSuffix(route, "/events") {
			return nil // a live stream stays open; TestBrowserLiveStream* read them
		}
		routes := []string{route}
		for param, values := range fill {
			var next []string
			for _, r := range routes {
				if !strings.Contains(r, param) {
					next = append(next, r)
					continue
				}
				for _, v := range values {
					next = append(next, strings.ReplaceAll(r, param, v))
				}
			}
			routes = next
		}
		if method == http.MethodPost {
			posts = append(posts, routes...)
		} else {
			paths = append(paths, routes...)
		}
		return nil
	})
	if err != nil || len(paths) < 20 || len(posts) < 20 {
		t.Fatalf("walking the routes: %v, %d GET and %d POST paths", err, len(paths), len(posts))
	}
	visitors := map[string]func(v *player){
		"new":     func(*player) {},
		"As-Nas":  func(v *player) { v.get("/asnas") },
		"Guandan": func(v *player) { v.get("/guandan") },
		"settings": func(v *player) {
			v.post("/settings", url.Values{"contrast": {"80"}, "grain": {"50"}, "temperature": {"50"}})
		},
		"lesson": func(v *player) { v.get("/guandan/learn") },
	}
	for _, path := range paths {
		if strings.HasSuffix(path, "/wait") && strings.Contains(path, tableID) {
			continue // waits for the next move, which nobody makes here
		}
		// A visitor of each kind for each path: a page may deal the visitor a match, after
		// which they are another kind of visitor.
		for name, make := range visitors {
			v := ts.as(name)
			make(v)
			if p := v.get(path + "?card=1"); p.status >= 500 {
				t.Errorf("a visitor %s, GET %s: %d", name, path, p.status)
			}
		}
		if p := host.get(path + "?card=1"); p.status >= 500 {
			t.Errorf("the table's host, GET %s: %d", path, p.status)
		}
	}
	// And every form, empty or of nonsense, from the same visitors (the host's last, as it may
	// leave the table or start it).
	for _, form := range []url.Values{{}, {"move": {"x"}, "card": {"999"}, "seat": {"-1"}, "step": {"9"}, "reload": {"2"}, "name": {"\x00"}}} {
		for _, path := range posts {
			for name, make := range visitors {
				v := ts.as(name)
				make(v)
				if p := v.post(path, form); p.status >= 500 {
					t.Errorf("a visitor %s, POST %s %v: %d", name, path, form, p.status)
				}
			}
		}
	}
	for _, path := range posts {
		if p := host.post(path, url.Values{}); p.status >= 500 {
			t.Errorf("the table's host, POST %s: %d", path, p.status)
		}
	}
}
