package web

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/gorilla/securecookie"
	"github.com/gorilla/sessions"

	"github.com/cardavia/cardavia/i18n"
	"github.com/cardavia/cardavia/web/store"
	"github.com/cardavia/cardavia/web/views"
)

// cookieName is the session cookie's name.
const cookieName = "cardavia"

// sessionMaxAge is the cookie's lifetime, 30 days: as long as the store keeps an idle match.
const sessionMaxAge = int(store.TTL / time.Second)

// sessionIDPattern is what a session id looks like: 32 lowercase hex digits (128 random bits).
var sessionIDPattern = regexp.MustCompile(`^[0-9a-f]{32}$`)

// newCookieStore builds the cookie codec from the session secrets. Each secret yields an
// authentication key and an encryption key (derived with SHA-256 under distinct labels, so
// one secret is enough per rotation step); the first pair encodes, every pair decodes.
func newCookieStore(secrets [][]byte) *sessions.CookieStore {
	cs := sessions.NewCookieStore(sessionKeyPairs(secrets)...)
	for _, c := range cs.Codecs {
		if sc, ok := c.(*securecookie.SecureCookie); ok {
			sc.SetSerializer(sessionSerializer{})
		}
	}
	// MaxAge through the store, so the codecs agree with the cookie (assigning Options.MaxAge
	// alone would leave the codecs at their own default).
	cs.MaxAge(sessionMaxAge)
	cs.Options.Path = "/"
	// HttpOnly: no script needs the id. SameSite=Lax: the cookie still comes along when a
	// visitor follows a link to us, but not on cross-site POSTs.
	cs.Options.HttpOnly = true
	cs.Options.SameSite = http.SameSiteLaxMode
	// Secure is decided per request (see visitor): set only over TLS or when configured, because
	// a Secure cookie is never sent back over plain http by curl, httptest or a browser on a
	// LAN address, which would make every move look like a new visitor.
	cs.Options.Secure = false
	return cs
}

// sessionFormat opens a session serialized by sessionSerializer. A gob stream (the format of
// cookies written before) never starts with a zero byte: its first byte is a message's
// length, and no message is empty.
const sessionFormat = 0

// sessionSerializer writes a session's values, a few strings under string keys (the visitor's
// id, the pending matches), as lengths and bytes rather than gob: gob compiled a decoder for
// the map's type on every request, a tenth of the server's CPU under a crowd. The cookie is
// still signed and encrypted by securecookie as before, so a tampered cookie or one of a
// retired key is refused before this is reached. It reads the gob cookies written before too,
// and writes gob for values that are not strings (there are none today).
type sessionSerializer struct{}

func (sessionSerializer) Serialize(src any) ([]byte, error) {
	m, ok := src.(map[any]any)
	if !ok {
		return securecookie.GobEncoder{}.Serialize(src)
	}
	keys := make([]string, 0, len(m))
	size := 1
	for k, v := range m {
		ks, ok1 := k.(string)
		vs, ok2 := v.(string)
		if !ok1 || !ok2 {
			return securecookie.GobEncoder{}.Serialize(src)
		}
		keys = append(keys, ks)
		size += len(ks) + len(vs) + 2*binary.MaxVarintLen32
	}
	slices.Sort(keys) // the same values, the same bytes
	out := make([]byte, 1, size)
	out[0] = sessionFormat
	for _, k := range keys {
		v := m[k].(string)
		out = binary.AppendUvarint(out, uint64(len(k)))
		out = append(out, k...)
		out = binary.AppendUvarint(out, uint64(len(v)))
		out = append(out, v...)
	}
	return out, nil
}

func (sessionSerializer) Deserialize(src []byte, dst any) error {
	if len(src) == 0 || src[0] != sessionFormat {
		return securecookie.GobEncoder{}.Deserialize(src, dst)
	}
	p, ok := dst.(*map[any]any)
	if !ok {
		return errors.New("web: session values: want a *map[any]any")
	}
	m := map[any]any{}
	rest := src[1:]
	next := func() (string, bool) {
		n, w := binary.Uvarint(rest)
		if w <= 0 || n > uint64(len(rest)-w) {
			return "", false
		}
		s := string(rest[w : w+int(n)])
		rest = rest[w+int(n):]
		return s, true
	}
	for len(rest) > 0 {
		k, ok1 := next()
		v, ok2 := next()
		if !ok1 || !ok2 {
			return errors.New("web: session values: truncated")
		}
		m[k] = v
	}
	*p = m
	return nil
}

