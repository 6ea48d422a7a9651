package web

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/PuerkitoBio/goquery"

	"github.com/cardavia/cardavia/i18n"
)

// sitePages are the pages every language must cover: home, settings, a missing page, and each
// game's rules and table. The games come from the atlas itself, so a table that opens (or a
// game that is added) is checked without touching this test.
func sitePages() []string {
	pages := []string{"/", "/settings", "/no-such-page"}
	for _, g := range games() {
		pages = append(pages, g.RulesURL)
		if g.TableURL != "" {
			pages = append(pages, g.TableURL)
		}
	}
	return pages
}

// properNames are words that are the same in every language on purpose: the site's and the
// games' names, the languages' own names in the switch, and Wikipedia.
func properNames() map[string]bool {
	names := map[string]bool{"CARDAVIA": true, "As-Nas": true, "Guandan": true, "Wikipedia ↗": true}
	for _, l := range i18n.Locales {
		names[l.Name] = true
	}
	return names
}

// sentences are a page's visible strings (text nodes and the titles, labels and alternative
// texts a screen reader reads), trimmed, without the ones too short or too bare to be a
// translation: fewer than 8 characters, or no word of three letters besides proper names.
func sentences(doc *goquery.Document) []string {
	word := regexp.MustCompile(`\p{L}{3}`)
	names := properNames()
	var out []string
	add := func(s string) {
		s = strings.Join(strings.Fields(s), " ")
		rest := s
		for n := range names {
			rest = strings.ReplaceAll(rest, n, "")
		}
		if utf8.RuneCountInString(s) >= 8 && word.MatchString(rest) {
			out = append(out, s)
		}
	}
	doc.Find("*").Not("script, style").Each(func(_ int, el *goquery.Selection) {
		for _, a := range []string{"title", "alt", "aria-label"} {
			if v, ok := el.Attr(a); ok {
				add(v)
			}
		}
		el.Contents().Each(func(_ int, c *goquery.Selection) {
			if goquery.NodeName(c) == "#text" {
				add(c.Text())
			}
		})
	})
	return out
}

// TestNoEnglishOnOtherLanguagesPages renders every page in English and in every other
// language, and fails on any English sentence left on a non-English page: a missing
// translation never falls back to English silently.
func TestNoEnglishOnOtherLanguagesPages(t *testing.T) {
	for _, path := range sitePages() {
		t.Run(strings.TrimPrefix(path, "/"), func(t *testing.T) {
			en := newSite(t).get(path, "Accept-Language", "en")
			if en.doc == nil {
				t.Fatalf("%s: not a page (status %d)", path, en.status)
			}
			english := sentences(en.doc)
			if len(english) < 5 {
				t.Fatalf("%s: only %d English sentences found: %q", path, len(english), english)
			}
			for _, l := range i18n.Locales[1:] {
				p := newSite(t).get(path, "Accept-Language", l.Tag.String())
				if got := attr(p.doc.Find("html"), "lang"); got != l.Tag.String() {
					t.Errorf("%s in %s: <html lang=%q>", path, l.Code, got)
				}
				theirs := map[string]bool{}
				for _, s := range sentences(p.doc) {
					theirs[s] = true
				}
				for _, s := range english {
					if theirs[s] {
						t.Errorf("%s in %s still says %q", path, l.Code, s)
					}
				}
			}
		})
	}
}

// inlineTags are the elements that stay inside a line of text; any other element (a
// paragraph, a heading, a list item, a control) is a line of its own and ends the line round it.
var inlineTags = map[string]bool{"a": true, "abbr": true, "b": true, "bdi": true, "bdo": true,
	"code": true, "em": true, "i": true, "kbd": true, "small": true, "span": true, "strong": true, "time": true}

// textLines are a page's lines of text as a reader meets them: each paragraph, heading, list
// item, … with the links and spans inside it, its whitespace collapsed.
func textLines(doc *goquery.Document) []string {
	var lines []string
	var line strings.Builder
	end := func() {
		if s := strings.Join(strings.Fields(line.String()), " "); s != "" {
			lines = append(lines, s)
		}
		line.Reset()
	}
	var walk func(*goquery.Selection)
	walk = func(s *goquery.Selection) {
		s.Contents().Each(func(_ int, c *goquery.Selection) {
			switch name := goquery.NodeName(c); {
			case name == "#text":
				line.WriteString(c.Text())
			case name == "script" || name == "style" || strings.HasPrefix(name, "#"):
			case inlineTags[name]:
				walk(c)
			default:
				end()
				walk(c)
				end()
			}
		})
	}
	walk(doc.Selection)
	end()
	return lines
}

