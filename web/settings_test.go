package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/cardavia/cardavia/i18n"
	"github.com/cardavia/cardavia/web/store"
)

// filtersOf reads the three filter hooks of a page's root element.
func filtersOf(p page) [3]string {
	html := p.doc.Find("html")
	return [3]string{attr(html, "data-contrast"), attr(html, "data-grain"), attr(html, "data-temperature")}
}

func filterForm(c, g, t string) url.Values {
	return url.Values{"contrast": {c}, "grain": {g}, "temperature": {t}, "return": {"/asnas/rules"}}
}

func TestFiltersAreNeutralByDefault(t *testing.T) {
	ts := newSite(t)
	p := ts.get("/")
	if got := filtersOf(p); got != [3]string{"50", "50", "50"} {
		t.Errorf("a new visitor's filters: %v, want 50 50 50", got)
	}
	for _, name := range []string{"contrast", "grain", "temperature"} {
		if out := p.doc.Find(`.controls output[data-output="` + name + `"]`).Text(); out != "50%" {
			t.Errorf("header shows %s as %q, want 50%%", name, out)
		}
	}
	if text := p.doc.Find(".controls").Text(); !strings.Contains(text, "Contrast:") || !strings.Contains(text, "Grain:") || !strings.Contains(text, "Color temperature:") {
		t.Errorf("header controls: %q", text)
	}
}

// TestFilterStylesheetFollowsTheRootAttributes checks the whole chain from a saved value to a
// style: the value is on the root element, app.css turns every value into the CSS number its
// formulas compute with, and applies nothing at all at 50. The page links app.css and no
// other stylesheet for it: the values were a second stylesheet, /filters.css, one more
// request that held up the first paint of every first visit.
func TestFilterStylesheetFollowsTheRootAttributes(t *testing.T) {
	ts := newSite(t)
	if r := ts.post("/settings", filterForm("80", "70", "20")); r.status != http.StatusSeeOther || r.header.Get("Location") != "/asnas/rules" {
		t.Fatalf("save: %d to %q", r.status, r.header.Get("Location"))
	}
	p := ts.get("/asnas/rules")
	if got := filtersOf(p); got != [3]string{"80", "70", "20"} {
		t.Fatalf("saved filters shown as %v", got)
	}
	if out := p.doc.Find(`.controls output[data-output="contrast"]`).Text(); out != "80%" {
		t.Errorf("header shows contrast %q, want 80%%", out)
	}
	var sheets []string
	p.doc.Find(`link[rel="stylesheet"]`).Each(func(_ int, l *goquery.Selection) { sheets = append(sheets, attr(l, "href")) })
	if len(sheets) != 1 || sheets[0] != ts.server.assets.URL("app.css") {
		t.Fatalf("the rules page links the stylesheets %q, want app.css alone", sheets)
	}
	app := ts.get(sheets[0])
	if app.status != 200 || !strings.HasPrefix(app.header.Get("Content-Type"), "text/css") {
		t.Fatalf("app.css: %d %q", app.status, app.header.Get("Content-Type"))
	}
	for _, want := range []string{`html[data-contrast="80"]{--contrast:80}`, `html[data-grain="70"]{--grain:70}`, `html[data-temperature="20"]{--temperature:20}`, `html[data-grain="0"]{--grain:0}`, `html[data-temperature="100"]{--temperature:100}`} {
		if !strings.Contains(app.body, want) {
			t.Errorf("app.css lacks %s", want)
		}
	}
	for _, want := range []string{`html:not([data-contrast="50"]) { filter:`, `html:not([data-grain="50"]) body::before`, `html:not([data-temperature="50"]) body::after`, "pointer-events: none"} {
		if !strings.Contains(app.body, want) {
			t.Errorf("app.css lacks %q", want)
		}
	}
}

func TestResetPutsAllThreeBackTo50(t *testing.T) {
	ts := newSite(t)
	ts.post("/settings", filterForm("0", "100", "0"))
	form := filterForm("0", "100", "0")
	form.Set("reset", "1")
	if r := ts.post("/settings", form); r.status != http.StatusSeeOther {
		t.Fatalf("reset: %d", r.status)
	}
	if got := filtersOf(ts.get("/")); got != [3]string{"50", "50", "50"} {
		t.Errorf("after reset: %v", got)
	}
}

