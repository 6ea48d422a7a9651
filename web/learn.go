package web

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"

	aiasnas "github.com/cardavia/cardavia/ai/asnas"
	aiguandan "github.com/cardavia/cardavia/ai/guandan"
	"github.com/cardavia/cardavia/rules/asnas"
	gd "github.com/cardavia/cardavia/rules/guandan"
	"github.com/cardavia/cardavia/web/learn"
	"github.com/cardavia/cardavia/web/views"
)

// learnCookie keeps how far the visitor got in each lesson, so that they can leave and come
// back. It is a cookie of its own, signed and encrypted like the session's, holding a step
// number per game and nothing else: a lesson's position is rebuilt from its step, so there
// is nothing to store on the server, and a lost or doctored cookie only starts the lesson
// again.
const learnCookie = "cardavia-learn"

// lessonProgress is the step the visitor reached in game's lesson of n steps: 1 for a new
// visitor or a cookie that does not decode, and never beyond the page after the last step.
func (s *Server) lessonProgress(r *http.Request, game string, n int) int {
	sess, err := s.sessions.Get(r, learnCookie)
	if err != nil {
		return 1
	}
	v, _ := sess.Values[game].(string)
	step, err := strconv.Atoi(v)
	if err != nil || step < 1 || step > n+1 {
		return 1
	}
	return step
}

// lessonDone tells whether the visitor has been through game's lesson to its end: its offer
// ("New to As-Nas? Learn in 3 minutes") is then no news to them, on the table or the home page.
func (s *Server) lessonDone(r *http.Request, game string) bool {
	steps := 0
	switch game {
	case asnasGame.game:
		steps = learn.Asnas().Len()
	case guandanGame.game:
		steps = learn.Guandan().Len()
	}
	return steps > 0 && s.lessonProgress(r, game, steps) > steps
}

// saveLessonProgress remembers step as the visitor's place in game's lesson.
func (s *Server) saveLessonProgress(w http.ResponseWriter, r *http.Request, game string, step int) error {
	sess, _ := s.sessions.Get(r, learnCookie) // a cookie that does not decode is replaced
	sess.Options.Secure = r.TLS != nil || s.cfg.SecureCookies
	sess.Values[game] = strconv.Itoa(step)
	return sess.Save(r, w)
}

// lessonStep is the step a lesson page shows: the one in ?step= (any step of the lesson, or
// the page after the last), else the visitor's progress. A step that is not a number of the
// lesson is a 404 page: it names a page that does not exist.
func (s *Server) lessonStep(r *http.Request, game string, n int) (int, error) {
	q := r.URL.Query().Get("step")
	if q == "" {
		return s.lessonProgress(r, game, n), nil
	}
	step, err := strconv.Atoi(q)
	if err != nil || step < 1 || step > n+1 {
		return 0, errNotFound
	}
	return step, nil
}

// formStep reads the step a lesson's form was made for.
func formStep(w http.ResponseWriter, r *http.Request, n int) (int, error) {
	if err := parseMoveForm(w, r); err != nil {
		return 0, err
	}
	step, err := strconv.Atoi(r.PostFormValue("step"))
	if err != nil || step < 1 || step > n {
		return 0, badRequest("missing or garbled lesson step")
	}
	return step, nil
}

// lessonURL is the page of a step, with the move just turned down, if any.
func lessonURL(game string, step int, wrong string) string {
	u := "/" + game + "/learn?step=" + strconv.Itoa(step)
	if wrong != "" {
		u += "&wrong=" + wrong
	}
	return u
}

// lessonCardsURL is lessonURL with the cards of a refused play, which the step's page shows
// selected again (and, when they have several readings, asks which one), as the table does.
func lessonCardsURL(game string, step int, wrong string, cards gd.Set) string {
	u := lessonURL(game, step, wrong)
	for _, c := range cards.Cards() {
		u += "&card=" + strconv.Itoa(int(c))
	}
	return u
}

// lessonStepURL is the page of game's step n, "" when there is no such step (n is 0).
func lessonStepURL(game string, n int) string {
	if n < 1 {
		return ""
	}
	return lessonURL(game, n, "")
}

