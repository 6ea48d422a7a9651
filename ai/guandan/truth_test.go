package guandan

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

// The measurements of this file are skipped unless asked for; BENCHMARKS.md and the package
// doc report what they gave.
var (
	truthDeals   = flag.Int("truth-deals", 0, "deals TestSearchAgainstTrueHands collects positions from (0: skip)")
	truthConfigs = flag.String("truth-configs", "default;oracle", `';'-separated Master options to score, e.g. "Samples=96 Budget=150000"; "oracle" knows the true hands, "reveal=KIND" part of them (see revealOf)`)
	passDeals    = flag.Int("pass-deals", 0, "Club-against-Club deals TestClubPassRate plays (0: skip)")
)

// truthPosition is a decision of Master's seat late in a deal, with the true hands.
type truthPosition struct {
	v     gd.View
	hands [4]gd.Set
}

// truthPositions plays deals of Master against Club and keeps Master's decisions once some
// active seat holds at most near cards.
func truthPositions(t *testing.T, deals, near int) []truthPosition {
	var out []truthPosition
	for i := 0; i < deals; i++ {
		m := gd.NewMatch(uint64(90000 + i))
		var ag [4]Agent
		for s := 0; s < 4; s++ {
			if s%2 == i%2 {
				ag[s] = NewMaster(uint64(i*4+s), DefaultOptions)
			} else {
				ag[s] = New(uint64(i*4 + s))
			}
		}
		for m.Stage == gd.PhasePlay {
			seat := m.Turn
			v := m.View(seat)
			if seat%2 == i%2 {
				low := 99
				for _, sv := range v.Seats {
					if sv.Place == 0 && sv.Count > 0 {
						low = min(low, sv.Count)
					}
				}
				if low <= near {
					out = append(out, truthPosition{v, m.Hands})
				}
			}
			a := ag[seat].Play(v)
			a.Seat = seat
			n, _, err := m.Apply(a)
			if err != nil {
				t.Fatal(err)
			}
			m = n
		}
	}
	return out
}