// TestScriptSavesWithoutARedirect is the request app.js sends when a slider is let go: the
// same form fields, asking for JSON, answered 204 with nothing to render.
func TestScriptSavesWithoutARedirect(t *testing.T) {
	ts := newSite(t)
	r := ts.post("/settings", url.Values{"contrast": {"10"}, "grain": {"90"}, "temperature": {"75"}}, "Accept", "application/json")
	if r.status != http.StatusNoContent || r.header.Get("Location") != "" || r.body != "" {
		t.Fatalf("fetch save: %d %q %q", r.status, r.header.Get("Location"), r.body)
	}
	if got := filtersOf(ts.get("/")); got != [3]string{"10", "90", "75"} {
		t.Errorf("after fetch save: %v", got)
	}
}

// TestBadFilterValuesChangeNothing sends every kind of bad value: each gets a 400 page in the
// visitor's language saying what is wrong, and the saved filters stay as they were.
func TestBadFilterValuesChangeNothing(t *testing.T) {
	ts := newSite(t)
	ts.post("/settings/language", url.Values{"lang": {"sv"}})
	ts.post("/settings", filterForm("30", "60", "90"))
	for name, form := range map[string]url.Values{
		"text":          filterForm("abc", "50", "50"),
		"negative":      filterForm("50", "-1", "50"),
		"over 100":      filterForm("50", "50", "101"),
		"empty":         filterForm("", "50", "50"),
		"fraction":      filterForm("50.5", "50", "50"),
		"plus sign":     filterForm("+5", "50", "50"),
		"space":         filterForm(" 5", "50", "50"),
		"huge":          filterForm("99999999999999999999", "50", "50"),
		"missing":       {"contrast": {"50"}, "grain": {"50"}},
		"nothing":       {},
		"bad language":  {"contrast": {"50"}, "grain": {"50"}, "temperature": {"50"}, "lang": {"xx"}},
		"fetch, text":   filterForm("x", "50", "50"),
		"Persian digit": filterForm("۵۰", "50", "50"),
	} {
		t.Run(name, func(t *testing.T) {
			var r page
			if strings.HasPrefix(name, "fetch") {
				r = ts.post("/settings", form, "Accept", "application/json")
			} else {
				r = ts.post("/settings", form)
			}
			if r.status != http.StatusBadRequest {
				t.Fatalf("status %d, want 400", r.status)
			}
			msg := strings.TrimSpace(r.doc.Find(`[data-error]`).Text())
			if !strings.Contains(msg, "Inget ändrades") {
				t.Errorf("the refusal %q does not say, in Swedish, that nothing changed", msg)
			}
			if got := filtersOf(r); got != [3]string{"30", "60", "90"} {
				t.Errorf("the refusal page shows %v, want the saved 30 60 90", got)
			}
		})
	}
	// The refusal's own header forms lead back to the page the form was sent from (they led
	// home), and a return that is not this site's still leads home.
	for ret, want := range map[string]string{"/guandan?arrange=suit": "/guandan?arrange=suit", "//elsewhere.example/": "/"} {
		form := filterForm("x", "50", "50")
		form.Set("return", ret)
		r := ts.post("/settings", form)
		for _, f := range []string{`form[data-language]`, `form[data-filters]`} {
			if got := attr(r.doc.Find(f+` input[name="return"]`), "value"); r.status != http.StatusBadRequest || got != want {
				t.Errorf("a refusal sent from %q (%d): its header's %s returns to %q, want %q", ret, r.status, f, got, want)
			}
		}
	}
	p := ts.get("/")
	if got := filtersOf(p); got != [3]string{"30", "60", "90"} {
		t.Errorf("bad values changed the filters to %v", got)
	}
	if attr(p.doc.Find("html"), "lang") != "sv" {
		t.Error("a bad form changed the language")
	}
}

