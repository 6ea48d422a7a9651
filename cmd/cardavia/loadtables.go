package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// maxLoadTables bounds -tables: four players and four connections a table, on one machine.
const maxLoadTables = 2000

// stallAfter is how long a waiting player waits for its table's next event before it reads the
// page anyway: far longer than the others take to move, so a wait that long is a table the
// live connections failed, counted as an error.
const stallAfter = 20 * time.Second

// lateAfter is how long after a move its event must have reached every other seat, at the
// end of a run, not to count as never delivered: moves later than that were cut by the end.
const lateAfter = 5 * time.Second

// tableLoad is a run of `cardavia load -tables N`.
type tableLoad struct {
	target *url.URL
	// metrics is the server's metrics listener, nil when unknown; serverPID the server's
	// process when it is ours.
	metrics       *url.URL
	serverPID     int
	tables        int
	game          string
	level         string
	bare          int
	ramp          time.Duration
	duration      time.Duration
	think         time.Duration
	maxErrors     int
	maxEventP99   time.Duration
	maxPostP99    time.Duration
	serverProfile string
	serverHeap    string
}

// eventStats are a crowd's live-connection measurements: for each move acknowledged in the
// measured window, the time until its event reached each of the other three seats.
type eventStats struct {
	mu sync.Mutex
	// fromAck runs from the mover's 303 (an event that came first counts as 0), fromSent
	// from the moment the mover sent its POST.
	fromAck, fromSent []time.Duration
	moves             int
	early             int // events that reached a seat before the mover had its 303
	setupErrors       int
	drops             int // event streams that ended while the run went on
	stalls            int // waits that saw no event in stallAfter
	missed            int // events that never reached a seat (see lateAfter)
	noForm            int // pages that said a player was to act but offered no move
	stale, refused    int // moves answered with the stale notice, or a refusal
	firstErr          []string
}

func (e *eventStats) fail(kind *int, format string, args ...any) {
	e.mu.Lock()
	defer e.mu.Unlock()
	*kind++
	if len(e.firstErr) < 5 {
		e.firstErr = append(e.firstErr, fmt.Sprintf(format, args...))
	}
}

func (e *eventStats) count(kind *int) {
	e.mu.Lock()
	*kind++
	e.mu.Unlock()
}

// errors are the failures of the live connections and of the tables' setup, beside the
// requests' own errors.
func (e *eventStats) errors() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.setupErrors + e.drops + e.stalls + e.missed + e.noForm
}

// p99 is the 99th percentile of the move-to-event times from the mover's 303.
func (e *eventStats) p99() time.Duration {
	e.mu.Lock()
	defer e.mu.Unlock()
	slices.Sort(e.fromAck)
	return percentile(e.fromAck, 0.99)
}

func (e *eventStats) report(out io.Writer) {
	e.mu.Lock()
	defer e.mu.Unlock()
	slices.Sort(e.fromAck)
	slices.Sort(e.fromSent)
	var maxAck time.Duration
	if n := len(e.fromAck); n > 0 {
		maxAck = e.fromAck[n-1]
	}
	early := 0.0
	if len(e.fromAck) > 0 {
		early = 100 * float64(e.early) / float64(len(e.fromAck))
	}
	fmt.Fprintf(out, "         %d moves, move-to-event at the other seats (from the mover's 303) p50 %.1f ms  p99 %.1f ms  max %.1f ms (%.0f %% before the 303); from the POST sent p50 %.1f ms  p99 %.1f ms\n",
		e.moves, ms(percentile(e.fromAck, 0.5)), ms(percentile(e.fromAck, 0.99)), ms(maxAck), early,
		ms(percentile(e.fromSent, 0.5)), ms(percentile(e.fromSent, 0.99)))
	fmt.Fprintf(out, "         setup errors %d, streams dropped %d, waits with no event in %v %d, events never delivered %d, no move offered %d; moves stale %d, refused %d\n",
		e.setupErrors, e.drops, stallAfter, e.stalls, e.missed, e.noForm, e.stale, e.refused)
	for _, s := range e.firstErr {
		fmt.Fprintln(out, "   error:", s)
	}
}

