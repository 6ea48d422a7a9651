package web

import (
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/cardavia/cardavia/rules/asnas"
	"github.com/cardavia/cardavia/web/store"
)

// checkNoHiddenCards is the safety rule of the table: a face of another seat's card appears
// only during a showdown, and only for a seat still in the deal (never a folded hand). Every
// card face image on the page must sit in such a place.
func checkNoHiddenCards(t *testing.T, p page) {
	t.Helper()
	showdown := p.root("data-showdown") == "true"
	faces := 0
	p.doc.Find("[data-hand]").Each(func(_ int, hand *goquery.Selection) {
		cards := hand.Find("[data-card]")
		faces += cards.Length()
		seat := attr(hand, "data-hand")
		if seat == "0" || cards.Length() == 0 {
			return
		}
		if !showdown {
			t.Errorf("deal %s move %s: seat %s's cards shown without a showdown", p.root("data-deal"), p.root("data-move"), seat)
		}
		if attr(hand.Closest("[data-seat]").Find("[data-status]"), "data-status") == "folded" {
			t.Errorf("deal %s: folded seat %s's cards shown", p.root("data-deal"), seat)
		}
		if cards.Length() != asnas.HandSize {
			t.Errorf("seat %s shows %d cards", seat, cards.Length())
		}
	})
	imgs := 0
	p.doc.Find("img").Each(func(_ int, img *goquery.Selection) {
		src := attr(img, "src")
		if strings.Contains(src, "/cards/asnas/") && !strings.Contains(src, "/back.") {
			imgs++
		}
	})
	if imgs != faces {
		t.Errorf("%d card faces on the page but %d inside hands", imgs, faces)
	}
	// The human's own cards: face down until looked at, or until the deal is over (issue 8:
	// the visitor sees their own hand at the end even if they never looked).
	me := p.doc.Find(`[data-seat="0"]`)
	dealOver := p.doc.Find(`[data-action="next"], [data-action="new"]`).Length() > 0
	if me.Find("[data-card]").Length() > 0 && attr(me.Find("[data-status]"), "data-status") == "unseen" && !showdown && !dealOver {
		t.Error("your cards are face up before you looked")
	}
}

// verbs are the action buttons on the table.
func verbs(p page) []string {
	var out []string
	p.doc.Find(`form[action="/asnas/move"] button[name="verb"]`).Each(func(_ int, b *goquery.Selection) {
		out = append(out, attr(b, "value"))
	})
	return out
}

func moveOf(p page) string { return p.root("data-move") }

func TestFullMatchThroughTheForms(t *testing.T) {
	ts := newSite(t)
	rng := rand.New(rand.NewPCG(7, 7))
	seenShowdown, seenDeals := false, map[string]bool{}
	var last page
	for step := 0; step < 2000; step++ {
		p := ts.table()
		checkNoHiddenCards(t, p)
		last = p
		deal := p.root("data-deal")
		seenDeals[deal] = true
		if p.root("data-showdown") == "true" {
			seenShowdown = true
		}
		if p.root("data-over") == "true" {
			break
		}
		move := url.Values{"move": {moveOf(p)}}
		if p.doc.Find(`[data-action="next"]`).Length() == 1 {
			if r := ts.post("/asnas/next", move); r.status != http.StatusSeeOther || r.header.Get("Location") != "/asnas" {
				t.Fatalf("next deal: %d %s", r.status, r.header.Get("Location"))
			}
			continue
		}
		vs := verbs(p)
		if len(vs) == 0 {
			t.Fatalf("deal %s: not over, no next-deal button and no actions:\n%s", deal, p.body)
		}
		verb := vs[rng.IntN(len(vs))]
		if len(vs) > 1 && verb == "fold" {
			verb = vs[rng.IntN(len(vs))] // fold less often, so more showdowns happen
		}
		move.Set("verb", verb)
		if r := ts.post("/asnas/move", move); r.status != http.StatusSeeOther || r.header.Get("Location") != "/asnas" {
			t.Fatalf("deal %s: %s: %d %s", deal, verb, r.status, r.header.Get("Location"))
		}
	}
	if last.root("data-over") != "true" {
		t.Fatal("the match did not end")
	}
	if last.root("data-deal") != "12" || len(seenDeals) != 12 {
		t.Errorf("deals seen: %v, last %s", seenDeals, last.root("data-deal"))
	}
	if !seenShowdown {
		t.Error("no showdown in twelve deals")
	}
	if n := last.doc.Find("[data-result-deal]").Length(); n != 12 {
		t.Errorf("score table has %d deals, want 12", n)
	}
	if last.doc.Find(`[data-result="true"]`).Length() != 1 || last.doc.Find(`[data-action="new"]`).Length() != 1 {
		t.Error("no match result and New match button at the end")
	}
	// The totals are shown to two decimals and, like every deal, sum to zero.
	var sum float64
	last.doc.Find("[data-total]").Each(func(_ int, s *goquery.Selection) {
		txt := strings.ReplaceAll(s.Text(), ",", "")
		if i := strings.Index(txt, "."); i < 0 || len(txt)-i-1 != 2 {
			t.Errorf("total %q is not shown with two decimals", s.Text())
		}
		x, err := strconv.ParseFloat(txt, 64)
		if err != nil {
			t.Fatalf("total %q: %v", s.Text(), err)
		}
		sum += x
	})
	if sum > 0.03 || sum < -0.03 {
		t.Errorf("totals sum to %v", sum)
	}
	// Restart's confirmation would say the match is lost; a finished one is in the history,
	// and the table's end has New match.
	if r := ts.get("/asnas/restart"); r.status != http.StatusSeeOther || r.header.Get("Location") != "/asnas" {
		t.Errorf("GET /asnas/restart after the match: %d to %q, want 303 to the table", r.status, r.header.Get("Location"))
	}
	// New match: a fresh table at deal 1.
	if r := ts.post("/asnas/restart", url.Values{"move": {moveOf(last)}}); r.status != http.StatusSeeOther {
		t.Fatalf("new match: %d", r.status)
	}
	p := ts.table()
	if p.root("data-deal") != "1" || p.root("data-over") != "false" || p.doc.Find("[data-result-deal]").Length() != 0 {
		t.Errorf("after New match: deal %s over %s", p.root("data-deal"), p.root("data-over"))
	}
}

