package views

import (
	"bytes"
	"context"
	"encoding/binary"
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
	// max, when set, bounds a memo whose keys are not bounded: full, it starts again, so the
	// values in use come back first.
	max int
}

// peek returns the value of k if it was made.
func (m *memo[K, V]) peek(k K) (V, bool) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	v, ok := m.m[k]
	return v, ok
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
	if m.m == nil || m.max > 0 && len(m.m) >= m.max {
		m.m = make(map[K]V, m.max)
	}
	m.m[k] = v
	m.mu.Unlock()
	return v, nil
}

// cardKey is what a card's markup or name depends on: the language (the digits, the words),
// which element holds the card, the card, the level, and for a wild in a combination what it
// stands for. Every field is bounded (playedKey checks the card, the level and the stand-in),
// so the memos are too: at most 6 languages × 15 levels × 7 kinds × (108 cards + 2 wilds ×
// 13 ranks × 5 suits), and far fewer in use.
type cardKey struct {
	lang string
	// element is which markup of the card (see the element kinds), 0 for a face, chip or name.
	element uint8
	card    gd.Card
	level   gd.Rank
	stands  bool
	as      gd.Rank
	asSuit  gd.Suit
}

func playedKey(ctx context.Context, pc PlayedCard, level gd.Rank) (cardKey, bool) {
	k := cardKey{lang: i18n.FromContext(ctx).Code, card: pc.Card, level: level}
	if pc.Stands {
		k.stands, k.as, k.asSuit = true, pc.As, pc.AsSuit
	}
	ok := int(pc.Card) < gd.NumCards && level <= gd.RedJoker && k.as <= gd.RedJoker && k.asSuit <= gd.NoSuit
	return k, ok
}

// The element kinds of cardKey: a card drawn as it is, a card of a combination, and a card
// of the hand to pick, as a checkbox or a radio button, checked or disabled.
const (
	elemCard = 1 + iota
	elemPlayed
	elemCheckbox
	elemCheckboxChecked
	elemRadio
	elemRadioDisabled
)

var (
	faceMemo   memo[cardKey, []byte]
	aroundMemo memo[cardKey, [2][]byte]
	chipMemo   memo[cardKey, []byte]
	labelMemo  memo[cardKey, string]
)

// remembered writes the markup of the component mk makes, from m once drawn under k. The
// component is made only to be drawn: making one costs allocations, for nothing on a hit.
func remembered[K comparable](ctx context.Context, w io.Writer, m *memo[K, []byte], k K, mk func() templ.Component) error {
	b, err := m.get(k, func() ([]byte, error) {
		var buf bytes.Buffer
		err := mk().Render(ctx, &buf)
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
		return remembered(ctx, w, &faceMemo, k, func() templ.Component { return guandanFaceSVG(c, level) })
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
		return remembered(ctx, w, &chipMemo, k, func() templ.Component { return guandanChipMarkup(pc, level) })
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

// rememberedAround writes the markup of the component mk makes, a card element holding the
// card's face, from the memo once drawn under k: the element's markup before and after the
// face, which comes from the face memo, so that each face is kept once, whatever holds it.
func rememberedAround(ctx context.Context, w io.Writer, k cardKey, mk func() templ.Component) error {
	face := k
	face.element, face.stands, face.as, face.asSuit = 0, false, 0, 0
	around, err := aroundMemo.get(k, func() ([2][]byte, error) {
		var buf bytes.Buffer
		if err := mk().Render(ctx, &buf); err != nil {
			return [2][]byte{}, err
		}
		f, _ := faceMemo.peek(face) // drawn just now, inside the component
		all := buf.Bytes()
		i := bytes.Index(all, f)
		if len(f) == 0 || i < 0 {
			return [2][]byte{all, nil}, nil // no face inside: kept whole
		}
		return [2][]byte{all[:i:i], all[i+len(f):]}, nil
	})
	if err != nil {
		return err
	}
	if _, err := w.Write(around[0]); err != nil || around[1] == nil {
		return err
	}
	if err := guandanFace(k.card, k.level).Render(ctx, w); err != nil {
		return err
	}
	_, err = w.Write(around[1])
	return err
}

// guandanCard is a card face that cannot be picked (guandanCardMarkup), from the memo.
func guandanCard(c gd.Card, level gd.Rank) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		k, ok := playedKey(ctx, PlayedCard{Card: c}, level)
		if !ok {
			return guandanCardMarkup(c, level).Render(ctx, w)
		}
		k.element = elemCard
		return rememberedAround(ctx, w, k, func() templ.Component { return guandanCardMarkup(c, level) })
	})
}

