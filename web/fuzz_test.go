package web

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	aiasnas "github.com/cardavia/cardavia/ai/asnas"
	"github.com/cardavia/cardavia/record"
	"github.com/cardavia/cardavia/rules/asnas"
	gd "github.com/cardavia/cardavia/rules/guandan"
	"github.com/cardavia/cardavia/web/store"
)

// fuzzKey is the session secret of the fuzzed server.
var fuzzKey = []byte("fuzzing secret, thirty-two bytes")

// fuzzFixture is a visitor with an As-Nas and a Guandan match, both waiting for the visitor's
// move: the stored entries to start every fuzzed request from, and the visitor's cookie.
type fuzzFixture struct {
	id, cookie   string
	keys         []string
	gameKeys     map[string][]string // the keys of each game's state: its shelf and its match
	data         map[string][]byte
	versions     map[string]uint64
	asnasMove    uint64
	guandanMove  uint64
	hand, others []gd.Card // the visitor's Guandan cards and some of another seat's
	reading      string    // a reading of two of the visitor's cards, when they hold a pair
	pages        bool      // whether the seeds include every page, not only the forms
}

// fuzzServer builds a server on mem with fixed seeds, so that a fuzzed input replays exactly.
func fuzzServer(tb testing.TB, mem store.Store, log io.Writer) *Server {
	tb.Helper()
	s, err := New(Config{
		Logger:      slog.New(slog.NewJSONHandler(log, &slog.HandlerOptions{Level: slog.LevelDebug})),
		Store:       mem,
		SessionKeys: [][]byte{fuzzKey},
		AsnasAI:     func(s uint64) AsnasAI { return aiasnas.NewPlayer(s) },
		GuandanAI:   testGuandanAI,
		Seed:        func() uint64 { return 0x9e3779b97f4a7c15 },
	})
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// newFuzzFixture deals the visitor's matches through the router itself.
func newFuzzFixture(tb testing.TB) *fuzzFixture {
	tb.Helper()
	mem := store.NewMemory(store.TTL, time.Now)
	s := fuzzServer(tb, mem, io.Discard)
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/asnas", nil))
	var cookie string
	for _, c := range rec.Result().Cookies() {
		if c.Name == cookieName {
			cookie = c.Value
		}
	}
	if rec.Code != http.StatusOK || cookie == "" {
		tb.Fatalf("GET /asnas: %d, cookie %q", rec.Code, cookie)
	}
	get := func(path string) {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		req.AddCookie(&http.Cookie{Name: cookieName, Value: cookie})
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			tb.Fatalf("GET %s: %d", path, rec.Code)
		}
	}
	get("/guandan")
	// A table page stores nothing; a first move does: a restart at each table.
	for _, game := range []string{"asnas", "guandan"} {
		req := httptest.NewRequest(http.MethodGet, "/"+game, nil)
		req.AddCookie(&http.Cookie{Name: cookieName, Value: cookie})
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		for _, c := range rec.Result().Cookies() {
			if c.Name == cookieName {
				cookie = c.Value
			}
		}
		m := regexp.MustCompile(`data-move="([0-9]+)"`).FindStringSubmatch(rec.Body.String())
		if m == nil {
			tb.Fatalf("GET /%s: no move number", game)
		}
		req = httptest.NewRequest(http.MethodPost, "/"+game+"/restart", strings.NewReader("move="+m[1]))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.AddCookie(&http.Cookie{Name: cookieName, Value: cookie})
		rec = httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/"+game {
			tb.Fatalf("restart %s: %d %s", game, rec.Code, rec.Header().Get("Location"))
		}
		for _, c := range rec.Result().Cookies() {
			if c.Name == cookieName {
				cookie = c.Value
			}
		}
	}
	req := httptest.NewRequest(http.MethodGet, "/", nil)
	req.AddCookie(&http.Cookie{Name: cookieName, Value: cookie})
	sess, _ := s.sessions.Get(req, cookieName)
	id, _ := sess.Values["id"].(string)
	fx := &fuzzFixture{id: id, cookie: cookie, data: map[string][]byte{}, versions: map[string]uint64{}, pages: true}
	ctx := context.Background()
	a, _, err := asnasGame.load(ctx, s, id)
	if err != nil || a == nil || a.Match().ToAct() != soloSeat {
		tb.Fatalf("the As-Nas fixture does not wait for the visitor: %v", err)
	}
	g, _, err := guandanGame.load(ctx, s, id)
	if err != nil || g == nil || g.Match().ToAct() != soloSeat || g.Match().Phase() != gd.PhasePlay {
		tb.Fatalf("the Guandan fixture does not wait for the visitor: %v", err)
	}
	fx.asnasMove, fx.guandanMove = a.Token(), g.Token()
	fx.hand = g.Match().Hands[soloSeat].Cards()
	fx.others = g.Match().Hands[1].Cards()[:3]
	for i := 0; i+1 < len(fx.hand); i++ {
		if fx.hand[i].String() == fx.hand[i+1].String() || fx.hand[i].Rank() == fx.hand[i+1].Rank() {
			var pair gd.Set
			pair.Add(fx.hand[i])
			pair.Add(fx.hand[i+1])
			if rs := gd.Readings(pair, g.Match().Level); len(rs) > 0 {
				fx.reading = rs[0].String()
				break
			}
		}
	}
	fx.gameKeys = map[string][]string{"asnas:": asnasGame.keysOf(ctx, s, id), "guandan:": guandanGame.keysOf(ctx, s, id)}
	for _, key := range append(append(slices.Clone(fx.gameKeys["asnas:"]), fx.gameKeys["guandan:"]...), prefsKey(id)) {
		data, version, err := mem.Load(ctx, key)
		if err != nil {
			tb.Fatal(err)
		}
		if data != nil {
			fx.keys = append(fx.keys, key)
			fx.data[key], fx.versions[key] = data, version
		}
	}
	return fx
}

