package web

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/andybalholm/brotli"
	"github.com/andybalholm/cascadia"
	"github.com/klauspost/compress/gzip"
)

// wireBudget is the most a table page with everything it loads may cost a first visit. It was
// 25 KiB until the short phones' rules (2026-12-07: /guandan 25,673 bytes).
const wireBudget = 26 << 10

// cssURL finds the files a stylesheet loads.
var cssURL = regexp.MustCompile(`url\(\s*['"]?(/[^'")\s]+)`)

// rawGet fetches path as a browser would ask for it (brotli and gzip accepted), without the
// transport's own decompression, so the body is what crossed the wire.
func rawGet(t *testing.T, ts *testSite, path string, header ...string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, ts.srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept-Encoding", "gzip, deflate, br, zstd")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	client := &http.Client{Jar: ts.client.Jar, Transport: &http.Transport{DisableCompression: true},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

func decode(t *testing.T, resp *http.Response, body []byte) []byte {
	t.Helper()
	var r io.Reader
	switch resp.Header.Get("Content-Encoding") {
	case "br":
		r = brotli.NewReader(bytes.NewReader(body))
	case "gzip":
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	default:
		return body
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("%s body does not decode: %v", resp.Header.Get("Content-Encoding"), err)
	}
	return out
}

// TestTablePageWireBytes: each table page plus its stylesheets, scripts, icons and images
// stays within wireBudget, compressed as a browser asks for it.
func TestTablePageWireBytes(t *testing.T) {
	for _, game := range []string{"asnas", "guandan"} {
		t.Run(game, func(t *testing.T) {
			ts := newSite(t)
			resp := rawGet(t, ts, "/"+game)
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if ce := resp.Header.Get("Content-Encoding"); resp.StatusCode != 200 || (ce != "br" && ce != "gzip") {
				t.Fatalf("GET /%s: %d, coding %q", game, resp.StatusCode, resp.Header.Get("Content-Encoding"))
			}
			total := len(body)
			doc, err := goquery.NewDocumentFromReader(bytes.NewReader(decode(t, resp, body)))
			if err != nil {
				t.Fatal(err)
			}
			var queue []string
			doc.Find("link[href], script[src], img[src], use[href], image[href]").Each(func(_ int, s *goquery.Selection) {
				for _, a := range []string{"href", "src"} {
					if v, ok := s.Attr(a); ok && strings.HasPrefix(v, "/") {
						queue = append(queue, strings.SplitN(v, "#", 2)[0])
					}
				}
			})
			seen := map[string]bool{}
			for len(queue) > 0 {
				u := queue[0]
				queue = queue[1:]
				if seen[u] {
					continue
				}
				seen[u] = true
				r := rawGet(t, ts, u)
				b, _ := io.ReadAll(r.Body)
				r.Body.Close()
				if r.StatusCode != 200 {
					t.Errorf("%s: status %d", u, r.StatusCode)
				}
				total += len(b)
				if strings.HasPrefix(r.Header.Get("Content-Type"), "text/css") {
					for _, m := range cssURL.FindAllStringSubmatch(string(decode(t, r, b)), -1) {
						queue = append(queue, strings.SplitN(m[1], "#", 2)[0])
					}
				}
			}
			t.Logf("/%s: %d bytes on the wire with %d files", game, total, len(seen))
			if total > wireBudget {
				t.Errorf("/%s with everything it loads: %d bytes, budget %d", game, total, wireBudget)
			}
		})
	}
}

// Static files: the coding the client takes, the same content after decoding, an ETag, and
// 304 on a repeat visit.
func TestStaticCodingsAndConditionalRequests(t *testing.T) {
	ts := newSite(t)
	url := ts.server.assets.URL("app.css")
	plain := ts.get(url, "Accept-Encoding", "identity")
	for _, coding := range []string{"br", "gzip"} {
		resp := rawGet(t, ts, url, "Accept-Encoding", coding)
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.Header.Get("Content-Encoding") != coding || len(b) >= len(plain.body) {
			t.Errorf("%s: coding %q, %d bytes of %d", coding, resp.Header.Get("Content-Encoding"), len(b), len(plain.body))
		}
		if string(decode(t, resp, b)) != plain.body {
			t.Errorf("%s: decodes to other content", coding)
		}
		// The length goes out with the file: not chunked, and a HEAD tells it too.
		if resp.ContentLength != int64(len(b)) || len(resp.TransferEncoding) != 0 {
			t.Errorf("%s: Content-Length %d, Transfer-Encoding %q for %d bytes", coding, resp.ContentLength, resp.TransferEncoding, len(b))
		}
		head, err := http.NewRequest(http.MethodHead, ts.srv.URL+url, nil)
		if err != nil {
			t.Fatal(err)
		}
		head.Header.Set("Accept-Encoding", coding)
		hr, err := (&http.Transport{DisableCompression: true}).RoundTrip(head)
		if err != nil {
			t.Fatal(err)
		}
		hr.Body.Close()
		if hr.Header.Get("Content-Length") != strconv.Itoa(len(b)) {
			t.Errorf("%s: HEAD says Content-Length %q, want %d", coding, hr.Header.Get("Content-Length"), len(b))
		}
		partial := rawGet(t, ts, url, "Accept-Encoding", coding, "Range", "bytes=0-9")
		pb, _ := io.ReadAll(partial.Body)
		partial.Body.Close()
		if partial.StatusCode != http.StatusPartialContent || len(pb) != 10 || partial.ContentLength != 10 || !bytes.Equal(pb, b[:10]) {
			t.Errorf("%s: a range of 10 bytes: %d, %d bytes, Content-Length %d", coding, partial.StatusCode, len(pb), partial.ContentLength)
		}
		etag := resp.Header.Get("ETag")
		if etag == "" || etag == plain.header.Get("ETag") {
			t.Errorf("%s: ETag %q (plain %q): each coding needs its own", coding, etag, plain.header.Get("ETag"))
		}
		again := rawGet(t, ts, url, "Accept-Encoding", coding, "If-None-Match", etag)
		again.Body.Close()
		if again.StatusCode != http.StatusNotModified {
			t.Errorf("%s: If-None-Match gives %d, want 304", coding, again.StatusCode)
		}
		// A precondition that fails is a 412 with no body: it must not promise the file's
		// length, or the client waits for bytes that never come.
		refused := rawGet(t, ts, url, "Accept-Encoding", coding, "If-Match", `"not-this-file"`)
		rb, err := io.ReadAll(refused.Body)
		refused.Body.Close()
		if refused.StatusCode != http.StatusPreconditionFailed || err != nil || len(rb) != 0 || refused.ContentLength > 0 {
			t.Errorf("%s: If-Match on another tag: %d, %d bytes (%v), Content-Length %d; want 412 with nothing promised", coding, refused.StatusCode, len(rb), err, refused.ContentLength)
		}
	}
	if !strings.Contains(plain.header.Get("Vary"), "Accept-Encoding") {
		t.Error("no Vary: Accept-Encoding: a shared cache would mix codings")
	}
}

func TestPickCoding(t *testing.T) {
	for in, want := range map[string]string{
		"":                        "",
		"gzip, deflate, br, zstd": "br",
		"gzip":                    "gzip",
		"br;q=0, gzip;q=0.5":      "gzip",
		"identity":                "",
		"GZIP;q=1.0":              "gzip",
		"br;q=0":                  "",
	} {
		if got := pickCoding(in); got != want {
			t.Errorf("pickCoding(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"gzip, deflate, br, zstd": "gzip", "br": "br", "br, gzip;q=0": "br", "identity": ""} {
		if got := pickPageCoding(in); got != want {
			t.Errorf("pickPageCoding(%q) = %q, want %q", in, got, want)
		}
	}
}

// A page for a client that takes only brotli comes in brotli, and decodes to the page.
func TestPageInBrotli(t *testing.T) {
	ts := newSite(t)
	resp := rawGet(t, ts, "/", "Accept-Encoding", "br")
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.Header.Get("Content-Encoding") != "br" || !strings.Contains(string(decode(t, resp, b)), "</html>") {
		t.Fatalf("coding %q", resp.Header.Get("Content-Encoding"))
	}
}

// BenchmarkCompressTablePage is the cost each coding adds to a table page.
func BenchmarkCompressTablePage(b *testing.B) {
	s, c := benchServer(b)
	req := httptest.NewRequest("GET", "/guandan", nil)
	req.AddCookie(c)
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	body := rec.Body.Bytes()
	for _, coding := range []string{codingBrotli, codingGzip} {
		b.Run(coding, func(b *testing.B) {
			b.SetBytes(int64(len(body)))
			var n int
			var out bytes.Buffer
			for b.Loop() {
				out.Reset()
				compressPage(&out, coding, body)
				n = out.Len()
			}
			b.ReportMetric(float64(n), "wire-bytes")
			b.ReportMetric(float64(len(body)), "page-bytes")
		})
	}
}

// TestGameStylesheetOnlyWhereItStyles: Guandan's own stylesheet and script (4.6 and 2.1 KB
// on the wire, the stylesheet holding up the first paint) load on the Guandan pages that show
// its cards or table, and not on those of its section where not one of the stylesheet's rules
// applies (they did until 2026-12-07).
func TestGameStylesheetOnlyWhereItStyles(t *testing.T) {
	ts := newSite(t)
	ts.get("/guandan")
	css := ts.get(ts.server.assets.URL("guandan.css")).body
	for _, c := range []struct {
		path string
		want bool
	}{
		{"/guandan", true}, {"/guandan/rules", true}, {"/guandan/learn", true},
		{"/guandan/history", false}, {"/guandan/restart", false}, {"/guandan/tables/new", false},
	} {
		p := ts.get(c.path)
		if p.status != http.StatusOK {
			t.Fatalf("GET %s: %d", c.path, p.status)
		}
		linked := p.doc.Find(`link[href="` + ts.server.assets.URL("guandan.css") + `"]`).Length()
		script := p.doc.Find(`script[src="` + ts.server.assets.URL("guandan.js") + `"]`).Length()
		applying := rulesApplying(t, p.doc, css)
		switch {
		case c.want && (linked != 1 || script != 1 || len(applying) == 0):
			t.Errorf("%s: guandan.css linked %d times, guandan.js %d, %d of its rules applying; want both once", c.path, linked, script, len(applying))
		case !c.want && (linked != 0 || script != 0):
			t.Errorf("%s: guandan.css linked %d times, guandan.js %d, for no rule that applies: want neither", c.path, linked, script)
		case !c.want && len(applying) != 0:
			t.Errorf("%s: guandan.css's %q apply on the page, which does not load it", c.path, applying)
		}
	}
}

// rulesApplying lists the selectors of a stylesheet that select something in doc, leaving out
// pseudo-elements and the states a visitor brings about (hover, focus). A selector cascadia
// cannot read counts as applying when the page has all of its classes.
func rulesApplying(t *testing.T, doc *goquery.Document, css string) []string {
	t.Helper()
	css = regexp.MustCompile(`(?s)/\*.*?\*/`).ReplaceAllString(css, "")
	css = regexp.MustCompile(`\{[^{}]*\}`).ReplaceAllString(css, "{}")
	state := regexp.MustCompile(`::?(before|after|placeholder|marker|backdrop|hover|focus-visible|focus-within|focus|active|visited|target)\b`)
	class := regexp.MustCompile(`\.([a-zA-Z][\w-]*)`)
	var out []string
	for _, m := range regexp.MustCompile(`([^{}]+)\{\}`).FindAllStringSubmatch(css, -1) {
		group := strings.TrimSpace(m[1])
		if strings.HasPrefix(group, "@") || strings.HasPrefix(group, "from") || strings.HasPrefix(group, "to") || strings.Contains(group, "%") {
			continue
		}
		for _, sel := range splitSelectors(group) {
			plain := state.ReplaceAllString(sel, "")
			if s, err := cascadia.Compile(plain); err == nil {
				if doc.FindMatcher(s).Length() > 0 {
					out = append(out, sel)
				}
				continue
			}
			all := true
			for _, c := range class.FindAllStringSubmatch(sel, -1) {
				all = all && doc.Find("."+c[1]).Length() > 0
			}
			if all {
				out = append(out, sel)
			}
		}
	}
	return out
}

// splitSelectors splits a selector list at its top-level commas.
func splitSelectors(group string) []string {
	var out []string
	depth, start := 0, 0
	for i, r := range group {
		switch r {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(group[start:i]))
				start = i + 1
			}
		}
	}
	return append(out, strings.TrimSpace(group[start:]))
}
