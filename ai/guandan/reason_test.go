package guandan

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/cardavia/cardavia/i18n"
	gd "github.com/cardavia/cardavia/rules/guandan"
)

// everyReason lists each reason a hint can give, with every kind the reasons that name a
// combination can name.
func everyReason() []Reason {
	rs := []Reason{}
	for _, k := range []ReasonKey{ReasonGoesOut, ReasonPartnerWinning, ReasonCannotBeat, ReasonSavesBomb,
		ReasonKeepsHand, ReasonStops, ReasonHolds, ReasonFeedsPartner, ReasonCashes, ReasonWeakest, ReasonCheapest,
		ReasonCostsLess, ReasonAsGood, ReasonOnItsWayOut, ReasonOnlyBomb, ReasonBombCostsLess, ReasonSearched} {
		rs = append(rs, Reason{Key: k, Seat: 1, Count: 2})
	}
	for _, key := range []ReasonKey{ReasonKeeps, ReasonSpares, ReasonCheapestBreaks} {
		for k := gd.Pair; k <= gd.JokerBomb; k++ {
			rs = append(rs, Reason{Key: key, Kind: k})
		}
	}
	return rs
}

// TestEveryReasonIsInEveryCatalog: a hint's reason is shown in the visitor's language, so
// every reason, and every level's name, must be in every language's catalog.
func TestEveryReasonIsInEveryCatalog(t *testing.T) {
	for _, l := range i18n.Locales {
		keys := i18n.Keys(l.Code)
		for _, r := range everyReason() {
			if !slices.Contains(keys, r.CatalogKey()) {
				t.Errorf("%s: no message %s", l.Code, r.CatalogKey())
			}
		}
		for _, lv := range Levels {
			for _, k := range []string{"guandan_ai.level." + lv.String(), "guandan_ai.level." + lv.String() + ".help"} {
				if !slices.Contains(keys, k) {
					t.Errorf("%s: no message %s", l.Code, k)
				}
			}
		}
	}
	// The reasons with arguments use them all, in every language (a plural form that forgot
	// one shows "%!"); in English the seat and the count read as they should.
	for _, l := range i18n.Locales {
		ctx := i18n.WithLocale(context.Background(), l)
		for _, n := range []int{1, 2, 5} {
			stops := i18n.T(ctx, Reason{Key: ReasonStops}.CatalogKey(), n, "SEAT")
			holds := i18n.T(ctx, Reason{Key: ReasonHolds}.CatalogKey(), n, "SEAT")
			feeds := i18n.T(ctx, Reason{Key: ReasonFeedsPartner}.CatalogKey(), n)
			if !strings.Contains(stops, "SEAT") || !strings.Contains(holds, "SEAT") ||
				strings.Contains(stops+holds+feeds, "%!") || strings.Contains(stops+holds+feeds, "guandan_ai.") {
				t.Errorf("%s, %d cards: %q / %q / %q", l.Code, n, stops, holds, feeds)
			}
		}
	}
	// The plural reason names the seat and the count in English.
	got := i18n.T(context.Background(), Reason{Key: ReasonStops}.CatalogKey(), 2, "East")
	if !strings.Contains(got, "East") || !strings.Contains(got, "2 cards") {
		t.Errorf("stops reason reads %q", got)
	}
	if got := i18n.T(context.Background(), Reason{Key: ReasonHolds}.CatalogKey(), 5, "East"); !strings.Contains(got, "East") ||
		!strings.Contains(got, "5 cards") {
		t.Errorf("holds reason reads %q", got)
	}
}

// TestFollowReasons checks the reason a hint gives for a play that beats the last one, on
// hand-built positions (seat 0 to act at level 2), through Advise as the web asks for it:
// it says why this play and not the cheapest that beats, which the hint used to claim every
// follow was. Where every seat holds more than Options.Near cards, Master's advice is the
// planner's and must give the same reason.
func TestFollowReasons(t *testing.T) {
	tests := []struct {
		name   string
		master bool // Master advises the same (it does not search the position)
		v      func(t *testing.T) gd.View
		want   string // describe() of the advised play
		reason Reason
	}{
		{"follows with its cheapest single, a single of its plan", true, func(t *testing.T) gd.View {
			return view(t, "3S 4H 5S 5D 6C 7D 9S 9H 9C JS JH QC QD KS KH AS AD", [3]int{20, 20, 20}, 3, "4S", "single:4")
		}, "single:5 5S", Reason{Key: ReasonCheapest, Seat: -1}},
		{"plays its Jacks, as the pair of 5s would break up its straight 3-7", true, func(t *testing.T) gd.View {
			return view(t, "3S 4H 5S 5D 6C 7D 9S 9H 9C JS JH QC QD KS KH AS AD", [3]int{20, 20, 20}, 3, "4S 4C", "pair:4")
		}, "pair:J JS JH", Reason{Key: ReasonSpares, Seat: -1, Kind: gd.Straight}},
		{"breaks up its pair of Aces with the only ordinary play that beats", true, func(t *testing.T) gd.View {
			return view(t, "3S 3H 4C 5D 6S 8H 9S 9H JC JD QS QH KS KD AS AH 7C", [3]int{20, 20, 20}, 3, "KH", "single:K")
		}, "single:A AS", Reason{Key: ReasonCheapestBreaks, Seat: -1, Kind: gd.Pair}},
		{"bombs when the bomb leaves a boss pair and one card", true, func(t *testing.T) gd.View {
			return view(t, "3S 3H 3C 3D RJ RJ 6C", [3]int{20, 20, 20}, 3, "KS KH KC", "triple:K")
		}, "bomb:4x3 3S 3H 3C 3D", Reason{Key: ReasonOnItsWayOut, Seat: -1}},
		{"bombs when only a bomb beats an opponent with seven cards", true, func(t *testing.T) gd.View {
			return view(t, "3S 3H 3C 3D 5C 6D 8S 9H TC JD QS KD", [3]int{7, 20, 20}, 1, "AS AH AC", "triple:A")
		}, "bomb:4x3 3S 3H 3C 3D", Reason{Key: ReasonOnlyBomb, Seat: -1}},
		{"holds the trick against an opponent with four cards with its boss, not its loose 6", false, func(t *testing.T) gd.View {
			return view(t, "3S 3H 4C 4D 8S 9H 9C JC JD QS QH KS KD AS AH RJ 6D", [3]int{4, 20, 20}, 1, "5S", "single:5")
		}, "single:RJ RJ", Reason{Key: ReasonHolds, Seat: 1, Count: 4}},
	}
	for _, tc := range tests {
		for name, p := range players() {
			if name == "master" && !tc.master {
				continue
			}
			t.Run(name+"/"+tc.name, func(t *testing.T) {
				a, r := p.Advise(tc.v(t))
				if got := describe(a); got != tc.want {
					t.Fatalf("Advise = %s, want %s", got, tc.want)
				}
				if r != tc.reason {
					t.Errorf("reason = %+v (%s), want %+v (%s)", r, r.CatalogKey(), tc.reason, tc.reason.CatalogKey())
				}
			})
		}
	}
}

