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
	click := func() *http.Response { return postWithCookies(t, ts.srv.URL+path+"/seat", values, cookies) }
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

// TestSharedTableDoubleClickOpensOne: the two requests of a double click on "Open the table"
// (a browser drops the first answer, its cookie with it, for the second) opened two tables,
// the first orphaned and counted against the hour's limit, and on a browser new to the site
// the first was a ghost's: the form's token names one submission, and the form gives a
// newcomer their session, so both requests lead to one table, the host's. A garbled token
// is a 400.
func TestSharedTableDoubleClickOpensOne(t *testing.T) {
	ts := newSite(t)
	for _, game := range []string{"asnas", "guandan"} {
		host := ts.as("Sara")
		page := host.get("/" + game + "/tables/new")
		form := page.doc.Find(`form.table-form`)
		values := submitted(form)
		if !validOnce(values.Get("once")) {
			t.Fatalf("%s: the form's token %q", game, values.Get("once"))
		}
		values.Set("name", "Sara")
		values.Set("level", "club")
		values.Set("timer", "0")
		u, _ := url.Parse(ts.srv.URL + "/")
		var cookies []string
		for _, c := range host.client.Jar.Cookies(u) {
			cookies = append(cookies, c.Name+"="+c.Value)
		}
		if len(cookies) == 0 {
			t.Fatalf("%s: the form gave a newcomer no session", game)
		}
		click := func(v url.Values) *http.Response {
			return postWithCookies(t, ts.srv.URL+"/"+game+"/tables", v, cookies)
		}
		first, second := click(values), click(values)
		if first.StatusCode != http.StatusSeeOther || second.StatusCode != http.StatusSeeOther ||
			first.Header.Get("Location") != second.Header.Get("Location") {
			t.Fatalf("%s: a double click opened %d %q and %d %q, want one table", game,
				first.StatusCode, first.Header.Get("Location"), second.StatusCode, second.Header.Get("Location"))
		}
		if got := rootOf(host.view(second.Header.Get("Location")), "data-seat"); got != "0" {
			t.Errorf("%s: after a double click on Open the table the host holds seat %q, not 0", game, got)
		}
		values.Set("once", "<garbled>")
		if r := click(values); r.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: a garbled token: %d, want 400", game, r.StatusCode)
		}
	}
}

// postWithCookies posts form to address with the cookies a browser had when it showed the
// form, not the jar's: the requests of a double click, of which the browser keeps the last
// answer only.
func postWithCookies(t *testing.T, address string, form url.Values, cookies []string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, address, strings.NewReader(form.Encode()))
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
