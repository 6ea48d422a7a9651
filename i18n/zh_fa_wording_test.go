package i18n

import (
	"strings"
	"testing"
)

// TestChineseSequencesNamedByTheirHighestCard: the Chinese log, prompt and hint named a
// sequence by a range that has no start, "出了到3的钢板" (played a plate "up to 3"), and the
// readings "钢板（到3）". The rules page compares sequences by their highest card
// ("按自然顺序中最大的那张比大小"); each sequence is now named as the catalog names its kind,
// with that card after it: 钢板（最大3）, in a sentence and as a caption alike.
func TestChineseSequencesNamedByTheirHighestCard(t *testing.T) {
	zh := rawCatalog(t, "zh")
	for _, kind := range []string{"straight", "tube", "plate", "straight-flush"} {
		name := strings.Join(zh["guandan.kind."+kind], "")
		if name == "" {
			t.Fatalf("zh has no guandan.kind.%s", kind)
		}
		for _, key := range []string{"guandan.reading." + kind, "guandan.play." + kind} {
			if got, want := strings.Join(zh[key], ""), name+"（最大%s）"; got != want {
				t.Errorf("zh %s = %q, want %q", key, got, want)
			}
		}
	}
}

// TestPersianCallWithoutLookingSaysWhatItDoes: the As-Nas lesson answered a call made before
// looking with "دیدن بی‌آنکه نگاه کنید", "seeing without looking", where دیدن is the call's
// name (the button "دیدن تا ۱") and also plain seeing. The reason now names the call in the
// words of the table's log and the rules page, seeing the bet (دیدنِ شرط), before looking at
// one's cards (a native read found a gloss of the call beside it too long for a reason).
func TestPersianCallWithoutLookingSaysWhatItDoes(t *testing.T) {
	fa := rawCatalog(t, "fa")
	s := strings.Join(fa["learn.asnas.look.wrong.call"], "")
	if strings.Contains(s, "دیدن بی\u200cآنکه") || !strings.Contains(s, "دیدنِ شرط") {
		t.Errorf("fa learn.asnas.look.wrong.call does not say the call sees the bet: %s", s)
	}
	for _, key := range []string{"asnas.log.called", "asnas.rules.s4.p2"} {
		if s := strings.Join(fa[key], ""); !strings.Contains(s, "شرط") || !strings.Contains(s, "دید") {
			t.Errorf("fa %s no longer calls the call seeing the bet: %s", key, s)
		}
	}
	if s := strings.Join(fa["asnas.rules.s4.p2"], ""); !strings.Contains(s, "مابه\u200cالتفاوت") {
		t.Errorf("fa asnas.rules.s4.p2 no longer says a call pays the difference: %s", s)
	}
}