// sessionKeyPairs derives the authentication and encryption key of each secret.
func sessionKeyPairs(secrets [][]byte) [][]byte {
	var pairs [][]byte
	for _, s := range secrets {
		auth := sha256.Sum256(append([]byte("cardavia session auth\x00"), s...))
		enc := sha256.Sum256(append([]byte("cardavia session enc\x00"), s...))
		pairs = append(pairs, auth[:], enc[:])
	}
	return pairs
}

// visitorState is what we know about the person behind a request: their session (possibly
// brand new) and their preferences.
type visitorState struct {
	session *sessions.Session
	// id is the session id, "" for a visitor we have not given one yet.
	id    string
	prefs prefs
}

// prefs are a visitor's settings, kept on the server under the session id.
type prefs struct {
	// Lang is the chosen language code, "" to follow Accept-Language.
	Lang    string        `json:"lang,omitempty"`
	Filters views.Filters `json:"filters"`
	// AsnasLevel is the level of the As-Nas AI players ("beginner", "club", "master"), "" for
	// the default.
	AsnasLevel string `json:"asnas_level,omitempty"`
	// GuandanLevel is the Guandan AI players' level ("beginner", "club", "master"), "" for Club.
	GuandanLevel string `json:"guandan_level,omitempty"`
	// Name is the display name last chosen at a shared table, offered at the next one.
	Name string `json:"name,omitempty"`
	// Mute hides the phrases other players say at shared tables.
	Mute bool `json:"mute,omitempty"`
	// Reload makes a shared table's page reload itself every few seconds without JavaScript
	// while the others play. It is the visitor's choice, off until chosen: a page that reloads
	// by itself unasked is what WCAG 2.2.1 (Timing Adjustable) rules out (DESIGN.md).
	Reload bool `json:"reload,omitempty"`
	// Saved is when the preferences were last written (Unix seconds). The store forgets an
	// entry TTL after its last write, so preferences in use are written again now and then
	// (see refreshPrefs) instead of vanishing 30 days after the last change.
	Saved int64 `json:"saved,omitempty"`
}

// prefsRefreshAfter is how old saved preferences may get before a visit writes them again
// (and renews the cookie). A day keeps the writes to one per visitor per day while a regular
// visitor never reaches the 30-day expiry.
const prefsRefreshAfter = 24 * time.Hour

type visitorKey struct{}

// visitor reads the session cookie. A cookie that is tampered with, signed by a retired key or
// expired gives a fresh session: a new visitor, never an error page.
func (s *Server) visitor(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if anonymous(r.URL.Path) {
			next.ServeHTTP(w, r)
			return
		}
		sess, err := s.sessions.New(r, cookieName)
		if err != nil {
			// securecookie's error says why; the cookie itself is never logged.
			s.log.DebugContext(r.Context(), "session cookie refused", "err", err)
		}
		sess.Options.Secure = r.TLS != nil || s.cfg.SecureCookies
		v := &visitorState{session: sess, prefs: prefs{Filters: views.NeutralFilters}}
		if id, ok := sess.Values["id"].(string); ok && !sess.IsNew && sessionIDPattern.MatchString(id) {
			v.id = id
			stored, err := s.loadPrefs(r.Context(), v)
			if err != nil {
				s.log.ErrorContext(r.Context(), "load prefs", "err", err)
			} else if stored {
				s.refreshPrefs(w, r, v)
			}
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), visitorKey{}, v)))
	})
}

// anonymous tells the paths that are the same for everybody (the static files, the health
// check): they need no session, and reading a visitor's preferences for them would cost a
// store read per file. A missing static file's 404 page follows the
// browser's language.
func anonymous(path string) bool {
	return strings.HasPrefix(path, "/static/") || path == "/healthz"
}

