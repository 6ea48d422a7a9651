package web

import (
	"bytes"
	"maps"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/gorilla/sessions"
)

// The session serializer gives back what it was given, the same bytes for the same values,
// and refuses a cut-off record rather than reading half of it.
func TestSessionSerializerRoundTrips(t *testing.T) {
	var sz sessionSerializer
	in := map[any]any{"id": "0123456789abcdef0123456789abcdef", "pending:asnas": "abc.12f", "pending:guandan": ""}
	b, err := sz.Serialize(in)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := sz.Serialize(maps.Clone(in)); !bytes.Equal(again, b) {
		t.Errorf("the same values serialized differently: %x, %x", b, again)
	}
	var out map[any]any
	if err := sz.Deserialize(b, &out); err != nil || !maps.Equal(in, out) {
		t.Errorf("round trip: %v, %v; want %v", out, err, in)
	}
	for n := 1; n < len(b); n++ {
		var m map[any]any
		if err := sz.Deserialize(b[:n], &m); err == nil && len(m) == len(in) {
			t.Errorf("a record cut to %d of %d bytes read as whole: %v", n, len(b), m)
		}
	}
	// Values of other types still work, through gob.
	odd := map[any]any{"n": 3}
	b, err = sz.Serialize(odd)
	if err != nil {
		t.Fatal(err)
	}
	out = nil
	if err := sz.Deserialize(b, &out); err != nil || out["n"] != 3 {
		t.Errorf("gob fallback: %v, %v", out, err)
	}
}

// sessionCookie encodes values as a session cookie of store.
func sessionCookie(t *testing.T, store *sessions.CookieStore, values map[any]any) *http.Cookie {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, "/", nil)
	sess, _ := store.New(req, cookieName)
	sess.Values = values
	rec := httptest.NewRecorder()
	if err := sess.Save(req, rec); err != nil {
		t.Fatal(err)
	}
	return rec.Result().Cookies()[0]
}

// readSession decodes a cookie with store.
func readSession(store *sessions.CookieStore, c *http.Cookie) (*sessions.Session, error) {
	req := httptest.NewRequest(http.MethodGet, "/", nil)
	req.AddCookie(c)
	return store.New(req, cookieName)
}

// A cookie written before the serializer changed (gob, the same keys) still names its
// visitor, and a cookie of a key rotated out of first place still decodes; one of a key no
// longer listed does not.
func TestSessionCookiesOfBeforeAndOfOldKeys(t *testing.T) {
	keyA := []byte("the first session key, 32 bytes!")
	keyB := []byte("the second session key, 32 bytes")
	id := "0123456789abcdef0123456789abcdef"
	values := map[any]any{"id": id, "pending:asnas": "x.1"}

	// Gob, as gorilla's CookieStore writes by default: the codec before this serializer.
	old := newCookieStore([][]byte{keyA})
	plain := sessions.NewCookieStore(sessionKeyPairs([][]byte{keyA})...)
	gobCookie := sessionCookie(t, plain, values)
	sess, err := readSession(old, gobCookie)
	if err != nil || sess.IsNew || sess.Values["id"] != id || sess.Values["pending:asnas"] != "x.1" {
		t.Errorf("a gob cookie of before: %v, new %v, values %v", err, sess.IsNew, sess.Values)
	}

	// Rotation: written under A; B is now first and A second.
	aCookie := sessionCookie(t, newCookieStore([][]byte{keyA}), values)
	rotated := newCookieStore([][]byte{keyB, keyA})
	if sess, err := readSession(rotated, aCookie); err != nil || sess.Values["id"] != id {
		t.Errorf("a cookie of the second key: %v, %v", err, sess.Values)
	}
	bCookie := sessionCookie(t, rotated, values)
	if sess, err := readSession(newCookieStore([][]byte{keyA}), bCookie); err == nil && !sess.IsNew {
		t.Errorf("a cookie of a key not listed was accepted: %v", sess.Values)
	}
	if bytes.Contains([]byte(aCookie.Value), []byte(id)) {
		t.Error("the session id shows in the cookie")
	}
}
