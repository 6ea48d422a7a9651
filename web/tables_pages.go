package web

import (
	"context"
	"errors"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/cardavia/cardavia/web/qr"
	"github.com/cardavia/cardavia/web/store"
	"github.com/cardavia/cardavia/web/views"
)

// maxTableFormBytes bounds a shared table's forms: a name and a few short fields.
const maxTableFormBytes = 4 << 10

// tablesPerHour is how many shared tables a client may open in an hour (a burst of as many,
// refilled over the hour): a family's evening of rematches needs one table, a script
// filling the store needs thousands.
const tablesPerHour = 30

// wrongCodesPerHour is how many join codes that lead to no table a client may try in an hour
// (a burst of as many): a player who mistypes a code a few times never meets the limit, and
// guessing codes (some 2^37 of them) at that pace finds nothing.
const wrongCodesPerHour = 30

// refreshSeconds is how often a page without JavaScript reloads itself while its player
// waits for the others; a page whose player is to act never does.
const refreshSeconds = 4

// tableGameOf is the game of the request's path, or errNotFound.
func tableGameOf(r *http.Request) (string, tableGame, error) {
	game := chi.URLParam(r, "game")
	g, ok := tableGames[game]
	if !ok {
		return "", nil, errNotFound
	}
	return game, g, nil
}

// tableOf reads the request's table, of the request's game.
func (s *Server) tableOf(r *http.Request) (string, tableGame, storedTable, error) {
	game, g, err := tableGameOf(r)
	if err != nil {
		return "", nil, storedTable{}, err
	}
	tb, err := s.loadTable(r.Context(), chi.URLParam(r, "table"))
	if err != nil {
		return "", nil, storedTable{}, err
	}
	if tb.Game != game {
		return "", nil, storedTable{}, errNoTable
	}
	return game, g, tb, nil
}

// newTableForm is the host's form: the AI level for the empty seats, the turn timer and the
// host's name.
func (s *Server) newTableForm(w http.ResponseWriter, r *http.Request) error {
	game, g, err := tableGameOf(r)
	if err != nil {
		return err
	}
	// A newcomer gets their session (a signed cookie, nothing stored) with the form, so that
	// the two requests of a double click on "Open the table" are one visitor's.
	if _, err := s.ensureVisitor(w, r); err != nil {
		return err
	}
	once, err := newOnce()
	if err != nil {
		return err
	}
	f := views.NewTableForm{Game: game, Levels: g.levels(), Level: g.defaultLevel(), Timers: tableTimers,
		Name: visitorFrom(r.Context()).prefs.Name, Once: once}
	return s.render(w, r, http.StatusOK, views.NewTablePage(s.plainChrome(r, game), f))
}

// tablesAddress answers a table's address cut short (/asnas/tables, where only the new
// table's form posts): the way to a table is the form that opens one.
func (s *Server) tablesAddress(w http.ResponseWriter, r *http.Request) error {
	game, _, err := tableGameOf(r)
	if err != nil {
		return err
	}
	http.Redirect(w, r, "/"+game+"/tables/new", http.StatusSeeOther)
	return nil
}

// seatAddress answers a GET of a seat form's address: the lobby of a refused seat stays at it
// without JavaScript, so reloading it or opening it again leads to the table.
func (s *Server) seatAddress(w http.ResponseWriter, r *http.Request) error {
	game, _, tb, err := s.tableOf(r)
	if err != nil {
		return err
	}
	http.Redirect(w, r, tablePath(game, tb.ID), http.StatusSeeOther)
	return nil
}

// seeOther answers a GET of an address only a form posts to with the page the form is on.
func seeOther(path string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, path, http.StatusSeeOther) }
}

