package guandan

import gd "github.com/cardavia/cardavia/rules/guandan"

// plannerStyles plays every seat of a rollout as the planner.
var plannerStyles = [4]style{defaultStyle, defaultStyle, defaultStyle, defaultStyle}

// How an opponent plays shows in how often it passes on the plays of Master's team that it
// answers (bombs left out): over the arena's deals Club passes on about half of them, a racer
// that beats whatever it can on about a quarter, a player who keeps its hand together on seven
// in ten. The rollouts play an opponent who passes that often as a planner that values taking
// a trick less, so that the search does not expect to be beaten where such a player keeps its
// cards. Against Keeper this won 5 points more of 2,000 deals at the default budget (4 at a
// budget of 150,000) and changed nothing measurable against the rest of the panel
// (BENCHMARKS.md); a reading of how much such a player's passes say about its hand (a weight
// per seat in the sampler) added nothing to it and was left out.
const (
	// readPrior is how many answers at an even rate the reading starts from, so that a few
	// passes early in a deal do not make a planner look passive.
	readPrior = 4
	// passiveFrom is the share of passes from which an opponent is played as passive: in the
	// positions the search plays, Keeper is read as passive in six of ten, Club in one of six,
	// Rusher in one of thirty (TestReadingTheOpponents). At 0.62 Keeper was read so in four of
	// ten and Master won 16 fewer of 2,000 deals against it.
	passiveFrom = 0.58
)

// passiveStyle is the planner valuing a trick below its cards: it follows only with plays
// that cost its plan little.
var passiveStyle = style{winBonus: -1, shedBonus: defaultStyle.shedBonus, dangerPenalty: defaultStyle.dangerPenalty, jitter: defaultStyle.jitter}

// readStyles are the styles the rollouts play the seats of v in: the planner's, but for an
// opponent whose passes this deal (see answers) make it passive.
func readStyles(v gd.View) [4]style {
	st := plannerStyles
	passes, plays := answers(v)
	for _, o := range [2]int{(v.Seat + 1) % 4, (v.Seat + 3) % 4} {
		if (float64(passes[o])+readPrior/2)/float64(passes[o]+plays[o]+readPrior) >= passiveFrom {
			st[o] = passiveStyle
		}
	}
	return st
}

// answers counts, by seat, the passes and plays on the other team's non-bomb plays this deal.
func answers(v gd.View) (passes, plays [4]int) {
	last, bomb := -1, false
	for _, mv := range v.History.Moves() {
		if last >= 0 && last%2 != mv.Seat%2 && !bomb {
			if mv.Pass {
				passes[mv.Seat]++
			} else {
				plays[mv.Seat]++
			}
		}
		if !mv.Pass {
			last, bomb = mv.Seat, mv.Play.Reading.IsBomb()
		}
	}
	return passes, plays
}
