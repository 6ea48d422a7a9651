package web_test

import (
	"testing"
	"time"
)

// TestBrowserArrangeOnOneLine: the Guandan hand's three orders sit under the table's buttons
// on a phone. Danish named the third "Ordn" (as if cut off) and, named in full, pushed it to a
// line of its own; each language's three fit one line of a 390 px screen.
func TestBrowserArrangeOnOneLine(t *testing.T) {
	browserTest(t)
	site := browserSite(t)
	browser := startBrowser(t, 2*time.Minute)
	for _, lang := range []string{"en", "sv", "es", "fa", "da", "zh"} {
		tb := newTab(t, browser, site.URL, phoneWidth, phoneHeight)
		tb.open("/")
		if lang != "en" {
			tb.switchLanguage(lang)
		}
		tb.open("/guandan")
		tops := eval[[]int](tb, `[...document.querySelectorAll(".garrange a")].map((a) => Math.round(a.getBoundingClientRect().top))`)
		if len(tops) != 3 {
			t.Fatalf("%s: %d orders of the hand, want 3", lang, len(tops))
		}
		if tops[0] != tops[1] || tops[1] != tops[2] {
			t.Errorf("%s: the hand's orders sit at %v px from the top, want one line", lang, tops)
		}
	}
}