// openTable opens a table with the visitor as its host in the first seat, and leads to it.
func (s *Server) openTable(w http.ResponseWriter, r *http.Request) error {
	game, g, err := tableGameOf(r)
	if err != nil {
		return err
	}
	if err := parseTableForm(w, r); err != nil {
		return err
	}
	level := r.PostFormValue("level")
	timer, err := strconv.Atoi(r.PostFormValue("timer"))
	if !slices.Contains(g.levels(), level) || err != nil || !slices.Contains(tableTimers, timer) {
		return badRequest("unknown level or timer")
	}
	once := r.PostFormValue("once") // "" from a form of before: no guard against a double click
	if once != "" && !validOnce(once) {
		return badRequest("garbled form token")
	}
	if done, err := s.toOpened(w, r, game, once); done || err != nil {
		return err // the same form sent again (a double click, a reload of the answer): its table
	}
	name, err := checkName(r.PostFormValue("name"))
	if err != nil || posesAsSeat(name) {
		f := views.NewTableForm{Game: game, Levels: g.levels(), Level: level, Timers: tableTimers, Timer: timer,
			Name: typedBack(r.PostFormValue("name"), nameFieldRunes), Error: "tables.name.error", Once: once}
		if err == nil {
			f.Error = "tables.name.seatword"
		}
		return s.render(w, r, http.StatusUnprocessableEntity, views.NewTablePage(s.plainChrome(r, game), f))
	}
	if s.tables != nil {
		if _, ok := s.tables.allow(s.clientAddr(r)); !ok {
			return errTooManyTables
		}
	}
	visitor, err := s.ensureVisitor(w, r)
	if err != nil {
		return err
	}
	s.rememberName(r, visitor, name)
	now := s.cfg.Now()
	for range 3 {
		id, err := newTableID()
		if err != nil {
			return err
		}
		code, err := newTableCode()
		if err != nil {
			return err
		}
		t := sharedTable{Game: game, ID: id, Code: code, Host: visitor, Level: level, Timer: timer, Created: now.Unix()}
		t.Seats[0] = tableSeat{Visitor: visitor, Name: name}
		data, err := t.encode()
		if err != nil {
			return err
		}
		// Both from nothing: a code (or, never, an id) already in use refuses the write, and
		// another code is drawn.
		swaps := []store.Swap{{Key: tableKey(id), Data: data}, {Key: tableCodeKey(code), Data: []byte(id)}}
		if once != "" {
			swaps = append(swaps, store.Swap{Key: tableOnceKey(game, once), Data: []byte(id)})
		}
		err = s.cfg.Store.CompareAndSwapAll(r.Context(), swaps...)
		if errors.Is(err, store.ErrConflict) {
			// The same form's other request may have opened the table meanwhile.
			if done, err := s.toOpened(w, r, game, once); done || err != nil {
				return err
			}
			continue
		}
		if err != nil {
			return err
		}
		http.Redirect(w, r, tablePath(game, id), http.StatusSeeOther)
		return nil
	}
	return store.ErrConflict
}

// toOpened leads to the table that the new-table form sent with once has opened, if it has
// (none for no once); it tells whether it did.
func (s *Server) toOpened(w http.ResponseWriter, r *http.Request, game, once string) (bool, error) {
	if once == "" {
		return false, nil
	}
	id, _, err := s.cfg.Store.Load(r.Context(), tableOnceKey(game, once))
	if err != nil || id == nil {
		return false, err
	}
	http.Redirect(w, r, tablePath(game, string(id)), http.StatusSeeOther)
	return true, nil
}

// joinByCode leads from a code read aloud to its table.
func (s *Server) joinByCode(w http.ResponseWriter, r *http.Request) error {
	if err := parseTableForm(w, r); err != nil {
		return err
	}
	client := s.clientAddr(r)
	// A client out of wrong codes is refused before the code is looked up: a right guess
	// must tell it no more than a wrong one.
	if s.codes != nil {
		if wait := s.codes.wait(client); wait > 0 {
			return s.tooMany(w, wait, errTooMany)
		}
	}
	typed := r.PostFormValue("code")
	tb, err := s.tableByCode(r, typed)
	if errors.Is(err, errNoCode) {
		if s.codes != nil {
			s.codes.allow(client)
		}
		// The join page again, the code as typed in its field and why beside it, so that
		// a slip is corrected without typing it all again.
		join := &views.JoinField{Code: typedBack(typed, codeFieldRunes), Error: errNoCode.text + ".text"}
		return s.render(w, r, errNoCode.status, views.ErrorPage(s.chrome(r, ""), errNoCode.status, errNoCode.text, "", views.ErrorBack{}, join))
	}
	if err != nil {
		return err
	}
	http.Redirect(w, r, tablePath(tb.Game, tb.ID), http.StatusSeeOther)
	return nil
}

// tableByCode is the table a join code leads to, or errNoCode. A table's own link pasted
// where the code goes (the invitation offers both) leads to its table as well.
func (s *Server) tableByCode(r *http.Request, typed string) (storedTable, error) {
	if game, id, ok := tableLink(typed); ok {
		tb, err := s.loadTable(r.Context(), id)
		if errors.Is(err, errNoTable) || err == nil && tb.Game != game {
			return storedTable{}, errNoCode
		}
		return tb, err
	}
	code, ok := normalizeCode(typed)
	if !ok {
		return storedTable{}, errNoCode
	}
	data, _, err := s.cfg.Store.Load(r.Context(), tableCodeKey(code))
	if err != nil {
		return storedTable{}, err
	}
	if data == nil {
		return storedTable{}, errNoCode
	}
	tb, err := s.loadTable(r.Context(), string(data))
	if errors.Is(err, errNoTable) {
		return storedTable{}, errNoCode
	}
	return tb, err
}

