package web

import "github.com/cardavia/cardavia/web/views"

// games are the games of the atlas, in the order of the home page. A game without a TableURL
// is shown as coming soon: its rules can be read before its table opens.
func games() []views.Game {
	return []views.Game{
		{
			ID: "asnas", Cards: 20, TableURL: "/asnas", RulesURL: "/asnas/rules",
			Fan:      []string{"cards/asnas/as.svg", "cards/asnas/shah.svg", "cards/asnas/bibi.svg", "cards/asnas/sarbaz.svg", "cards/asnas/couli.svg"},
			Pictures: views.HandRanking,
		},
		{
			ID: "guandan", Cards: 108, TableURL: "/guandan", RulesURL: "/guandan/rules",
			Fan:      []string{"cards/guandan/rj.svg", "cards/guandan/bj.svg", "cards/guandan/2h-wild.svg", "cards/guandan/2c-level.svg", "cards/guandan/as.svg"},
			Pictures: views.Combinations,
		},
	}
}

// gameByID finds a game of the atlas.
func gameByID(id string) (views.Game, bool) {
	for _, g := range games() {
		if g.ID == id {
			return g, true
		}
	}
	return views.Game{}, false
}
