package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/a-h/templ"

	"github.com/cardavia/cardavia/i18n"
	"github.com/cardavia/cardavia/rules/asnas"
	gd "github.com/cardavia/cardavia/rules/guandan"
	"github.com/cardavia/cardavia/web/store"
	"github.com/cardavia/cardavia/web/views"
)

// statusError is an error that already knows its HTTP status: bad input found by a handler.
// It keeps the error that caused it, if any, for errors.Is/As and the log.
type statusError struct {
	status int
	reason string
	cause  error
	// text is the catalog key of the page's own title and text (text+".title",
	// text+".text"), "" for the status's general ones.
	text string
}

func (e *statusError) Error() string {
	msg := http.StatusText(e.status) + ": " + e.reason
	if e.cause != nil {
		msg += ": " + e.cause.Error()
	}
	return msg
}

// Unwrap gives the cause.
func (e *statusError) Unwrap() error { return e.cause }

// badRequest reports a missing or garbled form field.
func badRequest(reason string) error {
	return &statusError{status: http.StatusBadRequest, reason: reason}
}

// formError is a form that could not be read: 413 when it was over the size limit, else 400.
func formError(err error) error {
	if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
		return &statusError{status: http.StatusRequestEntityTooLarge, reason: "form too large", cause: err}
	}
	return &statusError{status: http.StatusBadRequest, reason: "unreadable form", cause: err}
}

var (
	errNotFound = &statusError{status: http.StatusNotFound, reason: "no such page"}
	errMethod   = &statusError{status: http.StatusMethodNotAllowed, reason: "method not allowed"}
)

// handlerFunc is a handler that returns its failure instead of writing it.
type handlerFunc func(w http.ResponseWriter, r *http.Request) error

// handle adapts a handlerFunc: any error it returns becomes one translated error page.
func (s *Server) handle(h handlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			s.fail(w, r, err)
		}
	}
}

// statusOf maps an error to its HTTP status. Domain errors stay free of HTTP; this is the one
// place that decides what they mean to a browser.
func statusOf(err error) int {
	var se *statusError
	switch {
	case errors.As(err, &se):
		return se.status
	// The engines' refusals of a human action only happen with a form the table never offers
	// (a second Look, a pass when leading, a return card that is not allowed, a move out of
	// turn), so a plain error page is the right answer. The match is unchanged: Apply never
	// changes its receiver. The AI's refusals are wrapped with %v, so they stay 500s.
	case errors.Is(err, asnas.ErrIllegal), errors.Is(err, asnas.ErrAlreadyLooked),
		errors.Is(err, gd.ErrNotInHand), errors.Is(err, gd.ErrBadReturn), errors.Is(err, gd.ErrMustLead),
		errors.Is(err, gd.ErrIllegalPlay), errors.Is(err, gd.ErrDoesNotBeat), errors.Is(err, gd.ErrAmbiguous),
		errors.Is(err, gd.ErrBadAction):
		return http.StatusUnprocessableEntity
	case errors.Is(err, asnas.ErrNotYourTurn), errors.Is(err, asnas.ErrOver), errors.Is(err, asnas.ErrDealNotOver),
		errors.Is(err, gd.ErrNotYourTurn), errors.Is(err, gd.ErrWrongPhase):
		return http.StatusConflict
	// The store out of reach for a moment (Redis restarting): try again shortly, nothing broke.
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, store.ErrUnavailable):
		return http.StatusServiceUnavailable
	}
	return http.StatusInternalServerError
}

// clientGone says whether r's client hung up: then an error from the store or a write is its
// consequence, not a server fault, and nobody is left to read a page.
func clientGone(r *http.Request, err error) bool {
	return errors.Is(err, context.Canceled) && errors.Is(r.Context().Err(), context.Canceled)
}

// fail writes the error page for err. Server errors are logged in full; the visitor sees only
// a friendly message and the request id. A client that hung up gets nothing and is counted as
// 499, not as a server error.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	if clientGone(r, err) {
		s.log.DebugContext(r.Context(), "client went away", "err", err, "request_id", requestIDFrom(r.Context()))
		w.WriteHeader(statusClientClosed)
		return
	}
	status := statusOf(err)
	if status >= 500 {
		s.log.ErrorContext(r.Context(), "request failed", "err", err, "request_id", requestIDFrom(r.Context()))
	}
	text := ""
	if se, ok := errors.AsType[*statusError](err); ok {
		text = se.text
	}
	if text == "" && errors.Is(err, store.ErrUnavailable) {
		// Not "too slow": the store is out of reach, and the visitor's match is safe in it.
		text = "error.unavailable"
	}
	s.writeErrorPage(w, r, status, text)
}