// advanceLesson goes on to the step after step: the progress is kept, and the answer is the
// next step's page.
func (s *Server) advanceLesson(w http.ResponseWriter, r *http.Request, game string, step int) error {
	if err := s.saveLessonProgress(w, r, game, step+1); err != nil {
		return err
	}
	http.Redirect(w, r, lessonURL(game, step+1, ""), http.StatusSeeOther)
	return nil
}

// restartLesson starts game's lesson again.
func (s *Server) restartLesson(game string) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if err := parseMoveForm(w, r); err != nil {
			return err
		}
		if err := s.saveLessonProgress(w, r, game, 1); err != nil {
			return err
		}
		http.Redirect(w, r, lessonURL(game, 1, ""), http.StatusSeeOther)
		return nil
	}
}

// lessonChrome is the layout of a page of game's lesson showing step n. A setting changed
// there (the language, a filter) comes back to that step: the lesson's path alone shows the
// visitor's progress, which is another step when they came by a "why?" link or went back.
func (s *Server) lessonChrome(r *http.Request, game string, n int) views.Chrome {
	ch := s.chrome(r, game)
	ch.Learn = true
	ch.Path = lessonURL(game, n, "")
	return ch
}

// lessonOf is a step of a lesson as the page's model has it.
func lessonOf(game string, n, steps int, st learn.Step) views.Lesson {
	return views.Lesson{Game: game, Step: n, Steps: steps, Key: st.Key, Args: st.Args, Marks: st.Marks, Move: st.Move}
}

// asnasLearn shows a step of the As-Nas lesson, with the reason the move in ?wrong= was not
// the one asked for, in the words of that move (judged again here, so the query cannot put
// other words on the page). A
// step that is only read asks for no move, so it has no reason to give: any ?wrong= there
// shows nothing, as in the Guandan lesson.
func (s *Server) asnasLearn(w http.ResponseWriter, r *http.Request) error {
	l := learn.Asnas()
	n, err := s.lessonStep(r, "asnas", l.Len())
	if err != nil {
		return err
	}
	ch := s.lessonChrome(r, "asnas", n)
	if n > l.Len() {
		return s.render(w, r, http.StatusOK, views.LearnDonePage(ch, views.Lesson{Game: "asnas", Step: n, Steps: l.Len()}))
	}
	ch.SkipToHand = views.AsnasHand // the table's skip link: a step shows the hand, the page after the last none
	st, pos, err := l.At(n)
	if err != nil {
		return err
	}
	p := views.AsnasLesson{Lesson: lessonOf("asnas", n, l.Len(), st), Replay: pos.Moved}
	p.Table = views.AsnasTable{View: seatView(pos.Match, soloSeat), Log: pos.Log}
	if wrong := r.URL.Query().Get("wrong"); wrong != "" && !st.Reads() {
		if o, _ := l.Try(n, wrong); o == learn.Wrong {
			if key := st.Reason(wrong); key != "" {
				p.Lesson.Wrong = "learn.asnas." + key
			}
		} else {
			p.Lesson.Wrong = asnasRefusalKey(wrong)
		}
	}
	p.Replay = p.Replay && p.Lesson.Wrong == "" // the others' moves were shown the first time
	return s.render(w, r, http.StatusOK, views.AsnasLearnPage(ch, p))
}

// asnasLearnMove is a move made at a step of the As-Nas lesson: the move asked for goes on to
// the next step; another legal one comes back to the same step with the reason; one the
// engine refuses (a form the page never offers) is the engine's error page, as at the table.
// Nothing of the visitor's real match is touched.
func (s *Server) asnasLearnMove(w http.ResponseWriter, r *http.Request) error {
	l := learn.Asnas()
	n, err := formStep(w, r, l.Len())
	if err != nil {
		return err
	}
	verb := r.PostFormValue("verb")
	if _, err := asnas.ParseVerb(verb); err != nil && verb != "next" && verb != "continue" {
		return badRequest("unknown verb")
	}
	o, err := l.Try(n, verb)
	switch o {
	case learn.Right:
		return s.advanceLesson(w, r, "asnas", n)
	case learn.Wrong:
		http.Redirect(w, r, lessonURL("asnas", n, verb), http.StatusSeeOther)
		return nil
	}
	for _, ref := range asnasLessonRefusals {
		if errors.Is(err, ref.err) {
			http.Redirect(w, r, lessonURL("asnas", n, ref.name), http.StatusSeeOther)
			return nil
		}
	}
	return err
}

