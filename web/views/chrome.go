// Package views holds the site's templ components and the small view models they render. A
// component receives what one visitor may see and nothing else; every word it prints comes
// from the catalogs through i18n.T.
package views

import (
	"strconv"

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

// Query is the filters as the query string of the per-visitor stylesheet; plain ASCII digits,
// never locale-formatted.
func (f Filters) Query() string {
	return "c=" + strconv.Itoa(f.Contrast) + "&g=" + strconv.Itoa(f.Grain) + "&t=" + strconv.Itoa(f.Temperature)
}

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
}
