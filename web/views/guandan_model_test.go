package views

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/cardavia/cardavia/i18n"
	gd "github.com/cardavia/cardavia/rules/guandan"
)

func mustCards(t *testing.T, s string) gd.Set {
	t.Helper()
	set, err := gd.ParseCards(s)
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// TestGuandanMessagesFormatInEveryLanguage renders every Guandan log line, reading and label
// in every language: a translation that drops or adds an argument shows up as "%!", a missing
// key as the key itself.
func TestGuandanMessagesFormatInEveryLanguage(t *testing.T) {
	readings := []gd.Reading{
		{Kind: gd.Single, Rank: gd.RedJoker}, {Kind: gd.Pair, Rank: gd.Queen}, {Kind: gd.Triple, Rank: gd.Ten},
		{Kind: gd.FullHouse, Rank: gd.Eight}, {Kind: gd.Straight, Rank: gd.Five}, {Kind: gd.Tube, Rank: gd.Ace},
		{Kind: gd.Plate, Rank: gd.Nine}, {Kind: gd.Bomb, Rank: gd.Seven, Size: 6}, {Kind: gd.StraightFlush, Rank: gd.King},
		{Kind: gd.JokerBomb},
	}
	for _, l := range i18n.Locales {
		ctx := i18n.WithLocale(context.Background(), l)
		var texts []string
		for k := gd.EvDealt; k <= gd.EvMatchOver; k++ {
			for _, seat := range []int{0, 1, 3} {
				for _, promo := range []int{0, 2} {
					e := gd.Event{Kind: k, Seat: seat, To: (seat + 1) % 4, Place: 2, Team: seat % 2, Promotion: promo,
						Card: gd.NewCard(gd.Ace, gd.Spades, 0), Levels: [2]gd.Rank{gd.Ace, gd.Jack},
						Play: gd.Play{Reading: readings[seat]}}
					texts = append(texts, GuandanEventText(ctx, e, gd.Seven))
				}
			}
		}
		for place := 1; place <= 4; place++ {
			e := gd.Event{Kind: gd.EvFinished, Seat: 2, Place: place}
			texts = append(texts, GuandanEventText(ctx, e, gd.Two), placeName(ctx, place))
		}
		for _, r := range readings {
			texts = append(texts, ReadingLabel(ctx, r), playPhrase(ctx, r))
		}
		for _, c := range gd.FullDeck().Cards() {
			texts = append(texts, cardLabel(ctx, c, gd.Seven))
		}
		for _, txt := range texts {
			if txt == "" || strings.Contains(txt, "%!") || strings.HasPrefix(txt, "guandan.") || strings.Contains(txt, "card.") {
				t.Errorf("%s: %q", l.Code, txt)
			}
		}
	}
}

func TestGuandanTextInEnglish(t *testing.T) {
	ctx := i18n.WithLocale(context.Background(), i18n.Locales[0])
	for _, tc := range []struct {
		got, want string
	}{
		{ReadingLabel(ctx, gd.Reading{Kind: gd.FullHouse, Rank: gd.Eight}), "Full house of 8s"},
		{ReadingLabel(ctx, gd.Reading{Kind: gd.Bomb, Rank: gd.Nine, Size: 5}), "5-card bomb of 9s"},
		{GuandanEventText(ctx, gd.Event{Kind: gd.EvPlay, Seat: 1, Play: gd.Play{Reading: gd.Reading{Kind: gd.Pair, Rank: gd.Seven}}}, gd.Two), "East played a pair of 7s."},
		{GuandanEventText(ctx, gd.Event{Kind: gd.EvPass, Seat: 3}, gd.Two), "West passed."},
		{GuandanEventText(ctx, gd.Event{Kind: gd.EvFinished, Seat: 2, Place: 1}, gd.Two), "North went out first."},
		{GuandanEventText(ctx, gd.Event{Kind: gd.EvTribute, Seat: 3, To: 0, Card: gd.NewCard(gd.RedJoker, gd.NoSuit, 1)}, gd.Two), "West paid you the Red Joker as tribute."},
		{GuandanEventText(ctx, gd.Event{Kind: gd.EvReturn, Seat: 0, To: 3, Card: gd.NewCard(gd.Three, gd.Clubs, 0)}, gd.Two), "You returned the 3 of Clubs to West."},
		{GuandanEventText(ctx, gd.Event{Kind: gd.EvDealOver, Team: 0, Promotion: 3, Levels: [2]gd.Rank{gd.Five, gd.Two}}, gd.Two), "You and North win the deal and go up 3 levels, to 5."},
		{GuandanEventText(ctx, gd.Event{Kind: gd.EvDealOver, Team: 1, Promotion: 0, Levels: [2]gd.Rank{gd.Five, gd.Ace}}, gd.Ace), "East and West win the deal and stay at Ace."},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

// By rank, the hand runs from the strongest down: jokers, the wilds apart, the level rank,
// then A down to 2 without it.
func TestGuandanRankGroups(t *testing.T) {
	tbl := GuandanTable{View: gd.View{Level: gd.Seven, Hand: mustCards(t, "RJ 7H 7S 7D AS 8C 8C 2D")}}
	var keys []string
	var sizes []int
	for _, g := range tbl.HandGroups() {
		keys = append(keys, g.Key)
		sizes = append(sizes, len(g.Cards))
	}
	if !slices.Equal(keys, []string{"RJ", "W", "7", "A", "8", "2"}) || !slices.Equal(sizes, []int{1, 1, 2, 1, 2, 1}) {
		t.Errorf("groups %v sizes %v", keys, sizes)
	}
	suits := GuandanTable{View: tbl.View, Arrange: ArrangeSuit}.HandGroups()
	if suits[0].Key != "jokers" || suits[1].Key != "W" || suits[2].Key != "S" || suits[2].Cards[0].Rank() != gd.Seven {
		t.Errorf("by suit: the level card should lead its suit: %+v", suits[2])
	}
}

// Combinations are drawn as they read: a sequence from its lowest rank (the Ace low in
// A 2 3 4 5 and A A 2 2 3 3), a wild where it stands with what it stands for, a full house's
// triple before its pair, a bomb's wilds beside its naturals.
func TestGuandanPlayOrder(t *testing.T) {
	for _, tc := range []struct {
		cards   string
		level   gd.Rank
		reading gd.Reading
		want    string
	}{
		{"AS 2S 3H 4C 5D", gd.Ten, gd.Reading{Kind: gd.Straight, Rank: gd.Five}, "AS 2S 3H 4C 5D"},
		{"3S AD 2S AH 3H 2D", gd.Ten, gd.Reading{Kind: gd.Tube, Rank: gd.Three}, "AH AD 2S 2D 3S 3H"},
		{"6S 5C 4H 3D 2H", gd.Two, gd.Reading{Kind: gd.Straight, Rank: gd.Seven}, "3D 4H 5C 6S 2H=7"},
		{"3S 4S 6S 7S 5H", gd.Five, gd.Reading{Kind: gd.StraightFlush, Rank: gd.Seven}, "3S 4S 5H=5S 6S 7S"},
		{"9S 9C 8S 8C 2H", gd.Two, gd.Reading{Kind: gd.FullHouse, Rank: gd.Eight}, "8S 8C 2H=8 9S 9C"},
		{"9S 9C 9D 8C 2H", gd.Two, gd.Reading{Kind: gd.FullHouse, Rank: gd.Nine}, "9S 9C 9D 8C 2H=8"},
		{"TS JS QS KS AS", gd.Two, gd.Reading{Kind: gd.StraightFlush, Rank: gd.Ace}, "TS JS QS KS AS"},
		{"2H 7S 7D 7C", gd.Two, gd.Reading{Kind: gd.Bomb, Rank: gd.Seven, Size: 4}, "7S 7C 7D 2H=7"},
		{"2H 2H", gd.Two, gd.Reading{Kind: gd.Pair, Rank: gd.Two}, "2H 2H"},
		{"RJ BJ RJ BJ", gd.Two, gd.Reading{Kind: gd.JokerBomb}, "BJ BJ RJ RJ"},
	} {
		var got []string
		for _, pc := range PlayCards(gd.Play{Cards: mustCards(t, tc.cards), Reading: tc.reading}, tc.level) {
			s := pc.Card.String()
			if pc.Stands {
				s += "=" + pc.As.String() + pc.AsSuit.String()
			}
			got = append(got, s)
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%s as %s: %v, want %s", tc.cards, tc.reading, got, tc.want)
		}
	}
}

// Groups name the plural of their rank, sequences the rank they run to: "Pair of Kings", but
// "Tube to King" (a tube runs to one King; "Tube to Kings" was a bug no test caught).
func TestGuandanReadingWords(t *testing.T) {
	en, _ := i18n.ByCode("en")
	ctx := i18n.WithLocale(context.Background(), en)
	for _, tc := range []struct {
		r    gd.Reading
		want string
	}{
		{gd.Reading{Kind: gd.Pair, Rank: gd.King}, "Pair of Kings"},
		{gd.Reading{Kind: gd.Triple, Rank: gd.Nine}, "Triple of 9s"},
		{gd.Reading{Kind: gd.FullHouse, Rank: gd.Queen}, "Full house of Queens"},
		{gd.Reading{Kind: gd.Bomb, Rank: gd.Jack, Size: 5}, "5-card bomb of Jacks"},
		{gd.Reading{Kind: gd.Tube, Rank: gd.King}, "Tube to King"},
		{gd.Reading{Kind: gd.Plate, Rank: gd.Ace}, "Plate to Ace"},
		{gd.Reading{Kind: gd.Straight, Rank: gd.Jack}, "Straight to Jack"},
		{gd.Reading{Kind: gd.StraightFlush, Rank: gd.Queen}, "Straight flush to Queen"},
		{gd.Reading{Kind: gd.Single, Rank: gd.Ace}, "Single Ace"},
	} {
		if got := ReadingLabel(ctx, tc.r); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.r, got, tc.want)
		}
	}
	if got := playPhrase(ctx, gd.Reading{Kind: gd.Tube, Rank: gd.King}); got != "a tube to King" {
		t.Errorf("tube phrase: %q", got)
	}
}

// The tracker counts every card not played and not in the hand; with nothing played, the
// columns add up to the other three hands.
func TestGuandanTrackerAddsUp(t *testing.T) {
	hand := mustCards(t, "RJ RJ 7H 7S 2D 2D 9C")
	played := mustCards(t, "BJ 3S 3S 7C")
	cells := GuandanTable{View: gd.View{Level: gd.Seven, Hand: hand, Played: played}}.Tracker()
	sum, total := 0, 0
	out := map[string]int{}
	for _, c := range cells {
		sum += c.Out
		total += c.Total
		out[c.Key] = c.Out
	}
	if total != gd.NumCards || sum != gd.NumCards-hand.Len()-played.Len() {
		t.Errorf("total %d, out %d", total, sum)
	}
	if out["RJ"] != 0 || out["BJ"] != 1 || out["W"] != 1 || out["7"] != 4 || out["3"] != 6 || out["2"] != 6 {
		t.Errorf("out: %v", out)
	}
}

// Once three players are out the last is fourth; after a 1–2 finish the others have no place.
func TestGuandanPlacings(t *testing.T) {
	over := GuandanTable{View: gd.View{Phase: gd.PhaseDealOver, Finish: []int{1, 3, 0}}}
	if got := over.Placings(); !slices.Equal(got, []int{1, 3, 0, 2}) || over.Place(2) != 4 {
		t.Errorf("placings %v", got)
	}
	oneTwo := GuandanTable{View: gd.View{Phase: gd.PhaseDealOver, Finish: []int{0, 2}}}
	if got := oneTwo.Placings(); !slices.Equal(got, []int{0, 2}) || oneTwo.Place(1) != 0 {
		t.Errorf("placings %v", got)
	}
	playing := GuandanTable{View: gd.View{Phase: gd.PhasePlay, Finish: []int{1, 3, 0}}}
	if playing.Place(2) != 0 {
		t.Error("a place given before the deal is over")
	}
}

// Every picture on the rules page is a play the engine reads as its caption says.
func TestGuandanRulesCombosAreReadings(t *testing.T) {
	kinds := map[gd.Kind]bool{}
	for _, p := range guandanCombos {
		if !slices.Contains(gd.Readings(p.Cards, comboLevel), p.Reading) {
			t.Errorf("%v is not read as %s at level %s", p.Cards, p.Reading, comboLevel)
		}
		kinds[p.Reading.Kind] = true
	}
	for k := gd.Single; k <= gd.JokerBomb; k++ {
		if !kinds[k] {
			t.Errorf("no picture of a %s", k)
		}
	}
}

// TestStackLabelNamesTheStack: two stacks of two are told apart by what they hold, for a
// screen reader.
func TestStackLabelNamesTheStack(t *testing.T) {
	en, _ := i18n.ByCode("en")
	ctx := i18n.WithLocale(context.Background(), en)
	var labels []string
	for _, g := range rankGroups(mustCards(t, "AS AH 9C 9D 2H 2H"), gd.Two) {
		labels = append(labels, g.StackLabel(ctx))
	}
	for _, want := range []string{"Select all 2: Aces", "Select all 2: 9s", "Select all 2: Wild"} {
		if !slices.Contains(labels, want) {
			t.Errorf("stack labels %q, want %q among them", labels, want)
		}
	}
}

// TestRefusedTributeTellsTheLeaderOnce: the refused tribute's line names who leads, so the
// lead that follows is not told again.
func TestRefusedTributeTellsTheLeaderOnce(t *testing.T) {
	got := logLines([]gd.Event{{Kind: gd.EvTributeCancelled, Seat: 1}, {Kind: gd.EvLead, Seat: 1}, {Kind: gd.EvLead, Seat: 2}})
	if len(got) != 2 || got[0].Kind != gd.EvTributeCancelled || got[1].Seat != 2 {
		t.Errorf("log lines %+v, want the refusal and the later lead of seat 2 only", got)
	}
}

// TestGuandanHintSentences: the hint's sentences (its move, the reason, the link to the
// lesson) follow each other as the language writes sentences: a space between them, none in
// Chinese, whose full stop spaces them (the template's whitespace put a space there); a part
// the hint lacks leaves no gap behind. The sentence about the ticked cards speaks of one card when
// the hint is a single: "Those cards are selected for you" followed every single.
func TestGuandanHintSentences(t *testing.T) {
	play := &GuandanHint{Cards: mustCards(t, "RJ"), Reading: gd.Reading{Kind: gd.Single, Rank: gd.RedJoker},
		Why: "guandan_ai.reason.goes_out", Learn: "/guandan/learn?step=3"}
	pair := &GuandanHint{Cards: mustCards(t, "AS AH"), Reading: gd.Reading{Kind: gd.Pair, Rank: gd.Ace}}
	pass := &GuandanHint{Pass: true}
	for _, tc := range []struct {
		code string
		hint *GuandanHint
		want string
	}{
		{"en", play, "Hint: the AI would play a single Red Joker. That card is selected for you. It empties your hand: you go out. Why? Learn this combination"},
		{"zh", play, "提示：电脑会出单张大王，已为你选好这张牌。打出这一手，你的牌就出完了。为什么？学一学这种牌型"},
		{"fa", play, "راهنمایی: هوش مصنوعی اینجا تکِ ژوکر قرمز بازی می\u200cکرد. همان ورق برایتان انتخاب شده است. با این بازی ورق\u200cهایتان را تمام می\u200cکنید. چرا؟ این ترکیب را یاد بگیرید"},
		{"sv", play, "Tips: AI:n skulle spela en singel röd joker. Kortet är markerat åt dig. Den tömmer din hand: du går ut. Varför? Lär dig den här kombinationen"},
		{"en", pair, "Hint: the AI would play a pair of Aces. Those cards are selected for you."},
		{"zh", pair, "提示：电脑会出对A，已为你选好这些牌。"},
		{"es", pair, "Pista: la IA jugaría una pareja de ases. Te hemos marcado esas cartas."},
		{"en", pass, "Hint: the AI would pass here."},
		{"zh", pass, "提示：电脑这里会选择不要。"},
	} {
		doc := renderIn(t, tc.code, guandanChoice(GuandanTable{Hint: tc.hint}))
		p := doc.Find("p.ghint")
		if got := p.Text(); got != tc.want {
			t.Errorf("%s: the hint reads %q, want %q", tc.code, got, tc.want)
		}
		if tc.hint.Why != "" && (p.Find("[data-why]").Length() != 1 || p.Find(`a[data-link="learn-why"]`).Length() != 1) {
			t.Errorf("%s: the reason or the lesson's link has lost its hook", tc.code)
		}
	}
}

// TestGuandanSpanishLeadLineAgreesWithEveryKind: the selection line for a lead names the
// combination ("Trío de reyes", "Full de ases", "Pareja de reyes") and then refers to it. It
// said "puedes salir con ella", a feminine pronoun that fits a pareja or an escalera but not
// a trío or a full; the line must not lean on the label's gender.
func TestGuandanSpanishLeadLineAgreesWithEveryKind(t *testing.T) {
	es, ok := i18n.ByCode("es")
	if !ok {
		t.Fatal("no Spanish locale")
	}
	ctx := i18n.WithLocale(context.Background(), es)
	for _, r := range []gd.Reading{{Kind: gd.Triple, Rank: gd.King}, {Kind: gd.FullHouse, Rank: gd.Ace}, {Kind: gd.Pair, Rank: gd.King}} {
		s := SelectionText(ctx, GuandanSelection{Verdict: SelectPlayable, Reading: r})
		if strings.Contains(s, " ella") || strings.Contains(s, " él") {
			t.Errorf("%v: the lead line refers to the combination by a gendered pronoun: %q", r, s)
		}
	}
}
