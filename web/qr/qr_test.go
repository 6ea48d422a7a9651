package qr

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// invite is a typical table invite link.
const invite = "http://localhost:8080/guandan/tables/Q7K2-M9PX-4TRA?join=1"

// golden is a symbol made by libqrencode 4.1.1 (qrencode -8 -l M -m 0 -t ASCII), kept in
// testdata: the text on the first line, then the modules, '#' dark.
type golden struct {
	name, text string
	rows       []string
}

func goldens(t *testing.T) []golden {
	t.Helper()
	files, err := filepath.Glob("testdata/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden symbols in testdata (%v)", err)
	}
	var gs []golden
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
		gs = append(gs, golden{name: filepath.Base(f), text: lines[0], rows: lines[1:]})
	}
	return gs
}

// formatM is the format information of level M for each mask, as ISO/IEC 18004 Table C.1
// lists it (after the XOR with 101010000010010).
var formatM = [8]string{
	"101010000010010", "101000100100101", "101111001111100", "101101101001011",
	"100010111111001", "100000011001110", "100111110010111", "100101010100000",
}

// versionInfo is the version information of versions 7 to 10 (Table D.1).
var versionInfo = map[int]int{7: 0x07C94, 8: 0x085BC, 9: 0x09A99, 10: 0x0A4D3}

// annexE is the alignment patterns' centres by version (Annex E, Table E.1).
var annexE = map[int][]int{
	1: nil, 2: {6, 18}, 3: {6, 22}, 4: {6, 26}, 5: {6, 30}, 6: {6, 34},
	7: {6, 22, 38}, 8: {6, 24, 42}, 9: {6, 26, 46}, 10: {6, 28, 50},
}

// grid is a symbol's modules without the quiet zone, dark true, [y][x].
type grid [][]bool

// Every version's symbol is libqrencode's, module for module, under the same mask (the mask
// is read from libqrencode's format information: encoders may weigh the penalty rules
// differently, and either choice is a valid symbol).
func TestMatchesLibqrencode(t *testing.T) {
	versions := map[int]bool{}
	sameMask := 0
	gs := goldens(t)
	for _, g := range gs {
		t.Run(g.name, func(t *testing.T) {
			want := make(grid, len(g.rows))
			for y, row := range g.rows {
				for _, c := range row {
					want[y] = append(want[y], c == '#')
				}
			}
			mask := readFormat(t, want)
			s, err := encode([]byte(g.text), mask)
			if err != nil {
				t.Fatal(err)
			}
			if s.size != len(want) {
				t.Fatalf("size %d, libqrencode's %d", s.size, len(want))
			}
			var diffs []string
			for y := range s.size {
				for x := range s.size {
					if s.isDark(x, y) != want[y][x] {
						diffs = append(diffs, fmt.Sprintf("(%d,%d)", x, y))
					}
				}
			}
			if len(diffs) > 0 {
				t.Fatalf("version %d mask %d: %d modules differ from libqrencode's, first %v", s.version, mask, len(diffs), diffs[:min(10, len(diffs))])
			}
			versions[s.version] = true
			if auto, _ := encode([]byte(g.text), anyMask); auto.mask == mask {
				sameMask++
			}
		})
	}
	for v := 1; v <= maxVersion; v++ {
		if !versions[v] {
			t.Errorf("version %d is not covered by a golden symbol", v)
		}
	}
	t.Logf("our penalty chose libqrencode's mask for %d of %d symbols", sameMask, len(gs))
}

// readFormat checks a symbol's two copies of the format information against Table C.1 and
// returns its mask.
func readFormat(t *testing.T, g grid) int {
	t.Helper()
	size := len(g)
	bit := func(b bool) byte {
		if b {
			return '1'
		}
		return '0'
	}
	// Bit 14 first, as the table writes them; positions per Figure 25.
	var one, two []byte
	for x := range 6 {
		one = append(one, bit(g[8][x]))
	}
	one = append(one, bit(g[8][7]), bit(g[8][8]), bit(g[7][8]))
	for y := 5; y >= 0; y-- {
		one = append(one, bit(g[y][8]))
	}
	for y := size - 1; y >= size-7; y-- {
		two = append(two, bit(g[y][8]))
	}
	for x := size - 8; x < size; x++ {
		two = append(two, bit(g[8][x]))
	}
	if string(one) != string(two) {
		t.Fatalf("the format information's copies differ: %s and %s", one, two)
	}
	for mask, f := range formatM {
		if f == string(one) {
			if !g[size-8][8] {
				t.Fatal("the dark module beside the format information is light")
			}
			return mask
		}
	}
	t.Fatalf("format information %s is not level M with a mask", one)
	return 0
}

