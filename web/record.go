package web

import (
	"context"
	"encoding/json"
	"log/slog"
)

// record is what the store keeps for one visitor's table: the engine's match and the events
// since the human's last move, for the log. The JSON names are the stored format: changing
// them would make every stored match unreadable.
type record[M, E any] struct {
	Match M   `json:"match"`
	Log   []E `json:"log"`
}

// key is where the visitor's record is stored ("asnas:ID").
func (t table[M, E]) key(id string) string { return t.game + ":" + id }

// load returns the visitor's record (nil when there is none) and its version. A record that no
// longer decodes (a format change, a damaged file) is logged and treated as absent, so that its
// visitor gets a fresh table instead of an error on every visit; the version is kept, so the
// fresh record replaces it through the usual compare-and-swap.
func (t table[M, E]) load(ctx context.Context, s *Server, id string) (*record[M, E], uint64, error) {
	data, version, err := s.cfg.Store.Load(ctx, t.key(id))
	if err != nil || data == nil {
		return nil, version, err
	}
	rec := new(record[M, E])
	if err := json.Unmarshal(data, rec); err != nil {
		// The game, not the key: logs never carry session ids.
		s.log.LogAttrs(ctx, slog.LevelWarn, "stored record unreadable; starting afresh",
			slog.String("game", t.game), slog.String("error", err.Error()))
		return nil, version, nil
	}
	return rec, version, nil
}

// save writes rec if the stored version is still version; the new version is version+1.
func (t table[M, E]) save(ctx context.Context, s *Server, id string, version uint64, rec *record[M, E]) error {
	data, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	return s.cfg.Store.CompareAndSwap(ctx, t.key(id), version, data)
}
