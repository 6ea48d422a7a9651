// Package record is the stored form of a match: its seed and its actions, nothing else that
// could drift. A record replays through the pure engines of rules/asnas and rules/guandan to
// the exact match it was played as, so the state is never stored; it is derived.
//
// # Why a binary codec
//
// A whole Guandan match from 2 to A is thousands of actions. As JSON with field names it
// would run to tens of kilobytes, and its names would be the engine's (rules/guandan.Match
// has none of its own). The codec here is a few lines of explicit writes and reads: every
// field has a fixed place, every number a stated range, cards and verbs their own codes
// (independent of the engines' enum values), so nothing about an engine's Go types reaches
// the stored bytes. A 12-deal As-Nas match takes about 120 bytes, a Guandan match about 190
// bytes a deal.
//
// # Strict
//
// Every record starts with a format version and the engine's RulesVersion. Decoding refuses
// another format version (ErrFormat), other rules (ErrRules), a value out of range, bytes left
// over, and an action the engine refuses on replay (ErrCorrupt): a record is read back exactly
// or not at all, never zero-filled. testdata holds golden records of every format version, and
// a test decodes them, so a change that would make stored matches unreadable fails CI.
//
// # Format 1
//
// All integers are unsigned varints (encoding/binary) unless fixed; u64 is 8 bytes little
// endian.
//
//	record  = format(1) game(1 As-Nas, 2 Guandan) rules id started seed(u64) deals
//	deals   = count deal...
//	As-Nas deal  = count verb...            verb: 1 look, 2 call, 3 hold, 4 raise, 5 fold
//	Guandan deal = start count action...
//	start   = rng(u64) level-team-0 level-team-1 level(1 byte each, 2..14) dealno finish dealt
//	finish  = count(0..4) seat...
//	dealt   = 0 (shuffled from rng) | 1 leader hand hand hand hand (a given position)
//	hand    = count card...
//	action  = head cards [reading]          head: kind<<4 | number of cards (0..10)
//	          kind 0 pass, 1 play, 2 return, 3 play naming a reading (count + CONFORMANCE text)
//	card    = copy*54 + face, face = (rank-2)*4 + suit (S H C D) or 52, 53 for the jokers
//
// The seat of every action is not stored: it is the seat the engine says is to act. A new deal
// in the list is the human's "next deal" (As-Nas deals are shuffled from the match seed and the
// deal number; a Guandan deal's start is its generator state, stored so that a load replays
// only the current deal, and checked against the full replay by the tests).
package record