// tableLink reads a shared table's address, whole ("https://…/asnas/tables/ID") or its path
// alone, as the game and the table's id.
func tableLink(typed string) (game, id string, ok bool) {
	u, err := url.Parse(strings.TrimSpace(typed))
	if err != nil {
		return "", "", false
	}
	game, id, rest, ok := parseTablePath("/" + strings.Trim(u.Path, "/"))
	if !ok || len(rest) > 0 || !validTableID(id) {
		return "", "", false
	}
	return game, id, true
}

// errNoCode is a code that leads to no table: 404 with its own words.
var errNoCode = &statusError{status: http.StatusNotFound, reason: "no table with that code", text: "tables.error.code"}

// tablePage is a shared table as the visitor sees it: the lobby while the players gather,
// then the match from the visitor's seat (public only for somebody not seated).
func (s *Server) tablePage(w http.ResponseWriter, r *http.Request) error {
	game, g, tb, err := s.tableOf(r)
	if err != nil {
		return err
	}
	v := visitorFrom(r.Context())
	seat := tb.seatOf(v.id)
	var p tablePlay
	if tb.started() {
		if p, err = g.play(s, w, r, tb, seat); err != nil {
			return err
		}
		tb = p.tb
		if p.over && seat >= 0 {
			s.fileSharedMatch(r, game, tb, seat, p)
		}
	}
	// The session is renewed so that a player's seat outlives a long match; a newcomer to the
	// site is given one with the lobby's seats, so that the two requests of a double click on
	// "Sit here" are one visitor's (else the first would seat a session the browser never
	// keeps, and the second be refused the name it took).
	if seat >= 0 || v.id == "" && !tb.started() {
		if _, err := s.ensureVisitor(w, r); err != nil {
			return err
		}
	}
	m := s.tableModel(r, game, tb, seat, p)
	m.Talk = s.talkModel(r.Context(), tb, seat)
	ch := s.chrome(r, game)
	ch.Path = m.Here()
	ch.SkipToHand = m.HandSkip()
	if m.Reload {
		ch.Refresh, ch.RefreshTo = m.Refresh, m.Here()
	}
	r = r.WithContext(views.WithSeating(r.Context(), m.Seating()))
	return s.render(w, r, http.StatusOK, views.SharedTablePage(ch, m))
}

// tableModel is what the shared table page shows the visitor at seat.
func (s *Server) tableModel(r *http.Request, game string, tb storedTable, seat int, p tablePlay) views.SharedTable {
	now := s.cfg.Now()
	pr := visitorFrom(r.Context()).prefs
	m := views.SharedTable{
		Game: game, ID: tb.ID, Code: formatCode(tb.Code), Seat: seat, Rev: tb.Rev, Level: tb.Level, Timer: tb.Timer,
		Host:    seat >= 0 && tb.Host == tb.Seats[seat].Visitor,
		Events:  tablePath(game, tb.ID) + "/events",
		Invite:  s.absoluteURL(r, tablePath(game, tb.ID)),
		Started: tb.started(), Over: p.over, ToAct: -1, HandOver: -1,
		Name: pr.Name, Reload: pr.Reload,
		Notice:  r.URL.Query().Get("notice"),
		Removed: !tb.started() && seat < 0 && slices.Contains(tb.Removed, visitorFrom(r.Context()).id),
		Asnas:   p.asnas, Guandan: p.guandan,
		Phase: "lobby",
	}
	// The invitation, with its QR code, is shown only in the lobby. Encoding the code is the
	// dearest part of a page (its eight masks' penalties): done for every view of a started
	// table, it was a third of the server's CPU under `cardavia load -tables 250`.
	if !tb.started() {
		if svg, err := qr.SVG(m.Invite, views.QRLabel(r.Context())); err == nil {
			m.QR = string(svg)
		}
	}
	for i, st := range tb.Seats {
		m.Seats[i] = views.SharedSeat{Seat: i, Name: st.Name, Human: st.Visitor != "", Away: st.Away,
			Host: st.Visitor != "" && st.Visitor == tb.Host, You: i == seat}
	}
	if seat >= 0 && tb.Seats[seat].Away {
		for _, a := range tb.Asides {
			if a.Seat == seat {
				m.AwayWhy = a.Why
			}
		}
	}
	if tb.started() {
		m.Phase = p.phase()
		m.Move = p.token
		m.Replay, m.ReplayDeal = p.lastReplay(game, tb, seat)
		m.ToAct = p.waiting
		if due := tb.due(); !due.IsZero() && p.waiting >= 0 && tb.humans().has(p.waiting) {
			m.Deadline = due.UnixMilli()
			m.SecondsLeft = max(0, int(due.Sub(now).Round(time.Second)/time.Second))
		}
		if seat >= 0 && p.waiting >= 0 && p.waiting != seat && tb.humans().has(p.waiting) && !p.over {
			if at := tb.handOverAt(); !at.IsZero() && !now.Before(at) {
				m.HandOver = p.waiting
			}
		}
		if p.dealOver || p.over {
			m.ReadyWait = int(tb.patience() / time.Second)
			humans := tb.humans()
			for i := range tb.Seats {
				switch {
				case humans.has(i) && tb.Ready.has(i):
					m.Ready = append(m.Ready, i)
				case humans.has(i):
					m.Unready = append(m.Unready, i)
				}
			}
		}
		rematchAsked := p.over && len(m.Ready) > 0
		if rematchAsked {
			m.Swap = tb.Swap
			// The one who asked waits without a button to ask again, until anyone may deal
			// the rematch (as at a deal's end, markReady).
			ask := views.RematchAsk{Swap: tb.Swap, Waiting: m.WaitsForOthers() && now.Before(tb.handOverAt())}
			if ask.Waiting {
				// Nothing is written at the table when its patience runs out: the live page
				// asks for itself again then, to offer the button back.
				m.ButtonIn = int(tb.handOverAt().Sub(now).Seconds()) + 1
			}
			if p.asnas != nil {
				p.asnas.Asked = ask
			}
			if p.guandan != nil {
				p.guandan.Asked = ask
			}
		}
		// Once a rematch is asked for it may be dealt at any moment; a finished match nobody
		// has asked to play again does not reload itself (an idle tab would for ever).
		if seat >= 0 && (rematchAsked || !p.over && (p.waiting >= 0 && p.waiting != seat || tb.Seats[seat].Away || m.WaitsForOthers())) {
			m.Refresh = refreshSeconds
		}
	} else if seat >= 0 {
		m.Refresh = refreshSeconds
	}
	return m
}

