package web

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/cardavia/cardavia/web/store"
)

func TestHomeListsTheGames(t *testing.T) {
	ts := newSite(t)
	p := ts.get("/")
	if p.status != 200 {
		t.Fatalf("status %d", p.status)
	}
	asnas := p.doc.Find(`[data-game-card="asnas"]`)
	if attr(asnas.Find(`[data-link="table"]`), "href") != "/asnas" || attr(asnas.Find(`[data-link="rules"]`), "href") != "/asnas/rules" {
		t.Error("As-Nas lacks its Table or Rules link")
	}
	if !strings.Contains(asnas.Text(), "20 cards") || !strings.Contains(asnas.Text(), "Iran") {
		t.Errorf("As-Nas facts: %q", asnas.Find(".facts").Text())
	}
	if !strings.HasPrefix(attr(asnas.Find(`[data-link="wikipedia"]`), "href"), "https://en.wikipedia.org/") {
		t.Error("no Wikipedia link")
	}
	guandan := p.doc.Find(`[data-game-card="guandan"]`)
	if attr(guandan.Find(`[data-link="table"]`), "href") != "/guandan" || guandan.Find(`[data-link="soon"]`).Length() != 0 {
		t.Error("Guandan's table is open: it needs its Table link, not \"coming soon\"")
	}
	if strings.TrimSpace(p.doc.Find(".brand").Text()) != "CARDAVIA" {
		t.Error("no site name")
	}
	html := p.doc.Find("html")
	for _, a := range []string{"data-contrast", "data-grain", "data-temperature"} {
		if attr(html, a) != "50" {
			t.Errorf("%s = %q, want 50", a, attr(html, a))
		}
	}
	if !strings.Contains(p.doc.Find(".controls").Text(), "Contrast:") || !strings.Contains(p.doc.Find(".controls").Text(), "50%") {
		t.Error("no filter sliders in the header")
	}
}

func TestRulesPage(t *testing.T) {
	ts := newSite(t)
	p := ts.get("/asnas/rules")
	if p.status != 200 {
		t.Fatalf("status %d", p.status)
	}
	if n := p.doc.Find(".rules ol.sections > li").Length(); n < 5 {
		t.Errorf("%d rule sections", n)
	}
	if n := p.doc.Find(".rank-row img").Length(); n != 5 {
		t.Errorf("%d cards drawn, want 5", n)
	}
	p.doc.Find(".rank-row img").Each(func(_ int, img *goquery.Selection) {
		if attr(img, "alt") == "" {
			t.Error("a card picture without a text alternative")
		}
	})
	var order []string
	p.doc.Find(".ranking [data-category]").Each(func(_ int, li *goquery.Selection) {
		order = append(order, attr(li, "data-category"))
	})
	if strings.Join(order, " ") != "four-of-a-kind full-house three-of-a-kind two-pair pair high-card" {
		t.Errorf("hand ranking drawn as %v", order)
	}
	if ts.get("/guandan/rules").status != 200 {
		t.Error("no Guandan rules page")
	}
}

func TestLanguage(t *testing.T) {
	ts := newSite(t)
	p := ts.get("/asnas", "Accept-Language", "fa-IR,fa;q=0.9")
	html := p.doc.Find("html")
	if attr(html, "lang") != "fa" || attr(html, "dir") != "rtl" {
		t.Errorf("lang=%q dir=%q, want fa rtl", attr(html, "lang"), attr(html, "dir"))
	}
	if !strings.Contains(p.doc.Find(".deal-no").Text(), "۱۲") {
		t.Errorf("deal line without Persian digits: %q", p.doc.Find(".deal-no").Text())
	}
	// The switch remembers a choice over Accept-Language and goes back to the page.
	r := ts.post("/settings/language", url.Values{"lang": {"sv"}, "return": {"/asnas/rules"}}, "Accept-Language", "fa")
	if r.status != http.StatusSeeOther || r.header.Get("Location") != "/asnas/rules" {
		t.Fatalf("switch: %d %s", r.status, r.header.Get("Location"))
	}
	if got := attr(ts.get("/", "Accept-Language", "fa").doc.Find("html"), "lang"); got != "sv" {
		t.Errorf("after choosing Svenska: lang=%q", got)
	}
	// Only local return paths.
	for _, bad := range []string{"https://evil.example/", "//evil.example/", "/\\evil.example"} {
		r := ts.post("/settings/language", url.Values{"lang": {"en"}, "return": {bad}})
		if r.header.Get("Location") != "/" {
			t.Errorf("return %q redirected to %q", bad, r.header.Get("Location"))
		}
	}
}