// guandanPlayedCard is a card of a combination (guandanPlayedCardMarkup), from the memo.
func guandanPlayedCard(pc PlayedCard, level gd.Rank) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		k, ok := playedKey(ctx, pc, level)
		if !ok {
			return guandanPlayedCardMarkup(pc, level).Render(ctx, w)
		}
		k.element = elemPlayed
		return rememberedAround(ctx, w, k, func() templ.Component { return guandanPlayedCardMarkup(pc, level) })
	})
}

// guandanPick is a card of the human's hand to pick (guandanPickMarkup), from the memo.
func guandanPick(c gd.Card, level gd.Rank, kind string, checked, disabled bool) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		k, ok := playedKey(ctx, PlayedCard{Card: c}, level)
		switch {
		case kind == "checkbox" && !disabled:
			k.element = elemCheckbox
			if checked {
				k.element = elemCheckboxChecked
			}
		case kind == "radio" && !checked:
			k.element = elemRadio
			if disabled {
				k.element = elemRadioDisabled
			}
		default:
			ok = false
		}
		if !ok {
			return guandanPickMarkup(c, level, kind, checked, disabled).Render(ctx, w)
		}
		return rememberedAround(ctx, w, k, func() templ.Component { return guandanPickMarkup(c, level, kind, checked, disabled) })
	})
}

// pastTricks holds the markup of finished tricks. A finished trick never changes, and every
// page of the rest of the deal lists it again (two pages a move when the hint is read): late
// in a deal the list was the most expensive part of the page. The key is the trick itself,
// byte for byte (see trickKey), never a hash of it, so no page can show another's trick. Its
// keys are not bounded, so it is: some 1 KB an entry, key and markup.
var pastTricks = memo[string, []byte]{max: 8192}

// trickKey is what a finished trick's markup depends on: the language, the seating at a shared
// table, the level, the trick's number and winner, and each act's seat, kind, cards and
// reading.
func trickKey(ctx context.Context, tr PastTrick, level gd.Rank) string {
	b := make([]byte, 0, 16+len(tr.Acts)*24)
	b = append(b, i18n.FromContext(ctx).Code...)
	b = append(b, 0, byte(level), byte(tr.No), byte(tr.No>>8), byte(tr.WonBy))
	if st := seatingOf(ctx); st.shared() {
		// Seat names depend on who looks: the viewer is "You", players by their names.
		b = append(b, 1, byte(st.Viewer))
		for i, n := range st.Names {
			b = append(b, byte(len(n)), boolByte(st.AI[i]))
			b = append(b, n...)
		}
	}
	for _, e := range tr.Acts {
		b = append(b, byte(e.Seat), byte(e.Kind))
		if e.Kind == gd.EvPlay {
			for _, w := range e.Play.Cards {
				b = binary.LittleEndian.AppendUint64(b, w)
			}
			b = append(b, e.Play.Reading.String()...)
			b = append(b, 0)
		}
	}
	return string(b)
}

// guandanPastTrick is one trick of the list (guandanPastTrickMarkup), from the memo once
// finished.
func guandanPastTrick(tr PastTrick, level gd.Rank) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		if tr.WonBy < 0 {
			return guandanPastTrickMarkup(tr, level).Render(ctx, w) // still being played
		}
		return remembered(ctx, w, &pastTricks, trickKey(ctx, tr, level), func() templ.Component { return guandanPastTrickMarkup(tr, level) })
	})
}

// trackKey is what a tracker cell's markup depends on: the language, the level (which column
// is the level's and the wilds'), the column and how many of its cards are out. Every field is
// bounded: 6 languages × 15 levels × 16 columns × 9 counts at most.
type trackKey struct {
	lang  string
	level gd.Rank
	col   uint8
	out   uint8
	// head marks the head row, drawn once for all its columns (col and out are 0).
	head bool
}

var trackMemo memo[trackKey, []byte]

// trackerHeads is the tracker's head row (trackerHeadsMarkup), from the memo once drawn.
func trackerHeads(level gd.Rank, cells []TrackCell) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		if level > gd.RedJoker {
			return trackerHeadsMarkup(cells).Render(ctx, w)
		}
		k := trackKey{lang: i18n.FromContext(ctx).Code, level: level, head: true}
		return remembered(ctx, w, &trackMemo, k, func() templ.Component { return trackerHeadsMarkup(cells) })
	})
}

// trackerCount is a column's count (trackerCountMarkup), from the memo once drawn.
func trackerCount(c TrackCell) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		if c.col < 0 || c.col > 15 || c.Out < 0 || c.Out > 8 || c.level > gd.RedJoker {
			return trackerCountMarkup(c).Render(ctx, w)
		}
		k := trackKey{lang: i18n.FromContext(ctx).Code, level: c.level, col: uint8(c.col), out: uint8(c.Out)}
		return remembered(ctx, w, &trackMemo, k, func() templ.Component { return trackerCountMarkup(c) })
	})
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}
