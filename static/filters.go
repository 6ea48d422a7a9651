package static

import (
	"fmt"
	"strings"
)

// filterRules are the rules that turn the filter values on the root element
// (data-contrast="80") into CSS numbers (--contrast: 80), for every value from 0 to 100. They
// end app.css, whose one formula turns those numbers into a look, so the server's page and
// app.js's live preview (which only changes the attributes) can never disagree. They were a
// stylesheet of their own, /filters.css, until 2026-12-07: a second render-blocking request
// on every first visit, for 767 bytes.
func filterRules() string {
	var b strings.Builder
	for _, name := range []string{"contrast", "grain", "temperature"} {
		for n := 0; n <= 100; n++ {
			fmt.Fprintf(&b, "html[data-%s=\"%d\"]{--%s:%d}\n", name, n, name, n)
		}
	}
	return b.String()
}
