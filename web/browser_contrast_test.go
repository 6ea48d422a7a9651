package web_test

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/cardavia/cardavia/web"
)

// axe-core judges a text's contrast from its element's styles alone: it ignores the contrast
// filter on the root element and the colour-temperature wash laid over the page, and it leaves
// every text over a gradient (the felt, the paper) undecided. filteredContrastScript measures
// what the eye gets instead: for each visible text, at its middle and just inside its corners,
// its colour over its backgrounds (a radial gradient's colour at that point, any other
// gradient's every stop, a pseudo-element drawn under it), through the ancestors' opacity, then through the wash (unless the
// text rises above it, as the card faces do) and the root's filter. Chromium applies both to
// sRGB values, clamping after each filter function, as the formulas below do (checked against
// the pixels of screenshots). It is called with the looks to measure, [[contrast,
// temperature], ...], and returns, for each, every text's worst ratio.
const filteredContrastScript = `((combos) => {
	const parse = (s) => {
		let m = s.match(/^rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:[,/] ?([\d.]+))?\)$/);
		if (m) return [+m[1], +m[2], +m[3], m[4] === undefined ? 1 : +m[4]];
		m = s.match(/^color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)(?: \/ ([\d.]+))?\)$/);
		if (m) return [m[1] * 255, m[2] * 255, m[3] * 255, m[4] === undefined ? 1 : +m[4]];
		return null;
	};
	const colours = (s) => (s.match(/rgba?\([^)]*\)|color\([^)]*\)/g) || []).map(parse).filter(Boolean);
	const over = (top, bottom) => {
		const a = top[3] + bottom[3] * (1 - top[3]);
		if (a === 0) return [0, 0, 0, 0];
		return [0, 1, 2].map((i) => (top[i] * top[3] + bottom[i] * bottom[3] * (1 - top[3])) / a).concat(a);
	};
	const mix = (from, to, o) => [0, 1, 2].map((i) => from[i] * (1 - o) + to[i] * o).concat(1);
	const lum = (c) => {
		const l = c.slice(0, 3).map((v) => { v = Math.min(255, Math.max(0, v)) / 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
		return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
	};
	const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
	const hex = (c) => "#" + c.slice(0, 3).map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, "0")).join("");
	const root = document.documentElement;
	const setFilters = (c, t) => Object.assign(root.dataset, {contrast: String(c), grain: "50", temperature: String(t)});

	// A radial gradient's colour at a point, for the form the site uses: an ellipse to the
	// farthest corner around a centre given in percent (Chromium's computed value). Colours
	// mix premultiplied, as browsers draw them. Any other gradient answers null.
	const radial = (g, box, x, y) => {
		const m = g.match(/^radial-gradient\(at ([\d.]+)% ([\d.]+)%, (.*)\)$/);
		if (!m) return null;
		const cx = box.left + box.width * m[1] / 100, cy = box.top + box.height * m[2] / 100;
		const rx = Math.SQRT2 * Math.max(cx - box.left, box.right - cx), ry = Math.SQRT2 * Math.max(cy - box.top, box.bottom - cy);
		const t = Math.hypot((x - cx) / rx, (y - cy) / ry);
		const stops = m[3].match(/(?:rgba?|color)\([^)]*\)(?: [\d.]+(?:%|px))?/g).map((st) => {
			const c = parse(st.match(/^(?:rgba?|color)\([^)]*\)/)[0]), at = st.match(/ ([\d.]+)(%|px)$/);
			return {c, at: at ? (at[2] === "%" ? at[1] / 100 : at[1] / rx) : null};
		});
		stops.forEach((st, i) => { if (st.at === null && (i === 0 || i === stops.length - 1)) st.at = i === 0 ? 0 : 1; });
		if (stops.some((st) => st.at === null)) return null;
		if (t <= stops[0].at) return stops[0].c;
		for (let i = 1; i < stops.length; i++) {
			if (t <= stops[i].at) {
				const a = stops[i - 1], b = stops[i], f = (t - a.at) / (b.at - a.at);
				const al = a.c[3] * (1 - f) + b.c[3] * f;
				if (al === 0) return [0, 0, 0, 0];
				return [0, 1, 2].map((j) => (a.c[j] * a.c[3] * (1 - f) + b.c[j] * b.c[3] * f) / al).concat(al);
			}
		}
		return stops[stops.length - 1].c;
	};

	// What an element paints under its descendants, read once: its background colour, its
	// gradients (top first in the computed value, bottom first here), the box they fill and its
	// opacity. An image (url) cannot be judged.
	const styles = new Map();
	const styleOf = (e) => {
		if (styles.has(e)) return styles.get(e);
		const s = getComputedStyle(e), r = e.getBoundingClientRect();
		const box = {left: r.left + parseFloat(s.borderLeftWidth), right: r.right - parseFloat(s.borderRightWidth),
			top: r.top + parseFloat(s.borderTopWidth), bottom: r.bottom - parseFloat(s.borderBottomWidth)};
		box.width = box.right - box.left; box.height = box.bottom - box.top;
		// A positioned ::before or ::after under the element's content (a negative z-index) is
		// part of its background where it lies: a stack button's pill is one.
		const under = [];
		for (const which of ["::before", "::after"]) {
			const ps = getComputedStyle(e, which), bc = parse(ps.backgroundColor);
			if (ps.content === "none" || ps.content === "normal" || !/absolute|fixed/.test(ps.position) || !(parseInt(ps.zIndex, 10) < 0) || !bc || bc[3] === 0) continue;
			const left = box.left + parseFloat(ps.left), top = box.top + parseFloat(ps.top);
			under.push({bc, left, top, right: left + parseFloat(ps.width), bottom: top + parseFloat(ps.height)});
		}
		const v = {bc: parse(s.backgroundColor), image: /url\(/.test(s.backgroundImage), box, opacity: +s.opacity, under,
			gradients: s.backgroundImage === "none" ? [] : s.backgroundImage.split(/,\s*(?=(?:repeating-)?(?:linear|radial|conic)-gradient|none)/).reverse(),
			raised: s.position !== "static" && parseInt(s.zIndex, 10) > 1000};
		styles.set(e, v);
		return v;
	};
	// An element's background layers at a point, bottom first, each as the colours it may show
	// there: one for a colour or a radial gradient, every stop for any other gradient.
	const layers = (e, x, y) => {
		const st = styleOf(e), out = [];
		if (st.image) return null;
		if (st.bc && st.bc[3] > 0) out.push([st.bc]);
		for (const g of st.gradients) {
			const at = radial(g, st.box, x, y);
			const cs = at ? [at] : colours(g);
			if (cs.length) out.push(cs);
		}
		for (const u of st.under) if (x >= u.left && x <= u.right && y >= u.top && y <= u.bottom) out.push([u.bc]);
		return out;
	};
	// A symbol's shapes as painted by a use of it (a card's face): a clone put in the use's place
	// takes the styles of that place.
	const svgFills = new Map();
	const fillsOf = (sh) => {
		if (svgFills.has(sh)) return svgFills.get(sh);
		let shapes = [sh];
		if (sh.tagName === "use") {
			const ref = document.querySelector(sh.href.baseVal);
			shapes = ref && ref.tagName === "symbol" ? [...ref.children].filter((c) => c.matches("rect, circle, ellipse")) : [];
		}
		const fills = [];
		for (const shape of shapes) {
			let probe = shape;
			if (shape !== sh) { probe = shape.cloneNode(); sh.before(probe); }
			const ss = getComputedStyle(probe), fill = parse(ss.fill);
			if (fill) { fill[3] *= +ss.fillOpacity * +ss.opacity; fills.push(fill); }
			if (probe !== shape) probe.remove();
		}
		svgFills.set(sh, fills);
		return fills;
	};

	// The colours a text and what is under it may have at a point: its backdrops through its
	// ancestors' backgrounds (and, in an SVG, the shapes painted before it that hold the point),
	// each with its ancestors' opacity applied, innermost first.
	const pairsAt = (el, chain, fgColour, x, y) => {
		let backs = [[255, 255, 255, 1]];
		const fade = [];
		for (const e of chain) {
			if (e.namespaceURI === "http://www.w3.org/2000/svg" && e !== el && e.tagName !== "svg") continue;
			const ls = layers(e, x, y);
			if (ls === null) return null;
			const before = backs;
			for (const cs of ls) {
				const next = [];
				for (const b of backs) for (const c of cs) next.push(over(c, b));
				backs = [...new Map(next.map((c) => [hex(c), c])).values()].slice(0, 64);
			}
			if (styleOf(e).opacity < 1) fade.push({o: styleOf(e).opacity, before});
		}
		if (el.ownerSVGElement) {
			for (const sh of el.ownerSVGElement.querySelectorAll("rect, path, circle, ellipse, polygon, use")) {
				if (!(sh.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
				const b = sh.getBoundingClientRect();
				if (x < b.left || x > b.right || y < b.top || y > b.bottom) continue;
				for (const fill of fillsOf(sh)) backs = backs.map((c) => over(fill, c));
			}
		}
		return backs.map((b, i) => {
			let bg = b, fg = over(fgColour, b);
			for (const f of fade.slice().reverse()) { const under = f.before[Math.min(i, f.before.length - 1)]; bg = mix(under, bg, f.o); fg = mix(under, fg, f.o); }
			return [fg, bg];
		});
	};

	// Every visible text, measured once with the temperature away from 50 (where the card
	// faces rise above the wash): its colour over what is under it at its middle and just inside
	// its four corners, and the ratio it needs (3:1 for large text).
	setFilters(50, 0);
	const texts = [];
	const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	const seen = new Set();
	for (let n = walker.nextNode(); n; n = walker.nextNode()) {
		const el = n.parentElement;
		if (!el || seen.has(el) || !n.data.trim()) continue;
		seen.add(el);
		if (el.closest("script, style, noscript, title, .visually-hidden, [hidden], .skip-link:not(:focus)")) continue;
		if (!el.checkVisibility({opacityProperty: true, visibilityProperty: true})) continue;
		const r = el.getBoundingClientRect();
		if (r.width <= 1 || r.height <= 1) continue;
		const s = getComputedStyle(el);
		let fg, px = parseFloat(s.fontSize);
		if (el.namespaceURI === "http://www.w3.org/2000/svg") {
			fg = parse(s.fill);
			const svg = el.ownerSVGElement, vb = svg && svg.viewBox.baseVal;
			if (vb && vb.width) px *= svg.getBoundingClientRect().width / vb.width;
		} else {
			fg = parse(s.color);
		}
		if (!fg || fg[3] === 0) continue;
		const chain = [];
		for (let e = el; e; e = e.parentElement) chain.unshift(e);
		// The text's own box (its element's may be larger, as a stack button's is), its middle
		// and four points just inside its corners.
		const range = document.createRange();
		range.selectNodeContents(n);
		const tr = range.getBoundingClientRect(), t = tr.width > 1 && tr.height > 1 ? tr : r;
		const ix = Math.min(2, t.width / 2), iy = Math.min(2, t.height / 2);
		const points = [[(t.left + t.right) / 2, (t.top + t.bottom) / 2], [t.left + ix, t.top + iy], [t.right - ix, t.top + iy], [t.left + ix, t.bottom - iy], [t.right - ix, t.bottom - iy]];
		let pairs = [];
		for (const [x, y] of points) {
			const p = pairsAt(el, chain, fg, x, y);
			if (p === null) { pairs = null; break; }
			pairs.push(...p);
		}
		if (pairs === null) continue;
		const cls = (e) => e && typeof e.className === "string" && e.className.trim() ? "." + e.className.trim().split(/\s+/).join(".") : "";
		texts.push({what: el.tagName.toLowerCase() + cls(el) + (el.parentElement ? " in " + el.parentElement.tagName.toLowerCase() + cls(el.parentElement) : "") + " " + JSON.stringify(n.data.trim().slice(0, 30)),
			pairs: [...new Map(pairs.map((p) => [hex(p[0]) + hex(p[1]), p])).values()],
			raised: chain.some((e) => styleOf(e).raised),
			need: px >= 24 || (px >= 18.66 && +s.fontWeight >= 700) ? 3 : 4.5});
	}

	// Then each look: the root's filter (contrast() and brightness() functions, each clamped to
	// 0–1 as the filter primitives they stand for are) over the wash (body::after, multiplied
	// into everything it covers, the raised faces aside).
	const results = combos.map(([c, t]) => {
		setFilters(c, t);
		const problems = [], steps = [];
		const filter = getComputedStyle(root).filter;
		for (const f of filter === "none" ? [] : filter.match(/[a-z-]+\([^)]*\)/g) || []) {
			const m = f.match(/^(contrast|brightness)\(([\d.]+)\)$/);
			if (!m) { problems.push("the root's filter has " + f + ", which this check cannot follow"); continue; }
			const x = +m[2];
			steps.push(m[1] === "contrast" ? (v) => (v - 0.5) * x + 0.5 : (v) => v * x);
		}
		const filtered = (col) => [0, 1, 2].map((i) => steps.reduce((v, f) => Math.min(1, Math.max(0, f(v))), col[i] / 255) * 255).concat(1);
		let wash = null;
		const ws = getComputedStyle(document.body, "::after");
		if (ws.content !== "none" && ws.content !== "normal") {
			if (ws.mixBlendMode !== "multiply") problems.push("the wash blends by " + ws.mixBlendMode);
			if (parseInt(ws.zIndex, 10) !== 1000) problems.push("the wash is at z-index " + ws.zIndex + ", not 1000");
			wash = parse(ws.backgroundColor) || [0, 0, 0, 0];
			for (const col of colours(ws.backgroundImage)) wash = over(col, wash);
		}
		const washed = (col, raised) => wash && !raised ? [0, 1, 2].map((i) => col[i] * (1 - wash[3] + wash[3] * wash[i] / 255)).concat(1) : col;
		const out = [];
		for (const tx of texts) {
			let worst = null;
			for (const [fg, bg] of tx.pairs) {
				const F = filtered(washed(fg, tx.raised)), B = filtered(washed(bg, tx.raised));
				const r = ratio(F, B);
				if (!worst || r < worst.ratio) worst = {ratio: Math.round(r * 100) / 100, fg: hex(F), bg: hex(B), neutralFg: hex(fg), neutralBg: hex(bg)};
			}
			out.push({what: tx.what, need: tx.need, ...worst});
		}
		return {contrast: c, temperature: t, problems, texts: out};
	});
	setFilters(50, 50);
	return results;
})`

