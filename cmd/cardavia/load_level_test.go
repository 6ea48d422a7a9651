package main

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// A -level or -game the site does not offer is refused before anything starts, with an error
// that names the flag; the empty level (the site's default) is accepted.
func TestLoadRefusesBadLevelAndGame(t *testing.T) {
	for _, args := range [][]string{
		{"-level", "grandmaster"},
		{"-level", "Master"},
		{"-level", "master "},
		{"-game", "chess"},
		{"-game", "guandan", "-level", "expert"},
	} {
		var out strings.Builder
		// A port nobody serves: a run that got past the flags would fail differently.
		err := runLoad(context.Background(), append([]string{"-url", "http://127.0.0.1:1", "-players", "1", "-duration", "1s", "-no-baseline"}, args...), &out)
		flag := args[len(args)-2]
		if err == nil || !strings.Contains(err.Error(), flag) {
			t.Errorf("%v: %v, want an error naming %s", args, err, flag)
		}
	}
	for _, level := range []string{"", "beginner", "club", "master"} {
		if err := checkLevel(level); err != nil {
			t.Errorf("level %q refused: %v", level, err)
		}
	}
}

// With -game guandan -level master every player chooses Master on the settings page before its
// first move, plays Guandan only, and its table then shows Master; the run says what it played.
func TestLoadPlaysAtTheLevelGiven(t *testing.T) {
	site, _ := testSite(t, nil)
	var mu sync.Mutex
	levels := map[string]string{} // player's address -> the level it posted
	firstMoveBeforeLevel := false
	paths := map[string]int{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		who := r.Header.Get("X-Forwarded-For")
		switch {
		case r.Method == http.MethodPost && r.URL.Path == "/settings/guandan-level":
			_ = r.ParseForm()
			levels[who] = r.PostForm.Get("level")
		case r.Method == http.MethodPost && strings.HasPrefix(r.URL.Path, "/guandan/") && levels[who] == "":
			firstMoveBeforeLevel = true
		}
		paths[strings.Split(r.URL.Path, "/")[1]]++
		mu.Unlock()
		site.Config.Handler.ServeHTTP(w, r)
	}))
	defer srv.Close()
	var out strings.Builder
	err := runLoad(context.Background(), []string{"-url", srv.URL, "-players", "3", "-duration", "2s", "-ramp", "100ms", "-no-baseline", "-max-errors", "0", "-game", "guandan", "-level", "master"}, &out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	mu.Lock()
	if len(levels) != 3 {
		t.Errorf("%d players chose a level, want 3: %v", len(levels), levels)
	}
	for who, l := range levels {
		if l != "master" {
			t.Errorf("player %s chose %q", who, l)
		}
	}
	if firstMoveBeforeLevel {
		t.Error("a player moved before choosing its level")
	}
	if paths["asnas"] > 0 || paths["guandan"] == 0 {
		t.Errorf("requests by first path segment: %v, want Guandan only", paths)
	}
	if !strings.Contains(out.String(), "guandan at master") {
		t.Errorf("the report does not say what was played:\n%s", out.String())
	}
	mu.Unlock()

	// The level holds: the table a player then sees is at Master.
	u, _ := url.Parse(srv.URL)
	p := newVirtualPlayer(u, srv.Client().Transport, 9, &loadStats{}, time.Time{})
	p.games, p.level = []string{"guandan"}, "master"
	if err := p.chooseLevel(context.Background()); err != nil {
		t.Fatal(err)
	}
	_, body, err := p.do(context.Background(), http.MethodGet, "/guandan", nil)
	if err != nil || !strings.Contains(string(body), `data-guandan-level="master"`) {
		t.Errorf("after choosing master the table (err %v) does not show it", err)
	}
}

