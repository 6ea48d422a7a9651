// Package qr draws a QR code of a short text, such as a table's invite link, as inline SVG.
//
// The encoder is ours and small (ISO/IEC 18004: byte mode, error correction level M,
// versions 1 to 10, so up to 213 bytes: an invite link needs about 60) rather than a
// library's: go-qrcode would add two modules for what is a few hundred lines here. The tests
// hold it to libqrencode's symbols module for module (testdata), decode what it draws (the
// SVG's path, and Chromium's screenshot of it) with a decoder of their own, and let zbarimg
// read it where zbar-tools is installed.
package qr

import (
	"errors"
	"math/bits"
)

// maxVersion bounds the symbols drawn: 57 modules a side is already more than a phone
// camera across a table reads comfortably.
const maxVersion = 10

// ErrTooLong is returned for a text longer than the largest symbol holds (213 bytes).
var ErrTooLong = errors.New("qr: text too long")

// blocks is the error correction layout of one version at level M (ISO/IEC 18004 Table 9):
// ec codewords per block, then the two groups' block counts and data codewords per block.
type blocks struct {
	ec             int
	n1, d1, n2, d2 int
}

var levelM = [maxVersion + 1]blocks{
	1:  {10, 1, 16, 0, 0},
	2:  {16, 1, 28, 0, 0},
	3:  {26, 1, 44, 0, 0},
	4:  {18, 2, 32, 0, 0},
	5:  {24, 2, 43, 0, 0},
	6:  {16, 4, 27, 0, 0},
	7:  {18, 4, 31, 0, 0},
	8:  {22, 2, 38, 2, 39},
	9:  {22, 3, 36, 2, 37},
	10: {26, 4, 43, 1, 44},
}

// alignment is the centres' coordinates of the alignment patterns by version (Annex E).
var alignment = [maxVersion + 1][]int{
	2: {6, 18}, 3: {6, 22}, 4: {6, 26}, 5: {6, 30}, 6: {6, 34},
	7: {6, 22, 38}, 8: {6, 24, 42}, 9: {6, 26, 46}, 10: {6, 28, 50},
}

func (b blocks) data() int { return b.n1*b.d1 + b.n2*b.d2 }

// countBits is the length of byte mode's character count.
func countBits(version int) int {
	if version < 10 {
		return 8
	}
	return 16
}

// capacity is the bytes a version holds in byte mode.
func capacity(version int) int {
	return (levelM[version].data()*8 - 4 - countBits(version)) / 8
}

// symbol is a QR code's modules, row by row; true is dark. The quiet zone is not included.
type symbol struct {
	size    int
	version int
	mask    int
	dark    []bool
	fixed   []bool // function patterns, which masks leave alone
}

// isDark tells whether the module in column x of row y is dark.
func (s *symbol) isDark(x, y int) bool { return s.dark[y*s.size+x] }

func (s *symbol) set(x, y int, dark bool) {
	s.dark[y*s.size+x] = dark
	s.fixed[y*s.size+x] = true
}

// encode makes the smallest symbol of data in byte mode at level M, with the mask of least
// penalty, or with mask when it is 0 to 7 (the tests compare symbols with another encoder's,
// which weighs the penalties a little differently).
func encode(data []byte, mask int) (*symbol, error) {
	version := 1
	for version <= maxVersion && capacity(version) < len(data) {
		version++
	}
	if version > maxVersion {
		return nil, ErrTooLong
	}
	codewords := interleave(version, bitstream(version, data))
	if mask >= 0 && mask < 8 {
		return draw(version, mask, codewords), nil
	}
	var best *symbol
	bestPenalty := 0
	for mask := range 8 {
		s := draw(version, mask, codewords)
		if p := s.penalty(); best == nil || p < bestPenalty {
			best, bestPenalty = s, p
		}
	}
	return best, nil
}

// anyMask asks encode for the mask of least penalty.
const anyMask = -1

