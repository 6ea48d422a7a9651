package web

import (
	"fmt"
	"testing"
)

// A decoded value serves only a load of exactly the bytes it came from, and the cache stays
// within maxDecoded.
func TestDecodedCache(t *testing.T) {
	var d decodedCache[string, shelf]
	if _, ok := d.get("a", []byte("x")); ok {
		t.Fatal("hit in an empty cache")
	}
	d.put("a", []byte(`{"v":1}`), shelf{Version: 1, Current: "m1"})
	if sh, ok := d.get("a", []byte(`{"v":1}`)); !ok || sh.Current != "m1" {
		t.Errorf("same bytes: %+v, %v", sh, ok)
	}
	if _, ok := d.get("a", []byte(`{"v":2}`)); ok {
		t.Error("hit for other bytes (another writer's shelf)")
	}
	if _, ok := d.get("b", []byte(`{"v":1}`)); ok {
		t.Error("hit under another key")
	}
	for i := range 3 * maxDecoded {
		d.put(fmt.Sprint(i), []byte{byte(i)}, shelf{})
	}
	if n := len(d.m); n > maxDecoded {
		t.Errorf("%d entries, want at most %d", n, maxDecoded)
	}
}

// Adding a finished match to a shelf read from the cache leaves the cached shelf as it was:
// other requests share it.
func TestShelfAddLeavesSharedPast(t *testing.T) {
	var d decodedCache[string, shelf]
	data := []byte("stored")
	d.put("k", data, shelf{Version: 1, Past: []pastMatch{{ID: "a"}, {ID: "b"}}})
	sh, _ := d.get("k", data)
	for i := range maxPast + 2 {
		sh.add(pastMatch{ID: fmt.Sprint("new", i)})
	}
	again, _ := d.get("k", data)
	if len(again.Past) != 2 || again.Past[0].ID != "a" || again.Past[1].ID != "b" {
		t.Errorf("cached Past became %+v", again.Past)
	}
}
