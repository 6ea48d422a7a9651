package web

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/gzip"
)

// wireBudget is the most a table page with everything it loads may cost a first visit.
const wireBudget = 25 << 10

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
		etag := resp.Header.Get("ETag")
		if etag == "" || etag == plain.header.Get("ETag") {
			t.Errorf("%s: ETag %q (plain %q): each coding needs its own", coding, etag, plain.header.Get("ETag"))
		}
		again := rawGet(t, ts, url, "Accept-Encoding", coding, "If-None-Match", etag)
		again.Body.Close()
		if again.StatusCode != http.StatusNotModified {
			t.Errorf("%s: If-None-Match gives %d, want 304", coding, again.StatusCode)
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