// lastReplay is, for the player at seat, the replay of the deal before the one being played
// and its number: "" for a visitor who is not seated, during the first deal, and at a deal's
// end, where the felt offers the deal just ended (DealReplay). Its player finds it in their
// history too, with the match's other deals.
func (p tablePlay) lastReplay(game string, tb storedTable, seat int) (string, int) {
	n := p.deals - 1
	id, ok := tb.matchID()
	if seat < 0 || !ok || n < 1 || p.dealOver || p.over {
		return "", 0
	}
	return replayURL(game, id, n), n
}

// phase is the match's phase as the page's root says it: the game's own words.
func (p tablePlay) phase() string {
	switch {
	case p.asnas != nil && p.asnas.View.Over, p.guandan != nil && p.guandan.MatchOver():
		return "over"
	case p.guandan != nil:
		return p.guandan.View.Phase.String()
	case p.asnas != nil && p.asnas.View.DealOver:
		return "dealover"
	case p.asnas != nil:
		return "betting"
	case p.over:
		return "over"
	}
	return "play"
}

// absoluteURL is path on this site as a link to send to a friend.
func (s *Server) absoluteURL(r *http.Request, path string) string {
	if s.cfg.PublicURL != "" {
		return s.cfg.PublicURL + path
	}
	scheme := "http"
	if r.TLS != nil || s.cfg.SecureCookies {
		scheme = "https"
	}
	return scheme + "://" + r.Host + path
}

// takeSeat seats the visitor at a free seat under the name they chose, before the match
// begins. A visitor already seated moves to the seat asked for.
func (s *Server) takeSeat(w http.ResponseWriter, r *http.Request) error {
	game, _, err := tableGameOf(r)
	if err != nil {
		return err
	}
	if err := parseTableForm(w, r); err != nil {
		return err
	}
	seat, err := strconv.Atoi(r.PostFormValue("seat"))
	if err != nil || seat < 0 || seat > 3 {
		return badRequest("no such seat")
	}
	name, err := checkName(r.PostFormValue("name"))
	if err != nil {
		return s.seatRefused(w, r, game, seat, errBadName)
	}
	if posesAsSeat(name) {
		return s.seatRefused(w, r, game, seat, errSeatWord)
	}
	visitor, err := s.ensureVisitor(w, r)
	if err != nil {
		return err
	}
	id := chi.URLParam(r, "table")
	_, err = s.changeTable(r.Context(), id, func(t *sharedTable) error {
		switch {
		case t.Game != game:
			return errNoTable
		case t.started():
			return errTableStarted
		case t.Seats[seat].Visitor != "" && t.Seats[seat].Visitor != visitor:
			return errSeatTaken
		}
		for i, st := range t.Seats {
			if i != seat && st.Visitor != "" && st.Visitor != visitor && sameName(st.Name, name) {
				return errSameName
			}
		}
		if old := t.seatOf(visitor); old >= 0 {
			t.Seats[old] = tableSeat{}
		}
		t.Seats[seat] = tableSeat{Visitor: visitor, Name: name}
		t.Removed = slices.DeleteFunc(t.Removed, func(v string) bool { return v == visitor })
		if t.Host == "" {
			t.Host = visitor
		}
		return nil
	})
	if se, ok := errors.AsType[*statusError](err); ok && (se == errSameName || se == errSeatTaken) {
		return s.seatRefused(w, r, game, seat, se)
	}
	if err != nil {
		return movedFirst(w, r, game, id, err)
	}
	s.rememberName(r, visitor, name)
	http.Redirect(w, r, tablePath(game, id), http.StatusSeeOther)
	return nil
}