// contrastLooks are the filter settings every text is measured in: the contrast at 50 and at
// its extremes, each with the colour temperature at 50 and at its extremes (whose washes take
// contrast away too). Grain stays at 50: its noise has no one colour to measure.
var contrastLooks = [][2]int{{50, 0}, {50, 100}, {0, 0}, {0, 50}, {0, 100}, {100, 0}, {100, 50}, {100, 100}}

// textContrast is one visible text's worst contrast on screen in one look, and the colours
// that give it, as drawn and as the page's styles have them.
type textContrast struct {
	What      string  `json:"what"`
	Ratio     float64 `json:"ratio"`
	Need      float64 `json:"need"`
	FG        string  `json:"fg"`
	BG        string  `json:"bg"`
	NeutralFG string  `json:"neutralFg"`
	NeutralBG string  `json:"neutralBg"`
}

// filteredLook is every text measured in one look.
type filteredLook struct {
	Contrast    int            `json:"contrast"`
	Temperature int            `json:"temperature"`
	Problems    []string       `json:"problems"`
	Texts       []textContrast `json:"texts"`
}

// filteredLooks measures every text on the page in each look (contrast, temperature).
func (tb *tab) filteredLooks(looks [][2]int) []filteredLook {
	tb.t.Helper()
	arg, err := json.Marshal(looks)
	if err != nil {
		tb.t.Fatal(err)
	}
	return eval[[]filteredLook](tb, filteredContrastScript+"("+string(arg)+")")
}

