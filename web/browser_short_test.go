package web_test

import (
	"fmt"
	"testing"
	"time"
)

// shortPhones are the phones shorter than the 390×844 the tables were drawn for: an iPhone
// SE and the common Android of 360×740 (360×800 lies between it and 390×844).
var shortPhones = []struct{ w, h int64 }{{375, 667}, {360, 740}}

// TestBrowserShortPhones: on an iPhone SE (375×667) and a 360×740 Android, the As-Nas table
// (a fresh deal, and the tallest table there can be: a four-hand showdown at the match's
// end) and the Guandan table's first deal (27 cards) show the hand and every move button on
// the first screen, in English, Spanish (the longest) and Persian. Before, the header, the
// gaps and the cards were those of a 390×844 phone: at 375×667 the tallest table's Rematch
// lay 96 to 119 px below the screen, Ask the coach 33 px (Spanish, Persian) and Play, Pass
// and Hint 38 to 52 px; at 360×740 Rematch 26 to 48 px, and Play, Pass and Hint up to 45 px
// (Spanish; how far depends on the deal). The lessons at 360×740: TestBrowserLessonsNarrowPhone.
func TestBrowserShortPhones(t *testing.T) {
	browserTest(t)
	site := worstSite(t)
	browser := startBrowser(t, 2*time.Minute)
	type screen struct {
		Outside []string `json:"outside"`
	}
	for _, size := range shortPhones {
		for _, lang := range []string{"en", "sv", "es", "fa", "zh"} {
			where := fmt.Sprintf("%dx%d %s", size.w, size.h, lang)
			tb := lessonTab(t, browser, site.URL, size.w, size.h, lang, true)
			tb.open("/asnas")
			tb.checkFirstScreen(where + " /asnas")
			tb.open(worstAsnasPath + "?lang=" + lang)
			tb.checkFirstScreen(where + " the tallest As-Nas table")
			tb.open("/guandan")
			if n := eval[int](tb, `document.querySelectorAll('[data-hand="0"] .gcard').length`); n != 27 {
				t.Errorf("%s /guandan: %d cards in the hand, want the first deal's 27", where, n)
			}
			if s := eval[screen](tb, firstScreenStrictScript); len(s.Outside) > 0 {
				t.Errorf("%s /guandan: outside the first screen of %d px: %q", where, size.h, s.Outside)
			}
			tb.checkFits(where + " /guandan")
			tb.checkClean(where, "")
		}
	}
}