func TestTableHooks(t *testing.T) {
	ts := newSite(t)
	p := ts.table()
	for _, a := range []string{"data-deal", "data-move", "data-over", "data-showdown"} {
		if p.root(a) == "" {
			t.Errorf("table root lacks %s", a)
		}
	}
	for s := range 4 {
		seat := p.doc.Find(`[data-seat="` + strconv.Itoa(s) + `"]`)
		if seat.Length() != 1 || seat.Find(`[data-hand="`+strconv.Itoa(s)+`"]`).Length() != 1 {
			t.Errorf("seat %d: no seat area with its hand", s)
		}
	}
	if p.doc.Find(`[data-hand="0"] [data-card]`).Length() != 0 {
		t.Error("your cards are face up before you looked")
	}
	if p.doc.Find(".dealer-button").Length() != 1 {
		t.Error("no dealer button")
	}
	if !strings.Contains(p.doc.Find(".deal-no").Text(), "Deal 1 of 12") {
		t.Errorf("deal line: %q", p.doc.Find(".deal-no").Text())
	}
	if p.doc.Find(`[data-event="dealt"]`).Length() != 1 {
		t.Error("the log does not tell who dealt")
	}
	// Look turns the human's cards face up; the turn stays with the human.
	if !contains(verbs(p), "look") {
		t.Fatalf("look not offered: %v", verbs(p))
	}
	ts.post("/asnas/move", url.Values{"move": {moveOf(p)}, "verb": {"look"}})
	p2 := ts.table()
	if n := p2.doc.Find(`[data-hand="0"] [data-card]`).Length(); n != 5 {
		t.Errorf("after Look: %d of your cards face up, want 5", n)
	}
	if contains(verbs(p2), "look") {
		t.Error("look offered twice")
	}
	if moveOf(p2) == moveOf(p) {
		t.Error("the move number did not change")
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func TestStalePostChangesNothing(t *testing.T) {
	ts := newSite(t)
	p := ts.table()
	old := moveOf(p)
	ts.post("/asnas/move", url.Values{"move": {old}, "verb": {"look"}})
	after := ts.table()
	// The same form again (a double click, the back button): refused, nothing changes.
	r := ts.post("/asnas/move", url.Values{"move": {old}, "verb": {"fold"}})
	if r.status != http.StatusSeeOther || r.header.Get("Location") != "/asnas?notice=stale" {
		t.Fatalf("stale post: %d %s", r.status, r.header.Get("Location"))
	}
	now := ts.get("/asnas?notice=stale")
	if moveOf(now) != moveOf(after) || now.doc.Find(`[data-status="folded"]`).Length() != after.doc.Find(`[data-status="folded"]`).Length() {
		t.Error("a stale post changed the match")
	}
	if now.doc.Find(`[data-notice="asnas.notice.stale"]`).Length() != 1 {
		t.Error("no stale notice")
	}
	if ts.get("/asnas?notice=<script>").doc.Find("[data-notice]").Length() != 0 {
		t.Error("an unknown notice was shown")
	}
}

// TestTamperedNoticeIsIgnored: a ?notice= that is not one of the table's notices (made up,
// markup, a catalog key, the other table's) gives the normal table, with no notice and without
// the value anywhere on the page; the table's own notices still show.
func TestTamperedNoticeIsIgnored(t *testing.T) {
	ts := newSite(t)
	for _, game := range []string{"asnas", "guandan"} {
		for _, v := range []string{"xq-made-up-notice", "<b>xq</b>", "%3Cscript%3Exq()%3C/script%3E", game + ".notice.stale",
			"Stale", "stale%00", "stale&notice=xq-second", "%E2%80%AEstale"} {
			p := ts.get("/" + game + "?notice=" + v)
			if p.status != http.StatusOK || p.doc.Find(`[data-game="`+game+`"]`).Length() != 1 {
				t.Fatalf("%s ?notice=%s: status %d, no table", game, v, p.status)
			}
			if n := p.doc.Find("[data-notice]"); n.Length() != 0 && !(strings.HasPrefix(v, "stale&") && attr(n, "data-notice") == game+".notice.stale") {
				t.Errorf("%s ?notice=%s: notice %q shown", game, v, attr(n, "data-notice"))
			}
			if strings.Contains(p.body, "xq") {
				t.Errorf("%s ?notice=%s: the value is on the page", game, v)
			}
		}
	}
	// Notices of the Guandan engine have no text at the As-Nas table; both tables know the
	// plumbing's.
	for _, n := range []string{"empty", "illegal", "nobeat", "choose"} {
		if p := ts.get("/asnas?notice=" + n); p.status != http.StatusOK || p.doc.Find("[data-notice]").Length() != 0 {
			t.Errorf("/asnas?notice=%s: status %d, %d notices", n, p.status, p.doc.Find("[data-notice]").Length())
		}
		if p := ts.get("/guandan?notice=" + n); p.doc.Find(`[data-notice="guandan.notice.`+n+`"]`).Length() != 1 {
			t.Errorf("/guandan?notice=%s: no notice", n)
		}
	}
	for _, game := range []string{"asnas", "guandan"} {
		for _, n := range []string{"stale", "expired"} {
			if p := ts.get("/" + game + "?notice=" + n); p.doc.Find(`p.notice[role="status"][data-notice="`+game+`.notice.`+n+`"]`).Length() != 1 {
				t.Errorf("/%s?notice=%s: no notice", game, n)
			}
		}
	}
}

func TestTamperedCookieIsANewVisitor(t *testing.T) {
	ts := newSite(t)
	p := ts.table()
	u, _ := url.Parse(ts.srv.URL)
	cookies := ts.client.Jar.Cookies(u)
	if len(cookies) != 1 {
		t.Fatalf("cookies: %v", cookies)
	}
	c := cookies[0]
	if strings.Contains(p.body, c.Value) {
		t.Error("the cookie value is on the page")
	}
	// Flip a character of the signed value.
	b := []byte(c.Value)
	b[len(b)/2] ^= 1
	jar := ts.client.Jar
	jar.SetCookies(u, []*http.Cookie{{Name: c.Name, Value: string(b), Path: "/"}})

	r := ts.post("/asnas/move", url.Values{"move": {moveOf(p)}, "verb": {"look"}})
	if r.status != http.StatusSeeOther || !strings.HasPrefix(r.header.Get("Location"), "/asnas") {
		t.Fatalf("post with a tampered cookie: %d %s", r.status, r.header.Get("Location"))
	}
	fresh := ts.table()
	if fresh.doc.Find(`[data-hand="0"] [data-card]`).Length() != 0 {
		t.Error("a tampered cookie reached someone's match")
	}
	// A cookie that is garbage altogether: a fresh table, not an error.
	jar.SetCookies(u, []*http.Cookie{{Name: c.Name, Value: "garbage", Path: "/"}})
	ts.table()
}

func TestBadInput(t *testing.T) {
	ts := newSite(t)
	p := ts.table()
	move := moveOf(p)
	tests := []struct {
		name   string
		method string
		path   string
		form   url.Values
		status int
	}{
		{"unknown verb", "POST", "/asnas/move", url.Values{"move": {move}, "verb": {"dance"}}, 400},
		{"empty verb", "POST", "/asnas/move", url.Values{"move": {move}, "verb": {""}}, 400},
		{"missing move", "POST", "/asnas/move", url.Values{"verb": {"look"}}, 400},
		{"garbled move", "POST", "/asnas/move", url.Values{"move": {"12abc"}, "verb": {"look"}}, 400},
		{"negative move", "POST", "/asnas/move", url.Values{"move": {"-1"}, "verb": {"look"}}, 400},
		{"next deal while playing", "POST", "/asnas/next", url.Values{"move": {move}}, 409},
		{"GET on a POST route", "GET", "/asnas/move", nil, 405},
		{"GET on next", "GET", "/asnas/next", nil, 405},
		{"DELETE the table", "DELETE", "/asnas", nil, 405},
		{"no such page", "GET", "/nowhere", nil, 404},
		{"no such game's rules", "GET", "/chess/rules", nil, 404},
		{"unknown language", "POST", "/settings/language", url.Values{"lang": {"xx"}}, 400},
		{"filter out of range", "POST", "/settings", url.Values{"contrast": {"101"}, "grain": {"50"}, "temperature": {"50"}}, 400},
		{"filter missing", "POST", "/settings", url.Values{"contrast": {"50"}}, 400},
		{"unknown static file", "GET", "/static/app.00000000.css", nil, 404},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var r page
			if tt.method == "POST" {
				r = ts.post(tt.path, tt.form)
			} else {
				req, _ := http.NewRequest(tt.method, ts.srv.URL+tt.path, nil)
				r = ts.do(req)
			}
			if r.status != tt.status {
				t.Fatalf("status %d, want %d", r.status, tt.status)
			}
			if r.doc == nil || r.doc.Find(`[data-status="`+strconv.Itoa(tt.status)+`"]`).Length() != 1 {
				t.Fatalf("no translated error page:\n%s", r.body)
			}
			if title := r.doc.Find("h1").Text(); title == "" || strings.Contains(title, "error.") {
				t.Errorf("error page title %q", title)
			}
		})
	}
	// Not one of them changed the match.
	if now := ts.table(); moveOf(now) != move {
		t.Errorf("bad input changed the match: move %s → %s", move, moveOf(now))
	}
}

