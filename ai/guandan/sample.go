package guandan

import (
	"math/rand/v2"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// world is what the search knows about the hidden hands of one decision: the cards the seat
// cannot see, which seat each known card is in, and which seats cannot hold which cards.
type world struct {
	v      gd.View
	unseen gd.Set
	// known holds, for each other seat, the unseen cards it must hold: tribute and return
	// cards that have not been played since.
	known [4]gd.Set
	// barred holds, for each other seat, the unseen cards it cannot hold: a tribute payer
	// gave its strongest non-wild card, so it holds no stronger one; a refused tribute puts
	// both Red Jokers with the payers.
	barred [4]gd.Set
	// tries is how many draws sample makes at most.
	tries int
	// passes are the passes of the deal on the other team's plays (see fit). The history holds
	// every move of the deal, the current trick's included, so they are all the evidence.
	passes []histPass
}

// newWorld reads the public record of v into constraints on the hidden hands.
func newWorld(v gd.View) *world {
	w := &world{v: v, unseen: gd.FullDeck().Minus(v.Hand).Minus(v.Played)}
	// Follow every tribute and return card to the seat that holds it now.
	where := map[gd.Card]int{}
	for _, e := range v.Tribute {
		switch e.Kind {
		case gd.EvTribute:
			where[e.Card] = e.To
			// The payer gave its strongest non-wild card: it holds no stronger one.
			top := gd.CardStrength(e.Card, v.Level)
			for _, c := range w.unseen.Cards() {
				if !c.IsWild(v.Level) && gd.CardStrength(c, v.Level) > top {
					w.barred[e.Seat].Add(c)
				}
			}
		case gd.EvReturn:
			where[e.Card] = e.To
		case gd.EvTributeCancelled:
			w.barRedJokers(v.PrevFinish)
		}
	}
	for c, s := range where {
		if s != v.Seat && w.unseen.Has(c) {
			w.known[s].Add(c)
		}
	}
	w.tries = 4
	w.passes = historyPasses(v)
	return w
}

// barRedJokers applies a refused tribute: the payers (the last-placed seat after a 1–3 or 1–4
// finish, both opponents after a 1–2 finish) hold both Red Jokers between them.
func (w *world) barRedJokers(prev []int) {
	if len(prev) < 2 {
		return
	}
	payers := [4]bool{}
	if prev[1] == (prev[0]+2)%4 {
		payers[(prev[0]+1)%4], payers[(prev[0]+3)%4] = true, true
	} else if len(prev) >= 3 {
		payers[6-prev[0]-prev[1]-prev[2]] = true
	} else {
		return
	}
	for _, c := range w.unseen.Cards() {
		if c.Rank() != gd.RedJoker {
			continue
		}
		for s := 0; s < 4; s++ {
			if !payers[s] {
				w.barred[s].Add(c)
			}
		}
	}
}

// sample deals the unseen cards to the other seats, each getting its card count, consistent
// with the known and barred cards. Of up to w.tries draws it keeps the one that best fits the
// passes of the deal (see fit), accepting each with probability its fit. It falls back
// to ignoring a constraint the counts make impossible. It also returns its work, in the units
// of the search's budget (a draw, or testing one pass, costs about as much as three of the
// planner's search states).
func (w *world) sample(rng *rand.Rand) (hands [4]gd.Set, work int) {
	var best [4]gd.Set
	bestFit := -1.0
	for try := 0; try < w.tries; try++ {
		h := w.draw(rng)
		fit := w.fit(h)
		work += 3 + 3*len(w.passes)
		if fit > bestFit {
			best, bestFit = h, fit
		}
		// Accept with probability fit: a sample that contradicts every pass is kept only
		// when nothing better turns up.
		if rng.Float64() < fit {
			break
		}
	}
	return best, work
}

// draw makes one deal of the unseen cards.
func (w *world) draw(rng *rand.Rand) [4]gd.Set {
	v := w.v
	var hands [4]gd.Set
	var room [4]int
	rest := w.unseen
	for s := 0; s < 4; s++ {
		if s == v.Seat {
			hands[s] = v.Hand
			continue
		}
		k := w.known[s].Intersect(rest)
		if k.Len() > v.Seats[s].Count {
			k = gd.Set{} // inconsistent record: trust the counts
		}
		hands[s] = k
		rest = rest.Minus(k)
		room[s] = v.Seats[s].Count - k.Len()
	}
	cards := rest.Cards()
	rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	// Constrained cards first, while every seat still has room for them.
	var free []gd.Card
	for _, c := range cards {
		if !w.isBarred(c) {
			free = append(free, c)
			continue
		}
		var ok [3]int
		n, total := 0, 0
		for s := 0; s < 4; s++ {
			if s != v.Seat && room[s] > 0 && !w.barred[s].Has(c) {
				ok[n] = s
				n++
				total += room[s]
			}
		}
		if n == 0 {
			free = append(free, c)
			continue
		}
		pick := rng.IntN(total)
		for _, s := range ok[:n] {
			if pick < room[s] {
				hands[s].Add(c)
				room[s]--
				break
			}
			pick -= room[s]
		}
	}
	i := 0
	for s := 0; s < 4; s++ {
		for ; s != v.Seat && room[s] > 0 && i < len(free); room[s]-- {
			hands[s].Add(free[i])
			i++
		}
	}
	return hands
}

func (w *world) isBarred(c gd.Card) bool {
	for s := 0; s < 4; s++ {
		if w.barred[s].Has(c) {
			return true
		}
	}
	return false
}

// passWeight is the weight a sample keeps for each pass on a play the seat could have beaten.
// The planner passes on 24 % of the other team's plays it holds an ordinary beater for and on
// 87 % of those it does not (TestClubPassRate), a likelihood ratio nearer a quarter, but a
// quarter won no more deals (BENCHMARKS.md, "What did not help").
var passWeight = 0.5

// histPass is a pass of the deal's history on a play of the other team: the seat then held its
// hand now plus later, the cards it has played since.
type histPass struct {
	seat  int
	play  gd.Reading
	later gd.Set
}

// historyPasses lists the passes of the history on the other team's ordinary plays.
func historyPasses(v gd.View) []histPass {
	var out []histPass
	var later [4]gd.Set
	// Walk backwards, so the cards each seat played after a pass are known at it.
	history := v.History.Moves()
	lastPlay := make([]int, len(history)) // index of the play each pass answered
	cur := -1
	for i, mv := range history {
		if !mv.Pass {
			cur = i
		}
		lastPlay[i] = cur
	}
	for i := len(history) - 1; i >= 0; i-- {
		mv := history[i]
		if !mv.Pass {
			later[mv.Seat] = later[mv.Seat].Union(mv.Play.Cards)
			continue
		}
		j := lastPlay[i]
		if j < 0 || mv.Seat == v.Seat {
			continue
		}
		p := history[j]
		if p.Seat%2 == mv.Seat%2 || p.Play.Reading.IsBomb() {
			continue
		}
		out = append(out, histPass{mv.Seat, p.Play.Reading, later[mv.Seat]})
	}
	return out
}

// fit is how well a deal agrees with the passes of the deal: halved for each pass on a play of
// the other team that the seat, holding then what the sample gives it plus what it played later,
// could have beaten with an ordinary play (players do pass with such plays, to keep their hand
// together, but less often than not).
func (w *world) fit(h [4]gd.Set) float64 {
	f := 1.0
	var buf [64]gd.Play
	for _, p := range w.passes {
		for _, b := range gd.AppendLegalPlays(buf[:0], h[p.seat].Union(p.later), w.v.Level, p.play) {
			if !b.Reading.IsBomb() {
				f *= passWeight
				break
			}
		}
	}
	return f
}
