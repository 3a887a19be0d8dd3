package app

import (
	"math"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/internal/viewmodel"
)

// texClip is a BTK-like texture clip built in code: one entry scrolling
// 1 unit per frame over d frames.
func texClip(loop anim.LoopMode, d float64) *anim.Clip {
	return &anim.Clip{Name: "scroll", Format: "btk", Duration: d, FPS: 30, Loop: loop, Targets: []anim.Target{
		{Name: "mat", Kind: anim.TexSRTTarget, TexGen: 0, Base: anim.DefaultBase(),
			Channels: []anim.Channel{{Slot: anim.TransX, Curve: &anim.Hermite{Keys: []anim.HermiteKey{{Time: 0, Value: 0, In: 1, Out: 1}, {Time: d, Value: d, In: 1, Out: 1}}, RotationFrac: -1}}}},
	}}
}

// sceneApp plays a 30-frame joint clip in joint mode and a texture clip
// of texD frames in texMode, together.
func sceneApp(t *testing.T, joint anim.LoopMode, texMode anim.LoopMode, texD float64) *App {
	t.Helper()
	a, _ := newTestApp(t, joint, true)
	a.Add([]*File{{path: "scroll.btk", name: "scroll.btk", asset: &formats.Asset{Format: "btk", Clips: []*anim.Clip{texClip(texMode, texD)}}, explicit: true}})
	if a.play.joint == nil || a.play.tex == nil {
		t.Fatal("want a joint and a texture clip playing")
	}
	return a
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// TestReverseWrapsInLoopModes: reverse playback must loop like forward
// playback: the viewer's Reverse in loop mode
// runs 10, 9, …, 0 and wraps to the end; no frame leaves [0, duration].
func TestReverseWrapsInLoopModes(t *testing.T) {
	a, _ := newTestApp(t, anim.Loop, true)
	a.Apply(viewmodel.Seek{Frame: 10})
	a.Apply(viewmodel.SetSpeed{Speed: -1})
	a.Apply(viewmodel.Play{})
	c := &a.play.joint.clock
	a.Advance(5.0 / 30) // 5 frames back
	if !near(c.Frame, 5) {
		t.Fatalf("reverse 5 frames from 10: frame %v, want 5", c.Frame)
	}
	a.Advance(8.0 / 30) // through the start: 30 - 3
	if !near(c.Frame, 27) {
		t.Fatalf("reverse 8 more frames: frame %v, want 27 (wrapped to the end)", c.Frame)
	}
	for i := 0; i < 500; i++ {
		a.Advance(0.37)
		if c.Frame < 0 || c.Frame > 30 || !a.play.Playing() {
			t.Fatalf("step %d: frame %v playing %v; want a frame in [0, 30] and still playing", i, c.Frame, a.play.Playing())
		}
	}
	// The pose follows the wrapped frame: root's Z is 2 units per frame.
	a.Apply(viewmodel.Seek{Frame: 1})
	a.Apply(viewmodel.Play{})
	a.Advance(3.0 / 30) // frame 28
	a.Evaluate()
	if z := a.rig.markers[0].Pos[2]; math.Abs(float64(z)-56) > 1e-3 {
		t.Errorf("reverse from 1 by 3 frames: root at z %v, want 56 (frame 28)", z)
	}
	// Mirrored loop bounces backwards too.
	m, _ := newTestApp(t, anim.MirroredLoop, true)
	m.Apply(viewmodel.Seek{Frame: 2})
	m.Apply(viewmodel.SetSpeed{Speed: -1})
	m.Advance(5.0 / 30)
	if f := m.play.joint.clock.Frame; !near(f, 3) {
		t.Errorf("mirrored loop, reverse 5 frames from 2: frame %v, want 3", f)
	}
}

// TestReverseOnceStopsAndRestartsFromEnd: a once clip played backwards
// stops at 0; Play then starts it from its end.
func TestReverseOnceStopsAndRestartsFromEnd(t *testing.T) {
	a, _ := newTestApp(t, anim.Once, true)
	a.Apply(viewmodel.SetSpeed{Speed: -1})
	a.Apply(viewmodel.Seek{Frame: 4})
	a.Advance(1)
	if c := a.play.joint.clock; c.Frame != 0 || a.play.Playing() || !c.Paused && c.Rate != 0 {
		t.Fatalf("once reversed past 0: frame %v playing %v; want stopped at 0", c.Frame, a.play.Playing())
	}
	a.Apply(viewmodel.Play{})
	a.Advance(2.0 / 30)
	if f := a.play.joint.clock.Frame; !near(f, 28) || !a.play.Playing() {
		t.Fatalf("Play after the reverse end: frame %v playing %v; want 28, playing", f, a.play.Playing())
	}
}

// TestCompareShowsGameReverse: with Reverse on, the comparison shows the
// game's clock too, whose LOOP runs below the start (loop frame 0).
func TestCompareShowsGameReverse(t *testing.T) {
	a, _ := newTestApp(t, anim.Loop, true)
	a.Comparison().SetActive(true)
	if v := a.cmp.viewAt(a.play.speed); v.Reverse {
		t.Fatal("playing forwards, the comparison shows no reverse line")
	}
	a.Apply(viewmodel.SetSpeed{Speed: -1})
	a.Comparison().Hold(40)
	v := a.cmp.viewAt(a.play.speed)
	if !v.Reverse {
		t.Fatal("reverse: no game-reverse frames")
	}
	// From frame 30 at rate -1 for 40 frames: once stops at 0, loop keeps
	// going to -10, mirrored-once reflects at 0 and stops there (0 + the
	// overshoot of the one 40-frame update: |30-40| = 10, then stops).
	want := map[anim.LoopMode]float64{anim.Once: 0, anim.OnceReset: 0, anim.Loop: -10}
	for m, f := range want {
		if got := v.GameReverse[m]; !near(got, f) {
			t.Errorf("%v: game reverse frame %v, want %v", m, got, f)
		}
	}
	for m, f := range v.GameReverse {
		if f < 0 && anim.LoopMode(m) != anim.Loop {
			t.Errorf("%v: frame %v below the start; only LOOP runs past it", anim.LoopMode(m), f)
		}
	}
}

// TestOneSceneTime: the clips of a scene share one time, so they cannot
// drift apart: Home puts both clips at 0; they stay in
// step; the button shows the scene playing while one clip still plays;
// Home only seeks.
func TestOneSceneTime(t *testing.T) {
	a := sceneApp(t, anim.Loop, anim.Once, 40)
	a.Advance(1.2) // 36 frames: walk 6 (looped), texture 36
	if !near(a.play.joint.clock.Frame, 6) || !near(a.play.tex.clock.Frame, 36) {
		t.Fatalf("after 1.2 s: walk %v texture %v, want 6 and 36", a.play.joint.clock.Frame, a.play.tex.clock.Frame)
	}
	a.Apply(viewmodel.Seek{Frame: 0}) // Home
	if a.play.joint.clock.Frame != 0 || a.play.tex.clock.Frame != 0 || !a.play.Playing() {
		t.Fatalf("Home: walk %v texture %v playing %v; want both at 0, still playing", a.play.joint.clock.Frame, a.play.tex.clock.Frame, a.play.Playing())
	}
	a.Advance(2) // 60 frames: the once texture has ended, the walk loops
	if !a.play.Playing() || !a.View0().Playing {
		t.Fatal("the texture ended but the walk plays: the scene plays")
	}
	if !near(a.play.tex.clock.Frame, 39.999) || !near(a.play.joint.clock.Frame, 0) {
		t.Fatalf("after 2 s: walk %v texture %v, want 0 and 39.999", a.play.joint.clock.Frame, a.play.tex.clock.Frame)
	}
	a.Apply(viewmodel.TogglePlay{}) // Space pauses
	if a.play.Playing() {
		t.Fatal("first Space: still playing")
	}
	a.Apply(viewmodel.Seek{Frame: 0}) // Home while paused seeks only
	if a.play.Playing() || a.play.tex.clock.Frame != 0 {
		t.Fatalf("Home while paused: playing %v texture %v", a.play.Playing(), a.play.tex.clock.Frame)
	}
	a.Apply(viewmodel.TogglePlay{})
	a.Advance(0.5)
	if !near(a.play.joint.clock.Frame, 15) || !near(a.play.tex.clock.Frame, 15) {
		t.Fatalf("after Space and 0.5 s: walk %v texture %v, want 15 and 15", a.play.joint.clock.Frame, a.play.tex.clock.Frame)
	}
	// The timeline shows the texture: End puts the texture at its end
	// (where once rests) and the walk at the same scene time.
	a.Apply(viewmodel.FocusSlot{Slot: viewmodel.TexSlot})
	a.Apply(viewmodel.Seek{Frame: 40})
	if !near(a.play.tex.clock.Frame, 39.999) || !near(a.play.joint.clock.Frame, 10) {
		t.Fatalf("End on the texture: texture %v walk %v, want 39.999 and 10", a.play.tex.clock.Frame, a.play.joint.clock.Frame)
	}
}

// View0 is the view without stats, for tests.
func (a *App) View0() *viewmodel.View {
	var v viewmodel.View
	a.View(&v, viewmodel.Stats{}, viewmodel.TextureRef{})
	return &v
}

// TestSceneEndsWhenEveryClipRests: two once clips: the scene stops when
// the longer ends; Play starts both over.
func TestSceneEndsWhenEveryClipRests(t *testing.T) {
	a := sceneApp(t, anim.Once, anim.Once, 40)
	a.Advance(35.0 / 30)
	if !a.play.Playing() {
		t.Fatal("the texture still plays at 35: the scene plays")
	}
	a.Advance(10.0 / 30)
	if a.play.Playing() || a.View0().Playing {
		t.Fatal("both clips ended: the scene should show Play")
	}
	a.Apply(viewmodel.TogglePlay{})
	a.Advance(1.0 / 30)
	if !a.play.Playing() || !near(a.play.joint.clock.Frame, 1) || !near(a.play.tex.clock.Frame, 1) {
		t.Fatalf("Space after the end: playing %v, walk %v texture %v; want both at 1", a.play.Playing(), a.play.joint.clock.Frame, a.play.tex.clock.Frame)
	}
}

// TestMuteAndOffset: a muted clip shows at rest, an offset one starts
// later.
func TestMuteAndOffset(t *testing.T) {
	a := sceneApp(t, anim.Loop, anim.Loop, 40)
	a.Apply(viewmodel.SetClipOffset{Slot: viewmodel.TexSlot, Frames: 5})
	a.Apply(viewmodel.FocusSlot{Slot: viewmodel.JointSlot})
	a.Apply(viewmodel.Pause{})
	a.Apply(viewmodel.Seek{Frame: 12})
	if !near(a.play.tex.clock.Frame, 7) || !near(a.play.joint.clock.Frame, 12) {
		t.Fatalf("texture offset 5 at walk 12: texture %v walk %v, want 7 and 12", a.play.tex.clock.Frame, a.play.joint.clock.Frame)
	}
	a.Apply(viewmodel.MuteClip{Slot: viewmodel.JointSlot, Mute: true})
	a.Evaluate()
	if z := a.rig.markers[0].Pos[2]; z != 0 {
		t.Errorf("muted walk: root at z %v, want the rest pose's 0", z)
	}
	v := a.View0()
	if !v.Joint.Muted || v.Tex.Offset != 5 {
		t.Errorf("view: muted %v offset %v", v.Joint.Muted, v.Tex.Offset)
	}
	a.Apply(viewmodel.MuteClip{Slot: viewmodel.JointSlot, Mute: false})
	a.Evaluate()
	if z := a.rig.markers[0].Pos[2]; math.Abs(float64(z)-24) > 1e-3 {
		t.Errorf("unmuted walk at 12: root at z %v, want 24", z)
	}
}

// TestStepFromFractionalFrames: stepping after a scrub lands on whole
// frames, the ones the file stores: → from 17.603 goes to 18, ←
// from 2.114 to 2, and from whole frames one frame on.
func TestStepFromFractionalFrames(t *testing.T) {
	cases := []struct {
		from float64
		n    int
		want float64
	}{{17.603, 1, 18}, {2.114, -1, 2}, {17, 1, 18}, {17, -1, 16}, {0.4, -1, 0}, {29.5, 1, 30}, {12.5, 3, 15}, {0, -1, 0}}
	for _, c := range cases {
		a, _ := newTestApp(t, anim.Loop, true)
		a.Apply(viewmodel.Seek{Frame: c.from})
		a.Apply(viewmodel.Step{N: c.n})
		if f := a.play.joint.clock.Frame; f != c.want || a.play.Playing() {
			t.Errorf("step %+d from %v: frame %v (playing %v), want %v, paused", c.n, c.from, f, a.play.Playing(), c.want)
		}
	}
	// A once clip cannot show its end frame: it rests 0.001 before it.
	o, _ := newTestApp(t, anim.Once, true)
	o.Apply(viewmodel.Seek{Frame: 29.5})
	o.Apply(viewmodel.Step{N: 1})
	if f := o.play.joint.clock.Frame; f != 30-0.001 {
		t.Errorf("once, step +1 from 29.5: frame %v, want 29.999", f)
	}
	// On a mirrored clip's way back, → still shows the next frame up.
	m, _ := newTestApp(t, anim.MirroredOnce, true)
	m.Apply(viewmodel.Pause{})
	m.play.sceneT = 45.5 / 30 // frame 14.5 on the way back
	m.play.syncClocks()
	m.Apply(viewmodel.Step{N: 1})
	if f := m.play.joint.clock.Frame; f != 15 {
		t.Errorf("mirrored-once on its way back at 14.5, step +1: frame %v, want 15", f)
	}
}

// TestBusyOnlyWhileSomethingMoves: an idle viewer uses no CPU: it may
// sleep when
// the scene is paused or has ended, never while it plays.
func TestBusyOnlyWhileSomethingMoves(t *testing.T) {
	a := sceneApp(t, anim.Once, anim.Once, 40)
	if !a.Busy() {
		t.Fatal("playing: want busy")
	}
	a.Apply(viewmodel.Pause{})
	if a.Busy() {
		t.Fatal("paused: want idle")
	}
	a.Apply(viewmodel.Play{})
	a.Advance(5)
	if a.Busy() {
		t.Fatal("every clip ended: want idle")
	}
	a.Comparison().SetActive(true)
	if a.Busy() {
		t.Fatal("the comparison opened on the ended scene plays: want it paused there, idle")
	}
	a.Apply(viewmodel.ComparePlay{})
	if !a.Busy() {
		t.Fatal("the comparison plays: want busy")
	}
}

// TestFramesTheSkeletonAlone: the character is what F is for, the test
// quad beside it would shrink it: F frames the skeleton, not the
// skeleton and the texture quad beside it; R frames both.
func TestFramesTheSkeletonAlone(t *testing.T) {
	a := sceneApp(t, anim.Loop, anim.Loop, 40)
	a.Evaluate()
	lo, hi := a.frame.markerBounds()
	want := viewmodel.DefaultCamera()
	want.Frame(lo, hi)
	a.Apply(viewmodel.CameraFrame{})
	if a.frame.camera.Target != want.Target || a.frame.camera.Distance != want.Distance {
		t.Errorf("F: camera at %v, distance %v; want the skeleton's %v, %v", a.frame.camera.Target, a.frame.camera.Distance, want.Target, want.Distance)
	}
	a.Apply(viewmodel.CameraReset{})
	if a.frame.camera.Distance <= want.Distance {
		t.Errorf("R: distance %v, want more than the skeleton alone (%v): the quad is in view too", a.frame.camera.Distance, want.Distance)
	}
}
