package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/cardavia/cardavia/record"
	"github.com/cardavia/cardavia/web/views"
)

// A replay of a shared match's deal reads as the live table's log read: the seats handed to the
// AI and taken back are told where they happened, and the moves the AI made for a person's
// seat carry the away mark, for the deal being played and for the match's deals before it.

// replayLog is the log of every step of a deal's replay, in order, as p reads it.
func replayLog(t *testing.T, p *player, href string, header ...string) []string {
	t.Helper()
	var out []string
	for step := 0; ; step++ {
		r := p.get(href+"?step="+strconv.Itoa(step), header...)
		if r.status == http.StatusNotFound && step > 0 {
			return out
		}
		if r.status != http.StatusOK {
			t.Fatalf("%s?step=%d: %d", href, step, r.status)
		}
		r.doc.Find(`section[aria-labelledby="replay-log-title"] li`).Each(func(_ int, li *goquery.Selection) {
			out = append(out, strings.TrimSpace(li.Text()))
		})
	}
}

// asnasMoveFor has p make the first move offered (not a look), or deal on at a deal's end.
func asnasMoveFor(t *testing.T, p *player, path string) {
	t.Helper()
	r := p.view(path)
	move := rootOf(r, "data-move")
	if b := r.doc.Find(`form[action$="/move"] button[data-verb]:not([data-verb="look"])`).First(); b.Length() > 0 {
		p.post(path+"/move", url.Values{"move": {move}, "verb": {attr(b, "value")}})
		return
	}
	p.post(path+"/next", url.Values{"move": {move}})
}

// A past deal's replay tells the time-out and marks the AI's moves for the player, as the
// live log did at the deal's end; and so does the replay of a finished match once its table
// has dealt the next, whose start still has the player away.
func TestSharedAsnasReplayKeepsTheAsides(t *testing.T) {
	clk := &clock{now: time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)}
	ts := newSite(t, func(c *Config) { c.Now = clk.Now })
	path, _, p, other := asnasPair(t, ts.as("Sara"), ts.as("Ali"), 30)
	clk.add(31 * time.Second)
	p.view(path) // the page that sees the time run out
	end := other.view(path)
	for range 50 {
		if rootOf(end, "data-phase") == "dealover" {
			break
		}
		asnasMoveFor(t, other, path)
		end = other.view(path)
	}
	if rootOf(end, "data-phase") != "dealover" {
		t.Fatalf("deal 1 did not end (phase %s)", rootOf(end, "data-phase"))
	}
	live, liveOther := logTexts(p.view(path)), logTexts(end)
	liveFa := logTexts(p.get(path, "Accept-Language", "fa"))
	href := attr(end.doc.Find("a[data-deal-replay]"), "href")
	asnasMoveFor(t, other, path) // deal 2: deal 1 is past
	if got := p.view(path).doc.Find(".deal-no").Text(); got != "Deal 2 of 12" {
		t.Fatalf("the table shows %q, want deal 2", got)
	}
	mark := "You (away: AI playing) "
	if indexOf(live, "Your time ran out: the AI plays for you.") < 0 || indexOf(live, mark) < 0 {
		t.Fatalf("the live log does not tell the time-out and the AI's moves: %q", live)
	}
	replay := replayLog(t, p, href)
	if strings.Join(replay, "\n") != strings.Join(live, "\n") {
		t.Errorf("the replay of deal 1 reads\n%q\nthe live log read\n%q", replay, live)
	}
	if got := replayLog(t, other, href); strings.Join(got, "\n") != strings.Join(liveOther, "\n") {
		t.Errorf("the other player's replay of deal 1 reads\n%q\ntheir live log read\n%q", got, liveOther)
	}
	if got := replayLog(t, p, href, "Accept-Language", "fa"); strings.Join(got, "\n") != strings.Join(liveFa, "\n") {
		t.Errorf("the Persian replay of deal 1 reads\n%q\nthe live log read\n%q", got, liveFa)
	}

	// Deal 2, which the AI played for p from its start with no word in it, reads so too.
	for range 50 {
		if rootOf(other.view(path), "data-phase") == "dealover" {
			break
		}
		asnasMoveFor(t, other, path)
	}
	live2 := logTexts(p.view(path))
	href2 := strings.TrimSuffix(href, "/1") + "/2"
	asnasMoveFor(t, other, path)
	if indexOf(live2, mark) < 0 {
		t.Fatalf("the live log of deal 2 marks no move the AI made for the player: %q", live2)
	}
	if got := replayLog(t, p, href2); strings.Join(got, "\n") != strings.Join(live2, "\n") {
		t.Errorf("the replay of deal 2 reads\n%q\nthe live log read\n%q", got, live2)
	}

	// The match ends, and Ali's rematch is dealt without Sara, who stays away: the finished
	// match's replays still tell the time-out, and the new match's mark the AI's moves for her.
	end = other.view(path)
	for range 1000 {
		if rootOf(end, "data-phase") == "over" {
			break
		}
		asnasMoveFor(t, other, path)
		end = other.view(path)
	}
	if rootOf(end, "data-phase") != "over" {
		t.Fatal("the match did not end")
	}
	if r := other.post(path+"/rematch", url.Values{"move": {rootOf(end, "data-move")}}); r.status != http.StatusSeeOther {
		t.Fatalf("rematch: %d", r.status)
	}
	if got := replayLog(t, p, href); strings.Join(got, "\n") != strings.Join(live, "\n") {
		t.Errorf("after the rematch the replay of deal 1 reads\n%q\nthe live log read\n%q", got, live)
	}
	for range 50 {
		if rootOf(other.view(path), "data-phase") == "dealover" {
			break
		}
		asnasMoveFor(t, other, path)
	}
	liveNew := logTexts(p.view(path))
	if indexOf(liveNew, mark) < 0 {
		t.Fatalf("the rematch's live log marks no move the AI made for the player: %q", liveNew)
	}
	newHref := attr(p.view(path).doc.Find("a[data-deal-replay]"), "href")
	if newHref == "" || newHref == href {
		t.Fatalf("the rematch's deal replay is %q", newHref)
	}
	if got := replayLog(t, p, newHref); strings.Join(got, "\n") != strings.Join(liveNew, "\n") {
		t.Errorf("the replay of the rematch's deal 1 reads\n%q\nthe live log read\n%q", got, liveNew)
	}
}