func visitorFrom(ctx context.Context) *visitorState {
	if v, ok := ctx.Value(visitorKey{}).(*visitorState); ok {
		return v
	}
	return &visitorState{prefs: prefs{Filters: views.NeutralFilters}}
}

// ensureVisitor gives the visitor a session id if they have none and (re)sends the cookie,
// which also renews its 30 days. It must run before the response is written.
func (s *Server) ensureVisitor(w http.ResponseWriter, r *http.Request) (string, error) {
	return s.saveVisitor(w, r, nil)
}

// saveVisitor is ensureVisitor that also applies change (if any) to the session first.
func (s *Server) saveVisitor(w http.ResponseWriter, r *http.Request, change func(*visitorState)) (string, error) {
	v := visitorFrom(r.Context())
	if v.session == nil {
		return "", errors.New("web: no session middleware")
	}
	if v.id == "" {
		var b [16]byte
		if _, err := rand.Read(b[:]); err != nil {
			return "", err
		}
		v.id = hex.EncodeToString(b[:])
		v.session.Values = map[any]any{"id": v.id}
	}
	if change != nil {
		change(v)
	}
	if err := v.session.Save(r, w); err != nil {
		return "", err
	}
	return v.id, nil
}

// locale puts the visitor's language in the request context: the one they chose, else the
// best match for their browser's Accept-Language.
func (s *Server) locale(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		l, ok := i18n.ByCode(visitorFrom(r.Context()).prefs.Lang)
		if !ok {
			l = i18n.Match(r.Header.Get("Accept-Language"))
		}
		next.ServeHTTP(w, r.WithContext(i18n.WithLocale(r.Context(), l)))
	})
}

func prefsKey(id string) string { return "prefs:" + id }

// loadPrefs reads the visitor's saved preferences into v and says whether there were any.
func (s *Server) loadPrefs(ctx context.Context, v *visitorState) (bool, error) {
	key := prefsKey(v.id)
	data, _, err := s.cfg.Store.Load(ctx, key)
	if err != nil || data == nil {
		return false, err
	}
	if p, ok := s.prefs.get(key, data); ok {
		v.prefs = p
		return true, nil
	}
	if err := json.Unmarshal(data, &v.prefs); err != nil {
		return true, err
	}
	s.prefs.put(key, data, v.prefs)
	return true, nil
}

// refreshPrefs writes a visitor's preferences again, unchanged, and renews their cookie when
// the last write is more than a day old, so that remembered choices last 30 days from the last
// visit rather than from the last change. A failure only costs the refresh: the page is still
// served with the preferences just read.
func (s *Server) refreshPrefs(w http.ResponseWriter, r *http.Request, v *visitorState) {
	now := s.cfg.Now()
	if now.Sub(time.Unix(v.prefs.Saved, 0)) < prefsRefreshAfter {
		return
	}
	if err := s.updatePrefs(r.Context(), v.id, func(*prefs) {}); err != nil {
		s.log.WarnContext(r.Context(), "refresh prefs", "err", err)
		return
	}
	if err := v.session.Save(r, w); err != nil {
		s.log.WarnContext(r.Context(), "refresh session cookie", "err", err)
	}
}

// updatePrefs changes the visitor's preferences with a compare-and-swap, retrying a few times
// when another request of the same visitor saves at the same moment.
func (s *Server) updatePrefs(ctx context.Context, id string, change func(*prefs)) error {
	for range 3 {
		data, version, err := s.cfg.Store.Load(ctx, prefsKey(id))
		if err != nil {
			return err
		}
		p := prefs{Filters: views.NeutralFilters}
		if data != nil {
			if err := json.Unmarshal(data, &p); err != nil {
				return err
			}
		}
		change(&p)
		p.Saved = s.cfg.Now().Unix()
		out, err := json.Marshal(p)
		if err != nil {
			return err
		}
		err = s.cfg.Store.CompareAndSwap(ctx, prefsKey(id), version, out)
		if !errors.Is(err, store.ErrConflict) {
			return err
		}
	}
	return store.ErrConflict
}

// randomSeed draws a match seed from the operating system's generator.
func randomSeed() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}
