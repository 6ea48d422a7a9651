// Package web serves Cardavia over HTTP: the router and its middleware, the visitor's session,
// the handlers that turn form posts into engine moves, and rendering of the templ views. It is
// the only package that knows about HTTP, cookies or the match store.
package web

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/gorilla/sessions"

	"github.com/cardavia/cardavia/record"
	"github.com/cardavia/cardavia/rules/asnas"
	"github.com/cardavia/cardavia/static"
	"github.com/cardavia/cardavia/web/live"
	"github.com/cardavia/cardavia/web/store"
)

// AsnasAI chooses a verb for the seat whose view it is given. The web package drives the AI
// seats through it; main wires in the real players of ai/asnas.
type AsnasAI interface {
	Decide(v asnas.View) asnas.Verb
}

// Config is what the server needs from its caller.
type Config struct {
	// Store keeps matches and preferences.
	Store store.Store
	// SessionKeys are the cookie secrets, newest first: the first encodes, all decode, so a
	// key can be rotated without logging everyone out. At least one is required.
	SessionKeys [][]byte
	// SecureCookies forces the Secure flag on the session cookie even when a request arrives
	// over plain HTTP (behind a TLS-terminating proxy). Without it the flag follows r.TLS.
	SecureCookies bool
	// AsnasAI returns the player for one AI decision at the As-Nas table (East, North, West),
	// its randomness seeded from seed. A player per decision keeps concurrent requests from
	// sharing a generator, and the seed comes from the match and the position, so a match
	// replays exactly.
	AsnasAI func(seed uint64) AsnasAI
	// GuandanAI returns the player for one AI decision at the Guandan table (its plays, its
	// return cards, the human's hint and the Arrange plan), seeded like AsnasAI.
	GuandanAI func(seed uint64) GuandanAI
	// Logger receives one line per request and every server error.
	Logger *slog.Logger
	// Seed returns a fresh match seed; nil means crypto/rand.
	Seed func() uint64
	// RequestTimeout bounds a request's work; zero means 15 seconds: under the 20 seconds
	// the program gives its server to write an answer (cmd/cardavia), so that a request that
	// runs out (a move waiting for its Master searches behind a crowd) still gets its 503
	// page rather than a dropped connection.
	RequestTimeout time.Duration
	// Now reads the clock for refreshing remembered preferences; nil means time.Now.
	Now func() time.Time
	// Metrics receives the operator's measurements; nil means a private set nobody serves.
	// The server never serves them itself: the caller puts Metrics.Handler on a listener of
	// its own.
	Metrics *Metrics
	// ClientIPHeader names the header a trusted proxy writes the client's address into
	// ("X-Forwarded-For": its last entry; any other header: its whole value). Empty: the
	// connection's address, the only one nobody can forge.
	ClientIPHeader string
	// PublicURL is the site's address for visitors ("https://cards.example", no path), in the
	// invitations of shared tables; empty: the request's Host.
	PublicURL string
	// PostRate and PostBurst limit each client's POSTs to PostBurst at once and PostRate per
	// second after that, answered with a 429 page beyond, and in a bucket of their own the GETs
	// that ask for an AI search (a hint, the coach, the plan). A PostRate of 0 turns every
	// per-client limit off, the shared tables' (tables opened, wrong codes tried, an hour) too:
	// it is for load tests and the crash test, whose thousands of players share one address.
	PostRate  float64
	PostBurst int
	// Live tells the live pages of a shared table, in every process, that it changed: a Redis
	// hub when several processes share a Redis store; nil means one in this process alone.
	Live live.Hub
}

