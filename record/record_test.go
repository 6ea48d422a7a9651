package record

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	aiasnas "github.com/cardavia/cardavia/ai/asnas"
	aigd "github.com/cardavia/cardavia/ai/guandan"
	"github.com/cardavia/cardavia/rules/asnas"
	gd "github.com/cardavia/cardavia/rules/guandan"
)

var (
	update = flag.Bool("update", false, "write the golden records of the current format")
	long   = flag.Bool("long", false, "replay many more and longer random matches")
)

// randomAsnasStep plays a random legal action, "next deal" included; false when the match is over.
func randomAsnasStep(t testing.TB, rng *rand.Rand, a *Asnas) bool {
	t.Helper()
	m := a.Match()
	switch {
	case m.Over():
		return false
	case m.DealOver():
		if _, err := a.NextDeal(); err != nil {
			t.Fatal(err)
		}
	default:
		seat := m.ToAct()
		legal := m.Deal.Legal(seat)
		if _, err := a.Apply(asnas.Action{Seat: seat, Verb: legal[rng.IntN(len(legal))]}); err != nil {
			t.Fatal(err)
		}
	}
	return true
}

// randomGuandanStep plays a random legal action of the seat to act, "next deal" included;
// false when the match is over.
func randomGuandanStep(t testing.TB, rng *rand.Rand, g *Guandan) bool {
	t.Helper()
	m := g.Match()
	seat := m.ToAct()
	var a gd.Action
	switch m.Phase() {
	case gd.PhaseMatchOver:
		return false
	case gd.PhaseDealOver:
		a = gd.Action{Kind: gd.ActNextDeal, Seat: 0}
	case gd.PhaseReturn:
		hand := m.Hands[seat].Cards()
		rng.Shuffle(len(hand), func(i, j int) { hand[i], hand[j] = hand[j], hand[i] })
		for _, c := range hand {
			if gd.CanReturn(m.Level, m.Hands[seat], c) {
				a = gd.Action{Kind: gd.ActReturn, Seat: seat, Card: c}
				break
			}
		}
	default:
		plays := m.LegalPlays(seat)
		if len(plays) == 0 || !m.Leading() && rng.IntN(3) == 0 {
			a = gd.Action{Kind: gd.ActPass, Seat: seat}
		} else {
			p := plays[rng.IntN(len(plays))]
			a = gd.Action{Kind: gd.ActPlay, Seat: seat, Cards: p.Cards, Reading: p.Reading}
		}
	}
	if _, err := g.Apply(a); err != nil {
		t.Fatalf("%+v: %v", a, err)
	}
	return true
}

