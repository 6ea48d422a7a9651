package views

import (
	"context"
	"strings"
	"testing"

	"github.com/cardavia/cardavia/i18n"
	gd "github.com/cardavia/cardavia/rules/guandan"
)

// At a shared Guandan table, the sentences about the viewer's own team (the deal's end in the
// log, the match's winners, the levels climbed) are addressed to them as the solo table's are,
// with their partner named where it names North: Spanish said 'Tú y Oeste (IA) ganan la mano y
// suben…' and Persian 'شما و غرب … می‌برند', the third person after 'you', where the solo table
// says 'ganáis … subís' and 'بردید … رفتید'; Persian's '+3' lost the mark that keeps its sign
// before the number.
func TestSharedTeamOfTheViewerIsAddressed(t *testing.T) {
	levels := [2]gd.Rank{gd.Five, gd.Two}
	for _, l := range i18n.Locales {
		base := i18n.WithLocale(context.Background(), l)
		for viewer := range 4 {
			st := Seating{Viewer: viewer, Names: [4]string{"Sara", "Ali", "Mina", ""}, AI: [4]bool{false, false, false, true}}
			ctx := WithSeating(base, st)
			team, partner := viewer%2, (viewer+2)%4
			north := gSeat(base, 2)
			for _, c := range []struct {
				key  string
				args []any
			}{
				{"guandan.match.won", nil},
				{"guandan.climb.won", nil},
				{"guandan.climb.up", []any{3}},
				{"guandan.climb.stay", []any{rankDigits(base, gd.Ace)}},
				{"guandan.log.dealover", []any{3, levelWord(base, levels[0])}},
				{"guandan.log.dealover", []any{1, levelWord(base, levels[0])}},
				{"guandan.log.dealstay", []any{levelWord(base, levels[0])}},
				{"guandan.log.matchover", nil},
			} {
				solo := i18n.T(base, c.key+".0", c.args...)
				if strings.Count(solo, north) != 1 {
					t.Fatalf("%s %s.0 names North %d times: %q", l.Code, c.key, strings.Count(solo, north), solo)
				}
				want := strings.Replace(solo, north, gSeat(ctx, partner), 1)
				if got := teamText(ctx, c.key, team, c.args...); got != want {
					t.Errorf("%s, seat %d, %s: %q, want %q", l.Code, viewer, c.key, got, want)
				}
				// The levels table's cells about the other team end as the solo table's about
				// East and West: Persian's sign keeps its mark there too.
				if strings.HasPrefix(c.key, "guandan.climb.") {
					soloEnd := strings.TrimPrefix(i18n.T(base, c.key+".1", c.args...), teamName(base, 1))
					if got := teamText(ctx, c.key, 1-team, c.args...); !strings.HasSuffix(got, soloEnd) {
						t.Errorf("%s, seat %d, the others' %s: %q, want it to end %q", l.Code, viewer, c.key, got, soloEnd)
					}
				}
			}
		}
	}
}
