package qr

import "testing"

// row turns "#" and "." into modules.
func row(s string) []bool {
	line := make([]bool, len(s))
	for i, c := range s {
		line[i] = c == '#'
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
		if got := linePenalty(row(c.line)); got != c.want {
			t.Errorf("%s: penalty %d, want %d", c.line, got, c.want)
		}
	}
}
