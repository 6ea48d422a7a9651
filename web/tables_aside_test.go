package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
)

// logTexts are the lines of a table page's log panel (As-Nas's #log, Guandan's), in order.
func logTexts(r page) []string {
	var out []string
	r.doc.Find(`section[aria-labelledby="log-title"] li, section[aria-labelledby="glog-title"] li`).Each(func(_ int, li *goquery.Selection) {
		out = append(out, strings.TrimSpace(li.Text()))
	})
	return out
}

// indexOf is the first line that contains s, -1 for none.
func indexOf(lines []string, s string) int {
	for i, l := range lines {
		if strings.Contains(l, s) {
			return i
		}
	}
	return -1
}

// A player whose time runs out is told so in the log, where it happened, and so is everyone
// else; the moves the AI then makes for the seat carry the away mark, after the seat's name for
// the others and after "You" for the player (never a bare "You", nor their own name in their
// view: a play-test read "Åsa (borta: AI spelar)" beside "Du"), and the player's banner says
// why the AI plays for them. Taking the seat back is told
// too, and the player's later moves are theirs again.
func TestSharedTableTimeOutIsTold(t *testing.T) {
	clk := &clock{now: time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)}
	ts := newSite(t, func(c *Config) { c.Now = clk.Now })
	path, _, p, other := asnasPair(t, ts.as("Sara"), ts.as("Ali"), 30)
	before := logTexts(p.view(path))
	clk.add(31 * time.Second)
	mine := p.view(path)
	lines := logTexts(mine)
	told := indexOf(lines, "Your time ran out: the AI plays for you.")
	if told < 0 {
		t.Fatalf("the log does not say the time ran out: %q", lines)
	}
	if told != len(before) {
		t.Errorf("the time-out is told at line %d, not where it happened (after %d lines): %q", told, len(before), lines)
	}
	mark := "You (away: AI playing) "
	if !strings.HasPrefix(lines[told+1], mark) {
		t.Errorf("the AI's move for the seat is not told as the AI's: %q", lines[told+1])
	}
	for _, l := range lines[told:] {
		if strings.HasPrefix(l, "You ") && !strings.HasPrefix(l, mark) || strings.Contains(l, p.name) {
			t.Errorf("the log says the player made a move the AI made, or names them in their own view: %q", l)
		}
	}
	for _, l := range lines[:told] {
		if strings.Contains(l, "(away") {
			t.Errorf("a line before the time-out carries the away mark: %q", l)
		}
	}
	if got := mine.doc.Find(".shared-back p").Text(); got != "Your time ran out: the AI plays for you." {
		t.Errorf("the away banner says %q", got)
	}
	// The AI's move for the seat and the word before it are replayed and read out.
	if s := mine.doc.Find(`#log li[data-event="seat-time"]`); s.Length() != 1 || attr(s, "data-replay-step") == "" {
		t.Errorf("the time-out's line is no step of the replay: %d lines", s.Length())
	}
	others := logTexts(other.view(path))
	if i := indexOf(others, "Time ran out for \u2068"+p.name+"\u2069: the AI takes over the seat."); i != len(before) {
		t.Errorf("the other player's log tells the time-out at line %d, want %d: %q", i, len(before), others)
	}
	if r := p.post(path+"/back", nil); r.status != http.StatusSeeOther {
		t.Fatalf("taking the seat back: %d", r.status)
	}
	back := logTexts(p.view(path))
	if i := indexOf(back, "You took your seat back from the AI."); i < 0 {
		t.Errorf("the log does not say the player took the seat back: %q", back)
	}
	if got := p.view(path).doc.Find(".shared-back").Length(); got != 0 {
		t.Error("the player who came back is still told the AI plays for them")
	}
	if i := indexOf(logTexts(other.view(path)), "\u2068"+p.name+"\u2069 took the seat back from the AI."); i < 0 {
		t.Error("the other player's log does not say the seat was taken back")
	}
}

// Persian: the time-out reads in the viewer's language, and the name keeps its isolate.
func TestSharedTableTimeOutIsToldInPersian(t *testing.T) {
	clk := &clock{now: time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)}
	ts := newSite(t, func(c *Config) { c.Now = clk.Now })
	path, _, p, other := asnasPair(t, ts.as("Sara"), ts.as("علی"), 30)
	clk.add(31 * time.Second)
	p.view(path) // the page that sees the time run out
	lines := logTexts(other.get(path, "Accept-Language", "fa"))
	if indexOf(lines, "وقت \u2068"+p.name+"\u2069 تمام شد") < 0 {
		t.Errorf("the Persian log does not tell the time-out: %q", lines)
	}
}

// timedGuandanPair starts a Guandan match at a table with 30 seconds a move, Sara in seat 0
// and Ali in seat 2, and returns its clock, its path and the player whose turn it is first.
func timedGuandanPair(t *testing.T) (*clock, string, *player, *player, *player) {
	t.Helper()
	clk := &clock{now: time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)}
	ts := newSite(t, func(c *Config) { c.Now = clk.Now })
	sara, ali := ts.as("Sara"), ts.as("Ali")
	path := sara.openTable("guandan", "beginner", 30)
	ali.sit(path, 2)
	sara.post(path+"/start", nil)
	players := map[string]*player{"0": sara, "2": ali}
	p := players[rootOf(sara.view(path), "data-to-act")]
	if p == nil {
		t.Fatalf("the first deal waits for seat %s", rootOf(sara.view(path), "data-to-act"))
	}
	return clk, path, p, sara, ali
}