// tableTrack pairs a table's moves with their events: a move at revision r (the page the mover
// acted on showed r-1) is answered by the event with id r, or any later one, at each seat. An
// event may come before the mover's 303, so whichever of the two comes second settles it.
type tableTrack struct {
	mu    sync.Mutex
	moves map[uint64]*trackedMove
	// seen is the highest revision each player's stream has told of (or its page showed
	// when the stream opened).
	seen  [4]uint64
	stats *eventStats
	from  time.Time
}

type trackedMove struct {
	mover     int // the player's index, -1 until the 303
	sent, ack time.Time
	at        [4]time.Time
}

func newTableTrack(stats *eventStats) *tableTrack {
	return &tableTrack{moves: map[uint64]*trackedMove{}, stats: stats}
}

func (t *tableTrack) move(rev uint64) *trackedMove {
	m := t.moves[rev]
	if m == nil {
		m = &trackedMove{mover: -1}
		t.moves[rev] = m
	}
	return m
}

// opened says that player's stream starts from revision rev.
func (t *tableTrack) opened(player int, rev uint64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.seen[player] = max(t.seen[player], rev)
}

// arrived records the event with id rev at player's seat: it tells of every revision up to rev.
func (t *tableTrack) arrived(player int, rev uint64, at time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	from := t.seen[player] + 1
	if rev > 64 && from < rev-64 {
		from = rev - 64 // a stream that starts far behind: only the recent moves can be waiting
	}
	for r := from; r <= rev; r++ {
		m := t.move(r)
		if m.at[player].IsZero() {
			m.at[player] = at
		}
		t.settle(r, m)
	}
	t.seen[player] = max(t.seen[player], rev)
}

// acked records player's move, acknowledged at ack, that made revision rev.
func (t *tableTrack) acked(player int, rev uint64, sent, ack time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	m := t.move(rev)
	m.mover, m.sent, m.ack = player, sent, ack
	for p := range m.at {
		// A seat whose stream told of rev, or later, before this entry was made (events
		// outran the 303 by more than one move): it knew before the 303.
		if m.at[p].IsZero() && t.seen[p] >= rev {
			m.at[p] = ack
		}
	}
	t.settle(rev, m)
}

// settle files a move's times once it is acknowledged and every other seat has its event.
func (t *tableTrack) settle(rev uint64, m *trackedMove) {
	if m.mover < 0 {
		return
	}
	for p, at := range m.at {
		if p != m.mover && at.IsZero() {
			return
		}
	}
	delete(t.moves, rev)
	if m.ack.Before(t.from) {
		return
	}
	e := t.stats
	e.mu.Lock()
	defer e.mu.Unlock()
	e.moves++
	for p, at := range m.at {
		if p == m.mover {
			continue
		}
		d := at.Sub(m.ack)
		if d < 0 {
			e.early++
			d = 0
		}
		e.fromAck = append(e.fromAck, d)
		e.fromSent = append(e.fromSent, at.Sub(m.sent))
	}
}

// unsettled counts the moves acknowledged in the window before end-lateAfter whose event
// never reached some seat.
func (t *tableTrack) unsettled(end time.Time) int {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := 0
	for _, m := range t.moves {
		if m.mover >= 0 && !m.ack.Before(t.from) && m.ack.Before(end.Add(-lateAfter)) {
			n++
		}
	}
	return n
}

// tableRoot is what a table page's root says: the viewer's seat, the phase, the move and
// revision numbers and the seat to act.
type tableRoot struct {
	seat, toAct int
	move, rev   uint64
	phase       string
}

// scanTableRoot reads the page's [data-table] root.
func scanTableRoot(body []byte) (tableRoot, bool) {
	s := tagScanner{b: body, only: []string{"div"}}
	for s.next() {
		t := &s.tag
		if t.end || !t.has("data-table") {
			continue
		}
		var r tableRoot
		var err [4]error
		r.seat, err[0] = strconv.Atoi(t.attrVal("data-seat"))
		r.toAct, err[1] = strconv.Atoi(t.attrVal("data-to-act"))
		r.move, err[2] = strconv.ParseUint(t.attrVal("data-move"), 10, 64)
		r.rev, err[3] = strconv.ParseUint(t.attrVal("data-rev"), 10, 64)
		r.phase = t.attrVal("data-phase")
		return r, errors.Join(err[:]...) == nil
	}
	return tableRoot{}, false
}

