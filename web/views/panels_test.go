package views

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/a-h/templ"

	"github.com/cardavia/cardavia/i18n"
)

// TestNoticeNames: every notice has a name of its own, and no name is "" but NoticeNone's.
func TestNoticeNames(t *testing.T) {
	seen := map[string]Notice{}
	for n := NoticeNone; n <= NoticeLevel; n++ {
		name := n.String()
		if (name == "") != (n == NoticeNone) {
			t.Errorf("notice %d is named %q", n, name)
		}
		if other, dup := seen[name]; dup {
			t.Errorf("notices %d and %d are both %q", other, n, name)
		}
		seen[name] = n
	}
	if got := (NoticeLevel + 1).String(); got != "" {
		t.Errorf("a notice past the last is named %q", got)
	}
}

// TestTableNotices: each table reads back the name of every notice it shows, and nothing
// else: not another table's notice, not a catalog key, not a near miss. Every notice a table
// shows has its text and its title's short form in every language.
func TestTableNotices(t *testing.T) {
	tables := []struct {
		name  string
		set   noticeSet
		parse func(string) Notice
	}{
		{"asnas", asnasNotices, ParseAsnasNotice},
		{"guandan", guandanNotices, ParseGuandanNotice},
	}
	tampered := []string{"", "none", "0", "1", "Stale", "STALE", " stale", "stale ", "stale\x00", "stale&x",
		"<script>alert(1)</script>", "asnas.notice.stale", "guandan.notice.choose", "notice.stale"}
	for _, tc := range tables {
		t.Run(tc.name, func(t *testing.T) {
			for n := NoticeNone + 1; n <= NoticeLevel; n++ {
				shown := slices.Contains(tc.set.shown, n)
				got, key := tc.parse(n.String()), tc.set.key(n)
				switch {
				case shown && (got != n || key != tc.name+".notice."+n.String()):
					t.Errorf("%q reads as %d with key %q", n.String(), got, key)
				case !shown && (got != NoticeNone || key != ""):
					t.Errorf("%q, not shown here, reads as %d with key %q", n.String(), got, key)
				}
				if !shown {
					continue
				}
				for _, l := range i18n.Locales {
					for _, k := range []string{key, NoticeView{Key: key}.TitleKey()} {
						if !i18n.Has(i18n.WithLocale(context.Background(), l), k) {
							t.Errorf("%s has no text for %s", l.Code, k)
						}
					}
				}
			}
			for _, s := range tampered {
				if got := tc.parse(s); got != NoticeNone {
					t.Errorf("%q reads as notice %d", s, got)
				}
			}
			if tc.set.key(NoticeNone) != "" {
				t.Error("NoticeNone has a key")
			}
		})
	}
	if !slices.Contains(guandanNotices.shown, NoticeChoose) || slices.Contains(asnasNotices.shown, NoticeChoose) {
		t.Error("the tables' notices are mixed up")
	}
}

// TestNoticePanel: a key makes one polite status line with the key as its hook, the text in
// the visitor's language and the page's class; no key makes nothing at all.
func TestNoticePanel(t *testing.T) {
	if doc := renderIn(t, "en", NoticePanel(NoticeView{})); doc.Find("body").Children().Length() != 0 {
		t.Errorf("an empty notice rendered something: %q", doc.Text())
	}
	for _, v := range []NoticeView{{Key: "asnas.notice.stale"}, {Key: "guandan.notice.nobeat", Class: "gnotice"}} {
		for _, code := range []string{"en", "fa", "zh"} {
			doc := renderIn(t, code, NoticePanel(v))
			p := doc.Find("p.notice")
			l, _ := i18n.ByCode(code)
			want := i18n.T(i18n.WithLocale(context.Background(), l), v.Key)
			if p.Length() != 1 || p.AttrOr("role", "") != "status" || p.AttrOr("data-notice", "") != v.Key || p.Text() != want {
				t.Errorf("%s %s: %d notices, role %q, hook %q, text %q", code, v.Key, p.Length(), p.AttrOr("role", ""), p.AttrOr("data-notice", ""), p.Text())
			}
			if wantClass := strings.TrimSpace("notice " + v.Class); p.AttrOr("class", "") != wantClass {
				t.Errorf("%s: class %q, want %q", v.Key, p.AttrOr("class", ""), wantClass)
			}
		}
	}
}

// TestLogPanel: the heading labels the section, every line carries its event hook and its
// own attributes, only new lines have the class new, an empty log says so and has no list,
// and a panel without an id has none.
func TestLogPanel(t *testing.T) {
	p := LogPanelView{ID: "log", TitleID: "log-title", Title: "This deal", Empty: "Nothing yet.", Lines: []LogLine{
		{Event: "dealt", Text: "North dealt."},
		{Event: "raised", Text: "East raised to 2.", New: true, Attrs: templ.OrderedAttributes{{Key: "data-replay-step", Value: "0"}}},
	}}
	doc := renderIn(t, "en", LogPanel(p))
	sec := doc.Find("section.panel")
	if sec.AttrOr("id", "") != "log" || sec.AttrOr("aria-labelledby", "") != "log-title" || sec.Find("h2#log-title").Text() != "This deal" {
		t.Errorf("section id %q labelled by %q, heading %q", sec.AttrOr("id", ""), sec.AttrOr("aria-labelledby", ""), sec.Find("h2#log-title").Text())
	}
	li := sec.Find(`ol.log[data-log="true"] > li`)
	if li.Length() != 2 || li.Eq(0).AttrOr("data-event", "") != "dealt" || li.Eq(1).AttrOr("data-event", "") != "raised" {
		t.Fatalf("lines: %d, hooks %q %q", li.Length(), li.Eq(0).AttrOr("data-event", ""), li.Eq(1).AttrOr("data-event", ""))
	}
	if li.Eq(0).HasClass("new") || !li.Eq(1).HasClass("new") || li.Eq(1).AttrOr("data-replay-step", "") != "0" || li.Eq(1).Text() != "East raised to 2." {
		t.Errorf("line marks: first new %v, second new %v, step %q, text %q", li.Eq(0).HasClass("new"), li.Eq(1).HasClass("new"), li.Eq(1).AttrOr("data-replay-step", ""), li.Eq(1).Text())
	}
	if sec.Find(".muted").Length() != 0 {
		t.Error("a log with lines says it is empty")
	}
	p.ID, p.Lines = "", nil
	sec = renderIn(t, "en", LogPanel(p)).Find("section.panel")
	if _, has := sec.Attr("id"); has || sec.Find("ol").Length() != 0 || sec.Find("p.muted").Text() != "Nothing yet." {
		t.Errorf("empty log: id %v, lists %d, says %q", has, sec.Find("ol").Length(), sec.Find("p.muted").Text())
	}
}
