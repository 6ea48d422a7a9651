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
}

// ReplayStart is how many cards each seat held before the first step of Replay: what it
// holds now and every card it played since.
func (t GuandanTable) ReplayStart() [4]int {
	var n [4]int
	for s := range n {
		n[s] = t.View.Seats[s].Count
	}
	for _, st := range t.Replay() {
		if st.Kind == "play" {
			n[st.Event.Seat] += st.Event.Play.Cards.Len()
		}
	}
	return n
}

// Replay are the steps since the human's last move, from the deal's start when a new deal
// was dealt in between (the old deal's last tricks are in the log). Nothing to replay
// unless an AI seat acted.
func (t GuandanTable) Replay() []ReplayStep {
	log := logLines(t.Log)
	for i := len(log) - 1; i > 0; i-- {
		if log[i].Kind == gd.EvDealt {
			log = log[i:]
			break
		}
	}
	var out []ReplayStep
	ai := false
	for _, e := range log {
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
		if e.Seat > 0 && (e.Kind == gd.EvPlay || e.Kind == gd.EvPass) {
			ai = true
		}
		out = append(out, ReplayStep{Event: e, Kind: kind})
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
