package main

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/klauspost/compress/gzip"

	aiasnas "github.com/cardavia/cardavia/ai/asnas"
	aiguandan "github.com/cardavia/cardavia/ai/guandan"
)

// maxLoadDuration bounds a load run, whatever the flags say.
const maxLoadDuration = 10 * time.Minute

// loopbackTarget accepts only a URL on this machine: the load tool must never be pointed at
// somebody else's server.
func loopbackTarget(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("load: target %q: want http://127.0.0.1:PORT", raw)
	}
	host := u.Hostname()
	if ip := net.ParseIP(host); ip != nil {
		if !ip.IsLoopback() {
			return nil, fmt.Errorf("load: target %s is not a loopback address: refused", host)
		}
		return u, nil
	}
	if host != "localhost" {
		return nil, fmt.Errorf("load: target %s is not a loopback address: refused", host)
	}
	return u, nil
}

// loadStats gathers one run's measurements; safe for concurrent players.
type loadStats struct {
	mu       sync.Mutex
	requests int
	errors   int
	posts    []time.Duration
	gets     []time.Duration
	finished map[string]int
	firstErr []string
	// errKinds counts the errors by method, path and status ("POST /guandan/play 503"): under
	// a crowd at Master the first five alone do not say which requests failed.
	errKinds map[string]int
	// refused counts the Guandan plays the server refused with a notice (cards chosen
	// wrongly by ownGuandanPlay): a redirect, not an error, but it should stay near zero.
	refused int
}

func (s *loadStats) refuse() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refused++
}

func (s *loadStats) request(post bool, d time.Duration, err error, kind string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests++
	switch {
	case err != nil:
	case post:
		s.posts = append(s.posts, d)
	default:
		s.gets = append(s.gets, d)
	}
	if err != nil {
		s.errors++
		if s.errKinds == nil {
			s.errKinds = map[string]int{}
		}
		s.errKinds[kind]++
		if len(s.firstErr) < 5 {
			s.firstErr = append(s.firstErr, err.Error())
		}
	}
}

func (s *loadStats) finish(game string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.finished == nil {
		s.finished = map[string]int{}
	}
	s.finished[game]++
}

func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, int(p*float64(len(sorted))))]
}

// postPercentile is the p-th percentile of the answered POSTs' times.
func (s *loadStats) postPercentile(p float64) time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	slices.Sort(s.posts)
	return percentile(s.posts, p)
}