// bitstream is the data codewords: mode, count, the bytes, a terminator, then padding.
func bitstream(version int, data []byte) []byte {
	total := levelM[version].data()
	var w bitWriter
	w.put(0b0100, 4)
	w.put(uint(len(data)), countBits(version))
	for _, b := range data {
		w.put(uint(b), 8)
	}
	w.put(0, min(4, total*8-w.n))
	w.put(0, (8-w.n%8)%8)
	for pad := 0; len(w.buf) < total; pad++ {
		w.buf = append(w.buf, [2]byte{0xEC, 0x11}[pad%2])
	}
	return w.buf
}

type bitWriter struct {
	buf []byte
	n   int // bits written
}

func (w *bitWriter) put(v uint, bits int) {
	for i := bits - 1; i >= 0; i-- {
		if w.n%8 == 0 {
			w.buf = append(w.buf, 0)
		}
		if v>>i&1 == 1 {
			w.buf[w.n/8] |= 0x80 >> (w.n % 8)
		}
		w.n++
	}
}

// interleave splits data into the version's blocks, adds each block's error correction, and
// interleaves them codeword by codeword.
func interleave(version int, data []byte) []byte {
	b := levelM[version]
	gen := generator(b.ec)
	var datas, ecs [][]byte
	for i := range b.n1 + b.n2 {
		n := b.d1
		if i >= b.n1 {
			n = b.d2
		}
		datas = append(datas, data[:n])
		ecs = append(ecs, remainder(data[:n], gen))
		data = data[n:]
	}
	var out []byte
	for i := range max(b.d1, b.d2) {
		for _, d := range datas {
			if i < len(d) {
				out = append(out, d[i])
			}
		}
	}
	for i := range b.ec {
		for _, e := range ecs {
			out = append(out, e[i])
		}
	}
	return out
}

// draw lays out the function patterns, the codewords under mask, and the format and version
// information.
func draw(version, mask int, codewords []byte) *symbol {
	size := 17 + 4*version
	s := &symbol{size: size, version: version, mask: mask, dark: make([]bool, size*size), fixed: make([]bool, size*size)}
	s.functionPatterns()
	s.format(0) // reserve its modules before the data; the real bits are drawn last
	if version >= 7 {
		s.versionInfo()
	}
	i := 0
	for right := size - 1; right >= 1; right -= 2 {
		if right == 6 {
			right = 5 // the vertical timing pattern's column is skipped whole
		}
		upward := (right+1)&2 == 0
		for vert := range size {
			y := vert
			if upward {
				y = size - 1 - vert
			}
			for x := right; x > right-2; x-- {
				if s.fixed[y*size+x] {
					continue
				}
				dark := i < len(codewords)*8 && codewords[i/8]>>(7-i%8)&1 == 1
				i++
				s.dark[y*size+x] = dark != masked(mask, x, y) // remainder bits are light, masked
			}
		}
	}
	s.format(mask)
	return s
}

func (s *symbol) functionPatterns() {
	size := s.size
	for i := range size {
		s.set(6, i, i%2 == 0)
		s.set(i, 6, i%2 == 0)
	}
	for _, c := range [][2]int{{3, 3}, {size - 4, 3}, {3, size - 4}} {
		for dy := -4; dy <= 4; dy++ {
			for dx := -4; dx <= 4; dx++ {
				x, y := c[0]+dx, c[1]+dy
				if x < 0 || y < 0 || x >= size || y >= size {
					continue
				}
				d := max(abs(dx), abs(dy)) // rings: 0-1 dark, 2 light, 3 dark, 4 separator
				s.set(x, y, d != 2 && d != 4)
			}
		}
	}
	pos := alignment[s.version]
	for i, cx := range pos {
		for j, cy := range pos {
			if (i == 0 && j == 0) || (i == 0 && j == len(pos)-1) || (i == len(pos)-1 && j == 0) {
				continue // on a finder pattern
			}
			for dy := -2; dy <= 2; dy++ {
				for dx := -2; dx <= 2; dx++ {
					s.set(cx+dx, cy+dy, max(abs(dx), abs(dy)) != 1)
				}
			}
		}
	}
}

// formatBits is level M's format information for mask: BCH(15,5), then XOR 0x5412 so it is
// never all light.
func formatBits(mask int) int {
	data := 0b00<<3 | mask // level M is 00
	rem := data
	for range 10 {
		rem = rem<<1 ^ (rem>>9)*0x537
	}
	return (data<<10 | rem) ^ 0x5412
}

