package main

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// minKeyBytes is the shortest session secret accepted: 32 bytes (256 bits).
const minKeyBytes = 32

// keysFile is the file in the data directory that keeps generated session secrets, so that a
// restart does not log everybody out.
const keysFile = "session.keys"

// Store kinds for -store.
const (
	storeBolt   = "bolt"   // an embedded bbolt file in the data directory: one process
	storeRedis  = "redis"  // a Redis shared by any number of processes
	storeMemory = "memory" // nothing kept across restarts: tests and trying things out
)

// Config is the binary's configuration. Every flag has an environment variable as fallback;
// a flag given on the command line wins. Parsing it touches nothing outside the process: the
// data directory is created when the store opens.
type Config struct {
	// Addr is the public listen address (CARDAVIA_ADDR, default ":8080").
	Addr string
	// MetricsAddr is the operator's listener for /metrics (CARDAVIA_METRICS_ADDR, default
	// "127.0.0.1:9090"; "off" for none). Never the public one.
	MetricsAddr string
	// Store is bolt, redis or memory (CARDAVIA_STORE); empty means redis when a Redis URL is
	// given, else bolt.
	Store string
	// DataDir holds the bolt database and generated secrets (CARDAVIA_DATA, default "./data").
	DataDir string
	// RedisURL is the Redis of the redis store (CARDAVIA_REDIS_URL, "redis://host:port/db").
	RedisURL string
	// SessionKeys are the session secrets as given (CARDAVIA_SESSION_KEYS): comma-separated,
	// hex or base64, at least 32 bytes each, newest first. Empty: generated once and kept in
	// the store (the data directory, or Redis for every process sharing it).
	SessionKeys string
	// SecureCookies marks the session cookie Secure even on plain-HTTP requests, for a
	// deployment behind a TLS-terminating proxy (CARDAVIA_SECURE_COOKIES=true). Unset, it
	// follows PublicURL: true for an https address.
	SecureCookies bool
	// ClientIPHeader is the request header a trusted proxy puts the client's address in
	// (CARDAVIA_CLIENT_IP_HEADER, e.g. X-Forwarded-For or X-Real-IP); empty: the connection's
	// own address. Only set it behind a proxy that overwrites the header, or anyone can
	// choose their address.
	ClientIPHeader string
	// PublicURL is the site's address as visitors reach it, scheme and host without a path
	// (CARDAVIA_PUBLIC_URL, "https://cards.example"), for the invitation links and QR codes
	// of shared tables. Empty: the request's own Host, which a proxy may rewrite and a
	// client may choose.
	PublicURL string
	// PostRate and PostBurst limit each client's POSTs: PostBurst at once, then PostRate per
	// second (CARDAVIA_POST_RATE, CARDAVIA_POST_BURST). A rate of 0 turns the limit off.
	PostRate  float64
	PostBurst int
	// LogLevel is the lowest level logged (CARDAVIA_LOG_LEVEL: debug, info, warn, error).
	LogLevel slog.Level
	// Pprof serves Go's profiler (/debug/pprof/) on the metrics listener, beside /metrics and
	// never on the public one (CARDAVIA_PPROF=true). Off by default.
	Pprof bool
}

