package asnas

import (
	"context"

	rules "github.com/cardavia/cardavia/rules/asnas"
)

// SolveSettings are the solver's settings. The solver samples nothing: every iteration visits
// every node of the betting tree with every deal, so the same settings always give the same
// table.
type SolveSettings struct {
	// Iterations is the number of CFR+ iterations.
	Iterations int
	// Delay is the number of first iterations left out of the average strategy: early
	// strategies are far from the equilibrium (CFR+ averages the rest linearly).
	Delay int
}

// MasterSettings are the settings the committed Master table was solved with.
var MasterSettings = SolveSettings{Iterations: 400, Delay: 40}

// vec is one value per distinct hand.
type vec [numHands]float64

// solver holds the regrets and the strategy sums of every information set: a node of the
// betting tree (which fixes the position to act and the public betting) and the hand held.
type solver struct {
	t      *tree
	ds     *dealSet
	regret [][maxVerbs]vec // by node: regret of each verb, by hand
	sum    [][maxVerbs]vec // by node: weighted sum of the strategies played
	weight float64         // weight of the current iteration in the average
	// per-depth scratch space (the tree is at most 13 bets deep)
	reach [rules.MaxHistory + 1][rules.NumSeats]vec
	value [rules.MaxHistory + 1][rules.NumSeats]vec
	sigma [rules.MaxHistory + 1][maxVerbs]vec
	cv    [rules.MaxHistory + 1][maxVerbs]vec
}

// Every product that is added to a sum is converted explicitly: Go may otherwise fuse a
// multiply and an add into one instruction on some processors, rounding differently, and the
// solver must give the same table everywhere.

// Solve runs CFR+ (regret matching with regrets floored at zero, linearly weighted averages)
// over the whole game: the full betting tree and all 261,331 ways the pack can fall, the four
// positions updated together in each iteration. progress, when not nil, is called after every
// iteration. It returns the average strategy as a table.
func Solve(ctx context.Context, s SolveSettings, progress func(iteration int)) (*Table, error) {
	return solve(ctx, s, func(it int, _ *solver) {
		if progress != nil {
			progress(it)
		}
	})
}

func solve(ctx context.Context, s SolveSettings, progress func(int, *solver)) (*Table, error) {
	sv := &solver{t: bettingTree(), ds: allDeals()}
	sv.regret = make([][maxVerbs]vec, len(sv.t.nodes))
	sv.sum = make([][maxVerbs]vec, len(sv.t.nodes))
	for it := 1; it <= s.Iterations; it++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		sv.weight = float64(max(0, it-s.Delay))
		root := &sv.reach[0]
		for p := range root {
			for h := range root[p] {
				root[p][h] = 1
			}
		}
		sv.walk(0, 0)
		progress(it, sv)
	}
	return sv.table(), nil
}

// SolveWithReport is Solve that also measures the exploitability of the average strategy every
// every iterations (and after the last), which costs about as much as a few iterations each
// time. every 0 measures only the final table.
func SolveWithReport(ctx context.Context, s SolveSettings, every int, report func(iteration int, e Exploit)) (*Table, error) {
	tb, err := solve(ctx, s, func(it int, cur *solver) {
		if every > 0 && it%every == 0 && it < s.Iterations {
			report(it, exploitOf(tableStrategy(cur.table())))
		}
	})
	if err != nil {
		return nil, err
	}
	report(s.Iterations, exploitOf(tableStrategy(tb)))
	return tb, nil
}

// current fills sigma with the regret-matching strategy of node n.
func (sv *solver) current(n int32, sigma *[maxVerbs]vec) {
	k := len(sv.t.nodes[n].verbs)
	r := &sv.regret[n]
	for h := range numHands {
		total := 0.0
		for a := range k {
			total += r[a][h]
		}
		for a := range k {
			if total > 0 {
				sigma[a][h] = r[a][h] / total
			} else {
				sigma[a][h] = 1 / float64(k)
			}
		}
	}
}