func TestIllegalMoveIs422AndChangesNothing(t *testing.T) {
	ts := newSite(t)
	p := ts.table()
	vs := verbs(p)
	// Whichever of call and hold is not offered now is illegal.
	illegal := "hold"
	if contains(vs, "hold") {
		illegal = "call"
	}
	r := ts.post("/asnas/move", url.Values{"move": {moveOf(p)}, "verb": {illegal}})
	if r.status != http.StatusUnprocessableEntity {
		t.Fatalf("%s with %v legal: status %d, want 422", illegal, vs, r.status)
	}
	ts.post("/asnas/move", url.Values{"move": {moveOf(p)}, "verb": {"look"}})
	p2 := ts.table()
	if r := ts.post("/asnas/move", url.Values{"move": {moveOf(p2)}, "verb": {"look"}}); r.status != http.StatusUnprocessableEntity {
		t.Errorf("second look: status %d, want 422", r.status)
	}
	if moveOf(ts.table()) != moveOf(p2) {
		t.Error("an illegal move changed the match")
	}
}

// TestRefusedMoveLeadsBackToTheTable: the page of a move the table does not offer says "The
// table shows the moves you can make", so it links to that table, as a shared table's does
// (DESIGN.md: every refusal is a friendly page). It offered only the home page.
func TestRefusedMoveLeadsBackToTheTable(t *testing.T) {
	ts := newSite(t)
	p := ts.table()
	ts.post("/asnas/move", url.Values{"move": {moveOf(p)}, "verb": {"look"}})
	p = ts.table()
	for _, tc := range []struct {
		path string
		form url.Values
		want int
	}{
		{"/asnas/move", url.Values{"move": {moveOf(p)}, "verb": {"look"}}, http.StatusUnprocessableEntity},
		{"/asnas/next", url.Values{"move": {moveOf(p)}}, http.StatusConflict},
		{"/asnas/move", url.Values{"move": {"x"}, "verb": {"look"}}, http.StatusBadRequest},
	} {
		r := ts.post(tc.path, tc.form)
		if r.status != tc.want {
			t.Fatalf("POST %s %v: status %d, want %d", tc.path, tc.form, r.status, tc.want)
		}
		if r.doc.Find(`a[data-back][href="/asnas"]`).Length() != 1 {
			t.Errorf("POST %s %v (%d): no link back to the table", tc.path, tc.form, r.status)
		}
	}
}

