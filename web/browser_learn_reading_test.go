package web_test

import (
	"net/url"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/cardavia/cardavia/web/learn"
)

// TestBrowserLessonReadingQuestionFollowsTheSelection: the Guandan lesson's question of which
// reading to play (two 9s, both Kings of Hearts and the wild: a full house of 9s or of Kings)
// was about the cards selected when Play was pressed; once the selection changes it goes, as
// at the table, and its required choice no longer stops Play. The live line under the hand
// says what the cards are after each change, as at the table: the lesson had none.
func TestBrowserLessonReadingQuestionFollowsTheSelection(t *testing.T) {
	browserTest(t)
	site := browserSite(t)
	l := learn.Guandan()
	step := l.StepOf("full-house")
	_, pos, err := l.At(step)
	if err != nil || step == 0 {
		t.Fatalf("no full house step: %v", err)
	}
	q := url.Values{"step": {strconv.Itoa(step)}, "wrong": {"choose"}}
	want, wild := []string{"9S", "9C", "KH", "KH", "2H"}, ""
	for _, c := range pos.Match.Hands[0].Cards() {
		if i := slices.Index(want, c.String()); i >= 0 {
			q.Add("card", strconv.Itoa(int(c)))
			want = slices.Delete(want, i, i+1)
			if c.IsWild(pos.Match.Level) {
				wild = strconv.Itoa(int(c))
			}
		}
	}
	if len(want) > 0 || wild == "" {
		t.Fatalf("the full house step's hand lacks %v (wild %q)", want, wild)
	}
	tb := newTab(t, startBrowser(t, 2*time.Minute), site.URL, phoneWidth, phoneHeight)
	tb.open("/guandan/learn?" + q.Encode())
	if !tb.exists(".greadings") {
		t.Fatal("the lesson does not ask which reading is meant")
	}
	tb.waitLine("the refused full house", "choose")
	tb.do(click(`label.gcard[data-id="` + wild + `"]`))
	if tb.exists(".greadings") || tb.exists(`.gform input[required]`) {
		t.Error("the selection changed and the question of which reading to play (or its required choice) stayed")
	}
	tb.waitLine("9 9 K K, no combination", "illegal")
	tb.do(click(`label.gcard[data-id="` + wild + `"]`))
	tb.waitLine("the wild ticked again", "choose")
	tb.checkClean("the lesson's live line", "")
}