// Guandan: a past deal's replay tells the time-out at the step whose move the AI made first for
// the player, and marks the AI's moves for the seat; none reads as the player's own.
func TestSharedGuandanReplayKeepsTheAsides(t *testing.T) {
	clk, path, p, sara, ali := timedGuandanPair(t)
	other := sara
	if p == sara {
		other = ali
	}
	clk.add(31 * time.Second)
	p.view(path)
	r := other.view(path)
	for range 400 {
		if rootOf(r, "data-phase") == "dealover" {
			break
		}
		guandanBot(other, path, r)
		r = other.view(path)
	}
	if rootOf(r, "data-phase") != "dealover" {
		t.Fatalf("deal 1 did not end (phase %s)", rootOf(r, "data-phase"))
	}
	href := attr(r.doc.Find("a[data-deal-replay]"), "href")
	guandanBot(other, path, r) // deal 2
	mark := "You (away: AI playing) "
	lines := replayLog(t, p, href)
	told := indexOf(lines, "Your time ran out: the AI plays for you.")
	if told < 0 {
		t.Fatalf("the replay of deal 1 does not tell the time-out: %q", lines)
	}
	if !strings.HasPrefix(lines[told+1], mark) {
		t.Errorf("the move after the time-out is not told as the AI's: %q", lines[told+1])
	}
	for _, l := range lines[told:] {
		if strings.HasPrefix(l, "You played") || strings.HasPrefix(l, "You passed") {
			t.Errorf("the replay says the player made a move the AI made: %q", l)
		}
	}
	for _, l := range lines[:told] {
		if strings.Contains(l, "(away") {
			t.Errorf("a line before the time-out carries the away mark: %q", l)
		}
	}
	if zh := replayLog(t, p, href, "Accept-Language", "zh"); indexOf(zh, "你（离开：电脑代打）") < 0 || indexOf(zh, p.name) >= 0 {
		t.Errorf("the Chinese replay of deal 1 does not tell the AI's moves for the player as 你（离开：电脑代打）: %q", zh)
	}
	if n := indexOf(replayLog(t, other, href), "Time ran out for \u2068"+p.name+"\u2069: the AI takes over the seat."); n < 0 {
		t.Error("the other player's replay of deal 1 does not tell the time-out")
	}
}