// tablePlayer is one of a table's four virtual people: a browser with the table's page open
// and its live connection, which acts when its page says it is to act and otherwise waits
// for an event and reads the page again, as app.js does.
type tablePlayer struct {
	*virtualPlayer
	index  int // 0..3, the order they joined; 0 opened the table and deals on
	path   string
	events string
	track  *tableTrack
	ev     *eventStats
	think  time.Duration
	// choose picks the move on a page where the player is to act; simple asks for the plain
	// policy after a refused play.
	choose func(body []byte, rng *rand.Rand, simple bool) (formChoice, bool)
	// streamClient carries the live connection: the player's cookies, no timeout.
	streamClient *http.Client
	// rev is the highest revision the stream has told of; wake is signalled after each event.
	rev  atomic.Uint64
	wake chan struct{}
}

// pause is the time before a move: from half to one and a half of the mean.
func (p *tablePlayer) pause() time.Duration {
	if p.think <= 0 {
		return 0
	}
	return time.Duration(float64(p.think) * (0.5 + p.rng.Float64()))
}

// play is the player's loop until ctx ends.
func (p *tablePlayer) play(ctx context.Context) {
	path, simple := p.path, false
	for ctx.Err() == nil {
		_, body, err := p.do(ctx, http.MethodGet, path, nil)
		path = p.path
		if err != nil {
			sleepCtx(ctx, time.Second)
			continue
		}
		root, ok := scanTableRoot(body)
		if !ok {
			p.ev.fail(&p.ev.noForm, "%s: no table root", p.path)
			sleepCtx(ctx, time.Second)
			continue
		}
		// The one who opened the table starts it: the lobby waits for nobody in particular,
		// and one player answering is enough. At a deal's end, and at the match's, every player
		// asks for the next deal or the rematch, once: it is dealt when all have.
		mine := root.toAct == root.seat && root.seat >= 0 || root.toAct == -1 && p.index == 0
		if root.toAct == -1 && (root.phase == "dealover" || root.phase == "over") {
			mine = root.seat >= 0 && !bytes.Contains(body, []byte(`data-ready="wait"`))
		}
		if mine {
			choice, ok := p.choose(body, p.rng, simple)
			if !ok {
				p.ev.fail(&p.ev.noForm, "%s: seat %d to act (phase %s) and no move offered", p.path, root.seat, root.phase)
			} else {
				if !sleepCtx(ctx, p.pause()) {
					return
				}
				sent := time.Now()
				resp, _, err := p.do(ctx, http.MethodPost, choice.action, choice.values)
				if err != nil {
					continue
				}
				ack := time.Now()
				loc := resp.Header.Get("Location")
				switch {
				case strings.Contains(loc, "notice=stale"):
					p.ev.count(&p.ev.stale)
				case strings.Contains(loc, "notice="):
					p.ev.count(&p.ev.refused)
					simple = true
				default:
					simple = false
					p.track.acked(p.index, root.rev+1, sent, ack)
					// Each player asks for the rematch; the match is counted once.
					if choice.newMatch && p.index == 0 && !ack.Before(p.measureFrom) {
						p.stats.finish(p.game())
					}
				}
				if strings.HasPrefix(loc, "/") {
					path = loc // the browser follows the 303
				}
				continue
			}
		}
		if !p.wait(ctx, root.rev) {
			return
		}
	}
}

// game is the table's game, from its path.
func (p *tablePlayer) game() string {
	g, _, _ := strings.Cut(strings.TrimPrefix(p.path, "/"), "/")
	return g
}

// wait waits for an event newer than rev; false when the run ends.
func (p *tablePlayer) wait(ctx context.Context, rev uint64) bool {
	stall := time.NewTimer(stallAfter)
	defer stall.Stop()
	for p.rev.Load() <= rev {
		select {
		case <-ctx.Done():
			return false
		case <-p.wake:
		case <-stall.C:
			p.ev.fail(&p.ev.stalls, "%s: no event in %v after revision %d", p.path, stallAfter, rev)
			return true
		}
	}
	return true
}