func TestRestartAsksFirst(t *testing.T) {
	ts := newSite(t)
	p := ts.table()
	ts.post("/asnas/move", url.Values{"move": {moveOf(p)}, "verb": {"look"}})
	p = ts.table()
	confirm := ts.get("/asnas/restart")
	if confirm.status != 200 || confirm.doc.Find(`form[action="/asnas/restart"] [data-action="restart"]`).Length() != 1 {
		t.Fatalf("no confirmation page: %d", confirm.status)
	}
	if moveOf(ts.table()) != moveOf(p) {
		t.Fatal("asking to restart restarted")
	}
	m := attr(confirm.doc.Find(`input[name="move"]`), "value")
	if r := ts.post("/asnas/restart", url.Values{"move": {m}}); r.status != http.StatusSeeOther {
		t.Fatalf("restart: %d", r.status)
	}
	fresh := ts.table()
	if fresh.doc.Find(`[data-hand="0"] [data-card]`).Length() != 0 || fresh.root("data-deal") != "1" {
		t.Error("restart did not deal a new match")
	}
}

func TestCrossSitePostIsRefused(t *testing.T) {
	ts := newSite(t)
	p := ts.table()
	r := ts.post("/asnas/move", url.Values{"move": {moveOf(p)}, "verb": {"look"}}, "Sec-Fetch-Site", "cross-site")
	if r.status != http.StatusForbidden || r.doc.Find(`[data-status="403"]`).Length() != 1 {
		t.Fatalf("cross-site post: %d", r.status)
	}
	if moveOf(ts.table()) != moveOf(p) {
		t.Error("a cross-site post changed the match")
	}
}

