package views

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/cardavia/cardavia/i18n"
)

// TestReadyWaitNamesTheLastWithAnd checks the line a player reads after asking for the next
// deal: the players it waits for stand in a sentence, so the last two are joined by the
// language's "and" ("Esperando a Bo, Carmen y Oeste (IA)"), not by a bare comma as the list
// after a colon is.
func TestReadyWaitNamesTheLastWithAnd(t *testing.T) {
	want := map[string]string{
		"en": "\u2068Bo\u2069, \u2068Carmen\u2069 and West (AI)",
		"sv": "\u2068Bo\u2069, \u2068Carmen\u2069 och Väst (AI)",
		"da": "\u2068Bo\u2069, \u2068Carmen\u2069 og Vest (AI)",
		"es": "\u2068Bo\u2069, \u2068Carmen\u2069 y Oeste (IA)",
	}
	st := Seating{Viewer: 0, Names: [4]string{"Åsa", "Bo", "Carmen", ""}, AI: [4]bool{false, false, false, true}}
	for code, w := range want {
		l, _ := i18n.ByCode(code)
		ctx := WithSeating(i18n.WithLocale(context.Background(), l), st)
		waiting := SharedTable{Seat: 0, Ready: []int{0}, Unready: []int{1, 2, 3}}
		if got := waiting.ReadyNames(ctx); got != w {
			t.Errorf("%s: waiting for %q, want %q", code, got, w)
		}
		two := SharedTable{Seat: 0, Ready: []int{0}, Unready: []int{1, 2}}
		if got, w := two.ReadyNames(ctx), i18n.T(ctx, "list.and", "\u2068Bo\u2069", "\u2068Carmen\u2069"); got != w {
			t.Errorf("%s: waiting for %q, want %q", code, got, w)
		}
		// Those who asked, after a colon, stay a plain list.
		others := SharedTable{Seat: 3, Ready: []int{1, 2}, Unready: []int{0, 3}}
		if got, w := others.ReadyNames(ctx), "\u2068Bo\u2069"+i18n.T(ctx, "list.separator")+"\u2068Carmen\u2069"; got != w {
			t.Errorf("%s: asked for the next deal: %q, want %q", code, got, w)
		}
	}
}

// TestStatusSaysWhoGivesACardBack checks the status line of the other players while a Guandan
// winner who was paid a tribute chooses the card to give back: it once said "Bo to play".
func TestStatusSaysWhoGivesACardBack(t *testing.T) {
	ctx := WithSeating(i18n.WithLocale(context.Background(), i18n.Locales[0]), Seating{Viewer: 0, Names: [4]string{"Sara", "Bo", "Ali", ""}})
	for phase, want := range map[string]string{"return": "\u2068Bo\u2069 to give a card back", "play": "\u2068Bo\u2069 to play"} {
		var buf bytes.Buffer
		tb := SharedTable{Game: "guandan", Seat: 0, Started: true, ToAct: 1, HandOver: -1, Phase: phase}
		if err := sharedStatus(tb).Render(ctx, &buf); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(buf.String(), want) {
			t.Errorf("phase %s: the status line is %q, want %q in it", phase, buf.String(), want)
		}
	}
}
