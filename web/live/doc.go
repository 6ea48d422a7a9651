// Package live wakes the live connections of a shared table when its move number changes.
//
// An announcement is a signal, not a second source of truth (DESIGN.md, "Tables and seats"):
// after each write the server announces the table's new move number, and every subscriber of
// that table, in every process, is woken to read the table again from the store. A lost or late
// announcement therefore costs a little delay, never a wrong page.
//
// Two hubs implement it: NewLocal keeps announcements in the process (the embedded bolt store
// and the memory store, which one process owns), and NewRedis or DialRedis carry them between
// every process that shares a Redis.
//
// A subscriber never slows anyone down: its channel holds one value, and a newer announcement
// replaces an unread one, so an announcer never waits and a stalled reader holds one number.
//
// # Wiring
//
// The hub is made beside the store and handed to the server (a Hub field in web.Config, the
// server's own small interface if it prefers):
//
//   - bolt and memory stores: live.NewLocal().
//   - the Redis store: live.DialRedis(ctx, cfg.RedisURL, live.DefaultPrefix), next to
//     store.OpenRedis in cmd/cardavia's openStore, and closed with it. It makes a client of its
//     own: the Pub/Sub connection is a dedicated one in any case, and PUBLISHes are few and
//     short. To share the store's pool instead, web/store's Redis would export its client and
//     the hub would be live.NewRedis(ctx, client, live.DefaultPrefix).
//
// After a move's CompareAndSwapAll succeeds, the handler calls Announce with the table's new
// move number. A failure is logged, never shown: the move is stored, and readers catch up at
// their next wake.
//
// A live handler (Server-Sent Events) subscribes first and reads second, so that no move falls
// between the two:
//
//	sub := hub.Subscribe(table)
//	defer sub.Close()
//	sent := render(read(table)) // the page as it is now
//	for {
//		select {
//		case move, ok := <-sub.C():
//			if !ok {
//				return // the hub closed: the server is shutting down, the browser reconnects
//			}
//			if move != live.Resync && move <= sent {
//				continue // an announcement this page already shows
//			}
//			sent = render(read(table))
//		case <-ping.C: // a comment every 15-20 s
//		case <-r.Context().Done():
//			return
//		}
//	}
//
// The no-JavaScript "Wait for the next move" GET does the same once: subscribe, read, and if
// the move number is still the one the page showed, wait for the channel or about 25 s before
// redirecting to the table.
//
// http.Server.Shutdown waits for requests to end, which a live stream never does by itself:
// register the hub's Close with the server's RegisterOnShutdown, so that every subscription's
// channel closes and the streams return (their browsers reconnect, after the stream's retry:
// hint, to a process that is still up).
//
// Subscribers is the process's count of open subscriptions, for a cap on live connections
// (answered with 503 and Retry-After beyond it); a cap per visitor is the web package's to
// count, by session. Collector exports Stats to the site's Prometheus registry
// (registry.MustRegister(live.Collector(hub)) in web.NewMetrics or a method beside it).
package live