// seatFormErrors are the words beside a seat's field of each refusal of a seat form.
var seatFormErrors = map[*statusError]string{
	errBadName:   "tables.name.error",
	errSeatWord:  "tables.name.seatword",
	errSameName:  "tables.name.samename",
	errSeatTaken: "tables.error.taken.text",
}

// seatRefused answers a seat form the table refused as the open-table form answers its own:
// with the page the form was on, the table's lobby as the visitor sees it, the refusal's words
// beside the seat's field (in its place when the seat was taken meanwhile) and the name as
// typed in the forms, under the refusal's status. A table that has started meanwhile has no
// lobby: its own page says so.
func (s *Server) seatRefused(w http.ResponseWriter, r *http.Request, game string, seat int, refusal *statusError) error {
	_, _, tb, err := s.tableOf(r)
	if err != nil {
		return err
	}
	if tb.started() {
		return errTableStarted
	}
	m := s.tableModel(r, game, tb, tb.seatOf(visitorFrom(r.Context()).id), tablePlay{})
	m.Name, m.SeatError, m.ErrorSeat = typedBack(r.PostFormValue("name"), nameFieldRunes), seatFormErrors[refusal], seat
	ch := s.chrome(r, game)
	ch.Path = tablePath(game, tb.ID) // a setting changed from here returns to the table
	r = r.WithContext(views.WithSeating(r.Context(), m.Seating()))
	return s.render(w, r, refusal.status, views.SharedTablePage(ch, m))
}

// errBadName, errSeatWord and errSameName are names refused, each with its own words.
var (
	errBadName  = &statusError{status: http.StatusUnprocessableEntity, reason: "name refused", text: "tables.error.name"}
	errSeatWord = &statusError{status: http.StatusUnprocessableEntity, reason: "name poses as a seat", text: "tables.error.seatword"}
	errSameName = &statusError{status: http.StatusConflict, reason: "name taken", text: "tables.error.samename"}
)

// leaveSeat frees the visitor's seat before the match begins; a host who leaves passes the
// part to the next seated player.
func (s *Server) leaveSeat(w http.ResponseWriter, r *http.Request) error {
	return s.lobbyChange(w, r, func(t *sharedTable, seat int) error {
		t.Seats[seat] = tableSeat{}
		if t.Host == visitorFrom(r.Context()).id {
			t.passHost(seat)
		}
		return nil
	}, false)
}

// arrangeSeats is the host's: move a player to another seat (swapping with whoever sits
// there), or remove a player, before the start.
func (s *Server) arrangeSeats(w http.ResponseWriter, r *http.Request) error {
	return s.lobbyChange(w, r, func(t *sharedTable, _ int) error {
		from, err1 := strconv.Atoi(r.PostFormValue("from"))
		if err1 != nil || from < 0 || from > 3 {
			return badRequest("no such seat")
		}
		// The form names the player the host saw in the seat: once somebody else sits there,
		// or nobody (a second click, a page older than a change), the form is stale and
		// nothing changes. A form without the name (a page from before it was named) acts on
		// the seat as it is.
		if who, named := r.PostForm["who"]; named && (t.Seats[from].Visitor == "" || t.Seats[from].Name != who[0]) {
			return errLobbyStale
		}
		switch r.PostFormValue("op") {
		case "remove":
			gone := t.Seats[from].Visitor
			switch {
			case gone == "":
				return errLobbyStale // removed already
			case gone == t.Host:
				return badRequest("the host removes themself")
			}
			t.Seats[from] = tableSeat{}
			if !slices.Contains(t.Removed, gone) {
				t.Removed = append(t.Removed, gone)
				t.Removed = t.Removed[max(0, len(t.Removed)-removedKept):]
			}
		case "move":
			to, err := strconv.Atoi(r.PostFormValue("to"))
			if err != nil || to < 0 || to > 3 || to == from {
				return badRequest("no such seat")
			}
			t.Seats[from], t.Seats[to] = t.Seats[to], t.Seats[from]
		default:
			return badRequest("unknown arrangement")
		}
		return nil
	}, true)
}

// startTable is the host's: the match begins, the AI taking every seat still empty.
func (s *Server) startTable(w http.ResponseWriter, r *http.Request) error {
	game, g, tb, err := s.tableOf(r)
	if err != nil {
		return err
	}
	if err := parseTableForm(w, r); err != nil {
		return err
	}
	if tb.seatOf(visitorFrom(r.Context()).id) < 0 {
		return errNotSeated
	}
	if tb.Host != visitorFrom(r.Context()).id {
		return errNotHost
	}
	if tb.started() {
		http.Redirect(w, r, tablePath(game, tb.ID), http.StatusSeeOther)
		return nil
	}
	return s.dealAtTable(w, r, game, g, tb)
}