// TestAsnasReplayEqualsLive plays thousands of random matches and, at random moments and at
// the end, checks that the stored record decodes to exactly the match played: state and log.
func TestAsnasReplayEqualsLive(t *testing.T) {
	n := 3000
	if *long {
		n = 50000
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range n {
		a := NewAsnas(NewID(), rng.Uint64(), int64(i))
		for step := 0; ; step++ {
			more := randomAsnasStep(t, rng, a)
			if !more || rng.IntN(20) == 0 {
				b, err := DecodeAsnas(a.Encode())
				if err != nil {
					t.Fatalf("match %d step %d: %v", i, step, err)
				}
				if !reflect.DeepEqual(b.Match(), a.Match()) || !reflect.DeepEqual(b.Log(0), a.Log(0)) || b.Token() != a.Token() {
					t.Fatalf("match %d step %d: the record replays to\n%v\nplayed\n%v", i, step, b.Match(), a.Match())
				}
			}
			if !more {
				break
			}
		}
	}
}

// TestGuandanReplayEqualsLive plays thousands of random matches and checks that the stored
// record decodes to exactly the match played (state, log, token), both the fast way (from the
// stored start of the current deal) and from the seed alone (Replay, which also checks every
// stored deal start). Matches are cut after a few deals unless -long.
func TestGuandanReplayEqualsLive(t *testing.T) {
	n, maxDeals := 1500, 3
	if *long {
		n, maxDeals = 3000, 1000
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range n {
		g := NewGuandan(NewID(), rng.Uint64(), int64(i))
		deals := 1 + rng.IntN(maxDeals)
		for step := 0; ; step++ {
			more := g.Deals() <= deals && randomGuandanStep(t, rng, g)
			if !more || rng.IntN(200) == 0 {
				h, err := DecodeGuandan(g.Encode())
				if err != nil {
					t.Fatalf("match %d step %d: %v", i, step, err)
				}
				if !reflect.DeepEqual(h.Match(), g.Match()) || !reflect.DeepEqual(h.Log(0), g.Log(0)) || h.Token() != g.Token() {
					t.Fatalf("match %d step %d: the record decodes to another match", i, step)
				}
				full, err := h.Replay()
				if err != nil || !reflect.DeepEqual(full, g.Match()) {
					t.Fatalf("match %d step %d: replay from the seed differs (%v)", i, step, err)
				}
			}
			if !more {
				break
			}
		}
	}
}

// TestAtReplaysEachStep: At gives the state after each action of each deal, as played.
func TestAtReplaysEachStep(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	a := NewAsnas(NewID(), 77, 0)
	var seen []asnas.Match
	// told is how many events the deal's log held then: AtFrom's step ends there, as a shared
	// table's asides count the events before them (web's noteAside).
	type pos struct{ deal, step, told int }
	var at []pos
	for {
		seen = append(seen, a.Match())
		at = append(at, pos{a.Deals(), a.Steps(a.Deals()), len(a.DealLog())})
		if !randomAsnasStep(t, rng, a) {
			break
		}
	}
	for i, p := range at {
		m, ev, from, err := a.AtFrom(p.deal, p.step)
		if err != nil || !reflect.DeepEqual(m, seen[i]) || len(ev) == 0 {
			t.Fatalf("As-Nas deal %d step %d: %v", p.deal, p.step, err)
		}
		if from+len(ev) != p.told {
			t.Fatalf("As-Nas deal %d step %d: its events are %d to %d of the deal's log, whose live log held %d", p.deal, p.step, from, from+len(ev), p.told)
		}
	}
	g := NewGuandan(NewID(), 78, 0)
	var gseen []gd.Match
	at = at[:0]
	for g.Deals() < 3 {
		gseen = append(gseen, g.Match())
		at = append(at, pos{g.Deals(), g.Steps(g.Deals()), len(g.DealLog())})
		if !randomGuandanStep(t, rng, g) {
			break
		}
	}
	for i, p := range at {
		m, ev, from, err := g.AtFrom(p.deal, p.step)
		if err != nil || !reflect.DeepEqual(m, gseen[i]) || len(ev) == 0 {
			t.Fatalf("Guandan deal %d step %d: %v", p.deal, p.step, err)
		}
		if from+len(ev) != p.told {
			t.Fatalf("Guandan deal %d step %d: its events are %d to %d of the deal's log, whose live log held %d", p.deal, p.step, from, from+len(ev), p.told)
		}
	}
	if _, _, err := g.At(1, g.Steps(1)+1); err == nil {
		t.Error("a step past the deal's end was replayed")
	}
}

// aiAsnasMatch plays a whole match with the real AI in every seat.
func aiAsnasMatch(t testing.TB, seed uint64) *Asnas {
	a := NewAsnas(ID(seed%(1<<idBits)+1), seed, 1_790_000_000)
	for !a.Match().Over() {
		m := a.Match()
		if m.DealOver() {
			if _, err := a.NextDeal(); err != nil {
				t.Fatal(err)
			}
			continue
		}
		seat := m.ToAct()
		v := aiasnas.NewPlayer(seed ^ uint64(a.Moves())).Decide(m.View(seat))
		if _, err := a.Apply(asnas.Action{Seat: seat, Verb: v}); err != nil {
			t.Fatal(err)
		}
	}
	return a
}

// aiGuandanMatch plays a whole match from 2 to A with the real AI in every seat.
func aiGuandanMatch(t testing.TB, seed uint64) *Guandan {
	g := NewGuandan(ID(seed%(1<<idBits)+1), seed, 1_790_000_000)
	for {
		m := g.Match()
		seat := m.ToAct()
		p := aigd.New(seed ^ uint64(g.Moves()))
		var a gd.Action
		switch m.Phase() {
		case gd.PhaseMatchOver:
			return g
		case gd.PhaseDealOver:
			a = gd.Action{Kind: gd.ActNextDeal, Seat: 0}
		case gd.PhaseReturn:
			a = gd.Action{Kind: gd.ActReturn, Seat: seat, Card: p.Return(m.View(seat))}
		default:
			a = p.Play(m.View(seat))
			a.Seat = seat
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
}

// TestRecordsAreSmall: a whole 12-deal As-Nas match fits in 4 KiB and a whole Guandan match
// from 2 to A in 16 KiB (issue 9), played by the real AI.
func TestRecordsAreSmall(t *testing.T) {
	matches := 3
	if testing.Short() {
		matches = 1
	}
	for i := range matches {
		a := aiAsnasMatch(t, uint64(100+i))
		if n := len(a.Encode()); n > 4<<10 {
			t.Errorf("As-Nas match %d: %d bytes, more than 4 KiB", i, n)
		} else {
			t.Logf("As-Nas match, 12 deals, %d actions: %d bytes", a.Moves(), n)
		}
		g := aiGuandanMatch(t, uint64(200+i))
		if n := len(g.Encode()); n > 16<<10 {
			t.Errorf("Guandan match %d: %d bytes, more than 16 KiB", i, n)
		} else {
			t.Logf("Guandan match, %d deals, %d actions: %d bytes (%d a deal)", g.Deals(), g.Moves(), n, n/g.Deals())
		}
	}
}

// summary is what a golden record must still decode to.
func asnasSummary(a *Asnas) string {
	m := a.Match()
	return fmt.Sprintf("id=%s started=%d seed=%d deals=%d moves=%d over=%v totals=%v winners=%v\n",
		a.ID, a.Started, a.Seed, a.Deals(), a.Moves(), m.Over(), m.Totals, m.Winners())
}

func guandanSummary(g *Guandan) string {
	m := g.Match()
	return fmt.Sprintf("id=%s started=%d seed=%d deals=%d moves=%d phase=%d levels=%v winner=%d\n",
		g.ID, g.Started, g.Seed, g.Deals(), g.Moves(), m.Phase(), m.Levels, m.Winner)
}

// TestGoldenRecords decodes the committed records of every format version: a change that
// would make stored matches unreadable, or replay them differently, fails here. -update writes
// the current format's records (a new version's file, never an old one's).
func TestGoldenRecords(t *testing.T) {
	dir := filepath.Join("testdata", fmt.Sprintf("v%d", Format))
	if *update {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		a := aiAsnasMatch(t, 2026)
		g := aiGuandanMatch(t, 2027)
		// A match in progress too: the current deal half played.
		h := NewGuandan(ID(99), 2028, 1_790_000_000)
		rng := rand.New(rand.NewPCG(1, 1))
		for h.Deals() < 3 || h.Steps(3) < 20 {
			randomGuandanStep(t, rng, h)
		}
		for name, data := range map[string][]byte{
			"asnas-match.bin": a.Encode(), "asnas-match.txt": []byte(asnasSummary(a)),
			"guandan-match.bin": g.Encode(), "guandan-match.txt": []byte(guandanSummary(g)),
			"guandan-playing.bin": h.Encode(), "guandan-playing.txt": []byte(guandanSummary(h)),
		} {
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	versions, _ := filepath.Glob(filepath.Join("testdata", "v*"))
	if len(versions) == 0 {
		t.Fatal("no golden records")
	}
	for _, v := range versions {
		files, _ := filepath.Glob(filepath.Join(v, "*.bin"))
		for _, f := range files {
			t.Run(f, func(t *testing.T) {
				data, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				want, err := os.ReadFile(f[:len(f)-len(".bin")] + ".txt")
				if err != nil {
					t.Fatal(err)
				}
				var got string
				var again []byte
				if filepath.Base(f)[:5] == "asnas" {
					a, err := DecodeAsnas(data)
					if err != nil {
						t.Fatal(err)
					}
					got, again = asnasSummary(a), a.Encode()
				} else {
					g, err := DecodeGuandan(data)
					if err != nil {
						t.Fatal(err)
					}
					if _, err := g.Replay(); err != nil {
						t.Fatal(err)
					}
					got, again = guandanSummary(g), g.Encode()
				}
				if got != string(want) {
					t.Errorf("decodes to\n%swant\n%s", got, want)
				}
				if filepath.Base(v) == fmt.Sprintf("v%d", Format) && !bytes.Equal(again, data) {
					t.Error("re-encoding a current-format record changes its bytes")
				}
			})
		}
	}
}

// TestDecodeIsStrict: another format version, another game, other rules, any truncation and
// any byte after the record are refused, and no damage makes the decoder panic.
func TestDecodeIsStrict(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	a := NewAsnas(NewID(), 5, 1)
	for range 30 {
		randomAsnasStep(t, rng, a)
	}
	g := NewGuandan(NewID(), 6, 1)
	for range 150 {
		randomGuandanStep(t, rng, g)
	}
	ab, gb := a.Encode(), g.Encode()
	// A seat twice in a finishing order once made the tribute index past the seats.
	twice := NewGuandan(1, 1, 1)
	twice.deals[0].start.PrevFinish = []int{0, 0, 0}
	decodeA := func(b []byte) error { _, err := DecodeAsnas(b); return err }
	decodeG := func(b []byte) error { _, err := DecodeGuandan(b); return err }
	edit := func(b []byte, i int, v byte) []byte { c := bytes.Clone(b); c[i] = v; return c }
	cases := []struct {
		name   string
		decode func([]byte) error
		data   []byte
		want   error
	}{
		{"format 0", decodeA, edit(ab, 0, 0), ErrFormat},
		{"format 2", decodeG, edit(gb, 0, Format+1), ErrFormat},
		{"As-Nas as Guandan", decodeG, ab, ErrGame},
		{"Guandan as As-Nas", decodeA, gb, ErrGame},
		{"other As-Nas rules", decodeA, edit(ab, 2, asnas.RulesVersion+1), ErrRules},
		{"other Guandan rules", decodeG, edit(gb, 2, gd.RulesVersion+1), ErrRules},
		{"a byte after", decodeA, append(bytes.Clone(ab), 0), ErrCorrupt},
		{"a byte after (Guandan)", decodeG, append(bytes.Clone(gb), 0), ErrCorrupt},
		{"empty", decodeA, nil, ErrCorrupt},
		{"a seat twice in the finish", decodeG, twice.Encode(), ErrCorrupt},
	}
	for _, c := range cases {
		if err := c.decode(c.data); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
	for n := range len(ab) {
		if decodeA(ab[:n]) == nil {
			t.Errorf("As-Nas record cut to %d of %d bytes decoded", n, len(ab))
		}
	}
	for n := range len(gb) {
		if decodeG(gb[:n]) == nil {
			t.Errorf("Guandan record cut to %d of %d bytes decoded", n, len(gb))
		}
	}
	// Damage anywhere: an error or a record, never a panic.
	for range 3000 {
		_ = decodeA(edit(ab, rng.IntN(len(ab)), byte(rng.Uint32())))
		_ = decodeG(edit(gb, rng.IntN(len(gb)), byte(rng.Uint32())))
	}
}

// TestTokensNeverRepeat: tokens of different matches differ, and a match's token changes with
// every move.
func TestTokensNeverRepeat(t *testing.T) {
	if Token(1, 5) == Token(2, 5) || Token(1, 5) == Token(1, 6) {
		t.Error("tokens repeat")
	}
	rng := rand.New(rand.NewPCG(9, 10))
	a := NewAsnas(NewID(), 3, 0)
	seen := map[uint64]bool{a.Token(): true}
	for randomAsnasStep(t, rng, a) {
		if seen[a.Token()] {
			t.Fatalf("token %d repeated", a.Token())
		}
		seen[a.Token()] = true
	}
	id, ok := ParseID(a.ID.String())
	if !ok || id != a.ID {
		t.Errorf("id %s does not parse back", a.ID)
	}
}

// FuzzDecode: any bytes decode to a record or an error, never a panic, and a record that
// decodes encodes back to the same bytes.
func FuzzDecode(f *testing.F) {
	g := NewGuandan(1, 1, 1)
	a := NewAsnas(1, 1, 1)
	f.Add(g.Encode())
	f.Add(a.Encode())
	twice := NewGuandan(1, 1, 1)
	twice.deals[0].start.PrevFinish = []int{0, 0, 0}
	f.Add(twice.Encode())
	f.Fuzz(func(t *testing.T, b []byte) {
		if a, err := DecodeAsnas(b); err == nil && !bytes.Equal(a.Encode(), b) {
			t.Error("As-Nas record does not encode back to its bytes")
		}
		if g, err := DecodeGuandan(b); err == nil && !bytes.Equal(g.Encode(), b) {
			t.Error("Guandan record does not encode back to its bytes")
		}
	})
}

func BenchmarkDecodeGuandanMatch(b *testing.B) {
	data := aiGuandanMatch(b, 11).Encode()
	for b.Loop() {
		if _, err := DecodeGuandan(data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeAsnasMatch(b *testing.B) {
	data := aiAsnasMatch(b, 11).Encode()
	for b.Loop() {
		if _, err := DecodeAsnas(data); err != nil {
			b.Fatal(err)
		}
	}
}

// TestClonesAreIndependent: a clone can be played on while the original is read, and two
// clones of one match played on in turn each end as the same moves on a freshly decoded copy
// do, neither changing the other or the original (the web plays a move on a clone of the match
// its pages share).
func TestClonesAreIndependent(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 300 {
		a := NewAsnas(NewID(), rng.Uint64(), int64(i))
		for step := 0; ; step++ {
			if step%7 == 3 {
				if msg := checkClones(t, a, randomAsnasStep, DecodeAsnas, func(a *Asnas) any { return []any{a.Match(), a.Log(0)} }, rng.Uint64(), 6); msg != "" {
					t.Fatalf("asnas match %d step %d: %s", i, step, msg)
				}
			}
			if step%21 == 10 {
				a = a.Clone() // and clones of clones
			}
			if !randomAsnasStep(t, rng, a) {
				break
			}
		}
	}
	for i := range 150 {
		g := NewGuandan(NewID(), rng.Uint64(), int64(i))
		for step := 0; g.Deals() <= 2; step++ {
			if step%11 == 5 {
				if msg := checkClones(t, g, randomGuandanStep, DecodeGuandan, func(g *Guandan) any { return []any{g.Match(), g.Log(0)} }, rng.Uint64(), 9); msg != "" {
					t.Fatalf("guandan match %d step %d: %s", i, step, msg)
				}
			}
			if step%33 == 16 {
				g = g.Clone()
			}
			if !randomGuandanStep(t, rng, g) {
				break
			}
		}
	}
}

// checkClones plays up to moves random moves on each of two clones of o in turn, and the same
// moves on copies decoded from o's record; it describes what differs, or returns "".
func checkClones[M interface {
	Encode() []byte
	Clone() M
}](t *testing.T, o M, step func(testing.TB, *rand.Rand, M) bool, decode func([]byte) (M, error), state func(M) any, seed uint64, moves int) string {
	before, beforeState := o.Encode(), state(o)
	clones := [2]M{o.Clone(), o.Clone()}
	var after [2][]byte
	var afterState [2]any
	for k, c := range clones {
		ref, err := decode(before)
		if err != nil {
			return err.Error()
		}
		r1, r2 := rand.New(rand.NewPCG(seed, uint64(k))), rand.New(rand.NewPCG(seed, uint64(k)))
		for j := 0; j < moves && step(t, r1, c); j++ {
			step(t, r2, ref)
		}
		after[k], afterState[k] = c.Encode(), state(c)
		if !bytes.Equal(after[k], ref.Encode()) || !reflect.DeepEqual(afterState[k], state(ref)) {
			return fmt.Sprintf("clone %d, played on, differs from a decoded copy played on", k)
		}
	}
	if !bytes.Equal(clones[0].Encode(), after[0]) || !reflect.DeepEqual(state(clones[0]), afterState[0]) {
		return "the first clone changed when the second was played on"
	}
	if !bytes.Equal(o.Encode(), before) || !reflect.DeepEqual(state(o), beforeState) {
		return "the original changed when its clones were played on"
	}
	return ""
}
