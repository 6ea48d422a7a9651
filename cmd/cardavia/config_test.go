package main

import (
	"bytes"
	"context"
	"encoding/hex"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/cardavia/cardavia/web/store"
)

func envOf(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestConfigDefaultsAndEnvironment(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new", "data")
	cfg, err := parseConfig(nil, envOf(map[string]string{"CARDAVIA_DATA": dir}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Addr != ":8080" || cfg.DataDir != dir || cfg.SecureCookies {
		t.Errorf("config %+v", cfg)
	}
	if cfg.Store != storeBolt || cfg.MetricsAddr != "127.0.0.1:9090" || cfg.PostRate != 3 || cfg.PostBurst != 20 || cfg.Pprof {
		t.Errorf("defaults %+v", cfg)
	}
	// Reading the configuration is pure: the directory appears only when the store opens.
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("parsing flags touched the data directory: %v", err)
	}
	// A Redis URL alone chooses the redis store; an explicit -store wins.
	cfg, err = parseConfig(nil, envOf(map[string]string{"CARDAVIA_REDIS_URL": "redis://127.0.0.1:1/0"}), io.Discard)
	if err != nil || cfg.Store != storeRedis {
		t.Errorf("redis url: store %q, %v", cfg.Store, err)
	}
	cfg, err = parseConfig([]string{"-store", "memory"}, envOf(map[string]string{"CARDAVIA_REDIS_URL": "redis://127.0.0.1:1/0"}), io.Discard)
	if err != nil || cfg.Store != storeMemory {
		t.Errorf("-store memory: store %q, %v", cfg.Store, err)
	}
	// A flag wins over the environment.
	cfg, err = parseConfig([]string{"-addr", "127.0.0.1:9000"}, envOf(map[string]string{"CARDAVIA_ADDR": ":7000", "CARDAVIA_DATA": dir}), io.Discard)
	if err != nil || cfg.Addr != "127.0.0.1:9000" {
		t.Errorf("flag over env: %q, %v", cfg.Addr, err)
	}
}

// TestSecureCookiesFollowAnHTTPSPublicURL: the program never serves TLS itself, so behind the
// proxy that does, r.TLS is always nil; an https public address is what says the visitors come
// over TLS, and then the session cookie is Secure unless the operator says otherwise.
func TestSecureCookiesFollowAnHTTPSPublicURL(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		args []string
		env  map[string]string
		want bool
	}{
		{[]string{"-public-url", "https://cards.example"}, nil, true},
		{nil, map[string]string{"CARDAVIA_PUBLIC_URL": "https://cards.example"}, true},
		{[]string{"-public-url", "http://cards.example"}, nil, false},
		{nil, nil, false},
		{[]string{"-public-url", "https://cards.example", "-secure-cookies", "false"}, nil, false},
		{[]string{"-public-url", "https://cards.example"}, map[string]string{"CARDAVIA_SECURE_COOKIES": "false"}, false},
		{[]string{"-secure-cookies", "true"}, nil, true},
		{[]string{"-public-url", "http://cards.example"}, map[string]string{"CARDAVIA_SECURE_COOKIES": "true"}, true},
	} {
		env := map[string]string{"CARDAVIA_DATA": dir}
		for k, v := range tt.env {
			env[k] = v
		}
		cfg, err := parseConfig(tt.args, envOf(env), io.Discard)
		if err != nil || cfg.SecureCookies != tt.want {
			t.Errorf("%q %v: SecureCookies %v, want %v (%v)", tt.args, tt.env, cfg.SecureCookies, tt.want, err)
		}
	}
}

func TestHelpNeverPrintsTheSessionKeys(t *testing.T) {
	secret := strings.Repeat("5e", 32)
	var out bytes.Buffer
	_, err := parseConfig([]string{"-h"}, envOf(map[string]string{"CARDAVIA_SESSION_KEYS": secret}), &out)
	if err == nil || strings.Contains(out.String(), secret) {
		t.Fatalf("help: err %v, printed the secret: %v", err, strings.Contains(out.String(), secret))
	}
	cfg, err := parseConfig(nil, envOf(map[string]string{"CARDAVIA_SESSION_KEYS": secret, "CARDAVIA_DATA": t.TempDir()}), io.Discard)
	if err != nil || cfg.SessionKeys != secret {
		t.Fatalf("keys from the environment: %q, %v", cfg.SessionKeys, err)
	}
}

func TestBrokenConfigIsRefused(t *testing.T) {
	dir := t.TempDir()
	tests := map[string]struct {
		args []string
		env  map[string]string
	}{
		"addr without port":         {[]string{"-addr", "localhost"}, nil},
		"short session key":         {nil, map[string]string{"CARDAVIA_SESSION_KEYS": "abcd"}},
		"garbled session key":       {nil, map[string]string{"CARDAVIA_SESSION_KEYS": "!!!not a key!!!"}},
		"secure not a bool":         {[]string{"-secure-cookies", "maybe"}, nil},
		"bad log level":             {[]string{"-log-level", "loud"}, nil},
		"unknown store":             {[]string{"-store", "postgres"}, nil},
		"redis without url":         {[]string{"-store", "redis"}, nil},
		"metrics on public":         {[]string{"-addr", ":8080", "-metrics-addr", ":8080"}, nil},
		"metrics no port":           {[]string{"-metrics-addr", "localhost"}, nil},
		"negative post rate":        {[]string{"-post-rate", "-1"}, nil},
		"zero burst":                {[]string{"-post-burst", "0"}, nil},
		"pprof not a bool":          {[]string{"-pprof", "maybe"}, nil},
		"pprof without a listener":  {[]string{"-pprof", "true", "-metrics-addr", "off"}, nil},
		"stray argument":            {[]string{"serve"}, nil},
		"public url without scheme": {[]string{"-public-url", "cards.example"}, nil},
		"public url with a path":    {nil, map[string]string{"CARDAVIA_PUBLIC_URL": "https://cards.example/play"}},
		"public url of ftp":         {[]string{"-public-url", "ftp://cards.example"}, nil},
		"unknown flag":              {[]string{"-port", "1"}, nil},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			env := map[string]string{"CARDAVIA_DATA": dir}
			for k, v := range tt.env {
				env[k] = v
			}
			if _, err := parseConfig(tt.args, envOf(env), io.Discard); err == nil {
				t.Error("accepted")
			}
		})
	}
}

