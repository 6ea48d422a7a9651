package live_test

import (
	"context"
	"fmt"

	"github.com/cardavia/cardavia/web/live"
)

func ExampleLocal() {
	hub := live.NewLocal()
	defer hub.Close()
	ctx := context.Background()

	sub := hub.Subscribe("Q7K2-M9PX-4TRA") // first subscribe, then read the table
	defer sub.Close()
	hub.Announce(ctx, "Q7K2-M9PX-4TRA", 1)
	hub.Announce(ctx, "Q7K2-M9PX-4TRA", 2) // before the reader woke: it replaces 1
	hub.Announce(ctx, "another table", 9)

	fmt.Println(<-sub.C(), hub.Subscribers())
	// Output: 2 1
}
