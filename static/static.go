// Package static holds the site's CSS, card art and icons, embedded into the binary, and names
// each file by a hash of its content so browsers may cache it forever.
package static

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"path"
	"strings"
	"sync"
)

// files are the static files, addressed by their plain names ("app.css", "cards/asnas/as.svg").
//
//go:embed app.css app.js guandan.css guandan.js learn.css favicon.svg cards history
var files embed.FS

// Asset is one embedded file under its hashed name.
type Asset struct {
	// Name is the plain path ("cards/asnas/as.svg").
	Name string
	// Hashed is the path with a content hash before the extension ("cards/asnas/as.3f2a9c1b.svg").
	Hashed string
	// Body is the file's content.
	Body []byte
}

// Assets maps plain names and hashed names to the files; built once, never changed.
type Assets struct {
	byName   map[string]*Asset
	byHashed map[string]*Asset
}

// Load returns the embedded assets. The map is computed once: the files cannot change while
// the binary runs.
var Load = sync.OnceValue(func() *Assets {
	a := &Assets{byName: map[string]*Asset{}, byHashed: map[string]*Asset{}}
	err := fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, ".go") {
			return err
		}
		body, err := files.ReadFile(p)
		if err != nil {
			return err
		}
		switch path.Ext(p) {
		case ".css":
			body = stripCSSComments(body)
			if p == "app.css" {
				body = append(body, filterRules()...)
			}
		case ".js":
			body = stripJSComments(body)
		}
		sum := sha256.Sum256(body)
		ext := path.Ext(p)
		as := &Asset{Name: p, Hashed: strings.TrimSuffix(p, ext) + "." + hex.EncodeToString(sum[:4]) + ext, Body: body}
		a.byName[p], a.byHashed[as.Hashed] = as, as
		return nil
	})
	if err != nil {
		// The files are compiled in; failing to read them is a broken build, not a runtime state.
		panic(err)
	}
	return a
})

// URL returns the URL path of the named file under its hashed name ("/static/app.3f2a9c1b.css").
// An unknown name gives a path that will answer 404, so a typo shows up as a broken link.
func (a *Assets) URL(name string) string {
	if as, ok := a.byName[name]; ok {
		return "/static/" + as.Hashed
	}
	return "/static/missing/" + name
}

// ByHashed finds a file by its hashed path (without the /static/ prefix).
func (a *Assets) ByHashed(p string) (*Asset, bool) {
	as, ok := a.byHashed[p]
	return as, ok
}

// All lists every file once, in no particular order, for callers that prepare them all at
// start-up (the web server compresses each one once).
func (a *Assets) All() []*Asset {
	out := make([]*Asset, 0, len(a.byName))
	for _, as := range a.byName {
		out = append(out, as)
	}
	return out
}

// stripCSSComments removes a stylesheet's comments, which explain the CSS to its readers but
// cost bytes on every first visit, and the lines they leave blank. Quoted strings are kept as
// they are, whatever they hold.
func stripCSSComments(css []byte) []byte {
	out := make([]byte, 0, len(css))
	for i := 0; i < len(css); i++ {
		switch c := css[i]; {
		case c == '"' || c == '\'':
			j := i + 1
			for j < len(css) && css[j] != c && css[j] != '\n' {
				if css[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j, len(css)-1)
			out = append(out, css[i:j+1]...)
			i = j
		case c == '/' && i+1 < len(css) && css[i+1] == '*':
			end := bytes.Index(css[i+2:], []byte("*/"))
			if end < 0 {
				return out
			}
			i += end + 3
		default:
			out = append(out, c)
		}
	}
	return keepLines(out, func(string) bool { return true })
}

// stripJSComments removes a script's comment lines, which explain it to its readers but cost
// bytes on every first visit, and its blank lines. Only lines that are a comment and nothing
// else go: a comment after code stays, so no string can be cut. It relies on the scripts
// holding no string or template literal across lines (TestStripJSComments checks them).
func stripJSComments(js []byte) []byte {
	return keepLines(js, func(l string) bool { return !strings.HasPrefix(l, "//") })
}

// keepLines keeps the lines of text that are not blank and that keep accepts (trimmed), each
// without its trailing blanks.
func keepLines(text []byte, keep func(trimmed string) bool) []byte {
	lines := strings.Split(string(text), "\n")
	kept := lines[:0]
	for _, l := range lines {
		if t := strings.TrimSpace(l); t != "" && keep(t) {
			kept = append(kept, strings.TrimRight(l, " \t"))
		}
	}
	return []byte(strings.Join(kept, "\n") + "\n")
}
