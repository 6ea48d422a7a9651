package guandan

import (
	gd "github.com/cardavia/cardavia/rules/guandan"
)

// beaters lists the combos the hand summarized by t can play that beat prev at this level:
// every distinct key rank (and bomb size) once, natural cards preferred to wilds. It covers
// the plays worth considering rather than every suit variant, which the engine's LegalPlays
// lists; concretize picks the cards.
func beaters(t *tally, prev gd.Reading, level gd.Rank) []combo {
	var out []combo
	keep := func(c combo) {
		if c.reading().Beats(prev, level) {
			out = append(out, c)
		}
	}
	// have returns how many cards of rank r the hand can put together, wilds helping.
	have := func(r gd.Rank) int8 {
		if r == level || t.n[r] > 0 {
			return t.n[r] + t.w
		}
		return 0
	}
	switch prev.Kind {
	case gd.Single:
		for r := gd.Two; r <= gd.Ace; r++ {
			if have(r) >= 1 {
				keep(groupCombo(r, 1))
			}
		}
		if t.bj > 0 {
			keep(groupCombo(gd.BlackJoker, 1))
		}
		if t.rj > 0 {
			keep(groupCombo(gd.RedJoker, 1))
		}
	case gd.Pair, gd.Triple:
		k := 2
		if prev.Kind == gd.Triple {
			k = 3
		}
		for r := gd.Two; r <= gd.Ace; r++ {
			if int(have(r)) >= k {
				keep(groupCombo(r, k))
			}
		}
		if k == 2 && t.bj >= 2 {
			keep(groupCombo(gd.BlackJoker, 2))
		}
		if k == 2 && t.rj >= 2 {
			keep(groupCombo(gd.RedJoker, 2))
		}
	case gd.FullHouse:
		for tr := gd.Two; tr <= gd.Ace; tr++ {
			if have(tr) < 3 || gd.Strength(tr, level) <= gd.Strength(prev.Rank, level) {
				continue
			}
			need := max(0, 3-t.n[tr])
			for p := gd.Two; p <= gd.RedJoker; p++ {
				if p == tr {
					continue
				}
				var pn int8
				switch p {
				case gd.BlackJoker:
					pn = t.bj
				case gd.RedJoker:
					pn = t.rj
				default:
					pn = t.n[p]
				}
				if pn == 0 || (p >= gd.BlackJoker && pn < 2) {
					continue
				}
				if need+max(0, 2-pn) <= t.w {
					keep(combo{kind: gd.FullHouse, rank: tr, pair: p})
				}
			}
			// The pair may also be two wilds standing for a rank the hand lacks.
			if need+2 <= t.w {
				for p := gd.Two; p <= gd.Ace; p++ {
					if p != tr && t.n[p] == 0 {
						keep(combo{kind: gd.FullHouse, rank: tr, pair: p})
						break
					}
				}
			}
		}
	case gd.Straight, gd.Tube, gd.Plate:
		s := state{n: t.n, w: t.w}
		ln, _ := seqShape(prev.Kind)
		for pos := 1; pos+ln-1 <= 14; pos++ {
			if _, ok := seqFits(&s, pos, prev.Kind); ok {
				keep(seqCombo(pos, prev.Kind))
			}
		}
	}
	return appendBombs(out, t, prev, level)
}

// appendBombs adds every bomb-class play of the hand that beats prev (all of them when prev
// is an ordinary play): each bomb size of each rank, straight flushes, the joker bomb.
func appendBombs(out []combo, t *tally, prev gd.Reading, level gd.Rank) []combo {
	keep := func(c combo) {
		if c.reading().Beats(prev, level) {
			out = append(out, c)
		}
	}
	for r := gd.Two; r <= gd.Ace; r++ {
		if t.n[r] < 2 {
			continue
		}
		for k := int8(4); k <= t.n[r]+t.w; k++ {
			keep(groupCombo(r, int(k)))
		}
	}
	for st := gd.Spades; st <= gd.Diamonds; st++ {
		for top := 5; top <= 14; top++ {
			if _, ok := takeFlush(*t, st, top, 2); ok {
				keep(combo{kind: gd.StraightFlush, rank: gd.Rank(top), suit: st})
			}
		}
	}
	if t.bj == 2 && t.rj == 2 {
		keep(combo{kind: gd.JokerBomb})
	}
	return out
}
