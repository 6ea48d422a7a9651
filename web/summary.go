package web

import (
	"slices"

	"github.com/cardavia/cardavia/record"
)

// asnasSummary sums up a finished As-Nas match for the visitor's history: the total, the
// win, and the showdowns the visitor reached and won.
func asnasSummary(a *record.Asnas) pastMatch {
	m := a.Match()
	p := pastMatch{Won: slices.Contains(m.Winners(), humanSeat), Deals: len(m.Results), Points: int64(m.Totals[humanSeat])}
	p.Stats = stats{Matches: 1, Deals: p.Deals, Points: p.Points}
	if p.Won {
		p.Stats.Won = 1
	}
	for _, r := range m.Results {
		if r.Showdown && !r.Folded[humanSeat] {
			p.Stats.Showdowns++
			if slices.Contains(r.Winners, humanSeat) {
				p.Stats.ShowdownsWon++
			}
		}
	}
	return p
}

// guandanSummary sums up a finished Guandan match for the visitor's history: the final levels,
// the win, the deals the visitor's team won, the visitor's places and the levels the team
// climbed.
func guandanSummary(g *record.Guandan) pastMatch {
	m := g.Match()
	starts := g.Starts()
	p := pastMatch{Won: m.Winner == humanSeat%2, Deals: len(starts), Levels: [2]int{int(m.Levels[0]), int(m.Levels[1])}}
	p.Stats = stats{Matches: 1, Deals: p.Deals}
	if p.Won {
		p.Stats.Won = 1
	}
	for i, s := range starts {
		finish, after := m.PrevFinish, m.Levels
		if i+1 < len(starts) {
			finish, after = starts[i+1].PrevFinish, starts[i+1].Levels
		}
		if len(finish) > 0 && finish[0]%2 == humanSeat%2 {
			p.Stats.DealsWon++
		}
		p.Stats.PlaceHalves += placeHalves(finish, humanSeat)
		if up := int(after[humanSeat%2]) - int(s.Levels[humanSeat%2]); up > 0 {
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
