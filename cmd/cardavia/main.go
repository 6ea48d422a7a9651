// Command cardavia serves the Cardavia web site: traditional card games played in the browser
// against AI players. `cardavia arena ...` runs AI-vs-AI matches instead.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	aiasnas "github.com/cardavia/cardavia/ai/asnas"
	aiguandan "github.com/cardavia/cardavia/ai/guandan"
	"github.com/cardavia/cardavia/i18n"
	"github.com/cardavia/cardavia/web"
	"github.com/cardavia/cardavia/web/store"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		return // the flag package has printed the usage
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "cardavia:", err)
		stop()
		os.Exit(1)
	}
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
	keys, err := cfg.sessionKeys()
	if err != nil {
		return err
	}
	db, err := store.OpenBolt(filepath.Join(cfg.DataDir, "cardavia.db"), store.TTL, time.Now)
	if err != nil {
		return err
	}
	defer db.Close()

	janitorCtx, stopJanitor := context.WithCancel(ctx)
	defer stopJanitor()
	go store.RunJanitor(janitorCtx, db, time.Hour, store.TTL, time.Now, log)

	handler, err := web.New(web.Config{
		Store:         db,
		SessionKeys:   keys,
		SecureCookies: cfg.SecureCookies,
		AsnasAI:       func(seed uint64) web.AsnasAI { return aiasnas.NewPlayer(seed) },
		GuandanAI:     func(seed uint64) web.GuandanAI { return aiguandan.New(seed) },
		Logger:        log,
	})
	if err != nil {
		return err
	}
	srv := &http.Server{
		Addr:              cfg.Addr,
		Handler:           handler,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      20 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    32 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.ListenAndServe() }()
	log.Info("serving", "addr", cfg.Addr, "data", cfg.DataDir)

	select {
	case err := <-serveErr:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-serveErr; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
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
