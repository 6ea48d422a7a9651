package views

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/a-h/templ"

	"github.com/cardavia/cardavia/i18n"
	"github.com/cardavia/cardavia/rules/asnas"
	gd "github.com/cardavia/cardavia/rules/guandan"
	"github.com/cardavia/cardavia/static"
)

// A solo table's seating is the zero one: seat 0 is "You", the others their compass points,
// exactly the words the table has always had.
func TestSoloSeatingKeepsItsWords(t *testing.T) {
	ctx := i18n.WithLocale(context.Background(), i18n.Locales[0])
	for seat, want := range []string{"You", "East", "North", "West"} {
		if got := gSeat(ctx, seat); got != want {
			t.Errorf("guandan seat %d: %q, want %q", seat, got, want)
		}
		if got := seatName(ctx, seat); got != want {
			t.Errorf("asnas seat %d: %q, want %q", seat, got, want)
		}
	}
	if got := teamName(ctx, 0); got != "You and North" {
		t.Errorf("team 0: %q", got)
	}
}

// At a shared table every viewer is "You", a seated friend is their name (isolated, so that a
// Persian name reads right in an English sentence), and an AI seat is named by its own compass
// point, as the seat list names it for every player, marked as the AI.
func TestSharedSeatingNamesFromTheViewersSeat(t *testing.T) {
	en := i18n.WithLocale(context.Background(), i18n.Locales[0])
	st := Seating{Viewer: 2, Names: [4]string{"Sara", "", "Ali", "مریم"}, AI: [4]bool{false, true, false, false}}
	ctx := WithSeating(en, st)
	for seat, want := range map[int]string{
		2: "You",
		0: "\u2068Sara\u2069",
		3: "\u2068مریم\u2069",
	} {
		if got := gSeat(ctx, seat); got != want {
			t.Errorf("seat %d: %q, want %q", seat, got, want)
		}
	}
	// Seat 1 sits on the left of the viewer (2), but it is East for everyone at the table.
	if got := gSeat(ctx, 1); got != "East (AI)" {
		t.Errorf("AI seat 1 seen from seat 2: %q, want East marked as the AI", got)
	}
	for viewer := range 4 {
		st := Seating{Viewer: viewer, AI: [4]bool{true, true, true, true}}
		st.AI[viewer] = false
		for seat := range 4 {
			got, want := gSeat(WithSeating(en, st), seat), compassName(en, seat)+" (AI)"
			if seat == viewer {
				want = "You"
			}
			if got != want {
				t.Errorf("seat %d seen from seat %d: %q, want %q", seat, viewer, got, want)
			}
		}
	}
	if got := teamName(ctx, 0); got != "You and \u2068Sara\u2069" {
		t.Errorf("the viewer's team (seats 0 and 2): %q", got)
	}
	if got := GuandanEventText(ctx, gd.Event{Kind: gd.EvPass, Seat: 2}, gd.Two); got != "You passed." {
		t.Errorf("the viewer's own pass: %q", got)
	}
	if got := GuandanEventText(ctx, gd.Event{Kind: gd.EvPass, Seat: 0}, gd.Two); got != "\u2068Sara\u2069 passed." {
		t.Errorf("a friend's pass: %q", got)
	}
	if got := GuandanEventText(ctx, gd.Event{Kind: gd.EvDealOver, Team: 1, Promotion: 2, Levels: [2]gd.Rank{gd.Two, gd.Four}}, gd.Two); strings.Contains(got, "You") || !strings.Contains(got, "مریم") {
		t.Errorf("the other team's deal, seen from seat 2: %q", got)
	}
}

// Whatever seat the viewer holds, their own hand is the one at the bottom with its cards, the
// seat opposite is their partner, and no other seat shows a card.
func TestGuandanFeltFromEverySeat(t *testing.T) {
	m := gd.NewMatch(7)
	if m.Phase() != gd.PhasePlay {
		t.Fatalf("a first deal starts with the play, got %v", m.Phase())
	}
	for seat := range 4 {
		st := Seating{Viewer: seat, Names: [4]string{"A", "B", "C", "D"}}
		ctx := WithSeating(i18n.WithLocale(context.Background(), i18n.Locales[0]), st)
		tbl := GuandanTable{View: m.View(seat), Move: 1, Path: "/guandan/tables/x"}
		doc := render(t, ctx, GuandanFelt(tbl))
		me := doc.Find(".gme")
		if got := me.AttrOr("data-seat", ""); got != strconv.Itoa(seat) {
			t.Errorf("seat %d: the bottom seat is %q", seat, got)
		}
		if n := me.Find(`[data-hand="` + strconv.Itoa(seat) + `"] [data-card]`).Length(); n != m.Hands[seat].Len() {
			t.Errorf("seat %d: %d cards at the bottom, want %d", seat, n, m.Hands[seat].Len())
		}
		if got := doc.Find(".gseat.partner").AttrOr("data-seat", ""); got != strconv.Itoa((seat+2)%4) {
			t.Errorf("seat %d: the partner shown is seat %q", seat, got)
		}
		doc.Find("[data-hand]").Each(func(_ int, h *goquery.Selection) {
			if h.AttrOr("data-hand", "") != strconv.Itoa(seat) && h.Find("[data-card]").Length() > 0 {
				t.Errorf("seat %d: hand %s shows cards", seat, h.AttrOr("data-hand", ""))
			}
		})
		if seat == m.ToAct() && doc.Find(`form[action="/guandan/tables/x/play"]`).Length() != 1 {
			t.Errorf("seat %d is to act: no play form posting to the shared table", seat)
		}
		if doc.Find(`[data-action="hint"]`).Length() != 0 {
			t.Errorf("seat %d: a shared table offers no hint", seat)
		}
	}
}

// The As-Nas felt turns with the viewer too: their seat last, under the pot, with their own
// buttons on their turn.
func TestAsnasFeltFromEverySeat(t *testing.T) {
	m := asnas.NewMatch(3)
	for seat := range 4 {
		ctx := WithSeating(i18n.WithLocale(context.Background(), i18n.Locales[0]), Seating{Viewer: seat, Names: [4]string{"A", "B", "C", "D"}})
		tbl := AsnasTable{View: m.View(seat), Move: 1, Path: "/asnas/tables/x"}
		doc := render(t, ctx, AsnasFelt(Chrome{Assets: static.Load()}, tbl))
		seatsShown := doc.Find(".seat").Map(func(_ int, s *goquery.Selection) string { return s.AttrOr("data-seat", "") })
		want := []string{strconv.Itoa((seat + 2) % 4), strconv.Itoa((seat + 3) % 4), strconv.Itoa((seat + 1) % 4), strconv.Itoa(seat)}
		if strings.Join(seatsShown, ",") != strings.Join(want, ",") {
			t.Errorf("seat %d: seats in the order %v, want %v", seat, seatsShown, want)
		}
		if (seat == m.ToAct()) != (doc.Find(`form[action="/asnas/tables/x/move"]`).Length() == 1) {
			t.Errorf("seat %d (to act: %d): the move form is wrong", seat, m.ToAct())
		}
	}
}

func render(t *testing.T, ctx context.Context, c templ.Component) *goquery.Document {
	t.Helper()
	var buf bytes.Buffer
	if err := c.Render(ctx, &buf); err != nil {
		t.Fatal(err)
	}
	doc, err := goquery.NewDocumentFromReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}
