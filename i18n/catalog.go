package i18n

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"path"
	"sort"
	"strconv"
	"strings"
	"sync"

	"hash/maphash"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/message/catalog"
	"golang.org/x/text/number"
)

// localeFiles holds every catalog file: one folder per language code, every *.json file in a
// folder merged, so that different people can own different files.
//
//go:embed locales
var localeFiles embed.FS

// pluralForms are the CLDR plural categories a plural message may use.
var pluralForms = []string{"zero", "one", "two", "few", "many", "other"}

// bundle is the loaded catalogs: a printer per locale code, and the keys each language has.
type bundle struct {
	printers map[string]*message.Printer
	keys     map[string]map[string]bool
}

// loadBundle builds the catalogs once; the embedded files never change while the binary runs.
var loadBundle = sync.OnceValues(func() (*bundle, error) { return parse(localeFiles) })

// parse reads the catalog files of every supported locale from fsys into an x/text catalog.
func parse(fsys fs.FS) (*bundle, error) {
	// No fallback language: a missing message would show English on a Persian page, so a key
	// that some language lacks stops the catalogs from loading instead (below).
	b := catalog.NewBuilder()
	out := &bundle{printers: map[string]*message.Printer{}, keys: map[string]map[string]bool{}}
	for _, l := range Locales {
		files, err := fs.Glob(fsys, path.Join("locales", l.Code, "*.json"))
		if err != nil {
			return nil, err
		}
		if len(files) == 0 {
			return nil, fmt.Errorf("i18n: no catalog files for %q", l.Code)
		}
		out.keys[l.Code] = map[string]bool{}
		for _, name := range files {
			if err := addFile(b, fsys, name, l, out.keys[l.Code]); err != nil {
				return nil, err
			}
		}
	}
	for _, l := range Locales[1:] {
		for key := range out.keys[Locales[0].Code] {
			if !out.keys[l.Code][key] {
				return nil, fmt.Errorf("i18n: %q has no message %q", l.Code, key)
			}
		}
	}
	for _, l := range Locales {
		out.printers[l.Code] = message.NewPrinter(l.Tag, message.Catalog(b))
	}
	return out, nil
}

// addFile adds one flat JSON catalog file to the builder. A key defined twice for one language
// (in two files) is an error, because which one wins would be an accident of file order.
func addFile(b *catalog.Builder, fsys fs.FS, name string, l Locale, seen map[string]bool) error {
	raw, err := fs.ReadFile(fsys, name)
	if err != nil {
		return err
	}
	var entries map[string]json.RawMessage
	if err := json.Unmarshal(raw, &entries); err != nil {
		return fmt.Errorf("i18n: %s: %w", name, err)
	}
	keys := make([]string, 0, len(entries))
	for k := range entries {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, key := range keys {
		if seen[key] {
			return fmt.Errorf("i18n: %s: key %q defined twice for %s", name, key, l.Code)
		}
		seen[key] = true
		msg, err := decodeMessage(entries[key], l.Tag)
		if err != nil {
			return fmt.Errorf("i18n: %s: key %q: %w", name, key, err)
		}
		if err := b.Set(l.Tag, key, msg); err != nil {
			return fmt.Errorf("i18n: %s: key %q: %w", name, key, err)
		}
	}
	return nil
}

// decodeMessage turns a catalog value into a message: a string is a format string, an object
// of plural categories (or exact counts, "=1") selects on the first argument.
//
// Forms the language never uses (a "one" in Chinese, which has only "other") are dropped: a
// catalog copied from English must still load, and x/text refuses such forms.
func decodeMessage(raw json.RawMessage, tag language.Tag) (catalog.Message, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return catalog.String(s), nil
	}
	var forms map[string]string
	if err := json.Unmarshal(raw, &forms); err != nil {
		return nil, fmt.Errorf("a message is a string or an object of plural forms")
	}
	if _, ok := forms["other"]; !ok {
		return nil, fmt.Errorf("a plural message needs an \"other\" form")
	}
	var cases []any
	// An exact count ("=1") comes before the categories, for a language whose one category
	// cannot tell one from many: Chinese says "takes the pot" and "share the pot" apart so.
	for f, text := range forms {
		if count, ok := strings.CutPrefix(f, "="); ok {
			if n, err := strconv.Atoi(count); err == nil && n >= 0 {
				cases = append(cases, f, text)
				delete(forms, f)
			}
		}
	}
	used := formsOf(tag)
	for _, f := range pluralForms {
		if text, ok := forms[f]; ok {
			if used[f] {
				cases = append(cases, f, text)
			}
			delete(forms, f)
		}
	}
	for f := range forms {
		return nil, fmt.Errorf("unknown plural form %q", f)
	}
	return plural.Selectf(1, "", cases...), nil
}