// TestFollowReasonsAreTrue plays deals of Club players and asks each for a hint before every
// play that beats another: the reasons that call the play the cheapest that beats must be
// given to the weakest ordinary (not bomb-class) play the engine lists (gd.LegalPlays), those
// that explain a stronger play to a stronger one, and ReasonOnlyBomb only where no ordinary
// play beats.
func TestFollowReasonsAreTrue(t *testing.T) {
	deals := 40
	if testing.Short() {
		deals = 8
	}
	seen := map[ReasonKey]int{}
	for d := range deals {
		var agents [4]Agent
		for s := range agents {
			agents[s] = &reasonChecker{p: New(gd.Mix(uint64(d), uint64(s))), t: t, seen: seen}
		}
		if _, err := PlayDeal(gd.NewMatch(gd.Mix(uint64(d), 77)), agents); err != nil {
			t.Fatal(err)
		}
	}
	// The deals must have put the reasons to the test.
	for _, k := range []ReasonKey{ReasonCheapest, ReasonSpares, ReasonCostsLess, ReasonOnlyBomb} {
		if seen[k] == 0 {
			t.Errorf("no hint gave %s in %d deals", k, deals)
		}
	}
}

// reasonChecker is a Club player that checks the hint's reason before each of its follows.
type reasonChecker struct {
	p    *Player
	t    *testing.T
	seen map[ReasonKey]int
}

func (c *reasonChecker) Play(v gd.View) gd.Action {
	a, why := c.p.Advise(v)
	if !v.Leading && !v.LastPlay.Reading.IsZero() && a.Kind == gd.ActPlay && a.Cards != v.Hand {
		c.seen[why.Key]++
		cheapest, ordinary := 0, false
		for _, p := range gd.LegalPlays(v.Hand, v.Level, v.LastPlay.Reading) {
			if s := keyStrength(p.Reading, v.Level); !p.Reading.IsBomb() && (!ordinary || s < cheapest) {
				cheapest, ordinary = s, true
			}
		}
		s := keyStrength(a.Reading, v.Level)
		bad := false
		switch why.Key {
		case ReasonCheapest, ReasonCheapestBreaks:
			bad = a.Reading.IsBomb() || s != cheapest
		case ReasonSpares, ReasonCostsLess:
			bad = a.Reading.IsBomb() || s <= cheapest
		case ReasonOnlyBomb:
			bad = !a.Reading.IsBomb() || ordinary
		case ReasonBombCostsLess:
			bad = !a.Reading.IsBomb() || !ordinary
		}
		if bad {
			c.t.Errorf("hand %v, beating %v: %s, because %s (the cheapest ordinary play that beats has strength %d, found %v)",
				v.Hand, v.LastPlay.Reading, describe(a), why.CatalogKey(), cheapest, ordinary)
		}
		// "This one leaves your straight whole" is not said of the plan's straight played.
		if why.Key == ReasonSpares && why.Kind == a.Reading.Kind &&
			slices.ContainsFunc(Plan(v.Hand, v.Level), func(p gd.Play) bool { return p.Reading == a.Reading }) {
			c.t.Errorf("hand %v, beating %v: %s, which is the plan's own, because %s", v.Hand, v.LastPlay.Reading, describe(a), why.CatalogKey())
		}
	}
	return c.p.Play(v)
}

func (c *reasonChecker) Return(v gd.View) gd.Card { return c.p.Return(v) }

func TestParseLevel(t *testing.T) {
	for _, l := range Levels {
		if got, ok := ParseLevel(l.String()); !ok || got != l {
			t.Errorf("ParseLevel(%q) = %v, %v", l.String(), got, ok)
		}
	}
	for _, s := range []string{"", "Master", "expert", "club "} {
		if _, ok := ParseLevel(s); ok {
			t.Errorf("ParseLevel(%q) accepted", s)
		}
	}
}
