package web

import (
	"bytes"
	"context"
	"errors"
	"net/http"

	"github.com/a-h/templ"

	"github.com/cardavia/cardavia/rules/asnas"
	gd "github.com/cardavia/cardavia/rules/guandan"
	"github.com/cardavia/cardavia/web/views"
)

// statusError is an error that already knows its HTTP status: bad input found by a handler.
type statusError struct {
	status int
	reason string
}

func (e *statusError) Error() string { return http.StatusText(e.status) + ": " + e.reason }

// badRequest reports a missing or garbled form field.
func badRequest(reason string) error { return &statusError{http.StatusBadRequest, reason} }

var (
	errNotFound = &statusError{http.StatusNotFound, "no such page"}
	errMethod   = &statusError{http.StatusMethodNotAllowed, "method not allowed"}
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
	case errors.Is(err, context.DeadlineExceeded):
		return http.StatusServiceUnavailable
	}
	return http.StatusInternalServerError
}

// fail writes the error page for err. Server errors are logged in full; the visitor sees only
// a friendly message and the request id.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	status := statusOf(err)
	if status >= 500 {
		s.log.ErrorContext(r.Context(), "request failed", "err", err, "request_id", requestIDFrom(r.Context()))
	}
	s.writeErrorPage(w, r, status)
}

// writeErrorPage renders the translated page for status. If even that fails, a plain line of
// text is better than nothing.
func (s *Server) writeErrorPage(w http.ResponseWriter, r *http.Request, status int) {
	if status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", "5")
	}
	page := views.ErrorPage(s.chrome(r, ""), status, requestIDFrom(r.Context()))
	if err := s.render(w, r, status, page); err != nil {
		s.log.ErrorContext(r.Context(), "error page failed", "err", err)
		http.Error(w, http.StatusText(status), status)
	}
}

// render renders c into a buffer first, so that a failing component can still become a proper
// error page: nothing has been written when it fails.
func (s *Server) render(w http.ResponseWriter, r *http.Request, status int, c templ.Component) error {
	var buf bytes.Buffer
	if err := c.Render(r.Context(), &buf); err != nil {
		return err
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Vary", "Cookie, Accept-Language")
	w.WriteHeader(status)
	_, err := buf.WriteTo(w)
	if err != nil {
		// The client went away; the status is out, so there is nothing more to send.
		s.log.DebugContext(r.Context(), "write response", "err", err)
	}
	return nil
}
