package web

import (
	"slices"

	"github.com/cardavia/cardavia/record"
)

// asnasSummary sums up a finished As-Nas match for the history of the player at seat: the
// total, the win, and the showdowns they reached and won.
func asnasSummary(a *record.Asnas, seat int) pastMatch {
	m := a.Match()
	p := pastMatch{Won: slices.Contains(m.Winners(), seat), Deals: len(m.Results), Points: int64(m.Totals[seat])}
	p.Stats = stats{Matches: 1, Deals: p.Deals, Points: p.Points}
	if p.Won {
		p.Stats.Won = 1
	}
	for _, r := range m.Results {
		if r.Showdown && !r.Folded[seat] {
			p.Stats.Showdowns++
			if slices.Contains(r.Winners, seat) {
				p.Stats.ShowdownsWon++
			}
		}
	}
	return p
}

// guandanSummary sums up a finished Guandan match for the history of the player at seat: the
// final levels (their team's first), the win, the deals their team won, their places and the
// levels the team climbed.
func guandanSummary(g *record.Guandan, seat int) pastMatch {
	m := g.Match()
	starts := g.Starts()
	us := seat % 2
	p := pastMatch{Won: m.Winner == us, Deals: len(starts), Levels: [2]int{int(m.Levels[us]), int(m.Levels[1-us])}}
	p.Stats = stats{Matches: 1, Deals: p.Deals}
	if p.Won {
		p.Stats.Won = 1
	}
	for i, s := range starts {
		finish, after := m.PrevFinish, m.Levels
		if i+1 < len(starts) {
			finish, after = starts[i+1].PrevFinish, starts[i+1].Levels
		}
		if len(finish) > 0 && finish[0]%2 == us {
			p.Stats.DealsWon++
		}
		p.Stats.PlaceHalves += placeHalves(finish, seat)
		if up := int(after[us]) - int(s.Levels[us]); up > 0 {
			p.Stats.Levels += up
		}
	}
	return p
}

// placeHalves is twice the seat's place in a deal's finishing order. A deal ends as soon as a
// team is out, so a seat still holding cards shares the places left: 3.5 of two, 4 alone.
func placeHalves(finish []int, seat int) int {
	if i := slices.Index(finish, seat); i >= 0 {
		return 2 * (i + 1)
	}
	// The mean of places len+1 .. 4, doubled.
	return len(finish) + 1 + 4
}
