// Package guandan holds the Guandan computer players: Player, the planning AI the site seats at
// the table, and two baselines it is measured against, RandomPlayer and GreedyPlayer. Duel,
// PlayDeal and Wilson run and score the arena (cardavia arena guandan).
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
package guandan
