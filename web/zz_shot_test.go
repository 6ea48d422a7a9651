package web

import (
	"net/url"
	"os"
	"strings"
	"testing"
)

func TestZZShots(t *testing.T) {
	dir := os.Getenv("SHOTDIR")
	if dir == "" {
		t.Skip()
	}
	write := func(name string, p page) {
		b := strings.ReplaceAll(p.body, `"/static/`, `"http://127.0.0.1:8479/static/`)
		b = strings.ReplaceAll(b, `"/filters.css`, `"http://127.0.0.1:8479/filters.css`)
		os.WriteFile(dir+"/"+name+".html", []byte(b), 0o644)
	}
	langs := map[string]string{"en": "en", "fa": "fa", "zh": "zh-CN"}
	ts := newSite(t)
	ts.gtable()
	move := ts.gprepare(returnPosition(t))
	for k, l := range langs {
		write("dealover-"+k, ts.get("/guandan", "Accept-Language", l))
	}
	ts.gpost("/guandan/next", url.Values{"move": {move}})
	for k, l := range langs {
		write("return-"+k, ts.get("/guandan", "Accept-Language", l))
	}
	p := ts.gtable()
	ok := attr(p.doc.Find(`form[action="/guandan/return"] input[name="card"]:not([disabled])`).First(), "value")
	ts.gpost("/guandan/return", url.Values{"move": {p.groot("data-move")}, "card": {ok}})
	write("afterreturn-en", ts.gtable())
	write("hint-en", ts.gtable("hint=1"))
	write("suit-en", ts.gtable("arrange=suit"))
	write("plan-en", ts.gtable("arrange=plan"))
	move = ts.gprepare(followPosition(t))
	loc := ts.gpost("/guandan/play", url.Values{"move": {move}, "card": ids(cardsOf(t, "8S 8C 9S 9C 2H"))})
	write("choose-en", ts.get(loc))
	write("choose-zh", ts.get(loc, "Accept-Language", "zh-CN"))
	move = ts.gprepare(matchEndPosition(t))
	ts.gpost("/guandan/play", url.Values{"move": {move}, "card": ids(cardsOf(t, "RJ"))})
	write("matchover-en", ts.gtable())
}
