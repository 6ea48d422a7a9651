package views

import (
	"context"
	"io"

	"github.com/a-h/templ"

	"github.com/cardavia/cardavia/i18n"
	"github.com/cardavia/cardavia/rules/asnas"
)

// asnasCardKey is what an As-Nas card's markup depends on: the language (its alt text and
// name), the image's address and the rank, or back for a card seen from behind. Bounded: six
// languages, six images.
type asnasCardKey struct {
	lang, src string
	rank      asnas.Rank
	back      bool
}

// asnasCards holds the cards' markup: an As-Nas table page shows twenty of them.
var asnasCards memo[asnasCardKey, []byte]

// faceCard is a card seen face up (faceCardMarkup), from the memo once drawn.
func faceCard(ch Chrome, r asnas.Rank) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		if !r.Valid() {
			return faceCardMarkup(ch, r).Render(ctx, w) // not a rank: nothing to bound the memo by
		}
		k := asnasCardKey{lang: i18n.FromContext(ctx).Code, src: ch.Assets.URL("cards/asnas/" + r.String() + ".svg"), rank: r}
		return remembered(ctx, w, &asnasCards, k, func() templ.Component { return faceCardMarkup(ch, r) })
	})
}

// backCard is a card seen from behind (backCardMarkup), from the memo once drawn.
func backCard(ch Chrome) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		k := asnasCardKey{lang: i18n.FromContext(ctx).Code, src: ch.Assets.URL("cards/asnas/back.svg"), back: true}
		return remembered(ctx, w, &asnasCards, k, func() templ.Component { return backCardMarkup(ch) })
	})
}
