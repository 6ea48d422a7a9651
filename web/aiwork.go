package web

import (
	"net/http"
	"runtime"
)

// askAI runs work, an AI search that a GET asked for (the Guandan hint, which is a Master
// search at Master level, the Arrange plan, the As-Nas coach), within the bounds that keep a
// page anyone can load over and over from being a way to spend the server's CPU:
//
//   - each client has a token bucket of its own for such pages, as large as the one for its
//     POSTs but apart from it, so reading hints never costs a move; beyond it the translated
//     429 page with Retry-After answers, as for posts;
//   - at most aiSlots searches run at once, one a core: a crowd asking for hints waits in line
//     rather than slowing every search (and every move) down together. A Master search
//     (searched) takes none of them: ai/guandan's search slots bound it already, and a Master
//     hint holding one while it waits for a search kept the cheap pages (Club's hint, the
//     plan, the coach) waiting seconds behind it (a Club crowd beside a Master one: GET p99
//     2.0 s);
//   - the request's context is honoured around the search: a request whose client hung up or
//     whose deadline passed while it waited for a slot runs nothing (a 499 or the 503 page),
//     and one that ran out while searching renders nothing.
//
// The AI takes no context, so a search once begun runs to its end; it is not moved to a
// goroutine to walk away from, because it would go on holding its slot all the same and a
// panic in it would escape the handler's recovery. Searches are short (the coach 0.10 ms; a
// Master hint is one decision, whose p99 is under 190 ms of one core in BENCHMARKS.md), so the
// handler waits for its own.
func (s *Server) askAI(w http.ResponseWriter, r *http.Request, searched bool, work func()) error {
	if s.aiLimiter != nil {
		if wait, ok := s.aiLimiter.allow(s.clientAddr(r)); !ok {
			return s.tooMany(w, wait, errTooManyAsks)
		}
	}
	ctx := r.Context()
	if !searched {
		select {
		case s.aiSlots <- struct{}{}:
		case <-ctx.Done():
			return ctx.Err()
		}
		defer func() { <-s.aiSlots }()
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	work()
	return ctx.Err()
}

// newAISlots is the bound on AI searches for GETs running at once: one a core.
func newAISlots() chan struct{} { return make(chan struct{}, max(1, runtime.GOMAXPROCS(0))) }