// The SVG is read back (its path rasterised) and decoded by the decoder below, for every
// golden text and a few more lengths, each a version's largest.
func TestSVGDecodes(t *testing.T) {
	texts := []string{"", invite, strings.Repeat("a", capacity(maxVersion))}
	for _, g := range goldens(t) {
		texts = append(texts, g.text)
	}
	for v := 1; v <= maxVersion; v++ {
		texts = append(texts, strings.Repeat("z", capacity(v)))
	}
	for _, text := range texts {
		svg, err := SVG(text, "QR")
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		g := rasterise(t, string(svg))
		if got := decode(t, g); got != text {
			t.Fatalf("decoded %q, want %q", got, text)
		}
	}
}

// Whatever mask the penalty picks, the symbol reads back.
func TestEveryMaskDecodes(t *testing.T) {
	for mask := range 8 {
		s, err := encode([]byte(invite), mask)
		if err != nil {
			t.Fatal(err)
		}
		g := rasterise(t, s.svg("QR"))
		if got := readFormat(t, g); got != mask {
			t.Fatalf("drawn with mask %d, its format information says %d", mask, got)
		}
		if got := decode(t, g); got != invite {
			t.Fatalf("mask %d: decoded %q", mask, got)
		}
	}
}

func TestTooLong(t *testing.T) {
	if _, err := SVG(strings.Repeat("a", 213), "QR"); err != nil {
		t.Fatalf("213 bytes: %v", err)
	}
	if _, err := SVG(strings.Repeat("a", 214), "QR"); !errors.Is(err, ErrTooLong) {
		t.Fatalf("214 bytes: %v, want ErrTooLong", err)
	}
}

// The SVG is well-formed XML, an <svg> with one <rect> and one <path>, the attributes the
// page and the CSP need, no style attribute, and a label that survives any character.
func TestSVGMarkup(t *testing.T) {
	label := `Invite "Ali & Bo" <scan> ٔQR`
	svg, err := SVG(invite, label)
	if err != nil {
		t.Fatal(err)
	}
	d := xml.NewDecoder(strings.NewReader(string(svg)))
	var names []string
	attrs := map[string]string{}
	for {
		tok, err := d.Token()
		if err != nil {
			if err.Error() == "EOF" {
				break
			}
			t.Fatalf("not well-formed XML: %v\n%s", err, svg)
		}
		start, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		names = append(names, start.Name.Local)
		for _, a := range start.Attr {
			if a.Name.Local == "style" {
				t.Fatalf("<%s> has a style attribute, which the CSP forbids", start.Name.Local)
			}
			if start.Name.Local == "svg" {
				attrs[a.Name.Local] = a.Value
			}
		}
	}
	if got := strings.Join(names, " "); got != "svg rect path" {
		t.Fatalf("elements %q, want svg rect path", got)
	}
	want := map[string]string{
		"viewBox": "0 0 41 41", "shape-rendering": "crispEdges", "role": "img",
		"aria-label": label, "class": "qr", "xmlns": "http://www.w3.org/2000/svg",
	}
	for k, v := range want {
		if attrs[k] != v {
			t.Errorf("<svg %s=%q>, want %q", k, attrs[k], v)
		}
	}
}

// sizeBudget is the most the invite link's SVG may weigh: a table page is about 25 KB.
const sizeBudget = 2400

func TestSVGSize(t *testing.T) {
	svg, err := SVG(invite, "Scan to join the table")
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("invite link: %d bytes", len(svg))
	if len(svg) > sizeBudget {
		t.Fatalf("the invite link's SVG is %d bytes, over the budget of %d", len(svg), sizeBudget)
	}
}

// A reader of another make decodes the symbol too, when zbarimg (Debian's zbar-tools) is
// installed.
func TestZbarReadsIt(t *testing.T) {
	zbar, err := exec.LookPath("zbarimg")
	if err != nil {
		t.Skip("zbarimg not installed (apt-get install zbar-tools)")
	}
	for _, text := range []string{invite, "HELLO", strings.Repeat("https://cardavia.example/", 8)} {
		svg, err := SVG(text, "QR")
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(t.TempDir(), "qr.png")
		writePNG(t, file, rasterise(t, string(svg)))
		out, err := exec.Command(zbar, "--raw", "-q", file).Output()
		if err != nil {
			t.Fatalf("zbarimg %q: %v", text, err)
		}
		if got := strings.TrimSuffix(string(out), "\n"); got != text {
			t.Fatalf("zbarimg read %q, want %q", got, text)
		}
	}
}

