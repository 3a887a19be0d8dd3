package gx

import "testing"

func TestFormula(t *testing.T) {
	for _, tc := range []struct {
		c     Combiner
		alpha bool
		want  string
	}{
		{Combiner{In: [4]uint8{8, 15, 10, 2}, Op: 0, Bias: 2, Scale: 1, Clamp: true, Reg: 0}, false, "PREV = clamp((C0 + lerp(TEXC, 0, RASC) − ½) × 2)"},
		{Combiner{In: [4]uint8{8, 2, 14, 15}, Op: 12, Reg: 2}, false, "REG1 = 0 + (TEXC BGR24 > C0 ? KONST : 0)"},
		{Combiner{In: [4]uint8{4, 1, 6, 7}, Op: 15, Reg: 3}, true, "REG2 = 0 + (TEXA A8 == A0 ? KONST : 0)"},
		{Combiner{In: [4]uint8{7, 4, 5, 0}, Op: 1, Reg: 1}, true, "REG0 = APREV − lerp(0, TEXA, RASA)"},
	} {
		names := ColorArgNames[:]
		if tc.alpha {
			names = AlphaArgNames[:]
		}
		if got := tc.c.Formula(names); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.c, got, tc.want)
		}
	}
	for sel, want := range map[uint8]string{0: "1", 4: "1/2", 0x0D: "K1", 0x12: "K2.r", 0x1F: "K3.a"} {
		if got := KonstColorName(sel); got != want {
			t.Errorf("konst 0x%x: %q, want %q", sel, got, want)
		}
	}
}
