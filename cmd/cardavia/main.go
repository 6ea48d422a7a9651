// Command cardavia serves the Cardavia web site: traditional card games played in the browser
// against AI players. `cardavia arena ...` runs AI-vs-AI matches instead.
package main

import (
	"context"
	"crypto/rand"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"syscall"
	"time"

	aiasnas "github.com/cardavia/cardavia/ai/asnas"
	aiguandan "github.com/cardavia/cardavia/ai/guandan"
	"github.com/cardavia/cardavia/i18n"
	"github.com/cardavia/cardavia/web"
	"github.com/cardavia/cardavia/web/live"
	"github.com/cardavia/cardavia/web/store"
)

// defaultGCPercent is the garbage collector's target when GOGC is not set: the heap may grow
// to five times what is live before a collection, rather than Go's two. The live heap is small
// (matches live in the store, not in memory), and under a crowd the collector at Go's default
// took a sixth of the server's CPU; a few tens of megabytes more of garbage is the cheaper
// price. GOGC and GOMEMLIMIT, when set, decide instead. (GOMAXPROCS needs nothing: Go follows
// the machine's cores and a container's CPU limit by itself.)
const defaultGCPercent = 400

func main() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(defaultGCPercent)
	}
	os.Exit(mainExit(os.Args[1:]))
}

// mainExit is the program as the operating system sees it: SIGINT or SIGTERM begins a
// graceful shutdown, and the result is the exit code.
func mainExit(args []string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := run(ctx, args, os.Getenv, os.Stdout, os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0 // the flag package has printed the usage
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "cardavia:", err)
		return 1
	}
	return 0
}

// run is the whole program: it reads the configuration, refuses to start on a broken one,
// then serves until ctx is cancelled and shuts down gracefully.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		switch args[0] {
		case "arena":
			return runArena(ctx, args[1:], stdout)
		case "solve":
			return runSolve(ctx, args[1:], stdout)
		case "load":
			return runLoad(ctx, args[1:], stdout)
		case "crashtest":
			return runCrashTest(ctx, args[1:], stdout)
		case "healthcheck":
			return healthcheck(ctx, getenv)
		}
	}
	cfg, err := parseConfig(args, getenv, stderr)
	if err != nil {
		return err
	}
	log := slog.New(slog.NewJSONHandler(stdout, &slog.HandlerOptions{Level: cfg.LogLevel}))
	if err := i18n.Check(); err != nil {
		return err
	}
	// go-redis's messages (the store's and the live updates' connections) join the site's
	// log, an outage's line per request cut to one every ten seconds.
	store.RedisLogs(log, 10*time.Second)
	db, keys, closeStore, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	// The store closes last, after every request has finished (deferred calls run in reverse).
	defer func() {
		if err := closeStore(); err != nil {
			log.Error("store close", "err", err)
			return
		}
		log.Info("store closed")
	}()

	defer startJanitor(ctx, db, time.Hour, log)() // stopped before the store closes

	metrics := web.NewMetrics()
	if b, ok := db.(interface {
		ObserveCommits(func(writes int, d time.Duration))
	}); ok {
		b.ObserveCommits(metrics.StoreCommit)
	}
	// The live fan-out of shared tables: on Redis every process hears every other's moves;
	// the embedded stores belong to one process, whose own hub the server makes.
	var hub live.Hub
	if cfg.Store == storeRedis {
		h, err := live.DialRedis(ctx, cfg.RedisURL, live.DefaultPrefix)
		if err != nil {
			return fmt.Errorf("live updates: %w", err)
		}
		defer h.Close()
		hub = h
	}
	handler, err := web.New(web.Config{
		Live:           hub,
		Store:          db,
		SessionKeys:    keys,
		SecureCookies:  cfg.SecureCookies,
		AsnasAI:        func(seed uint64) web.AsnasAI { return aiasnas.NewPlayer(seed) },
		GuandanAI:      func(seed uint64) web.GuandanAI { return aiguandan.New(seed) },
		Logger:         log,
		Metrics:        metrics,
		ClientIPHeader: cfg.ClientIPHeader,
		PublicURL:      cfg.PublicURL,
		PostRate:       cfg.PostRate,
		PostBurst:      cfg.PostBurst,
	})
	if err != nil {
		return err
	}
	srv := newHTTPServer(handler, log)
	srv.RegisterOnShutdown(handler.Shutdown)
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	servers := []*http.Server{srv}
	serveErr := make(chan error, 2)
	go func() { serveErr <- srv.Serve(ln) }()
	if cfg.MetricsAddr != "off" {
		mln, err := net.Listen("tcp", cfg.MetricsAddr)
		if err != nil {
			_ = srv.Close()
			return fmt.Errorf("metrics listener: %w", err)
		}
		msrv := newHTTPServer(operatorHandler(metrics.Handler(), cfg.Pprof), log)
		servers = append(servers, msrv)
		go func() { serveErr <- msrv.Serve(mln) }()
		log.Info("metrics", "addr", mln.Addr().String())
	}
	log.Info("serving", "addr", ln.Addr().String(), "store", cfg.Store)
	fmt.Fprintf(stderr, "Cardavia is running: open %s in your browser (Ctrl+C stops it).\n", openURL(ln.Addr()))

	select {
	case err := <-serveErr:
		for _, s := range servers {
			_ = s.Close()
		}
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	// Shutdown stops accepting, lets in-flight requests finish, then returns; only then do
	// the deferred calls close the store.
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	for _, s := range servers {
		if err := s.Shutdown(shutdownCtx); err != nil {
			return fmt.Errorf("shutdown: %w", err)
		}
	}
	for range servers {
		if err := <-serveErr; !errors.Is(err, http.ErrServerClosed) {
			return err
		}
	}
	return nil
}

