package web

import (
	"errors"
	"net/http"
	"strconv"

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

// lessonOf is a step of a lesson as the page's model has it.
func lessonOf(game string, n, steps int, st learn.Step) views.Lesson {
	return views.Lesson{Game: game, Step: n, Steps: steps, Key: st.Key, Args: st.Args, Marks: st.Marks, Move: st.Move}
}

// asnasLearn shows a step of the As-Nas lesson, with the reason the move in ?wrong= was not
// the one asked for (judged again here, so the query cannot put other words on the page).
func (s *Server) asnasLearn(w http.ResponseWriter, r *http.Request) error {
	l := learn.Asnas()
	n, err := s.lessonStep(r, "asnas", l.Len())
	if err != nil {
		return err
	}
	ch := s.chrome(r, "asnas")
	ch.Learn = true
	if n > l.Len() {
		return s.render(w, r, http.StatusOK, views.LearnDonePage(ch, views.Lesson{Game: "asnas", Step: n, Steps: l.Len()}))
	}
	st, pos, err := l.At(n)
	if err != nil {
		return err
	}
	p := views.AsnasLesson{Lesson: lessonOf("asnas", n, l.Len(), st), Replay: pos.Moved}
	p.Table = views.AsnasTable{View: humanView(pos.Match), Log: pos.Log}
	if wrong := r.URL.Query().Get("wrong"); wrong != "" {
		if o, _ := l.Try(n, wrong); o == learn.Wrong {
			p.Lesson.Wrong = "learn.asnas." + st.Key + ".wrong"
		}
	}
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
	switch o, err := l.Try(n, verb); o {
	case learn.Right:
		return s.advanceLesson(w, r, "asnas", n)
	case learn.Wrong:
		http.Redirect(w, r, lessonURL("asnas", n, verb), http.StatusSeeOther)
		return nil
	default:
		if errors.Is(err, learn.ErrNoStep) {
			return badRequest("no such lesson step")
		}
		return err
	}
}

// asnasLearnShow makes the move a step asks for on the visitor's behalf ("Show me").
func (s *Server) asnasLearnShow(w http.ResponseWriter, r *http.Request) error {
	n, err := formStep(w, r, learn.Asnas().Len())
	if err != nil {
		return err
	}
	return s.advanceLesson(w, r, "asnas", n)
}

// newcomer tells whether the visitor has never finished a match of game: they are offered
// its lesson. A store that cannot be read offers it too (a line of text, nothing more).
func (s *Server) newcomer(r *http.Request, game string) bool {
	id := visitorFrom(r.Context()).id
	if id == "" {
		return true
	}
	var sh shelf
	var err error
	switch game {
	case asnasGame.game:
		sh, _, err = asnasGame.loadShelf(r.Context(), s, id)
	case guandanGame.game:
		sh, _, err = guandanGame.loadShelf(r.Context(), s, id)
	}
	return err != nil || sh.Stats.Matches == 0
}