// stream keeps the player's live connection open until ctx ends, from revision rev (the
// page's), again after a drop (counted) with Last-Event-ID as a browser does. opened is
// called once, when the first connection is answered (or has failed).
func (p *tablePlayer) stream(ctx context.Context, rev uint64, opened func(error)) {
	last := rev
	first := true
	p.track.opened(p.index, rev)
	for ctx.Err() == nil {
		err := p.streamOnce(ctx, rev, last, func() {
			if first {
				first = false
				opened(nil)
			}
		}, &last)
		if ctx.Err() != nil {
			break
		}
		if first {
			first = false
			opened(err)
			p.ev.fail(&p.ev.drops, "%s: live connection: %v", p.events, err)
		} else {
			p.ev.fail(&p.ev.drops, "%s: live connection ended: %v", p.events, err)
		}
		sleepCtx(ctx, 2*time.Second) // the stream's retry: hint
	}
	if first {
		opened(ctx.Err())
	}
}

// streamOnce reads one connection of the stream until it ends.
func (p *tablePlayer) streamOnce(ctx context.Context, rev, last uint64, answered func(), lastID *uint64) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.base.Scheme+"://"+p.base.Host+p.events+"?rev="+strconv.FormatUint(rev, 10), nil)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("X-Forwarded-For", p.addr)
	if last > rev {
		req.Header.Set("Last-Event-ID", strconv.FormatUint(last, 10))
	}
	resp, err := p.streamClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	answered()
	br := bufio.NewReaderSize(resp.Body, 512)
	var event string
	var id uint64
	hasID := false
	for {
		line, err := br.ReadSlice('\n')
		if err != nil {
			return err
		}
		line = bytes.TrimRight(line, "\r\n")
		switch {
		case len(line) == 0:
			if event == "table" && hasID {
				now := time.Now()
				*lastID = id
				p.track.arrived(p.index, id, now)
				for old := p.rev.Load(); id > old && !p.rev.CompareAndSwap(old, id); old = p.rev.Load() {
				}
				select {
				case p.wake <- struct{}{}:
				default:
				}
			}
			event, hasID = "", false
		case bytes.HasPrefix(line, []byte("event:")):
			event = string(bytes.TrimSpace(line[len("event:"):]))
		case bytes.HasPrefix(line, []byte("id:")):
			n, err := strconv.ParseUint(string(bytes.TrimSpace(line[len("id:"):])), 10, 64)
			id, hasID = n, err == nil
		}
	}
}

// sharedTableChoice is a move at a shared table of game through its page's own forms: the
// host's start in the lobby; in Guandan a legal play of the player's own choosing (after a
// refusal, the plain policy: pass when following, else the lowest single card); in As-Nas a
// verb at random; the next deal and the rematch (same seats) when the match waits for nobody.
func sharedTableChoice(game, path string, body []byte, rng *rand.Rand, simple bool) (formChoice, bool) {
	forms, _, _ := scanPage(body, path+"/")
	var keep []scannedForm
	for _, f := range forms {
		switch strings.TrimPrefix(f.action, path+"/") {
		case "start":
			return formChoice{action: f.action, values: url.Values{}}, true
		case "move", "next", "play", "pass", "return", "rematch":
			if !slices.Contains(f.hidden, [2]string{"swap", "1"}) {
				keep = append(keep, f)
			}
		}
	}
	if game == "guandan" && !simple {
		if c, ok := ownGuandanPlayAt(body, path+"/play", rng); ok {
			return c, true
		}
	}
	if c, ok := chooseAmong(keep, "", false, rng); ok {
		c.newMatch = strings.HasSuffix(c.action, "/rematch")
		return c, true
	}
	// Leading, with no cards chosen: a single card is always a legal lead.
	if gt, ok := scanGuandanTable(body, path+"/play"); ok {
		v := url.Values{}
		for _, kv := range gt.hidden {
			v.Add(kv[0], kv[1])
		}
		v.Add("card", strconv.Itoa(int(gt.hand.Cards()[0])))
		return formChoice{action: gt.action, values: v}, true
	}
	return formChoice{}, false
}

