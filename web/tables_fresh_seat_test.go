package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestSharedTableNewcomerDoubleClickSits: a friend who opens the invitation on a browser that
// has never been to the site had no session until they sat down, so the two requests of a
// double click on 'Sit here' (a browser drops the first answer, its cookie with it, for the
// second) came as two visitors: the first took the seat under the friend's name for a session
// the browser never kept, the second was refused because that name was taken, and the friend
// stood before a ghost of themself. The lobby gives a newcomer their session as it offers a
// seat, so both requests are the same visitor's and the friend sits once.
func TestSharedTableNewcomerDoubleClickSits(t *testing.T) {
	ts := newSite(t)
	path := ts.as("Sara").openTable("asnas", "club", 0)
	friend := ts.as("Mina")
	lobby := friend.view(path)
	form := lobby.doc.Find(`form[data-take-seat="2"]`)
	if form.Length() != 1 {
		t.Fatal("the lobby offers the newcomer no seat 2")
	}
	// Both clicks carry the cookies the browser had when the lobby was shown.
	u, _ := url.Parse(ts.srv.URL + path)
	var cookies []string
	for _, c := range friend.client.Jar.Cookies(u) {
		cookies = append(cookies, c.Name+"="+c.Value)
	}
	values := submitted(form)
	values.Set("name", "Mina")
	click := func() *http.Response {
		req, _ := http.NewRequest(http.MethodPost, ts.srv.URL+path+"/seat", strings.NewReader(values.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if len(cookies) > 0 {
			req.Header.Set("Cookie", strings.Join(cookies, "; "))
		}
		resp, err := (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	click() // its answer is lost
	second := click()
	if second.StatusCode != http.StatusSeeOther {
		t.Fatalf("the second click: %d, want the table (the friend sat with the first)", second.StatusCode)
	}
	for _, c := range second.Cookies() {
		friend.client.Jar.SetCookies(u, []*http.Cookie{c})
	}
	if got := rootOf(friend.view(path), "data-seat"); got != "2" {
		t.Errorf("after a double click on Sit here the friend's browser holds seat %s, not 2", got)
	}
}
