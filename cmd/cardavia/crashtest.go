package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cardavia/cardavia/record"
)

// runCrashTest runs `cardavia crashtest`: this binary as a server on a loopback port with a
// fresh data directory, players making moves, and the server killed with SIGKILL and
// restarted several times. Every move answered with a 303 (no notice) must still be there
// afterwards: each player checks, on every page, that the match's move number has not gone
// back below the last one acknowledged to it.
func runCrashTest(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("cardavia crashtest", flag.ContinueOnError)
	fs.SetOutput(out)
	players := fs.Int("players", 200, "players")
	kills := fs.Int("kills", 5, "times the server is killed with SIGKILL")
	every := fs.Duration("every", 3*time.Second, "play between kills")
	storeKind := fs.String("store", storeBolt, "the server's store; memory shows what a lost move looks like")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *players < 1 || *kills < 1 || *kills > 50 || *every <= 0 || *every > time.Minute {
		return fmt.Errorf("crashtest: want -players >= 1, 1 <= -kills <= 50, 0 < -every <= 1m")
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	data, err := os.MkdirTemp("", "cardavia-crashtest-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(data)
	addr, err := freeLoopbackAddr()
	if err != nil {
		return err
	}
	base, _ := url.Parse("http://" + addr)

	start := func() (*exec.Cmd, error) {
		cmd := exec.Command(self, "-addr", addr, "-data", data, "-store", *storeKind, "-metrics-addr", "off", "-post-rate", "0", "-log-level", "error")
		cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
		if err := cmd.Start(); err != nil {
			return nil, err
		}
		if waitHealthy(addr, 100) {
			return cmd, nil
		}
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		return nil, fmt.Errorf("crashtest: server on %s never became healthy", addr)
	}
	server, err := start()
	if err != nil {
		return err
	}
	defer func() { _ = server.Process.Kill(); _ = server.Wait() }()

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	transport := &http.Transport{MaxIdleConnsPerHost: *players + 10}
	var acked, checked, lost, failed atomic.Int64
	var wg sync.WaitGroup
	stats := &loadStats{}
	for i := range *players {
		wg.Go(func() {
			p := newVirtualPlayer(base, transport, i, stats, time.Time{})
			game := []string{"asnas", "guandan"}[i%2]
			// What a 303 has promised this player: its match (the token's high bits) at least
			// at a number of moves. A new match (the player's own restart or "New match")
			// changes the id; until its first page the new id is not known, only that the old
			// one must not come back.
			var (
				promised   bool
				ackedMatch record.ID // the promised match
				ackedMoves int
				newFrom    bool // a new match was promised, replacing ackedMatch
				maybeNew   bool // a "new match" POST failed: it may or may not have happened
			)
			path := "/" + game
			for ctx.Err() == nil {
				_, body, err := p.do(ctx, http.MethodGet, path, nil)
				path = "/" + game
				if err != nil {
					failed.Add(1)
					sleepCtx(ctx, 200*time.Millisecond)
					continue
				}
				if n, ok := pageMove(body); ok && promised {
					checked.Add(1)
					id, moves := record.SplitToken(n)
					switch {
					case newFrom && id == ackedMatch:
						lost.Add(1)
						fmt.Fprintf(out, "player %d: match %x is back after its replacement was acknowledged\n", i, id)
					case newFrom || (maybeNew && id != ackedMatch):
						ackedMatch, ackedMoves = id, moves // the new match's first page
					case id != ackedMatch:
						lost.Add(1)
						fmt.Fprintf(out, "player %d: match %x shown, %x was acknowledged\n", i, id, ackedMatch)
					case moves < ackedMoves:
						lost.Add(1)
						fmt.Fprintf(out, "player %d: match %x at move %d after move %d was acknowledged\n", i, id, moves, ackedMoves)
					}
					newFrom, maybeNew = false, false
				}
				choice, ok := chooseForm(body, "/"+game+"/", p.rng)
				if !ok {
					sleepCtx(ctx, 200*time.Millisecond)
					continue
				}
				if choice.follow != "" {
					path = choice.follow
					continue
				}
				if !sleepCtx(ctx, time.Duration(50+p.rng.IntN(200))*time.Millisecond) {
					return
				}
				resp, _, err := p.do(ctx, http.MethodPost, choice.action, choice.values)
				if err != nil {
					failed.Add(1)
					maybeNew = maybeNew || choice.newMatch
					continue
				}
				loc := resp.Header.Get("Location")
				if resp.StatusCode == http.StatusSeeOther && !strings.Contains(loc, "notice=") {
					n, err := strconv.ParseUint(choice.values.Get("move"), 10, 64)
					if err != nil {
						continue
					}
					promised = true
					acked.Add(1)
					ackedMatch, ackedMoves = record.SplitToken(n)
					ackedMoves++
					newFrom = choice.newMatch
				}
			}
		})
	}
	for k := range *kills {
		if !sleepCtx(ctx, *every) {
			break
		}
		_ = server.Process.Signal(os.Kill)
		_ = server.Wait()
		fmt.Fprintf(out, "kill -9 #%d after %d acknowledged moves\n", k+1, acked.Load())
		if server, err = start(); err != nil {
			cancel()
			wg.Wait()
			return err
		}
	}
	sleepCtx(ctx, *every) // let every player look at its match once more
	cancel()
	wg.Wait()
	fmt.Fprintf(out, "crashtest: %d players, %d kills, %d moves acknowledged, %d pages checked, %d requests failed during kills, %d lost\n",
		*players, *kills, acked.Load(), checked.Load(), failed.Load(), lost.Load())
	if lost.Load() > 0 {
		return fmt.Errorf("crashtest: %d acknowledged moves lost", lost.Load())
	}
	if acked.Load() == 0 || checked.Load() == 0 {
		return fmt.Errorf("crashtest: nothing to check (%d moves acknowledged, %d pages checked)", acked.Load(), checked.Load())
	}
	return nil
}

// pageMove is the move number of the page's game forms: the first move input inside a form.
func pageMove(body []byte) (uint64, bool) {
	s := tagScanner{b: body, only: []string{"input"}}
	inForm := false
	for s.next() {
		switch t := &s.tag; string(t.name) {
		case "form":
			inForm = !t.end
		case "input":
			if inForm && t.is("name", "move") {
				n, err := strconv.ParseUint(t.attrVal("value"), 10, 64)
				return n, err == nil
			}
		}
	}
	return 0, false
}
