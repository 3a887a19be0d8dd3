package bfres

import (
	"testing"

	"github.com/animscope/animscope/anim"
)

// TestMaterialFormatOf: a Switch FMAA holding one kind of track is named
// like the Wii U subfile with that content; a mixed one is bfres-material.
func TestMaterialFormatOf(t *testing.T) {
	clip := func(kinds ...anim.TargetKind) *anim.Clip {
		c := &anim.Clip{}
		for _, k := range kinds {
			c.Targets = append(c.Targets, anim.Target{Kind: k})
		}
		return c
	}
	for _, tc := range []struct {
		c    *anim.Clip
		want string
	}{
		{clip(anim.TexPatternTarget, anim.TexPatternTarget), "bfres-texpattern"},
		{clip(anim.ShaderParamTarget), "bfres-shaderparam"},
		{clip(anim.ShapeTarget, anim.ShapeTarget), "bfres-matvis"},
		{clip(anim.TexPatternTarget, anim.ShapeTarget), MaterialClipFormat},
		{clip(anim.TexSRTTarget, anim.ShaderParamTarget), MaterialClipFormat},
		{clip(), MaterialClipFormat},
	} {
		if got := materialFormatOf(tc.c); got != tc.want {
			t.Errorf("%d targets: %q, want %q", len(tc.c.Targets), got, tc.want)
		}
	}
}
