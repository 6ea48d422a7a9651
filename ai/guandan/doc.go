// Package guandan holds the Guandan computer players: Player, the planning AI (the Club
// level); Master, the search built on it (the Master level); the Beginner level (NewAgent);
// and two baselines they are measured against, RandomPlayer and GreedyPlayer. Duel, PlayDeal
// and Wilson run and score the arena (cardavia arena guandan).
//
// Every player decides from a guandan.View only, so it sees exactly what a human in its seat
// would see: its own cards and the public record of the deal. Player works on rank-count
// summaries of a hand rather than on lists of legal plays, because its planner searches over
// many ways of splitting a hand and counting cards by rank is far faster than enumerating plays.
//
// How Player decides, in short: Plan splits the hand into the fewest plays worth the most (see
// search.go); a lead is the plan's weakest play unless the bosses can be cashed to go out, the
// partner can be fed, or an opponent could go out on it; a follow is the play whose loss leaves
// the best plan, weighed against passing, with a pull towards holding the trick that grows as
// opponents run out of cards; a partner's trick is left alone unless the next opponent is close
// to going out.
//
// # The search (Master)
//
// Master is determinized Monte Carlo search over the information set of its seat, with the
// planner as the policy of every simulated player:
//
//   - Candidates. The planner's own move comes first; then, following, passing and the plays
//     that beat, ordered by what they leave of the plan; leading, the plays of the plan. At most
//     Options.Candidates are compared. The partnership rules prune them before any search
//     (allowed): no play over a winning partner unless it goes out (which wins the deal for the
//     team) or an opponent still to play could go out on the partner's play; no bomb while
//     every opponent holds more than six cards, unless the bomb leaves a hand that goes out. A
//     lead while the partner has one or two cards left (and is closer to going out than both
//     opponents) is left to the planner, which feeds the partner.
//   - Samples. The hidden cards (the deck less the seat's hand and everything played) are
//     dealt to the other seats by their card counts, consistent with the public record
//     (sample.go): a tribute or return card not played since is still with the seat that
//     received it; a tribute payer gave its strongest non-wild card, so it holds no stronger
//     one; a refused tribute puts both Red Jokers with the payers. Passes of the current trick
//     on a play of the other team are soft evidence: a sample in which that seat could have
//     beaten the play with an ordinary play is kept with half the weight per such pass
//     (players do pass holding beaters, to keep their hands together, so it is no hard rule).
//     The view holds only the current trick, so passes of earlier tricks are not used.
//   - Rollouts. Each sample is played out once for every candidate with the planner in all four
//     seats and the same policy seed (common random numbers), so that the candidates differ
//     only in the move compared. Before anybody has finished the rollout stops at the first
//     player to go out and scores 1 when that player is of the seat's team (the deal is won);
//     once the deal's winner is known it plays to the end and scores the levels gained or
//     conceded, a third per level.
//   - Choice. Master leaves the planner's move only for a candidate whose mean paired
//     difference over the samples is above zero by two standard errors: the planner is a
//     strong default, and a search that chased sampling noise would play worse than it.
//
// The search plays only when some active seat holds at most Options.Near cards: earlier, the
// rollouts are long and the deal is far from decided, and the planner's plan is what matters.
// The budget is counted in work (the cards of the deciding hands summed over the rollouts'
// decisions), never in time, so a decision depends on the position and the seed alone: the
// same view gives the same move on any machine under any load, and a hint is the very move
// the AI would make (Advise and Play agree). BENCHMARKS.md has the decision times the default
// budget gives and how Master fares against Club and the baselines.
//
// # Hints
//
// Advise returns the move with a Reason, a catalog key of the guandan_ai catalogs plus its
// arguments (a seat, a count, a kind of combination), so the web can tell the visitor in
// their language why: the partner is winning the trick, the play keeps a straight together,
// it stops East, who has 2 cards left.
package guandan