// startJanitor sweeps db's expired entries every interval until the returned stop is called.
// stop returns only once a sweep in progress has ended, so that the store is never closed
// under one (bolt's runs to its end whatever its context says).
func startJanitor(ctx context.Context, db store.Store, interval time.Duration, log *slog.Logger) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		store.RunJanitor(ctx, db, interval, store.TTL, time.Now, log)
	}()
	return func() {
		cancel()
		<-done
	}
}

// operatorHandler is the metrics listener's handler: /metrics, and Go's profiler under
// /debug/pprof/ when asked for. The profiler exposes the program's internals, so it is never
// on the public listener.
func operatorHandler(metrics http.Handler, withPprof bool) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/metrics", metrics)
	if withPprof {
		mux.HandleFunc("/debug/pprof/", pprof.Index)
		mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
		mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
		mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
		mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	}
	return mux
}

// newHTTPServer bounds every phase of a connection, so slow clients cannot hold it forever.
func newHTTPServer(h http.Handler, log *slog.Logger) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      20 * time.Second, // past web.Config.RequestTimeout's 15, for the 503 page
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    web.HeaderReadBytes, // the site answers what is over web.MaxHeaderBytes
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
}

// openURL is the address as a person would type it: a listener on every interface or on
// loopback is reached at localhost.
func openURL(addr net.Addr) string {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok {
		return "http://" + addr.String()
	}
	host := tcp.IP.String()
	if tcp.IP.IsUnspecified() || tcp.IP.IsLoopback() {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, strconv.Itoa(tcp.Port))
}

// openStore opens the configured store and finds the session secrets: the configured ones, or
// those kept with the store (a file in the data directory; a key in Redis, shared by every
// process; a fresh one per run for memory).
func openStore(ctx context.Context, cfg Config) (store.Store, [][]byte, func() error, error) {
	var keys [][]byte
	if cfg.SessionKeys != "" {
		k, err := parseKeys(cfg.SessionKeys)
		if err != nil {
			return nil, nil, nil, err
		}
		keys = k
	}
	switch cfg.Store {
	case storeRedis:
		r, err := store.OpenRedis(ctx, cfg.RedisURL, store.TTL)
		if err != nil {
			return nil, nil, nil, err
		}
		if keys == nil {
			secret, err := r.SessionSecret(ctx)
			if err != nil {
				r.Close()
				return nil, nil, nil, err
			}
			keys = [][]byte{secret}
		}
		return r, keys, r.Close, nil
	case storeMemory:
		if keys == nil {
			k := make([]byte, minKeyBytes)
			if _, err := rand.Read(k); err != nil {
				return nil, nil, nil, err
			}
			keys = [][]byte{k}
		}
		return store.NewMemory(store.TTL, time.Now), keys, func() error { return nil }, nil
	}
	if err := os.MkdirAll(cfg.DataDir, 0o700); err != nil {
		return nil, nil, nil, fmt.Errorf("data: %w", err)
	}
	if keys == nil {
		k, err := cfg.fileSessionKeys()
		if err != nil {
			return nil, nil, nil, err
		}
		keys = k
	}
	b, err := store.OpenBolt(filepath.Join(cfg.DataDir, "cardavia.db"), store.TTL, time.Now)
	if err != nil {
		return nil, nil, nil, err
	}
	return b, keys, b.Close, nil
}

// healthcheck asks the running server's /healthz, for container health checks in an image
// without a shell or curl. It reads the same CARDAVIA_ADDR as the server.
func healthcheck(ctx context.Context, getenv func(string) string) error {
	addr := getenv("CARDAVIA_ADDR")
	if addr == "" {
		addr = ":8080"
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("healthcheck: addr %q: %w", addr, err)
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "127.0.0.1"
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+net.JoinHostPort(host, port)+"/healthz", nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("healthcheck: %w", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("healthcheck: status %d", resp.StatusCode)
	}
	return nil
}