// rasterise draws the SVG's path into a grid of modules and checks the quiet zone, which it
// leaves out.
func rasterise(t *testing.T, svg string) grid {
	t.Helper()
	var side int
	if _, err := fmt.Sscanf(svg[strings.Index(svg, `viewBox="`)+len(`viewBox="`):], "0 0 %d", &side); err != nil {
		t.Fatalf("viewBox: %v", err)
	}
	d := svg[strings.Index(svg, ` d="`)+4:]
	d = d[:strings.IndexByte(d, '"')]
	full := make(grid, side)
	for i := range full {
		full[i] = make([]bool, side)
	}
	// The path is lines one module wide through the middle of rows: an M to the first,
	// then h for a run and m between runs.
	var x, y int
	num := func() int {
		end := 0
		for end < len(d) && (d[end] == '-' || d[end] >= '0' && d[end] <= '9') {
			end++
		}
		n, err := strconv.Atoi(d[:end])
		if err != nil {
			t.Fatalf("path: number at %q", d[:min(20, len(d))])
		}
		d = d[end:]
		return n
	}
	pair := func() (int, int) {
		a := num()
		if d == "" || d[0] != ' ' {
			t.Fatalf("path: a move without its y at %q", d[:min(20, len(d))])
		}
		d = d[1:]
		return a, num()
	}
	for len(d) > 0 {
		cmd := d[0]
		d = d[1:]
		switch cmd {
		case 'M':
			if x != 0 || y != 0 {
				t.Fatal("path: a second M")
			}
			x, y = pair()
			if !strings.HasPrefix(d, ".5") {
				t.Fatal("path: the first line is not through the middle of its row")
			}
			d = d[2:]
		case 'm':
			dx, dy := pair()
			x, y = x+dx, y+dy
		case 'h':
			w := num()
			if w <= 0 {
				t.Fatalf("path: h%d", w)
			}
			for i := x; i < x+w; i++ {
				if full[y][i] {
					t.Fatalf("path: module (%d,%d) drawn twice", i, y)
				}
				full[y][i] = true
			}
			x += w
		default:
			t.Fatalf("path: command %q", cmd)
		}
	}
	size := side - 2*quiet
	g := make(grid, size)
	for yy := range side {
		for xx := range side {
			inside := xx >= quiet && yy >= quiet && xx < quiet+size && yy < quiet+size
			if !inside && full[yy][xx] {
				t.Fatalf("dark module (%d,%d) in the quiet zone", xx, yy)
			}
		}
	}
	for yy := range size {
		g[yy] = full[yy+quiet][quiet : quiet+size]
	}
	return g
}