// newFuzzFixtures gives the positions the fuzzer starts from: both tables waiting for the
// visitor's move; both deals just over; the As-Nas match over and, at the Guandan table, a
// return the visitor owes (when the AI-played deals reach one).
func newFuzzFixtures(tb testing.TB) []*fuzzFixture {
	start := newFuzzFixture(tb)
	s := fuzzServer(tb, start.restore(tb), io.Discard)
	ctx := context.Background()
	am, _, _ := asnasGame.load(ctx, s, start.id)
	gm, _, _ := guandanGame.load(ctx, s, start.id)
	// Play on with every seat's decisions made by the AI players: only the positions matter.
	asnasUntil := func(done func(asnas.Match) bool) {
		for i := 0; !done(am.Match()); i++ {
			if i > 500 {
				tb.Fatal("the As-Nas fixture never reached its position")
			}
			var err error
			switch m := am.Match(); {
			case m.Deal.Over():
				_, err = am.NextDeal()
			default:
				seat := m.ToAct()
				_, err = am.Apply(asnas.Action{Seat: seat, Verb: aiasnas.NewPlayer(uint64(i)).Decide(m.View(seat))})
			}
			if err != nil {
				tb.Fatal(err)
			}
		}
	}
	guandanUntil := func(done func(gd.Match) bool, limit int) bool {
		for i := 0; !done(gm.Match()); i++ {
			m := gm.Match()
			if i > limit || m.Phase() == gd.PhaseMatchOver {
				return false
			}
			seat := m.ToAct()
			ai := testGuandanAI(uint64(i))
			var a gd.Action
			switch m.Phase() {
			case gd.PhaseDealOver:
				a = gd.Action{Kind: gd.ActNextDeal, Seat: soloSeat}
			case gd.PhaseReturn:
				a = gd.Action{Kind: gd.ActReturn, Seat: seat, Card: ai.Return(m.View(seat))}
			default:
				a = ai.Play(m.View(seat))
				a.Seat = seat
			}
			if _, err := gm.Apply(a); err != nil {
				tb.Fatal(err)
			}
		}
		return true
	}
	fixtures := []*fuzzFixture{start}
	asnasUntil(func(m asnas.Match) bool { return m.Deal.Over() })
	guandanUntil(func(m gd.Match) bool { return m.Phase() == gd.PhaseDealOver }, 2000)
	fixtures = append(fixtures, start.with(tb, am, gm))
	asnasUntil(asnas.Match.Over)
	if guandanUntil(func(m gd.Match) bool { return m.Phase() == gd.PhaseReturn && m.ToAct() == soloSeat }, 20000) {
		fixtures = append(fixtures, start.with(tb, am, gm))
	} else {
		tb.Log("no Guandan return for the visitor within the fixture's deals")
	}
	return fixtures
}

