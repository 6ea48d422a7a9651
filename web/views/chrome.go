// Package views holds the site's templ components and the small view models they render. A
// component receives what one visitor may see and nothing else; every word it prints comes
// from the catalogs through i18n.T.
package views

import (
	"context"

	"github.com/cardavia/cardavia/i18n"
	"github.com/cardavia/cardavia/static"
)

// Filters are a visitor's three visual filter settings, each 0 to 100 (50 is neutral).
type Filters struct {
	Contrast    int
	Grain       int
	Temperature int
}

// NeutralFilters is the clean, unfiltered look every visitor starts with.
var NeutralFilters = Filters{Contrast: 50, Grain: 50, Temperature: 50}

// Neutral tells whether the filters leave the page exactly as designed.
func (f Filters) Neutral() bool { return f == NeutralFilters }

// Chrome is what the shared layout needs on every page.
type Chrome struct {
	// Assets gives the content-hashed URLs of static files.
	Assets *static.Assets
	// Path is the current page's path, for the navigation and for returning after a setting
	// changes.
	Path string
	// Filters are the visitor's filter settings.
	Filters Filters
	// Section names the navigation entry to mark as current ("home", "asnas", "guandan").
	Section string
	// SkipToHand adds a second skip link, to the viewer's hand, on a table page that shows
	// one (AsnasHand, GuandanHand): with the first, before the header, so that Tab reaches
	// it at once. The zero value is none.
	SkipToHand SkipLink
	// Refresh, when above zero, makes a page without JavaScript reload itself every Refresh
	// seconds (a shared table while the others play); app.js cancels it and follows the
	// table's events instead. It loads RefreshTo, the page's address without a notice about
	// an earlier move, which would otherwise stay up (and head the title) once the table
	// moved on.
	Refresh   int
	RefreshTo string
	// Learn loads the lessons' stylesheet (a lesson page).
	Learn bool
	// NoGameAssets leaves out the game's own stylesheet and script on a page of its section
	// that shows no table, felt or card (the history, the restart and new-table forms): 6.7 KB
	// on the wire and a render-blocking request that styled nothing there.
	NoGameAssets bool
}

// SkipLink is a skip link: the id of the element it leads to and the catalog key of its words.
type SkipLink struct {
	Target, Key string
}

// The skip links to the viewer's hand at each game's table, solo or shared.
var (
	AsnasHand   = SkipLink{Target: "hand", Key: "table.skip.hand"}
	GuandanHand = SkipLink{Target: "ghand", Key: "guandan.skip.hand"}
)

// SettingsForm is what the settings page shows besides the chrome.
type SettingsForm struct {
	// Filters are the values the sliders start at: the visitor's saved ones, also after a
	// refused form, since a refused form changes nothing.
	Filters Filters
	// Notice is the catalog key of a confirmation to show ("settings.saved"), or "".
	Notice string
	// Error is the catalog key of the reason a form was refused, or "".
	Error string
	// AsnasLevel is the As-Nas AI level choice.
	AsnasLevel AsnasLevelForm
	// GuandanLevel is the Guandan AI level form.
	GuandanLevel GuandanLevelChoice
}

// Title is the settings page's title: after the short form of its notice, if any, as a
// table's title is ("Saved · Settings"). A screen reader reads a new page's title first, so
// the confirmation of a Save is heard without looking for it.
func (f SettingsForm) Title(ctx context.Context) string {
	return tableTitle(ctx, NoticeView{Key: f.Notice}, "", i18n.T(ctx, "settings.title"))
}
