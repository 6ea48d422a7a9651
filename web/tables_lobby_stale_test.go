package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestSharedTableHostFormsAreForTheirPlayer: the host's Move and Remove forms act on the player
// the host saw in that seat, not on whoever sits there when the form arrives. A second click on
// Move (a double submit, a second tab) moved the player back where they came from; Remove sent
// from a page older than a change took off a friend who had just sat down in the seat; Remove
// sent twice answered "That seat is taken" about a seat now free. Each now leaves the seats as
// they are and shows the table with the notice that somebody moved first.
func TestSharedTableHostFormsAreForTheirPlayer(t *testing.T) {
	ts := newSite(t)
	sara, mina, dara := ts.as("Sara"), ts.as("Mina"), ts.as("Dara")
	path := sara.openTable("asnas", "club", 0)
	if r := mina.sit(path, 1); r.status != http.StatusSeeOther {
		t.Fatalf("Mina sits: %d", r.status)
	}
	hostForm := func(p page, seat, class string) url.Values {
		t.Helper()
		f := p.doc.Find(`li[data-seat-slot="` + seat + `"] form.` + class)
		if f.Length() != 1 {
			t.Fatalf("the host's page has %d %s forms at seat %s", f.Length(), class, seat)
		}
		v := submitted(f)
		if to := f.Find(`select[name="to"] option[value="2"]`); to.Length() == 1 {
			v.Set("to", attr(to, "value"))
		}
		return v
	}
	stale := func(what string, r page) {
		t.Helper()
		if r.status != http.StatusSeeOther || !strings.HasSuffix(r.header.Get("Location"), "?notice=stale") {
			t.Errorf("%s: %d to %q, want the table with the notice that somebody moved first", what, r.status, r.header.Get("Location"))
		}
	}
	seatOf := func(p *player) string { return rootOf(p.view(path), "data-seat") }

	// Move, sent twice: Mina goes from East to North and stays there.
	move := hostForm(sara.view(path), "1", "tseat-move")
	if r := sara.post(path+"/arrange", move); r.status != http.StatusSeeOther || seatOf(mina) != move.Get("to") {
		t.Fatalf("the host moves Mina to seat %s: %d, she is at %s", move.Get("to"), r.status, seatOf(mina))
	}
	stale("the same Move again", sara.post(path+"/arrange", move))
	if got := seatOf(mina); got != move.Get("to") {
		t.Errorf("a second Move sent Mina from seat %s to %s", move.Get("to"), got)
	}

	// Remove from a page older than a change: Mina left and Dara took her seat meanwhile.
	remove := hostForm(sara.view(path), move.Get("to"), "tseat-remove")
	if r := mina.post(path+"/leave", nil); r.status != http.StatusSeeOther {
		t.Fatalf("Mina leaves: %d", r.status)
	}
	stale("Remove Mina once she had left", sara.post(path+"/arrange", remove))
	if r := dara.sit(path, 2); r.status != http.StatusSeeOther {
		t.Fatalf("Dara sits: %d", r.status)
	}
	stale("Remove Mina with Dara in her seat", sara.post(path+"/arrange", remove))
	if got := seatOf(dara); got != "2" {
		t.Errorf("the host's Remove for Mina took Dara off her seat (she is at %s)", got)
	}
	// Dara's own Remove still works, and a form without the name (a page from before it was
	// named) still acts on the seat.
	if r := sara.post(path+"/arrange", hostForm(sara.view(path), "2", "tseat-remove")); r.status != http.StatusSeeOther || seatOf(dara) != "-1" {
		t.Errorf("the host removes Dara: %d, she is at %s", r.status, seatOf(dara))
	}
	dara.sit(path, 3)
	if r := sara.post(path+"/arrange", url.Values{"op": {"remove"}, "from": {"3"}}); r.status != http.StatusSeeOther || seatOf(dara) != "-1" {
		t.Errorf("a Remove without the name: %d, Dara is at %s", r.status, seatOf(dara))
	}
}
