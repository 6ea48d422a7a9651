package main

import (
	"bytes"
	"context"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/klauspost/compress/gzip"
)

// chooseFormGoquery is the load tool's first reading of a page, through a full HTML parse:
// the reference the tag scanner must agree with.
func chooseFormGoquery(body []byte, prefix string, rng *rand.Rand) (formChoice, bool) {
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(body))
	if err != nil {
		return formChoice{}, false
	}
	var choices []formChoice
	var needsCards bool
	doc.Find(`form[method="post"]`).Each(func(_ int, f *goquery.Selection) {
		action, _ := f.Attr("action")
		if !strings.HasPrefix(action, prefix) {
			return
		}
		values := url.Values{}
		f.Find(`input[type="hidden"]`).Each(func(_ int, in *goquery.Selection) {
			values.Add(in.AttrOr("name", ""), in.AttrOr("value", ""))
		})
		checked := 0
		f.Find(`input[type="checkbox"][checked], input[type="radio"][checked]`).Each(func(_ int, in *goquery.Selection) {
			values.Add(in.AttrOr("name", ""), in.AttrOr("value", ""))
			checked++
		})
		if checked == 0 {
			if r := f.Find(`input[type="radio"][required]:not([disabled])`).First(); r.Length() > 0 {
				values.Add(r.AttrOr("name", ""), r.AttrOr("value", ""))
			}
		}
		hasBoxes := f.Find(`input[type="checkbox"]`).Length() > 0
		buttons := f.Find(`button[data-action]`)
		if buttons.Length() == 0 {
			buttons = f.Find(`button[type="submit"], button:not([type]), input[type="submit"]`)
		}
		buttons.Each(func(_ int, b *goquery.Selection) {
			da := b.AttrOr("data-action", "")
			if da == "restart" {
				return
			}
			v := url.Values{}
			for k, vs := range values {
				v[k] = slices.Clone(vs)
			}
			if n := b.AttrOr("name", ""); n != "" {
				v.Set(n, b.AttrOr("value", ""))
			}
			act := b.AttrOr("formaction", action)
			if hasBoxes && checked == 0 && (da == "play" || act == action) {
				needsCards = true
				return
			}
			choices = append(choices, formChoice{action: act, values: v, newMatch: da == "new" || strings.HasSuffix(act, "/restart")})
		})
	})
	if needsCards && len(choices) == 0 {
		if hint, ok := doc.Find(`a[data-action="hint"]`).Attr("href"); ok {
			return formChoice{follow: hint}, true
		}
	}
	for _, c := range choices {
		if c.values.Has("card") {
			return c, true
		}
	}
	if needsCards {
		if hint, ok := doc.Find(`a[data-action="hint"]`).Attr("href"); ok && rng.IntN(2) == 0 {
			return formChoice{follow: hint}, true
		}
	}
	if len(choices) == 0 {
		return formChoice{}, false
	}
	return choices[rng.IntN(len(choices))], true
}

// The tag scanner picks what the full parse picked, with the same random draws, on every page
// virtual players meet while playing both games: table pages at every stage, hint pages,
// deal ends, tribute and returns.
func TestScanMatchesGoquery(t *testing.T) {
	srv, u := testSite(t, nil)
	// Until enough pages of both games have been compared and an As-Nas match has been
	// played to its end (a minute at most, on a busy machine).
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var mu sync.Mutex
	pages, compared := map[string]int{}, 0
	var wg sync.WaitGroup
	stats := &loadStats{}
	for i := range 6 {
		p := newVirtualPlayer(u, srv.Client().Transport, i, stats, time.Time{})
		p.rng = startingWith(i%2, uint64(i)*1000, 2) // half the players begin with each game
		p.noPause = true
		p.pages = func(path string, body []byte) {
			prefix := "/asnas/"
			if strings.HasPrefix(path, "/guandan") {
				prefix = "/guandan/"
			}
			for seed := range uint64(3) {
				got, gotOK := chooseForm(body, prefix, rand.New(rand.NewPCG(seed, 9)))
				want, wantOK := chooseFormGoquery(body, prefix, rand.New(rand.NewPCG(seed, 9)))
				if gotOK != wantOK || !reflect.DeepEqual(got, want) {
					t.Errorf("%s: scanner chose %+v (%v), goquery %+v (%v)", path, got, gotOK, want, wantOK)
				}
			}
			mu.Lock()
			pages[strings.SplitN(path, "?", 2)[0]]++
			compared++
			enough := pages["/asnas"] >= 40 && pages["/guandan"] >= 50
			mu.Unlock()
			stats.mu.Lock()
			if enough && stats.finished["asnas"] > 0 {
				cancel()
			}
			stats.mu.Unlock()
		}
		wg.Go(func() { p.play(ctx) })
	}
	wg.Wait()
	t.Logf("%d pages compared: %v", compared, pages)
	if pages["/asnas"] < 40 || pages["/guandan"] < 50 || stats.finished["asnas"] < 1 {
		t.Errorf("too few pages of each game compared (%v), or no As-Nas match finished (%v)", pages, stats.finished)
	}
}