// openSharedTable opens table i of game through the site's forms: its first player opens it
// (at level, or the form's own level when it is empty; timer: none), the three others take
// the other seats; it returns the four players and the table's revision.
func openSharedTable(ctx context.Context, base *url.URL, tr http.RoundTripper, i int, game, level string, stats *loadStats) ([4]*virtualPlayer, string, uint64, error) {
	var vps [4]*virtualPlayer
	far := time.Now().Add(24 * time.Hour) // setup is not measured
	for s := range vps {
		vps[s] = newVirtualPlayer(base, tr, 4*i+s, stats, far)
	}
	_, body, err := vps[0].do(ctx, http.MethodGet, "/"+game+"/tables/new", nil)
	if err != nil {
		return vps, "", 0, err
	}
	forms, _, _ := scanPage(body, "/"+game+"/tables")
	if len(forms) == 0 {
		return vps, "", 0, fmt.Errorf("table %d: no form to open a table", i)
	}
	values := url.Values{"name": {fmt.Sprintf("Table %d host", i)}}
	for _, kv := range forms[0].checked {
		values.Add(kv[0], kv[1])
	}
	if level != "" {
		values.Set("level", level)
	}
	resp, _, err := vps[0].do(ctx, http.MethodPost, forms[0].action, values)
	if err != nil {
		return vps, "", 0, err
	}
	path := resp.Header.Get("Location")
	if resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(path, "/"+game+"/tables/") {
		return vps, "", 0, fmt.Errorf("table %d: opening answered %d to %q", i, resp.StatusCode, path)
	}
	for s := 1; s < 4; s++ {
		if _, body, err = vps[s].do(ctx, http.MethodGet, path, nil); err != nil {
			return vps, "", 0, err
		}
		forms, _, _ := scanPage(body, path+"/seat")
		var take url.Values
		for _, f := range forms {
			if slices.Contains(f.hidden, [2]string{"seat", strconv.Itoa(s)}) {
				take = url.Values{"seat": {strconv.Itoa(s)}, "name": {fmt.Sprintf("Table %d seat %d", i, s)}}
				break
			}
		}
		if take == nil {
			return vps, "", 0, fmt.Errorf("table %d: no form to take seat %d", i, s)
		}
		if resp, _, err = vps[s].do(ctx, http.MethodPost, path+"/seat", take); err != nil {
			return vps, "", 0, err
		}
		if resp.StatusCode != http.StatusSeeOther {
			return vps, "", 0, fmt.Errorf("table %d: taking seat %d answered %d", i, s, resp.StatusCode)
		}
	}
	_, body, err = vps[0].do(ctx, http.MethodGet, path, nil)
	if err != nil {
		return vps, "", 0, err
	}
	root, ok := scanTableRoot(body)
	if !ok || root.phase != "lobby" || root.seat != 0 {
		return vps, "", 0, fmt.Errorf("table %d: the host's lobby is not one (phase %q, seat %d)", i, root.phase, root.seat)
	}
	return vps, path, root.rev, nil
}

// crowdOfTables is one crowd of a run: its tables' players and what they measure.
type crowdOfTables struct {
	players [][4]*tablePlayer
	revs    []uint64
	tracks  []*tableTrack
	stats   loadStats
	ev      eventStats
}

