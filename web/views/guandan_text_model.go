package views

import (
	"context"
	"slices"
	"strings"

	"github.com/a-h/templ"
	"github.com/cardavia/cardavia/i18n"
	gd "github.com/cardavia/cardavia/rules/guandan"
)

// rankKey is a rank's suffix in the card catalog keys: "2".."10", "J", "Q", "K", "A".
func rankKey(r gd.Rank) string {
	if r == gd.Ten {
		return "10"
	}
	return r.String()
}

// rankWord is a rank's name in the context's language ("Jack", "7", "Red Joker").
func rankWord(ctx context.Context, r gd.Rank) string {
	switch r {
	case gd.RedJoker:
		return i18n.T(ctx, "card.joker.red")
	case gd.BlackJoker:
		return i18n.T(ctx, "card.joker.black")
	}
	return i18n.T(ctx, "card.rank."+rankKey(r))
}

// ranksWord is the plural of a rank's name, for "pair of 7s", "triple of Kings".
func ranksWord(ctx context.Context, r gd.Rank) string {
	return i18n.T(ctx, "guandan.ranks."+rankKey(r))
}

// cardName is a card's full name ("Ten of Hearts", "Red Joker").
func cardName(ctx context.Context, c gd.Card) string {
	if c.IsJoker() {
		return rankWord(ctx, c.Rank())
	}
	return i18n.T(ctx, "card.name", rankWord(ctx, c.Rank()), i18n.T(ctx, "card.suit."+c.Suit().String()))
}

// ReturnName is the name of the card a return's hint gives back ("7 of clubs").
func (h GuandanHint) ReturnName(ctx context.Context) string {
	cs := h.Cards.Cards()
	if len(cs) != 1 {
		return ""
	}
	return cardName(ctx, cs[0])
}

// labelName is a card's name and whether it is wild or a level card (see cardLabel).
func labelName(ctx context.Context, c gd.Card, level gd.Rank) string {
	switch {
	case c.IsWild(level):
		return i18n.T(ctx, "guandan.card.wild", cardName(ctx, c))
	case c.Rank() == level:
		return i18n.T(ctx, "guandan.card.level", cardName(ctx, c))
	}
	return cardName(ctx, c)
}

// readingArgs are the arguments of a reading's messages: singles and sequences name one rank,
// groups name the plural, bombs their size first.
func readingArgs(ctx context.Context, r gd.Reading) []any {
	switch r.Kind {
	case gd.Single, gd.Straight, gd.StraightFlush, gd.Tube, gd.Plate:
		return []any{rankWord(ctx, r.Rank)}
	case gd.Pair, gd.Triple, gd.FullHouse:
		return []any{ranksWord(ctx, r.Rank)}
	case gd.Bomb:
		return []any{int(r.Size), ranksWord(ctx, r.Rank)}
	}
	return nil
}

// ReadingLabel names a reading as a choice or a caption: "Full house of 8s".
func ReadingLabel(ctx context.Context, r gd.Reading) string {
	return i18n.T(ctx, "guandan.reading."+r.Kind.String(), readingArgs(ctx, r)...)
}

// playPhrase names a reading inside a sentence: "a full house of 8s".
func playPhrase(ctx context.Context, r gd.Reading) string {
	return i18n.T(ctx, "guandan.play."+r.Kind.String(), readingArgs(ctx, r)...)
}

// gSeat is a seat's name at the Guandan table ("You", "East", …).
func gSeat(ctx context.Context, seat int) string {
	return seatWord(ctx, "guandan.seat.", seat)
}

// gSeatHeading is a seat's name on its heading at the felt (see feltWord).
func gSeatHeading(ctx context.Context, seat int) string {
	return feltWord(ctx, "guandan.seat.", seat)
}

// teamName names a team: "You and North", "East and West"; at a shared table by its players
// ("You and Sara", "Ali and West (AI)").
func teamName(ctx context.Context, team int) string {
	s := seatingOf(ctx)
	if !s.shared() {
		return i18n.T(ctx, "guandan.team."+itoa(team))
	}
	if s.Viewer >= 0 && s.Viewer%2 == team {
		return i18n.T(ctx, "tables.team.you", gSeat(ctx, (s.Viewer+2)%4))
	}
	return i18n.T(ctx, "tables.team.pair", gSeat(ctx, team), gSeat(ctx, team+2))
}