// Server is the site's HTTP handler.
type Server struct {
	cfg      Config
	log      *slog.Logger
	sessions *sessions.CookieStore
	assets   *static.Assets
	metrics  *Metrics
	limiter  *limiter
	// tables limits the shared tables each client opens (tablesPerHour), and codes the join
	// codes it tries that lead to no table (wrongCodesPerHour).
	tables, codes *limiter
	// streams counts the live connections each client holds open.
	streams streamCounter
	// shutdown is closed when the server stops: the live connections end, so that a
	// graceful shutdown does not wait for them.
	shutdown     chan struct{}
	shutdownOnce sync.Once
	decoded      decodedCache[record.ID, any]
	shelves      decodedCache[string, shelf]
	prefs        decodedCache[string, prefs]
	// fallback is the 500 page per language, rendered at start-up, for when rendering the
	// real error page fails too.
	fallback map[string][]byte
	router   chi.Router

	// aiLimiter and aiSlots bound the AI searches that GETs ask for (see askAI).
	aiLimiter *limiter
	aiSlots   chan struct{}
}

// New builds the server and its routes. It refuses a configuration that could only fail on the
// first request.
func New(cfg Config) (*Server, error) {
	switch {
	case cfg.Store == nil:
		return nil, errors.New("web: no store")
	case len(cfg.SessionKeys) == 0:
		return nil, errors.New("web: no session keys")
	case cfg.AsnasAI == nil:
		return nil, errors.New("web: no As-Nas AI")
	case cfg.GuandanAI == nil:
		return nil, errors.New("web: no Guandan AI")
	}
	for i, k := range cfg.SessionKeys {
		if len(k) < 32 {
			return nil, fmt.Errorf("web: session key %d is shorter than 32 bytes", i+1)
		}
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Seed == nil {
		cfg.Seed = randomSeed
	}
	if cfg.RequestTimeout == 0 {
		cfg.RequestTimeout = 15 * time.Second
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Metrics == nil {
		cfg.Metrics = NewMetrics()
	}
	if cfg.Live == nil {
		cfg.Live = live.NewLocal()
	}
	// A second server on the same metrics (tests) keeps the first one's live figures.
	_ = cfg.Metrics.registry.Register(live.Collector(cfg.Live))
	m := cfg.Metrics
	cfg.Store = store.Observed(cfg.Store, m.StoreOp)
	asnasAI, guandanAI := cfg.AsnasAI, cfg.GuandanAI
	cfg.AsnasAI = func(seed uint64) AsnasAI { return timedAsnas{asnasAI(seed), m} }
	cfg.GuandanAI = func(seed uint64) GuandanAI { return timeGuandan(guandanAI(seed), m) }
	s := &Server{
		cfg:      cfg,
		log:      cfg.Logger,
		sessions: newCookieStore(cfg.SessionKeys),
		assets:   static.Load(),
		metrics:  m,
		shutdown: make(chan struct{}),
		aiSlots:  newAISlots(),
	}
	if cfg.PostRate > 0 {
		s.limiter = newLimiter(cfg.PostRate, max(cfg.PostBurst, 1), cfg.Now)
		s.aiLimiter = newLimiter(cfg.PostRate, max(cfg.PostBurst, 1), cfg.Now)
		s.tables = newLimiter(tablesPerHour/3600.0, tablesPerHour, cfg.Now)
		s.codes = newLimiter(wrongCodesPerHour/3600.0, wrongCodesPerHour, cfg.Now)
	}
	encodedAssets() // compress the static files now, not on the first visitor's request
	var err error
	if s.fallback, err = s.renderFallbacks(); err != nil {
		return nil, err
	}
	s.router = s.routes()
	return s, nil
}

// redirectSlashes is chi's RedirectSlashes, but under /static/ only an asset's address with a
// slash after it is redirected, to the asset: a folder there (/static/cards/, /static/) is no
// page, and its redirect led to a 404 one step later; now it is that 404 at once.
func redirectSlashes(next http.Handler) http.Handler {
	redirect := middleware.RedirectSlashes(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if rest, ok := strings.CutPrefix(r.URL.Path, "/static/"); ok {
			if _, asset := encodedAssets()[strings.TrimRight(rest, "/")]; !asset {
				next.ServeHTTP(w, r)
				return
			}
		}
		redirect.ServeHTTP(w, r)
	})
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.router.ServeHTTP(w, r) }

func (s *Server) routes() chi.Router {
	r := chi.NewRouter()
	// The visitor and locale come before panic recovery and the cross-origin check, so that
	// their error pages are in the visitor's language.
	r.Use(s.requestID, s.observe, securityHeaders, s.timeout, s.visitor, s.locale, s.headerLimit, s.recoverPanic)
	// An address typed or linked with a trailing slash (/asnas/rules/) names the page without
	// it: a redirect, not a 404. No route of the site ends in a slash but the home page.
	r.Use(s.crossOrigin().Handler, s.limitPosts, middleware.GetHead, redirectSlashes)

	r.NotFound(s.handle(func(http.ResponseWriter, *http.Request) error { return errNotFound }))
	r.MethodNotAllowed(s.handle(func(w http.ResponseWriter, req *http.Request) error {
		// A custom 405 handler replaces chi's, which is what sets Allow (RFC 9110 §15.5.6).
		w.Header().Set("Allow", allowedMethods(r, req.URL.Path))
		return errMethod
	}))

	// No /metrics here: the operator's view is on its own listener (Metrics.Handler).
	r.Get("/healthz", s.healthz)
	r.Get("/static/*", s.serveStatic)

	r.Get("/", s.handle(s.home))
	r.Get("/{game}/rules", s.handle(s.rules))
	r.Get("/settings", s.handle(s.settingsPage))
	r.Post("/settings/language", s.handle(s.setLanguage))
	r.Post("/settings/guandan-level", s.handle(s.setGuandanLevel))
	r.Post("/settings", s.handle(s.setFilters))
	r.Post("/settings/asnas-level", s.handle(s.setAsnasLevel))

	r.Get("/asnas", s.handle(s.asnasTable))
	r.Post("/asnas/move", s.handle(s.asnasMove))
	r.Post("/asnas/next", s.handle(s.asnasNext))
	r.Get("/asnas/restart", s.handle(s.asnasRestartForm))
	r.Post("/asnas/restart", s.handle(s.asnasRestart))
	r.Get("/asnas/history", s.handle(s.asnasHistory))
	r.Get("/asnas/replay/{match}/{deal}", s.handle(s.asnasReplay))
	r.Get("/asnas/learn", s.handle(s.asnasLearn))
	r.Post("/asnas/learn/move", s.handle(s.asnasLearnMove))
	r.Post("/asnas/learn/show", s.handle(s.asnasLearnShow))
	r.Post("/asnas/learn/restart", s.handle(s.restartLesson("asnas")))
	r.Post("/asnas/learn/play", s.handle(s.asnasLearnPlay))
	r.Get("/asnas/learn/play", seeOther("/asnas/learn"))

	r.Get("/guandan", s.handle(s.guandanTable))
	r.Get("/guandan/selection", s.handle(s.guandanSelection))
	r.Post("/guandan/play", s.handle(s.guandanPlay))
	r.Post("/guandan/pass", s.handle(s.guandanPass))
	r.Post("/guandan/return", s.handle(s.guandanReturn))
	r.Post("/guandan/next", s.handle(s.guandanNext))
	r.Get("/guandan/restart", s.handle(s.guandanRestartForm))
	r.Post("/guandan/restart", s.handle(s.guandanRestart))
	r.Get("/guandan/history", s.handle(s.guandanHistory))
	r.Get("/guandan/replay/{match}/{deal}", s.handle(s.guandanReplay))

	// Shared tables (tables_*.go): the same move handlers as the solo tables, for the seat
	// the visitor's session holds at the table of the path.
	r.Post("/tables/join", s.handle(s.joinByCode))
	r.Get("/{game}/tables", s.handle(s.tablesAddress))
	r.Get("/{game}/tables/new", s.handle(s.newTableForm))
	r.Post("/{game}/tables", s.handle(s.openTable))
	r.Get("/{game}/tables/{table}", s.handle(s.tablePage))
	r.Get("/{game}/tables/{table}/events", s.handle(s.tableEvents))
	r.Get("/{game}/tables/{table}/wait", s.handle(s.waitForMove))
	r.Post("/{game}/tables/{table}/seat", s.handle(s.takeSeat))
	r.Get("/{game}/tables/{table}/seat", s.handle(s.seatAddress))
	r.Post("/{game}/tables/{table}/leave", s.handle(s.leaveSeat))
	r.Post("/{game}/tables/{table}/arrange", s.handle(s.arrangeSeats))
	r.Post("/{game}/tables/{table}/start", s.handle(s.startTable))
	r.Post("/{game}/tables/{table}/away", s.handle(s.handToAI))
	r.Post("/{game}/tables/{table}/back", s.handle(s.takeBack))
	r.Post("/{game}/tables/{table}/rematch", s.handle(s.rematch))
	r.Post("/{game}/tables/{table}/say", s.handle(s.say))
	r.Post("/{game}/tables/{table}/mute", s.handle(s.tableSwitch("mute", func(p *prefs, on bool) { p.Mute = on })))
	r.Post("/{game}/tables/{table}/reload", s.handle(s.tableSwitch("reload", func(p *prefs, on bool) { p.Reload = on })))
	r.Post("/asnas/tables/{table}/move", s.handle(s.asnasMove))
	r.Post("/asnas/tables/{table}/next", s.handle(s.asnasNext))
	r.Get("/guandan/tables/{table}/selection", s.handle(s.guandanSelection))
	r.Post("/guandan/tables/{table}/play", s.handle(s.guandanPlay))
	r.Post("/guandan/tables/{table}/pass", s.handle(s.guandanPass))
	r.Post("/guandan/tables/{table}/return", s.handle(s.guandanReturn))
	r.Post("/guandan/tables/{table}/next", s.handle(s.guandanNext))
	r.Get("/guandan/learn", s.handle(s.guandanLearn))
	r.Get("/guandan/learn/selection", s.handle(s.guandanLearnSelection))
	r.Post("/guandan/learn/move", s.handle(s.guandanLearnMove))
	r.Post("/guandan/learn/show", s.handle(s.guandanLearnShow))
	r.Post("/guandan/learn/restart", s.handle(s.restartLesson("guandan")))
	r.Post("/guandan/learn/play", s.handle(s.guandanLearnPlay))
	r.Get("/guandan/learn/play", seeOther("/guandan/learn"))
	return r
}

// Shutdown ends the live connections, so that a graceful shutdown of the HTTP server does not
// wait for them; a page whose stream ends reconnects to another process, or reloads.
func (s *Server) Shutdown() { s.shutdownOnce.Do(func() { close(s.shutdown) }) }

// allowedMethods lists the methods that router answers for path, as an Allow header value.
func allowedMethods(router chi.Routes, path string) string {
	var allow []string
	for _, m := range []string{http.MethodGet, http.MethodHead, http.MethodPost} {
		probe := m
		if m == http.MethodHead {
			probe = http.MethodGet // middleware.GetHead answers HEAD wherever GET is routed
		}
		if router.Match(chi.NewRouteContext(), probe, path) {
			allow = append(allow, m)
		}
	}
	return strings.Join(allow, ", ")
}

// healthz answers ok when the store answers (for Redis: the server is reachable), else 503,
// so a load balancer stops sending visitors to a process that cannot keep their matches.
func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := store.Ping(ctx, s.cfg.Store); err != nil {
		s.log.WarnContext(r.Context(), "health check: store unreachable", "err", err)
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = w.Write([]byte("store unreachable\n"))
		return
	}
	_, _ = w.Write([]byte("ok\n"))
}
