package web

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/cardavia/cardavia/record"
	"github.com/cardavia/cardavia/rules/asnas"
	gd "github.com/cardavia/cardavia/rules/guandan"
	"github.com/cardavia/cardavia/web/store"
)

// load is the visitor's stored current match (nil when there is none) and its store version:
// what the tests compare pages with.
func (t table[L]) load(ctx context.Context, s *Server, visitor string) (L, uint64, error) {
	l, version, _, ok, err := t.current(ctx, s, visitor, false)
	if !ok {
		var none L
		return none, version, err
	}
	return l, version, err
}

// keysOf are the store keys of the visitor's state at this table: the shelf and the current
// match.
func (t table[L]) keysOf(ctx context.Context, s *Server, visitor string) []string {
	keys := []string{t.shelfKey(visitor)}
	if l, _, _ := t.load(ctx, s, visitor); any(l) != any(*new(L)) {
		keys = append(keys, matchKey(t.id(l)))
	}
	return keys
}

// put stores l as the visitor's current match (a position built for a test) and returns its
// move number. A finished match goes to the finished ones too, as the move that ended it would
// have filed it.
func (t table[L]) put(tb testing.TB, s *Server, visitor string, l L) string {
	tb.Helper()
	ctx := context.Background()
	_, version, err := s.cfg.Store.Load(ctx, matchKey(t.id(l)))
	if err != nil {
		tb.Fatal(err)
	}
	if err := s.cfg.Store.CompareAndSwap(ctx, matchKey(t.id(l)), version, l.Encode()); err != nil {
		tb.Fatal(err)
	}
	if err := t.updateShelf(ctx, s, visitor, t.shelving(s, shelf{}, l)); err != nil {
		tb.Fatal(err)
	}
	return strconv.FormatUint(l.Token(), 10)
}

// countingStore counts writes.
type countingStore struct {
	store.Store
	writes atomic.Int64
	// matchLoads counts the reads of match entries.
	matchLoads atomic.Int64
}

func (c *countingStore) Load(ctx context.Context, key string) ([]byte, uint64, error) {
	if strings.HasPrefix(key, "match:") {
		c.matchLoads.Add(1)
	}
	return c.Store.Load(ctx, key)
}

func (c *countingStore) CompareAndSwap(ctx context.Context, key string, old uint64, data []byte) error {
	c.writes.Add(1)
	return c.Store.CompareAndSwap(ctx, key, old, data)
}

func (c *countingStore) CompareAndSwapAll(ctx context.Context, swaps ...store.Swap) error {
	c.writes.Add(1)
	return c.Store.CompareAndSwapAll(ctx, swaps...)
}