// teamText is a sentence about a team whose solo wording names the team in the key
// ("guandan.match.won.0": "You and North have won…"): at a shared table the team's players are
// named instead, through the key's shared form (tables.<key>) that takes the team's name as
// its last argument; the viewer's own team is addressed as at the solo table
// (tables.<key>.you, "You and %s have won…", many languages conjugate for it), their partner
// named where it names North.
func teamText(ctx context.Context, key string, team int, args ...any) string {
	s := seatingOf(ctx)
	switch {
	case !s.shared():
		return i18n.T(ctx, key+"."+itoa(team), args...)
	case s.Viewer >= 0 && s.Viewer%2 == team:
		return i18n.T(ctx, "tables."+key+".you", append(args, gSeat(ctx, (s.Viewer+2)%4))...)
	}
	return i18n.T(ctx, "tables."+key, append(args, teamName(ctx, team))...)
}

// levelWord names a level rank in text ("7", "Jack").
func levelWord(ctx context.Context, r gd.Rank) string { return rankWord(ctx, r) }

// GuandanEventText narrates one engine event for the log. The human's own actions have their
// own messages ("You passed"), because many languages conjugate differently for "you"; a
// tribute or return involving the human is told from their side.
func GuandanEventText(ctx context.Context, e gd.Event, level gd.Rank) string {
	you := isYou(ctx, e.Seat)
	youAI := youByAI(ctx, e.Seat)
	who := func(key string, args ...any) string {
		if youAI {
			return i18n.T(ctx, "guandan.log.youai."+key, args...)
		}
		if you {
			return i18n.T(ctx, "guandan.log.you."+key, args...)
		}
		return i18n.T(ctx, "guandan.log."+key, append([]any{gSeat(ctx, e.Seat)}, args...)...)
	}
	switch e.Kind {
	case gd.EvDealt:
		return i18n.T(ctx, "guandan.log.dealt", e.Place, levelWord(ctx, level))
	case gd.EvLead:
		return who("lead")
	case gd.EvPlay:
		return who("play", playPhrase(ctx, e.Play.Reading))
	case gd.EvPass:
		return who("pass")
	case gd.EvTrickWon:
		return who("trickwon")
	case gd.EvFinished:
		return who("finished." + itoa(e.Place))
	case gd.EvTributeCancelled:
		return who("cancelled")
	case gd.EvTribute, gd.EvReturn:
		key := "tribute"
		if e.Kind == gd.EvReturn {
			key = "return"
		}
		switch {
		case youAI:
			return i18n.T(ctx, "guandan.log.youai."+key, gSeat(ctx, e.To), cardName(ctx, e.Card))
		case isYou(ctx, e.Seat):
			return i18n.T(ctx, "guandan.log.you."+key, gSeat(ctx, e.To), cardName(ctx, e.Card))
		case isYou(ctx, e.To):
			return i18n.T(ctx, "guandan.log.toyou."+key, gSeat(ctx, e.Seat), cardName(ctx, e.Card))
		}
		return i18n.T(ctx, "guandan.log."+key, gSeat(ctx, e.Seat), gSeat(ctx, e.To), cardName(ctx, e.Card))
	case gd.EvDealOver:
		if e.Promotion == 0 {
			// A team at A that wins without its partner placing well stays at A (RULES.md).
			return teamText(ctx, "guandan.log.dealstay", e.Team, levelWord(ctx, e.Levels[e.Team]))
		}
		return teamText(ctx, "guandan.log.dealover", e.Team, e.Promotion, levelWord(ctx, e.Levels[e.Team]))
	case gd.EvMatchOver:
		return teamText(ctx, "guandan.log.matchover", e.Team)
	}
	return ""
}

// logLines are the log's events worth a line: an EvLead right after the same seat won the
// trick says nothing new, nor does the end of the deal that ends the match.
func logLines(log []gd.Event) []gd.Event {
	at := logLineAt(log)
	out := make([]gd.Event, len(at))
	for i, j := range at {
		out[i] = log[j]
	}
	return out
}

// logLineAt are the indexes in log of logLines' events.
func logLineAt(log []gd.Event) []int {
	out := make([]int, 0, len(log))
	for i, e := range log {
		// A lead already told: by the trick its leader won, or by the refused tribute's line
		// ("…both Red Jokers. East leads.").
		if e.Kind == gd.EvLead && i > 0 && (log[i-1].Kind == gd.EvTrickWon || log[i-1].Kind == gd.EvTributeCancelled) && log[i-1].Seat == e.Seat {
			continue
		}
		// The deal that wins the match promotes nobody; the match line says what happened.
		if e.Kind == gd.EvDealOver && i+1 < len(log) && log[i+1].Kind == gd.EvMatchOver {
			continue
		}
		out = append(out, i)
	}
	return out
}

