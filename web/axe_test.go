package web_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
)

// axe-core (npm axe-core, pinned in web/testdata/axe/package.json and installed there by
// scripts/test.sh with npm ci) checks pages against WCAG 2 A and AA in the browser. The tests
// find axe.min.js at $CARDAVIA_AXE, else in that folder.

// axePath is where axe.min.js should be.
func axePath() string {
	if p := os.Getenv("CARDAVIA_AXE"); p != "" {
		return p
	}
	return filepath.Join("testdata", "axe", "node_modules", "axe-core", "axe.min.js")
}

// axeSource reads axe.min.js once.
var axeSource = sync.OnceValues(func() (string, error) {
	b, err := os.ReadFile(axePath())
	return string(b), err
})

// needAxe skips the test when axe-core is not installed, and fails it under CI=true, where a
// missing tool must never pass for a clean page.
func needAxe(t *testing.T) {
	t.Helper()
	if _, err := axeSource(); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("axe-core is missing (run npm ci in web/testdata/axe or set CARDAVIA_AXE): %v", err)
		}
		t.Skipf("axe-core is missing (run npm ci in web/testdata/axe or set CARDAVIA_AXE): %v", err)
	}
}

// axeRun runs axe on the whole document, WCAG 2 A and AA rules only, and returns each
// violation as its rule id and the CSS targets of the nodes that fail it.
const axeRun = `(async () => {
	const r = await axe.run(document, {runOnly: ["wcag2a", "wcag2aa"], resultTypes: ["violations"]});
	return r.violations.map((v) => v.id + ": " + v.nodes.map((n) => n.target.join(" ")).join(", "));
})()`

// axeViolations runs axe-core in the current chromedp page and returns one string per
// violation (the rule's id and the failing nodes' targets); none means the page passes. It
// injects axe.min.js first, once per document.
func axeViolations(ctx context.Context) ([]string, error) {
	src, err := axeSource()
	if err != nil {
		return nil, fmt.Errorf("axe-core: %w", err)
	}
	loaded, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`typeof window.axe === "object"`))
	if err != nil {
		return nil, err
	}
	if !loaded {
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](src)); err != nil {
			return nil, fmt.Errorf("injecting axe-core: %w", err)
		}
	}
	out, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](axeRun, chromedp.EvalAwaitPromise))
	if err != nil {
		return nil, fmt.Errorf("running axe-core: %w", err)
	}
	return out, nil
}
