// Package i18n matches a visitor's language, holds the message catalogs and formats text and
// numbers for a locale. Pages never print a word that does not come through T, so every
// language the site supports sees the whole site in that language.
package i18n

import (
	"context"

	"golang.org/x/text/language"
)

// Locale is one language the site is offered in.
type Locale struct {
	// Code is the short code used in catalog folders, forms and cookies ("en", "fa", "zh").
	Code string
	// Tag is the BCP 47 tag used for formatting and for <html lang>.
	Tag language.Tag
	// Name is the language's own name, as shown in the language switch ("Svenska").
	Name string
	// Dir is the writing direction, "ltr" or "rtl", for <html dir>.
	Dir string
	// SentenceGap is what stands between two sentences of a paragraph: a space, or nothing
	// where the full stop is full-width and carries its own space (Chinese).
	SentenceGap string
}

// Locales lists the supported languages in the order of the language switch. The first one is
// the default when nothing else matches.
var Locales = []Locale{
	newLocale("en", "en", "English"),
	newLocale("sv", "sv", "Svenska"),
	newLocale("es", "es", "Español"),
	newLocale("fa", "fa", "فارسی"),
	newLocale("da", "da", "Dansk"),
	newLocale("zh", "zh-Hans", "简体中文"),
}

// rtlScripts are the scripts written right to left. x/text has no direction API, so the
// direction is derived from the tag's (likely) script.
var rtlScripts = map[string]bool{"Arab": true, "Hebr": true, "Syrc": true, "Thaa": true, "Nkoo": true, "Adlm": true, "Rohg": true}

// unspacedScripts are the scripts whose sentences follow each other with no space. Korean,
// which spaces its words, spaces its sentences too.
var unspacedScripts = map[string]bool{"Hans": true, "Hant": true, "Jpan": true}

func newLocale(code, tag, name string) Locale {
	t := language.MustParse(tag)
	script, _ := t.Script()
	dir, gap := "ltr", " "
	if rtlScripts[script.String()] {
		dir = "rtl"
	}
	if unspacedScripts[script.String()] {
		gap = ""
	}
	return Locale{Code: code, Tag: t, Name: name, Dir: dir, SentenceGap: gap}
}

// matcher picks among Locales' tags; built once because the list never changes.
var matcher = func() language.Matcher {
	tags := make([]language.Tag, len(Locales))
	for i, l := range Locales {
		tags[i] = l.Tag
	}
	return language.NewMatcher(tags)
}()

// Match returns the supported locale that best fits an Accept-Language header, English when
// nothing fits. It returns the supported locale itself (by index), never the matcher's tag,
// which may carry extensions such as "fa-u-rg-irzzzz".
func Match(acceptLanguage string) Locale {
	tags, _, err := language.ParseAcceptLanguage(acceptLanguage)
	if err != nil || len(tags) == 0 {
		return Locales[0]
	}
	_, idx, conf := matcher.Match(tags...)
	if conf == language.No {
		return Locales[0]
	}
	return Locales[idx]
}

// ByCode finds a supported locale by its short code.
func ByCode(code string) (Locale, bool) {
	for _, l := range Locales {
		if l.Code == code {
			return l, true
		}
	}
	return Locale{}, false
}

type ctxKey struct{}

// WithLocale returns a context that carries l; T, Number and FromContext read it.
func WithLocale(ctx context.Context, l Locale) context.Context {
	return context.WithValue(ctx, ctxKey{}, l)
}

// FromContext returns the context's locale, or the default (English) when none was set.
func FromContext(ctx context.Context) Locale {
	if l, ok := ctx.Value(ctxKey{}).(Locale); ok {
		return l
	}
	return Locales[0]
}