// notice is the table's notice panel, compact (guandan.css).
func (t GuandanTable) notice() NoticeView {
	level := ""
	if t.Level.Current != "" {
		level = "guandan_ai.level." + t.Level.Current
	}
	return levelNotice(NoticeView{Key: guandanNotices.key(t.Notice), Class: "gnotice"}, t.Notice, level)
}

// state is the table's state for its title; see tableState.
func (t GuandanTable) state(ctx context.Context) string {
	return tableState(ctx, "guandan", t.MyTurn() || t.MustReturn(), t.DealOver(), t.MatchOver(), t.View.DealNo)
}

// PageTitle is the solo table's title; see tableTitle.
func (t GuandanTable) PageTitle(ctx context.Context) string {
	return tableTitle(ctx, t.notice(), t.state(ctx), i18n.T(ctx, "guandan.title"))
}

// logPanel lists what happened since the human's last move. The lines guandan.js replays
// carry data-gstep, how many of the replay's steps must be shown before the line is: while
// the replay runs the log tells no more than the felt (an EvLead, which is no step, comes
// with the step before it).
func (t GuandanTable) logPanel(ctx context.Context) LogPanelView {
	shown := slices.Concat(t.Earlier, t.Log)
	from := len(t.Deal) - len(shown)
	lines, at := guandanAsideLines(ctx, shown, t.View.Level, t.Asides, from)
	if len(t.Replay()) > 0 {
		told := logLines(t.replayEvents())
		if first := len(lines) - len(told); first >= 0 {
			n := 0
			for i, e := range told {
				if e.Kind != gd.EvLead {
					n++
				}
				lines[first+i].Attrs = templ.OrderedAttributes{{Key: "data-gstep", Value: itoa(max(n, 1))}}
			}
		}
	}
	// A shared table's asides show with the line that follows them; only those the replay
	// tells (replayTexts) come with its steps.
	log := inLog(ctx)
	replayed := len(t.Deal) - len(t.replayEvents())
	lines = spliceAsides(lines, at, t.Asides, from, func(a LogAside, before int) LogLine {
		l := asideLine(log, a)
		if a.At >= replayed && before < len(lines) {
			l.Attrs = lines[before].Attrs
		}
		if news := newsAttrs(a, len(t.Deal), t.View.Seat); news != nil {
			l.Attrs = news
		}
		return l
	})
	return LogPanelView{TitleID: "glog-title", Title: i18n.T(ctx, "guandan.log.title"),
		Empty: i18n.T(ctx, "guandan.log.empty"), Lines: lines}
}

// placeName is a finishing place's name ("First").
func placeName(ctx context.Context, place int) string {
	return i18n.T(ctx, "guandan.place."+itoa(place))
}

// faceClass gives a card face its colour and marks for the stylesheet.
func faceClass(c gd.Card, level gd.Rank) string {
	cls := "black"
	if c.Rank() == gd.RedJoker || (!c.IsJoker() && (c.Suit() == gd.Hearts || c.Suit() == gd.Diamonds)) {
		cls = "red"
	}
	switch {
	case c.IsJoker():
		cls += " joker"
	case c.IsWild(level):
		cls += " wild"
	case c.Rank() == level:
		cls += " level"
	}
	return cls
}

// trackLabel heads a tracker column: the rank's index, or a short name for the jokers and
// the wilds.
func trackLabel(ctx context.Context, c TrackCell) string {
	switch c.Mark {
	case MarkWild:
		return i18n.T(ctx, "guandan.wild")
	case MarkRedJoker, MarkBlackJoker:
		return rankWord(ctx, c.Rank)
	}
	return rankDigits(ctx, c.Rank)
}

// trackIconClass draws a joker's tracker star as on its face: red and filled for the Red
// Joker, hollow for the Black Joker.
func trackIconClass(m Mark) string {
	if m == MarkRedJoker {
		return "rj"
	}
	return "bj"
}

// markClass is a group's class for its mark: wild, level, or none.
func markClass(m Mark) string {
	switch m {
	case MarkWild:
		return "wild"
	case MarkLevel:
		return "level"
	}
	return ""
}

// rankDigits is a rank's index in the locale's digits (۷ in Persian), the letters J Q K A
// as printed on the cards.
func rankDigits(ctx context.Context, r gd.Rank) string {
	if r >= gd.Two && r <= gd.Ten {
		return i18n.Number(ctx, float64(r), 0)
	}
	return rankKey(r)
}