// checkFilteredContrast measures every text on the page in every look of contrastLooks (the
// filter attributes set on the root, as app.js's live preview sets them) and reports each one
// under WCAG AA's contrast as the screen shows it. It returns each look's lowest ratio and text.
func (tb *tab) checkFilteredContrast(where string) []string {
	tb.t.Helper()
	var lowest []string
	for _, l := range tb.filteredLooks(contrastLooks) {
		for _, p := range l.Problems {
			tb.t.Errorf("%s: %s", where, p)
		}
		if len(l.Texts) == 0 {
			tb.t.Fatalf("%s: no text measured", where)
		}
		low := textContrast{Ratio: 21}
		for _, x := range l.Texts {
			if x.Ratio < low.Ratio {
				low = x
			}
			if x.Ratio < x.Need {
				tb.t.Errorf("%s, contrast %d%%, temperature %d%%: %s is %.2f:1 (%s on %s, drawn from %s on %s), under %.1f:1",
					where, l.Contrast, l.Temperature, x.What, x.Ratio, x.FG, x.BG, x.NeutralFG, x.NeutralBG, x.Need)
			}
		}
		lowest = append(lowest, fmt.Sprintf("c%d/t%d %.2f (%s)", l.Contrast, l.Temperature, low.Ratio, low.What))
	}
	return lowest
}