// lookingAI always looks, which is illegal from its second turn on: a broken AI.
type lookingAI struct{}

func (lookingAI) Decide(asnas.View) asnas.Verb { return asnas.Look }

func TestBrokenAIIsAServerErrorNotTheVisitors(t *testing.T) {
	// Find a seed whose first deal has an AI seat act before the human.
	var seed uint64
	for asnas.NewMatch(seed).ToAct() == soloSeat {
		seed++
	}
	ts := newSite(t, func(c *Config) {
		c.AsnasAI = func(uint64) AsnasAI { return lookingAI{} }
		c.Seed = func() uint64 { return seed }
	})
	r := ts.get("/asnas")
	if r.status != http.StatusInternalServerError || r.doc.Find(`[data-status="500"]`).Length() != 1 {
		t.Fatalf("status %d, want the friendly 500 page:\n%s", r.status, r.body)
	}
	if strings.Contains(r.body, "asnas:") {
		t.Error("the internal error text reached the page")
	}
}

func TestDoubleClickAppliesOnce(t *testing.T) {
	ts := newSite(t)
	p := ts.table()
	form := url.Values{"move": {moveOf(p)}, "verb": {"look"}}
	locations := make(chan string, 2)
	for range 2 {
		go func() {
			req, _ := http.NewRequest("POST", ts.srv.URL+"/asnas/move", strings.NewReader(form.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			resp, err := ts.client.Do(req)
			if err != nil {
				locations <- err.Error()
				return
			}
			resp.Body.Close()
			locations <- resp.Header.Get("Location")
		}()
	}
	got := map[string]int{}
	for range 2 {
		got[<-locations]++
	}
	if got["/asnas"] != 1 || got["/asnas?notice=stale"] != 1 {
		t.Fatalf("two identical posts: %v, want one applied and one stale", got)
	}
	if n, _ := strconv.Atoi(moveOf(ts.table())); n != mustAtoi(t, moveOf(p))+1 {
		t.Errorf("the match moved %d times", n-mustAtoi(t, moveOf(p)))
	}
}

func mustAtoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestExpiredMatchGivesAFreshTable(t *testing.T) {
	now := time.Now()
	ts := newSite(t, func(c *Config) { c.Store = store.NewMemory(store.TTL, func() time.Time { return now }) })
	p := ts.table()
	ts.post("/asnas/move", url.Values{"move": {moveOf(p)}, "verb": {"look"}})
	p = ts.table()
	now = now.Add(store.TTL + time.Minute)
	r := ts.post("/asnas/move", url.Values{"move": {moveOf(p)}, "verb": {"fold"}})
	if r.status != http.StatusSeeOther || r.header.Get("Location") != "/asnas?notice=expired" {
		t.Fatalf("post to an expired match: %d %s", r.status, r.header.Get("Location"))
	}
	fresh := ts.table()
	if fresh.doc.Find(`[data-hand="0"] [data-card]`).Length() != 0 || fresh.doc.Find(`[data-event="dealt"]`).Length() != 1 {
		t.Error("an expired match was not replaced by a fresh one")
	}
}
