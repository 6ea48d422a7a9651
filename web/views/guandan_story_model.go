package views

import gd "github.com/cardavia/cardavia/rules/guandan"

// PastTrick is one trick of the deal, as the tricks disclosure lists it: every play and pass
// in order, and who won it (-1 while it goes on).
type PastTrick struct {
	// No counts the tricks of the deal from 1.
	No    int
	Acts  []gd.Event
	WonBy int
}

// Tricks are the tricks of this deal so far, the newest first, the current one included.
func (t GuandanTable) Tricks() []PastTrick {
	var out []PastTrick
	cur := PastTrick{No: 1, WonBy: -1}
	for _, e := range t.Deal {
		switch e.Kind {
		case gd.EvPlay, gd.EvPass:
			cur.Acts = append(cur.Acts, e)
		case gd.EvTrickWon, gd.EvDealOver:
			if len(cur.Acts) == 0 {
				continue
			}
			if e.Kind == gd.EvTrickWon {
				cur.WonBy = e.Seat
			} else {
				cur.WonBy = lastPlayer(cur.Acts)
			}
			out = append(out, cur)
			cur = PastTrick{No: cur.No + 1, WonBy: -1}
		}
	}
	if len(cur.Acts) > 0 {
		out = append(out, cur)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// lastPlayer is the seat that made the last play of a trick.
func lastPlayer(acts []gd.Event) int {
	for i := len(acts) - 1; i >= 0; i-- {
		if acts[i].Kind == gd.EvPlay {
			return acts[i].Seat
		}
	}
	return -1
}

// ReplayStep is one event since the human's last move, for guandan.js to replay at the
// table one at a time: who acted, what kind of event, and the words for it.
type ReplayStep struct {
	Event gd.Event
	// Kind is the step's data-step hook: play, pass, trick (the trick is won and cleared),
	// out (the seat went out), or say (something only told: the tribute, the deal's end).
	Kind string
	// Count is how many cards the seat holds after the step.
	Count int
	// At is the event's index in the deal's log (Deal).
	At int
}

// ReplayStart is how many cards each seat held before the first of steps (the table's Replay):
// what it holds now and every card it played since.
func (t GuandanTable) ReplayStart(steps []ReplayStep) [4]int {
	var n [4]int
	for s := range n {
		n[s] = t.View.Seats[s].Count
	}
	for _, st := range steps {
		if st.Kind == "play" {
			n[st.Event.Seat] += st.Event.Play.Cards.Len()
		}
	}
	return n
}

// replayEvents are the events the replay tells, as the engine reported them: those since the
// human's last move, from the deal's start when a new deal was dealt in between.
func (t GuandanTable) replayEvents() []gd.Event {
	log := t.Log
	for i := len(log) - 1; i > 0; i-- {
		if log[i].Kind == gd.EvDealt {
			return log[i:]
		}
	}
	return log
}

// ReplayBefore is the trick as it stood on the felt before the first step of Replay: each
// seat's latest play or pass in the trick then going on. The replay starts from it, not from
// an empty felt. It is empty when the replay starts a new trick or a new deal. Only played
// cards are in it, public like the trick.
func (t GuandanTable) ReplayBefore() [4]SeatAct {
	var acts [4]SeatAct
	told := t.replayEvents()
	n := len(t.Deal) - len(told)
	if len(told) == 0 || n < 0 || told[0].Kind == gd.EvDealt {
		return acts
	}
	// The replayed events are the end of this deal's events; if they are not (a log from
	// another deal), nothing is known of the felt before them.
	for i, e := range told {
		if d := t.Deal[n+i]; d.Kind != e.Kind || d.Seat != e.Seat {
			return [4]SeatAct{}
		}
	}
	for _, e := range t.Deal[:n] {
		switch e.Kind {
		case gd.EvPlay:
			acts[e.Seat] = SeatAct{Played: true, Play: e.Play}
		case gd.EvPass:
			acts[e.Seat] = SeatAct{Passed: true}
		case gd.EvTrickWon, gd.EvLead, gd.EvDealt, gd.EvDealOver, gd.EvTribute, gd.EvReturn, gd.EvTributeCancelled:
			acts = [4]SeatAct{}
		}
	}
	return acts
}

// Replay are the steps since the human's last move, from the deal's start when a new deal
// was dealt in between (the old deal's last tricks are in the log). Nothing to replay
// unless an AI seat acted.
func (t GuandanTable) Replay() []ReplayStep {
	var out []ReplayStep
	ai := false
	told := t.replayEvents()
	from := len(t.Deal) - len(told)
	for _, j := range logLineAt(told) {
		e := told[j]
		kind := "say"
		switch e.Kind {
		case gd.EvPlay:
			kind = "play"
		case gd.EvPass:
			kind = "pass"
		case gd.EvTrickWon:
			kind = "trick"
		case gd.EvFinished:
			kind = "out"
		case gd.EvLead:
			continue
		}
		if e.Seat != t.View.Seat && (e.Kind == gd.EvPlay || e.Kind == gd.EvPass) {
			ai = true
		}
		out = append(out, ReplayStep{Event: e, Kind: kind, At: from + j})
	}
	if !ai {
		return nil
	}
	// Counts, from the end backwards: after a seat's play it held what it holds now and the
	// cards of its later plays.
	var count [4]int
	for s := range count {
		count[s] = t.View.Seats[s].Count
	}
	for i := len(out) - 1; i >= 0; i-- {
		e := out[i].Event
		if e.Seat >= 0 && e.Seat < 4 {
			out[i].Count = count[e.Seat]
			if out[i].Kind == "play" {
				count[e.Seat] += e.Play.Cards.Len()
			}
		}
	}
	return out
}