// At a shared Guandan table too: the time-out is told, and the AI's plays for the seat carry
// the away mark.
func TestSharedGuandanTimeOutIsTold(t *testing.T) {
	clk, path, p, sara, ali := timedGuandanPair(t)
	other := sara
	if p == sara {
		other = ali
	}
	clk.add(31 * time.Second)
	mine := p.view(path)
	lines := logTexts(mine)
	told := indexOf(lines, "Your time ran out: the AI plays for you.")
	if told < 0 {
		t.Fatalf("the log does not say the time ran out: %q", lines)
	}
	mark := "You (away: AI playing) "
	if i := indexOf(lines[told:], mark); i < 0 {
		t.Errorf("no move after the time-out is told as the AI's: %q", lines)
	}
	for _, l := range lines[told:] {
		if strings.HasPrefix(l, "You played") || strings.HasPrefix(l, "You passed") || strings.Contains(l, p.name) {
			t.Errorf("the log says the player made a move the AI made, or names them in their own view: %q", l)
		}
	}
	// In every language the viewer's own seat is "you" in their view, with the away mark.
	for _, c := range []struct{ lang, mark, told string }{
		{"sv", "Du (borta: AI spelar) ", "Din tid tog slut"},
		{"zh", "你（离开：电脑代打）", "你的时间到了"},
		{"es", "Tú (ausente: juega la IA) ", ""},
		{"fa", "شما (غایب: هوش مصنوعی بازی می\u200cکند) ", ""},
	} {
		lines := logTexts(p.get(path, "Accept-Language", c.lang))
		if indexOf(lines, c.mark) < 0 || c.told != "" && indexOf(lines, c.told) < 0 {
			t.Errorf("%s: the log does not tell the AI's moves for the player as %q: %q", c.lang, c.mark, lines)
		}
		if i := indexOf(lines, p.name); i >= 0 {
			t.Errorf("%s: the player is named in their own view: %q", c.lang, lines[i])
		}
	}
	// The replay reads the time-out out with the move that follows it, and the AI's moves for
	// the player's own seat, which it does not read back to a player who made them.
	steps := mine.doc.Find("template[data-replay] [data-step]")
	if steps.Length() == 0 {
		t.Fatal("no replay of the moves since the time-out")
	}
	out := steps.FilterFunction(func(_ int, st *goquery.Selection) bool {
		return strings.HasPrefix(attr(st, "data-text"), "Your time ran out: the AI plays for you. ")
	})
	if out.Length() != 1 || out.AttrOr("data-by-ai", "-") == "-" {
		t.Errorf("%d replay steps read the time-out out (data-by-ai %v)", out.Length(), out.AttrOr("data-by-ai", "-") != "-")
	}
	steps.Each(func(_ int, st *goquery.Selection) {
		if attr(st, "data-seat") == rootOf(mine, "data-seat") && (st.AttrOr("data-by-ai", "-") == "-" || !strings.Contains(attr(st, "data-text"), mark)) {
			t.Errorf("a move the AI made for the player is not read out as the AI's: %q", attr(st, "data-text"))
		}
	})
	if i := indexOf(logTexts(other.view(path)), "Time ran out for \u2068"+p.name+"\u2069"); i < 0 {
		t.Errorf("the other player's log does not tell the time-out: %q", logTexts(other.view(path)))
	}
}

// While the AI plays on for a Guandan player whose time ran out, their page replays only what
// came since their seat's last move (the AI's), not everything since the hand-over again: the
// log still goes back to it and tells it, but neither the replay nor its read-out does.
func TestSharedGuandanAwayReplayDoesNotGrow(t *testing.T) {
	clk, path, p, sara, ali := timedGuandanPair(t)
	other, otherSeat := sara, "0"
	if p == sara {
		other, otherSeat = ali, "2"
	}
	clk.add(31 * time.Second)
	p.view(path) // the time runs out: the AI plays for p up to the other's turn
	// The other lets the AI play too: it plays on, for p many times.
	if r := other.post(path+"/away", url.Values{"away": {otherSeat}}); r.status != http.StatusSeeOther {
		t.Fatalf("the other player's hand-over: %d", r.status)
	}
	mine := p.view(path)
	if indexOf(logTexts(mine), "Your time ran out: the AI plays for you.") < 0 {
		t.Fatalf("the log no longer tells the time-out: %q", logTexts(mine))
	}
	mark := "You (away: AI playing) "
	steps := mine.doc.Find("template[data-replay] [data-step]")
	mineSteps := 0
	steps.Each(func(_ int, st *goquery.Selection) {
		if strings.Contains(attr(st, "data-text"), "Your time ran out") {
			t.Errorf("the replay reads the time-out out again: %q", attr(st, "data-text"))
		}
		if strings.Contains(attr(st, "data-text"), mark) {
			mineSteps++
		}
	})
	if mineSteps > 1 {
		t.Errorf("the replay goes back over %d of the AI's moves for the player, want the last only", mineSteps)
	}
	if s := mine.doc.Find(`li[data-event="seat-time"]`); s.Length() != 1 || s.AttrOr("data-gstep", "-") != "-" {
		t.Errorf("the time-out's log line: %d, a step of the replay %v", s.Length(), s.AttrOr("data-gstep", "-") != "-")
	}
}
