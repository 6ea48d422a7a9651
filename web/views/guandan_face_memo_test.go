package views

import (
	"bytes"
	"context"
	"testing"

	"github.com/a-h/templ"

	"github.com/cardavia/cardavia/i18n"
	gd "github.com/cardavia/cardavia/rules/guandan"
)

// A remembered card face is the face templ draws, for every card, at several levels, in every
// language (Persian digits differ), the first time and the second.
func TestRememberedFacesAreTheDrawnOnes(t *testing.T) {
	for _, l := range i18n.Locales {
		ctx := i18n.WithLocale(context.Background(), l)
		for _, level := range []gd.Rank{gd.Two, gd.Seven, gd.Ten, gd.Ace} {
			for c := range gd.Card(gd.NumCards) {
				var want bytes.Buffer
				if err := guandanFaceSVG(c, level).Render(ctx, &want); err != nil {
					t.Fatal(err)
				}
				for round := range 2 {
					var got bytes.Buffer
					if err := guandanFace(c, level).Render(ctx, &got); err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(got.Bytes(), want.Bytes()) {
						t.Fatalf("%s, %v at level %v, round %d:\n%s\nwant\n%s", l.Code, c, level, round, got.Bytes(), want.Bytes())
					}
				}
			}
		}
	}
	en := i18n.WithLocale(context.Background(), i18n.Locales[0])
	fa, _ := i18n.ByCode("fa")
	var a, b bytes.Buffer
	_ = guandanFace(gd.Card(5), gd.Two).Render(en, &a)
	_ = guandanFace(gd.Card(5), gd.Two).Render(i18n.WithLocale(context.Background(), fa), &b)
	if bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Errorf("the English and the Persian face of %v are the same: %s", gd.Card(5), a.Bytes())
	}
}

// A remembered chip and a remembered name are the ones drawn and said afresh, a wild's
// stand-in included, in every language, the first time and the second.
func TestRememberedChipsAndNamesAreTheDrawnOnes(t *testing.T) {
	for _, l := range i18n.Locales {
		ctx := i18n.WithLocale(context.Background(), l)
		for _, level := range []gd.Rank{gd.Two, gd.Ten, gd.Ace} {
			var pcs []PlayedCard
			for c := range gd.Card(gd.NumCards) {
				pcs = append(pcs, PlayedCard{Card: c})
				if c.IsWild(level) {
					pcs = append(pcs, PlayedCard{Card: c, Stands: true, As: gd.Five, AsSuit: gd.NoSuit},
						PlayedCard{Card: c, Stands: true, As: gd.Five, AsSuit: gd.Spades})
				}
			}
			for _, pc := range pcs {
				var want bytes.Buffer
				if err := guandanChipMarkup(pc, level).Render(ctx, &want); err != nil {
					t.Fatal(err)
				}
				for round := range 2 {
					var got bytes.Buffer
					if err := guandanChip(pc, level).Render(ctx, &got); err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(got.Bytes(), want.Bytes()) {
						t.Fatalf("%s, %+v at level %v, round %d:\n%s\nwant\n%s", l.Code, pc, level, round, got.Bytes(), want.Bytes())
					}
					if got, want := playedLabel(ctx, pc, level), playedName(ctx, pc, level); got != want {
						t.Fatalf("%s, %+v at level %v, round %d: named %q, want %q", l.Code, pc, level, round, got, want)
					}
				}
			}
		}
	}
}

