package web_test

import (
	"fmt"
	"testing"
	"time"
)

// smallTarget is one link measured by smallTargetsScript: its size, and its foot in the page.
type smallTarget struct {
	Label  string  `json:"label"`
	W      float64 `json:"w"`
	H      float64 `json:"h"`
	Bottom float64 `json:"bottom"`
}

// smallTargetsScript measures the links of the selector %q.
const smallTargetsScript = `[...document.querySelectorAll(%q)].map((a) => {
	const r = a.getBoundingClientRect();
	return {label: a.textContent.trim(), w: r.width, h: r.height, bottom: r.bottom + scrollY};
})`

// TestBrowserSmallTargets: the site's name in the header, the As-Nas table's Log link and the
// Guandan hand's sort links (By rank, By suit, By combination) are targets of at least 24 by
// 24 CSS pixels (WCAG 2.5.8; they were 22, 23 and 23 px high) on a 390×844 phone and on the
// short phones (375×667, 360×740), in English, Swedish and Spanish (the longest sort links)
// and Persian; the sort links share one line, whole inside the first screen (Swedish's third,
// Kombinationer, and Spanish's at 360 px, wrapped onto a line of their own: with a tall hand at
// 375×667, cut by the screen's foot), and the hand and the move buttons still lie inside it
// (TestBrowserShortPhones).
func TestBrowserSmallTargets(t *testing.T) {
	browserTest(t)
	browser := startBrowser(t, 2*time.Minute)
	sizes := append([]struct{ w, h int64 }{{phoneWidth, phoneHeight}}, shortPhones...)
	for _, size := range sizes {
		for _, lang := range []string{"en", "sv", "es", "fa"} {
			// A site of its own each, so that each deals its first deal.
			tb := lessonTab(t, browser, browserSite(t).URL, size.w, size.h, lang, true)
			for _, c := range []struct{ path, sel string }{
				{"/asnas", ".site-header .brand"},
				{"/asnas", ".table-head .log-link"},
				{"/asnas", ".table-head .keys-help > summary"},
				{"/guandan", ".garrange a"},
			} {
				where := fmt.Sprintf("%dx%d %s %s", size.w, size.h, lang, c.path)
				tb.open(c.path)
				targets := eval[[]smallTarget](tb, fmt.Sprintf(smallTargetsScript, c.sel))
				if len(targets) == 0 {
					t.Fatalf("%s: no %s", where, c.sel)
				}
				tb.shot(fmt.Sprintf("small-targets-%dx%d-%s-%s", size.w, size.h, lang, c.path[1:]))
				for _, a := range targets {
					if a.W < 24 || a.H < 24 {
						t.Errorf("%s: %q (%s) is %.1f×%.1f px, under 24×24", where, a.Label, c.sel, a.W, a.H)
					}
					if c.path == "/guandan" && a.Bottom > float64(size.h)+0.5 {
						t.Errorf("%s: %q ends at %.1f px, below the first screen of %d", where, a.Label, a.Bottom, size.h)
					}
					if c.path == "/guandan" && a.Bottom != targets[0].Bottom {
						t.Errorf("%s: %q is on a line of its own, %.1f px under %q", where, a.Label, a.Bottom-targets[0].Bottom, targets[0].Label)
					}
				}
			}
		}
	}
}