func (s *loadStats) report(out io.Writer, name string, players int, elapsed time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	slices.Sort(s.posts)
	slices.Sort(s.gets)
	fmt.Fprintf(out, "%-9s players %5d  requests %7d  %7.1f req/s  POST p50 %7.1f ms  p99 %7.1f ms  max %7.1f ms  GET p50 %7.1f ms  p99 %7.1f ms  errors %d",
		name, players, s.requests, float64(s.requests)/elapsed.Seconds(),
		ms(percentile(s.posts, 0.50)), ms(percentile(s.posts, 0.99)), ms(percentile(s.posts, 1)),
		ms(percentile(s.gets, 0.50)), ms(percentile(s.gets, 0.99)), s.errors)
	if len(s.finished) > 0 {
		fmt.Fprintf(out, "  matches finished: asnas %d, guandan %d", s.finished["asnas"], s.finished["guandan"])
	}
	if s.refused > 0 {
		fmt.Fprintf(out, "  plays refused %d", s.refused)
	}
	fmt.Fprintln(out)
	for _, e := range s.firstErr {
		fmt.Fprintln(out, "   error:", e)
	}
	if len(s.errKinds) > 1 || s.errors > len(s.firstErr) {
		kinds := slices.Sorted(maps.Keys(s.errKinds))
		for i, k := range kinds {
			kinds[i] = fmt.Sprintf("%s: %d", k, s.errKinds[k])
		}
		fmt.Fprintln(out, "   errors by request:", strings.Join(kinds, ", "))
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// runLoad runs `cardavia load`: virtual players playing whole matches of both games through
// the real forms of a running server, and, in the same window, a smaller crowd against a bare
// chi handler started here, as the machine's own floor.
func runLoad(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("cardavia load", flag.ContinueOnError)
	fs.SetOutput(out)
	target := fs.String("url", "http://127.0.0.1:8080", "the running server (loopback only)")
	players := fs.Int("players", 100, "virtual players")
	duration := fs.Duration("duration", 60*time.Second, "how long to play (at most 10m)")
	rampUp := fs.Duration("ramp", 5*time.Second, "players join evenly over this time; measurements start after it")
	baseline := fs.Int("baseline", 0, "players against a bare chi handler in the same window (default: a tenth of -players, at least 10; 0 with -no-baseline); with -tables, tables of four (default: a tenth, at least 2)")
	noBaseline := fs.Bool("no-baseline", false, "skip the bare-handler baseline")
	cpuProfile := fs.String("cpuprofile", "", "write the load tool's own CPU profile to this file")
	maxErrors := fs.Int("max-errors", -1, "fail (exit status 1) when the site answers more errors than this; -1 never fails")
	maxPostP99 := fs.Duration("max-post-p99", 0, "fail (exit status 1) when the site's POST p99 is above this; 0 never fails")
	hints := fs.Float64("hints", 0.2, "share of Guandan moves on which a player reads the hint page first (1: every move, the crowd of the earliest measurements); on the others it picks a legal play itself")
	spawn := fs.Bool("spawn", false, "start this binary as the server (a free loopback port, a fresh bolt store in a temporary directory, the client address from X-Forwarded-For, a metrics listener with the profiler) instead of -url, and report its CPU")
	tables := fs.Int("tables", 0, "instead of -players: open this many shared tables of four virtual players each, every player with the table's live connection open, and measure the time from a move to its event at the other seats")
	game := fs.String("game", "both", "the game played: asnas, guandan or both (each player a whole match of one, then of the other; with -tables, half the tables each)")
	level := fs.String("level", "", "the AI players' level: beginner, club or master, chosen by every virtual player on the settings page (with -tables, in the form opening the table) before it plays; empty for the site's default")
	think := fs.Duration("think", 500*time.Millisecond, "with -tables, the mean pause before a move (from half to one and a half of it); 0 for none")
	maxEventP99 := fs.Duration("max-event-p99", 0, "with -tables, fail (exit status 1) when the p99 of a move's event at the other seats (from the mover's 303) is above this; 0 never fails")
	metricsURL := fs.String("metrics", "", "the server's metrics listener (loopback only), for its memory per live connection with -tables and -server-cpuprofile; -spawn sets it")
	serverProfile := fs.String("server-cpuprofile", "", "with -tables, write the server's CPU profile over the measured window to this file (its profiler: -spawn, or -metrics of a server run with -pprof true)")
	serverHeap := fs.String("server-heapprofile", "", "with -tables, write the server's heap profile (after a collection) to this file once the live connections are open and idle, before play (its profiler, as -server-cpuprofile)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *hints < 0 || *hints > 1 {
		return fmt.Errorf("load: want 0 <= -hints <= 1")
	}
	if *players < 1 || *duration <= 0 || *duration > maxLoadDuration {
		return fmt.Errorf("load: want -players >= 1 and 0 < -duration <= %v", maxLoadDuration)
	}
	if *tables < 0 || *tables > maxLoadTables || *think < 0 || !slices.Contains([]string{"asnas", "guandan", "both"}, *game) {
		return fmt.Errorf("load: want 0 <= -tables <= %d, -think >= 0 and -game asnas, guandan or both", maxLoadTables)
	}
	if err := checkLevel(*level); err != nil {
		return err
	}
	serverPID := 0
	if *spawn {
		addr, metrics, pid, stop, err := spawnServer()
		if err != nil {
			return err
		}
		defer stop()
		*target, *metricsURL, serverPID = "http://"+addr, "http://"+metrics, pid
	}
	u, err := loopbackTarget(*target)
	if err != nil {
		return err
	}
	var mu *url.URL
	if *metricsURL != "" {
		if mu, err = loopbackTarget(*metricsURL); err != nil {
			return err
		}
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	if *tables > 0 {
		bare := *baseline
		if bare == 0 && !*noBaseline {
			bare = max(2, *tables/10)
		}
		if *noBaseline {
			bare = 0
		}
		return runTables(ctx, tableLoad{
			target: u, metrics: mu, serverPID: serverPID, tables: *tables, game: *game, level: *level, bare: bare,
			ramp: *rampUp, duration: *duration, think: *think,
			maxErrors: *maxErrors, maxEventP99: *maxEventP99, maxPostP99: *maxPostP99, serverProfile: *serverProfile, serverHeap: *serverHeap,
		}, out)
	}
	if *baseline == 0 && !*noBaseline {
		*baseline = max(10, *players/10)
	}
	if *noBaseline {
		*baseline = 0
	}
	ctx, cancel := context.WithTimeout(ctx, *rampUp+*duration)
	defer cancel()

	transport := &http.Transport{MaxIdleConns: 0, MaxIdleConnsPerHost: *players + *baseline + 10, IdleConnTimeout: 30 * time.Second}
	defer transport.CloseIdleConnections()
	measureFrom := time.Now().Add(*rampUp)

	cpuDone := watchCPU(ctx, measureFrom, serverPID)
	var searchesDone <-chan searchWindow
	if mu != nil {
		searchesDone = watchSearches(ctx, measureFrom, mu)
	}
	games := []string{"asnas", "guandan"}
	if *game != "both" {
		games = []string{*game}
	}

	var wg sync.WaitGroup
	// crowd starts n players numbered from first, joining evenly over the ramp-up.
	crowd := func(n, first int, base *url.URL, stats *loadStats, play func(*virtualPlayer, context.Context)) {
		for i := range n {
			wg.Go(func() {
				delay := time.Duration(int64(*rampUp) * int64(i) / int64(n))
				if !sleepCtx(ctx, delay) {
					return
				}
				vp := newVirtualPlayer(base, transport, first+i, stats, measureFrom)
				vp.hints, vp.games, vp.level = *hints, games, *level
				play(vp, ctx)
			})
		}
	}
	site := &loadStats{}
	crowd(*players, 0, u, site, (*virtualPlayer).play)
	bare := &loadStats{}
	if *baseline > 0 {
		bu, stop, err := startBareHandler()
		if err != nil {
			return err
		}
		defer stop()
		crowd(*baseline, *players, bu, bare, (*virtualPlayer).playBare)
	}
	wg.Wait()
	cpu := <-cpuDone
	elapsed := *duration
	fmt.Fprintf(out, "load: %s, %v measured after a %v ramp-up, pauses 0.25-0.75 s between moves, the Guandan hint read on %.0f%% of the moves, %s at %s\n",
		u.Host, elapsed, *rampUp, 100**hints, strings.Join(games, " and "), cmp.Or(*level, "the site's default level"))
	site.report(out, "cardavia", *players, elapsed)
	if *baseline > 0 {
		bare.report(out, "bare chi", *baseline, elapsed)
	}
	cpu.report(out, elapsed, site.requests, bare.requests, serverPID != 0)
	if searchesDone != nil {
		(<-searchesDone).report(out, elapsed)
	}
	if *maxErrors >= 0 && site.errors > *maxErrors {
		return fmt.Errorf("load: %d errors, at most %d allowed", site.errors, *maxErrors)
	}
	if site.requests == 0 {
		return errors.New("load: no request was answered")
	}
	if p99 := site.postPercentile(0.99); *maxPostP99 > 0 && p99 > *maxPostP99 {
		return fmt.Errorf("load: POST p99 %.1f ms, at most %.1f ms allowed", ms(p99), ms(*maxPostP99))
	}
	return nil
}

// cpuWindow is the CPU used over a run's measured window: the load tool's own, the server's
// when it is ours, and the machine's.
type cpuWindow struct {
	self0, self1, srv0, srv1 time.Duration
	ok                       bool
	load0, load1             string
	mach0, mach1             machineTimes
	machOK                   bool
}

// watchCPU reads the CPU times at from and when ctx ends, and then sends them.
func watchCPU(ctx context.Context, from time.Time, serverPID int) <-chan cpuWindow {
	done := make(chan cpuWindow, 1)
	go func() {
		var cpu cpuWindow
		defer func() { done <- cpu }()
		if !sleepCtx(ctx, time.Until(from)) {
			return
		}
		var ok0, ok1 bool
		cpu.self0, ok0 = processCPU(os.Getpid())
		cpu.load0 = loadAverage()
		var m0, m1 bool
		cpu.mach0, m0 = machineCPU()
		if serverPID != 0 {
			cpu.srv0, ok1 = processCPU(serverPID)
		}
		<-ctx.Done()
		cpu.self1, _ = processCPU(os.Getpid())
		cpu.load1 = loadAverage()
		cpu.mach1, m1 = machineCPU()
		cpu.machOK = m0 && m1
		if serverPID != 0 {
			cpu.srv1, _ = processCPU(serverPID)
		}
		cpu.ok = ok0 && (serverPID == 0 || ok1)
	}()
	return done
}

// report prints the window's CPU: the tool's for all requests (the site's and the bare
// handler's, both ends of those), the server's for the site's.
func (cpu cpuWindow) report(out io.Writer, elapsed time.Duration, site, bare int, server bool) {
	if !cpu.ok {
		return
	}
	self := cpu.self1 - cpu.self0
	fmt.Fprintf(out, "CPU      load tool %.2f cores, %.3f ms a request (its %d and the bare handler's %d, both ends of those)",
		self.Seconds()/elapsed.Seconds(), perRequest(self, site+bare), site, bare)
	if server {
		srv := cpu.srv1 - cpu.srv0
		fmt.Fprintf(out, "; server %.2f cores, %.3f ms a request", srv.Seconds()/elapsed.Seconds(), perRequest(srv, site))
	}
	fmt.Fprintf(out, "; load average %s -> %s, %d cores", cpu.load0, cpu.load1, runtime.NumCPU())
	if busy, steal, ok := busyAndSteal(cpu.mach0, cpu.mach1); cpu.machOK && ok {
		fmt.Fprintf(out, ", %.0f %% busy, %.1f %% stolen by the hypervisor", busy, steal)
	}
	fmt.Fprintln(out)
}

func perRequest(d time.Duration, n int) float64 {
	if n == 0 {
		return 0
	}
	return ms(d) / float64(n)
}

// serverCommand is how spawnServer runs the binary as a server; tests, whose binary is not
// cardavia, replace it.
var serverCommand = exec.Command

// spawnServer starts this binary as the server on a free loopback port, with a fresh bolt
// store in a temporary directory, its log in a file there (as an operator's would be: one
// line a request) and X-Forwarded-For trusted, so that each virtual player has its own POST
// limit. Its metrics listener, with the profiler, is on another free loopback port (metrics),
// for the server's memory and profiles. stop ends it (SIGTERM, then a kill) and removes the
// directory.
func spawnServer() (addr, metrics string, pid int, stop func(), err error) {
	self, err := os.Executable()
	if err != nil {
		return "", "", 0, nil, err
	}
	data, err := os.MkdirTemp("", "cardavia-load-")
	if err != nil {
		return "", "", 0, nil, err
	}
	if addr, err = freeLoopbackAddr(); err == nil {
		metrics, err = freeLoopbackAddr()
	}
	if err != nil {
		os.RemoveAll(data)
		return "", "", 0, nil, err
	}
	logFile, err := os.Create(filepath.Join(data, "server.log"))
	if err != nil {
		os.RemoveAll(data)
		return "", "", 0, nil, err
	}
	cmd := serverCommand(self, "-addr", addr, "-data", filepath.Join(data, "db"), "-metrics-addr", metrics, "-pprof", "true", "-client-ip-header", "X-Forwarded-For")
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		logFile.Close()
		os.RemoveAll(data)
		return "", "", 0, nil, err
	}
	stop = func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
		logFile.Close()
		os.RemoveAll(data)
	}
	if waitHealthy(addr, 200) {
		return addr, metrics, cmd.Process.Pid, stop, nil
	}
	stop()
	return "", "", 0, nil, fmt.Errorf("load: the spawned server on %s never became healthy", addr)
}

// freeLoopbackAddr is a loopback address whose port nobody listens on now, for a server
// started as another process.
func freeLoopbackAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr, nil
}

