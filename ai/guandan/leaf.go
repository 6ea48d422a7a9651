package guandan

import (
	gd "github.com/cardavia/cardavia/rules/guandan"
)

// leafPos marks leaf states in the memo (past every sequence start).
const leafPos = 15

// leaf scores the cards left after the sequences: same-rank groups and the jokers. Each wild
// either stands for itself (a level card) or joins a rank the hand holds, wherever the plan
// scores best: completing a bomb, making a pair of a single, a triple for a full house. When
// out is not nil the chosen plays are appended to it.
func (e *evaluator) leaf(s *state, out *[]combo) float64 {
	key := s.key(leafPos)
	if out == nil {
		if m, ok := e.memo.get(key); ok {
			return float64(m.score)
		}
	}
	var targets [13]gd.Rank
	nt := 0
	targets[nt] = e.level
	nt++
	for r := gd.Two; r <= gd.Ace; r++ {
		if r != e.level && s.n[r] > 0 {
			targets[nt] = r
			nt++
		}
	}
	n := s.n
	best, b1, b2 := -1e9, gd.Rank(0), gd.Rank(0)
	try := func(t1, t2 gd.Rank) {
		if v := e.groups(&n, s.bj, s.rj, nil); v > best {
			best, b1, b2 = v, t1, t2
		}
	}
	switch s.w {
	case 0:
		try(0, 0)
	case 1:
		for _, t := range targets[:nt] {
			n[t]++
			try(t, 0)
			n[t]--
		}
	default:
		for i, t := range targets[:nt] {
			n[t]++
			for _, u := range targets[i:nt] {
				n[u]++
				try(t, u)
				n[u]--
			}
			n[t]--
		}
	}
	if out != nil {
		if b1 != 0 {
			n[b1]++
		}
		if b2 != 0 {
			n[b2]++
		}
		e.groups(&n, s.bj, s.rj, out)
	}
	e.memo.put(key, memoEntry{score: float32(best)})
	return best
}

// groups scores same-rank groups: four or more cards of a rank are a bomb, three a triple,
// two a pair, one a single; both jokers of each kind make the joker bomb. Triples then take
// the weakest pairs as full houses where that scores better than playing them apart, which is
// almost always: it saves a turn.
func (e *evaluator) groups(n *[15]int8, bj, rj int8, out *[]combo) float64 {
	var triples, pairs [16]gd.Rank
	nt, np := 0, 0
	score := 0.0
	add := func(v float64, c combo) {
		score += v - turnCost
		if out != nil {
			*out = append(*out, c)
		}
	}
	for _, r := range e.order {
		switch c := n[r]; {
		case c >= 4:
			add(e.groupVal[r][c], groupCombo(r, int(c)))
		case c == 3:
			triples[nt] = r
			nt++
		case c == 2:
			pairs[np] = r
			np++
		case c == 1:
			add(e.groupVal[r][1], groupCombo(r, 1))
		}
	}
	if bj == 2 && rj == 2 {
		add(e.value(combo{kind: gd.JokerBomb}), combo{kind: gd.JokerBomb})
	} else {
		for _, j := range [2]struct {
			r gd.Rank
			k int8
		}{{gd.BlackJoker, bj}, {gd.RedJoker, rj}} {
			switch j.k {
			case 2:
				pairs[np] = j.r
				np++
			case 1:
				add(e.groupVal[j.r][1], groupCombo(j.r, 1))
			}
		}
	}
	pi := 0
	for i := 0; i < nt; i++ {
		t := triples[i]
		if pi < np {
			p := pairs[pi]
			if fh := e.fullVal[t]; fh+turnCost > e.groupVal[t][3]+e.groupVal[p][2] {
				add(fh, combo{kind: gd.FullHouse, rank: t, pair: p})
				pi++
				continue
			}
		}
		add(e.groupVal[t][3], groupCombo(t, 3))
	}
	for ; pi < np; pi++ {
		add(e.groupVal[pairs[pi]][2], groupCombo(pairs[pi], 2))
	}
	return score
}
