package guandan

import (
	"context"
	"testing"

	gd "github.com/cardavia/cardavia/rules/guandan"
)

func rusher(_ int, _ uint64) Agent { return Rusher{} }
func keeper(_ int, _ uint64) Agent { return Keeper{} }

// TestPanelChoices checks each panel player's characteristic choices on hand-built positions,
// the same positions for both where they differ by design.
func TestPanelChoices(t *testing.T) {
	far := [3]int{20, 20, 20}
	tests := []struct {
		name   string
		v      func(t *testing.T) gd.View
		rusher string
		keeper string
	}{
		{"leads: the weakest play, or the longest", func(t *testing.T) gd.View {
			return view(t, "4S 7H 8C 9D TS JS", far, -1, "", "")
		}, "single:4 4S", "straight:J 7H 8C 9D TS JS"},
		{"an opponent's single: break a pair, or keep the pairs and pass", func(t *testing.T) gd.View {
			return view(t, "6S 6H 9C 9D", far, 1, "5S", "single:5")
		}, "single:6 6S", "pass"},
		{"an opponent's single: a single of the split beats it", func(t *testing.T) gd.View {
			return view(t, "6S 6H 9C 9D QH", far, 1, "5S", "single:5")
		}, "single:6 6S", "single:Q QH"},
		{"an opponent's ace, nobody close: bomb at once, or keep the bomb", func(t *testing.T) gd.View {
			return view(t, "3S 3H 3C 3D 5S 6C 8D 9S JH", far, 3, "AS", "single:A")
		}, "bomb:4x3 3S 3H 3C 3D", "pass"},
		{"an opponent's ace, the opponent close: both bomb", func(t *testing.T) gd.View {
			return view(t, "3S 3H 3C 3D 5S 6C 8D 9S JH", [3]int{20, 20, 4}, 3, "AS", "single:A")
		}, "bomb:4x3 3S 3H 3C 3D", "bomb:4x3 3S 3H 3C 3D"},
		{"a boss against far opponents: Keeper saves it", func(t *testing.T) gd.View {
			return view(t, "6S 6H 8D 8C RJ", far, 1, "5S", "single:5")
		}, "single:6 6S", "pass"},
		{"a boss against an opponent close to going out: Keeper spends it", func(t *testing.T) gd.View {
			return view(t, "6S 6H 8D 8C RJ", [3]int{5, 20, 20}, 1, "5S", "single:5")
		}, "single:6 6S", "single:RJ RJ"},
		{"the partner's trick: both leave it", func(t *testing.T) gd.View {
			return view(t, "6S 9H 9C KS KH KD AS", far, 2, "5S", "single:5")
		}, "pass", "pass"},
		{"the partner's trick, going out on it", func(t *testing.T) gd.View {
			return view(t, "9S", far, 2, "5S", "single:5")
		}, "single:9 9S", "single:9 9S"},
		{"Keeper cashes its bosses when one play is left to lose", func(t *testing.T) gd.View {
			return view(t, "3S RJ RJ", far, -1, "", "")
		}, "single:3 3S", "pair:RJ RJ RJ"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := tc.v(t)
			if got := describe(Rusher{}.Play(v)); got != tc.rusher {
				t.Errorf("Rusher: got %q, want %q", got, tc.rusher)
			}
			if got := describe(Keeper{}.Play(v)); got != tc.keeper {
				t.Errorf("Keeper: got %q, want %q", got, tc.keeper)
			}
		})
	}
}

// TestPanelPlaysDifferently checks that the panel's players are opponents of their own: each
// loses to Club (they are simpler) but wins deals from it, and they pass at rates far apart,
// Keeper more often than Club and Rusher less, on the follows where they could beat.
func TestPanelPlaysDifferently(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 160 deals")
	}
	for _, tc := range []struct {
		name string
		them func(int, uint64) Agent
	}{{"rusher", rusher}, {"keeper", keeper}} {
		d := Duel{Deals: 80, Seed: 20261204, Us: ai, Them: tc.them}
		wins, err := d.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("Club vs %s: %d/%d", tc.name, wins, d.Deals)
		if wins == d.Deals || 2*wins < d.Deals {
			t.Errorf("Club won %d of %d deals against %s: want more than half, not all", wins, d.Deals, tc.name)
		}
	}
	rates := map[string]float64{}
	for name, p := range map[string]Agent{"club": New(1), "rusher": Rusher{}, "keeper": Keeper{}} {
		passes, could := 0, 0
		for _, v := range positions(t, 20) {
			if v.Leading || v.LastPlay.Reading.IsZero() || v.LastSeat%2 == v.Seat%2 ||
				len(gd.LegalPlays(v.Hand, v.Level, v.LastPlay.Reading)) == 0 {
				continue
			}
			could++
			if p.Play(v).Kind == gd.ActPass {
				passes++
			}
		}
		rates[name] = float64(passes) / float64(could)
	}
	t.Logf("passes on an opponent's play that could be beaten: %v", rates)
	if !(rates["rusher"] < rates["club"] && rates["club"] < rates["keeper"]) {
		t.Errorf("pass rates %v: want rusher < club < keeper", rates)
	}
}