// asnasLessonRefusals are the engine's refusals of a verb the lesson explains before a second
// try (a form the page never offers: the table's buttons are the legal verbs), each with its
// name in ?wrong= and its words, "learn.asnas.refused.<name>". ErrMatchOver is an ErrOver.
var asnasLessonRefusals = []struct {
	err  error
	name string
}{
	{asnas.ErrAlreadyLooked, "looked"},
	{asnas.ErrIllegal, "illegal"},
	{asnas.ErrDealNotOver, "notover"},
	{asnas.ErrOver, "over"},
}

// asnasRefusalKey is the words of the refusal named in ?wrong=, "" for none.
func asnasRefusalKey(name string) string {
	for _, ref := range asnasLessonRefusals {
		if ref.name == name {
			return "learn.asnas.refused." + name
		}
	}
	return ""
}

// asnasLearnShow makes the move a step asks for on the visitor's behalf ("Show me").
func (s *Server) asnasLearnShow(w http.ResponseWriter, r *http.Request) error {
	n, err := formStep(w, r, learn.Asnas().Len())
	if err != nil {
		return err
	}
	return s.advanceLesson(w, r, "asnas", n)
}

// asnasLearnPlay is the As-Nas lesson's last button, "Play a match against Beginner AI
// players": see learnPlay.
func (s *Server) asnasLearnPlay(w http.ResponseWriter, r *http.Request) error {
	id, err := s.beginnerFor(w, r, func(p *prefs) { p.AsnasLevel = aiasnas.Beginner.String() })
	if err != nil {
		return err
	}
	return learnPlay(s, w, r, id, timedTable(r.Context(), asnasAtLevel(aiasnas.Beginner), aiasnas.Beginner.String()))
}

// guandanLearnPlay is the Guandan lesson's last button: see learnPlay.
func (s *Server) guandanLearnPlay(w http.ResponseWriter, r *http.Request) error {
	id, err := s.beginnerFor(w, r, func(p *prefs) { p.GuandanLevel = aiguandan.LevelBeginner.String() })
	if err != nil {
		return err
	}
	return learnPlay(s, w, r, id, timedTable(r.Context(), guandanAtLevel(aiguandan.LevelBeginner), aiguandan.LevelBeginner.String()))
}

// beginnerFor reads a lesson's last form and saves the visitor's AI level at Beginner with
// set, as the settings page saves a level; it returns the visitor's id.
func (s *Server) beginnerFor(w http.ResponseWriter, r *http.Request, set func(*prefs)) (string, error) {
	if err := parseMoveForm(w, r); err != nil {
		return "", err
	}
	id, err := s.ensureVisitor(w, r)
	if err != nil {
		return "", err
	}
	return id, s.updatePrefs(r.Context(), id, set)
}

// learnPlay takes the visitor from a lesson's end to a match against Beginner AI players (t
// plays at Beginner, the level just saved), losing nothing: a match in progress is kept, and
// shown with the level notice (the AI players play at Beginner from their next move; its New
// match, with its confirmation, starts another); with none, the table deals the first one at
// Beginner; after a finished match (kept in the history) a new one is dealt, as its end's New
// match deals it.
func learnPlay[L liveMatch](s *Server, w http.ResponseWriter, r *http.Request, id string, t table[L]) error {
	l, _, _, ok, err := t.current(r.Context(), s, id, true)
	switch {
	case err != nil:
		return err
	case !ok:
		return t.redirect(w, r, views.NoticeNone)
	case !t.over(l):
		return t.redirect(w, r, views.NoticeLevel)
	}
	r.PostForm.Set("move", strconv.FormatUint(l.Token(), 10))
	return t.post(s, w, r, t.redirect, t.restart(r.Context(), s))
}