// waitHealthy asks the server at addr for /healthz every 50 ms, at most tries times, and says
// whether it answered 200.
func waitHealthy(addr string, tries int) bool {
	for range tries {
		if resp, err := http.Get("http://" + addr + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return true
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	return false
}

func sleepCtx(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

// virtualPlayer is one browser: a cookie jar, a pause between moves like a person's, and the
// forms of the page it last saw.
type virtualPlayer struct {
	base        *url.URL
	client      *http.Client
	rng         *rand.Rand
	stats       *loadStats
	measureFrom time.Time
	// addr is sent as X-Forwarded-For, so that a server run with -client-ip-header
	// X-Forwarded-For limits each player on its own, as it would behind a proxy.
	addr string
	// buf holds the last response's body; raw, its bytes as they came (gzip), and zin reads
	// them: klauspost's inflate runs about a quarter faster on a *bytes.Reader than through
	// the bufio.Reader it would put around a network body.
	buf, raw bytes.Buffer
	zin      bytes.Reader
	// pages, when set, sees every page the player GETs (tests).
	pages func(path string, body []byte)
	// noPause makes the player move as fast as the server answers (tests).
	noPause bool
	// hints is the share of its Guandan moves on which the player reads the hint page before
	// choosing cards; on the others it picks a legal play of its own (ownGuandanPlay).
	hints float64
	// games are the games it plays, a whole match of one and then of the next; level, when
	// set, is the AI level it chooses for each of them on the settings page before it plays.
	games []string
	level string
}

// think is the pause before a move: 0.25 to 0.75 s, as a person deciding.
func (p *virtualPlayer) think() time.Duration {
	if p.noPause {
		return 0
	}
	return time.Duration(250+p.rng.IntN(500)) * time.Millisecond
}

func newVirtualPlayer(base *url.URL, tr http.RoundTripper, i int, stats *loadStats, from time.Time) *virtualPlayer {
	jar, _ := cookiejar.New(nil)
	return &virtualPlayer{
		base: base, stats: stats, measureFrom: from,
		client: &http.Client{Transport: tr, Jar: jar, Timeout: 30 * time.Second,
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }},
		rng:   rand.New(rand.NewPCG(uint64(i), 0x10ad)),
		addr:  fmt.Sprintf("10.%d.%d.%d", i>>16&255, i>>8&255, i&255),
		hints: 1,
		games: []string{"asnas", "guandan"},
	}
}

// gzipReaders are the players' decoders, shared: a decoder's window is large, a player
// needs one only while it reads a page.
var gzipReaders sync.Pool

// do sends one request and reads the body; a status of 400 or more is an error. Requests are
// counted only once the ramp-up is over. The body is the player's buffer, valid until its next
// request.
func (p *virtualPlayer) do(ctx context.Context, method, path string, form url.Values) (*http.Response, []byte, error) {
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	// Paths come from our own pages ("/asnas?notice=stale"): always on the target's host.
	req, err := http.NewRequestWithContext(ctx, method, p.base.Scheme+"://"+p.base.Host+path, body)
	if err != nil {
		return nil, nil, err
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	req.Header.Set("X-Forwarded-For", p.addr)
	// As a browser does, and the server then sends its pages in gzip; asked for here rather
	// than by the transport so that the decoder can be reused.
	req.Header.Set("Accept-Encoding", "gzip")
	start := time.Now()
	resp, err := p.client.Do(req)
	p.buf.Reset()
	if err == nil {
		err = p.readBody(resp)
		if err == nil && resp.StatusCode >= 400 {
			err = fmt.Errorf("%s %s: status %d", method, path, resp.StatusCode)
		}
	}
	if ctx.Err() != nil {
		return resp, p.buf.Bytes(), ctx.Err() // the run's end, not the server's fault
	}
	if start.After(p.measureFrom) {
		p.stats.request(method == http.MethodPost, time.Since(start), err, errKind(method, path, resp, err))
	}
	if err == nil && method == http.MethodGet && p.pages != nil {
		p.pages(path, p.buf.Bytes())
	}
	return resp, p.buf.Bytes(), err
}

// errKind names a failed request for the error counts: its method, its path without the
// query, and its status, or "no answer".
func errKind(method, path string, resp *http.Response, err error) string {
	if err == nil {
		return ""
	}
	path, _, _ = strings.Cut(path, "?")
	if resp != nil && resp.StatusCode >= 400 {
		return fmt.Sprintf("%s %s %d", method, path, resp.StatusCode)
	}
	return method + " " + path + " no answer"
}

// readBody reads a response into the player's buffer, decoding gzip, and closes it.
func (p *virtualPlayer) readBody(resp *http.Response) error {
	defer resp.Body.Close()
	if resp.Header.Get("Content-Encoding") != "gzip" {
		_, err := p.buf.ReadFrom(resp.Body)
		return err
	}
	p.raw.Reset()
	if _, err := p.raw.ReadFrom(resp.Body); err != nil {
		return err
	}
	p.zin.Reset(p.raw.Bytes())
	zr, _ := gzipReaders.Get().(*gzip.Reader)
	var err error
	if zr == nil {
		zr, err = gzip.NewReader(&p.zin)
	} else {
		err = zr.Reset(&p.zin)
	}
	if err != nil {
		return err
	}
	defer gzipReaders.Put(zr)
	_, err = p.buf.ReadFrom(zr)
	return err
}

// play alternates between the player's games: a whole match of one, then of the next.
func (p *virtualPlayer) play(ctx context.Context) {
	games := p.games
	// Drawn whatever the games, so that a player's choices are the same with one game as
	// with both.
	g := p.rng.IntN(2) % len(games)
	if p.level != "" {
		for ctx.Err() == nil && p.chooseLevel(ctx) != nil {
			if !sleepCtx(ctx, time.Second) {
				return
			}
		}
	}
	path := "/" + games[g]
	for ctx.Err() == nil {
		_, body, err := p.do(ctx, http.MethodGet, path, nil)
		if err != nil {
			if !sleepCtx(ctx, time.Second) {
				return
			}
			path = "/" + games[g]
			continue
		}
		// Where cards are to be chosen, a player asks for the hint on a share of the moves and
		// otherwise picks cards of its own (ownGuandanPlay finds no play on any other page);
		// the hint page selects them. A page played on its own is read once, not twice.
		choice, ok := formChoice{}, false
		if games[g] == "guandan" && p.rng.Float64() >= p.hints {
			choice, ok = ownGuandanPlay(body, p.rng)
		}
		if !ok {
			choice, ok = chooseForm(body, "/"+games[g]+"/", p.rng)
			if !ok {
				path = "/" + games[g]
				if !sleepCtx(ctx, time.Second) {
					return
				}
				continue
			}
			if choice.follow != "" {
				path = choice.follow
				continue
			}
		}
		if !sleepCtx(ctx, p.think()) {
			return
		}
		resp, _, err := p.do(ctx, http.MethodPost, choice.action, choice.values)
		path = "/" + games[g]
		if err != nil {
			continue
		}
		if choice.newMatch {
			p.stats.finish(games[g])
			g = (g + 1) % len(games)
			path = "/" + games[g]
			continue
		}
		if loc := resp.Header.Get("Location"); loc != "" && strings.HasPrefix(loc, "/") {
			path = loc
			if strings.Contains(loc, "notice=") && resp.Request.URL.Path == "/guandan/play" {
				p.stats.refuse()
			}
		}
	}
}

// chooseLevel sets the player's level for each of its games as a visitor does: the settings
// page, then each game's level form with its hidden fields. A level the site refuses (its 400
// page) is an error.
func (p *virtualPlayer) chooseLevel(ctx context.Context) error {
	_, body, err := p.do(ctx, http.MethodGet, "/settings", nil)
	if err != nil {
		return err
	}
	var posts []formChoice
	for _, game := range p.games {
		action := "/settings/" + game + "-level"
		forms, _, _ := scanPage(body, action)
		if len(forms) == 0 {
			return fmt.Errorf("load: the settings page has no form %s", action)
		}
		v := url.Values{}
		for _, kv := range forms[0].hidden {
			v.Add(kv[0], kv[1])
		}
		v.Set("level", p.level)
		posts = append(posts, formChoice{action: action, values: v})
	}
	for _, c := range posts {
		resp, _, err := p.do(ctx, http.MethodPost, c.action, c.values)
		if err != nil {
			return err
		}
		if resp.StatusCode != http.StatusSeeOther {
			return fmt.Errorf("load: %s answered %d", c.action, resp.StatusCode)
		}
	}
	return nil
}

// checkLevel refuses a -level the site does not offer, before any server is started.
func checkLevel(level string) error {
	if level == "" {
		return nil
	}
	_, okG := aiguandan.ParseLevel(level)
	_, okA := aiasnas.ParseLevel(level)
	if !okG || !okA {
		return fmt.Errorf("load: -level %q: want beginner, club or master (or none for the site's default)", level)
	}
	return nil
}

// playBare plays against the bare handler: the same rhythm and the same GET-then-POST shape.
func (p *virtualPlayer) playBare(ctx context.Context) {
	for ctx.Err() == nil {
		_, body, err := p.do(ctx, http.MethodGet, "/", nil)
		if err != nil {
			if !sleepCtx(ctx, time.Second) {
				return
			}
			continue
		}
		choice, ok := chooseForm(body, "/", p.rng)
		if !sleepCtx(ctx, p.think()) {
			return
		}
		if ok {
			_, _, _ = p.do(ctx, http.MethodPost, choice.action, choice.values)
		}
	}
}

// formChoice is what a player does next: post a form, or first follow a link.
type formChoice struct {
	action   string
	values   url.Values
	follow   string
	newMatch bool
}

// startBareHandler serves a page with one small form and answers its POST with a 303, through
// chi, on a loopback port: what the machine does with no game, store or templates behind it.
func startBareHandler() (*url.URL, func(), error) {
	r := chi.NewRouter()
	var mu sync.Mutex
	move := 0
	r.Get("/", func(w http.ResponseWriter, _ *http.Request) {
		mu.Lock()
		n := move
		mu.Unlock()
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><title>bare</title><form method="post" action="/move"><input type="hidden" name="move" value="%d"><button type="submit" data-action="go">Go</button></form>`, n)
	})
	r.Post("/move", func(w http.ResponseWriter, req *http.Request) {
		_ = req.ParseForm()
		mu.Lock()
		move++
		mu.Unlock()
		http.Redirect(w, req, "/", http.StatusSeeOther)
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, nil, err
	}
	// A generous header timeout: on an over-booked machine the tool's own process may take
	// seconds to read a request, which is the yardstick's slowness, not an error to count.
	srv := &http.Server{Handler: r, ReadHeaderTimeout: 60 * time.Second}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			fmt.Println("bare handler:", err)
		}
	}()
	u, _ := url.Parse("http://" + ln.Addr().String())
	return u, func() { _ = srv.Close() }, nil
}
