package web_test

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/chromedp/chromedp"
)

// axeViolations runs axe-core (WCAG 2 A and AA) on the tab's page and returns one line per
// violation: its rule, its impact and the first elements it names. axe.min.js is read from
// the path in $CARDAVIA_AXE (npm's axe-core, pinned by the test script); without it the
// error says so and the caller skips.
//
// The table-asnas helper owns this file; this is the same function, kept so that the Guandan
// browser tests compile and run on their own branch. The merge keeps one copy.
func axeViolations(ctx context.Context) ([]string, error) {
	path := os.Getenv("CARDAVIA_AXE")
	if path == "" {
		return nil, errNoAxe
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading axe-core: %w", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](string(src))); err != nil {
		return nil, fmt.Errorf("loading axe-core: %w", err)
	}
	const run = `axe.run(document, {runOnly: ['wcag2a', 'wcag2aa']}).then((r) => r.violations.map((v) =>
		v.id + " (" + v.impact + "): " + v.help + " at " + v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")))`
	out, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](run, chromedp.EvalAwaitPromise))
	if err != nil {
		return nil, fmt.Errorf("running axe-core: %w", err)
	}
	return out, nil
}

// errNoAxe says that $CARDAVIA_AXE names no axe-core to run.
var errNoAxe = errors.New("no axe-core: set CARDAVIA_AXE to axe.min.js")