// newcomer tells whether the home page offers game's lesson to the visitor (offersLesson). A
// store that cannot be read counts no finished match (the offer is a line of text, no more).
func (s *Server) newcomer(r *http.Request, game string) bool {
	finished := 0
	if id := visitorFrom(r.Context()).id; id != "" {
		var sh shelf
		var err error
		switch game {
		case asnasGame.game:
			sh, _, err = asnasGame.loadShelf(r.Context(), s, id)
		case guandanGame.game:
			sh, _, err = guandanGame.loadShelf(r.Context(), s, id)
		}
		if err == nil {
			finished = sh.Stats.Matches
		}
	}
	return s.offersLesson(r, game, finished)
}

// offersLesson tells whether game's lesson is offered (on its table and the home page) to a
// visitor who has finished that many matches of it: to one who has finished none and has not
// been through the lesson to its end.
func (s *Server) offersLesson(r *http.Request, game string, finished int) bool {
	return finished == 0 && !s.lessonDone(r, game)
}

// guandanLessonNotices are the engine's refusals of a play that the lesson explains in the
// table's own words (its notices) before a second try.
var guandanLessonNotices = map[string]bool{"empty": true, "illegal": true, "nobeat": true, "choose": true}

// guandanLessonRefusals are the engine's other refusals, of forms the page never offers (a
// pass when leading, a card that may not be returned, a move of another phase), explained in
// the lesson's words, "learn.guandan.refused.<name>", before a second try.
var guandanLessonRefusals = []struct {
	err  error
	name string
}{
	{gd.ErrMustLead, "mustlead"},
	{gd.ErrBadReturn, "badreturn"},
	{gd.ErrWrongPhase, "phase"},
	{gd.ErrNotInHand, "notinhand"},
}

// guandanLearn shows a step of the Guandan lesson, with the reason the last move was turned
// down: ?wrong=move&did=<kind> for a legal move that is not the step's (the kind of move it was,
// learn.Step.Wrongs, whose words say why), or the name of the table's notice
// for a play the engine refused, whose cards (?card=) are shown selected again, with the
// question of their reading when they have several, as at the table.
func (s *Server) guandanLearn(w http.ResponseWriter, r *http.Request) error {
	l := learn.Guandan()
	n, err := s.lessonStep(r, "guandan", l.Len())
	if err != nil {
		return err
	}
	ch := s.lessonChrome(r, "guandan", n)
	if n > l.Len() {
		return s.render(w, r, http.StatusOK, views.LearnDonePage(ch, views.Lesson{Game: "guandan", Step: n, Steps: l.Len()}))
	}
	ch.SkipToHand = views.GuandanHand // the table's skip link: a step shows the hand, the page after the last none
	st, pos, err := l.At(n)
	if err != nil {
		return err
	}
	p := views.GuandanLesson{Lesson: lessonOf("guandan", n, l.Len(), st), Replay: pos.Moved}
	m := pos.Match
	p.Table = views.GuandanTable{View: m.View(0), Log: pos.Deal[pos.Since:], Deal: pos.Deal, Arrange: views.ArrangeRank, Lesson: true}
	if p.Table.MustReturn() {
		p.Table.Returnable = gd.Returnable(m.Level, m.Hands[0])
	}
	switch wrong := r.URL.Query().Get("wrong"); {
	case st.Reads():
	case wrong == "move":
		// The kind of move turned down (?did=) names the reason, one of the step's.
		if key := st.Reason(r.URL.Query().Get("did")); key != "" {
			p.Lesson.Wrong = "learn.guandan." + key
		}
	case guandanLessonNotices[wrong]:
		p.Lesson.Wrong = "guandan.notice." + wrong
		// The refused cards stay selected.
		if p.Table.MyTurn() {
			p.Table.Selected = querySelection(r.URL.Query()["card"], p.Table.View.Hand)
		}
	default:
		for _, ref := range guandanLessonRefusals {
			if ref.name == wrong {
				p.Lesson.Wrong = "learn.guandan.refused." + wrong
			}
		}
	}
	// The line under the hand says what the selected cards are, and cards with several
	// readings ask which one, as at the table.
	if !st.Reads() && p.Table.MyTurn() {
		judgeSelection(&p.Table, m, 0)
	}
	p.Replay = p.Replay && p.Lesson.Wrong == "" // the others' moves were shown the first time
	return s.render(w, r, http.StatusOK, views.GuandanLearnPage(ch, p))
}