// The scanner reads markup the templates do not write but browsers accept: capitals,
// unquoted and single-quoted values, bare attributes, repeated attributes (the first wins),
// character references, comments and raw text that looks like tags.
func TestScanReadsHTMLAsBrowsersDo(t *testing.T) {
	page := `<!DOCTYPE html><!-- <form method="post" action="/g/no"> -->
<script>var s = "<form method='post' action='/g/no'>";</script>
<FORM Method=post ACTION='/g/move?a=1&amp;b=2'>
<input type=hidden name=move value="7" value="8"><INPUT TYPE="hidden" name='tok' value='a&quot;b'>
<input type="checkbox" name="card" value="3" checked>
<button type="submit" name="verb" value="call" data-action="call">Call</button>
</form>
<form method="get" action="/g/other"><button>no</button></form>
<a href="/g?hint=1&amp;x=y" data-action="hint">Hint</a>`
	forms, hint, ok := scanPage([]byte(page), "/g/")
	if !ok || hint != "/g?hint=1&x=y" {
		t.Errorf("hint %q, %v", hint, ok)
	}
	if len(forms) != 1 {
		t.Fatalf("%d forms, want 1: %+v", len(forms), forms)
	}
	f := forms[0]
	if f.action != "/g/move?a=1&b=2" || !reflect.DeepEqual(f.hidden, [][2]string{{"move", "7"}, {"tok", `a"b`}}) ||
		!reflect.DeepEqual(f.checked, [][2]string{{"card", "3"}}) || len(f.marked) != 1 || f.marked[0].value != "call" {
		t.Errorf("form read as %+v", f)
	}
	c, ok := chooseForm([]byte(page), "/g/", rand.New(rand.NewPCG(1, 1)))
	want := formChoice{action: "/g/move?a=1&b=2", values: url.Values{"move": {"7"}, "tok": {`a"b`}, "card": {"3"}, "verb": {"call"}}}
	if !ok || !reflect.DeepEqual(c, want) {
		t.Errorf("chose %+v, want %+v", c, want)
	}
	if n, ok := pageMove([]byte(page)); !ok || n != 7 {
		t.Errorf("pageMove = %d, %v; want 7", n, ok)
	}
}

// The cost of reading a 24 KB Guandan table page (as served on 2026-12-02), once per page the
// load tool receives.
func BenchmarkChooseForm(b *testing.B) {
	page, err := os.ReadFile("testdata/guandan-page.html")
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		choose func([]byte, string, *rand.Rand) (formChoice, bool)
	}{{"scan", chooseForm}, {"goquery", chooseFormGoquery}} {
		b.Run(c.name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 1))
			b.ReportAllocs()
			for b.Loop() {
				if _, ok := c.choose(page, "/guandan/", rng); !ok {
					b.Fatal("no form")
				}
			}
		})
	}
}

// BenchmarkReadBody times a player's reading of a gzip'd Guandan page from a response body
// that is no bytes.Reader, as a network body is not.
func BenchmarkReadBody(b *testing.B) {
	page, err := os.ReadFile("testdata/guandan-page.html")
	if err != nil {
		b.Fatal(err)
	}
	var z bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&z, 1)
	zw.Write(page)
	zw.Close()
	p := &virtualPlayer{}
	b.SetBytes(int64(len(page)))
	for b.Loop() {
		resp := &http.Response{Header: http.Header{"Content-Encoding": {"gzip"}},
			Body: io.NopCloser(struct{ io.Reader }{bytes.NewReader(z.Bytes())})}
		p.buf.Reset()
		if err := p.readBody(resp); err != nil || p.buf.Len() != len(page) {
			b.Fatalf("read %d bytes of %d: %v", p.buf.Len(), len(page), err)
		}
	}
}
