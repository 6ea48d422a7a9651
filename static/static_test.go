package static

import (
	"strings"
	"testing"
)

func TestAssetsHaveContentHashedNames(t *testing.T) {
	a := Load()
	for _, name := range []string{"app.css", "app.js", "favicon.svg", "cards/asnas/as.svg", "cards/asnas/back.svg"} {
		url := a.URL(name)
		hashed, ok := strings.CutPrefix(url, "/static/")
		if !ok || hashed == name || strings.Contains(url, "missing") {
			t.Errorf("URL(%q) = %q, want a hashed name", name, url)
			continue
		}
		as, ok := a.ByHashed(hashed)
		if !ok || as.Name != name || len(as.Body) == 0 {
			t.Errorf("ByHashed(%q) does not give back %s", hashed, name)
		}
	}
	if _, ok := a.ByHashed("app.css"); ok {
		t.Error("a plain name is served: it could never be cached safely")
	}
	if url := a.URL("nope.css"); !strings.Contains(url, "missing") {
		t.Errorf("unknown asset URL %q", url)
	}
}

func TestEveryRankHasCardArt(t *testing.T) {
	a := Load()
	for _, r := range []string{"as", "shah", "bibi", "sarbaz", "couli", "back"} {
		as, ok := a.byName["cards/asnas/"+r+".svg"]
		if !ok {
			t.Errorf("no art for %s", r)
			continue
		}
		// Styles inside the SVG would fall under the page's CSP; presentation attributes do not.
		if strings.Contains(string(as.Body), "style=") || strings.Contains(string(as.Body), "<style") {
			t.Errorf("%s.svg uses styles", r)
		}
	}
}

// Comment lines leave the scripts, a comment after code and a string holding "//" stay; and
// no script holds a literal across lines, where a line starting "//" could be a string's.
func TestStripJSComments(t *testing.T) {
	in := "// a note\nconst a = \"//x\"; // kept\n\n  // indented\nf(a);\n"
	want := "const a = \"//x\"; // kept\nf(a);\n"
	if got := string(stripJSComments([]byte(in))); got != want {
		t.Errorf("stripped:\n%s\nwant:\n%s", got, want)
	}
	for _, name := range []string{"app.js", "guandan.js"} {
		raw, err := files.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for i, l := range strings.Split(string(raw), "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), "//") {
				continue
			}
			if strings.Count(l, "`")%2 != 0 || strings.Count(strings.ReplaceAll(l, "\\\"", ""), "\"")%2 != 0 {
				t.Errorf("%s:%d: a literal that goes on past its line: %s", name, i+1, l)
			}
		}
		as, _ := Load().ByHashed(strings.TrimPrefix(Load().URL(name), "/static/"))
		if as == nil || len(as.Body) >= len(raw) || !strings.Contains(string(as.Body), "function") {
			t.Errorf("%s is served with its comments, or without its code", name)
		}
		for _, l := range strings.Split(string(as.Body), "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), "//") {
				t.Errorf("%s is served with the comment line %q", name, l)
			}
		}
	}
}

// Comments leave the stylesheets, strings that look like one stay, and so does every rule.
func TestStripCSSComments(t *testing.T) {
	in := "/* a note */\n.a { content: \"/* kept */\"; } /* gone */\n\n  /* a\n  long one */\n.b { color: red; }\n.c::after { content: '\\'/*'; }\n"
	want := ".a { content: \"/* kept */\"; }\n.b { color: red; }\n.c::after { content: '\\'/*'; }\n"
	if got := string(stripCSSComments([]byte(in))); got != want {
		t.Errorf("stripped:\n%s\nwant:\n%s", got, want)
	}
	for _, name := range []string{"app.css", "guandan.css"} {
		as, _ := Load().ByHashed(strings.TrimPrefix(Load().URL(name), "/static/"))
		if as == nil || strings.Contains(string(as.Body), "/*") || !strings.Contains(string(as.Body), "{") {
			t.Errorf("%s is served with its comments, or without its rules", name)
		}
	}
}