// parseConfig reads flags with environment fallbacks and checks them; a broken value is an
// error, never a silent default.
func parseConfig(args []string, getenv func(string) string, stderr io.Writer) (Config, error) {
	env := func(k, def string) string {
		if v := getenv(k); v != "" {
			return v
		}
		return def
	}
	var cfg Config
	var secure, level, rate, burst, pprof string
	fs := flag.NewFlagSet("cardavia", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&cfg.Addr, "addr", env("CARDAVIA_ADDR", ":8080"), "listen address (env CARDAVIA_ADDR)")
	fs.StringVar(&cfg.MetricsAddr, "metrics-addr", env("CARDAVIA_METRICS_ADDR", "127.0.0.1:9090"), "operator's listener for /metrics, or off (env CARDAVIA_METRICS_ADDR)")
	fs.StringVar(&cfg.Store, "store", env("CARDAVIA_STORE", ""), "where matches are kept: bolt, redis or memory (env CARDAVIA_STORE; default: redis when a Redis URL is given, else bolt)")
	fs.StringVar(&cfg.DataDir, "data", env("CARDAVIA_DATA", "./data"), "data directory of the bolt store (env CARDAVIA_DATA)")
	// Secrets (the keys, a Redis URL with a password) are applied after parsing, not as the
	// flags' defaults, so that -h never prints them.
	fs.StringVar(&cfg.RedisURL, "redis-url", "", "Redis of the redis store, redis://host:port/db (env CARDAVIA_REDIS_URL)")
	fs.StringVar(&cfg.SessionKeys, "session-keys", "", "comma-separated session secrets, newest first, hex or base64, >= 32 bytes (env CARDAVIA_SESSION_KEYS; default: generated once and kept in the store)")
	fs.StringVar(&secure, "secure-cookies", env("CARDAVIA_SECURE_COOKIES", ""), "mark the session cookie Secure even over plain HTTP, behind a TLS proxy (env CARDAVIA_SECURE_COOKIES; default: true when -public-url is https, else false)")
	fs.StringVar(&cfg.ClientIPHeader, "client-ip-header", env("CARDAVIA_CLIENT_IP_HEADER", ""), "header a trusted proxy sets to the client's address, e.g. X-Forwarded-For (env CARDAVIA_CLIENT_IP_HEADER; default: the connection's address)")
	fs.StringVar(&cfg.PublicURL, "public-url", env("CARDAVIA_PUBLIC_URL", ""), "the site's address for visitors, scheme://host[:port], in shared tables' invitations (env CARDAVIA_PUBLIC_URL; default: the request's Host)")
	fs.StringVar(&rate, "post-rate", env("CARDAVIA_POST_RATE", "3"), "POSTs per second per client after the burst; 0 turns off every per-client limit, also on tables opened and join codes tried (env CARDAVIA_POST_RATE)")
	fs.StringVar(&burst, "post-burst", env("CARDAVIA_POST_BURST", "20"), "POSTs a client may send at once (env CARDAVIA_POST_BURST)")
	fs.StringVar(&pprof, "pprof", env("CARDAVIA_PPROF", "false"), "serve Go's profiler at /debug/pprof/ on the metrics listener, never the public one (env CARDAVIA_PPROF)")
	fs.StringVar(&level, "log-level", env("CARDAVIA_LOG_LEVEL", "info"), "debug, info, warn or error (env CARDAVIA_LOG_LEVEL)")
	if err := fs.Parse(args); err != nil {
		return Config{}, err
	}
	if cfg.SessionKeys == "" {
		cfg.SessionKeys = getenv("CARDAVIA_SESSION_KEYS")
	}
	if cfg.RedisURL == "" {
		cfg.RedisURL = getenv("CARDAVIA_REDIS_URL")
	}
	if fs.NArg() > 0 {
		return Config{}, fmt.Errorf("unexpected arguments: %q", fs.Args())
	}
	var err error
	if secure != "" {
		if cfg.SecureCookies, err = parseBool("secure-cookies", secure); err != nil {
			return Config{}, err
		}
	}
	if cfg.Pprof, err = parseBool("pprof", pprof); err != nil {
		return Config{}, err
	}
	if err := cfg.LogLevel.UnmarshalText([]byte(level)); err != nil {
		return Config{}, fmt.Errorf("log-level: %w", err)
	}
	if _, port, err := net.SplitHostPort(cfg.Addr); err != nil || port == "" {
		return Config{}, fmt.Errorf("addr %q: want host:port or :port", cfg.Addr)
	}
	if cfg.MetricsAddr != "off" {
		_, port, err := net.SplitHostPort(cfg.MetricsAddr)
		if err != nil || port == "" {
			return Config{}, fmt.Errorf("metrics-addr %q: want host:port, :port or off", cfg.MetricsAddr)
		}
		// Port 0 is a free port of the system's choosing, a different one for each listener.
		if cfg.MetricsAddr == cfg.Addr && port != "0" {
			return Config{}, errors.New("metrics-addr: must not be the public address")
		}
	} else if cfg.Pprof {
		return Config{}, errors.New("pprof: needs the metrics listener (-metrics-addr), not off")
	}
	if cfg.PublicURL != "" {
		u, err := url.Parse(cfg.PublicURL)
		if err != nil || u.Scheme != "http" && u.Scheme != "https" || u.Host == "" || u.Path != "" && u.Path != "/" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
			return Config{}, fmt.Errorf("public-url %q: want http(s)://host[:port], no path", cfg.PublicURL)
		}
		cfg.PublicURL = u.Scheme + "://" + u.Host
		// The program never serves TLS itself: an https address means a TLS-terminating proxy
		// in front, where every request arrives as plain HTTP and r.TLS never tells. Unless
		// told otherwise, the session cookie is then Secure, so that it never travels in clear.
		if secure == "" {
			cfg.SecureCookies = u.Scheme == "https"
		}
	}
	if cfg.PostRate, err = strconv.ParseFloat(rate, 64); err != nil || cfg.PostRate < 0 {
		return Config{}, fmt.Errorf("post-rate: want a number >= 0, got %q", rate)
	}
	if cfg.PostBurst, err = strconv.Atoi(burst); err != nil || cfg.PostBurst < 1 {
		return Config{}, fmt.Errorf("post-burst: want a whole number >= 1, got %q", burst)
	}
	if cfg.Store == "" {
		cfg.Store = storeBolt
		if cfg.RedisURL != "" {
			cfg.Store = storeRedis
		}
	}
	switch cfg.Store {
	case storeBolt:
		if cfg.DataDir == "" {
			return Config{}, errors.New("data: the data directory must not be empty")
		}
	case storeRedis:
		if cfg.RedisURL == "" {
			return Config{}, errors.New("store redis: give the Redis URL (CARDAVIA_REDIS_URL or -redis-url)")
		}
	case storeMemory:
	default:
		return Config{}, fmt.Errorf("store: want bolt, redis or memory, got %q", cfg.Store)
	}
	if cfg.SessionKeys != "" {
		if _, err := parseKeys(cfg.SessionKeys); err != nil {
			return Config{}, err
		}
	}
	return cfg, nil
}

