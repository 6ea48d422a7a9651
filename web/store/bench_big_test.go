package store

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkBoltWritesCrowd is the group commit under a crowd's store: 3,000 stored matches of
// 3 KB, 64 writers each moving in a match of its own, picked anew on every write.
func BenchmarkBoltWritesCrowd(b *testing.B) {
	db, err := OpenBolt(filepath.Join(b.TempDir(), "m.db"), TTL, time.Now)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	data := make([]byte, 3000)
	const keys = 3000
	versions := make([]atomic.Uint64, keys)
	for i := range keys {
		if err := db.CompareAndSwap(context.Background(), "match:"+strconv.Itoa(i), 0, data); err != nil {
			b.Fatal(err)
		}
		versions[i].Store(1)
	}
	var next atomic.Int64
	b.SetParallelism(32)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		w := int(next.Add(1))
		rng := rand.New(rand.NewPCG(uint64(w), 1))
		for pb.Next() {
			// Writer w owns the keys ≡ w mod 64, so no two writers race for one.
			k := (rng.IntN(keys/64))*64 + w%64
			v := versions[k].Load()
			if err := db.CompareAndSwap(context.Background(), "match:"+strconv.Itoa(k), v, data); err != nil {
				b.Fatal(k, err)
			}
			versions[k].Store(v + 1)
		}
	})
}
