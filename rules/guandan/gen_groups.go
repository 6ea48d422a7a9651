package guandan

// The same-rank families of LegalPlays: singles, pairs, triples, bombs and full houses.

// singles emits one single per natural rank, the wild alone (a single of the level rank, by
// the only-wild Decision) and each kind of joker.
func (g *gen) singles() {
	for r := Two; r <= Ace; r++ {
		if g.cnt[r] > 0 && g.beatsRank(Single, r) {
			g.emit(g.take(r, 1), Reading{Kind: Single, Rank: r})
		}
	}
	if g.nw > 0 {
		g.emit(g.wilds(1), Reading{Kind: Single, Rank: g.level})
	}
	if g.nbj > 0 {
		g.emit(cset{}.with(g.bj[0]), Reading{Kind: Single, Rank: BlackJoker})
	}
	if g.nrj > 0 {
		g.emit(cset{}.with(g.rj[0]), Reading{Kind: Single, Rank: RedJoker})
	}
}

// sameRank emits the plays of k cards of one rank (pairs, triples and bombs), once for each
// possible number of wilds, keeping at least one natural card (all-wild plays are read as the
// wilds themselves, see singles and pairs).
func (g *gen) sameRank(r Rank, k int, read Reading) {
	c := int(g.cnt[r])
	for w := max(0, k-c); w <= g.nw && w < k; w++ {
		g.emit(g.take(r, k-w).or(g.wilds(w)), read)
	}
}

// pairs emits pairs of natural cards with and without a wild, the two wilds alone (a pair of
// the level rank) and pairs of identical jokers.
func (g *gen) pairs() {
	for r := Two; r <= Ace; r++ {
		if g.cnt[r] > 0 && g.beatsRank(Pair, r) {
			g.sameRank(r, 2, Reading{Kind: Pair, Rank: r})
		}
	}
	if g.nw == 2 {
		g.emit(g.wilds(2), Reading{Kind: Pair, Rank: g.level})
	}
	if g.nbj == 2 {
		g.emit(cset{}.with(g.bj[0]).with(g.bj[1]), Reading{Kind: Pair, Rank: BlackJoker})
	}
	if g.nrj == 2 {
		g.emit(cset{}.with(g.rj[0]).with(g.rj[1]), Reading{Kind: Pair, Rank: RedJoker})
	}
}

// triples emits triples of each rank with zero, one or two wilds.
func (g *gen) triples() {
	for r := Two; r <= Ace; r++ {
		if g.cnt[r] > 0 && g.beatsRank(Triple, r) {
			g.sameRank(r, 3, Reading{Kind: Triple, Rank: r})
		}
	}
}

// bombs emits every size of bomb of every rank with every usable number of wilds, and the joker
// bomb. Bombs may beat anything, so they are searched for every follow.
func (g *gen) bombs() {
	for r := Two; r <= Ace; r++ {
		c := int(g.cnt[r])
		if c == 0 {
			continue
		}
		for size := 4; size <= c+g.nw && size <= 10; size++ {
			g.sameRank(r, size, Reading{Kind: Bomb, Rank: r, Size: uint8(size)})
		}
	}
	if g.nbj == 2 && g.nrj == 2 {
		g.emit(cset{}.with(g.bj[0]).with(g.bj[1]).with(g.rj[0]).with(g.rj[1]), Reading{Kind: JokerBomb})
	}
}

// fullHouses emits a triple of t plus a pair of another rank p: for every split of the wilds
// between the two, a pair made of two wilds (one class, whatever rank they stand for), and a
// pair of two identical jokers. It appends to a local slice: this is the largest family of
// plays, and keeping the slice header in registers roughly halves its cost.
func (g *gen) fullHouses() {
	out := g.out
	for t := Two; t <= Ace; t++ {
		ct := int(g.cnt[t])
		read := Reading{Kind: FullHouse, Rank: t}
		if ct == 0 || !g.keep(read) {
			continue
		}
		for wt := max(0, 3-ct); wt <= min(g.nw, 2); wt++ {
			triple := g.prefix[t][3-wt]
			base := triple.or(g.wildSet[wt])
			left := g.nw - wt
			var nextWild cset // the wild the pair may use: the one after the triple's
			if left > 0 {
				nextWild = g.wildSet[wt+1].minus(g.wildSet[wt])
			}
			for p := Two; p <= Ace; p++ {
				cp := g.cnt[p]
				if p == t || cp == 0 {
					continue
				}
				if cp >= 2 {
					out = push(out, base.or(g.prefix[p][2]), read)
				}
				if left > 0 {
					out = push(out, base.or(g.prefix[p][1]).or(nextWild), read)
				}
			}
			if wt == 0 && left == 2 {
				out = push(out, triple.or(g.wildSet[2]), read)
			}
			full := triple.or(g.wildSet[wt])
			if g.nbj == 2 {
				out = push(out, full.with(g.bj[0]).with(g.bj[1]), read)
			}
			if g.nrj == 2 {
				out = push(out, full.with(g.rj[0]).with(g.rj[1]), read)
			}
		}
	}
	g.out = out
}
