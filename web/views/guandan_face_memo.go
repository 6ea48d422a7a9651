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

// memo holds what was made once for a small, bounded key (a language, a card, a level) and is
// the same every time after: card faces, chips and their names. A Guandan table page draws up
// to 60 faces and names up to 170 cards; rendering them again for every page (classes,
// attributes, digits, three catalog lookups a name) was a good part of the page's CPU.
type memo[K comparable, V any] struct {
	mu sync.RWMutex
	m  map[K]V
}

// get returns the value of k, made by mk the first time.
func (m *memo[K, V]) get(k K, mk func() (V, error)) (V, error) {
	m.mu.RLock()
	v, ok := m.m[k]
	m.mu.RUnlock()
	if ok {
		return v, nil
	}
	v, err := mk()
	if err != nil {
		return v, err
	}
	m.mu.Lock()
	if m.m == nil {
		m.m = map[K]V{}
	}
	m.m[k] = v
	m.mu.Unlock()
	return v, nil
}

// cardKey is what a card's markup or name depends on: the language (the digits, the words),
// the card, the level, and for a wild in a combination what it stands for. Every field is
// bounded (checked by bounded), so the memos are: at most 6 languages × 15 levels × (108 cards
// + 2 wilds × 13 ranks × 5 suits).
type cardKey struct {
	lang   string
	card   gd.Card
	level  gd.Rank
	stands bool
	as     gd.Rank
	asSuit gd.Suit
}

func playedKey(ctx context.Context, pc PlayedCard, level gd.Rank) (cardKey, bool) {
	k := cardKey{lang: i18n.FromContext(ctx).Code, card: pc.Card, level: level}
	if pc.Stands {
		k.stands, k.as, k.asSuit = true, pc.As, pc.AsSuit
	}
	ok := int(pc.Card) < gd.NumCards && level <= gd.RedJoker && k.as <= gd.RedJoker && k.asSuit <= gd.NoSuit
	return k, ok
}

var (
	faceMemo  memo[cardKey, []byte]
	chipMemo  memo[cardKey, []byte]
	labelMemo memo[cardKey, string]
)

// remembered writes the markup of comp, from m once drawn under k.
func remembered(ctx context.Context, w io.Writer, m *memo[cardKey, []byte], k cardKey, comp templ.Component) error {
	b, err := m.get(k, func() ([]byte, error) {
		var buf bytes.Buffer
		err := comp.Render(ctx, &buf)
		return buf.Bytes(), err
	})
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// guandanFace draws one card face (guandanFaceSVG), from the memo once drawn.
func guandanFace(c gd.Card, level gd.Rank) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		k, ok := playedKey(ctx, PlayedCard{Card: c}, level)
		if !ok {
			return guandanFaceSVG(c, level).Render(ctx, w) // nothing to bound a memo by
		}
		return remembered(ctx, w, &faceMemo, k, guandanFaceSVG(c, level))
	})
}

// guandanChip draws one card of the deal's trick list (guandanChipMarkup), from the memo once
// drawn.
func guandanChip(pc PlayedCard, level gd.Rank) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		k, ok := playedKey(ctx, pc, level)
		if !ok {
			return guandanChipMarkup(pc, level).Render(ctx, w)
		}
		return remembered(ctx, w, &chipMemo, k, guandanChipMarkup(pc, level))
	})
}

// playedLabel is what a screen reader says for a card of a combination (playedName), from the
// memo once said.
func playedLabel(ctx context.Context, pc PlayedCard, level gd.Rank) string {
	k, ok := playedKey(ctx, pc, level)
	if !ok {
		return playedName(ctx, pc, level)
	}
	s, _ := labelMemo.get(k, func() (string, error) { return playedName(ctx, pc, level), nil })
	return s
}

// cardLabel is what a screen reader says for a card of the human's hand: its name, and
// whether it is wild or a level card.
func cardLabel(ctx context.Context, c gd.Card, level gd.Rank) string {
	return playedLabel(ctx, PlayedCard{Card: c}, level)
}