// TestSettingsPage checks the page's form without JavaScript: three sliders, the languages,
// Save and Reset; saving it changes language and filters at once and comes back with a notice.
func TestSettingsPage(t *testing.T) {
	ts := newSite(t)
	p := ts.get("/settings")
	if p.status != 200 {
		t.Fatalf("status %d", p.status)
	}
	form := p.doc.Find(`form.settings-form[method="post"][action="/settings"]`)
	if form.Find(`input[type="range"][min="0"][max="100"]`).Length() != 3 || form.Find(`input[type="radio"][name="lang"]`).Length() != 6 {
		t.Fatal("the settings form lacks its sliders or its languages")
	}
	if form.Find("[data-save]").Length() != 1 || form.Find(`button[name="reset"]`).Length() != 1 {
		t.Fatal("no Save or Reset button")
	}
	if p.doc.Find(`.controls output[data-output="grain"]`).Text() != "50%" {
		t.Error("the header does not show the grain on the settings page")
	}
	r := ts.post("/settings", url.Values{"lang": {"da"}, "contrast": {"40"}, "grain": {"50"}, "temperature": {"65"}, "return": {"/settings?saved=1"}})
	if r.status != http.StatusSeeOther || r.header.Get("Location") != "/settings?saved=1" {
		t.Fatalf("save: %d %q", r.status, r.header.Get("Location"))
	}
	after := ts.get("/settings?saved=1")
	if attr(after.doc.Find("html"), "lang") != "da" || filtersOf(after) != [3]string{"40", "50", "65"} {
		t.Errorf("after saving: lang %q, filters %v", attr(after.doc.Find("html"), "lang"), filtersOf(after))
	}
	if after.doc.Find(`[data-notice="settings.saved"]`).Length() != 1 {
		t.Error("no confirmation after saving")
	}
	if !strings.Contains(after.doc.Find(`.setting output[data-output="contrast"]`).Text(), "40") {
		t.Error("the settings page does not show the saved contrast")
	}
}

func TestLanguageComesFromTheBrowserUntilChosen(t *testing.T) {
	ts := newSite(t)
	for header, want := range map[string]string{"da-DK,da;q=0.9": "da", "zh-CN": "zh-Hans", "es-419": "es", "de": "en"} {
		if got := attr(ts.get("/", "Accept-Language", header).doc.Find("html"), "lang"); got != want {
			t.Errorf("Accept-Language %q: lang %q, want %q", header, got, want)
		}
	}
	ts.post("/settings/language", url.Values{"lang": {"fa"}, "return": {"/"}})
	for _, header := range []string{"sv", "", "zh"} {
		if got := attr(ts.get("/", "Accept-Language", header).doc.Find("html"), "lang"); got != "fa" {
			t.Errorf("chosen فارسی, Accept-Language %q: lang %q", header, got)
		}
	}
}

// TestPreferencesLastWhileTheyAreUsed: the store forgets an entry 30 days after its last write,
// so a visitor who keeps coming back must not lose their choices 30 days after making them.
func TestPreferencesLastWhileTheyAreUsed(t *testing.T) {
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	ts := newSite(t, func(c *Config) {
		c.Store = store.NewMemory(store.TTL, clock)
		c.Now = clock
	})
	ts.post("/settings/language", url.Values{"lang": {"es"}})
	ts.post("/settings", filterForm("70", "50", "50"))
	for day := 1; day <= 75; day += 20 {
		now = now.Add(20 * 24 * time.Hour)
		p := ts.get("/")
		if attr(p.doc.Find("html"), "lang") != "es" || filtersOf(p)[0] != "70" {
			t.Fatalf("a visitor coming back every 20 days lost their settings after %d days", day+19)
		}
	}
	// Someone who stays away longer than the store keeps anything starts afresh.
	now = now.Add(31 * 24 * time.Hour)
	if got := filtersOf(ts.get("/")); got != [3]string{"50", "50", "50"} {
		t.Errorf("after 31 days away: %v", got)
	}
}