// parseBool reads a yes/no setting.
func parseBool(name, v string) (bool, error) {
	switch strings.ToLower(v) {
	case "true", "1", "yes":
		return true, nil
	case "false", "0", "no":
		return false, nil
	}
	return false, fmt.Errorf("%s: want true or false, got %q", name, v)
}

// parseKeys decodes comma-separated secrets, each hex or standard/URL base64, each at least
// minKeyBytes long.
func parseKeys(s string) ([][]byte, error) {
	var keys [][]byte
	for i, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		k, err := decodeKey(part)
		if err != nil {
			return nil, fmt.Errorf("session key %d: %w", i+1, err)
		}
		if len(k) < minKeyBytes {
			return nil, fmt.Errorf("session key %d: %d bytes, want at least %d", i+1, len(k), minKeyBytes)
		}
		keys = append(keys, k)
	}
	if len(keys) == 0 {
		return nil, errors.New("session keys: none given")
	}
	return keys, nil
}

func decodeKey(s string) ([]byte, error) {
	if k, err := hex.DecodeString(s); err == nil {
		return k, nil
	}
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if k, err := enc.DecodeString(s); err == nil {
			return k, nil
		}
	}
	return nil, errors.New("neither hex nor base64")
}

// fileSessionKeys returns the session secrets kept in the data directory, generating a first
// one (file mode 0600) on the very first start. To rotate kept keys, put a new line first in
// the file; the old lines still decode existing cookies.
func (c Config) fileSessionKeys() ([][]byte, error) {
	path := filepath.Join(c.DataDir, keysFile)
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		key := make([]byte, minKeyBytes)
		if _, err := rand.Read(key); err != nil {
			return nil, err
		}
		data = []byte(hex.EncodeToString(key) + "\n")
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err != nil {
			return nil, fmt.Errorf("session keys: %w", err)
		}
		if _, err := f.Write(data); err != nil {
			f.Close()
			return nil, fmt.Errorf("session keys: %w", err)
		}
		if err := f.Close(); err != nil {
			return nil, fmt.Errorf("session keys: %w", err)
		}
	} else if err != nil {
		return nil, fmt.Errorf("session keys: %w", err)
	}
	keys, err := parseKeys(strings.ReplaceAll(strings.TrimSpace(string(data)), "\n", ","))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return keys, nil
}
