package web_test

import (
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// A form clicked twice before its page answers (a double click, here on a slow connection) is
// sent once: the second post, for the position the first had moved on from, answered "nothing
// changed", and its page hid what the first did.
func TestBrowserFormSentOnce(t *testing.T) {
	browserTest(t)
	site := browserHandler(t)
	var moves atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		site.ServeHTTP(w, r)
		if r.Method == http.MethodPost && r.URL.Path == "/asnas/move" {
			moves.Add(1)
			time.Sleep(400 * time.Millisecond) // the answer's way back
		}
	}))
	t.Cleanup(srv.Close)
	tb := newTab(t, startBrowser(t, time.Minute), srv.URL, phoneWidth, phoneHeight)
	tb.open("/asnas")
	tb.do(chromedp.Evaluate[chromedp.Void](`(() => {
		const look = document.querySelector('button[data-verb="look"]');
		look.click();
		setTimeout(() => look.click(), 150);
	})()`))
	tb.do(chromedp.Sleep(1200*time.Millisecond), chromedp.WaitReady(`[data-verb="call"], [data-verb="hold"]`))
	s := eval[asnasState](tb, asnasStateScript)
	notice := eval[string](tb, `document.querySelector("[data-notice]")?.dataset.notice ?? ""`)
	if n := moves.Load(); n != 1 || notice != "" || len(s.Faces) != 5 {
		t.Errorf("Look clicked twice: %d posts, notice %q, own hand shows %d faces; want 1 post, no notice, 5 faces", n, notice, len(s.Faces))
	}
}
