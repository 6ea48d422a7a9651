package web

import (
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	aiasnas "github.com/cardavia/cardavia/ai/asnas"
	"github.com/cardavia/cardavia/i18n"
	"github.com/cardavia/cardavia/web/store"
)

// testSite is the real router behind an httptest server, with a memory store and a browser-like
// client (a cookie jar) that does not follow redirects, so tests see every 303.
type testSite struct {
	t      *testing.T
	srv    *httptest.Server
	server *Server
	store  *store.Memory
	client *http.Client
}

type testOption func(*Config)

func newSite(t *testing.T, opts ...testOption) *testSite {
	t.Helper()
	mem := store.NewMemory(store.TTL, time.Now)
	// Atomic: two requests may deal at once (racing rematches), one of them in vain.
	var seed atomic.Uint64
	seed.Store(42)
	cfg := Config{
		Store:       mem,
		SessionKeys: [][]byte{[]byte("0123456789abcdef0123456789abcdef")},
		AsnasAI:     func(s uint64) AsnasAI { return aiasnas.NewPlayer(s) },
		GuandanAI:   testGuandanAI,
		Seed:        func() uint64 { return seed.Add(1) },
	}
	for _, o := range opts {
		o(&cfg)
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	return &testSite{t: t, srv: srv, server: s, store: mem, client: newClient(t)}
}

func newClient(t *testing.T) *http.Client {
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &http.Client{
		Jar:           jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// page is one fetched response, parsed.
type page struct {
	status int
	header http.Header
	body   string
	doc    *goquery.Document
}

func (ts *testSite) do(req *http.Request) page {
	ts.t.Helper()
	resp, err := ts.client.Do(req)
	if err != nil {
		ts.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		ts.t.Fatal(err)
	}
	p := page{status: resp.StatusCode, header: resp.Header, body: string(b)}
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		p.doc, err = goquery.NewDocumentFromReader(strings.NewReader(p.body))
		if err != nil {
			ts.t.Fatal(err)
		}
		checkPage(ts.t, p)
	}
	return p
}

func (ts *testSite) get(path string, header ...string) page {
	ts.t.Helper()
	req, err := http.NewRequest(http.MethodGet, ts.srv.URL+path, nil)
	if err != nil {
		ts.t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	return ts.do(req)
}

func (ts *testSite) post(path string, form url.Values, header ...string) page {
	ts.t.Helper()
	req, err := http.NewRequest(http.MethodPost, ts.srv.URL+path, strings.NewReader(form.Encode()))
	if err != nil {
		ts.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	return ts.do(req)
}

// table fetches the As-Nas table and checks it is one.
func (ts *testSite) table() page {
	ts.t.Helper()
	p := ts.get("/asnas")
	if p.status != http.StatusOK || p.doc.Find(`[data-game="asnas"]`).Length() != 1 {
		ts.t.Fatalf("GET /asnas: status %d, no table:\n%s", p.status, p.body)
	}
	return p
}

func attr(s *goquery.Selection, name string) string {
	v, _ := s.Attr(name)
	return v
}

// root is the table root's hook attributes.
func (p page) root(name string) string { return attr(p.doc.Find(`[data-game="asnas"]`), name) }

// checkPage holds for every HTML page: no formatting error from a message, no catalog key shown
// instead of its text, no inline style or script.
func checkPage(t *testing.T, p page) {
	t.Helper()
	text := p.doc.Text()
	if strings.Contains(text, "%!") {
		t.Errorf("a message was formatted with wrong arguments: %q", excerpt(text, "%!"))
	}
	for _, k := range i18n.Keys("en") {
		if strings.Contains(k, ".") && strings.Contains(text, k) {
			t.Errorf("catalog key %q shown on the page", k)
		}
	}
	if p.doc.Find("[style], style, script:not([src])").Length() > 0 {
		t.Error("inline style or script on the page (the CSP forbids them)")
	}
}

func excerpt(s, sub string) string {
	i := strings.Index(s, sub)
	return s[max(0, i-40):min(len(s), i+40)]
}
