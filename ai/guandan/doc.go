// Package guandan holds the Guandan computer players: Player, the planning AI the site seats at
// the table, and two baselines it is measured against in the arena, RandomPlayer and
// GreedyPlayer.
//
// Every player decides from a guandan.View only, so it sees exactly what a human in its seat
// would see: its own cards and the public record of the deal. Player works on rank-count
// summaries of a hand rather than on lists of legal plays, because its planner searches over
// many ways of splitting a hand and counting cards by rank is far faster than enumerating plays.
package guandan
