package web_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestScreenshots saves screenshots of every page and As-Nas table state, at a phone's and a
// laptop's size, in English, Persian and Chinese, with the filters neutral, all at 0 and all
// at 100, into $CARDAVIA_SHOTS (a folder), for a person to look at. Without the variable it
// does nothing: pictures are judged by eye, not by the test command.
func TestScreenshots(t *testing.T) {
	dir := os.Getenv("CARDAVIA_SHOTS")
	if dir == "" {
		t.Skip("set CARDAVIA_SHOTS to a folder to take the screenshots")
	}
	site := worstSite(t)
	browser := startBrowser(t, 20*time.Minute)
	for _, lang := range []string{"en", "fa", "zh"} {
		for _, size := range []struct {
			name string
			w, h int64
		}{{"phone", phoneWidth, phoneHeight}, {"laptop", laptopWidth, laptopHeight}} {
			t.Run(lang+" "+size.name, func(t *testing.T) {
				tb := newTab(t, browser, site.URL, size.w, size.h)
				tb.open("/")
				if lang != "en" {
					tb.switchLanguage(lang)
				}
				tb.reduceMotion() // the end state of each replay, at once
				filters := func(f int) {
					tb.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`fetch("/settings", {method: "POST", headers: {Accept: "application/json"},
						body: new URLSearchParams({contrast: "%[1]d", grain: "%[1]d", temperature: "%[1]d"})}).then((r) => r.ok || Promise.reject(r.status))`, f), chromedp.EvalAwaitPromise))
				}
				snap := func(name string) {
					ctx, cancel := context.WithTimeout(tb.ctx, stepTimeout)
					defer cancel()
					png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
					if err != nil {
						t.Fatal(err)
					}
					p := filepath.Join(dir, fmt.Sprintf("%s-%s-%s.png", lang, size.name, name))
					if err := os.WriteFile(p, png, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				// shot photographs a table state at the filters as they are, then (for a state
				// past the start, whose filters the loop below does not vary) at 0 and 100: a
				// GET of the same page shows the same state.
				shot := func(name string) {
					snap(name)
					if !strings.HasPrefix(name, "asnas-") {
						return
					}
					for _, f := range []int{0, 100} {
						filters(f)
						tb.load("reload", chromedp.Reload())
						snap(fmt.Sprintf("f%d-%s", f, name))
					}
					filters(50)
				}
				for _, f := range []int{50, 0, 100} {
					tb.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`fetch("/settings", {method: "POST", headers: {Accept: "application/json"},
						body: new URLSearchParams({contrast: "%[1]d", grain: "%[1]d", temperature: "%[1]d"})})`, f)))
					time.Sleep(300 * time.Millisecond)
					for _, p := range []struct{ name, path string }{{"home", "/"}, {"settings", "/settings"},
						{"rules-asnas", "/asnas/rules"}, {"rules-guandan", "/guandan/rules"}, {"guandan", "/guandan"}} {
						tb.open(p.path)
						shot(fmt.Sprintf("f%d-%s", f, p.name))
					}
					tb.open("/asnas")
					shot(fmt.Sprintf("f%d-asnas-1start", f))
					if f != 50 {
						continue
					}
					tb.openQuick()
					shot("asnas-quick")
					tb.open("/asnas")
					if slices.Contains(tb.actionsNow(), "look") {
						tb.press("look")
						shot("asnas-2looked")
					}
					tb.playToEnd(calling, func([]string) {})
					shot("asnas-3end")
					tb.press("next")
					shot("asnas-4next")
					tb.playToEnd(folding, func([]string) {})
					shot("asnas-5folded")
					tb.toMatchEnd()
					shot("asnas-6matchend")
					tb.open(worstAsnasPath + "?lang=" + lang)
					shot("asnas-7worst")
					tb.press("new")
				}
			})
		}
	}
}