// TestBrowserContrastFilters checks every text of the tables (at a deal's start, with a hint,
// at a deal's end, with wild cards, at an As-Nas showdown that ends the match) and of the
// site's pages in every look of contrastLooks: the contrast filter is a preference for softer
// or stronger contrast, never for text under WCAG AA (4.5:1, 3:1 for large text), whatever the
// colour temperature. axe-core cannot tell: it ignores the root's filter and the wash, and
// leaves every text on a gradient (the felt, the paper) undecided.
func TestBrowserContrastFilters(t *testing.T) {
	browserTest(t)
	srv := httptest.NewServer(withWorstAsnas(web.WithGuandanPositions(t, browserHandler(t))))
	t.Cleanup(srv.Close)
	for _, size := range []struct {
		name string
		w, h int64
	}{{"phone", phoneWidth, phoneHeight}, {"laptop", desktopWidth, desktopHeight}} {
		t.Run(size.name, func(t *testing.T) {
			tb := newTab(t, startBrowser(t, 2*time.Minute), srv.URL, size.w, size.h)
			check := func(where string) {
				// Every disclosure open: the trick log, the cards still out, the keys.
				tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("main details").forEach((d) => d.open = true)`))
				t.Logf("%s: the lowest ratios %s", where, strings.Join(tb.checkFilteredContrast(where), ", "))
			}
			for _, p := range []string{"/", "/settings", "/asnas/rules", "/guandan/rules", "/asnas/learn", "/guandan/learn", "/asnas/history", "/asnas", worstAsnasPath, "/guandan", "/guandan?hint=1"} {
				tb.open(p)
				check(p)
			}
			for _, name := range []string{"return", "wild"} {
				tb.position(name)
				check("/guandan, position " + name)
			}
			// The check must be able to fail: the filter softer contrast once was at 0, every
			// colour flattened towards grey (contrast(0.8)), takes text on the felt under 4.5:1.
			tb.open("/guandan")
			tb.do(chromedp.Evaluate[chromedp.Void](`document.documentElement.style.filter = "contrast(0.8)"`))
			under := 0
			for _, x := range tb.filteredLooks([][2]int{{50, 50}})[0].Texts {
				if x.Ratio < x.Need {
					under++
				}
			}
			if under == 0 {
				t.Error("under contrast(0.8) every text of the Guandan table measures at WCAG AA")
			}
			tb.checkClean("the contrast filters", "")
		})
	}
}
