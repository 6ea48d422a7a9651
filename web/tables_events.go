package web

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cardavia/cardavia/web/live"
	"github.com/cardavia/cardavia/web/views"
)

// The live connection of a shared table's page (Server-Sent Events). It carries no state: an
// event says only that the table has a new revision, and the page then asks for itself again
// through the same handler as a reload (DESIGN.md: a signal, not a second source of truth).
const (
	// streamPing is how often a quiet stream sends a comment, so that proxies keep it open
	// and a dead client is found by the write that fails.
	streamPing = 15 * time.Second
	// streamWrite bounds one write: a client that does not read is dropped, never waited for.
	streamWrite = 5 * time.Second
	// streamRetry is the browser's wait before it reconnects a dropped stream.
	streamRetry = 2 * time.Second
	// streamsPerClient bounds the live connections one client address holds open: a family
	// behind one router with a few tabs each needs a dozen.
	streamsPerClient = 24
)

// streamCounter counts the open live connections per client.
type streamCounter struct {
	mu sync.Mutex
	n  map[string]int
}

// acquire counts one more stream for client, or says no at the limit.
func (c *streamCounter) acquire(client string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n == nil {
		c.n = map[string]int{}
	}
	if c.n[client] >= streamsPerClient {
		return false
	}
	c.n[client]++
	return true
}

// release counts one stream of client less.
func (c *streamCounter) release(client string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n[client]--; c.n[client] <= 0 {
		delete(c.n, client)
	}
}

// watch opens a live connection of r's client on table: counted against streamsPerClient,
// then subscribed to the table's announcements. The caller defers done.
func (s *Server) watch(r *http.Request, table string) (sub *live.Subscription, done func(), err error) {
	client := s.clientAddr(r)
	if !s.streams.acquire(client) {
		return nil, nil, errTooManyStreams
	}
	sub = s.cfg.Live.Subscribe(table)
	return sub, func() { sub.Close(); s.streams.release(client) }, nil
}

// isStream tells the long-lived event streams and held waits from ordinary requests, which
// the request timeout bounds.
func isStream(r *http.Request) bool {
	return r.Method == http.MethodGet && (strings.HasSuffix(r.URL.Path, "/events") || strings.HasSuffix(r.URL.Path, "/wait"))
}

// waitHold is the longest a "Wait for the next move" request is held: within the patience of
// a proxy (the handler extends its own write deadline past the server's), and long enough
// that a player without JavaScript who follows the link again and again costs a request every
// 20 seconds at most.
const waitHold = 20 * time.Second

// waitForMove is the "Wait for the next move" link of a page without JavaScript (DESIGN.md):
// it holds the request until the table changes from ?rev=, the seat to act runs out of time,
// or waitHold passes, and then sends the visitor back to the table, whose page shows what
// happened. It is a live connection like a stream, and counted with them.
func (s *Server) waitForMove(w http.ResponseWriter, r *http.Request) error {
	game, _, tb, err := s.tableOf(r)
	if err != nil {
		return err
	}
	back := func() error {
		w.Header().Set("Cache-Control", "no-store")
		// Back to the table, the Guandan hand sorted as the page that waited had it.
		return sharedRedirect(game, tb.ID)(w, r, views.NoticeNone)
	}
	rev, err := strconv.ParseUint(r.URL.Query().Get("rev"), 10, 64)
	if err != nil || r.Method == http.MethodHead {
		// No revision to wait past, or a HEAD (a link checker, a preview), which asks about
		// the address and would hold a connection for nothing: the table as it is now.
		return back()
	}
	sub, done, err := s.watch(r, tb.ID)
	if err != nil {
		return err
	}
	defer done()
	if err := http.NewResponseController(w).SetWriteDeadline(time.Now().Add(waitHold + streamWrite)); err != nil && err != http.ErrNotSupported {
		return back()
	}
	// Back when the turn's time is up too: the table's page then hands the seat over.
	wait := waitHold
	if at := tb.due(); tb.started() && !at.IsZero() {
		wait = min(wait, max(at.Sub(s.cfg.Now()), 0)+50*time.Millisecond)
	}
	hold := time.NewTimer(wait)
	defer hold.Stop()
	ctx := r.Context()
	for {
		// Read after subscribing, so that no change in between is missed.
		if tb, err = s.loadTable(ctx, tb.ID); err != nil || tb.Rev != rev {
			return back()
		}
		select {
		case <-ctx.Done():
			return nil
		case <-s.shutdown:
			return back()
		case <-hold.C:
			return back()
		case _, ok := <-sub.C():
			if !ok {
				return back()
			}
		}
	}
}