// A table stored when it kept only the deal being played's asides reads as it did; the asides
// of the match's earlier deals stay, and a seat an earlier deal left away reads away from a
// later deal's start.
func TestStoredTableAsidesRead(t *testing.T) {
	id := record.NewID()
	old := `{"v":1,"game":"asnas","id":"abcdefghijkmnpqr","code":"ACDEFGHJ","host":"s1","level":"beginner","timer":30,` +
		`"seats":[{"visitor":"s1","name":"Sara"},{},{"visitor":"s2","name":"Ali","away":true},{}],` +
		`"match":"` + id.String() + `","rev":7,"turn":1,"created":1,` +
		`"asides":[{"deal":3,"at":5,"seat":2,"why":"time"}]}`
	tb, err := decodeTable([]byte(old))
	if err != nil {
		t.Fatalf("an older stored table does not decode: %v", err)
	}
	if got := tb.asidesOf(3); len(got) != 1 || got[0] != (views.LogAside{At: 5, Seat: 2, Why: views.AsideTime}) {
		t.Errorf("its deal's asides: %+v", got)
	}
	tb.noteAside(4, 6, 2, views.AsideBack)
	if len(tb.asidesOf(3)) != 1 {
		t.Error("an aside of deal 4 dropped deal 3's, whose replays need them")
	}
	data, err := tb.encode()
	if err != nil {
		t.Fatal(err)
	}
	again, err := decodeTable(data)
	if err != nil {
		t.Fatalf("the table as stored now does not decode: %v", err)
	}
	if got := again.replayAsides(id, 4); len(got) != 2 || got[0].At != -1 || got[0].Seat != 2 || got[1].Why != views.AsideBack {
		t.Errorf("deal 4's replay asides: %+v, want Ali away from its start, then back", got)
	}
	if got := again.replayAsides(id, 5); len(got) != 0 {
		t.Errorf("deal 5's replay asides: %+v, want none (Ali came back in deal 4)", got)
	}
	if got := again.replayAsides(record.NewID(), 3); got != nil {
		t.Errorf("another match's replay is given this one's asides: %+v", got)
	}
}

// A long match keeps at most asidesMatchKept asides, dropping its earliest deals' first, never
// the deal being played's; a seat a dropped deal left away still reads away in the deals after.
func TestAsidesMatchBound(t *testing.T) {
	var tb sharedTable
	tb.noteAside(1, 3, 1, views.AsideTime) // seat 1 stays away from deal 1 on
	for deal := 2; deal <= 40; deal++ {
		tb.noteAside(deal, 4, 0, views.AsideSelf)
		tb.noteAside(deal, 9, 0, views.AsideBack)
	}
	if len(tb.Asides) > asidesMatchKept {
		t.Errorf("the match keeps %d asides, want at most %d", len(tb.Asides), asidesMatchKept)
	}
	if got := tb.asidesOf(40); len(got) != 2 {
		t.Errorf("the deal being played keeps %+v", got)
	}
	data, err := json.Marshal(tb)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) > 4096 {
		t.Errorf("the table's asides take %d bytes", len(data))
	}
	for _, deal := range []int{39, 40} {
		got := replayAsides(tb.Asides, deal)
		if len(got) == 0 || got[0] != (views.LogAside{At: -1, Seat: 1, Why: views.AsideTime}) {
			t.Errorf("deal %d's replay no longer has seat 1 away from its start: %+v", deal, got)
		}
	}
	if got := tb.asidesOf(1); len(got) != 0 {
		t.Errorf("deal 1's asides were kept over the bound: %+v", got)
	}
}

