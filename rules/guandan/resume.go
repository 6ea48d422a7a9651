package guandan

import "slices"

// DealStart is everything a match carries from one deal into the next: the generator's state
// (the deal's seed), the teams' levels, the level of the deal, its number and the previous
// deal's finishing order (which decides the tribute). With the actions of the deal it rebuilds
// the deal exactly, so a stored match need not be replayed from its first deal.
type DealStart struct {
	// RNG is the generator's state before the deal is shuffled.
	RNG uint64
	// Levels are the teams' levels going into the deal; Level is the deal's level rank.
	Levels [2]Rank
	Level  Rank
	// DealNo is the number of the deal, from 1.
	DealNo int
	// PrevFinish is the previous deal's finishing order, empty for the first deal.
	PrevFinish []int
	// Given, when true, deals Hands instead of shuffling, with Leader to lead and no tribute:
	// a position built for a test or a study (as NewDealFrom builds it), recorded and replayed
	// like any deal. The deals after it are shuffled from RNG as usual.
	Given  bool
	Hands  [4]Set
	Leader int
}

// FirstDeal is the start of the first deal of the match NewMatch(seed) starts.
func FirstDeal(seed uint64) DealStart {
	return DealStart{RNG: seed, Levels: [2]Rank{Two, Two}, Level: Two, DealNo: 1}
}

// NextDeal is the start of the deal that ActNextDeal would deal now; it is meaningful once the
// current deal is over.
func (m Match) NextDeal() DealStart {
	return DealStart{RNG: m.RNG, Levels: m.Levels, Level: m.NextLevel, DealNo: m.DealNo + 1, PrevFinish: slices.Clone(m.PrevFinish)}
}

// Resume deals the deal s describes, with its tribute, and returns the match and the events of
// the deal's start: exactly what NewMatch (for FirstDeal) or ActNextDeal (for NextDeal) gives.
func Resume(s DealStart) (Match, []Event) {
	if s.Given {
		m := NewDealFrom(s.Level, s.Hands, s.Leader)
		m.RNG, m.Levels, m.DealNo = s.RNG, s.Levels, s.DealNo
		if len(s.PrevFinish) > 0 {
			m.PrevFinish = slices.Clone(s.PrevFinish)
		}
		return m, []Event{{Kind: EvDealt, Levels: m.Levels, Place: m.DealNo, Seat: -1}, {Kind: EvLead, Seat: m.Leader}}
	}
	m := Match{
		RNG: s.RNG, Levels: s.Levels, NextLevel: s.Level, DealNo: s.DealNo - 1,
		Winner: -1, Turn: -1, LastSeat: -1,
	}
	if len(s.PrevFinish) > 0 {
		m.PrevFinish = slices.Clone(s.PrevFinish)
	}
	ev := m.startDeal(nil)
	return m, ev
}
