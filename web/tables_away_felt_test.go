package web

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// feltName is the heading of seat's place at the felt of page r.
func feltName(r page, seat string) string {
	return r.doc.Find(`.seat[data-seat="` + seat + `"] .seat-name`).First().Text()
}

// While the AI plays for a player, their own seat at the felt says so, as the seat list and the
// banner do, in the words the log uses for the AI's moves for them ("You (away: AI playing)");
// the others see the away mark by the player's name, as before; back, the seat is "You" again.
func TestSharedTableAwaySeatMarkedOnTheFelt(t *testing.T) {
	for _, game := range []string{"asnas", "guandan"} {
		t.Run(game, func(t *testing.T) {
			ts := newSite(t)
			sara, ali := ts.as("Sara"), ts.as("Ali")
			path := sara.openTable(game, "beginner", 0)
			ali.sit(path, 2)
			sara.post(path+"/start", nil)
			if got := feltName(ali.view(path), "2"); got != "You" {
				t.Fatalf("Ali's own seat at the felt reads %q, want %q", got, "You")
			}
			if r := ali.post(path+"/away", url.Values{"away": {"2"}}); r.status != http.StatusSeeOther {
				t.Fatalf("stepping away: %d", r.status)
			}
			for _, c := range []struct{ lang, want string }{
				{"en", "You (away: AI playing)"},
				{"sv", "Du (borta: AI spelar)"},
				{"es", "Tú (ausente: juega la IA)"},
				{"fa", "شما (غایب: هوش مصنوعی بازی می\u200cکند)"},
				{"da", "Du (væk: AI spiller)"},
				{"zh", "你（离开：电脑代打）"},
			} {
				r := ali.get(path, "Accept-Language", c.lang)
				if r.status != http.StatusOK {
					t.Fatalf("%s: %d", c.lang, r.status)
				}
				if got := feltName(r, "2"); got != c.want {
					t.Errorf("%s: the away player's own seat at the felt reads %q, want %q", c.lang, got, c.want)
				}
				// Only their own seat is "You": no other heading is theirs.
				n := r.doc.Find(".seat-name").FilterFunction(func(_ int, e *goquery.Selection) bool { return e.Text() == c.want }).Length()
				if n != 1 {
					t.Errorf("%s: %d seat headings read %q", c.lang, n, c.want)
				}
			}
			if got, want := feltName(sara.view(path), "2"), "\u2068Ali\u2069 (away: AI playing)"; got != want {
				t.Errorf("Sara sees the away seat as %q, want %q", got, want)
			}
			if got := feltName(sara.view(path), "0"); got != "You" {
				t.Errorf("Sara, not away, sees her own seat as %q", got)
			}
			if r := ali.post(path+"/back", nil); r.status != http.StatusSeeOther {
				t.Fatalf("taking the seat back: %d", r.status)
			}
			if got := feltName(ali.view(path), "2"); got != "You" {
				t.Errorf("back at the seat, Ali's own seat at the felt reads %q, want %q", got, "You")
			}
		})
	}
}