// tableEvents streams a shared table's revisions: one event whenever the table changes (a
// move by anyone, the AI's turns that follow it, a seat taken or handed over), the first at
// once when the page is not at the table's revision (Last-Event-ID, or ?rev= for the first
// connection). It also keeps the table's clock: when the seat to act runs out of time, the
// first live connection (of any process) that sees it hands the seat to the AI, through the
// same compare-and-swap as a move, so that it happens once.
func (s *Server) tableEvents(w http.ResponseWriter, r *http.Request) error {
	game, g, tb, err := s.tableOf(r)
	if err != nil {
		return err
	}
	sub, done, err := s.watch(r, tb.ID)
	if err != nil {
		return err
	}
	defer done()
	talk := s.cfg.Live.Subscribe(talkChannel(tb.ID))
	defer talk.Close()
	s.metrics.streamOpened()
	defer s.metrics.streamClosed()

	seen, _ := strconv.ParseUint(r.Header.Get("Last-Event-ID"), 10, 64)
	if seen == 0 {
		seen, _ = strconv.ParseUint(r.URL.Query().Get("rev"), 10, 64)
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	rc := http.NewResponseController(w)
	send := func(text string) bool {
		if err := rc.SetWriteDeadline(time.Now().Add(streamWrite)); err != nil && err != http.ErrNotSupported {
			return false
		}
		if _, err := w.Write([]byte(text)); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	w.WriteHeader(http.StatusOK)
	if !send("retry: " + strconv.Itoa(int(streamRetry/time.Millisecond)) + "\n\n") {
		return nil
	}
	ping := time.NewTicker(streamPing)
	defer ping.Stop()
	ctx := r.Context()
	tried := uint64(0) // the revision whose deadline was last acted on
	for {
		// The table as it is now: read after subscribing, so no change in between is missed.
		if tb, err = s.loadTable(ctx, tb.ID); err != nil {
			return nil
		}
		// Not only behind: a Redis restored from an older snapshot moves a table's revision
		// back, and a page that saw a later one would otherwise wait until the table passed it.
		if tb.Rev != seen {
			seen = tb.Rev
			if !send("event: table\nid: " + strconv.FormatUint(seen, 10) + "\ndata: " + strconv.FormatUint(seen, 10) + "\n\n") {
				return nil
			}
		}
		var clock <-chan time.Time
		var timer *time.Timer
		if at := tb.due(); tb.started() && !at.IsZero() && tried != tb.Rev {
			timer = time.NewTimer(max(at.Sub(s.cfg.Now()), 0) + 50*time.Millisecond)
			clock = timer.C
		}
		stop := func() {
			if timer != nil {
				timer.Stop()
			}
		}
		select {
		case <-ctx.Done():
			stop()
			return nil
		case <-s.shutdown:
			stop()
			return nil
		case _, ok := <-sub.C():
			stop()
			if !ok {
				return nil
			}
		case _, ok := <-talk.C():
			stop()
			if !ok || !send("event: talk\ndata: 1\n\n") {
				return nil
			}
		case <-ping.C:
			stop()
			if !send(": ping\n\n") {
				return nil
			}
		case <-clock:
			tried = tb.Rev
			// The page's own handler hands the seat over when its time is up.
			work, cancel := context.WithTimeout(ctx, s.cfg.RequestTimeout)
			_, err := g.play(s, w, r.WithContext(work), tb, -1)
			cancel()
			if err != nil {
				s.log.WarnContext(ctx, "a table's timer", "game", game, "table", tb.ID, "err", err)
			}
		}
	}
}
