package static

import (
	"strings"
	"testing"
)

// The Guandan art on the home page: standalone SVGs without styles, which the page's CSP
// would block.
func TestGuandanFanArt(t *testing.T) {
	a := Load()
	for _, n := range []string{"rj", "bj", "2h-wild", "2c-level", "as"} {
		as, ok := a.byName["cards/guandan/"+n+".svg"]
		if !ok {
			t.Errorf("no art %s", n)
			continue
		}
		body := string(as.Body)
		if strings.Contains(body, "style") || !strings.HasPrefix(body, "<svg") {
			t.Errorf("%s.svg: not a plain SVG without styles", n)
		}
	}
}
