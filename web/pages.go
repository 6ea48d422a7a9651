package web

import (
	"net/http"
	"path"

	"github.com/go-chi/chi/v5"

	"github.com/cardavia/cardavia/web/views"
)

// chrome gathers what the layout needs for this request. After a setting changes the visitor
// returns to this page, so a page answering a POST (an error page) returns home instead of to
// an address that would only answer 405.
func (s *Server) chrome(r *http.Request, section string) views.Chrome {
	path := r.URL.Path
	if r.Method != http.MethodGet {
		path = "/"
	}
	return views.Chrome{
		Assets:     s.assets,
		Path:       path,
		Filters:    visitorFrom(r.Context()).prefs.Filters,
		FiltersCSS: filterSheetURL(),
		Section:    section,
	}
}

func (s *Server) home(w http.ResponseWriter, r *http.Request) error {
	return s.render(w, r, http.StatusOK, views.HomePage(s.chrome(r, "home"), games()))
}

func (s *Server) rules(w http.ResponseWriter, r *http.Request) error {
	g, ok := gameByID(chi.URLParam(r, "game"))
	if !ok {
		return errNotFound
	}
	return s.render(w, r, http.StatusOK, views.RulesPage(s.chrome(r, g.ID), g))
}

// serveStatic serves an embedded file by its content-hashed name, cacheable forever: a changed
// file gets a new name.
func (s *Server) serveStatic(w http.ResponseWriter, r *http.Request) {
	a, ok := s.assets.ByHashed(chi.URLParam(r, "*"))
	if !ok {
		s.writeErrorPage(w, r, http.StatusNotFound)
		return
	}
	ct := map[string]string{".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".js": "text/javascript; charset=utf-8"}[path.Ext(a.Name)]
	if ct == "" {
		ct = "application/octet-stream"
	}
	w.Header().Set("Content-Type", ct)
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	_, _ = w.Write(a.Body)
}