// walk computes, into value[depth], the counterfactual value of every position and hand at
// node n (a node, or ^terminal) given the reach probabilities in reach[depth], and updates the
// regrets and strategy sums below it.
func (sv *solver) walk(n int32, depth int) {
	reach, out := &sv.reach[depth], &sv.value[depth]
	if n < 0 {
		sv.terminalValue(&sv.t.terminals[^n], reach, out)
		return
	}
	nd := &sv.t.nodes[n]
	p := nd.actor
	sigma, cv := &sv.sigma[depth], &sv.cv[depth]
	sv.current(n, sigma)
	*out = [rules.NumSeats]vec{}
	for a, c := range nd.child {
		child := &sv.reach[depth+1]
		*child = *reach
		for h := range numHands {
			child[p][h] *= sigma[a][h]
		}
		sv.walk(c, depth+1)
		got := &sv.value[depth+1]
		for s := range rules.NumSeats {
			if s == p {
				continue
			}
			for h := range numHands {
				out[s][h] += got[s][h]
			}
		}
		cv[a] = got[p]
		for h := range numHands {
			out[p][h] += float64(sigma[a][h] * got[p][h])
		}
	}
	r, sum := &sv.regret[n], &sv.sum[n]
	for a := range nd.child {
		for h := range numHands {
			r[a][h] = max(0, r[a][h]+cv[a][h]-out[p][h])
			sum[a][h] += float64(sv.weight * reach[p][h] * sigma[a][h])
		}
	}
}

// terminalValue adds up, for every position and hand, the payoff of the terminal over every
// deal, weighted by the deal's probability and the other positions' reach probabilities: the
// counterfactual value. Deals in which two positions never get here are skipped.
func (sv *solver) terminalValue(tm *terminal, reach, out *[rules.NumSeats]vec) {
	*out = [rules.NumSeats]vec{}
	// pay[w][s]: what position s gets when the positions in w share the pot.
	var pay [1 << rules.NumSeats][rules.NumSeats]float64
	for w := 1; w < 1<<rules.NumSeats; w++ {
		if uint8(w)&^tm.alive != 0 {
			continue
		}
		for s := range rules.NumSeats {
			pay[w][s] = tm.payoff(w, s)
		}
	}
	r0, r1, r2, r3 := &reach[0], &reach[1], &reach[2], &reach[3]
	o0, o1, o2, o3 := &out[0], &out[1], &out[2], &out[3]
	hs, ps, win, next := sv.ds.hands, sv.ds.p, sv.ds.win[tm.alive], sv.ds.next01
	for i := 0; i < len(hs); {
		x := hs[i]
		h0, h1, h2, h3 := uint8(x), uint8(x>>8), uint8(x>>16), uint8(x>>24)
		a, b := r0[h0], r1[h1]
		if a == 0 && b == 0 {
			i = int(next[i])
			continue
		}
		c, e := r2[h2], r3[h3]
		if (a*b == 0 && c*e == 0) || (c == 0 && e == 0) {
			i++
			continue // two positions never get here: nobody's value changes
		}
		p := float64(ps[i])
		u := &pay[win[i]]
		i++
		ab, ce := a*b*p, c*e*p
		o0[h0] += float64(b * ce * u[0])
		o1[h1] += float64(a * ce * u[1])
		o2[h2] += float64(ab * e * u[2])
		o3[h3] += float64(ab * c * u[3])
	}
}

// table turns the strategy sums into the average strategy. An information set that the
// average never reaches (a hand that never gets there) keeps the current strategy.
func (sv *solver) table() *Table {
	t := newTable(sv.t)
	var sigma [maxVerbs]vec
	for n := range sv.t.nodes {
		k := len(sv.t.nodes[n].verbs)
		sv.current(int32(n), &sigma)
		for h := range numHands {
			total := 0.0
			for a := range k {
				total += sv.sum[n][a][h]
			}
			var p [maxVerbs]float64
			for a := range k {
				if total > 0 {
					p[a] = sv.sum[n][a][h] / total
				} else {
					p[a] = sigma[a][h]
				}
			}
			t.set(int32(n), h, p[:k])
		}
	}
	return t
}
