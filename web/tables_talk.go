package web

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"time"

	"github.com/cardavia/cardavia/web/store"
	"github.com/cardavia/cardavia/web/views"
)

// The table's talk: a few preset phrases, no free text (nothing to moderate, nothing to
// translate badly), each read by every player in their own language. The phrases are kept
// apart from the table (talkKey), so that saying one never makes a move's compare-and-swap
// fail; they are announced on the table's own channel under talkChannel.

// phrases are the words a player may say, as catalog keys under "tables.say.".
var phrases = []string{"wellplayed", "goodluck", "thanks", "sorry", "yourturn"}

// talkEvery is how often one player may say something.
const talkEvery = 5 * time.Second

// talkKept is how many phrases a table keeps, newest last.
const talkKept = 6

// said is one phrase said at a table.
type said struct {
	Seat   int    `json:"seat"`
	Phrase string `json:"phrase"`
	// At is when (Unix milliseconds).
	At int64 `json:"at"`
}

func talkKey(id string) string     { return "talk:" + id }
func talkChannel(id string) string { return id + ":talk" }

// loadTalk reads a table's phrases, oldest first, and the version to write them back.
func (s *Server) loadTalk(ctx context.Context, id string) ([]said, uint64, error) {
	data, version, err := s.cfg.Store.Load(ctx, talkKey(id))
	if err != nil || data == nil {
		return nil, version, err
	}
	var out []said
	if err := decodeStrict(data, &out); err != nil {
		s.log.WarnContext(ctx, "stored talk unreadable", "table", id, "err", err)
		return nil, version, nil
	}
	return out, version, nil
}

// errTooChatty is a phrase said sooner than talkEvery after the player's last: 429.
var errTooChatty = &statusError{status: http.StatusTooManyRequests, reason: "phrases too often", text: "tables.error.chatty"}

// say posts one of the preset phrases for the visitor's seat.
func (s *Server) say(w http.ResponseWriter, r *http.Request) error {
	game, _, tb, err := s.tableOf(r)
	if err != nil {
		return err
	}
	if err := parseTableForm(w, r); err != nil {
		return err
	}
	phrase := r.PostFormValue("phrase")
	if !slices.Contains(phrases, phrase) {
		return badRequest("unknown phrase")
	}
	seat, err := actingSeat(r, &tb.sharedTable, visitorFrom(r.Context()).id)
	if err != nil {
		return err
	}
	ctx := r.Context()
	now := s.cfg.Now().UnixMilli()
	for range 4 {
		talk, version, err := s.loadTalk(ctx, tb.ID)
		if err != nil {
			return err
		}
		for _, t := range talk {
			if t.Seat == seat && now-t.At < talkEvery.Milliseconds() {
				return s.tooMany(w, time.Duration(t.At+talkEvery.Milliseconds()-now)*time.Millisecond, errTooChatty)
			}
		}
		talk = append(talk, said{Seat: seat, Phrase: phrase, At: now})
		if len(talk) > talkKept {
			talk = talk[len(talk)-talkKept:]
		}
		data, err := json.Marshal(talk)
		if err != nil {
			return err
		}
		err = s.cfg.Store.CompareAndSwap(ctx, talkKey(tb.ID), version, data)
		if errors.Is(err, store.ErrConflict) {
			continue
		}
		if err != nil {
			return err
		}
		s.announce(ctx, talkChannel(tb.ID), version+1)
		return sharedRedirect(game, tb.ID)(w, r, views.NoticeNone)
	}
	return store.ErrConflict
}

// tableSwitch is the handler of one of a shared table's switches, a preference of the visitor
// at every table: set(p, on) with on when the form's field is 1 (0 is off, anything else a
// bad request), then back to the table. The switches are the phrases' mute and a page's
// reloading without JavaScript.
func (s *Server) tableSwitch(field string, set func(p *prefs, on bool)) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		game, _, tb, err := s.tableOf(r)
		if err != nil {
			return err
		}
		if err := parseTableForm(w, r); err != nil {
			return err
		}
		id, err := s.ensureVisitor(w, r)
		if err != nil {
			return err
		}
		v := r.PostFormValue(field)
		if v != "0" && v != "1" {
			return badRequest(field + " is neither 0 nor 1")
		}
		on := v == "1"
		if err := s.updatePrefs(r.Context(), id, func(p *prefs) { set(p, on) }); err != nil {
			return err
		}
		return sharedRedirect(game, tb.ID)(w, r, views.NoticeNone)
	}
}

// talkModel is what the page shows of the talk: the phrases of the last minute, unless the
// visitor muted them, and whether the viewer may say one now.
func (s *Server) talkModel(ctx context.Context, tb storedTable, seat int) views.SharedTalk {
	t := views.SharedTalk{Phrases: phrases, Muted: visitorFrom(ctx).prefs.Mute, Can: seat >= 0}
	if seat < 0 {
		return t
	}
	talk, _, err := s.loadTalk(ctx, tb.ID)
	if err != nil {
		s.log.WarnContext(ctx, "load a table's talk", "table", tb.ID, "err", err)
		return t
	}
	now := s.cfg.Now().UnixMilli()
	for _, x := range talk {
		if now-x.At < time.Minute.Milliseconds() && !t.Muted {
			t.Said = append(t.Said, views.SaidLine{Seat: x.Seat, Phrase: x.Phrase})
		}
		if x.Seat == seat && now-x.At < talkEvery.Milliseconds() {
			t.Can = false
		}
	}
	return t
}