// writeErrorPage renders the translated page for status, in the words of the catalog key
// text when it has its own ("" for the status's). If even that fails, the 500 page rendered
// at start-up is served in the visitor's language.
func (s *Server) writeErrorPage(w http.ResponseWriter, r *http.Request, status int, text string) {
	if status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", "5")
	}
	// The page is rendered even when the request's own deadline has passed (that is often why
	// it is an error page: a 503); a client that hung up was already dealt with by fail.
	r = r.WithContext(context.WithoutCancel(r.Context()))
	var back views.ErrorBack
	if status != http.StatusNotFound {
		back = views.ErrorBack{URL: tableOfAction(r.URL.Path), Key: "error.table"}
	} else if game, ok := replayGame(r.URL.Path); ok && text == "" {
		// A replay that is not there (not the visitor's, no longer kept, a deal or step past
		// its end, a garbled address) was most often followed from an old link or a friend's:
		// the page says so and leads to the visitor's history, which lists those they can open.
		text, back = "replay.error.none", views.ErrorBack{URL: "/" + game + "/history", Key: "history.link"}
	}
	if status >= 500 && (r.Method == http.MethodGet || r.Method == http.MethodHead) {
		// Nothing was changed and the page asked for is most likely there in a moment: asking
		// for it again is the way on (a table's own address has no table to lead back to).
		if u := r.URL.RequestURI(); localPath(u) {
			back = views.ErrorBack{URL: u, Key: "error.retry"}
		}
	}
	var join *views.JoinField
	if text == errNoCode.text {
		join = &views.JoinField{}
	}
	page := views.ErrorPage(s.chrome(r, ""), status, text, requestIDFrom(r.Context()), back, join)
	err := s.render(w, r, status, page)
	if err == nil {
		return
	}
	s.log.ErrorContext(r.Context(), "error page failed", "err", err, "request_id", requestIDFrom(r.Context()))
	body := s.fallback[i18n.FromContext(r.Context()).Code]
	if body == nil {
		body = s.fallback[i18n.Locales[0].Code]
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusInternalServerError)
	_, _ = w.Write(body)
}

// renderFallbacks renders the 500 page once per language, without a visitor: served when
// rendering fails at request time (as pkgsite does), so even that failure gets a real page.
func (s *Server) renderFallbacks() (map[string][]byte, error) {
	out := map[string][]byte{}
	for _, l := range i18n.Locales {
		ctx := i18n.WithLocale(context.Background(), l)
		ch := views.Chrome{Assets: s.assets, Path: "/", Filters: views.NeutralFilters}
		var buf bytes.Buffer
		if err := views.ErrorPage(ch, http.StatusInternalServerError, "", "", views.ErrorBack{}, nil).Render(ctx, &buf); err != nil {
			return nil, fmt.Errorf("web: fallback error page (%s): %w", l.Code, err)
		}
		out[l.Code] = buf.Bytes()
	}
	return out, nil
}

// render renders c into a buffer first, so that a failing component can still become a proper
// error page: nothing has been written when it fails.
func (s *Server) render(w http.ResponseWriter, r *http.Request, status int, c templ.Component) error {
	buf := getBuffer()
	defer putBuffer(buf)
	if err := c.Render(r.Context(), buf); err != nil {
		return err
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Vary", "Cookie, Accept-Language")
	err := writeBody(w, r, status, buf.Bytes())
	if err != nil {
		// The client went away; the status is out, so there is nothing more to send.
		s.log.DebugContext(r.Context(), "write response", "err", err)
	}
	return nil
}

// replayGame is the game of a replay's address (/asnas/replay/..., /guandan/replay/...), ok
// false for any other path.
func replayGame(path string) (game string, ok bool) {
	parts := strings.SplitN(strings.TrimPrefix(path, "/"), "/", 3)
	if len(parts) >= 2 && parts[1] == "replay" && (parts[0] == "asnas" || parts[0] == "guandan") {
		return parts[0], true
	}
	return "", false
}

// soloActions are the moves posted from a solo table's page, by game: an error page for one
// of them leads back to that table.
var soloActions = map[string][]string{
	"asnas":   {"move", "next", "restart"},
	"guandan": {"play", "pass", "return", "next", "restart"},
}

// tableOfAction is the table a form of it was posted from: a shared table's
// (/asnas/tables/ID/seat gives /asnas/tables/ID) or a solo table's (/asnas/move gives /asnas),
// "" for any other path. Its error page leads back to the table, not only to the home page, so
// that a player whose name was refused does not lose the table, and a refused move's page
// ("The table shows the moves you can make") links to that table.
func tableOfAction(path string) string {
	parts := strings.Split(strings.TrimPrefix(path, "/"), "/")
	if len(parts) == 2 && slices.Contains(soloActions[parts[0]], parts[1]) {
		return "/" + parts[0]
	}
	if game, id, rest, ok := parseTablePath(path); ok && len(rest) == 1 && rest[0] != "" {
		return tablePath(game, id)
	}
	return ""
}