func TestSessionKeys(t *testing.T) {
	k1, k2 := strings.Repeat("ab", 32), strings.Repeat("cd", 32)
	keys, err := parseKeys(k1 + ", " + k2)
	if err != nil || len(keys) != 2 || hex.EncodeToString(keys[0]) != k1 {
		t.Fatalf("rotation list: %v, %v", keys, err)
	}
	if _, err := parseKeys("q83vEjRWeJq83vEjRWeJq83vEjRWeJq83vEjRWeJq80="); err != nil {
		t.Errorf("base64 key refused: %v", err)
	}

	// Without configured keys, one is generated on the first start, kept with mode 0600 and
	// read again on the next start.
	dir := t.TempDir()
	cfg := Config{DataDir: dir}
	first, err := cfg.fileSessionKeys()
	if err != nil || len(first) != 1 || len(first[0]) < minKeyBytes {
		t.Fatalf("generated: %v, %v", first, err)
	}
	fi, err := os.Stat(filepath.Join(dir, keysFile))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("keys file: %v, %v", fi, err)
	}
	again, err := cfg.fileSessionKeys()
	if err != nil || !bytes.Equal(again[0], first[0]) {
		t.Fatal("a restart got a different key: everyone would be logged out")
	}
}

// TestRunServesAndShutsDown starts the real binary's run on a free port, checks /healthz
// through the healthcheck command, and stops it with its context.
func TestRunServesAndShutsDown(t *testing.T) {
	// The server listens on a port of its own choosing and says which: a port found free and
	// let go before the server took it was once taken meanwhile by the tests running beside
	// (bind: address already in use), and answered the checks below in its place.
	data := t.TempDir()
	vars := map[string]string{"CARDAVIA_ADDR": "127.0.0.1:0", "CARDAVIA_DATA": data, "CARDAVIA_METRICS_ADDR": "127.0.0.1:0"}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	stderr := &syncBuffer{}
	go func() { done <- run(ctx, nil, envOf(vars), io.Discard, stderr) }()
	started := regexp.MustCompile(`open http://localhost:(\d+) `)
	waitFor(t, 10*time.Second, "the start-up line", func() bool {
		select {
		case err := <-done:
			t.Fatalf("run ended before it served: %v\n%s", err, stderr.String())
		default:
		}
		return started.MatchString(stderr.String())
	})
	addr := "127.0.0.1:" + started.FindStringSubmatch(stderr.String())[1]
	vars["CARDAVIA_ADDR"] = addr
	env := envOf(vars)
	var hcErr error
	for range 50 {
		if hcErr = healthcheck(context.Background(), env); hcErr == nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if hcErr != nil {
		t.Fatalf("never healthy: %v", hcErr)
	}
	resp, err := http.Get("http://" + addr + "/asnas")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("GET /asnas: %v %v", resp, err)
	}
	resp.Body.Close()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run: %v", err)
		}
		// The store was closed: its file lock is free for the next process at once.
		db, err := store.OpenBolt(filepath.Join(data, "cardavia.db"), store.TTL, time.Now)
		if err != nil {
			t.Fatalf("store not closed cleanly: %v", err)
		}
		db.Close()
		// Where to open the site, as a person would type it.
		_, port, _ := net.SplitHostPort(addr)
		if want := "open http://localhost:" + port + " "; !strings.Contains(stderr.String(), want) {
			t.Errorf("start-up line %q does not say %q", stderr.String(), want)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no graceful shutdown")
	}
}