// The lines of a live table's log that no move follows yet, hand-overs and seats taken back,
// carry data-aside-news, which the scripts read out once: each of them (two at one point,
// each with a name of its own), to the others, not to the player who did it; and no longer
// once a move follows them.
func TestSharedTableAsideNews(t *testing.T) {
	ts := newSite(t)
	path, _, actor, waiter := asnasPair(t, ts.as("Sara"), ts.as("Ali"), 0)
	mine := rootOf(waiter.view(path), "data-seat")
	news := func(p *player) []string {
		var out []string
		p.view(path).doc.Find("[data-aside-news]").Each(func(_ int, s *goquery.Selection) {
			out = append(out, strings.TrimSpace(s.Text()))
		})
		return out
	}
	if r := waiter.post(path+"/away", url.Values{"away": {mine}}); r.status != http.StatusSeeOther {
		t.Fatalf("stepping away: %d", r.status)
	}
	if got := news(actor); len(got) != 1 || got[0] != "\u2068"+waiter.name+"\u2069 let the AI take over the seat." {
		t.Errorf("the other player's newest line: %q, want the hand-over", got)
	}
	if got := news(waiter); len(got) != 0 {
		t.Errorf("the player who stepped away is told so as news: %q", got)
	}
	if r := waiter.post(path+"/back", nil); r.status != http.StatusSeeOther {
		t.Fatalf("taking the seat back: %d", r.status)
	}
	if got := news(actor); len(got) != 2 || got[0] != "\u2068"+waiter.name+"\u2069 let the AI take over the seat." || got[1] != "\u2068"+waiter.name+"\u2069 took the seat back from the AI." {
		t.Errorf("the other player's news: %q, want the hand-over and the seat taken back", got)
	}
	if r := waiter.post(path+"/away", url.Values{"away": {mine}}); r.status != http.StatusSeeOther {
		t.Fatalf("stepping away again: %d", r.status)
	}
	ids := map[string]bool{}
	actor.view(path).doc.Find("[data-aside-news]").Each(func(_ int, s *goquery.Selection) { ids[s.AttrOr("data-aside-news", "")] = true })
	if len(ids) != 3 {
		t.Errorf("three asides at one point, two of them alike, have %d names: %v", len(ids), ids)
	}
	if r := waiter.post(path+"/back", nil); r.status != http.StatusSeeOther {
		t.Fatalf("taking the seat back again: %d", r.status)
	}
	a := actor.view(path)
	actor.post(path+"/move", url.Values{"move": {rootOf(a, "data-move")}, "verb": {a.doc.Find("form.actions button[data-verb]").First().AttrOr("value", "")}})
	if got := news(actor); len(got) != 0 {
		t.Errorf("a move followed the seat taken back, which is still news: %q", got)
	}
}

// A player still away when a Guandan rematch with partners swapped is dealt keeps the reason
// the AI plays for them: it was looked up by the seats after the swap, so Mina, who had let
// the AI play at seat 2 and sits at seat 1 after it, was given the reason of seat 1's player
// (Ali, back in his seat), and the rematch's replays from its second deal on read the AI's
// moves for her as her own.
func TestSwappedRematchCarriesTheAwayReason(t *testing.T) {
	ts := newSite(t)
	sara, ali, mina := ts.as("Sara"), ts.as("Ali"), ts.as("Mina")
	path := sara.openTable("guandan", "beginner", 0)
	ali.sit(path, 1)
	mina.sit(path, 2)
	sara.post(path+"/start", nil)
	for _, p := range []*player{sara, ali, mina} {
		if r := p.post(path+"/away", url.Values{"away": {rootOf(p.view(path), "data-seat")}}); r.status != http.StatusSeeOther {
			t.Fatalf("%s steps away: %d", p.name, r.status)
		}
	}
	end := sara.dealOnToMatchEnd(path)
	for _, p := range []*player{sara, ali} {
		if r := p.post(path+"/back", nil); r.status != http.StatusSeeOther {
			t.Fatalf("%s takes the seat back: %d", p.name, r.status)
		}
	}
	for _, p := range []*player{sara, ali} {
		if r := p.post(path+"/rematch", url.Values{"move": {rootOf(end, "data-move")}, "swap": {"1"}}); r.status != http.StatusSeeOther {
			t.Fatalf("%s asks for the rematch with partners swapped: %d", p.name, r.status)
		}
	}
	if got := rootOf(mina.view(path), "data-seat"); got != "1" {
		t.Fatalf("after the swap Mina sits at seat %s, want 1", got)
	}
	tb, err := ts.server.loadTable(t.Context(), path[strings.LastIndexByte(path, '/')+1:])
	if err != nil {
		t.Fatal(err)
	}
	want := []tableAside{{Deal: 1, At: -1, Seat: 1, Why: views.AsideSelf}}
	if len(tb.Asides) != 1 || tb.Asides[0] != want[0] {
		t.Errorf("the rematch's carried asides are %+v, want %+v (Mina, away by her own choice, now at seat 1)", tb.Asides, want)
	}
}