// format draws the format information's two copies and the dark module beside them.
func (s *symbol) format(mask int) {
	bits, size := formatBits(mask), s.size
	bit := func(i int) bool { return bits>>i&1 == 1 }
	for i := 0; i <= 5; i++ {
		s.set(8, i, bit(i))
	}
	s.set(8, 7, bit(6))
	s.set(8, 8, bit(7))
	s.set(7, 8, bit(8))
	for i := 9; i < 15; i++ {
		s.set(14-i, 8, bit(i))
	}
	for i := range 8 {
		s.set(size-1-i, 8, bit(i))
	}
	for i := 8; i < 15; i++ {
		s.set(8, size-15+i, bit(i))
	}
	s.set(8, size-8, true)
}

// versionBits is the version information of versions 7 and up: BCH(18,6).
func versionBits(version int) int {
	rem := version
	for range 12 {
		rem = rem<<1 ^ (rem>>11)*0x1F25
	}
	return version<<12 | rem
}

func (s *symbol) versionInfo() {
	bits := versionBits(s.version)
	for i := range 18 {
		dark := bits>>i&1 == 1
		a, b := s.size-11+i%3, i/3
		s.set(a, b, dark)
		s.set(b, a, dark)
	}
}

// masked tells whether mask inverts the module in column x of row y (Table 10).
func masked(mask, x, y int) bool {
	switch mask {
	case 0:
		return (x+y)%2 == 0
	case 1:
		return y%2 == 0
	case 2:
		return x%3 == 0
	case 3:
		return (x+y)%3 == 0
	case 4:
		return (x/3+y/2)%2 == 0
	case 5:
		return x*y%2+x*y%3 == 0
	case 6:
		return (x*y%2+x*y%3)%2 == 0
	default:
		return ((x+y)%2+x*y%3)%2 == 0
	}
}

// penalty scores a symbol by the four rules of 7.8.3: runs of five or more, 2×2 blocks, look-
// alikes of a finder pattern, and an unbalanced share of dark modules. Less is better. Rows
// and columns become bits (a side is at most 57), so that the rules are shifts and counts.
func (s *symbol) penalty() int {
	size := s.size
	rows, cols := make([]uint64, size), make([]uint64, size)
	for y := range size {
		for x := range size {
			if s.dark[y*size+x] {
				rows[y] |= 1 << x
				cols[x] |= 1 << y
			}
		}
	}
	p, dark := 0, 0
	for i := range size {
		p += linePenalty(rows[i], size) + linePenalty(cols[i], size)
		dark += bits.OnesCount64(rows[i])
	}
	full := uint64(1)<<size - 1
	for y := range size - 1 {
		both := rows[y] & rows[y+1]
		neither := ^(rows[y] | rows[y+1]) & full
		p += 3 * (bits.OnesCount64(both&(both>>1)) + bits.OnesCount64(neither&(neither>>1)))
	}
	total := size * size
	p += abs(dark*20-total*10) / total * 10
	return p
}

// finderBefore and finderAfter are 1:1:3:1:1 (dark, light, dark ×3, light, dark) with four
// light modules on one side, as 11 bits. Each is the other read backwards, so it does not
// matter which end of the window is the line's first module.
const finderBefore, finderAfter = 0b00001011101, 0b10111010000

// linePenalty is rules 1 and 3 on one row or column of size modules, module i in bit i;
// beyond its ends is the light quiet zone.
func linePenalty(line uint64, size int) int {
	p, run := 0, 1
	for i := 1; i <= size; i++ {
		if i < size && line>>i&1 == line>>(i-1)&1 {
			run++
			continue
		}
		if run >= 5 {
			p += 3 + run - 5
		}
		run = 1
	}
	// Windows of 11 modules from four before the line (the shift brings in light) to four
	// after it (bits past the line are light).
	padded := line << 4
	for k := 0; k <= size-3; k++ {
		if w := padded >> k & (1<<11 - 1); w == finderBefore || w == finderAfter {
			p += 40
		}
	}
	return p
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
