package i18n

import (
	"context"
	"sync"
	"testing"

	"golang.org/x/text/number"
)

// T remembers its results, and a remembered text is the one the catalog gives for that
// locale, key and arguments: never another locale's, another argument's or another key's.
func TestMemoizedTextsAreTheCatalogs(t *testing.T) {
	type call struct {
		key  string
		args []any
	}
	calls := []call{
		{"card.name", []any{"Seven", "Hearts"}},
		{"card.name", []any{"Seven", "Spades"}},
		{"card.name", []any{"Seven\x00s6:Spades", ""}}, // a string that looks like two
		{"asnas.pot", []any{3}},
		{"asnas.pot", []any{30}},
		{"asnas.pot", []any{int64(30)}},
		{"asnas.pot", []any{1.5}}, // not a plain type: never remembered
		{"list.separator", nil},
		{"no.such.key", nil},
	}
	for _, l := range Locales {
		ctx := WithLocale(context.Background(), l)
		for round := range 2 { // the second round reads the memo
			for _, c := range calls {
				got := T(ctx, c.key, c.args...)
				want := printer(ctx).Sprintf(c.key, c.args...)
				if got != want {
					t.Errorf("%s round %d: T(%q, %v) = %q, the catalog says %q", l.Code, round, c.key, c.args, got, want)
				}
			}
		}
	}
	en := WithLocale(context.Background(), Locales[0])
	fa, _ := ByCode("fa")
	if a, b := T(en, "asnas.pot", 30), T(WithLocale(context.Background(), fa), "asnas.pot", 30); a == b {
		t.Errorf("English and Persian pot read the same: %q", a)
	}
	for _, l := range Locales {
		ctx := WithLocale(context.Background(), l)
		for range 2 {
			for _, x := range []float64{7, 7.25, 1234.5, -3} {
				for d := range 3 {
					if got, want := Number(ctx, x, d), printer(ctx).Sprint(number.Decimal(x, number.Scale(d))); got != want {
						t.Errorf("%s: Number(%v, %d) = %q, want %q", l.Code, x, d, got, want)
					}
				}
			}
		}
	}
	if k, ok := memoKey(nil, "en", "asnas.pot", []any{1.5}); ok {
		t.Errorf("a float argument got a memo key %q", k)
	}
}

// The memo never grows past its bound.
func TestMemoIsBounded(t *testing.T) {
	ctx := WithLocale(context.Background(), Locales[0])
	for i := range 3 * memoMax {
		T(ctx, "asnas.pot", i)
	}
	if n := memo.len(); n > memoMax || n == 0 {
		t.Errorf("memo holds %d texts, bound %d", n, memoMax)
	}
	if got := T(ctx, "asnas.pot", 7); got != "Pot: 7" {
		t.Errorf("after the memo started again: %q", got)
	}
}

func BenchmarkT(b *testing.B) {
	ctx := WithLocale(context.Background(), Locales[0])
	b.Run("memo", func(b *testing.B) {
		for b.Loop() {
			T(ctx, "card.name", "Seven", "Hearts")
		}
	})
	b.Run("catalog", func(b *testing.B) {
		for b.Loop() {
			printer(ctx).Sprintf("card.name", "Seven", "Hearts")
		}
	})
}

// Many requests at once read and fill the memo (run with -race): each gets its own text.
func TestMemoUnderConcurrentUse(t *testing.T) {
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			l := Locales[g%len(Locales)]
			ctx := WithLocale(context.Background(), l)
			for i := range 2000 {
				n := (i*7 + g) % 500
				if got, want := T(ctx, "asnas.pot", n), printer(ctx).Sprintf("asnas.pot", n); got != want {
					t.Errorf("%s: %q, want %q", l.Code, got, want)
					return
				}
				_ = Number(ctx, float64(n), g%3)
			}
		})
	}
	wg.Wait()
}
