package web

import (
	"net/http/httptest"
	"strings"
	"testing"
)

// The invitation's QR code is encoded for the lobby, which shows it, and not for a started
// table, which does not (it was a third of the server's CPU under a crowd of shared tables).
func TestSharedTableQROnlyInTheLobby(t *testing.T) {
	ts := newSite(t)
	sara, ali := ts.as("Sara"), ts.as("Ali")
	path := sara.openTable("asnas", "beginner", 0)
	id := path[strings.LastIndexByte(path, '/')+1:]
	model := func() (qr string, started bool) {
		tb, err := ts.server.loadTable(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		m := ts.server.tableModel(httptest.NewRequest("GET", path, nil), "asnas", tb, 0, tablePlay{})
		return m.QR, m.Started
	}
	if qr, _ := model(); !strings.Contains(qr, "<svg") {
		t.Fatal("the lobby's model has no QR code")
	}
	if sara.view(path).doc.Find(".shared-qr svg").Length() != 1 {
		t.Fatal("the lobby shows no QR code")
	}
	ali.sit(path, 2)
	sara.post(path+"/start", nil)
	if qr, started := model(); !started || qr != "" {
		t.Errorf("a started table's model: started %v, QR code of %d bytes", started, len(qr))
	}
	if sara.view(path).doc.Find(".shared-qr").Length() != 0 {
		t.Error("a started table shows the invitation's QR code")
	}
}
