package main

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/cardavia/cardavia/web/store"
)

// slowSweepStore is a store whose sweep runs until the test lets it end, whatever its context
// says, as a long sweep of the embedded store does.
type slowSweepStore struct {
	store.Store
	started, release chan struct{}
}

func (s *slowSweepStore) Sweep(context.Context, time.Time) (int, error) {
	select {
	case s.started <- struct{}{}:
	default:
	}
	<-s.release
	return 0, nil
}

// Stopping the janitor waits for a sweep in progress to end, so that the store is never closed
// under it at shutdown.
func TestJanitorStopWaitsForItsSweep(t *testing.T) {
	db := &slowSweepStore{Store: store.NewMemory(store.TTL, time.Now), started: make(chan struct{}),
		release: make(chan struct{})}
	stop := startJanitor(context.Background(), db, time.Millisecond, slog.New(slog.NewTextHandler(io.Discard, nil)))
	<-db.started
	stopped := make(chan struct{})
	go func() { stop(); close(stopped) }()
	select {
	case <-stopped:
		t.Fatal("the janitor's stop returned while its sweep was still running")
	case <-time.After(100 * time.Millisecond):
	}
	close(db.release)
	select {
	case <-stopped:
	case <-time.After(5 * time.Second):
		t.Fatal("the janitor's stop did not return after its sweep ended")
	}
}
