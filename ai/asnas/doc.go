// Package asnas holds the As-Nas players and the tools that measure them.
//
// The AI plays at three levels (Level): Beginner, a loose and readable player; Club, an
// equity heuristic; and Master, an equilibrium strategy computed by CFR+ over the whole game
// (Solve) and committed as a table (master.table). Exploitability computes exactly what a
// perfect exploiter in one seat earns against three copies of any Policy; Duel measures players
// against each other and against two simple baselines (always-call and random); Play is the one
// loop that lets AI seats act, used by the web table and the arena; Coach gives a learner the
// exact odds of their hand and Master's choice.
//
// A player decides from a rules View only, the same view the engine gives a human, so it can
// never use a card its seat may not see. Its randomness comes from its own seeded generator.
//
// The solver, Master and the exploitability calculator share one picture of the game: the
// public betting tree seen from the dealer (788 decision points, 1,023 ends), the 121 distinct
// hands, and the 261,331 ways the pack can fall into four hands, each with its exact
// probability. Looks are not part of the tree: looking changes nothing in the betting, every
// level looks before it bets, and an exploiter who did not look would only know less.
package asnas
