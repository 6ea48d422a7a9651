package web

import (
	"testing"
)

// TestGuandanHintedPassIsHighlighted: the highlighted (primary) button is the move to make.
// When the hint says to pass, it is Pass, not Play; without a hint, or with a hint to play,
// it is Play. Only one button is highlighted.
func TestGuandanHintedPassIsHighlighted(t *testing.T) {
	ts := newSite(t)
	ts.gtable()
	// The partner leads the Ace and the visitor holds the Red Joker: the hint is to pass.
	p := ts.partnerLeadsTheAce()
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
