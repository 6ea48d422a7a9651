package store

import (
	"context"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"testing"
	"time"
)

// benchmarkBoltWrites has 64 writers saving their own matches at once, as a crowd of players
// does: write is either the store's CompareAndSwap (group commit) or one fsync'd transaction
// per write (the store before).
func benchmarkBoltWrites(b *testing.B, batched bool) {
	db, err := OpenBolt(filepath.Join(b.TempDir(), "m.db"), TTL, time.Now)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	data := make([]byte, 3000) // about one stored match
	var next atomic.Int64
	b.SetParallelism(32) // with 2 CPUs: 64 writers
	b.RunParallel(func(pb *testing.PB) {
		key := "asnas:" + strconv.FormatInt(next.Add(1), 10)
		var version uint64
		for pb.Next() {
			var err error
			if batched {
				err = db.CompareAndSwap(context.Background(), key, version, data)
			} else {
				err = db.db.Update(db.casTx([]Swap{{key, version, data}}))
			}
			if err != nil {
				b.Fatal(err)
			}
			version++
		}
	})
}

func BenchmarkBoltWritesGroupCommit(b *testing.B)   { benchmarkBoltWrites(b, true) }
func BenchmarkBoltWritesOneTxPerWrite(b *testing.B) { benchmarkBoltWrites(b, false) }
