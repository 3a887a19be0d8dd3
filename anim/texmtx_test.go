package anim

import (
	"math"
	"testing"
)

func TestTexMatrixIdentityAndTranslation(t *testing.T) {
	tg := &Target{Kind: TexSRTTarget, Center: [3]float64{0.5, 0.5, 0.5}}
	p := &TargetPose{V: DefaultBase()}
	for _, mode := range []TexMatrixMode{TexJ3DBasic, TexJ3DMaya, TexNWMaya, TexNW3dsMax, TexNWSoftimage} {
		m := TexMatrixWith(mode, tg, p)
		// Every convention maps the identity SRT to a matrix whose linear
		// part is ±identity (V may be flipped).
		if math.Abs(math.Abs(m[0][0])-1) > 1e-12 || math.Abs(math.Abs(m[1][1])-1) > 1e-12 || m[0][1] != 0 || m[1][0] != 0 {
			t.Errorf("%s: identity SRT gives %v", mode, m)
		}
	}
	// Basic: a pure translation moves coordinates by (Tx, Ty).
	p.V[TransX], p.V[TransY] = 0.25, -0.5
	m := TexMatrixWith(TexJ3DBasic, tg, p)
	if s, tt := m.Apply(0.1, 0.2); math.Abs(s-0.35) > 1e-12 || math.Abs(tt+0.3) > 1e-12 {
		t.Errorf("Basic translation: (%v, %v)", s, tt)
	}
	// Basic: rotation about the center keeps the center fixed.
	p.V[TransX], p.V[TransY] = 0, 0
	p.V[RotZ] = 90
	tg.Center = [3]float64{0.3, 0.7, 0}
	m = TexMatrixWith(TexJ3DBasic, tg, p)
	if s, tt := m.Apply(0.3, 0.7); math.Abs(s-0.3) > 1e-12 || math.Abs(tt-0.7) > 1e-12 {
		t.Errorf("Basic rotation moved its center to (%v, %v)", s, tt)
	}
}

func TestTexMatrixOfPicksNWModeFromSlot(t *testing.T) {
	tg := &Target{Kind: TexSRTTarget, TexMode: TexNWMaya}
	p := &TargetPose{V: DefaultBase()}
	p.V[RotZ] = 30
	p.V[TransX] = 0.2
	for slot, mode := range map[float64]TexMatrixMode{0: TexNWMaya, 1: TexNW3dsMax, 2: TexNWSoftimage} {
		p.V[TexModeSlot] = slot
		if got, want := TexMatrixOf(tg, p), TexMatrixWith(mode, tg, p); got != want {
			t.Errorf("mode slot %v: got %v want %v", slot, got, want)
		}
		if got := TexModeOf(tg, p); got != mode {
			t.Errorf("mode slot %v: TexModeOf %v, want %v", slot, got, mode)
		}
	}
	tg.TexMode = TexJ3DMaya
	p.V[TexModeSlot] = 2
	if got, want := TexMatrixOf(tg, p), TexMatrixWith(TexJ3DMaya, tg, p); got != want {
		t.Errorf("J3D target must ignore the NW mode slot")
	}
	if got := TexModeOf(tg, p); got != TexJ3DMaya {
		t.Errorf("TexModeOf a J3D Maya target with mode slot 2: %v", got)
	}
}
