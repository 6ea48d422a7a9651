package qr

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// csp is the site's Content-Security-Policy (STACK.md): no inline style.
const csp = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'"

// widths are CSS widths of the symbol: whole pixels per module (41 modules: 3 and 7) and
// fractions, where crispEdges must still keep every module apart.
var widths = []int{123, 150, 200, 287}

// Chromium draws the SVG under the site's CSP on a dark right-to-left page, at several
// sizes, without a complaint, and what it draws decodes: modules sampled from the screenshot
// at their centres give back the invite link.
func TestChromiumDrawsAReadableSymbol(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests are skipped in -short mode")
	}
	// As web's browser tests: $CARDAVIA_CHROMIUM, else the headless shell, else the browser.
	path := os.Getenv("CARDAVIA_CHROMIUM")
	if path == "" {
		path = "/usr/bin/chromium-headless-shell"
		if _, err := os.Stat(path); err != nil {
			path = "/usr/bin/chromium"
		}
	}
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no Chromium at %s (set CARDAVIA_CHROMIUM): %v", path, err)
		}
		t.Skipf("no Chromium at %s (set CARDAVIA_CHROMIUM): %v", path, err)
	}
	svg, err := SVG(invite, "Scan to join the table")
	if err != nil {
		t.Fatal(err)
	}
	var page, css strings.Builder
	page.WriteString(`<!doctype html><html lang="fa" dir="rtl"><head><meta charset="utf-8"><title>QR</title><link rel="stylesheet" href="/qr.css"></head><body>`)
	css.WriteString("body{margin:0;background:#1b1b1b;color:#eee}div{margin:8px}.qr{display:block}\n")
	for _, w := range widths {
		fmt.Fprintf(&page, `<div id="w%d">%s</div>`, w, svg)
		fmt.Fprintf(&css, "#w%d .qr{width:%dpx}\n", w, w)
	}
	page.WriteString(`<p id="control">کنترل</p></body></html>`)
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", csp)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		body := page.String()
		if r.URL.Query().Has("inline") {
			// The control: the same page with one inline style, which the CSP refuses.
			body = strings.Replace(body, `<p id="control">`, `<p id="control" style="color:red">`, 1)
		}
		fmt.Fprint(w, body)
	})
	mux.HandleFunc("/qr.css", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/css")
		fmt.Fprint(w, css.String())
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()

	root, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
	)
	alloc, cancelAlloc := chromedp.NewExecAllocator(root, opts...)
	defer cancelAlloc()
	var mu sync.Mutex
	var complaints []string
	ctx, cancelTab := chromedp.NewContext(alloc, chromedp.WithListener(func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch ev := ev.(type) {
		case *log.EventEntryAdded:
			if ev.Entry.Level == log.EntryLevelError || ev.Entry.Level == log.EntryLevelWarning {
				complaints = append(complaints, ev.Entry.Text)
			}
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError {
				complaints = append(complaints, "console error")
			}
		}
	}))
	defer cancelTab()
	taken := func() []string {
		mu.Lock()
		defer mu.Unlock()
		c := complaints
		complaints = nil
		return c
	}

	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 1400), chromedp.Navigate(srv.URL+"/?inline"), chromedp.WaitVisible("#control")); err != nil {
		t.Fatal(err)
	}
	if c := taken(); len(c) == 0 {
		t.Fatal("the control page's inline style drew no complaint: the check below would see nothing")
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible("#control")); err != nil {
		t.Fatal(err)
	}
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if c := taken(); len(c) > 0 {
		t.Fatalf("the page with the symbols drew complaints: %q", c)
	}
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatal(err)
	}
	side := s41(t)
	for _, w := range widths {
		box, err := chromedp.Run(ctx, chromedp.Evaluate[struct{ X, Y, W, H float64 }](
			fmt.Sprintf(`(() => { const b = document.querySelector("#w%d svg").getBoundingClientRect(); return {X: b.x, Y: b.y, W: b.width, H: b.height}; })()`, w)))
		if err != nil {
			t.Fatal(err)
		}
		if box.W != float64(w) || box.H != float64(w) {
			t.Fatalf("width %d drawn %vx%v", w, box.W, box.H)
		}
		g := sample(img, box.X, box.Y, box.W, side)
		for y := range side {
			for x := range side {
				inside := x >= quiet && y >= quiet && x < side-quiet && y < side-quiet
				if !inside && g[y][x] {
					t.Fatalf("width %d: the quiet zone is dark at (%d,%d): the white background is missing", w, x, y)
				}
			}
		}
		inner := make(grid, side-2*quiet)
		for y := range inner {
			inner[y] = g[y+quiet][quiet : side-quiet]
		}
		if got := decode(t, inner); got != invite {
			t.Fatalf("width %d: decoded %q", w, got)
		}
	}
}

// s41 is the side of the invite link's symbol with its quiet zone, in modules.
func s41(t *testing.T) int {
	s, err := encode([]byte(invite), anyMask)
	if err != nil {
		t.Fatal(err)
	}
	return s.size + 2*quiet
}

// sample reads side×side modules of a square drawn at (x, y), width w, at their centres.
func sample(img image.Image, x, y, w float64, side int) grid {
	m := w / float64(side)
	g := make(grid, side)
	for my := range side {
		g[my] = make([]bool, side)
		for mx := range side {
			px := int(x + (float64(mx)+0.5)*m)
			py := int(y + (float64(my)+0.5)*m)
			r, gr, b, _ := img.At(px, py).RGBA()
			g[my][mx] = (r+gr+b)/3 < 0x8000
		}
	}
	return g
}
