package live

import (
	"testing"

	"github.com/prometheus/client_golang/prometheus"
)

func TestCollector(t *testing.T) {
	h := NewLocal()
	defer h.Close()
	reg := prometheus.NewRegistry()
	reg.MustRegister(Collector(h))
	a, b := h.Subscribe("a"), h.Subscribe("a")
	h.Subscribe("b")
	for move := uint64(1); move <= 3; move++ {
		announce(t, h, "a", move)
	}
	receive(t, a)
	b.Close()
	h.f.resync()

	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	for _, f := range families {
		for _, m := range f.GetMetric() {
			name := f.GetName()
			for _, l := range m.GetLabel() {
				name += "/" + l.GetValue()
			}
			if g := m.GetGauge(); g != nil {
				got[name] = g.GetValue()
			} else {
				got[name] = m.GetCounter().GetValue()
			}
		}
	}
	want := map[string]float64{
		"cardavia_live_subscribers":               2, // a and the one on b
		"cardavia_live_tables":                    2,
		"cardavia_live_announcements_total/ok":    3,
		"cardavia_live_announcements_total/error": 0,
		// a and b each had 1 replaced by 2, then 2 by 3; the resync found a read and
		// the subscriber of b never announced to.
		"cardavia_live_coalesced_total": 4,
		"cardavia_live_resyncs_total":   1,
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %v, want %v", k, got[k], v)
		}
	}
	if len(got) != len(want) {
		t.Errorf("metrics %v, want exactly %v", got, want)
	}
}