// dealAtTable deals the table's next match (the start) and stores it with the table in one
// write; of two racing, one wins and the other sees the table it made.
func (s *Server) dealAtTable(w http.ResponseWriter, r *http.Request, game string, g tableGame, tb storedTable) error {
	if err := s.dealTable(r.Context(), g, tb, false); err != nil && !errors.Is(err, store.ErrConflict) {
		return err
	}
	http.Redirect(w, r, tablePath(game, tb.ID), http.StatusSeeOther)
	return nil
}

// dealTable deals the table's next match (the start, a rematch) and stores it with the table,
// its asks for the next deal forgotten, in one write, which it announces; then lists the
// table in each player's history (noteSeated). With swap (a Guandan rematch with partners
// swapped) the players of seats 1 and 2 change places first. It is store.ErrConflict, and
// stores nothing, when another request changed the table first.
func (s *Server) dealTable(ctx context.Context, g tableGame, tb storedTable, swap bool) error {
	// The asides of the match played until now are kept for its replays, which the table
	// no longer answers for.
	archive, archived, err := tb.archiveAsides()
	if err != nil {
		return err
	}
	// Why each seat was away at the end of that match, by its seats there: with partners
	// swapped, the reason moves with its player.
	why := awayAfter(tb.Asides, math.MaxInt)
	if swap {
		tb.Seats[1], tb.Seats[2] = tb.Seats[2], tb.Seats[1]
		why[1], why[2] = why[2], why[1]
	}
	id, data, err := g.deal(ctx, s, &tb.sharedTable)
	if err != nil {
		return err
	}
	// A seat still away (a rematch its player did not ask for) is played by the AI from the
	// new match's start: an aside with no line says so to its replays, as the seating says it
	// to the live table.
	var carry []tableAside
	for seat, st := range tb.Seats {
		if st.Visitor != "" && st.Away {
			carry = append(carry, tableAside{Deal: 1, At: -1, Seat: seat, Why: why[seat]})
		}
	}
	tb.Match = id.String()
	tb.Turn, tb.Removed, tb.Asides = s.cfg.Now().UnixMilli(), nil, carry
	tb.clearReady()
	tdata, err := tb.encode()
	if err != nil {
		return err
	}
	sdata, err := seatingOf(&tb.sharedTable)
	if err != nil {
		return err
	}
	swaps := []store.Swap{
		{Key: tableKey(tb.ID), Version: tb.version, Data: tdata},
		{Key: matchKey(id), Data: data},
		{Key: seatingKey(id), Data: sdata}}
	if archived {
		swaps = append(swaps, archive)
	}
	err = s.cfg.Store.CompareAndSwapAll(ctx, swaps...)
	if err != nil {
		return err
	}
	s.announce(ctx, tb.ID, tb.Rev+1)
	s.noteSeated(ctx, &tb.sharedTable)
	return nil
}

// rematch is a player's ask for the next match for the same players once the match is over:
// in the same seats, or in Guandan with partners swapped (the players of seats 1 and 2 change
// places), as the first to ask chose (swap=1). It is dealt when each player present has asked
// for it, or once the table has waited its patience (sharedTable.askRematch); until then the
// ask is noted on the table, which every page of it shows. A form from before the match's end,
// from before the rematch was dealt, or for the other rematch than the one the first to ask
// chose, changes nothing: the rematch is dealt once, and as it was asked for.
func (s *Server) rematch(w http.ResponseWriter, r *http.Request) error {
	game, g, tb, err := s.tableOf(r)
	if err != nil {
		return err
	}
	if err := parseTableForm(w, r); err != nil {
		return err
	}
	visitor := visitorFrom(r.Context()).id
	if _, err := actingSeat(r, &tb.sharedTable, visitor); err != nil {
		return err
	}
	move, _ := strconv.ParseUint(r.PostFormValue("move"), 10, 64)
	swap := game == "guandan" && r.PostFormValue("swap") == "1"
	// Back to the table, with the hand sorted as the page that asked showed it.
	redirect := sharedRedirect(game, tb.ID)
	back := func(notice views.Notice) error { return redirect(w, r, notice) }
	for try := 0; ; try++ {
		if !tb.started() {
			return back(views.NoticeStale) // no match has begun: the table as it is, not a 404
		}
		p, err := g.play(s, w, r, tb, -1)
		if err != nil {
			return err
		}
		if !p.over || move != p.token {
			return back(views.NoticeStale)
		}
		// The table as play read it (a timer may have run out meanwhile), with the version
		// the write compares.
		tb = p.tb
		seat := tb.seatOf(visitor)
		if seat < 0 {
			return errNotSeated
		}
		if tb.Ready != 0 && swap != tb.Swap {
			// The first to ask chose the other rematch: this form is from a page that still
			// offered both (or was sent at the same moment), and joining silently would deal
			// the player a rematch they did not click. Their page now offers the one to join.
			return back(views.NoticeStale)
		}
		asked := tb.Ready.has(seat) && !tb.Seats[seat].Away
		if tb.askRematch(seat, swap, s.cfg.Now()) {
			if asked {
				return back(views.NoticeNone) // asked already: nothing to write
			}
			err = s.saveTable(r.Context(), tb)
		} else {
			// Every player of the finished match has it in their history: it was filed when
			// it ended (fileSharedMatchForAll); should that have failed, now, for from here on
			// the table shows the next match.
			for seat, st := range tb.Seats {
				if st.Visitor != "" {
					s.fileSharedMatch(r, game, tb, seat, p)
				}
			}
			// A player the AI played for, who was not waited for, is not waited for in the
			// next match either: the AI keeps their seat until they take it back (one click).
			err = s.dealTable(r.Context(), g, tb, tb.Swap)
		}
		if !errors.Is(err, store.ErrConflict) {
			if err != nil {
				return err
			}
			return back(views.NoticeNone)
		}
		if try == 3 {
			return back(views.NoticeStale)
		}
		// Another player asked, or dealt, at the same moment: ask again on the table as it is
		// now (the form is stale if the rematch has been dealt).
		if tb, err = s.loadTable(r.Context(), tb.ID); err != nil {
			return err
		}
	}
}

