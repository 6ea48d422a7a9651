package guandan

// Outcome applies RULES.md "Promotion and match end" to the finishing order of one deal.
//
// levels are the teams' levels before the deal and dealLevel the level the deal was played at;
// finish lists seats in finishing order: two seats for a 1–2 finish, else three or four (a
// missing fourth is the seat not listed). The first finisher's team goes up 3 levels when the
// partner came second, 2 when third, 1 when last, never above the Ace. It returns the new levels,
// the level of the next deal (the winners' new level; 0 when the match is over) and the team
// that won the match, or -1. A team wins the match when it was at A before the deal, the deal was
// played at A, and the partner was not last.
func Outcome(levels [2]Rank, dealLevel Rank, finish []int) (newLevels [2]Rank, next Rank, matchWinner int) {
	newLevels = levels
	if len(finish) == 0 {
		return newLevels, dealLevel, -1
	}
	first := finish[0]
	team := first % 2
	partnerPlace := 4
	for i, s := range finish {
		if s == (first+2)%4 {
			partnerPlace = i + 1
		}
	}
	if partnerPlace < 4 && levels[team] == Ace && dealLevel == Ace {
		return newLevels, 0, team
	}
	up := Rank(5 - partnerPlace) // partner 2nd: +3, 3rd: +2, 4th: +1
	newLevels[team] = min(levels[team]+up, Ace)
	return newLevels, newLevels[team], -1
}

// Give is one card passed between two seats: a tribute or a return.
type Give struct {
	From, To int
	Card     Card
}

// TributeResult is the tribute before a deal.
//
// Leader is the seat that leads the deal. RULES.md gives the lead to the player who receives
// first place's return card, and that is always the payer whose tribute went to first place,
// so the leader is known before the returns are chosen. When the tribute is cancelled the
// previous first place leads.
type TributeResult struct {
	Cancelled bool
	Gives     []Give
	Leader    int
}

// strongestTribute returns the strongest non-wild card of the hand (RULES.md: tribute is never
// a wild). Ties between equally strong cards go to the lowest card index, so the engine is
// deterministic; ok is false for a hand without a non-wild card.
func strongestTribute(hand Set, level Rank) (c Card, ok bool) {
	best := -1
	for _, x := range hand.Cards() {
		if x.IsWild(level) {
			continue
		}
		if s := Strength(x.Rank(), level); s > best {
			best, c, ok = s, x, true
		}
	}
	return c, ok
}

// countRed returns how many Red Jokers the hand holds.
func countRed(hand Set) int {
	n := 0
	for cp := 0; cp < 2; cp++ {
		if hand.Has(Card(cp*facesPerPack + faceRJ)) {
			n++
		}
	}
	return n
}

// Tribute computes the tribute before a deal (RULES.md "Tribute and return") from the previous
// deal's finishing order (as Outcome takes it) and the new hands, at the new deal's level.
//
// After a 1–2 finish both opponents pay (double tribute), the stronger card to first place and
// the other to second; equal cards: the payer who comes first in turn order after first place
// pays first place. Otherwise the last-placed player pays first place (single tribute), even
// when the two are partners. The tribute is refused when the payer (or the two payers together)
// holds both Red Jokers. The hands are not changed: the caller moves the cards. Without a
// previous finish (the first deal) there is no tribute: Cancelled is true and Leader is -1,
// since the first leader is drawn at random.
func Tribute(level Rank, prevFinish []int, hands [4]Set) TributeResult {
	if len(prevFinish) == 0 {
		return TributeResult{Cancelled: true, Leader: -1}
	}
	first := prevFinish[0]
	if len(prevFinish) >= 2 && prevFinish[1] == (first+2)%4 {
		second := prevFinish[1]
		a, b := (first+1)%4, (first+3)%4 // a comes first in turn order after first place
		if countRed(hands[a])+countRed(hands[b]) == 2 {
			return TributeResult{Cancelled: true, Leader: first}
		}
		ca, _ := strongestTribute(hands[a], level)
		cb, _ := strongestTribute(hands[b], level)
		if Strength(cb.Rank(), level) > Strength(ca.Rank(), level) {
			a, b, ca, cb = b, a, cb, ca
		}
		return TributeResult{
			Gives:  []Give{{From: a, To: first, Card: ca}, {From: b, To: second, Card: cb}},
			Leader: a,
		}
	}
	if len(prevFinish) < 3 {
		return TributeResult{Cancelled: true, Leader: first}
	}
	last := 6 - prevFinish[0] - prevFinish[1] - prevFinish[2]
	if countRed(hands[last]) == 2 {
		return TributeResult{Cancelled: true, Leader: first}
	}
	c, _ := strongestTribute(hands[last], level)
	return TributeResult{Gives: []Give{{From: last, To: first, Card: c}}, Leader: last}
}

// CanReturn reports whether the receiver of a tribute may give back c from hand: a non-wild
// card of natural rank 2 to 10, or, when the hand holds none, one of its weakest cards in the
// order of single cards (a wild counting as a level card).
func CanReturn(level Rank, hand Set, c Card) bool {
	if !hand.Has(c) {
		return false
	}
	lowOK := func(x Card) bool { return !x.IsWild(level) && !x.IsJoker() && x.Rank() <= Ten }
	if lowOK(c) {
		return true
	}
	weakest := 99
	for _, x := range hand.Cards() {
		if lowOK(x) {
			return false
		}
		weakest = min(weakest, CardStrength(x, level))
	}
	return CardStrength(c, level) == weakest
}

// Returnable is the set of cards CanReturn allows from hand: what a receiver may choose from.
func Returnable(level Rank, hand Set) Set {
	var ok Set
	for _, c := range hand.Cards() {
		if CanReturn(level, hand, c) {
			ok.Add(c)
		}
	}
	return ok
}

// CardStrength is Strength for a physical card, its strength as a single: a wild is a level
// card. Tribute, return and every player that ranks single cards use it.
func CardStrength(c Card, level Rank) int {
	if c.IsWild(level) {
		return Strength(level, level)
	}
	return Strength(c.Rank(), level)
}