// with is the fixture's visitor at other positions of the same matches, saved as their next
// versions.
func (fx *fuzzFixture) with(tb testing.TB, am *record.Asnas, gm *record.Guandan) *fuzzFixture {
	mem := fx.restore(tb)
	s := fuzzServer(tb, mem, io.Discard)
	ctx := context.Background()
	asnasGame.put(tb, s, fx.id, am)
	guandanGame.put(tb, s, fx.id, gm)
	g := gm.Match()
	next := &fuzzFixture{id: fx.id, cookie: fx.cookie, data: map[string][]byte{}, versions: map[string]uint64{}, gameKeys: fx.gameKeys,
		asnasMove: am.Token(), guandanMove: gm.Token(), hand: g.Hands[soloSeat].Cards(), reading: fx.reading}
	next.others = g.Hands[1].Cards()[:min(3, g.Hands[1].Len())]
	if len(next.others) == 0 {
		next.others = g.Hands[2].Cards()[:1]
	}
	if len(next.hand) < 2 {
		next.hand = fx.hand
	}
	for _, key := range fx.keys {
		data, version, err := mem.Load(ctx, key)
		if err != nil {
			tb.Fatal(err)
		}
		next.keys = append(next.keys, key)
		next.data[key], next.versions[key] = data, version
	}
	return next
}