// handToAI hands the seat that keeps the table waiting to the AI, at a seated player's
// request, once its time has run out or, with no timer, after the silence.
func (s *Server) handToAI(w http.ResponseWriter, r *http.Request) error {
	game, g, tb, err := s.tableOf(r)
	if err != nil {
		return err
	}
	if err := parseTableForm(w, r); err != nil {
		return err
	}
	own := tb.seatOf(visitorFrom(r.Context()).id)
	if own < 0 {
		return errNotSeated
	}
	seat, err := strconv.Atoi(r.PostFormValue("away"))
	if err != nil || seat < 0 || seat > 3 {
		return badRequest("no such seat")
	}
	if seat == own {
		// A player may let the AI play for them at any time, as one who must leave the table
		// does: the AI plays the seat from its next turn (now, if it is to act).
		if err := g.handOver(r.Context(), s, tb, seat, true); err != nil {
			return movedFirst(w, r, game, tb.ID, err)
		}
		return sharedRedirect(game, tb.ID)(w, r, views.NoticeNone)
	}
	switch _, dealt := tb.matchID(); {
	case !dealt:
		// The lobby (a page from before the start, or a form made by hand): nothing is
		// played yet, so nothing to hand over.
		return sharedRedirect(game, tb.ID)(w, r, views.NoticeNone)
	case tb.Seats[seat].Visitor == "":
		return errAISeat
	case tb.Seats[seat].Away:
		// Handed over already, by another player's click or this one's from another tab:
		// the table shows the AI playing it.
		return sharedRedirect(game, tb.ID)(w, r, views.NoticeNone)
	}
	if rev, named := r.PostForm["rev"]; named && rev[0] != strconv.FormatUint(tb.Rev, 10) {
		// The offer's page is older than the table: the player it named has moved since
		// (or the table changed otherwise). Nothing is handed over; the table says so.
		return sharedRedirect(game, tb.ID)(w, r, views.NoticeStale)
	}
	if at := tb.handOverAt(); at.IsZero() || s.cfg.Now().Before(at) {
		return errNotYet
	}
	if err := g.handOver(r.Context(), s, tb, seat, false); err != nil {
		return err
	}
	return sharedRedirect(game, tb.ID)(w, r, views.NoticeNone)
}

// takeBack gives the visitor their seat back from the AI.
func (s *Server) takeBack(w http.ResponseWriter, r *http.Request) error {
	game, g, err := tableGameOf(r)
	if err != nil {
		return err
	}
	if err := parseTableForm(w, r); err != nil {
		return err
	}
	visitor := visitorFrom(r.Context()).id
	id := chi.URLParam(r, "table")
	_, err = s.changeTable(r.Context(), id, func(t *sharedTable) error {
		seat := t.seatOf(visitor)
		if t.Game != game {
			return errNoTable
		}
		if seat < 0 {
			return errNotSeated
		}
		if !t.Seats[seat].Away {
			return nil // back already (a second click, a second tab): the log says it once
		}
		// The match never waits for an away seat (the AI plays it at once), so the seat to
		// act is somebody else's, and their time runs on.
		t.Seats[seat].Away = false
		// The log says so where it happened. Every move writes the table too, so the match
		// read here is the one the write below compares against.
		deal, at, ok, err := g.logPoint(r.Context(), s, t)
		if err != nil {
			return err
		}
		if ok {
			t.noteAside(deal, at, seat, views.AsideBack)
		}
		return nil
	})
	if err != nil {
		return movedFirst(w, r, game, id, err)
	}
	return sharedRedirect(game, id)(w, r, views.NoticeNone)
}