// guandanLearnSelection is guandanSelection for a step of the lesson (?step=, as the page's):
// the live line for the cards named, judged on the step's position. A step that asks for no
// play has nothing selected; one that is not a step of the lesson is a 404 page.
func (s *Server) guandanLearnSelection(w http.ResponseWriter, r *http.Request) error {
	l := learn.Guandan()
	n, err := strconv.Atoi(r.URL.Query().Get("step"))
	if err != nil {
		return errNotFound
	}
	st, pos, err := l.At(n)
	if err != nil {
		return errNotFound
	}
	var sel *views.GuandanSelection
	if !st.Reads() {
		sel = queryVerdict(r, pos.Match, 0)
	}
	return s.render(w, r, http.StatusOK, views.GuandanSelectionFragment(sel))
}

// guandanLearnMove is a move made at a step of the Guandan lesson, through the same fields as
// at the table (the cards' ids, the reading chosen) and the button pressed (act). The engine judges it: a play it
// refuses comes back with the table's notice and a second try; a legal move that is not the
// step's with the step's reason; the move asked for goes on.
func (s *Server) guandanLearnMove(w http.ResponseWriter, r *http.Request) error {
	l := learn.Guandan()
	n, err := formStep(w, r, l.Len())
	if err != nil {
		return err
	}
	cards, err := parseCardIDs(r.PostForm["card"])
	if err != nil {
		return err
	}
	var a gd.Action
	act := r.PostFormValue("act")
	if r.PostFormValue("verb") == "continue" {
		act = "continue" // the bubble's Continue, the same button in every lesson
	}
	switch act {
	case "continue":
		if st, _, _ := l.At(n); st.Reads() {
			return s.advanceLesson(w, r, "guandan", n)
		}
		return badRequest("continue on a step that asks for a move")
	case "play":
		named, err := namedReading(r, cards)
		if err != nil {
			return err
		}
		a = gd.Action{Kind: gd.ActPlay, Cards: cards, Reading: named}
	case "pass":
		a = gd.Action{Kind: gd.ActPass}
	case "next":
		a = gd.Action{Kind: gd.ActNextDeal}
	case "return":
		if cards.Len() != 1 {
			return badRequest("a return is exactly one card")
		}
		a = gd.Action{Kind: gd.ActReturn, Card: cards.Cards()[0]}
	default:
		return badRequest("unknown lesson action")
	}
	if a.Kind == gd.ActPlay && cards.IsEmpty() && l.Expected(n).Kind != gd.ActPlay {
		// Play with nothing selected where the step asks for something else (a pass): the
		// table's "select the cards first" would point the visitor the wrong way, so the
		// step's own guidance answers it, as it does any other move but the step's.
		http.Redirect(w, r, lessonURL("guandan", n, "move")+"&did="+url.QueryEscape(l.Did(n, a)), http.StatusSeeOther)
		return nil
	}
	o, err := l.Try(n, a)
	if errors.Is(err, gd.ErrIllegalPlay) && !a.Reading.IsZero() {
		// A reading that does not fit the cards (a page from before reading-for, or a form
		// made by hand) counts as none named, as at the table.
		a.Reading = gd.Reading{}
		o, err = l.Try(n, a)
	}
	switch o {
	case learn.Right:
		return s.advanceLesson(w, r, "guandan", n)
	case learn.Wrong:
		http.Redirect(w, r, lessonURL("guandan", n, "move")+"&did="+url.QueryEscape(l.Did(n, a)), http.StatusSeeOther)
		return nil
	}
	var refused *guandanRefusal
	if errors.As(refusal(err, cards), &refused) {
		http.Redirect(w, r, lessonCardsURL("guandan", n, refused.notice.String(), refused.cards), http.StatusSeeOther)
		return nil
	}
	for _, ref := range guandanLessonRefusals {
		if errors.Is(err, ref.err) {
			http.Redirect(w, r, lessonURL("guandan", n, ref.name), http.StatusSeeOther)
			return nil
		}
	}
	return err
}

// guandanLearnShow makes the move a step asks for on the visitor's behalf ("Show me").
func (s *Server) guandanLearnShow(w http.ResponseWriter, r *http.Request) error {
	n, err := formStep(w, r, learn.Guandan().Len())
	if err != nil {
		return err
	}
	return s.advanceLesson(w, r, "guandan", n)
}