// restore gives a fresh store holding the fixture's entries at their versions.
func (fx *fuzzFixture) restore(tb testing.TB) *store.Memory {
	mem := store.NewMemory(store.TTL, time.Now)
	for _, key := range fx.keys {
		for v := uint64(0); v < fx.versions[key]; v++ {
			if err := mem.CompareAndSwap(context.Background(), key, v, fx.data[key]); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return mem
}

// fuzzSeed is one input of FuzzRequests.
type fuzzSeed struct {
	method, target, ctype, body string
	mode                        uint8
	cookie, lang                string
}

// seeds are the seed corpus: every route with valid and invalid values, garbage, huge values,
// unicode, percent escapes, repeated fields, overflowing move numbers, card ids in and out of
// range, readings, and the hostile headers and cookies.
func (fx *fuzzFixture) seeds() []fuzzSeed {
	am, gm := strconv.FormatUint(fx.asnasMove, 10), strconv.FormatUint(fx.guandanMove, 10)
	form := "application/x-www-form-urlencoded"
	own0, own1 := strconv.Itoa(int(fx.hand[0])), strconv.Itoa(int(fx.hand[1]))
	theirs := strconv.Itoa(int(fx.others[0]))
	var out []fuzzSeed
	add := func(method, target, ctype, body string, mode uint8, cookie, lang string) {
		out = append(out, fuzzSeed{method, target, ctype, body, mode, cookie, lang})
	}
	// Each form goes once with the visitor's cookie and once with one of the hostile variants
	// in turn: no cookie, a garbage cookie, cross-site, and as app.js sends it.
	hostile := []uint8{0, 2, 1 | 8, 1 | 4, 1 | 16}
	post := func(target, body string) {
		add("POST", target, form, body, 1, "garbage", "en")
		add("POST", target, form, body, hostile[len(out)%len(hostile)], "garbage", "en")
	}
	for _, verb := range []string{"look", "call", "hold", "raise", "fold", "LOOK", " look ", "dance", "", "%E2%98%83", strings.Repeat("a", 5000)} {
		post("/asnas/move", "move="+am+"&verb="+verb)
	}
	for _, move := range []string{"", "0", "-1", "1", "+1", "18446744073709551615", "18446744073709551616", "99999999999999999999999", "1e3", "0x1", "%00", am + "%00", " " + am} {
		post("/asnas/move", "move="+move+"&verb=look")
		post("/guandan/pass", "move="+move)
	}
	// The lessons: steps in and out of range, every verb and action, cards of anyone's.
	for _, step := range []string{"1", "3", "15", "16", "0", "-1", "99999999999999999999", "x", ""} {
		post("/asnas/learn/move", "step="+step+"&verb=look")
		post("/asnas/learn/show", "step="+step)
		post("/guandan/learn/move", "step="+step+"&act=play&card="+own0)
		post("/guandan/learn/show", "step="+step)
	}
	for _, act := range []string{"play", "pass", "return", "next", "dance", ""} {
		post("/guandan/learn/move", "step=3&act="+act+"&card="+own0+"&card="+theirs)
		post("/asnas/learn/move", "step=4&verb="+act)
	}
	post("/asnas/learn/restart", "")
	post("/asnas/learn/play", "")
	post("/guandan/learn/play", "move=0&level=master")
	post("/asnas/move", "move="+am+"&move=7&verb=look&verb=fold")
	post("/asnas/move", "move=7&move="+am+"&verb=look")
	post("/asnas/move", "move="+am+";verb=look")
	post("/asnas/next", "move="+am)
	post("/asnas/restart", "move="+am)
	post("/asnas/restart", "move="+am+"&pad="+strings.Repeat("x", 5000))
	for _, card := range []string{own0, theirs, "0", "53", "54", "107", "108", "255", "256", "-1", "-0", "+5", "1.0", "AH", "%E2%99%A0", strings.Repeat("9", 100)} {
		post("/guandan/play", "move="+gm+"&card="+card)
		post("/guandan/return", "move="+gm+"&card="+card)
	}
	post("/guandan/play", "move="+gm+"&card="+own0+"&card="+own1)
	post("/guandan/play", "move="+gm+"&card="+own0+"&card="+own0)
	post("/guandan/play", "move="+gm+"&card="+own0+"&card="+theirs)
	post("/guandan/play", "move="+gm+"&card="+own0+"&card="+own1+"&reading="+url.QueryEscape(fx.reading))
	post("/guandan/play", "move="+gm+"&card="+own0+"&reading=joker-bomb")
	post("/guandan/play", "move="+gm+"&card="+own0+"&reading=bomb:99xZ")
	post("/guandan/play", "move="+gm+"&card="+own0+"&reading=single:")
	post("/guandan/play", "move="+gm+"&card="+own0+"&reading=%3A%3A%3A")
	post("/guandan/play", "move="+gm+strings.Repeat("&card="+own0, 120))
	post("/guandan/play", "move="+gm+"&card="+own0+"&arrange=plan")
	post("/guandan/play", "move="+gm+"&card="+own0+"&arrange=%0D%0ALocation:%20//evil")
	post("/guandan/pass", "move="+gm)
	post("/guandan/next", "move="+gm)
	post("/guandan/restart", "move="+gm)
	for _, ret := range []string{"/asnas", "//evil.example", "/\\evil.example", "/%09/evil.example", "/../%5Cevil.example", "https://evil.example", "/settings?saved=1"} {
		post("/settings/language", "lang=fa&return="+ret)
		post("/settings", "contrast=10&grain=20&temperature=30&return="+ret)
	}
	post("/settings", "contrast=101&grain=20&temperature=30")
	post("/settings", "reset=1&lang=zz")
	post("/settings", "contrast=-5&grain=+5&temperature=5.0")
	if !fx.pages {
		return out
	}
	for _, target := range []string{
		"/", "/asnas", "/guandan", "/asnas/rules", "/guandan/rules", "/chess/rules", "/settings", "/settings?saved=1",
		"/asnas/restart", "/guandan/restart", "/healthz", "/metrics", "/filters.css", "/filters.css?v=0",
		"/static/app.css", "/static/../go.mod", "/static/..%2fgo.mod", "/static/%2e%2e/%2e%2e/go.mod", "/static/",
		"/guandan?arrange=plan&hint=1", "/guandan?card=" + own0 + "&card=" + theirs + "&card=108&card=-1",
		"/guandan?arrange=suit&notice=choose&card=" + own0, "/guandan?hint=%ff&arrange=%00", "/asnas?notice=stale",
		"/asnas?notice=%3Cscript%3E", "/%ff%fe", "/%09/evil.example", "/" + strings.Repeat("a", 4000), "/a?%zz",
		"/asnas/move", "/guandan/play", "/asnas/learn", "/guandan/learn?step=15", "/asnas/learn?step=16",
		"/asnas/learn?step=99&wrong=%3Cscript%3E", "/guandan/learn?step=3&wrong=nobeat", "/guandan/learn/move",
	} {
		for _, method := range []string{"GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"} {
			add(method, target, "", "", 1, "", "fa")
		}
		add("GET", target, "", "", 0, "", "")
		add("GET", target, "", "", 2, fx.cookie[:len(fx.cookie)/2], "zh-CN,zh;q=0.9")
		add("GET", target, "", "", 3, "a=b; "+cookieName+"=x", "*;q=garbage")
	}
	for _, ctype := range []string{"", "text/plain", "application/json", "multipart/form-data; boundary=x", "application/x-www-form-urlencoded; charset=utf-16", ";;;"} {
		add("POST", "/asnas/move", ctype, "move="+am+"&verb=look", 1, "", "")
		add("POST", "/asnas/move", ctype, "--x\r\nContent-Disposition: form-data; name=\"move\"\r\n\r\n"+am+"\r\n--x\r\nContent-Disposition: form-data; name=\"verb\"\r\n\r\nlook\r\n--x--\r\n", 1, "", "")
	}
	flipped := []byte(fx.cookie)
	flipped[len(flipped)/2] ^= 1
	for _, c := range []string{string(flipped), fx.cookie + "A", "", "MTIzfHx8", "\u2603", strings.Repeat("A", 5000)} {
		add("POST", "/asnas/move", form, "move="+am+"&verb=look", 2, c, "")
		add("GET", "/guandan", "", "", 2, c, "")
	}
	return out
}

// validHeaderValue is what net/http's server accepts in a header value: no control character
// but tab.
func validHeaderValue(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' && c != '\t' || c == 0x7f {
			return false
		}
	}
	return true
}

