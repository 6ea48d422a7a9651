package web

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
)

// loadRecord reads the JSON record stored under key: nil when there is none. A record that no
// longer decodes (a format change, a damaged file) is logged and treated as absent, so that its
// visitor gets a fresh table instead of an error on every visit; the version is kept, so the
// fresh record replaces it through the usual compare-and-swap.
func loadRecord[T any](ctx context.Context, s *Server, key string) (*T, uint64, error) {
	data, version, err := s.cfg.Store.Load(ctx, key)
	if err != nil || data == nil {
		return nil, version, err
	}
	rec := new(T)
	if err := json.Unmarshal(data, rec); err != nil {
		s.log.LogAttrs(ctx, slog.LevelWarn, "stored record unreadable; starting afresh",
			slog.String("game", gameOfKey(key)), slog.String("error", err.Error()))
		return nil, version, nil
	}
	return rec, version, nil
}

// saveRecord writes rec under key if the stored version is still version.
func saveRecord[T any](ctx context.Context, s *Server, key string, version uint64, rec *T) error {
	data, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	return s.cfg.Store.CompareAndSwap(ctx, key, version, data)
}

// gameOfKey is the game part of a store key ("asnas:ID"): logs never carry session ids.
func gameOfKey(key string) string {
	game, _, _ := strings.Cut(key, ":")
	return game
}
