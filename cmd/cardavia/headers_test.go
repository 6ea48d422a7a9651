package main

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// The server reads a header larger than the site serves, so that a browser with too many
// cookies gets the site's 431 page, which clears them, and not net/http's plain text.
func TestOversizedCookiesGetTheSitesPage(t *testing.T) {
	p := startServerWith(t, "-addr 127.0.0.1:0 -metrics-addr off -store memory")
	req, _ := http.NewRequest(http.MethodGet, p.base+"/", nil)
	req.Header.Set("Cookie", "junk="+strings.Repeat("x", 60<<10))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") ||
		!strings.Contains(string(body), "Too many cookies") {
		t.Errorf("60 KB of cookies: %d %s:\n%.300s", resp.StatusCode, resp.Header.Get("Content-Type"), body)
	}
	if c := resp.Cookies(); len(c) != 1 || c[0].Name != "junk" || c[0].MaxAge >= 0 {
		t.Errorf("the cookie was not expired: %v", c)
	}
}
