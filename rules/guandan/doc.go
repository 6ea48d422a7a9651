// Package guandan is the rules engine of Guandan, the level-climbing partnership game played
// with two packs (RULES.md, "Game 2", is the authority). It is pure: no I/O, no clock, no global
// state; a match owns its own seeded random generator, so every deal can be replayed and a saved
// match (JSON) deals the same future.
//
// The layers, each usable alone:
//   - cards: Card (one of 108, the two packs told apart), Set (a 108-bit hand), CONFORMANCE
//     notation, Strength;
//   - combinations: Readings says what a set of cards can be played as, wild cards and the
//     Decisions of RULES.md included; Reading.Beats orders plays, bomb ladder included;
//   - choices: LegalPlays lists the distinct plays of a hand (see its doc comment for what
//     "distinct" means, and SamePlayClass for the exact equivalence);
//   - between deals: Outcome (promotion, match end), Tribute and CanReturn;
//   - the match: Match is a value and Apply its only transition; View is what one seat sees.
package guandan
