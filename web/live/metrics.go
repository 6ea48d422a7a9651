package live

import "github.com/prometheus/client_golang/prometheus"

// collector reads a hub's Stats when the metrics are scraped, so the hub keeps no Prometheus
// state of its own.
type collector struct {
	hub                                           Hub
	subscribers, tables, announced, coalesced, rs *prometheus.Desc
}

// Collector exports hub's Stats for a Prometheus registry (the site's own, web.Metrics):
// cardavia_live_subscribers and cardavia_live_tables (gauges), cardavia_live_announcements_total
// by result, cardavia_live_coalesced_total and cardavia_live_resyncs_total.
func Collector(hub Hub) prometheus.Collector {
	return &collector{
		hub: hub,
		subscribers: prometheus.NewDesc("cardavia_live_subscribers",
			"Open live subscriptions (connections following a table) in this process.", nil, nil),
		tables: prometheus.NewDesc("cardavia_live_tables",
			"Tables with at least one live subscription in this process.", nil, nil),
		announced: prometheus.NewDesc("cardavia_live_announcements_total",
			"Move numbers announced by this process, by result (error: Redis did not take it; this process's subscribers were still told).", []string{"result"}, nil),
		coalesced: prometheus.NewDesc("cardavia_live_coalesced_total",
			"Move numbers replaced by a newer one before their subscriber read them (slow or stalled readers).", nil, nil),
		rs: prometheus.NewDesc("cardavia_live_resyncs_total",
			"Times every subscriber was told to read its table again because announcements may have been lost (the Redis connection came back).", nil, nil),
	}
}

func (c *collector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{c.subscribers, c.tables, c.announced, c.coalesced, c.rs} {
		ch <- d
	}
}

func (c *collector) Collect(ch chan<- prometheus.Metric) {
	st := c.hub.Stats()
	ch <- prometheus.MustNewConstMetric(c.subscribers, prometheus.GaugeValue, float64(st.Subscribers))
	ch <- prometheus.MustNewConstMetric(c.tables, prometheus.GaugeValue, float64(st.Tables))
	ch <- prometheus.MustNewConstMetric(c.announced, prometheus.CounterValue, float64(st.Announced-st.Failed), "ok")
	ch <- prometheus.MustNewConstMetric(c.announced, prometheus.CounterValue, float64(st.Failed), "error")
	ch <- prometheus.MustNewConstMetric(c.coalesced, prometheus.CounterValue, float64(st.Coalesced))
	ch <- prometheus.MustNewConstMetric(c.rs, prometheus.CounterValue, float64(st.Resyncs))
}
