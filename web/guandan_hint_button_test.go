package web

import (
	"testing"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// TestGuandanHintedPassIsHighlighted: the highlighted (primary) button is the move to make.
// When the hint says to pass, it is Pass, not Play; without a hint, or with a hint to play,
// it is Play. Only one button is highlighted.
func TestGuandanHintedPassIsHighlighted(t *testing.T) {
	ts := newSite(t)
	ts.gtable()
	// The partner leads the Ace and the visitor holds the Red Joker: the hint is to pass.
	p := ts.hintAt(2, [4]string{
		"4S 7H 8C JD RJ",
		"3S 3H 5C 6D 7S 8S 9C TD JS QH KC",
		"AS 4D 5D 6C 7C 8D 9D TC JC QC KD",
		"3C 4C 5S 6S 7D 8H 9S TS JH QS KS",
	}, gd.Action{Kind: gd.ActPlay, Seat: 2, Cards: cardsOf(t, "AS")}, gd.Action{Kind: gd.ActPass, Seat: 3})
	if attr(p.doc.Find(".ghint"), "data-hint") != "false" {
		t.Fatalf("the hint is not to pass: %q", p.doc.Find(".ghint").Text())
	}
	primary := p.doc.Find(`form[action="/guandan/play"] .actions .primary`)
	if primary.Length() != 1 || attr(primary, "data-action") != "pass" {
		t.Errorf("the hint says pass, yet the highlighted buttons are %d, %q", primary.Length(), attr(primary, "data-action"))
	}
	// The same position without the hint: Play.
	p = ts.gtable()
	primary = p.doc.Find(`form[action="/guandan/play"] .actions .primary`)
	if primary.Length() != 1 || attr(primary, "data-action") != "play" {
		t.Errorf("without a hint the highlighted buttons are %d, %q; want Play", primary.Length(), attr(primary, "data-action"))
	}
	// A hint to play: Play.
	p = eastLeadsAFive(t, ts)
	if attr(p.doc.Find(".ghint"), "data-hint") != "true" {
		t.Fatalf("the hint is not to play: %q", p.doc.Find(".ghint").Text())
	}
	primary = p.doc.Find(`form[action="/guandan/play"] .actions .primary`)
	if primary.Length() != 1 || attr(primary, "data-action") != "play" {
		t.Errorf("the hint says play, yet the highlighted buttons are %d, %q", primary.Length(), attr(primary, "data-action"))
	}
}