// A data directory that cannot be created stops the start, with the reason.
func TestRunRefusesUnusableDataDir(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	env := envOf(map[string]string{"CARDAVIA_ADDR": "127.0.0.1:0", "CARDAVIA_METRICS_ADDR": "off", "CARDAVIA_DATA": filepath.Join(file, "sub")})
	if err := run(context.Background(), nil, env, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "data") {
		t.Fatalf("run with a file as data directory: %v", err)
	}
}

func TestOpenURL(t *testing.T) {
	for addr, want := range map[string]string{
		"0.0.0.0:8080":    "http://localhost:8080",
		"[::]:8080":       "http://localhost:8080",
		"127.0.0.1:8085":  "http://localhost:8085",
		"192.168.1.5:80":  "http://192.168.1.5:80",
		"[2001:db8::1]:9": "http://[2001:db8::1]:9",
	} {
		a, err := net.ResolveTCPAddr("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		if got := openURL(a); got != want {
			t.Errorf("openURL(%s) = %s, want %s", addr, got, want)
		}
	}
}

// The operator's listener serves /metrics, and the profiler only when asked for.
func TestOperatorHandler(t *testing.T) {
	metrics := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, "metrics") })
	for _, withPprof := range []bool{false, true} {
		h := operatorHandler(metrics, withPprof)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
		if rec.Code != http.StatusOK || rec.Body.String() != "metrics" {
			t.Errorf("pprof %v: /metrics answered %d %q", withPprof, rec.Code, rec.Body.String())
		}
		rec = httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/debug/pprof/", nil))
		if got := rec.Code == http.StatusOK; got != withPprof {
			t.Errorf("pprof %v: /debug/pprof/ answered %d", withPprof, rec.Code)
		}
	}
}

func TestPublicURL(t *testing.T) {
	env := envOf(map[string]string{"CARDAVIA_DATA": t.TempDir(), "CARDAVIA_PUBLIC_URL": "https://cards.example/"})
	if cfg, err := parseConfig(nil, env, io.Discard); err != nil || cfg.PublicURL != "https://cards.example" {
		t.Errorf("from the environment: %q, %v; want https://cards.example", cfg.PublicURL, err)
	}
	if cfg, err := parseConfig([]string{"-public-url", "http://127.0.0.1:8080"}, env, io.Discard); err != nil || cfg.PublicURL != "http://127.0.0.1:8080" {
		t.Errorf("the flag over the environment: %q, %v", cfg.PublicURL, err)
	}
}
