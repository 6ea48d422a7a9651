package qr

import (
	"html"
	"html/template"
	"strconv"
	"strings"
)

// quiet is the light margin around the symbol, in modules, that readers need (7.3.7).
const quiet = 4

// SVG draws text's QR code as an inline <svg> whose accessible name is label (translated by
// the caller). Its coordinates are modules, so it scales to any size the page's CSS gives
// the class "qr"; crispEdges keeps modules from blurring into each other. The colours are
// attributes (fill, stroke), black on white whatever the page's theme (a camera needs the
// contrast), since the site's CSP allows no style attribute.
func SVG(text, label string) (template.HTML, error) {
	s, err := encode([]byte(text), anyMask)
	if err != nil {
		return "", err
	}
	return template.HTML(s.svg(label)), nil
}

func (s *symbol) svg(label string) string {
	side := strconv.Itoa(s.size + 2*quiet)
	var b strings.Builder
	b.Grow(s.size * s.size)
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" class="qr" viewBox="0 0 `)
	b.WriteString(side + " " + side)
	b.WriteString(`" shape-rendering="crispEdges" role="img" aria-label="`)
	b.WriteString(html.EscapeString(label))
	b.WriteString(`"><rect width="` + side + `" height="` + side + `" fill="#fff"/><path stroke="#000" d="`)
	s.path(&b)
	b.WriteString(`"/></svg>`)
	return b.String()
}

// path draws each row's runs of dark modules as a line one module wide, at the row's middle:
// "h" and a relative move per run, about half the bytes of a rectangle's
// "h v h z". Butt ends (the default) stop a line exactly at its run's edges.
func (s *symbol) path(b *strings.Builder) {
	first := true
	px, py := 0, 0 // where the pen is: the end of the last run
	for y := range s.size {
		for x := 0; x < s.size; {
			if !s.isDark(x, y) {
				x++
				continue
			}
			n := 1
			for x+n < s.size && s.isDark(x+n, y) {
				n++
			}
			if first {
				b.WriteString("M" + strconv.Itoa(x+quiet) + " " + strconv.Itoa(y+quiet) + ".5")
				first = false
			} else {
				b.WriteString("m" + strconv.Itoa(x-px) + " " + strconv.Itoa(y-py))
			}
			b.WriteString("h" + strconv.Itoa(n))
			x += n
			px, py = x, y
		}
	}
}
