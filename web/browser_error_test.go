package web_test

import (
	"testing"
	"time"
)

// buttonsScript measures the gaps between the buttons of a page's message: for each pair, the
// larger of the space between them across and down (negative when they overlap).
const buttonsScript = `(() => {
	const r = [...document.querySelectorAll(".message-page a.button")].map((b) => b.getBoundingClientRect());
	const gaps = [];
	for (let i = 0; i < r.length; i++) for (let j = i + 1; j < r.length; j++) {
		const a = r[i], b = r[j];
		gaps.push(Math.max(Math.max(a.left, b.left) - Math.min(a.right, b.right), Math.max(a.top, b.top) - Math.min(a.bottom, b.bottom)));
	}
	return {count: r.length, gaps};
})()`

// TestBrowserErrorButtonsApart: an error page's two buttons (the way back, home) stand apart
// on a phone, where they wrap onto two lines, as well as side by side: wrapped, the first sat
// on the second with no space between, one pill stacked on another in English and Persian.
func TestBrowserErrorButtonsApart(t *testing.T) {
	browserTest(t)
	site := browserSite(t)
	tb := newTab(t, startBrowser(t, time.Minute), site.URL, phoneWidth, phoneHeight)
	type measure struct {
		Count int       `json:"count"`
		Gaps  []float64 `json:"gaps"`
	}
	for _, lang := range []string{"en", "fa"} {
		if lang != "en" {
			tb.open("/")
			tb.switchLanguage(lang)
		}
		tb.open("/asnas/replay/zz/1")
		m := eval[measure](tb, buttonsScript)
		if m.Count != 2 {
			t.Fatalf("%s: %d buttons on the missing replay's page, want 2", lang, m.Count)
		}
		for _, g := range m.Gaps {
			if g < 6 {
				t.Errorf("%s: the buttons are %.1f px apart, want room between them", lang, g)
			}
		}
		tb.checkClean(lang+" a missing replay", "/asnas/replay/zz/1")
	}
}