func TestHeadersCookiesAndStatic(t *testing.T) {
	ts := newSite(t)
	req, _ := http.NewRequest("GET", ts.srv.URL+"/asnas", nil)
	resp, err := ts.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	csp := resp.Header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe-inline") {
		t.Errorf("CSP %q", csp)
	}
	if resp.Header.Get("X-Content-Type-Options") != "nosniff" || resp.Header.Get("X-Request-Id") == "" {
		t.Error("security headers or request id missing")
	}
	var c *http.Cookie
	for _, k := range resp.Cookies() {
		if k.Name == cookieName {
			c = k
		}
	}
	if c == nil {
		t.Fatal("no session cookie")
	}
	if !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || c.Secure || c.MaxAge != 30*24*3600 {
		t.Errorf("cookie HttpOnly=%v SameSite=%v Secure=%v MaxAge=%d", c.HttpOnly, c.SameSite, c.Secure, c.MaxAge)
	}

	home := ts.get("/")
	href := attr(home.doc.Find(`link[rel="stylesheet"]`).First(), "href")
	if !strings.HasPrefix(href, "/static/app.") || href == "/static/app.css" {
		t.Fatalf("stylesheet URL %q is not content-hashed", href)
	}
	st := ts.get(href)
	if st.status != 200 || st.header.Get("Cache-Control") != "public, max-age=31536000, immutable" || !strings.HasPrefix(st.header.Get("Content-Type"), "text/css") {
		t.Errorf("static: %d %q %q", st.status, st.header.Get("Cache-Control"), st.header.Get("Content-Type"))
	}
	if ts.get("/static/app.css").status != 404 {
		t.Error("unhashed static name served")
	}
}

func TestHealthAndMetrics(t *testing.T) {
	ts := newSite(t)
	if h := ts.get("/healthz"); h.status != 200 || strings.TrimSpace(h.body) != "ok" {
		t.Errorf("healthz: %d %q", h.status, h.body)
	}
	// The operator's metrics are never on the public router (see metrics_test.go).
	if m := ts.get("/metrics"); m.status != http.StatusNotFound || strings.Contains(m.body, "cardavia_http") {
		t.Errorf("/metrics on the public listener: %d", m.status)
	}
}

func TestPanicBecomesTheFriendly500Page(t *testing.T) {
	var logged strings.Builder
	s, err := New(Config{
		Logger:      slog.New(slog.NewJSONHandler(&logged, nil)),
		Store:       store.NewMemory(store.TTL, time.Now),
		SessionKeys: [][]byte{[]byte("0123456789abcdef0123456789abcdef")},
		AsnasAI:     func(uint64) AsnasAI { return lookingAI{} },
		GuandanAI:   testGuandanAI,
	})
	if err != nil {
		t.Fatal(err)
	}
	h := s.locale(s.recoverPanic(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom") })))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	if rec.Code != 500 || !strings.Contains(rec.Body.String(), `data-status="500"`) {
		t.Fatalf("status %d:\n%s", rec.Code, rec.Body.String())
	}
	if strings.Contains(rec.Body.String(), "boom") || !strings.Contains(logged.String(), "boom") {
		t.Error("the panic must be logged, not shown")
	}
}

func TestNewRefusesABrokenConfig(t *testing.T) {
	good := Config{
		Store:       store.NewMemory(store.TTL, time.Now),
		SessionKeys: [][]byte{[]byte("0123456789abcdef0123456789abcdef")},
		AsnasAI:     func(uint64) AsnasAI { return lookingAI{} },
		GuandanAI:   testGuandanAI,
	}
	if _, err := New(good); err != nil {
		t.Fatal(err)
	}
	for name, change := range map[string]func(*Config){
		"no store":      func(c *Config) { c.Store = nil },
		"no keys":       func(c *Config) { c.SessionKeys = nil },
		"short key":     func(c *Config) { c.SessionKeys = [][]byte{[]byte("short")} },
		"no AI":         func(c *Config) { c.AsnasAI = nil },
		"no Guandan AI": func(c *Config) { c.GuandanAI = nil },
	} {
		cfg := good
		change(&cfg)
		if _, err := New(cfg); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// TestHomeFriendsButtons: the buttons that open a shared table name the game in a phrase
// that reads for either name ("Open a As-Nas table" did not).
func TestHomeFriendsButtons(t *testing.T) {
	ts := newSite(t)
	var got []string
	ts.get("/", "Accept-Language", "en").doc.Find(`.home-friends a[data-link="friends"]`).Each(func(_ int, s *goquery.Selection) {
		got = append(got, strings.TrimSpace(s.Text()))
	})
	if want := []string{"Open a table for As-Nas", "Open a table for Guandan"}; !slices.Equal(got, want) {
		t.Errorf("buttons %q, want %q", got, want)
	}
}

// TestHomeLedeSendsNewcomersToTheLessons: the home page's first line speaks for both games and
// points a newcomer to the lessons. It said "Sit down at a table against three AI players, or
// read the full rules first": at Guandan one of the three is your partner, and the lessons,
// not the full rules, are the way in.
func TestHomeLedeSendsNewcomersToTheLessons(t *testing.T) {
	ts := newSite(t)
	three := map[string]string{"en": "three", "sv": "tre", "es": "tres", "fa": "سه", "da": "tre", "zh-CN": "三"}
	lesson := map[string]string{"en": "lesson", "sv": "lektion", "es": "lección", "fa": "درس", "da": "lektion", "zh-CN": "教程"}
	for lang, n := range three {
		lede := ts.get("/", "Accept-Language", lang).doc.Find("p.lede").Text()
		if strings.Contains(strings.ToLower(lede), n) || !strings.Contains(lede, lesson[lang]) {
			t.Errorf("%s: the home page's first line reads %q", lang, lede)
		}
	}
}
