// Package asnas is the rules engine of As-Nas, the Iranian 20-card betting game, exactly as
// RULES.md specifies it.
//
// The engine is pure: a Deal and a Match are values, Apply returns the next value and the events
// that happened, and an illegal action returns an error without touching the receiver. All
// randomness comes from a seed kept in the state, so every deal can be replayed from its seed
// and its actions, and both types survive a JSON round trip (the web store saves them as JSON).
// A seat sees the game only through a View, which holds nothing that seat may not see.
//
// A deal keeps its public History: every accepted action in order, the seat and the verb. A
// look is in it too, as "SEAT:look" at the moment it happened, because everybody at the table
// sees a player look at their cards (RULES.md); what they saw is never in it. Every seat's view
// carries the same history.
package asnas
