package web_test

import (
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// stepClock is a site's clock that a test moves on by hand.
type stepClock struct {
	sync.Mutex
	now time.Time
}

func (c *stepClock) Now() time.Time { c.Lock(); defer c.Unlock(); return c.now }
func (c *stepClock) add(d time.Duration) {
	c.Lock()
	c.now = c.now.Add(d)
	c.Unlock()
}

// visitor is a player of the site driven over HTTP, with cookies of their own.
type visitor struct {
	t      *testing.T
	base   string
	client *http.Client
}

func newVisitor(t *testing.T, base string) *visitor {
	t.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	v := &visitor{t: t, base: base, client: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	v.get("/")
	return v
}

func (v *visitor) get(path string) *goquery.Document {
	v.t.Helper()
	resp, err := v.client.Get(v.base + path)
	if err != nil {
		v.t.Fatal(err)
	}
	defer resp.Body.Close()
	doc, err := goquery.NewDocumentFromReader(resp.Body)
	if err != nil {
		v.t.Fatal(err)
	}
	return doc
}

// post sends a form as the site's own pages do (same origin) and returns where it leads.
func (v *visitor) post(path string, form url.Values) string {
	v.t.Helper()
	req, err := http.NewRequest(http.MethodPost, v.base+path, strings.NewReader(form.Encode()))
	if err != nil {
		v.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", v.base)
	resp, err := v.client.Do(req)
	if err != nil {
		v.t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		v.t.Fatalf("POST %s: %d", path, resp.StatusCode)
	}
	return resp.Header.Get("Location")
}

// root is an attribute of the shared table page's root.
func root(doc *goquery.Document, name string) string {
	s, _ := doc.Find("[data-events]").Attr(name)
	return s
}

// sharedMatchOver has Sara and Ali play a Beginner As-Nas table with 30 s a move at seats 0
// and 2; the AI plays the whole match for them, and they take their seats back for its end.
func sharedMatchOver(t *testing.T, base string) (sara, ali *visitor, path string) {
	t.Helper()
	sara, ali = newVisitor(t, base), newVisitor(t, base)
	path = sara.post("/asnas/tables", url.Values{"name": {"Sara"}, "level": {"beginner"}, "timer": {"30"}})
	ali.post(path+"/seat", url.Values{"seat": {"2"}, "name": {"Ali"}})
	sara.post(path+"/start", nil)
	sara.post(path+"/away", url.Values{"away": {"0"}})
	ali.post(path+"/away", url.Values{"away": {"2"}})
	end := sara.get(path)
	for i := 0; root(end, "data-phase") != "over"; i++ {
		if i == 40 {
			t.Fatalf("the AI did not play the match to its end (phase %s)", root(end, "data-phase"))
		}
		sara.post(path+"/next", url.Values{"move": {root(end, "data-move")}})
		end = sara.get(path)
	}
	sara.post(path+"/back", nil)
	ali.post(path+"/back", nil)
	return sara, ali, path
}

// lendCookies gives a browser tab the visitor's cookies: the tab is that visitor.
func (v *visitor) lendCookies(tb *tab) {
	v.t.Helper()
	u, _ := url.Parse(v.base)
	var cookies []*network.CookieParam
	for _, c := range v.client.Jar.Cookies(u) {
		cookies = append(cookies, &network.CookieParam{Name: c.Name, Value: c.Value, URL: v.base, Path: "/"})
	}
	if _, err := chromedp.Call(tb.ctx, network.SetCookies, network.SetCookiesParams{Cookies: cookies}); err != nil {
		v.t.Fatalf("copying the cookies: %v", err)
	}
}

// TestBrowserSharedStandingsOnAPhone: at the end of a shared match on a phone, each place of
// the standings is one line inside the felt, in Persian too, where "West (AI)" is "غرب (هوش
// مصنوعی)": two places a line broke the names into three lines, a lone ")" on the last, and
// pushed a score past the felt's edge.
func TestBrowserSharedStandingsOnAPhone(t *testing.T) {
	browserTest(t)
	browser := startBrowser(t, 2*time.Minute)
	srv := browserSite(t)
	sara, _, path := sharedMatchOver(t, srv.URL)
	for _, lang := range []string{"en", "fa"} {
		sara.post("/settings/language", url.Values{"lang": {lang}, "return": {path}})
		tb := newTab(t, browser, srv.URL, 390, 844)
		sara.lendCookies(tb)
		tb.open(path)
		bad := eval[[]string](tb, `(() => {
  const felt = document.querySelector(".felt").getBoundingClientRect(), bad = [];
  for (const li of document.querySelectorAll(".standings li")) {
    const r = li.getBoundingClientRect(), line = parseFloat(getComputedStyle(li).lineHeight);
    if (r.height > line * 1.5) bad.push(li.innerText + ": " + Math.round(r.height) + " px tall, lines of " + line);
    for (const e of li.children) {
      const b = e.getBoundingClientRect();
      if (b.left < felt.left || b.right > felt.right) bad.push(e.innerText + " outside the felt");
    }
  }
  return document.querySelectorAll(".standings li").length == 4 ? bad : ["no standings"];
})()`)
		for _, b := range bad {
			t.Errorf("%s: %s", lang, b)
		}
		tb.checkFits(lang + " standings")
	}
}

// TestBrowserRematchWaitEnds: a player who asked for a rematch waits without a button until
// anyone may deal it. Nothing is written at the table when that time comes, so no event tells
// the live page; the page must ask for itself again then and offer the button back, without a
// reload.
func TestBrowserRematchWaitEnds(t *testing.T) {
	browserTest(t)
	browser := startBrowser(t, 2*time.Minute)
	clk := &stepClock{now: time.Now()}
	srv := httptest.NewServer(browserHandlerAt(t, clk.Now))
	t.Cleanup(srv.Close)

	sara, _, path := sharedMatchOver(t, srv.URL)
	sara.post(path+"/rematch", url.Values{"move": {root(sara.get(path), "data-move")}})
	clk.add(27 * time.Second) // 3 s of the wait left

	tb := newTab(t, browser, srv.URL, desktopWidth, desktopHeight)
	sara.lendCookies(tb)
	tb.open(path)
	rematch := `form[action$="/rematch"]`
	if tb.exists(rematch) || !tb.exists(`[data-ready="wait"][data-follow-in]`) {
		t.Fatal("Sara, who asked, is offered Rematch again, or her page does not wait for the end of the wait")
	}
	tb.mark()
	clk.add(4 * time.Second)
	if !waitFor(liveWait, func() bool { return tb.exists(rematch) }) {
		t.Fatal("the wait is over and Sara's page does not offer the rematch")
	}
	if !tb.stayed() {
		t.Error("the page was reloaded rather than followed")
	}
	tb.checkClean("the rematch offered again", "")
}