// parseOptions reads a config's Master options; its "oracle", "default" and "reveal=..."
// fields are for revealOf.
func parseOptions(t *testing.T, c string) Options {
	var fields []string
	for _, f := range strings.Fields(c) {
		if k, _, _ := strings.Cut(f, "="); k != "oracle" && k != "default" && k != "reveal" {
			fields = append(fields, f)
		}
	}
	o, err := ParseOptions(strings.Join(fields, " "))
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// TestSearchAgainstTrueHands scores Master's deviations from the planner against the true
// hands: in positions of Master-against-Club deals, each move where the search leaves the
// planner is played out from the real position, both it and the planner's move, four times
// (policy seeds), and the mean difference in rollout score (deals won) is summed. It is a
// paired yardstick with less noise than the arena, though it trusts the planner as the model
// of every seat. Run with -args -truth-deals 60 [-truth-configs "..."].
func TestSearchAgainstTrueHands(t *testing.T) {
	if *truthDeals == 0 {
		t.Skip("a measurement: -args -truth-deals N")
	}
	pos := truthPositions(t, *truthDeals, DefaultOptions.Near)
	t.Logf("%d positions from %d deals", len(pos), *truthDeals)
	for _, c := range strings.Split(*truthConfigs, ";") {
		o := parseOptions(t, c)
		gain, dev := 0.0, 0
		byKind := map[string][2]float64{} // deviations and their gain, by kind of deviation
		for i, p := range pos {
			m := NewMaster(uint64(i), o)
			if r, ok := revealOf(t, c, p); ok {
				m.reveal = &r
			}
			a, _ := m.choose(p.v)
			o0 := o
			o0.Samples = 0
			planned, _ := NewMaster(uint64(i), o0).choose(p.v)
			if sameAction(a, planned) {
				continue
			}
			dev++
			g := 0.0
			for ps := uint64(0); ps < 4; ps++ {
				sa, _ := rollout(p.v, p.hands, a, ps, &plannerStyles)
				sp, _ := rollout(p.v, p.hands, planned, ps, &plannerStyles)
				g += (sa - sp) / 4
			}
			gain += g
			k := deviationKind(p.v, planned, a)
			byKind[k] = [2]float64{byKind[k][0] + 1, byKind[k][1] + g}
		}
		t.Logf("[%s] %d deviations, true gain %.2f deals (%.3f a deal)", c, dev, gain, gain/float64(*truthDeals))
		kinds := make([]string, 0, len(byKind))
		for k := range byKind {
			kinds = append(kinds, k)
		}
		slices.Sort(kinds)
		for _, k := range kinds {
			t.Logf("    %-40s %4.0f deviations, gain %6.2f (%.3f a deal)", k, byKind[k][0], byKind[k][1], byKind[k][1]/float64(*truthDeals))
		}
	}
}

// TestClubPassRate measures how often Club passes on a play of the other team (not a bomb)
// while it holds an ordinary play that beats it, and while it holds none: the ratio is the
// weight of such a pass as evidence (passWeight).
func TestClubPassRate(t *testing.T) {
	if *passDeals == 0 {
		t.Skip("a measurement: -args -pass-deals N")
	}
	var with, withPass, without, withoutPass int
	for i := 0; i < *passDeals; i++ {
		m := gd.NewMatch(uint64(50000 + i))
		var ag [4]*Player
		for s := range ag {
			ag[s] = New(uint64(i*4 + s))
		}
		for m.Stage == gd.PhasePlay {
			seat := m.Turn
			v := m.View(seat)
			a := ag[seat].Play(v)
			a.Seat = seat
			if !v.Leading && v.LastSeat%2 != seat%2 && !v.LastPlay.Reading.IsBomb() {
				has := false
				for _, p := range gd.AppendLegalPlays(nil, v.Hand, v.Level, v.LastPlay.Reading) {
					has = has || !p.Reading.IsBomb()
				}
				if has {
					with++
					if a.Kind == gd.ActPass {
						withPass++
					}
				} else {
					without++
					if a.Kind == gd.ActPass {
						withoutPass++
					}
				}
			}
			n, _, err := m.Apply(a)
			if err != nil {
				t.Fatal(err)
			}
			m = n
		}
	}
	pw, pn := float64(withPass)/float64(with), float64(withoutPass)/float64(without)
	t.Logf("holding a beater: %d, passed %.3f; holding none: %d, passed %.3f; ratio %.2f", with, pw, without, pn, pw/pn)
}

// revealOf is the part of the other seats' true hands that config c tells the search:
// "oracle" all of it; "reveal=bombs" the cards of every rank a seat holds four or more of
// (wilds aside) and four jokers; "reveal=tops" the jokers, the level's cards and the aces;
// "reveal=bombstops" both; "reveal=hideN" all but N cards of each seat, chosen at random;
// "reveal=smallN" the whole hand of each seat holding N cards or fewer, nothing of the others;
// "reveal=next", "prev", "partner" one seat's whole hand (after the searcher's, before it, its
// partner's), "reveal=opponents" both opponents'; "reveal=nexthideN" the next opponent's hand
// but N cards chosen at random.
func revealOf(t *testing.T, c string, p truthPosition) ([4]gd.Set, bool) {
	var out [4]gd.Set
	kind := ""
	for _, f := range strings.Fields(c) {
		if f == "oracle" {
			kind = "oracle"
		} else if k, ok := strings.CutPrefix(f, "reveal="); ok {
			kind = k
		}
	}
	if kind == "" {
		return out, false
	}
	lv := p.v.Level
	for s, h := range p.hands {
		switch kind {
		case "oracle":
			out[s] = h
			continue
		case "bombs", "tops", "bombstops":
		case "next", "prev", "partner", "opponents":
			// One seat's hand whole, or both opponents': the seat after the searcher's (the
			// opponent its play must get past), the one before it, its partner.
			d := (s - p.v.Seat + 4) % 4
			if kind == "next" && d == 1 || kind == "partner" && d == 2 || kind == "prev" && d == 3 || kind == "opponents" && d%2 == 1 {
				out[s] = h
			}
			continue
		default:
			name, k := revealCount(t, kind)
			switch {
			case name == "hide":
				out[s] = allBut(h, k, s)
			case name == "nexthide" && (s-p.v.Seat+4)%4 == 1:
				out[s] = allBut(h, k, s)
			case name == "small" && h.Len() <= k:
				out[s] = h // a hand of k cards or fewer, whole; the others not at all
			}
			continue
		}
		var byRank [gd.RedJoker + 1]gd.Set
		var jokers gd.Set
		for _, x := range h.Cards() {
			joker := x.Rank() == gd.RedJoker || x.Rank() == gd.BlackJoker
			if joker {
				jokers.Add(x)
			}
			if !x.IsWild(lv) {
				byRank[x.Rank()].Add(x)
			}
			if kind != "bombs" && (joker || x.Rank() == lv || x.Rank() == gd.Ace) {
				out[s].Add(x)
			}
		}
		if kind != "tops" {
			for _, g := range byRank {
				if g.Len() >= 4 {
					out[s] = out[s].Union(g)
				}
			}
			if jokers.Len() == 4 {
				out[s] = out[s].Union(jokers)
			}
		}
	}
	return out, true
}

// revealCount splits a reveal kind ending in a count, "hide4", into its name and count, and
// fails the test for any other kind.
func revealCount(t *testing.T, kind string) (string, int) {
	for _, name := range []string{"nexthide", "hide", "small"} {
		if n, ok := strings.CutPrefix(kind, name); ok {
			if k, err := strconv.Atoi(n); err == nil {
				return name, k
			}
		}
	}
	t.Fatalf("unknown reveal %q", kind)
	return "", 0
}

// allBut is hand h of seat s but k of its cards, chosen at random (the same ones every time).
func allBut(h gd.Set, k, s int) gd.Set {
	cards := h.Cards()
	rng := rand.New(rand.NewPCG(uint64(s), h[0]^h[1]))
	rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	var out gd.Set
	for _, x := range cards[min(k, len(cards)):] {
		out.Add(x)
	}
	return out
}

// deviationKind names what kind of decision a deviation of the search from the planner is:
// a lead or a follow (over the partner or an opponent), what the planner did and what the
// search did instead, and how many cards the next opponent holds.
func deviationKind(v gd.View, planned, searched gd.Action) string {
	what := func(a gd.Action) string {
		switch {
		case a.Kind == gd.ActPass:
			return "pass"
		case a.Reading.IsBomb():
			return "bomb"
		}
		return "play"
	}
	situation := "lead"
	if !(v.Leading || v.LastPlay.Reading.IsZero()) {
		situation = "follow-opp"
		if v.LastSeat == (v.Seat+2)%4 {
			situation = "follow-partner"
		}
	}
	next := v.Seats[(v.Seat+1)%4]
	n := next.Count
	if next.Place != 0 {
		n = 0
	}
	band := "next>8"
	switch {
	case n == 0:
		band = "next out"
	case n <= 3:
		band = "next<=3"
	case n <= 8:
		band = "next<=8"
	}
	return fmt.Sprintf("%s %s->%s %s", situation, what(planned), what(searched), band)
}
