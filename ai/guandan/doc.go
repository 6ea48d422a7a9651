// Package guandan holds the Guandan computer players: Player, the planning AI (the Club
// level); Master, the search built on it (the Master level); the Beginner level (NewAgent);
// two baselines they are measured against, RandomPlayer and GreedyPlayer; and the panel's
// rule players, Rusher and Keeper (panel.go). Duel, PlayDeal
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
// planner as the policy of every simulated player, late in the deal:
//
//   - When. Once some active seat holds at most Options.Near cards: earlier the rollouts are
//     long, few fit the budget, and the deal is far from decided. A lead while the partner has
//     one or two cards left (and is closer to going out than both opponents) is left to the
//     planner, which feeds the partner.
//   - Candidates. The planner's own move comes first; then, leading, the plays of the plan,
//     and following, the plays that beat, ordered by what they leave of the plan; at most
//     Options.Candidates in all. Passing is a candidate only when the planner passes (see
//     below). The partnership rules prune them before any search (allowed): no play over a
//     winning partner unless it goes out (which wins the deal for the team) or an opponent
//     still to play could go out on the partner's play; no bomb while every opponent holds
//     more than six cards, unless the bomb leaves a hand that goes out.
//   - Samples. The hidden cards (the deck less the seat's hand and everything played) are
//     dealt to the other seats by their card counts, consistent with the public record
//     (sample.go): a tribute or return card not played since is still with the seat that
//     received it; a tribute payer gave its strongest non-wild card, so it holds no stronger
//     one; a refused tribute puts both Red Jokers with the payers. Every pass of the deal on a
//     play of the other team (gd.View.History) is soft evidence: a draw in which the seat,
//     holding then its sampled hand plus the cards it played later, could have beaten that play
//     with an ordinary play keeps half its weight per such pass; of up to Options.Tries draws,
//     each accepted with probability its weight, the best is kept (players do pass holding
//     beaters, to keep their hands together, so it is no hard rule).
//   - Rollouts. Each sample is played out once for every candidate with the planner in all four
//     seats and the same policy seed (common random numbers), so that the candidates differ
//     only in the move compared. Before anybody has finished the rollout stops at the first
//     player to go out and scores 1 when that player is of the seat's team (the deal is won);
//     once the deal's winner is known it plays to the end and scores the levels gained or
//     conceded, a third per level.
//   - Race. Every eight samples a candidate whose mean paired difference is below the
//     planner's move by Options.Race standard errors (or not above it when the two never
//     differed) leaves the race, and the search ends when no candidate is left against the
//     planner's move: most searched decisions are clear after eight samples, so the budget
//     goes to the close ones (successive elimination; TestRaceSavesWork: 40 % of the work
//     where the full search completes its samples).
//   - Choice. Master leaves the planner's move only for a candidate whose mean paired
//     difference over the samples is above zero by Options.Margin standard errors: the planner
//     is a strong default, and a search that chased sampling noise would play worse than it.
//
// The budget is counted in work (the search states the planner evaluates in the rollouts'
// decisions, the cards of the deciding hands, the sampling's draws), never in time, so a
// decision depends on the position and the seed alone: the same view gives the same move on
// any machine under any load, and a hint is the very move the AI would make (Advise and Play
// agree). Samples stop before the one that would, at the average cost so far, pass the budget,
// and a sample cut short by the budget is dropped; on fewer than eight samples the planner's
// move stands. BENCHMARKS.md has the decision times the default budget gives and how Master
// fares against Club and the baselines.
//
// # What the measurements say
//
// The choices above come from the arena and from TestSearchAgainstTrueHands, which scores
// every move where the search left the planner again against the true hands of the deal
// (both moves played out from the real position). BENCHMARKS.md has the figures ("Master
// against the panel", "What did not help"); the commits have the runs.
//
//   - Passing where the planner plays lost against the true hands (−0.18 deals a deviation),
//     playing where it passes won (+0.1 to +0.2): so passing is a candidate only when the
//     planner passes. Leads stay searched: without them Master won 97.2–97.8 % of deals
//     against greedy, with them 98.7 %.
//   - The search is only as good as its samples. With the true hands it wins 67 % of deals
//     against Club searching from 10 cards and 77 % from 16; with sampled hands 52–55 %.
//     Only hands known to a card or two come near: over the planner, in deals a deal,
//     sampled hands gain 0.09, every hand but two cards 0.18, the true hands (the oracle)
//     0.34, the next opponent's hand alone 0.25; the bombs and top cards, which inference
//     could hope to place, a few hundredths. Neither the passes nor replaying the
//     opponents' last decisions placed the cards that matter, though the replay
//     discriminates (the true hands pass three such tests in 94 % of positions, plain draws
//     in 18 %): weighting the draws by it won nothing.
//   - The budget is what a player does not notice: a quarter of a second a decision at the
//     99th percentile on one core (each AI move is shown for about 0.6 s). Recycled
//     evaluators, the pass decided before any evaluator is built, and the race buy more
//     samples with it. More budget buys little: from 65,000 to 1,200,000, 0.6 points of the
//     panel's deals.
//   - A model of the opponents is worth what it gets wrong: Keeper, which passes on most plays
//     it could beat, played in the rollouts as the planner cost 5 points, which the reading
//     (read.go) wins back. Rusher and Beginner played by their own code (an experiment; the
//     search must not know its opponents' code) would add a point or two at most.
//   - Club's weights sit on a flat optimum (72 settings within the noise), and neither the
//     search's knobs, nor the partnership rules searched instead of fixed, nor truncated
//     rollouts scored by the plans (to search from the first move) made a measurable
//     difference.
//   - All of the search is worth 3.2 points of the panel's deals over the planner alone
//     (78.8 → 82.0 %): a Master 5 points above the one from before issue 28 would be 6.8
//     above the planner.
//
// So a Master much stronger than Club needs a stronger policy, in the rollouts and at the
// table, not better samples or more budget: for instance a learned evaluation, and one that
// sees more than the planner's plan scores (a logistic model over them, the cards and the
// trick predicts the deal's outcome hardly better than their difference alone).
//
// # Hints
//
// Advise returns the move with a Reason, a catalog key of the guandan_ai catalogs plus its
// arguments (a seat, a count, a kind of combination), so the web can tell the visitor in
// their language why: the partner is winning the trick, the play keeps a straight together,
// it stops East, who has 2 cards left.
package guandan
