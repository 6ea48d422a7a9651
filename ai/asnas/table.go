package asnas

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	_ "embed"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"sync"
)

// Table is a strategy for every information set of the betting tree: for each node and each
// hand, the probability of each of the node's verbs, in 255ths (so that each information set
// costs one byte a verb and sums exactly to 1).
type Table struct {
	offset []int32 // by node: where its hands' probabilities start in probs
	probs  []uint8
}

// quantum is the unit of a table probability.
const quantum = 255

func newTable(t *tree) *Table {
	tb := &Table{offset: make([]int32, len(t.nodes))}
	total := 0
	for n, nd := range t.nodes {
		tb.offset[n] = int32(total)
		total += numHands * len(nd.verbs)
	}
	tb.probs = make([]uint8, total)
	return tb
}

// set stores the probabilities p (summing to 1) of hand h at node n, rounded to 255ths by the
// largest remainders so that they still sum exactly to 1.
func (tb *Table) set(n int32, h int, p []float64) {
	k := len(p)
	out := tb.probs[int(tb.offset[n])+h*k : int(tb.offset[n])+(h+1)*k]
	left := quantum
	var rem [maxVerbs]float64
	for a, x := range p {
		q := int(x * quantum)
		out[a] = uint8(q)
		left -= q
		rem[a] = x*quantum - float64(q)
	}
	for ; left > 0; left-- {
		best := 0
		for a := 1; a < k; a++ {
			if rem[a] > rem[best] {
				best = a
			}
		}
		out[best]++
		rem[best] = -1
	}
}

// at returns the probabilities of the k verbs of node n for hand h.
func (tb *Table) at(n int32, h, k int) []uint8 {
	i := int(tb.offset[n]) + h*k
	return tb.probs[i : i+k]
}

// Size is the table's size in bytes, uncompressed.
func (tb *Table) Size() int { return len(tb.probs) }

// Hash is the SHA-256 of the table's probabilities, in hex: two tables with the same hash play
// the same.
func (tb *Table) Hash() string {
	sum := sha256.Sum256(tb.probs)
	return hex.EncodeToString(sum[:])
}

// tableMagic starts an encoded table; the version changes with the tree or the format.
const tableMagic = "asnas-cfr-1\n"

// Encode writes the table compressed: the magic, the probability count, then the
// probabilities, gzipped.
func (tb *Table) Encode(w io.Writer) error {
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	var head [4]byte
	binary.LittleEndian.PutUint32(head[:], uint32(len(tb.probs)))
	for _, b := range [][]byte{[]byte(tableMagic), head[:], tb.probs} {
		if _, err := zw.Write(b); err != nil {
			return err
		}
	}
	return zw.Close()
}

// DecodeTable reads a table written by Encode and checks it against the betting tree: the
// size must fit and every information set must sum to 1.
func DecodeTable(r io.Reader) (*Table, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(zr, 1<<22))
	if err != nil {
		return nil, err
	}
	if !bytes.HasPrefix(data, []byte(tableMagic)) || len(data) < len(tableMagic)+4 {
		return nil, errors.New("asnas: not a strategy table")
	}
	data = data[len(tableMagic):]
	tb := newTable(bettingTree())
	if n := binary.LittleEndian.Uint32(data); int(n) != len(tb.probs) || len(data)-4 != len(tb.probs) {
		return nil, fmt.Errorf("asnas: table of %d probabilities, the tree needs %d", n, len(tb.probs))
	}
	copy(tb.probs, data[4:])
	for n, nd := range bettingTree().nodes {
		for h := range numHands {
			s := 0
			for _, q := range tb.at(int32(n), h, len(nd.verbs)) {
				s += int(q)
			}
			if s != quantum {
				return nil, fmt.Errorf("asnas: node %d hand %d sums to %d/255", n, h, s)
			}
		}
	}
	return tb, nil
}

// masterData is the solved table, made by `cardavia solve asnas` with MasterSettings.
//
//go:embed master.table
var masterData []byte

// masterTable decodes the committed table once. A broken table is a build error in effect:
// TestMasterTableIsTheSolversOutput decodes it on every test run.
var masterTable = sync.OnceValue(func() *Table {
	tb, err := DecodeTable(bytes.NewReader(masterData))
	if err != nil {
		panic(err)
	}
	return tb
})
