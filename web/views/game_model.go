package views

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/cardavia/cardavia/i18n"
)

// wikiURL is the game's Wikipedia article in the visitor's language: the catalog holds one
// link per language ("game.<id>.wikipedia"). Only https links to Wikipedia are used, so a
// catalog typo can never point visitors somewhere else.
func wikiURL(ctx context.Context, g Game) string {
	u := i18n.T(ctx, "game."+g.ID+".wikipedia")
	if host, ok := strings.CutPrefix(u, "https://"); ok {
		host, _, _ = strings.Cut(host, "/")
		if host == "wikipedia.org" || strings.HasSuffix(host, ".wikipedia.org") {
			return u
		}
	}
	return "https://en.wikipedia.org/wiki/Special:Search?search=" + url.QueryEscape(g.ID)
}

// Game is one game's card on the home page and the facts its pages share.
type Game struct {
	// ID is the game's short name: its path ("/asnas") and the prefix of its catalog keys.
	ID string
	// Cards is the number of cards in the game's pack.
	Cards int
	// TableURL is the table's path, or "" while the table is not open yet ("coming soon").
	TableURL string
	// RulesURL is the full rules' path.
	RulesURL string
	// Fan names a few card images (asset paths) to show on the game's card.
	Fan []string
	// Pictures is what the rules page draws with the game's card art.
	Pictures RulesPictures
	// Learn offers the game's lesson on its card: the visitor has never finished a match.
	Learn bool
}

// RulesPictures names the drawn part of a rules page.
type RulesPictures uint8

// The rules pages' pictures.
const (
	// NoPictures draws nothing beyond the text.
	NoPictures RulesPictures = iota
	// HandRanking draws the row of ranks and every hand category (As-Nas).
	HandRanking
	// Combinations draws every legal combination (Guandan).
	Combinations
)

// RuleSection is one numbered section of a rules page.
type RuleSection struct {
	Title      string
	Paragraphs []string
}

// maxRuleParts bounds the search for numbered rule keys; a rules page has far fewer.
const maxRuleParts = 40

// ruleSections reads a game's rules from the catalog: sections "<id>.rules.s<N>.title" with
// paragraphs "<id>.rules.s<N>.p<M>", numbered from 1 without gaps. The page shows as many as
// the catalog holds, so rule texts can grow without a template change.
func ruleSections(ctx context.Context, id string) []RuleSection {
	var out []RuleSection
	for n := 1; n <= maxRuleParts; n++ {
		title := fmt.Sprintf("%s.rules.s%d.title", id, n)
		if !i18n.Has(ctx, title) {
			break
		}
		sec := RuleSection{Title: i18n.T(ctx, title)}
		for m := 1; m <= maxRuleParts; m++ {
			p := fmt.Sprintf("%s.rules.s%d.p%d", id, n, m)
			if !i18n.Has(ctx, p) {
				break
			}
			sec.Paragraphs = append(sec.Paragraphs, i18n.T(ctx, p))
		}
		out = append(out, sec)
	}
	return out
}

// optional returns the key's message, or "" when the catalog does not define it.
func optional(ctx context.Context, key string) string {
	if !i18n.Has(ctx, key) {
		return ""
	}
	return i18n.T(ctx, key)
}
