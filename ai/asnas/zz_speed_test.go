package asnas

import (
	rules "github.com/cardavia/cardavia/rules/asnas"
	"testing"
	"time"
)

func TestSpeed(t *testing.T) {
	bettingTree()
	allDeals()
	t0 := time.Now()
	e := Exploitability(NewLevel(Club, 1))
	t.Logf("club %+v %v", e, time.Since(t0))
	t0 = time.Now()
	e = Exploitability(AlwaysCallPolicy{})
	t.Logf("call %+v %v", e, time.Since(t0))
}

type AlwaysCallPolicy struct{}

func (AlwaysCallPolicy) Strategy(v rules.View) map[rules.Verb]float64 {
	return map[rules.Verb]float64{passive(v.Legal): 1}
}
