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
	"os"
	"path/filepath"
	"strings"
)

// minKeyBytes is the shortest session secret accepted: 32 bytes (256 bits).
const minKeyBytes = 32

// keysFile is the file in the data directory that keeps generated session secrets, so that a
// restart does not log everybody out.
const keysFile = "session.keys"

// Config is the binary's configuration. Every flag has an environment variable as fallback;
// a flag given on the command line wins.
type Config struct {
	// Addr is the listen address (CARDAVIA_ADDR, default ":8080").
	Addr string
	// DataDir holds the match database and generated secrets (CARDAVIA_DATA, default "./data");
	// it is created when missing.
	DataDir string
	// SessionKeys are the session secrets as given (CARDAVIA_SESSION_KEYS): comma-separated,
	// hex or base64, at least 32 bytes each, newest first. Empty: generated and kept in
	// DataDir.
	SessionKeys string
	// SecureCookies marks the session cookie Secure even on plain-HTTP requests, for a
	// deployment behind a TLS-terminating proxy (CARDAVIA_SECURE_COOKIES=true).
	SecureCookies bool
	// LogLevel is the lowest level logged (CARDAVIA_LOG_LEVEL: debug, info, warn, error).
	LogLevel slog.Level
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
	var secure, level string
	fs := flag.NewFlagSet("cardavia", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&cfg.Addr, "addr", env("CARDAVIA_ADDR", ":8080"), "listen address (env CARDAVIA_ADDR)")
	fs.StringVar(&cfg.DataDir, "data", env("CARDAVIA_DATA", "./data"), "data directory (env CARDAVIA_DATA)")
	// The keys' environment value is applied after parsing, not as the flag's default, so that
	// -h never prints a secret.
	fs.StringVar(&cfg.SessionKeys, "session-keys", "", "comma-separated session secrets, newest first, hex or base64, >= 32 bytes (env CARDAVIA_SESSION_KEYS; default: generated into the data directory)")
	fs.StringVar(&secure, "secure-cookies", env("CARDAVIA_SECURE_COOKIES", "false"), "mark the session cookie Secure even over plain HTTP, behind a TLS proxy (env CARDAVIA_SECURE_COOKIES)")
	fs.StringVar(&level, "log-level", env("CARDAVIA_LOG_LEVEL", "info"), "debug, info, warn or error (env CARDAVIA_LOG_LEVEL)")
	if err := fs.Parse(args); err != nil {
		return Config{}, err
	}
	if cfg.SessionKeys == "" {
		cfg.SessionKeys = getenv("CARDAVIA_SESSION_KEYS")
	}
	if fs.NArg() > 0 {
		return Config{}, fmt.Errorf("unexpected arguments: %q", fs.Args())
	}
	switch strings.ToLower(secure) {
	case "true", "1", "yes":
		cfg.SecureCookies = true
	case "false", "0", "no":
	default:
		return Config{}, fmt.Errorf("secure-cookies: want true or false, got %q", secure)
	}
	if err := cfg.LogLevel.UnmarshalText([]byte(level)); err != nil {
		return Config{}, fmt.Errorf("log-level: %w", err)
	}
	if _, port, err := net.SplitHostPort(cfg.Addr); err != nil || port == "" {
		return Config{}, fmt.Errorf("addr %q: want host:port or :port", cfg.Addr)
	}
	if cfg.DataDir == "" {
		return Config{}, errors.New("data: the data directory must not be empty")
	}
	if err := os.MkdirAll(cfg.DataDir, 0o700); err != nil {
		return Config{}, fmt.Errorf("data: %w", err)
	}
	if cfg.SessionKeys != "" {
		if _, err := parseKeys(cfg.SessionKeys); err != nil {
			return Config{}, err
		}
	}
	return cfg, nil
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

// sessionKeys returns the configured secrets, or the ones kept in the data directory,
// generating a first one (file mode 0600) on the very first start. To rotate kept keys, put
// a new line first in the file; the old lines still decode existing cookies.
func (c Config) sessionKeys() ([][]byte, error) {
	if c.SessionKeys != "" {
		return parseKeys(c.SessionKeys)
	}
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
