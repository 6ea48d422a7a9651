package asnas

import "fmt"

// Score is an exact number of points in twelfths of a point. RULES.md decides that scores are
// exact; a pot is split at most four ways, and 12 is divisible by 2, 3 and 4, so every share is
// a whole number of twelfths.
type Score int64

// ScoreUnit is one point.
const ScoreUnit Score = 12

// Points returns the Score of n whole points.
func Points(n int) Score { return Score(n) * ScoreUnit }

// Float returns the score in points, for display and statistics.
func (s Score) Float() float64 { return float64(s) / float64(ScoreUnit) }

// String shows the score in points with two decimals, for logs and test messages; the UI
// formats scores for the visitor's locale itself.
func (s Score) String() string { return fmt.Sprintf("%.2f", s.Float()) }
