package qr

import (
	"strings"
	"testing"
)

// row turns "#" and "." into modules, module i in bit i.
func row(s string) uint64 {
	var line uint64
	for i, c := range s {
		if c == '#' {
			line |= 1 << i
		}
	}
	return line
}

// The penalty rules of ISO/IEC 18004 7.8.3.1 on single rows: N1 = 3 for a run of five
// modules of one colour and 1 for each module more; N3 = 40 for each 1:1:3:1:1 pattern with
// four light modules on a side, the quiet zone beyond the symbol counting as light.
func TestLinePenalty(t *testing.T) {
	for _, c := range []struct {
		line string
		want int
	}{
		{"#.#.#.#.#.#", 0},
		{"####.####", 0},
		{"#####.#.#.#", 3},
		{"..#######.#", 3 + 2},             // a light run of two, a dark one of seven
		{".#.#.##.##.##.", 0},              // no run of five, nothing finder-like
		{"#.###.#.#.#.#", 40},              // a finder-like start: the quiet zone lights its left
		{"#.#.#.#.#.#.####.#.###.#", 40},   // light on the right only
		{"#.#.#.#.#.#....#.###.#....", 80}, // light on both sides: two patterns
		{"#.#.#.#.#.#...#.###.#...#.#", 0}, // three light on each side: none
		{".....", 3},
	} {
		if got := linePenalty(row(c.line), len(c.line)); got != c.want {
			t.Errorf("%s: penalty %d, want %d", c.line, got, c.want)
		}
	}
}

// referencePenalty is the four rules written as plainly as possible, module by module.
func referencePenalty(s *symbol) int {
	size, p := s.size, 0
	at := func(line []bool, i int) bool { return i >= 0 && i < len(line) && line[i] }
	for _, vertical := range []bool{false, true} {
		for i := range size {
			line := make([]bool, size)
			for j := range size {
				if vertical {
					line[j] = s.isDark(i, j)
				} else {
					line[j] = s.isDark(j, i)
				}
			}
			run := 1
			for j := 1; j <= size; j++ {
				if j < size && line[j] == line[j-1] {
					run++
					continue
				}
				if run >= 5 {
					p += 3 + run - 5
				}
				run = 1
			}
			for start := -4; start < size; start++ {
				var b strings.Builder
				for k := range 11 {
					if at(line, start+k) {
						b.WriteByte('#')
					} else {
						b.WriteByte('.')
					}
				}
				if w := b.String(); w == "....#.###.#" || w == "#.###.#...." {
					p += 40
				}
			}
		}
	}
	dark := 0
	for y := range size {
		for x := range size {
			if s.isDark(x, y) {
				dark++
			}
			if x < size-1 && y < size-1 {
				c := s.isDark(x, y)
				if c == s.isDark(x+1, y) && c == s.isDark(x, y+1) && c == s.isDark(x+1, y+1) {
					p += 3
				}
			}
		}
	}
	// Rule 4: 10 for every whole 5 % the dark share is away from half.
	total := size * size
	return p + abs(100*dark-50*total)/(5*total)*10
}

// The bitwise penalty agrees with the plain one on every mask of symbols of every version.
func TestPenaltyAgreesWithReference(t *testing.T) {
	for v := 1; v <= maxVersion; v++ {
		text := strings.Repeat("q", capacity(v))
		for mask := range 8 {
			s, err := encode([]byte(text), mask)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := s.penalty(), referencePenalty(s); got != want {
				t.Errorf("version %d mask %d: penalty %d, the plain rules give %d", v, mask, got, want)
			}
		}
	}
}
