package main

import (
	"bytes"
	"html"
	"math/rand/v2"
	"net/url"
	"slices"
	"strconv"
	"strings"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// The load tool reads every page it is sent to find the next form, hundreds of times a second;
// a full HTML parse (goquery) made the tool the first thing to saturate on a shared machine.
// What follows is a tokenizer for start and end tags only, over the page's bytes as they came:
// it skips text, comments and raw-text elements, reads attributes the way a browser does
// (quoted, unquoted or bare, the first of a repeated name wins, character references
// unescaped) and keeps nothing of a tag it does not need. TestScanMatchesGoquery checks that
// it picks the same forms as the goquery reading it replaced, on real pages of both games.

// htmlAttr is one attribute of a tag; val is unescaped only when asked (attrVal).
type htmlAttr struct {
	key, val []byte
}

// htmlTag is a start or end tag. Its slices point into the page and its attrs are reused
// from tag to tag: copy what must outlive the next call to next.
type htmlTag struct {
	name  []byte // lowercase ASCII
	end   bool
	attrs []htmlAttr
}

// has says whether the tag carries attribute key.
func (t *htmlTag) has(key string) bool {
	_, ok := t.attr(key)
	return ok
}

// attr is the raw value of attribute key and whether the tag has it.
func (t *htmlTag) attr(key string) ([]byte, bool) {
	for _, a := range t.attrs {
		if string(a.key) == key {
			return a.val, true
		}
	}
	return nil, false
}

// is says whether attribute key is present with exactly value v (an attribute selector
// [key="v"]).
func (t *htmlTag) is(key, v string) bool {
	val, ok := t.attr(key)
	return ok && string(val) == v
}

// attrVal is attribute key's value as a new string, character references decoded, or "".
func (t *htmlTag) attrVal(key string) string {
	v, _ := t.attr(key)
	if bytes.IndexByte(v, '&') >= 0 {
		return html.UnescapeString(string(v))
	}
	return string(v)
}

// tagScanner walks the tags of a page in order.
type tagScanner struct {
	b   []byte
	i   int
	tag htmlTag
	// only, when set, names the tags whose attributes are read; others come with none.
	only []string
}

func (s *tagScanner) wanted(name []byte) bool {
	return s.only == nil || slices.Contains(s.only, string(name))
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// next moves to the next tag and says whether there was one.
func (s *tagScanner) next() bool {
	b := s.b
	for {
		j := bytes.IndexByte(b[s.i:], '<')
		if j < 0 {
			s.i = len(b)
			return false
		}
		s.i += j + 1
		if s.i >= len(b) {
			return false
		}
		switch c := b[s.i]; {
		case c == '!':
			if bytes.HasPrefix(b[s.i:], []byte("!--")) {
				k := bytes.Index(b[s.i+3:], []byte("-->"))
				if k < 0 {
					s.i = len(b)
					return false
				}
				s.i += 3 + k + 3
			} else {
				s.skipPast('>') // a doctype
			}
			continue
		case c == '/' && s.i+1 < len(b) && isLetter(b[s.i+1]):
			s.i++
			s.readTag(true)
			return true
		case isLetter(c):
			s.readTag(false)
			if n := string(s.tag.name); n == "script" || n == "style" || n == "textarea" || n == "title" {
				s.skipRawText(n)
			}
			return true
		}
		// a lone '<' in text
	}
}

func (s *tagScanner) skipPast(c byte) {
	if k := bytes.IndexByte(s.b[s.i:], c); k >= 0 {
		s.i += k + 1
	} else {
		s.i = len(s.b)
	}
}

// skipRawText moves past the end tag of a raw-text element, whose content is not markup.
func (s *tagScanner) skipRawText(name string) {
	for {
		k := bytes.Index(s.b[s.i:], []byte("</"))
		if k < 0 {
			s.i = len(s.b)
			return
		}
		s.i += k + 2
		if e := s.i + len(name); e <= len(s.b) && strings.EqualFold(string(s.b[s.i:e]), name) {
			s.skipPast('>')
			return
		}
	}
}

// readTag reads a tag's name and attributes from s.i (just past "<" or "</") to past its ">".
func (s *tagScanner) readTag(end bool) {
	b := s.b
	i := s.i
	start := i
	for i < len(b) && !isSpace(b[i]) && b[i] != '/' && b[i] != '>' {
		i++
	}
	s.tag.name, s.tag.end, s.tag.attrs = lower(b[start:i]), end, s.tag.attrs[:0]
	keep := !end && s.wanted(s.tag.name)
	for {
		for i < len(b) && (isSpace(b[i]) || b[i] == '/') {
			i++
		}
		if i >= len(b) {
			break
		}
		if b[i] == '>' {
			i++
			break
		}
		ks := i
		for i < len(b) && !isSpace(b[i]) && b[i] != '/' && b[i] != '>' && (b[i] != '=' || i == ks) {
			i++
		}
		key := b[ks:i]
		for i < len(b) && isSpace(b[i]) {
			i++
		}
		var val []byte
		if i < len(b) && b[i] == '=' {
			i++
			for i < len(b) && isSpace(b[i]) {
				i++
			}
			if i < len(b) && (b[i] == '"' || b[i] == '\'') {
				q := b[i]
				i++
				vs := i
				if k := bytes.IndexByte(b[i:], q); k >= 0 {
					i += k
				} else {
					i = len(b)
				}
				val = b[vs:i]
				if i < len(b) {
					i++
				}
			} else {
				vs := i
				for i < len(b) && !isSpace(b[i]) && b[i] != '>' {
					i++
				}
				val = b[vs:i]
			}
		}
		if !keep {
			continue
		}
		key = lower(key)
		if _, dup := s.tag.attr(string(key)); !dup {
			s.tag.attrs = append(s.tag.attrs, htmlAttr{key: key, val: val})
		}
	}
	s.i = i
}

// lower is b in lowercase ASCII: b itself when it has no capitals (templates write none).
func lower(b []byte) []byte {
	for _, c := range b {
		if c >= 'A' && c <= 'Z' {
			return bytes.ToLower(b)
		}
	}
	return b
}

// scannedForm is one POST form of the game's, read from its tags.
type scannedForm struct {
	action   string
	hidden   [][2]string
	checked  [][2]string
	radio    [2]string // the first enabled required radio button
	hasRadio bool
	hasBoxes bool
	// buttons with data-action, and the plain submit buttons (used when there are none of
	// the first kind)
	marked, plain []scannedButton
}

type scannedButton struct {
	action, name, value, dataAction string
	hasName                         bool
}

// scanPage reads the page's POST forms whose action starts with prefix, and its first hint
// link.
func scanPage(body []byte, prefix string) (forms []scannedForm, hint string, hasHint bool) {
	s := tagScanner{b: body, only: []string{"form", "input", "button", "a"}}
	var f *scannedForm
	for s.next() {
		t := &s.tag
		switch string(t.name) {
		case "form":
			if t.end {
				if f != nil {
					forms = append(forms, *f)
				}
				f = nil
				continue
			}
			if f != nil {
				continue // a form inside a form is ignored, as by browsers
			}
			if action := t.attrVal("action"); t.is("method", "post") && strings.HasPrefix(action, prefix) {
				f = &scannedForm{action: action}
			}
		case "a":
			if !t.end && !hasHint && t.is("data-action", "hint") {
				if t.has("href") {
					hint, hasHint = t.attrVal("href"), true
				}
			}
		case "input":
			if f == nil || t.end {
				continue
			}
			nv := func() [2]string { return [2]string{t.attrVal("name"), t.attrVal("value")} }
			typ, _ := t.attr("type")
			switch string(typ) {
			case "hidden":
				f.hidden = append(f.hidden, nv())
			case "checkbox":
				f.hasBoxes = true
				if t.has("checked") {
					f.checked = append(f.checked, nv())
				}
			case "radio":
				if t.has("checked") {
					f.checked = append(f.checked, nv())
				}
				if !f.hasRadio && t.has("required") && !t.has("disabled") {
					f.radio, f.hasRadio = nv(), true
				}
			case "submit":
				f.plain = append(f.plain, readButton(t, f.action))
			}
		case "button":
			if f == nil || t.end {
				continue
			}
			typ, hasType := t.attr("type")
			switch {
			case t.has("data-action"):
				f.marked = append(f.marked, readButton(t, f.action))
			case !hasType || string(typ) == "submit":
				f.plain = append(f.plain, readButton(t, f.action))
			}
		}
	}
	return forms, hint, hasHint
}

// readButton reads a submit button: where it posts, the name and value it adds, and its
// data-action.
func readButton(t *htmlTag, formAction string) scannedButton {
	b := scannedButton{action: formAction}
	if t.has("formaction") {
		b.action = t.attrVal("formaction")
	}
	if n := t.attrVal("name"); n != "" {
		b.name, b.value, b.hasName = n, t.attrVal("value"), true
	}
	b.dataAction = t.attrVal("data-action")
	return b
}

// chooseForm reads a page's forms generically, as a browser would submit them: the form's
// action (or the button's formaction), its hidden inputs, its checked boxes (a required radio
// group with none checked gets its first choice) and the pressed button's name and value. It
// prefers buttons marked data-action, never confirms a restart in the middle of a match, and
// when a form asks for cards to be selected and none are, follows the page's hint link first.
func chooseForm(body []byte, prefix string, rng *rand.Rand) (formChoice, bool) {
	forms, hint, hasHint := scanPage(body, prefix)
	return chooseAmong(forms, hint, hasHint, rng)
}

// chooseAmong is chooseForm's choice among forms already read.
func chooseAmong(forms []scannedForm, hint string, hasHint bool, rng *rand.Rand) (formChoice, bool) {
	var choices []formChoice
	var needsCards bool
	for _, f := range forms {
		values := url.Values{}
		for _, kv := range f.hidden {
			values.Add(kv[0], kv[1])
		}
		for _, kv := range f.checked {
			values.Add(kv[0], kv[1])
		}
		if len(f.checked) == 0 && f.hasRadio {
			values.Add(f.radio[0], f.radio[1])
		}
		buttons := f.marked
		if len(buttons) == 0 {
			buttons = f.plain
		}
		for _, b := range buttons {
			if b.dataAction == "restart" {
				continue // confirming a restart throws a match away: a player finishes it
			}
			if f.hasBoxes && len(f.checked) == 0 && (b.dataAction == "play" || b.action == f.action) {
				needsCards = true
				continue // submitting no cards is not a play
			}
			v := make(url.Values, len(values)+1)
			for k, vs := range values {
				v[k] = append([]string(nil), vs...)
			}
			if b.hasName {
				v.Set(b.name, b.value)
			}
			choices = append(choices, formChoice{action: b.action, values: v,
				newMatch: b.dataAction == "new" || strings.HasSuffix(b.action, "/restart")})
		}
	}
	if needsCards && len(choices) == 0 && hasHint {
		return formChoice{follow: hint}, true
	}
	// Play what the hint selected rather than always passing.
	for _, c := range choices {
		if c.values.Has("card") {
			return c, true
		}
	}
	if needsCards && hasHint && rng.IntN(2) == 0 {
		return formChoice{follow: hint}, true
	}
	if len(choices) == 0 {
		return formChoice{}, false
	}
	return choices[rng.IntN(len(choices))], true
}

// guandanTable is what a Guandan table page shows a player choosing cards: the level, the
// cards of the hand that can be picked, the plays on the felt in the current trick, and the
// play form (its hidden fields, its action, and where Pass posts when the trick can be passed).
type guandanTable struct {
	level      gd.Rank
	hasLevel   bool
	hand       gd.Set
	felt       []gd.Reading
	action     string
	hidden     [][2]string
	passAction string
}

// scanGuandanTable reads a Guandan table page for ownGuandanPlay: its play form is the one that
// posts to play (the solo table's or a shared table's). The felt's plays are those in the
// seats' action boxes (data-act) before the replay of the AI's turns (data-before,
// data-step), leaving out a box of the trick before (class "last").
func scanGuandanTable(body []byte, play string) (gt guandanTable, ok bool) {
	s := tagScanner{b: body, only: []string{"section", "div", "form", "input", "button"}}
	inForm, inLast, felt := false, false, true
	for s.next() {
		t := &s.tag
		if t.end {
			if string(t.name) == "form" {
				inForm = false
			}
			continue
		}
		switch string(t.name) {
		case "section":
			if v, has := t.attr("data-level"); has {
				l, err := gd.ParseRank(string(v))
				gt.level, gt.hasLevel = l, err == nil
			}
		case "div":
			switch {
			case t.has("data-before") || t.has("data-step"):
				felt = false
			case t.has("data-act"):
				cls, _ := t.attr("class")
				inLast = slices.Contains(strings.Fields(string(cls)), "last")
			case felt && !inLast && t.has("data-reading"):
				r, err := gd.ParseReading(t.attrVal("data-reading"))
				if err != nil {
					return gt, false
				}
				gt.felt = append(gt.felt, r)
			}
		case "form":
			if action := t.attrVal("action"); t.is("method", "post") && action == play {
				inForm, gt.action = true, action
			}
		case "input":
			if !inForm {
				continue
			}
			typ, _ := t.attr("type")
			switch string(typ) {
			case "hidden":
				gt.hidden = append(gt.hidden, [2]string{t.attrVal("name"), t.attrVal("value")})
			case "checkbox":
				n, err := strconv.Atoi(t.attrVal("value"))
				if err != nil || n < 0 || n >= gd.NumCards || t.has("disabled") {
					continue
				}
				gt.hand.Add(gd.Card(n))
			}
		case "button":
			if inForm && t.is("data-action", "pass") {
				gt.passAction = t.attrVal("formaction")
			}
		}
	}
	return gt, gt.hasLevel && gt.action != "" && gt.hand.Len() > 0
}

// ownGuandanPlay chooses a move at a Guandan table without asking for a hint, as a player who
// looks at the cards does: an ordinary play that is legal now (any, at random; a bomb only
// when nothing else beats), and when following, a pass now and then or when nothing beats.
// ok is false when the page is no table to play at; the server refuses what this gets wrong
// with a notice, never an error.
func ownGuandanPlay(body []byte, rng *rand.Rand) (formChoice, bool) {
	return ownGuandanPlayAt(body, "/guandan/play", rng)
}

// ownGuandanPlayAt is ownGuandanPlay at the table whose play form posts to play.
func ownGuandanPlayAt(body []byte, play string, rng *rand.Rand) (formChoice, bool) {
	gt, ok := scanGuandanTable(body, play)
	if !ok {
		return formChoice{}, false
	}
	values := func() url.Values {
		v := url.Values{}
		for _, kv := range gt.hidden {
			v.Add(kv[0], kv[1])
		}
		return v
	}
	following := gt.passAction != ""
	var toBeat gd.Reading
	if following {
		// The play to beat is the one on the felt that beats all the others.
		for i, r := range gt.felt {
			top := true
			for j, o := range gt.felt {
				if j != i && !r.Beats(o, gt.level) {
					top = false
					break
				}
			}
			if top {
				toBeat = r
			}
		}
		if toBeat.IsZero() {
			return formChoice{}, false
		}
	}
	var plain, bombs []gd.Play
	for _, p := range gd.LegalPlays(gt.hand, gt.level, toBeat) {
		if p.Reading.IsBomb() {
			bombs = append(bombs, p)
		} else {
			plain = append(plain, p)
		}
	}
	pick := plain
	if len(pick) == 0 {
		pick = bombs
	}
	if following && (len(pick) == 0 || rng.IntN(4) == 0) {
		return formChoice{action: gt.passAction, values: values()}, true
	}
	if len(pick) == 0 {
		return formChoice{}, false
	}
	p := pick[rng.IntN(len(pick))]
	v := values()
	for _, c := range p.Cards.Cards() {
		v.Add("card", strconv.Itoa(int(c)))
	}
	v.Set("reading", p.Reading.String())
	return formChoice{action: gt.action, values: v}, true
}
