package web_test

import (
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// keysShown counts the shortcut keys a page shows (the letters on the buttons and the keys'
// help) and how many of them are visible, and gives the first action button's box, to compare
// the layouts with and without the script.
const keysShown = `(() => {
	const keys = [...document.querySelectorAll("kbd.key, kbd.gkey, .keys-help")];
	const b = document.querySelector(".felt .actions button")?.getBoundingClientRect();
	return {all: keys.length, visible: keys.filter((k) => k.checkVisibility({visibilityProperty: true})).length,
		button: b ? [Math.round(b.x), Math.round(b.y), Math.round(b.width)] : []};
})()`

type keysOnPage struct {
	All     int   `json:"all"`
	Visible int   `json:"visible"`
	Button  []int `json:"button"`
}

// TestBrowserKeysNeedTheScript: the table's shortcut keys are bound by app.js, so a page
// without it must not show them: before, the letters on the buttons and the Keys help
// promised keys that did nothing. The page is laid out alike either way (the first button
// where it was), and with the script every key shows. So too at a step of each lesson, whose
// table has the keys help too.
func TestBrowserKeysNeedTheScript(t *testing.T) {
	browserTest(t)
	site := browserSite(t)
	browser := startBrowser(t, 2*time.Minute)
	for _, path := range []string{"/asnas", "/guandan", "/asnas/learn?step=4", "/guandan/learn?step=3"} {
		t.Run(path, func(t *testing.T) {
			tb := newTab(t, browser, site.URL, desktopWidth, desktopHeight)
			tb.open(path)
			on := eval[keysOnPage](tb, keysShown)
			tb.checkClean(path, "")
			// The same page again, the script off.
			if _, err := chromedp.Call(tb.ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
				t.Fatalf("turning scripts off: %v", err)
			}
			tb.open(path)
			off := eval[keysOnPage](tb, keysShown)
			if on.All == 0 || on.Visible != on.All {
				t.Errorf("with the script: %d of %d keys visible, want all (and some)", on.Visible, on.All)
			}
			if off.All != on.All || off.Visible != 0 {
				t.Errorf("without the script: %d of %d keys visible, want none of %d", off.Visible, off.All, on.All)
			}
			if len(on.Button) == 0 || len(off.Button) != len(on.Button) || off.Button[0] != on.Button[0] || off.Button[1] != on.Button[1] || off.Button[2] != on.Button[2] {
				t.Errorf("the first button's box [x y width] is %v without the script, %v with it", off.Button, on.Button)
			}
			tb.checkClean(path+" without the script", "")
		})
	}
}

// keyLetters counts the shortcut letters printed on a page's buttons and how many of them
// are displayed.
const keyLetters = `(() => {
	const keys = [...document.querySelectorAll(":is(button, a.button) :is(kbd.key, kbd.gkey)")];
	return {all: keys.length, visible: keys.filter((k) => k.checkVisibility({visibilityProperty: true})).length};
})()`

// TestBrowserKeyLettersOnAPhone: a phone has no keyboard, so the shortcut letters on the
// buttons are not printed there (aria-keyshortcuts still tells them); on a laptop they are.
// Before, the Guandan table hid them on a phone and the As-Nas table printed them.
func TestBrowserKeyLettersOnAPhone(t *testing.T) {
	browserTest(t)
	site := browserSite(t)
	browser := startBrowser(t, 2*time.Minute)
	for _, screen := range []struct {
		name          string
		width, height int64
		shown         bool
	}{{"phone", phoneWidth, phoneHeight, false}, {"laptop", desktopWidth, desktopHeight, true}} {
		tb := newTab(t, browser, site.URL, screen.width, screen.height)
		for _, path := range []string{"/asnas", "/guandan", "/asnas/learn?step=4", "/guandan/learn?step=3"} {
			tb.open(path)
			k := eval[keysOnPage](tb, keyLetters)
			switch {
			case k.All == 0:
				t.Errorf("%s %s: no shortcut letter on any button", screen.name, path)
			case screen.shown && k.Visible != k.All:
				t.Errorf("%s %s: %d of %d shortcut letters displayed, want all", screen.name, path, k.Visible, k.All)
			case !screen.shown && k.Visible != 0:
				t.Errorf("%s %s: %d of %d shortcut letters displayed, want none", screen.name, path, k.Visible, k.All)
			}
			tb.checkClean(screen.name+" "+path, "")
		}
	}
}
