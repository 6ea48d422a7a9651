package web

import "github.com/cardavia/cardavia/web/views"

// guandanTableOpen says whether the Guandan table is playable. Until it is, the home page shows
// "coming soon" instead of a Table link. This is the one switch to flip.
const guandanTableOpen = true

// games are the games of the atlas, in the order of the home page.
func games() []views.Game {
	guandan := views.Game{
		ID: "guandan", Cards: 108, RulesURL: "/guandan/rules",
		Fan: []string{"cards/guandan/rj.svg", "cards/guandan/bj.svg", "cards/guandan/2h-wild.svg", "cards/guandan/2c-level.svg", "cards/guandan/as.svg"},
	}
	if guandanTableOpen {
		guandan.TableURL = "/guandan"
	}
	return []views.Game{
		{
			ID: "asnas", Cards: 20, TableURL: "/asnas", RulesURL: "/asnas/rules",
			Fan: []string{"cards/asnas/as.svg", "cards/asnas/shah.svg", "cards/asnas/bibi.svg", "cards/asnas/sarbaz.svg", "cards/asnas/couli.svg"},
		},
		guandan,
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
