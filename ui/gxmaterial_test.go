package ui

import (
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/mesh/gx"
)

// TestGXMaterialPanel: with a J3D material to show (and no material
// clip), the Materials section lists its stages; a stage's checkbox
// turns it off, or on again when it is off.
func TestGXMaterialPanel(t *testing.T) {
	m := &gx.Material{Name: "eyeL"}
	m.Shader.NumStages = 2
	m.Shader.Stages[0] = gx.Stage{TexMap: 1, TexCoord: 1, Channel: 0xFF, Color: gx.Combiner{In: [4]uint8{8, 15, 15, 15}, Clamp: true}}
	m.Shader.Stages[1] = gx.Stage{TexMap: 0, Channel: 4, Color: gx.Combiner{In: [4]uint8{15, 8, 0, 15}}}
	v := testView(testClip(anim.Loop), 0, false)
	v.GX = &viewmodel.GXView{Names: []string{"", "eyeL"}, Material: 1, State: m, Live: m.Values, StageOff: 1 << 1}
	h := newHarness(t, v)
	if s, ok := find[viewmodel.SetStageOff](h.click(center(h.rect("gx:stage:0")))); !ok || s != (viewmodel.SetStageOff{Material: 1, Stage: 0, Off: true}) {
		t.Fatalf("stage 0's checkbox gave %+v (%v), want it off", s, ok)
	}
	if s, ok := find[viewmodel.SetStageOff](h.click(center(h.rect("gx:stage:1")))); !ok || s != (viewmodel.SetStageOff{Material: 1, Stage: 1, Off: false}) {
		t.Fatalf("stage 1's checkbox gave %+v (%v), want it on again", s, ok)
	}
}