// A remembered card element (a card, a card of a combination, a card to pick in each of its
// states) is the one templ draws, in every language, the first time and the second.
func TestRememberedCardElementsAreTheDrawnOnes(t *testing.T) {
	type variant struct {
		name      string
		memo, raw func(c gd.Card, level gd.Rank) templ.Component
	}
	pick := func(kind string, checked, disabled bool) (func(gd.Card, gd.Rank) templ.Component, func(gd.Card, gd.Rank) templ.Component) {
		return func(c gd.Card, l gd.Rank) templ.Component { return guandanPick(c, l, kind, checked, disabled) },
			func(c gd.Card, l gd.Rank) templ.Component { return guandanPickMarkup(c, l, kind, checked, disabled) }
	}
	variants := []variant{
		{"card", guandanCard, guandanCardMarkup},
		{"played", func(c gd.Card, l gd.Rank) templ.Component { return guandanPlayedCard(PlayedCard{Card: c}, l) },
			func(c gd.Card, l gd.Rank) templ.Component { return guandanPlayedCardMarkup(PlayedCard{Card: c}, l) }},
		{"wild standing for a 5♠", func(c gd.Card, l gd.Rank) templ.Component {
			return guandanPlayedCard(PlayedCard{Card: c, Stands: true, As: gd.Five, AsSuit: gd.Spades}, l)
		}, func(c gd.Card, l gd.Rank) templ.Component {
			return guandanPlayedCardMarkup(PlayedCard{Card: c, Stands: true, As: gd.Five, AsSuit: gd.Spades}, l)
		}},
	}
	for _, p := range []struct {
		kind              string
		checked, disabled bool
	}{{"checkbox", false, false}, {"checkbox", true, false}, {"radio", false, false}, {"radio", false, true}, {"radio", true, false}} {
		m, r := pick(p.kind, p.checked, p.disabled)
		variants = append(variants, variant{p.kind, m, r})
	}
	for _, l := range i18n.Locales {
		ctx := i18n.WithLocale(context.Background(), l)
		for _, level := range []gd.Rank{gd.Two, gd.Nine} {
			for c := range gd.Card(gd.NumCards) {
				for _, v := range variants {
					var want bytes.Buffer
					if err := v.raw(c, level).Render(ctx, &want); err != nil {
						t.Fatal(err)
					}
					for round := range 2 {
						var got bytes.Buffer
						if err := v.memo(c, level).Render(ctx, &got); err != nil {
							t.Fatal(err)
						}
						if !bytes.Equal(got.Bytes(), want.Bytes()) {
							t.Fatalf("%s, %s %v at level %v, round %d:\n%s\nwant\n%s", l.Code, v.name, c, level, round, got.Bytes(), want.Bytes())
						}
					}
				}
			}
		}
	}
}

// A remembered finished trick is the one drawn afresh, in every language, and tricks that differ
// in any act, the winner or the level are not mistaken for each other.
func TestRememberedTricksAreTheDrawnOnes(t *testing.T) {
	m := gd.NewMatch(11)
	hand := m.Hands[0]
	plays := gd.LegalPlays(hand, gd.Two, gd.Reading{})
	if len(plays) < 3 {
		t.Fatal("too few plays")
	}
	ev := func(seat int, p gd.Play) gd.Event { return gd.Event{Kind: gd.EvPlay, Seat: seat, Play: p} }
	pass := func(seat int) gd.Event { return gd.Event{Kind: gd.EvPass, Seat: seat} }
	tricks := []PastTrick{
		{No: 1, WonBy: 0, Acts: []gd.Event{ev(0, plays[0]), pass(1), pass(2), pass(3)}},
		{No: 1, WonBy: 2, Acts: []gd.Event{ev(0, plays[0]), pass(1), ev(2, plays[1]), pass(3)}},
		{No: 2, WonBy: 0, Acts: []gd.Event{ev(0, plays[0]), pass(1), pass(2), pass(3)}},
		{No: 1, WonBy: 0, Acts: []gd.Event{ev(0, plays[2]), pass(1), pass(2), pass(3)}},
		{No: 1, WonBy: -1, Acts: []gd.Event{ev(0, plays[2])}},
	}
	for _, l := range i18n.Locales {
		ctx := i18n.WithLocale(context.Background(), l)
		for _, level := range []gd.Rank{gd.Two, gd.Five} {
			seen := map[string]bool{}
			for i, tr := range tricks {
				var want bytes.Buffer
				if err := guandanPastTrickMarkup(tr, level).Render(ctx, &want); err != nil {
					t.Fatal(err)
				}
				if seen[want.String()] {
					t.Fatalf("trick %d drawn as another", i)
				}
				seen[want.String()] = true
				for round := range 2 {
					var got bytes.Buffer
					if err := guandanPastTrick(tr, level).Render(ctx, &got); err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(got.Bytes(), want.Bytes()) {
						t.Fatalf("%s, trick %d at level %v, round %d:\n%s\nwant\n%s", l.Code, i, level, round, got.Bytes(), want.Bytes())
					}
				}
			}
		}
	}
}