// lobbyChange is the shape of the lobby's forms: the visitor must be seated (and the host when
// host is set), the match not begun; change gets the table and the visitor's seat.
func (s *Server) lobbyChange(w http.ResponseWriter, r *http.Request, change func(t *sharedTable, seat int) error, host bool) error {
	game, _, err := tableGameOf(r)
	if err != nil {
		return err
	}
	if err := parseTableForm(w, r); err != nil {
		return err
	}
	visitor := visitorFrom(r.Context()).id
	id := chi.URLParam(r, "table")
	_, err = s.changeTable(r.Context(), id, func(t *sharedTable) error {
		seat := t.seatOf(visitor)
		switch {
		case t.Game != game:
			return errNoTable
		case seat < 0:
			return errNotSeated
		case host && t.Host != visitor:
			return errNotHost
		case t.started():
			return errSeatsSettled
		}
		return change(t, seat)
	})
	if errors.Is(err, errLobbyStale) {
		return sharedRedirect(game, id)(w, r, views.NoticeStale)
	}
	if err != nil {
		return movedFirst(w, r, game, id, err)
	}
	http.Redirect(w, r, tablePath(game, id), http.StatusSeeOther)
	return nil
}

// errLobbyStale is a lobby change asked for from a page older than the seats it names: the
// table as it is now, with the notice that somebody moved first; nothing changes.
var errLobbyStale = errors.New("the lobby changed since the page")

// movedFirst answers a change of the table that lost its compare-and-swap to other requests
// every time it tried (store.ErrConflict): the table as it is now, with the notice that
// somebody moved first, as for a move; nothing changed. Any other error is returned as it is.
func movedFirst(w http.ResponseWriter, r *http.Request, game, id string, err error) error {
	if !errors.Is(err, store.ErrConflict) {
		return err
	}
	return sharedRedirect(game, id)(w, r, views.NoticeStale)
}

// parseTableForm reads a shared table's POST form of bounded size.
func parseTableForm(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, maxTableFormBytes)
	if err := r.ParseForm(); err != nil {
		return formError(err)
	}
	return nil
}

// rememberName keeps the visitor's display name for the next table. A failure only costs
// them typing it again, so it is logged.
func (s *Server) rememberName(r *http.Request, visitor, name string) {
	if visitorFrom(r.Context()).prefs.Name == name {
		return
	}
	if err := s.updatePrefs(r.Context(), visitor, func(p *prefs) { p.Name = name }); err != nil {
		s.log.WarnContext(r.Context(), "remember a display name", "err", err)
	}
}

// fileSharedMatchForAll puts the match that has just ended at the table in the history of
// every seated player, whether or not they see its end: one who closed the tab before it
// finds it there.
func (s *Server) fileSharedMatchForAll(r *http.Request, tb storedTable) {
	game, ok := tableGames[tb.Game]
	if !ok {
		return
	}
	p, err := game.play(s, nil, r, tb, -1)
	if err != nil {
		s.log.WarnContext(r.Context(), "file a shared match", "game", tb.Game, "err", err)
		return // each player's view of the end files it
	}
	for seat, st := range p.tb.Seats {
		if st.Visitor != "" {
			s.fileSharedMatch(r, tb.Game, p.tb, seat, p)
		}
	}
}

// fileSharedMatch puts a finished shared match in the history of the player at seat, from
// their seat, the first time they see its end, or when a rematch replaces it (for every
// player, whether they saw the end or not).
func (s *Server) fileSharedMatch(r *http.Request, game string, tb storedTable, seat int, p tablePlay) {
	ctx := r.Context()
	visitor := tb.Seats[seat].Visitor
	id := tb.Match
	file := func(sh *shelf) {
		if !sh.has(id) {
			past := p.summary(seat)
			past.ID, past.Finished, past.Seat, past.Names = id, s.cfg.Now().Unix(), seat, seatNames(&tb.sharedTable)
			sh.add(past)
		}
	}
	var err error
	switch game {
	case "asnas":
		sh, _, lerr := asnasGame.loadShelf(ctx, s, visitor)
		if lerr != nil || sh.has(id) {
			return
		}
		err = asnasGame.updateShelf(ctx, s, visitor, file)
	case "guandan":
		sh, _, lerr := guandanGame.loadShelf(ctx, s, visitor)
		if lerr != nil || sh.has(id) {
			return
		}
		err = guandanGame.updateShelf(ctx, s, visitor, file)
	}
	if err != nil {
		// The page still shows; the next view of the match's end files it again.
		s.log.WarnContext(ctx, "file a shared match", "game", game, "err", err)
		return
	}
	s.forgetSeated(ctx, game, visitor, tb.ID)
}
