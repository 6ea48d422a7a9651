package views

import (
	"bytes"
	"context"
	"io"
	"sync"

	"github.com/a-h/templ"

	"github.com/cardavia/cardavia/i18n"
	gd "github.com/cardavia/cardavia/rules/guandan"
)

// faceKey is what a card face's markup depends on: the language (the digits, the word for
// wild), the card and the level.
type faceKey struct {
	lang  string
	card  gd.Card
	level gd.Rank
}

// faceMemo holds every card face drawn so far. A Guandan table page draws up to 60 faces, the
// same markup every time for the same card, level and language; rendering them through templ
// (classes, attributes, digits) was a tenth of the page's CPU. At most 108 cards × 15 levels ×
// 6 languages, about 600 bytes each.
var faceMemo = struct {
	mu sync.RWMutex
	m  map[faceKey][]byte
}{m: map[faceKey][]byte{}}

// guandanFace draws one card face (guandanFaceSVG), from the memo once drawn.
func guandanFace(c gd.Card, level gd.Rank) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		if int(c) >= gd.NumCards || level > gd.RedJoker {
			return guandanFaceSVG(c, level).Render(ctx, w) // nothing to bound a memo by
		}
		k := faceKey{lang: i18n.FromContext(ctx).Code, card: c, level: level}
		faceMemo.mu.RLock()
		b, ok := faceMemo.m[k]
		faceMemo.mu.RUnlock()
		if !ok {
			var buf bytes.Buffer
			if err := guandanFaceSVG(c, level).Render(ctx, &buf); err != nil {
				return err
			}
			b = buf.Bytes()
			faceMemo.mu.Lock()
			faceMemo.m[k] = b
			faceMemo.mu.Unlock()
		}
		_, err := w.Write(b)
		return err
	})
}