// The two games' level choices sit one above the other on the settings page and read alike:
// the same legend after the game's name and the same Save button. The Guandan one said
// "Guandan: computer players" and "Change level" under "As-Nas: level of the AI players" and
// "Save level" (datorspelare, computerspillere, 更改水平: every language).
func TestSettingsLevelChoicesReadAlike(t *testing.T) {
	ts := newSite(t)
	for _, lang := range []string{"en", "sv", "da", "es", "fa", "zh-CN"} {
		p := ts.get("/settings", "Accept-Language", lang)
		asnas, guandan := p.doc.Find(`form[data-asnas-level]`), p.doc.Find(`form[data-guandan-level]`)
		if asnas.Length() != 1 || guandan.Length() != 1 {
			t.Fatalf("%s: %d As-Nas and %d Guandan level forms", lang, asnas.Length(), guandan.Length())
		}
		// What follows the game's name and its colon (":" or "：").
		after := func(s *goquery.Selection) string {
			text := strings.TrimSpace(s.Find("legend").First().Text())
			if i := strings.IndexAny(text, ":："); i >= 0 {
				return strings.TrimSpace(text[i+len(string([]rune(text[i:])[0])):])
			}
			return text
		}
		if a, g := after(asnas), after(guandan); a == "" || a != g {
			t.Errorf("%s: the legends read %q and %q", lang, a, g)
		}
		button := func(s *goquery.Selection) string {
			return strings.TrimSpace(s.Find(`button[type="submit"]`).Last().Text())
		}
		if a, g := button(asnas), button(guandan); a != g {
			t.Errorf("%s: the Save buttons read %q and %q", lang, a, g)
		}
		if attr(guandan.Find(`button[type="submit"]`).Last(), "class") != attr(asnas.Find(`button[type="submit"]`).Last(), "class") {
			t.Errorf("%s: one Save button is the page's primary and the other is not", lang)
		}
	}
}

// TestHelpTextsDescribeTheirControls: the sentence under each slider of the settings page and
// under each level of the level choices (the settings page's two, the As-Nas table's) is the
// description of its control (aria-describedby), so that a screen reader reads it with the
// control; before, it was a paragraph of its own that a player tabbing from control to control
// never heard. So is the As-Nas table's note under its levels (when a new level takes effect),
// which describes Change level. Each id the controls name is on the page once.
func TestHelpTextsDescribeTheirControls(t *testing.T) {
	ts := newSite(t)
	for path, want := range map[string]map[string]string{
		"/settings": {
			"#settings-contrast":                           "settings.contrast.help",
			"#settings-grain":                              "settings.grain.help",
			"#settings-temperature":                        "settings.temperature.help",
			`[data-asnas-level] input[value="beginner"]`:   "asnas.ai.level.beginner.help",
			`[data-asnas-level] input[value="club"]`:       "asnas.ai.level.club.help",
			`[data-asnas-level] input[value="master"]`:     "asnas.ai.level.master.help",
			`[data-guandan-level] input[value="beginner"]`: "guandan_ai.level.beginner.help",
			`[data-guandan-level] input[value="club"]`:     "guandan_ai.level.club.help",
			`[data-guandan-level] input[value="master"]`:   "guandan_ai.level.master.help",
			`[data-guandan-level] fieldset`:                "guandan_ai.level.help",
		},
		"/asnas": {
			`input[name="level"][value="beginner"]`: "asnas.ai.level.beginner.help",
			`input[name="level"][value="club"]`:     "asnas.ai.level.club.help",
			`input[name="level"][value="master"]`:   "asnas.ai.level.master.help",
			`[data-control="level"]`:                "asnas.ai.note",
		},
	} {
		p := ts.get(path)
		if p.status != http.StatusOK {
			t.Fatalf("GET %s: %d", path, p.status)
		}
		ids := map[string]int{}
		p.doc.Find("[id]").Each(func(_ int, s *goquery.Selection) { ids[attr(s, "id")]++ })
		for id, n := range ids {
			if n > 1 {
				t.Errorf("%s: the id %q is on the page %d times", path, id, n)
			}
		}
		for sel, key := range want {
			control := p.doc.Find(sel)
			if control.Length() != 1 {
				t.Fatalf("%s: %d of %s", path, control.Length(), sel)
			}
			by := attr(control, "aria-describedby")
			help := p.doc.Find("#" + by)
			if by == "" || help.Length() != 1 {
				t.Errorf("%s: %s is described by %q, which is no element of the page", path, sel, by)
				continue
			}
			if got, text := strings.TrimSpace(help.Text()), i18n.T(i18n.WithLocale(t.Context(), i18n.Locales[0]), key); got != text {
				t.Errorf("%s: %s is described by %q, want its help %q", path, sel, got, text)
			}
		}
	}
}