// formNames are the names of x/text's plural forms.
var formNames = map[plural.Form]string{
	plural.Other: "other", plural.Zero: "zero", plural.One: "one",
	plural.Two: "two", plural.Few: "few", plural.Many: "many",
}

// formsOf lists the plural categories a language actually uses, found by asking CLDR's rules
// about whole numbers and a few decimals.
func formsOf(tag language.Tag) map[string]bool {
	used := map[string]bool{"other": true}
	for i := range 1001 {
		used[formNames[plural.Cardinal.MatchPlural(tag, i, 0, 0, 0, 0)]] = true
		used[formNames[plural.Cardinal.MatchPlural(tag, i, 1, 1, 5, 5)]] = true
	}
	return used
}

// Check loads the catalogs and reports a broken one, so that the binary can refuse to start
// rather than show keys instead of words.
func Check() error {
	_, err := loadBundle()
	return err
}

// Keys returns the catalog keys defined for a language code, sorted.
func Keys(code string) []string {
	b, err := loadBundle()
	if err != nil {
		return nil
	}
	keys := make([]string, 0, len(b.keys[code]))
	for k := range b.keys[code] {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Has reports whether the context's language defines key; templates use it to render the
// optional parts of a page (such as the rules' sections) only as far as the catalog goes.
func Has(ctx context.Context, key string) bool {
	b, err := loadBundle()
	return err == nil && b.keys[FromContext(ctx).Code][key]
}

// printer returns the message printer of the context's locale.
func printer(ctx context.Context) *message.Printer {
	l := FromContext(ctx)
	if b, err := loadBundle(); err == nil {
		if p, ok := b.printers[l.Code]; ok {
			return p
		}
	}
	return message.NewPrinter(l.Tag)
}

// T returns the message for key in the context's language, its arguments formatted for that
// locale (digits included). A missing key comes out as the key itself, which tests catch.
func T(ctx context.Context, key string, args ...any) string {
	l := FromContext(ctx)
	var kb [96]byte
	k, ok := memoKey(kb[:0], l.Code, key, args)
	if !ok {
		return printer(ctx).Sprintf(key, args...)
	}
	return memo.text(k, func() string { return printer(ctx).Sprintf(key, args...) })
}

// memo keeps T's and Number's results. A page says the same few hundred things (card and
// seat names, labels) on every request, and formatting one through the catalog costs a
// printer and a catalog context each time (a sixth of a table page's CPU). The catalogs never
// change while the binary runs, so a locale, a key and arguments of plain types always give
// the same text. The memo is bounded: a shard that is full starts again, so the texts in use
// come back first. It is sharded so that the writes of the long tail (log lines naming
// particular plays) hold up only a sliver of the readers.
var memo = newTextMemo()

// memoShards is how many independently locked parts the memo has.
const memoShards = 64

// memoMax bounds the memo's entries (some 100 bytes each).
const memoMax = 64_000

type textMemo struct {
	seed   maphash.Seed
	shards [memoShards]memoShard
}

type memoShard struct {
	mu sync.RWMutex
	m  map[string]string
	_  [32]byte // a shard to a 64-byte cache line, so that readers of neighbours do not collide
}

func newTextMemo() *textMemo {
	t := &textMemo{seed: maphash.MakeSeed()}
	for i := range t.shards {
		t.shards[i].m = map[string]string{}
	}
	return t
}

func (t *textMemo) shard(k []byte) *memoShard {
	return &t.shards[maphash.Bytes(t.seed, k)%memoShards]
}

// text is the text remembered under k, made by format and remembered the first time.
func (t *textMemo) text(k []byte, format func() string) string {
	if s, hit := t.get(k); hit {
		return s
	}
	s := format()
	t.put(k, s)
	return s
}

// get looks k up.
func (t *textMemo) get(k []byte) (string, bool) {
	sh := t.shard(k)
	sh.mu.RLock()
	s, ok := sh.m[string(k)]
	sh.mu.RUnlock()
	return s, ok
}

// put remembers s under k.
func (t *textMemo) put(k []byte, s string) {
	sh := t.shard(k)
	sh.mu.Lock()
	if len(sh.m) >= memoMax/memoShards {
		clear(sh.m)
	}
	sh.m[string(k)] = s
	sh.mu.Unlock()
}

// len is the number of texts remembered.
func (t *textMemo) len() int {
	n := 0
	for i := range t.shards {
		sh := &t.shards[i]
		sh.mu.RLock()
		n += len(sh.m)
		sh.mu.RUnlock()
	}
	return n
}

// memoKey appends the memo's key for a call of T to b; ok is false when an argument is not of
// a plain type (strings, integers, booleans), whose text alone says how it is formatted.
func memoKey(b []byte, code, key string, args []any) ([]byte, bool) {
	b = append(b, code...)
	b = append(b, 0)
	b = strconv.AppendInt(b, int64(len(key)), 10)
	b = append(b, ':')
	b = append(b, key...)
	for _, a := range args {
		b = append(b, 0)
		switch v := a.(type) {
		case string:
			// Length first, so that no string can pass for several arguments.
			b = append(b, 's')
			b = strconv.AppendInt(b, int64(len(v)), 10)
			b = append(b, ':')
			b = append(b, v...)
		case int:
			b = append(b, 'i')
			b = strconv.AppendInt(b, int64(v), 10)
		case int64:
			b = append(b, 'l')
			b = strconv.AppendInt(b, v, 10)
		case int32:
			b = append(b, 'k')
			b = strconv.AppendInt(b, int64(v), 10)
		case uint64:
			b = append(b, 'u')
			b = strconv.AppendUint(b, v, 10)
		case uint:
			b = append(b, 'v')
			b = strconv.AppendUint(b, uint64(v), 10)
		case uint8:
			b = append(b, 'b')
			b = strconv.AppendUint(b, uint64(v), 10)
		case bool:
			b = append(b, 't')
			b = strconv.AppendBool(b, v)
		default:
			return b, false
		}
	}
	return b, true
}

// Number formats x with exactly decimals fraction digits in the locale's digits and separators
// (1 234,50 in Svenska, ۱٬۲۳۴٫۵۰ in فارسی). A negative number that rounds to zero is zero,
// without the minus sign ("0.00" for -0.004, never "-0.00"), and so is -0.
func Number(ctx context.Context, x float64, decimals int) string {
	if x < 0 {
		if zero := number1(ctx, 0, decimals); number1(ctx, -x, decimals) == zero {
			return zero
		}
	}
	return number1(ctx, x, decimals)
}

// number1 is Number without its care for a negative number that rounds to zero; -0 it takes
// for 0.
func number1(ctx context.Context, x float64, decimals int) string {
	if x == 0 {
		x = 0 // -0 is 0
	}
	var kb [48]byte
	k := append(kb[:0], FromContext(ctx).Code...)
	k = append(k, 0, '#')
	k = strconv.AppendUint(k, math.Float64bits(x), 16)
	k = append(k, '.')
	k = strconv.AppendInt(k, int64(decimals), 10)
	return memo.text(k, func() string { return printer(ctx).Sprint(number.Decimal(x, number.Scale(decimals))) })
}