// The window's report reads the server's counters as deltas: searches, waits and wait time,
// and the AI time per request of each game and level that had requests in the window.
func TestSearchWindowReport(t *testing.T) {
	metrics := []string{
		"# HELP cardavia_guandan_searches_total Guandan Master searches run.\n# TYPE cardavia_guandan_searches_total counter\ncardavia_guandan_searches_total 100\n" +
			"cardavia_guandan_search_waits_total 10\ncardavia_guandan_search_wait_seconds_total 0.5\n" +
			`cardavia_ai_request_seconds_sum{game="guandan",level="master"} 2` + "\n" +
			`cardavia_ai_request_seconds_count{game="guandan",level="master"} 40` + "\n" +
			`cardavia_ai_request_seconds_count{game="asnas",level="master"} 5` + "\n",
		"cardavia_guandan_searches_total 700\ncardavia_guandan_search_waits_total 160\ncardavia_guandan_search_wait_seconds_total 30.5\n" +
			`cardavia_ai_request_seconds_sum{game="guandan",level="master"} 32` + "\n" +
			`cardavia_ai_request_seconds_count{game="guandan",level="master"} 640` + "\n" +
			`cardavia_ai_request_seconds_count{game="asnas",level="master"} 5` + "\n",
	}
	var mu sync.Mutex
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		_, _ = w.Write([]byte(metrics[0]))
		metrics = metrics[1:]
	}))
	defer srv.Close()
	u, _ := url.Parse(srv.URL)
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	w := <-watchSearches(ctx, time.Now(), u)
	var out strings.Builder
	w.report(&out, 60*time.Second)
	want := "Guandan searches 600 (10.0/s), 150 waited for a slot (25.0 %), 30.00 s waited in all (200.0 ms each that waited); AI guandan/master: 600 requests, 50.00 ms each\n"
	if !strings.HasSuffix(out.String(), want) {
		t.Errorf("report\n%s\nwant it to end\n%s", out.String(), want)
	}
}

// The report counts the errors by request, past the first five it prints: which requests
// failed under a crowd (hint pages, moves) is what a reader needs.
func TestLoadCountsErrorsByRequest(t *testing.T) {
	s := &loadStats{}
	fail := func(method, path string, status int) {
		resp := &http.Response{StatusCode: status}
		var err error
		if status == 0 {
			resp, err = nil, context.DeadlineExceeded
		} else {
			err = errors.New(method + " " + path + ": status " + strconv.Itoa(status))
		}
		s.request(method == http.MethodPost, time.Second, err, errKind(method, path, resp, err))
	}
	for range 5 {
		fail(http.MethodGet, "/guandan?hint=1", 503)
	}
	fail(http.MethodPost, "/guandan/play", 503)
	fail(http.MethodPost, "/guandan/pass", 0)
	s.request(true, time.Millisecond, nil, "")
	var out strings.Builder
	s.report(&out, "cardavia", 1, time.Second)
	want := "   errors by request: GET /guandan 503: 5, POST /guandan/pass no answer: 1, POST /guandan/play 503: 1\n"
	if !strings.Contains(out.String(), "errors 7") || !strings.HasSuffix(out.String(), want) {
		t.Errorf("report\n%s\nwant 7 errors and it to end\n%s", out.String(), want)
	}
}

// With -tables, -level is the level of the form that opens each table: the host posts it, and
// the table's players then play against the AI at it.
func TestLoadTablesOpenAtTheLevelGiven(t *testing.T) {
	site, _ := testSite(t, nil)
	var mu sync.Mutex
	var opened []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && r.URL.Path == "/guandan/tables" {
			_ = r.ParseForm()
			mu.Lock()
			opened = append(opened, r.PostForm.Get("level"))
			mu.Unlock()
		}
		site.Config.Handler.ServeHTTP(w, r)
	}))
	defer srv.Close()
	var out strings.Builder
	err := runLoad(context.Background(), []string{"-url", srv.URL, "-tables", "2", "-game", "guandan", "-level", "beginner", "-duration", "1s", "-ramp", "100ms", "-no-baseline", "-max-errors", "0"}, &out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	mu.Lock()
	defer mu.Unlock()
	if len(opened) != 2 || opened[0] != "beginner" || opened[1] != "beginner" {
		t.Errorf("tables opened at %q, want two at beginner", opened)
	}
}
