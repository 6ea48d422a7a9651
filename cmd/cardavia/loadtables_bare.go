package main

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"

	"github.com/go-chi/chi/v5"
)

// bareTable is a table of the bare handler: four seats taking turns, one move at a time.
type bareTable struct {
	mu          sync.Mutex
	move, rev   uint64
	toAct       int
	subscribers map[chan uint64]struct{}
}

// startBareTables serves, through chi on a loopback port, tables with the shared table's
// shape and nothing behind it: a page whose root says the seat, the move, the revision and the
// seat to act, a form that moves (303 back), and an event stream that tells of each revision.
// Page /t/{table}/{seat}; the tables are made when first asked for.
func startBareTables() (*url.URL, func(), error) {
	var mu sync.Mutex
	tables := map[string]*bareTable{}
	get := func(id string) *bareTable {
		mu.Lock()
		defer mu.Unlock()
		t := tables[id]
		if t == nil {
			t = &bareTable{rev: 1, subscribers: map[chan uint64]struct{}{}}
			tables[id] = t
		}
		return t
	}
	done := make(chan struct{})
	r := chi.NewRouter()
	r.Get("/t/{table}/events", func(w http.ResponseWriter, req *http.Request) {
		t := get(chi.URLParam(req, "table"))
		ch := make(chan uint64, 1)
		t.mu.Lock()
		t.subscribers[ch] = struct{}{}
		t.mu.Unlock()
		defer func() {
			t.mu.Lock()
			delete(t.subscribers, ch)
			t.mu.Unlock()
		}()
		seen, _ := strconv.ParseUint(req.Header.Get("Last-Event-ID"), 10, 64)
		if seen == 0 {
			seen, _ = strconv.ParseUint(req.URL.Query().Get("rev"), 10, 64)
		}
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusOK)
		rc := http.NewResponseController(w)
		send := func(s string) bool {
			_, err := io.WriteString(w, s)
			return err == nil && rc.Flush() == nil
		}
		if !send("retry: 2000\n\n") {
			return
		}
		ping := time.NewTicker(15 * time.Second)
		defer ping.Stop()
		for {
			t.mu.Lock()
			rev := t.rev
			t.mu.Unlock()
			if rev > seen {
				seen = rev
				n := strconv.FormatUint(rev, 10)
				if !send("event: table\nid: " + n + "\ndata: " + n + "\n\n") {
					return
				}
			}
			select {
			case <-req.Context().Done():
				return
			case <-done:
				return
			case <-ch:
			case <-ping.C:
				if !send(": ping\n\n") {
					return
				}
			}
		}
	})
	r.Get("/t/{table}/{seat}", func(w http.ResponseWriter, req *http.Request) {
		id := chi.URLParam(req, "table")
		seat, err := strconv.Atoi(chi.URLParam(req, "seat"))
		if err != nil || seat < 0 || seat > 3 {
			http.NotFound(w, req)
			return
		}
		t := get(id)
		t.mu.Lock()
		move, rev, toAct := t.move, t.rev, t.toAct
		t.mu.Unlock()
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><title>bare</title><div data-table="%s" data-seat="%d" data-phase="play" data-move="%d" data-rev="%d" data-to-act="%d" data-events="/t/%s/events">`,
			id, seat, move, rev, toAct, id)
		if toAct == seat {
			fmt.Fprintf(w, `<form method="post" action="/t/%s/move"><input type="hidden" name="move" value="%d"><input type="hidden" name="seat" value="%d"><button type="submit" data-action="go">Go</button></form>`, id, move, seat)
		}
		fmt.Fprint(w, `</div>`)
	})
	r.Post("/t/{table}/move", func(w http.ResponseWriter, req *http.Request) {
		_ = req.ParseForm()
		id := chi.URLParam(req, "table")
		t := get(id)
		move, _ := strconv.ParseUint(req.PostFormValue("move"), 10, 64)
		seat, _ := strconv.Atoi(req.PostFormValue("seat"))
		back := "/t/" + id + "/" + strconv.Itoa(seat)
		t.mu.Lock()
		if move != t.move || seat != t.toAct {
			t.mu.Unlock()
			http.Redirect(w, req, back+"?notice=stale", http.StatusSeeOther)
			return
		}
		t.move++
		t.rev++
		t.toAct = (t.toAct + 1) % 4
		for ch := range t.subscribers {
			select {
			case ch <- t.rev:
			default: // a wake is already waiting; the stream reads the newest revision
			}
		}
		t.mu.Unlock()
		http.Redirect(w, req, back, http.StatusSeeOther)
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, nil, err
	}
	srv := &http.Server{Handler: r, ReadHeaderTimeout: 60 * time.Second}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			fmt.Println("bare tables:", err)
		}
	}()
	u, _ := url.Parse("http://" + ln.Addr().String())
	return u, func() { close(done); _ = srv.Close() }, nil
}