// TestPassersByCostNothing: a visitor without a cookie who opens the tables, the history
// pages and the restart forms, by GET or HEAD, gets dealt tables but has nothing written to
// the store; their first POST finds exactly the deal the page showed.
func TestPassersByCostNothing(t *testing.T) {
	counting := &countingStore{Store: store.NewMemory(store.TTL, time.Now)}
	ts := newSite(t, func(c *Config) { c.Store = counting })
	for _, path := range []string{"/asnas", "/guandan", "/asnas/history", "/guandan/history", "/asnas/restart", "/guandan/restart", "/asnas", "/guandan"} {
		// A new client each time is a cookieless passer-by; the same one is a reload.
		for _, method := range []string{http.MethodGet, http.MethodHead} {
			req, _ := http.NewRequest(method, ts.srv.URL+path, nil)
			if p := ts.do(req); p.status != http.StatusOK && p.status != http.StatusSeeOther {
				t.Fatalf("%s %s: %d", method, path, p.status)
			}
			fresh := newClient(t)
			if resp, err := fresh.Do(req); err != nil || resp.StatusCode >= 400 {
				t.Fatalf("cookieless %s %s: %v", method, path, err)
			} else {
				resp.Body.Close()
			}
		}
	}
	if n := counting.writes.Load(); n != 0 {
		t.Fatalf("passers-by caused %d store writes", n)
	}
	// The first move finds the deal the page showed: the same move number (the match's id and
	// its AI moves), and the Guandan hand card for card.
	p := ts.table()
	loc := ts.location("/asnas/move", url.Values{"move": {moveOf(p)}, "verb": {"look"}})
	if loc != "/asnas" {
		t.Fatalf("the first As-Nas move was refused: %s", loc)
	}
	g := ts.gtable()
	var shown []string
	g.doc.Find(`[data-hand="0"] input[name="card"]`).Each(func(_ int, c *goquery.Selection) { shown = append(shown, attr(c, "value")) })
	slices.Sort(shown)
	if loc := ts.gpost("/guandan/pass", url.Values{"move": {g.groot("data-move")}}); strings.Contains(loc, "expired") || strings.Contains(loc, "stale") {
		t.Fatalf("the first Guandan move was refused: %s", loc)
	}
	stored, _, _ := guandanGame.load(context.Background(), ts.server, ts.visitorID())
	if stored == nil {
		t.Fatal("the first move stored no match")
	}
	dealt, _, err := stored.At(1, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := ids(dealt.Hands[soloSeat])
	slices.Sort(want)
	if len(shown) == 0 || !slices.Equal(want, shown) {
		t.Errorf("the stored deal's hand is %v, the page showed %v", want, shown)
	}
	if counting.writes.Load() == 0 {
		t.Error("the first moves wrote nothing: the test tests nothing")
	}
}

// TestUnreadableRecordStartsAfresh: a stored match that no longer decodes (a format change, a
// damaged file) gives its visitor a fresh table, not an error on every visit.
func TestUnreadableRecordStartsAfresh(t *testing.T) {
	for _, game := range []string{"asnas", "guandan"} {
		t.Run(game, func(t *testing.T) {
			ts := newSite(t)
			p := ts.get("/" + game)
			if loc := ts.location("/"+game+"/restart", url.Values{"move": {attr(p.doc.Find(`[data-game="`+game+`"]`), "data-move")}}); loc != "/"+game {
				t.Fatalf("restart: %s", loc)
			}
			ctx := context.Background()
			var key string
			if game == "asnas" {
				key = asnasGame.keysOf(ctx, ts.server, ts.visitorID())[1]
			} else {
				key = guandanGame.keysOf(ctx, ts.server, ts.visitorID())[1]
			}
			_, version, _ := ts.store.Load(ctx, key)
			if err := ts.store.CompareAndSwap(ctx, key, version, []byte(`{"match": 7`)); err != nil {
				t.Fatal(err)
			}
			p = ts.get("/" + game)
			if p.status != http.StatusOK {
				t.Fatalf("GET /%s over an unreadable record: status %d, want 200", game, p.status)
			}
			if got := attr(p.doc.Find(`[data-game="`+game+`"]`), "data-deal"); got != "1" {
				t.Errorf("fresh table shows deal %q, want 1", got)
			}
		})
	}
}

// TestFormOfAnEarlierMatchIsRefused: a form of a match that was replaced (a restart in
// another tab) or has expired never applies to the new match, even when the new match has
// made exactly as many moves, and changes nothing.
func TestFormOfAnEarlierMatchIsRefused(t *testing.T) {
	now := time.Now()
	mem := store.NewMemory(store.TTL, func() time.Time { return now })
	ts := newSite(t, func(c *Config) {
		c.Store = mem
		c.Seed = func() uint64 { return 7 } // every match deals the same: only the id tells them apart
		c.Now = func() time.Time { return now }
	})
	ts.store = mem
	id := func() string { return ts.visitorID() }
	p := ts.table()
	first := moveOf(p)
	if loc := ts.location("/asnas/restart", url.Values{"move": {first}}); loc != "/asnas" {
		t.Fatal(loc)
	}
	second := moveOf(ts.table())
	if second == first {
		t.Fatal("two matches share a move number")
	}
	before := storedMatches(t, ts, id())
	for _, path := range []string{"/asnas/move", "/asnas/next", "/asnas/restart"} {
		if loc := ts.location(path, url.Values{"move": {first}, "verb": {"look"}}); loc != "/asnas?notice=stale" {
			t.Errorf("%s with the replaced match's form: %s", path, loc)
		}
	}
	if after := storedMatches(t, ts, id()); after != before {
		t.Error("a form of the replaced match changed the store")
	}
	// The match expires; the visitor's next table is a new one, and the old form stays dead.
	now = now.Add(store.TTL + time.Hour)
	if _, err := mem.Sweep(context.Background(), now.Add(-store.TTL)); err != nil {
		t.Fatal(err)
	}
	third := moveOf(ts.table())
	if third == second || third == first {
		t.Fatal("a new match after expiry repeats a move number")
	}
	for _, old := range []string{first, second} {
		if loc := ts.location("/asnas/move", url.Values{"move": {old}, "verb": {"look"}}); !strings.Contains(loc, "notice=") {
			t.Errorf("the expired match's form applied: %s", loc)
		}
	}
	if loc := ts.location("/asnas/move", url.Values{"move": {third}, "verb": {"look"}}); loc != "/asnas" {
		t.Errorf("the new match's own form was refused: %s", loc)
	}
}

// guandanPosition is a test position as a Guandan match of its own: a deal of given hands.
func guandanPosition(start gd.DealStart) *record.Guandan {
	start.Given = true
	if start.DealNo == 0 {
		start.DealNo = 1
	}
	return record.NewGuandanFrom(record.NewID(), start, time.Now().Unix())
}

// session is the test client's session, read from its cookie jar.
func (ts *testSite) session() *visitorState {
	ts.t.Helper()
	u, _ := url.Parse(ts.srv.URL)
	req, _ := http.NewRequest(http.MethodGet, ts.srv.URL, nil)
	for _, c := range ts.client.Jar.Cookies(u) {
		req.AddCookie(c)
	}
	sess, err := ts.server.sessions.Get(req, cookieName)
	if err != nil {
		ts.t.Fatalf("no session in the cookie: %v", err)
	}
	return &visitorState{session: sess}
}

// shown is the match a table page shows the visitor: their stored current match, else the
// pending one their cookie deals.
func shown[L liveMatch](ts *testSite, t table[L], visitor string) (L, error) {
	l, _, err := t.load(context.Background(), ts.server, visitor)
	if err != nil || any(l) != any(*new(L)) {
		return l, err
	}
	p := t.pending(ts.server, ts.session(), false)
	if p.id == 0 {
		return l, errors.New("no stored match and no pending one")
	}
	return t.deal(context.Background(), ts.server, p.id, p.seed, soloSeats)
}

func asnasShown(ts *testSite, visitor string) (asnas.Match, error) {
	a, err := shown(ts, asnasGame, visitor)
	if err != nil {
		return asnas.Match{}, err
	}
	return a.Match(), nil
}

func guandanShown(ts *testSite, visitor string) (gd.Match, error) {
	g, err := shown(ts, guandanGame, visitor)
	if err != nil {
		return gd.Match{}, err
	}
	return g.Match(), nil
}

// Every move is one write, the commit the player waits for: a plain move, the first move
// (which also names the match on the visitor's shelf), the last (which adds it to the
// history) and a restart (which also claims the old match's "replaced" mark).
func TestEveryPostIsOneWrite(t *testing.T) {
	counting := &countingStore{Store: store.NewMemory(store.TTL, time.Now)}
	ts := newSite(t, func(c *Config) { c.Store = counting })
	rng := rand.New(rand.NewPCG(4, 4))
	posts := 0
	post := func(path string, form url.Values) {
		t.Helper()
		before := counting.writes.Load()
		if loc := ts.location(path, form); strings.Contains(loc, "notice") {
			t.Fatalf("%s: %s", path, loc)
		}
		if n := counting.writes.Load() - before; n != 1 {
			t.Fatalf("%s (post %d): %d writes, want 1", path, posts, n)
		}
		posts++
	}
	for match := range 2 {
		for ended := false; !ended; {
			p := ts.table()
			form := url.Values{"move": {moveOf(p)}}
			switch vs := verbs(p); {
			case len(vs) > 0:
				form.Set("verb", vs[rng.IntN(len(vs))])
				post("/asnas/move", form)
			case p.doc.Find(`[data-action="new"]`).Length() == 1:
				post("/asnas/restart", form)
				ended = true
			default:
				post("/asnas/next", form)
			}
		}
		h := ts.get("/asnas/history")
		if n := h.doc.Find(`[data-past] > li`).Length(); n != match+1 {
			t.Fatalf("after %d matches the history lists %d", match+1, n)
		}
	}
	if posts < 2*asnas.DealsPerMatch {
		t.Fatalf("only %d posts in two matches", posts)
	}
}

// shelfRacer changes the visitor's shelf just before a write that carries it, as another
// tab's move would: the write is refused, and the move must still apply, the shelf after it.
type shelfRacer struct {
	store.Store
	raced atomic.Int64
}

func (r *shelfRacer) CompareAndSwapAll(ctx context.Context, swaps ...store.Swap) error {
	for _, sw := range swaps {
		if strings.HasPrefix(sw.Key, "shelf:") && len(swaps) > 1 {
			data, v, err := r.Store.Load(ctx, sw.Key)
			if err != nil {
				return err
			}
			if data == nil {
				data = []byte(`{"v":1,"stats":{},"saved":0}`)
			}
			if err := r.Store.CompareAndSwap(ctx, sw.Key, v, data); err != nil {
				return err
			}
			r.raced.Add(1)
		}
	}
	return r.Store.CompareAndSwapAll(ctx, swaps...)
}

func TestMoveAppliesWhenItsShelfRaced(t *testing.T) {
	racer := &shelfRacer{Store: store.NewMemory(store.TTL, time.Now)}
	ts := newSite(t, func(c *Config) { c.Store = racer })
	p := ts.table()
	first := moveOf(p)
	if loc := ts.location("/asnas/restart", url.Values{"move": {first}}); strings.Contains(loc, "notice") {
		t.Fatalf("restart: %s", loc)
	}
	if racer.raced.Load() == 0 {
		t.Fatal("the restart's write carried no shelf")
	}
	p = ts.table()
	if moveOf(p) == first {
		t.Fatal("the restart did not apply")
	}
	ctx := context.Background()
	data, _, _ := racer.Load(ctx, asnasGame.shelfKey(ts.visitorID()))
	sh, err := decodeShelf(data)
	if err != nil {
		t.Fatal(err)
	}
	id, _ := record.SplitToken(mustParse(t, moveOf(p)))
	if sh.Current != id.String() {
		t.Errorf("the shelf names match %q, want the new %q", sh.Current, id)
	}
}

func mustParse(t *testing.T, s string) uint64 {
	t.Helper()
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestFirstMoveOfAStaleTab: a first move reads no match (it stores the pending one from
// nothing), and the same first move again from a tab whose cookie still names that pending
// match, after the first applied, is stale and changes nothing.
func TestFirstMoveOfAStaleTab(t *testing.T) {
	counting := &countingStore{Store: store.NewMemory(store.TTL, time.Now)}
	ts := newSite(t, func(c *Config) { c.Store = counting })
	u, _ := url.Parse(ts.srv.URL)
	form := url.Values{"move": {moveOf(ts.table())}, "verb": {"look"}}
	staleTab := ts.client.Jar.Cookies(u)
	if loc := ts.location("/asnas/move", form); loc != "/asnas" {
		t.Fatalf("first move: %s", loc)
	}
	if n := counting.matchLoads.Load(); n != 0 {
		t.Errorf("the first move read %d matches, want none", n)
	}
	after := moveOf(ts.table())
	if after == form.Get("move") {
		t.Fatal("the first move did not apply")
	}
	ts.client.Jar.SetCookies(u, staleTab)
	before := counting.writes.Load()
	if loc := ts.location("/asnas/move", form); loc != "/asnas?notice=stale" {
		t.Errorf("the first move again from the stale tab: %s, want the stale notice", loc)
	}
	if got := moveOf(ts.table()); got != after {
		t.Errorf("the stale first move changed the match: move %s, want %s", got, after)
	}
	if n := counting.writes.Load() - before; n != 0 {
		t.Errorf("the stale first move wrote %d times", n)
	}
}

// matchRacer stores a match just before the first write that would store it from nothing,
// as another tab's first move of the same pending match would.
type matchRacer struct {
	store.Store
	raced atomic.Bool
}

func (r *matchRacer) CompareAndSwapAll(ctx context.Context, swaps ...store.Swap) error {
	for _, sw := range swaps {
		if strings.HasPrefix(sw.Key, "match:") && sw.Version == 0 && !r.raced.Swap(true) {
			if err := r.Store.CompareAndSwap(ctx, sw.Key, 0, sw.Data); err != nil {
				return err
			}
		}
	}
	return r.Store.CompareAndSwapAll(ctx, swaps...)
}

// TestFirstMoveThatLostARace: a first move whose pending match another tab stored meanwhile
// is stale, and the visitor's next table deals a new match rather than the taken one.
func TestFirstMoveThatLostARace(t *testing.T) {
	racer := &matchRacer{Store: store.NewMemory(store.TTL, time.Now)}
	ts := newSite(t, func(c *Config) { c.Store = racer })
	first := moveOf(ts.table())
	if loc := ts.location("/asnas/move", url.Values{"move": {first}, "verb": {"look"}}); loc != "/asnas?notice=stale" {
		t.Fatalf("the first move that lost the race: %s, want the stale notice", loc)
	}
	if !racer.raced.Load() {
		t.Fatal("no race was run")
	}
	taken, _ := record.SplitToken(mustParse(t, first))
	next, _ := record.SplitToken(mustParse(t, moveOf(ts.table())))
	if next == taken {
		t.Errorf("the next table deals the taken match %s again", taken)
	}
	if loc := ts.location("/asnas/move", url.Values{"move": {moveOf(ts.table())}, "verb": {"look"}}); loc != "/asnas" {
		t.Errorf("the first move of the new match: %s", loc)
	}
}
