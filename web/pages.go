package web

import (
	"fmt"
	"net/http"
	"path"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/cardavia/cardavia/i18n"
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
		Assets:  s.assets,
		Path:    path,
		Filters: visitorFrom(r.Context()).prefs.Filters,
		Section: section,
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

// returnPath is where to go back to after a setting changed: a path on this site, else home.
// "//host" and "/\host" are refused because browsers read them as other hosts.
func returnPath(r *http.Request) string {
	p := r.PostFormValue("return")
	if !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") || strings.HasPrefix(p, "/\\") {
		return "/"
	}
	return p
}

// setLanguage remembers the visitor's language choice and goes back to the page they were on.
func (s *Server) setLanguage(w http.ResponseWriter, r *http.Request) error {
	if err := r.ParseForm(); err != nil {
		return badRequest("unreadable form")
	}
	l, ok := i18n.ByCode(r.PostFormValue("lang"))
	if !ok {
		return badRequest("unknown language")
	}
	id, err := s.ensureVisitor(w, r)
	if err != nil {
		return err
	}
	if err := s.updatePrefs(r.Context(), id, func(p *prefs) { p.Lang = l.Code }); err != nil {
		return err
	}
	http.Redirect(w, r, returnPath(r), http.StatusSeeOther)
	return nil
}

// parsePercent reads a 0–100 filter value.
func parsePercent(s string) (int, bool) {
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= 0 && n <= 100
}

// setFilters remembers the three visual filters and goes back to the page.
func (s *Server) setFilters(w http.ResponseWriter, r *http.Request) error {
	if err := r.ParseForm(); err != nil {
		return badRequest("unreadable form")
	}
	var f views.Filters
	var ok [3]bool
	f.Contrast, ok[0] = parsePercent(r.PostFormValue("contrast"))
	f.Grain, ok[1] = parsePercent(r.PostFormValue("grain"))
	f.Temperature, ok[2] = parsePercent(r.PostFormValue("temperature"))
	if ok != [3]bool{true, true, true} {
		return badRequest("filter values must be 0 to 100")
	}
	id, err := s.ensureVisitor(w, r)
	if err != nil {
		return err
	}
	if err := s.updatePrefs(r.Context(), id, func(p *prefs) { p.Filters = f }); err != nil {
		return err
	}
	http.Redirect(w, r, returnPath(r), http.StatusSeeOther)
	return nil
}

// filtersCSS is the per-visitor stylesheet: the filter values turned into CSS variables. Its
// URL holds the values, so it can be cached forever and the CSP stays free of inline styles.
// Out-of-range or missing values fall back to neutral.
func filtersCSS(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	val := func(k string) int {
		if n, ok := parsePercent(q.Get(k)); ok {
			return n
		}
		return 50
	}
	c, g, t := val("c"), val("g"), val("t")
	// Contrast 0–100 maps to 0.7–1.3; grain above 50 adds film grain, below 50 strips the paper
	// texture; temperature tints warm above 50 and cool below.
	contrast := 0.7 + 0.6*float64(c)/100
	grain := max(0, float64(g-50)/50) * 0.35
	texture := min(1, float64(g)/50)
	tint := "transparent"
	switch {
	case t > 50:
		tint = fmt.Sprintf("rgb(255 170 90 / %.3f)", float64(t-50)/50*0.22)
	case t < 50:
		tint = fmt.Sprintf("rgb(120 170 255 / %.3f)", float64(50-t)/50*0.2)
	}
	w.Header().Set("Content-Type", "text/css; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	fmt.Fprintf(w, ":root{--f-contrast:%.3f;--f-grain:%.3f;--f-texture:%.3f;--f-tint:%s}\n", contrast, grain, texture, tint)
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
