package web

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/cardavia/cardavia/i18n"
	"github.com/cardavia/cardavia/web/views"
)

// maxSettingsFormBytes bounds a settings form: a language code and three small numbers.
const maxSettingsFormBytes = 2 << 10

// settingsPage shows the language choice and the three filter sliders with Save and Reset.
// After a plain form POST from this page the visitor lands here again with ?saved=1.
func (s *Server) settingsPage(w http.ResponseWriter, r *http.Request) error {
	notice := ""
	if r.URL.Query().Get("saved") == "1" {
		notice = "settings.saved"
	}
	page := views.SettingsPage(s.chrome(r, "settings"), views.SettingsForm{
		Filters:      visitorFrom(r.Context()).prefs.Filters,
		AsnasLevel:   asnasLevelForm(r),
		GuandanLevel: guandanLevelChoice(r, "/settings?saved=1"),
		Notice:       notice,
	})
	return s.render(w, r, http.StatusOK, page)
}

// returnPath is where to go back to after a setting changed: a path on this site, else home.
// "//host" and "/\host" are refused because browsers read them as other hosts, and so is any
// backslash, tab or newline: browsers drop tabs and newlines from a URL ("/\t/host"), and
// http.Redirect cleans "/../\host" to "/\host". Every other control character is refused too:
// http.Redirect passes it into the Location header as it is, which makes the response invalid
// (Chromium refuses one with a NUL in a header and shows its own error page; HTTP/2 drops the
// header, leaving a 303 that leads nowhere). A link to "/%00" puts one in a page's own path.
func returnPath(r *http.Request) string {
	if p := r.PostFormValue("return"); localPath(p) {
		return p
	}
	return "/"
}

// localPath says whether p is a path on this site that a link or a redirect may lead to
// (returnPath says which are not).
func localPath(p string) bool {
	return strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "//") && !strings.ContainsFunc(p, unsafeInPath)
}

// unsafeInPath tells the characters returnPath refuses: a backslash and every ASCII control
// character (C0 and DEL).
func unsafeInPath(r rune) bool { return r == '\\' || r < 0x20 || r == 0x7f }

// wantsNoPage tells a save made by app.js with fetch (which asks for JSON) from a plain form
// POST: the script needs no page back, only the status.
func wantsNoPage(r *http.Request) bool {
	return strings.Contains(r.Header.Get("Accept"), "application/json")
}

// settingsDone finishes a successful settings POST: 204 for the script, else 303 back to the
// page the visitor came from.
func settingsDone(w http.ResponseWriter, r *http.Request) {
	if wantsNoPage(r) {
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusNoContent)
		return
	}
	http.Redirect(w, r, returnPath(r), http.StatusSeeOther)
}

// refuseSettings answers a settings POST it cannot accept with 400 and the settings page,
// showing the visitor's unchanged settings and a sentence saying what was wrong.
func (s *Server) refuseSettings(w http.ResponseWriter, r *http.Request, problem string) error {
	// Its header's forms lead back where this one would have (the page it was sent from), not
	// home as other pages answering a POST do.
	ch := s.chrome(r, "settings")
	ch.Path = returnPath(r)
	page := views.SettingsPage(ch, views.SettingsForm{
		Filters:      visitorFrom(r.Context()).prefs.Filters,
		AsnasLevel:   asnasLevelForm(r),
		GuandanLevel: guandanLevelChoice(r, "/settings?saved=1"),
		Error:        problem,
	})
	return s.render(w, r, http.StatusBadRequest, page)
}

// setLanguage remembers the visitor's language choice and goes back to the page they were on.
func (s *Server) setLanguage(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, maxSettingsFormBytes)
	if err := r.ParseForm(); err != nil {
		return formError(err)
	}
	l, ok := i18n.ByCode(r.PostFormValue("lang"))
	if !ok {
		return s.refuseSettings(w, r, "settings.error.language")
	}
	id, err := s.ensureVisitor(w, r)
	if err != nil {
		return err
	}
	if err := s.updatePrefs(r.Context(), id, func(p *prefs) { p.Lang = l.Code }); err != nil {
		return err
	}
	settingsDone(w, r)
	return nil
}

// parsePercent reads a 0–100 filter value: plain ASCII digits only, so "+5", " 5" and "5.0"
// are refused rather than guessed at.
func parsePercent(s string) (int, bool) {
	if s == "" || len(s) > 3 || strings.Trim(s, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n <= 100
}

// setFilters remembers the three visual filters (and, from the settings page, the language)
// and goes back to the page. "reset" puts all three back to neutral whatever the sliders say.
// Any bad value refuses the whole form, so nothing changes halfway.
func (s *Server) setFilters(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, maxSettingsFormBytes)
	if err := r.ParseForm(); err != nil {
		return formError(err)
	}
	f := views.NeutralFilters
	if r.PostFormValue("reset") == "" {
		var ok [3]bool
		f.Contrast, ok[0] = parsePercent(r.PostFormValue("contrast"))
		f.Grain, ok[1] = parsePercent(r.PostFormValue("grain"))
		f.Temperature, ok[2] = parsePercent(r.PostFormValue("temperature"))
		if ok != [3]bool{true, true, true} {
			return s.refuseSettings(w, r, "settings.error.filters")
		}
	}
	lang := ""
	if _, sent := r.PostForm["lang"]; sent {
		l, ok := i18n.ByCode(r.PostFormValue("lang"))
		if !ok {
			return s.refuseSettings(w, r, "settings.error.language")
		}
		lang = l.Code
	}
	id, err := s.ensureVisitor(w, r)
	if err != nil {
		return err
	}
	err = s.updatePrefs(r.Context(), id, func(p *prefs) {
		p.Filters = f
		if lang != "" {
			p.Lang = lang
		}
	})
	if err != nil {
		return err
	}
	settingsDone(w, r)
	return nil
}
