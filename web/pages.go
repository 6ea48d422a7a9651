package web

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/cardavia/cardavia/web/views"
)

// chrome gathers what the layout needs for this request. After a setting changes the visitor
// returns to this page, so a page answering a POST (an error page) returns home instead of to
// an address that would only answer 405, and so does a 404 at an address returnPath would
// refuse (a NUL or a backslash in it), which the page's forms would otherwise carry.
func (s *Server) chrome(r *http.Request, section string) views.Chrome {
	path := r.URL.Path
	if r.Method != http.MethodGet || !localPath(path) {
		path = "/"
	}
	return views.Chrome{
		Assets:  s.assets,
		Path:    path,
		Filters: visitorFrom(r.Context()).prefs.Filters,
		Section: section,
	}
}

// plainChrome is the chrome of a page in a game's section that shows none of its cards or
// table: without the game's own stylesheet and script.
func (s *Server) plainChrome(r *http.Request, section string) views.Chrome {
	ch := s.chrome(r, section)
	ch.NoGameAssets = true
	return ch
}

func (s *Server) home(w http.ResponseWriter, r *http.Request) error {
	gs := games()
	for i := range gs {
		gs[i].Learn = s.newcomer(r, gs[i].ID)
	}
	return s.render(w, r, http.StatusOK, views.HomePage(s.chrome(r, "home"), gs))
}

func (s *Server) rules(w http.ResponseWriter, r *http.Request) error {
	g, ok := gameByID(chi.URLParam(r, "game"))
	if !ok {
		return errNotFound
	}
	return s.render(w, r, http.StatusOK, views.RulesPage(s.chrome(r, g.ID), g))
}
