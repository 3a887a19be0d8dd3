package app

import (
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/ui"
)

// BenchmarkFrameCurvesCompare is BenchmarkFrameLarge with the analysis
// panels busy: the curve panel plotting all nine channels of a joint of
// the 400-joint clip, and the loop-mode comparison open (five clocks,
// five poses of 400 joints, five scenes built). The GL submission of the
// five viewports is measured by `animscope --bench-frames N --compare
// --tab curves --plot ...` (it needs a context).
func BenchmarkFrameCurvesCompare(b *testing.B) {
	a := loadLarge(b)
	u, done := uiContext(b, 1400, 860)
	defer done()
	const joint = 17
	a.Apply(viewmodel.SelectJoint{Joint: joint})
	var refs []viewmodel.ChannelRef
	for _, ch := range a.play.joint.clip.Targets[joint].Channels {
		refs = append(refs, viewmodel.ChannelRef{Slot: viewmodel.JointSlot, Target: joint, Chan: ch.Slot})
	}
	if len(refs) != 9 {
		b.Fatalf("joint %d has %d channels, want 9", joint, len(refs))
	}
	u.PlotChannels(refs)
	u.ShowTab(ui.TabCurves)
	u.SetCompareOpen(true)
	var v viewmodel.View
	var scene viewmodel.Scene
	var cmpScenes [anim.NumLoopModes]viewmodel.Scene
	frame := func() {
		a.SetCompareActive(u.CompareOpen())
		stepFrame(a, u, &v)
		a.evaluateCompare()
		w, h := u.CompareViewportSize()
		for m := range cmpScenes {
			if a.cmp.same[m] == m {
				a.buildCompareScene(anim.LoopMode(m), &cmpScenes[m], viewmodel.Viewport{W: int32(w), H: int32(h)}, 1, u.Options, viewmodel.TextureRef{})
			}
		}
		a.BuildScene(&scene, viewmodel.Viewport{W: 800, H: 600}, 1, u.Options, viewmodel.TextureRef{})
	}
	for i := 0; i < 5; i++ { // layout settles, the panel grows
		frame()
	}
	// Past the clip's end, where the five modes show five frames: the
	// comparison's most expensive state.
	a.cmp.seek(1.5*a.play.joint.clip.Duration + 7)
	frame()
	for m := range a.cmp.same {
		if a.cmp.same[m] != m {
			b.Fatalf("at time %v modes %d and %d show the same frame %v", a.cmp.time, m, a.cmp.same[m], a.cmp.clocks[m].Frame)
		}
	}
	if got := len(u.ShownChannels()); got != 9 || u.ActiveTab() != ui.TabCurves {
		b.Fatalf("curve panel shows %d channels on tab %q, want 9 on curves", got, u.ActiveTab())
	}
	if w, h := u.CompareViewportSize(); w <= 0 || h <= 0 || v.Compare == nil {
		b.Fatalf("comparison not laid out (%v x %v)", w, h)
	}
	for m := range cmpScenes {
		if len(cmpScenes[m].Points) != 400 {
			b.Fatalf("comparison viewport %d has %d joints, want 400", m, len(cmpScenes[m].Points))
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	defer cpuMeter(b)()
	for i := 0; i < b.N; i++ {
		frame()
	}
}