// moveRoutes are the routes that may change a game's match, by game key prefix (a lesson's
// last button deals a new match after a finished one).
var moveRoutes = map[string][]string{
	"asnas:":   {"/asnas/move", "/asnas/next", "/asnas/restart", "/asnas/learn/play"},
	"guandan:": {"/guandan/play", "/guandan/pass", "/guandan/return", "/guandan/next", "/guandan/restart", "/guandan/learn/play"},
}

// FuzzRequests drives the real router with fuzzed requests: method, address, content type,
// body, cookie, Accept-Language and the cross-origin headers. Whatever arrives, the answer is
// below 500, an error is a translated HTML page, a redirect stays on the site, no page holds
// the session id, and a request that is refused leaves the stored matches byte for byte as
// they were; a move that is accepted leaves a match the table can still show.
//
// mode picks the cookie (bits 0–1: none, the visitor's, the fuzzed value, a fuzzed Cookie
// header then the visitor's), the cross-origin headers (bit 3: Sec-Fetch-Site cross-site, bit
// 2: an Origin of another host), bit 4 asks for JSON as app.js does, and bits 5–6 pick the
// visitor's position (see newFuzzFixtures).
func FuzzRequests(f *testing.F) {
	fixtures := newFuzzFixtures(f)
	for i, fx := range fixtures {
		for _, s := range fx.seeds() {
			f.Add(s.method, s.target, s.ctype, s.body, s.mode|uint8(i)<<5, s.cookie, s.lang)
		}
	}
	f.Fuzz(func(t *testing.T, method, target, ctype, body string, mode uint8, cookie, lang string) {
		fx := fixtures[int(mode>>5)%len(fixtures)]
		u, err := url.ParseRequestURI(target)
		if err != nil || !strings.HasPrefix(target, "/") {
			return // the server would refuse the request line before routing
		}
		req, err := http.NewRequest(method, "http://cardavia.test/", strings.NewReader(body))
		if err != nil {
			return // not a method token
		}
		req.URL, req.RequestURI, req.Host = u, target, "cardavia.test"
		for _, v := range []string{ctype, cookie, lang} {
			if !validHeaderValue(v) {
				return
			}
		}
		if ctype != "" {
			req.Header.Set("Content-Type", ctype)
		}
		if lang != "" {
			req.Header.Set("Accept-Language", lang)
		}
		switch mode & 3 {
		case 1:
			req.Header.Set("Cookie", cookieName+"="+fx.cookie)
		case 2:
			req.Header.Set("Cookie", cookieName+"="+cookie)
		case 3:
			req.Header.Set("Cookie", cookie+"; "+cookieName+"="+fx.cookie)
		}
		if mode&4 != 0 {
			req.Header.Set("Origin", "https://evil.example")
		}
		if mode&8 != 0 {
			req.Header.Set("Sec-Fetch-Site", "cross-site")
		}
		if mode&16 != 0 {
			req.Header.Set("Accept", "application/json")
		}

		mem := fx.restore(t)
		var log bytes.Buffer
		s := fuzzServer(t, mem, &log)
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)

		if err := errorPageOK(rec.Code, rec.Header(), rec.Body.Bytes(), method == http.MethodHead); err != nil {
			t.Fatalf("%s %q: %v\n%.600s", method, target, err, rec.Body.String())
		}
		if loc := rec.Header().Get("Location"); loc != "" && !sameSiteLocation(loc) {
			t.Fatalf("%s %q: Location %q leads a browser off the site", method, target, loc)
		}
		if strings.Contains(rec.Body.String(), fx.id) && !strings.Contains(target+body, fx.id) {
			t.Fatalf("%s %q: the session id is on the page", method, target)
		}
		if l := log.String(); strings.Contains(l, fx.id) || strings.Contains(l, fx.cookie) {
			t.Fatalf("%s %q: a cookie or session id in the log:\n%s", method, target, l)
		}
		if (mode&4 != 0 || mode&8 != 0) && method == http.MethodPost && rec.Code != http.StatusForbidden {
			t.Fatalf("cross-site POST %q: %d, want 403", target, rec.Code)
		}

		accepted := method == http.MethodPost && rec.Code == http.StatusSeeOther &&
			!strings.Contains(rec.Header().Get("Location"), "notice=")
		for prefix, keys := range fx.gameKeys {
			for _, key := range keys {
				data, version, err := mem.Load(context.Background(), key)
				if err != nil {
					t.Fatal(err)
				}
				if version == fx.versions[key] && string(data) == string(fx.data[key]) {
					continue
				}
				if !accepted || !slices.Contains(moveRoutes[prefix], u.Path) {
					t.Fatalf("%s %q (%d %q) changed %s, refused or not a move of that game", method, target, rec.Code, rec.Header().Get("Location"), prefix)
				}
				// An accepted move: the new match is whole and the table shows it.
				table := "/" + strings.TrimSuffix(prefix, ":")
				get := httptest.NewRequest(http.MethodGet, table, nil)
				get.Header.Set("Cookie", cookieName+"="+fx.cookie)
				page := httptest.NewRecorder()
				s.ServeHTTP(page, get)
				if page.Code != http.StatusOK || strings.Contains(page.Body.String(), fmt.Sprintf(`data-move="%d"`, map[string]uint64{"asnas:": fx.asnasMove, "guandan:": fx.guandanMove}[prefix])) {
					t.Fatalf("after %s %q the table answers %d with the old move number", method, target, page.Code)
				}
			}
		}
	})
}