// TestChineseSentencesRunOn: in Chinese a sentence follows the last one's full stop with no
// space (i18n.Locale.SentenceGap), and a template's whitespace between two messages put an
// ASCII space there (a shared table's note on reloading: 刷新本页即可看到其他人的出牌。 等待下一步).
// It renders in Chinese the pages every language covers, the lessons, the Guandan hint and a
// shared table's lobby as its host sees it, reloading by itself and not, and fails on a line
// with a space between 。, ？ or ！ and the next Chinese character; in every language the
// lobby's note is followed by its link after the language's gap, a space but in Chinese, and
// the As-Nas match's end says it is over, with the language's full stop (for screen readers
// only: the heading shows none; it was an ASCII "." everywhere), then who won after the gap.
func TestChineseSentencesRunOn(t *testing.T) {
	ts := newSite(t)
	spaced := regexp.MustCompile(`[。？！] +\p{Han}`)
	runOn := func(name string, p page) {
		t.Helper()
		if p.doc == nil {
			t.Fatalf("%s: not a page (status %d)", name, p.status)
		}
		for _, l := range textLines(p.doc) {
			if spaced.MatchString(l) {
				t.Errorf("%s in zh: a space between two sentences: %q", name, l)
			}
		}
	}
	for _, path := range append(sitePages(), "/asnas/learn", "/guandan/learn", "/guandan?hint=1") {
		runOn(path, ts.get(path, "Accept-Language", "zh"))
	}

	host := ts.as("Li")
	lobby := host.openTable("guandan", "club", 0)
	for _, tc := range []struct{ reload, note, link string }{
		{"0", "tables.refresh.off", "tables.refresh.wait"},
		{"1", "tables.refresh.note", "tables.refresh.now"},
	} {
		if r := host.post(lobby+"/reload", url.Values{"reload": {tc.reload}}); r.status != http.StatusSeeOther {
			t.Fatalf("reload=%s: %d", tc.reload, r.status)
		}
		runOn("the lobby with reload="+tc.reload, host.get(lobby, "Accept-Language", "zh"))
		for _, l := range i18n.Locales {
			ctx := i18n.WithLocale(t.Context(), l)
			got := strings.Join(strings.Fields(host.get(lobby, "Accept-Language", l.Tag.String()).doc.Find("form[data-refresh]").Text()), " ")
			if want := i18n.T(ctx, tc.note) + l.SentenceGap + i18n.T(ctx, tc.link); !strings.HasPrefix(got, want) {
				t.Errorf("%s, reload=%s: the note on reloading reads %q, want it to begin %q", l.Code, tc.reload, got, want)
			}
		}
	}

	ts.playOut(ts.table())
	for _, l := range i18n.Locales {
		ctx := i18n.WithLocale(t.Context(), l)
		p := ts.get("/asnas", "Accept-Language", l.Tag.String())
		if l.Code == "zh" {
			runOn("the As-Nas match's end", p)
		}
		heading := p.doc.Find(".result .winner-line")
		winners := heading.Find("[data-match-winners]").Text()
		if want := i18n.T(ctx, "asnas.match.over") + i18n.T(ctx, "sentence.stop") + l.SentenceGap + winners; winners == "" || heading.Text() != want {
			t.Errorf("%s: the As-Nas match's end reads %q, want %q", l.Code, heading.Text(), want)
		}
	}
}

// TestPagesCarryTheSentenceGap: the scripts join the sentences they announce (a replay's
// moves, skipped to their end) with the gap the page's root carries, the language's own from
// the server: nothing in Chinese, a space in the others.
func TestPagesCarryTheSentenceGap(t *testing.T) {
	ts := newSite(t)
	for _, path := range append(sitePages(), "/asnas/learn", "/guandan/learn") {
		for _, l := range i18n.Locales {
			p := ts.get(path, "Accept-Language", l.Tag.String())
			if p.doc == nil {
				t.Fatalf("%s: not a page (status %d)", path, p.status)
			}
			if gap, ok := p.doc.Find("html").Attr("data-sentence-gap"); !ok || gap != l.SentenceGap {
				t.Errorf("%s in %s: data-sentence-gap %q (present: %v), want %q", path, l.Code, gap, ok, l.SentenceGap)
			}
		}
	}
}

// TestPersianPagesAreRightToLeftWithPersianDigits checks the فارسی pages: every one is
// right-to-left, and numbers come out in Persian digits (the deal counter, the scores, the
// filter percentages with the Persian percent sign).
func TestPersianPagesAreRightToLeftWithPersianDigits(t *testing.T) {
	ts := newSite(t)
	for _, path := range sitePages() {
		p := ts.get(path, "Accept-Language", "fa-IR,fa;q=0.9,en;q=0.5")
		html := p.doc.Find("html")
		if attr(html, "dir") != "rtl" || attr(html, "lang") != "fa" {
			t.Errorf("%s: lang=%q dir=%q, want fa rtl", path, attr(html, "lang"), attr(html, "dir"))
		}
		if out := p.doc.Find(`output[data-output="contrast"]`).First().Text(); out != "۵۰٪" {
			t.Errorf("%s: contrast shown as %q, want ۵۰٪", path, out)
		}
	}
	table := ts.get("/asnas", "Accept-Language", "fa")
	if deal := table.doc.Find(".deal-no").Text(); !strings.Contains(deal, "۱") || !strings.Contains(deal, "۱۲") {
		t.Errorf("deal counter %q, want Persian digits (۱ of ۱۲)", deal)
	}
	if total := table.doc.Find(`[data-total="0"]`).Text(); total != "۰٫۰۰" {
		t.Errorf("score %q, want ۰٫۰۰", total)
	}
	if strings.ContainsAny(table.doc.Find("main").Text(), "0123456789") {
		t.Errorf("Western digits on the Persian table: %q", table.doc.Find("main").Text())
	}
}

// TestWikipediaLinksFollowTheLanguage checks that each game links to an https Wikipedia
// article, the visitor's language's own where the catalog names one.
func TestWikipediaLinksFollowTheLanguage(t *testing.T) {
	for _, tt := range []struct{ lang, game, prefix string }{
		{"en", "asnas", "https://en.wikipedia.org/"},
		{"fa", "asnas", "https://fa.wikipedia.org/"},
		{"zh", "guandan", "https://zh.wikipedia.org/"},
		{"sv", "guandan", "https://en.wikipedia.org/"},
	} {
		p := newSite(t).get("/", "Accept-Language", tt.lang)
		href := attr(p.doc.Find(`[data-game-card="`+tt.game+`"] [data-link="wikipedia"]`), "href")
		if !strings.HasPrefix(href, tt.prefix) {
			t.Errorf("%s %s: Wikipedia link %q, want %s…", tt.lang, tt.game, href, tt.prefix)
		}
	}
}