// decode reads a symbol's text back: finder, timing and alignment patterns, format and
// version information, then the codewords, each block's Reed-Solomon syndromes (zero for a
// codeword without errors), and the byte-mode segment.
func decode(t *testing.T, g grid) string {
	t.Helper()
	size := len(g)
	version := (size - 17) / 4
	if size != 17+4*version || version < 1 || version > maxVersion {
		t.Fatalf("size %d is no version's", size)
	}
	function := make(grid, size)
	for i := range function {
		function[i] = make([]bool, size)
	}
	mark := func(x0, y0, w, h int) {
		for y := y0; y < y0+h; y++ {
			for x := x0; x < x0+w; x++ {
				function[y][x] = true
			}
		}
	}
	// Finder patterns: 7×7 rings around a 3×3 centre, a light separator beyond.
	for _, c := range [][2]int{{0, 0}, {size - 7, 0}, {0, size - 7}} {
		for dy := -1; dy <= 7; dy++ {
			for dx := -1; dx <= 7; dx++ {
				x, y := c[0]+dx, c[1]+dy
				if x < 0 || y < 0 || x >= size || y >= size {
					continue
				}
				ring := max(abs(dx-3), abs(dy-3))
				if want := ring <= 1 || ring == 3; g[y][x] != want {
					t.Fatalf("finder pattern at (%d,%d): module (%d,%d) is %v", c[0], c[1], x, y, g[y][x])
				}
			}
		}
	}
	mark(0, 0, 9, 9)
	mark(size-8, 0, 8, 9)
	mark(0, size-8, 9, 8)
	centres := annexE[version]
	for _, cy := range centres {
		for _, cx := range centres {
			if function[cy][cx] {
				continue // under a finder pattern (the timing patterns are not marked yet)
			}
			for dy := -2; dy <= 2; dy++ {
				for dx := -2; dx <= 2; dx++ {
					if want := max(abs(dx), abs(dy)) != 1; g[cy+dy][cx+dx] != want {
						t.Fatalf("alignment pattern at (%d,%d) broken", cx, cy)
					}
				}
			}
			mark(cx-2, cy-2, 5, 5)
		}
	}
	for i := 8; i < size-8; i++ {
		if g[6][i] != (i%2 == 0) || g[i][6] != (i%2 == 0) {
			t.Fatalf("timing pattern broken at %d", i)
		}
	}
	mark(0, 6, size, 1)
	mark(6, 0, 1, size)
	if version >= 7 {
		var a, b int
		for i := 17; i >= 0; i-- {
			a <<= 1
			b <<= 1
			if g[i/3][size-11+i%3] {
				a |= 1
			}
			if g[size-11+i%3][i/3] {
				b |= 1
			}
		}
		if a != versionInfo[version] || b != versionInfo[version] {
			t.Fatalf("version information %018b and %018b, want %018b", a, b, versionInfo[version])
		}
		mark(size-11, 0, 3, 6)
		mark(0, size-11, 6, 3)
	}
	mask := readFormat(t, g)

	// The codewords, in pairs of columns from the right (the timing column skipped), going
	// up the first pair, down the next, and so on.
	var bits []bool
	up := true
	for right := size - 1; right > 0; right -= 2 {
		if right == 6 {
			right--
		}
		for i := range size {
			y := i
			if up {
				y = size - 1 - i
			}
			for _, x := range []int{right, right - 1} {
				if !function[y][x] {
					bits = append(bits, g[y][x] != masked(mask, x, y))
				}
			}
		}
		up = !up
	}
	codewords := make([]byte, len(bits)/8)
	for i := range codewords {
		for j := range 8 {
			codewords[i] <<= 1
			if bits[8*i+j] {
				codewords[i] |= 1
			}
		}
	}
	lay := levelM[version]
	nb := lay.n1 + lay.n2
	if want := lay.data() + nb*lay.ec; len(codewords) != want {
		t.Fatalf("%d codewords, version %d has %d", len(codewords), version, want)
	}
	blocks := make([][]byte, nb)
	k := 0
	for i := range max(lay.d1, lay.d2) {
		for b := range nb {
			n := lay.d1
			if b >= lay.n1 {
				n = lay.d2
			}
			if i < n {
				blocks[b] = append(blocks[b], codewords[k])
				k++
			}
		}
	}
	var data []byte
	for b := range nb {
		data = append(data, blocks[b]...)
	}
	for range lay.ec {
		for b := range nb {
			blocks[b] = append(blocks[b], codewords[k])
			k++
		}
	}
	for b, block := range blocks {
		for i := range lay.ec {
			var s byte // the block as a polynomial, highest degree first, at αⁱ
			for _, c := range block {
				s = gfMul(s, gfExp[i]) ^ c
			}
			if s != 0 {
				t.Fatalf("block %d: syndrome %d is %d, not 0", b, i, s)
			}
		}
	}
	r := bitReader{buf: data}
	if m := r.read(4); m != 0b0100 {
		t.Fatalf("mode %04b, want byte mode 0100", m)
	}
	n := r.read(countBits(version))
	text := make([]byte, n)
	for i := range text {
		text[i] = byte(r.read(8))
	}
	if rest := r.read(min(4, len(data)*8-r.n)); rest != 0 {
		t.Fatalf("terminator %b, want 0", rest)
	}
	return string(text)
}

type bitReader struct {
	buf []byte
	n   int
}

func (r *bitReader) read(bits int) int {
	v := 0
	for range bits {
		v = v<<1 | int(r.buf[r.n/8]>>(7-r.n%8)&1)
		r.n++
	}
	return v
}

func writePNG(t *testing.T, file string, g grid) {
	t.Helper()
	const scale = 4
	side := (len(g) + 2*quiet) * scale
	img := image.NewGray(image.Rect(0, 0, side, side))
	for y := range side {
		for x := range side {
			mx, my := x/scale-quiet, y/scale-quiet
			c := color.Gray{255}
			if mx >= 0 && my >= 0 && mx < len(g) && my < len(g) && g[my][mx] {
				c = color.Gray{0}
			}
			img.SetGray(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func BenchmarkSVGInvite(b *testing.B) {
	for b.Loop() {
		if _, err := SVG(invite, "Scan to join the table"); err != nil {
			b.Fatal(err)
		}
	}
}
