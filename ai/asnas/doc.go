// Package asnas holds the As-Nas players: the AI that sits at the table, and two simple
// baselines (always-call and random) that measure it.
//
// A player decides from a rules View only, the same view the engine gives a human, so it can
// never use a card its seat may not see. Its randomness comes from its own seeded generator.
package asnas