func (c *crowdOfTables) add(vps [4]*virtualPlayer, path string, rev uint64, think time.Duration, streams http.RoundTripper,
	choose func(body []byte, rng *rand.Rand, simple bool) (formChoice, bool)) {
	track := newTableTrack(&c.ev)
	var ps [4]*tablePlayer
	for s, vp := range vps {
		vp.noPause = true
		ps[s] = &tablePlayer{virtualPlayer: vp, index: s, path: path, events: path + "/events", track: track, ev: &c.ev,
			think: think, choose: choose, wake: make(chan struct{}, 1),
			streamClient: &http.Client{Transport: streams, Jar: vp.client.Jar,
				CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	}
	c.players = append(c.players, ps)
	c.revs = append(c.revs, rev)
	c.tracks = append(c.tracks, track)
}

// openStreams opens every player's live connection and waits until each is answered; it
// counts those that failed as setup errors.
func (c *crowdOfTables) openStreams(ctx context.Context, wg *sync.WaitGroup) int {
	var opened sync.WaitGroup
	var ok atomic.Int64
	sem := make(chan struct{}, 32)
	for i, ps := range c.players {
		for _, p := range ps {
			opened.Add(1)
			sem <- struct{}{}
			wg.Go(func() {
				p.stream(ctx, c.revs[i], func(err error) {
					<-sem
					if err == nil {
						ok.Add(1)
					}
					opened.Done()
				})
			})
		}
	}
	opened.Wait()
	return int(ok.Load())
}

// start sets the measured window's start and lets the tables play, starting evenly over the
// ramp-up, until ctx ends.
func (c *crowdOfTables) start(ctx context.Context, wg *sync.WaitGroup, ramp time.Duration, from time.Time) {
	for _, t := range c.tracks {
		t.mu.Lock()
		t.from = from // the streams are already telling of events
		t.mu.Unlock()
	}
	for i, ps := range c.players {
		for _, p := range ps {
			p.measureFrom = from
			wg.Go(func() {
				if sleepCtx(ctx, time.Duration(int64(ramp)*int64(i)/int64(len(c.players)))) {
					p.play(ctx)
				}
			})
		}
	}
}

// finish counts the moves whose events never came.
func (c *crowdOfTables) finish(end time.Time) {
	for _, t := range c.tracks {
		if n := t.unsettled(end); n > 0 {
			c.ev.mu.Lock()
			c.ev.missed += n
			if len(c.ev.firstErr) < 5 {
				c.ev.firstErr = append(c.ev.firstErr, fmt.Sprintf("%d moves of a table whose event never reached every seat", n))
			}
			c.ev.mu.Unlock()
		}
	}
}

// runTables runs `cardavia load -tables N`: N shared tables of four virtual players, opened and
// seated through the forms, each player's live connection opened (the server's memory read
// before and after, the connections idle), then started over the ramp-up and played; in the
// same window, a tenth as many tables of a bare chi handler with the same page, form and
// event stream, as the machine's floor.
func runTables(parent context.Context, o tableLoad, out io.Writer) error {
	streamCtx, stopStreams := context.WithCancel(parent)
	defer stopStreams()
	transport := &http.Transport{MaxIdleConns: 0, MaxIdleConnsPerHost: 4*(o.tables+o.bare) + 10, IdleConnTimeout: 30 * time.Second}
	defer transport.CloseIdleConnections()
	// Live connections are never compressed, and never idle in a pool.
	streams := &http.Transport{DisableCompression: true, MaxIdleConnsPerHost: -1}
	defer streams.CloseIdleConnections()
	var streamsWG, playWG sync.WaitGroup
	defer func() {
		stopStreams()
		streamsWG.Wait()
	}()

	site := &crowdOfTables{}
	games := map[string]int{}
	{
		type opened struct {
			vps  [4]*virtualPlayer
			path string
			rev  uint64
			err  error
		}
		results := make([]opened, o.tables)
		sem := make(chan struct{}, 8)
		var wg sync.WaitGroup
		for i := range o.tables {
			game := o.game
			if game == "both" {
				game = []string{"asnas", "guandan"}[i%2]
			}
			sem <- struct{}{}
			wg.Go(func() {
				defer func() { <-sem }()
				vps, path, rev, err := openSharedTable(parent, o.target, transport, i, game, o.level, &site.stats)
				results[i] = opened{vps, path, rev, err}
			})
		}
		wg.Wait()
		for _, r := range results {
			if r.err != nil {
				site.ev.fail(&site.ev.setupErrors, "%v", r.err)
				continue
			}
			games[strings.Split(r.path, "/")[1]]++
			site.add(r.vps, r.path, r.rev, o.think, streams, func(body []byte, rng *rand.Rand, simple bool) (formChoice, bool) {
				return sharedTableChoice(strings.Split(r.path, "/")[1], r.path, body, rng, simple)
			})
		}
	}
	if parent.Err() != nil {
		return parent.Err()
	}
	var mem0, mem1 serverMemory
	var memErr error
	if o.metrics != nil {
		mem0, memErr = readServerMemory(parent, o.metrics)
	}
	live := site.openStreams(streamCtx, &streamsWG)
	if o.metrics != nil && memErr == nil {
		// The server counts a connection once its handler has subscribed: wait for all.
		for range 100 {
			if m, err := readMetrics(parent, o.metrics); err != nil || m["cardavia_live_streams"] >= mem0.streams+float64(live) {
				break
			}
			sleepCtx(parent, 100*time.Millisecond)
		}
		mem1, memErr = readServerMemory(parent, o.metrics)
	}
	if o.serverHeap != "" && o.metrics != nil {
		if err := fetchProfile(parent, o.metrics, "/debug/pprof/heap?gc=1", o.serverHeap); err != nil {
			fmt.Fprintf(out, "server heap profile: %v\n", err)
		}
	}

	bare := &crowdOfTables{}
	if o.bare > 0 {
		bu, stop, err := startBareTables()
		if err != nil {
			return err
		}
		defer stop()
		for i := range o.bare {
			var vps [4]*virtualPlayer
			for s := range vps {
				vps[s] = newVirtualPlayer(bu, transport, 4*(o.tables+i)+s, &bare.stats, time.Now().Add(24*time.Hour))
			}
			path := "/t/" + strconv.Itoa(i)
			bare.add(vps, path, 1, o.think, streams, func(body []byte, rng *rand.Rand, _ bool) (formChoice, bool) {
				return chooseForm(body, path+"/", rng)
			})
			for s, p := range bare.players[len(bare.players)-1] {
				p.path = path + "/" + strconv.Itoa(s) // each seat has its own page there
			}
		}
		bare.openStreams(streamCtx, &streamsWG)
	}

	from := time.Now().Add(o.ramp)
	end := from.Add(o.duration)
	ctx, cancel := context.WithDeadline(parent, end)
	defer cancel()
	cpuDone := watchCPU(ctx, from, o.serverPID)
	profDone := make(chan error, 1)
	if o.serverProfile != "" && o.metrics != nil {
		go func() { profDone <- serverCPUProfile(ctx, o.metrics, from, o.duration, o.serverProfile) }()
	} else {
		profDone <- nil
	}
	site.start(ctx, &playWG, o.ramp, from)
	bare.start(ctx, &playWG, o.ramp, from)
	playWG.Wait()
	cpu := <-cpuDone
	profErr := <-profDone
	site.finish(end)
	bare.finish(end)
	stopStreams()
	streamsWG.Wait()

	fmt.Fprintf(out, "load: %s, %d shared tables (As-Nas %d, Guandan %d) of four virtual players, %d live connections open, %v measured after a %v ramp-up, pauses %.2f-%.2f s before a move\n",
		o.target.Host, o.tables, games["asnas"], games["guandan"], live, o.duration, o.ramp, o.think.Seconds()/2, o.think.Seconds()*1.5)
	site.stats.report(out, "cardavia", 4*o.tables, o.duration)
	site.ev.report(out)
	if o.bare > 0 {
		bare.stats.report(out, "bare chi", 4*o.bare, o.duration)
		bare.ev.report(out)
	}
	switch {
	case o.metrics == nil:
	case memErr != nil:
		fmt.Fprintf(out, "memory   not read: %v\n", memErr)
	case live > 0:
		mem1.reportGrowth(out, mem0, live)
	}
	cpu.report(out, o.duration, site.stats.requests, bare.stats.requests, o.serverPID != 0)
	if profErr != nil {
		fmt.Fprintf(out, "server CPU profile: %v\n", profErr)
	}

	errs := site.stats.errors + site.ev.errors()
	if o.maxErrors >= 0 && errs > o.maxErrors {
		return fmt.Errorf("load: %d errors, at most %d allowed", errs, o.maxErrors)
	}
	if site.stats.requests == 0 {
		return errors.New("load: no request was answered")
	}
	if site.ev.moves == 0 {
		return errors.New("load: no move's event was measured")
	}
	if p99 := site.ev.p99(); o.maxEventP99 > 0 && p99 > o.maxEventP99 {
		return fmt.Errorf("load: move-to-event p99 %.1f ms, at most %.1f ms allowed", ms(p99), ms(o.maxEventP99))
	}
	if p99 := site.stats.postPercentile(0.99); o.maxPostP99 > 0 && p99 > o.maxPostP99 {
		return fmt.Errorf("load: POST p99 %.1f ms, at most %.1f ms allowed", ms(p99), ms(o.maxPostP99))
	}
	return nil
}
