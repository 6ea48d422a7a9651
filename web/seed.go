package web

import (
	"encoding/binary"
	"hash/fnv"
)

// positionSeed is the one derivation of an AI decision's seed from a position: FNV-1a over the
// words (the match's seed or generator state, the deal, the seat, what has been played), so
// the same position of the same match always gets the same decision and a match replays
// exactly. Both games describe their positions in these words (decisionSeed, guandanSeed).
func positionSeed(words ...uint64) uint64 {
	h := fnv.New64a()
	var buf [8]byte
	for _, w := range words {
		binary.LittleEndian.PutUint64(buf[:], w)
		_, _ = h.Write(buf[:])
	}
	return h.Sum64()
}
