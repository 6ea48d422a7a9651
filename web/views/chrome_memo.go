package views

import (
	"context"
	"io"

	"github.com/a-h/templ"

	"github.com/cardavia/cardavia/i18n"
)

// quickKey is what the header's quick settings depend on: the language, the page to return to
// and the filters' values.
type quickKey struct {
	lang, path string
	filters    Filters
}

// quickMemo holds the quick settings' markup, on every page the same for most visitors. The
// path comes from the request, so the memo is bounded: full, it starts again.
var quickMemo = memo[quickKey, []byte]{max: 4096}

// quickSettings is the header's quick settings (quickSettingsMarkup), from the memo once drawn.
func quickSettings(ch Chrome) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		if len(ch.Path) > 256 {
			return quickSettingsMarkup(ch).Render(ctx, w)
		}
		k := quickKey{lang: i18n.FromContext(ctx).Code, path: ch.Path, filters: ch.Filters}
		return remembered(ctx, w, &quickMemo, k, func() templ.Component { return quickSettingsMarkup(ch) })
	})
}