// playedName is what a screen reader says for a card of a combination: its name, whether it
// is wild or a level card, and for a wild what it stands for.
func playedName(ctx context.Context, pc PlayedCard, level gd.Rank) string {
	if !pc.Stands {
		return labelName(ctx, pc.Card, level)
	}
	return i18n.T(ctx, "guandan.card.stands", cardName(ctx, pc.Card), standsName(ctx, pc))
}

// standsName names what a wild stands for: a rank, or a card when the suit is fixed.
func standsName(ctx context.Context, pc PlayedCard) string {
	if pc.AsSuit == gd.NoSuit {
		return rankWord(ctx, pc.As)
	}
	return i18n.T(ctx, "card.name", rankWord(ctx, pc.As), i18n.T(ctx, "card.suit."+pc.AsSuit.String()))
}

// chipStands is what a wild's chip in the trick list says it stands for, "as 9", "as Q♦": the
// rank and suit as printed on a card's corner, isolated left to right (LRI … PDI) so that in
// Persian the words around them do not turn "Q♦" into "♦Q".
func chipStands(ctx context.Context, pc PlayedCard) string {
	return i18n.T(ctx, "guandan.chip.as", "\u2066"+rankDigits(ctx, pc.As)+suitGlyph(pc.AsSuit)+"\u2069")
}

// chipIndex is what a chip of the trick list shows of a card: rank and suit, or for a joker a
// star, solid for the Red Joker and hollow for the Black, as on their faces.
func chipIndex(ctx context.Context, c gd.Card) string {
	switch c.Rank() {
	case gd.RedJoker:
		return "★"
	case gd.BlackJoker:
		return "☆"
	}
	return rankDigits(ctx, c.Rank()) + suitGlyph(c.Suit())
}

// suitGlyph is a suit's symbol, drawn beside a wild's stand-in rank.
func suitGlyph(s gd.Suit) string {
	switch s {
	case gd.Spades:
		return "♠"
	case gd.Hearts:
		return "♥"
	case gd.Clubs:
		return "♣"
	case gd.Diamonds:
		return "♦"
	}
	return ""
}

// SelectionText is the live line's words for a verdict on the selection: "Pair of Kings:
// beats a pair of 9s", "Not a combination". The table page and the /guandan/selection
// fragment both print it, so the answer with and without JavaScript is the same.
func SelectionText(ctx context.Context, s GuandanSelection) string {
	switch s.Verdict {
	case SelectPlayable:
		if s.ToBeat.IsZero() {
			return i18n.T(ctx, "guandan.sel.lead", ReadingLabel(ctx, s.Reading))
		}
		return i18n.T(ctx, "guandan.sel.beats", ReadingLabel(ctx, s.Reading), playPhrase(ctx, s.ToBeat))
	case SelectChoose:
		names := make([]string, len(s.Readings))
		for i, r := range s.Readings {
			names[i] = playPhrase(ctx, r)
		}
		return i18n.T(ctx, "guandan.sel.choose", strings.Join(names, i18n.T(ctx, "guandan.sel.or")))
	case SelectTooWeak:
		line := i18n.T(ctx, "guandan.sel.nobeat", ReadingLabel(ctx, s.Reading), playPhrase(ctx, s.ToBeat))
		if why := onlyBeats(s.Reading, s.ToBeat); why != "" {
			line = joinSentences(ctx, []string{line, i18n.T(ctx, why)})
		}
		return line
	case SelectIllegal:
		return i18n.T(ctx, "guandan.sel.illegal")
	}
	return i18n.T(ctx, "guandan.sel.none")
}

// onlyBeats is the key of the sentence that tells a player whose play does not beat the
// trick what would, when the reason is not simply a lower rank: a play of another kind
// ("Only a higher pair, or a bomb, beats a pair"), or an ordinary play against a bomb.
// It is "" for a play of the same kind that is too low, which the line says well enough.
func onlyBeats(r, prev gd.Reading) string {
	switch {
	case prev.Kind == gd.JokerBomb:
		return "guandan.sel.only.joker-bomb"
	case prev.IsBomb():
		return "guandan.sel.only.bomb"
	case r.Kind != prev.Kind:
		return "guandan.sel.only." + prev.Kind.String()
	}
	return ""
}

// verdictName names a verdict for the data-selection hook.
func verdictName(v SelectionVerdict) string {
	return [...]string{"none", "playable", "choose", "tooweak", "illegal"}[v]
}
