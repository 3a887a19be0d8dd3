package ui_test

// The real interface over the real application model, as the window
// loop runs them minus GL: ImGui without a renderer lays out the panels,
// their intents go to internal/app, and what the app shows next comes back
// through the view model. The frame benchmarks measure the viewer's own
// CPU work per frame with the 400-joint fixture; the GL submission is
// measured by `animscope --bench-frames N` (it needs a context).

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/app"
	"github.com/animscope/animscope/internal/cputime/cputimetest"
	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/ui"
)

// The fixtures, from ui's directory.
const (
	archiveFixtures = "../formats/archive/testdata/"
	bfresFixtures   = "../formats/bfres/testdata/"
	largeBCK        = "../internal/app/testdata/large.bck"
)

// uiContext makes an ImGui context with the viewer's fonts, as the
// window would, without GL, sized w×h.
func uiContext(tb testing.TB, w, h float32) (*ui.UI, func()) {
	tb.Helper()
	ctx := imgui.CreateContext(nil)
	io := imgui.CurrentIO()
	io.SetIniFilename("")
	io.SetDisplaySize(imgui.Vec2{X: w, Y: h})
	u := ui.New()
	u.SetupFonts(1, 1)
	io.Fonts().TextureDataRGBA32()
	return u, ctx.Destroy
}

// uiFrame runs one viewer frame over a: the mouse at (x, y) with the left
// button down or up, then stepFrame.
func uiFrame(a *app.App, u *ui.UI, v *viewmodel.View, x, y float32, down bool) {
	io := imgui.CurrentIO()
	io.SetMousePosition(imgui.Vec2{X: x, Y: y})
	io.SetMouseButtonDown(0, down)
	stepFrame(a, u, v)
}

// stepFrame is one frame of the window loop minus input and GL: the
// clocks advanced 1/60 s, the pose evaluated, the interface laid out and
// its intents applied.
func stepFrame(a *app.App, u *ui.UI, v *viewmodel.View) {
	imgui.CurrentIO().SetDeltaTime(1.0 / 60)
	a.Advance(1.0 / 60)
	a.Evaluate()
	a.View(v, viewmodel.Stats{}, viewmodel.TextureRef{})
	imgui.NewFrame()
	for _, in := range u.Frame(v) {
		a.Apply(in)
	}
	imgui.Render()
}

// now is what the app shows after the intents of the last frame.
func now(a *app.App) *viewmodel.View {
	var v viewmodel.View
	a.View(&v, viewmodel.Stats{}, viewmodel.TextureRef{})
	return &v
}

func openApp(t testing.TB, paths ...string) *app.App {
	t.Helper()
	a := app.New(nil)
	a.Apply(viewmodel.OpenFiles{Paths: paths})
	if a.Headless().Empty() {
		t.Fatalf("%v opened nothing", paths)
	}
	return a
}

// TestUIIntentsDriveTheClock: a click on the play button, a drag on the
// timeline and the loop menu reach the clock through the same intents as
// in the viewer.
func TestUIIntentsDriveTheClock(t *testing.T) {
	a := openApp(t, archiveFixtures+"biped.szs")
	u, done := uiContext(t, 1400, 860)
	defer done()
	var v viewmodel.View
	frame := func(x, y float32, down bool) { uiFrame(a, u, &v, x, y, down) }
	rect := func(id string) (float32, float32) {
		r, ok := u.ItemRect(id)
		if !ok {
			t.Fatalf("no %s control", id)
		}
		return r.X + r.W/2, r.Y + r.H/2
	}
	frame(0, 0, false)
	frame(0, 0, false)
	if j := now(a).Joint; j == nil || !strings.HasSuffix(j.Label, "walk.bck") || j.Clip.Duration != 30 || j.FileLoop != anim.Loop {
		t.Fatalf("playing %+v; want the biped's 30-frame looping walk", j)
	}

	// Pause with the button.
	x, y := rect("pause")
	frame(x, y, false)
	frame(x, y, true)
	frame(x, y, false)
	if s := now(a); s.Playing || !s.Joint.Clock.Paused {
		t.Fatal("the pause button did not pause the clock")
	}
	// Play again (the button shows "play" from the next frame on).
	frame(x, y, false)
	x, y = rect("play")
	frame(x, y, false)
	frame(x, y, true)
	frame(x, y, false)
	if s := now(a); !s.Playing || s.Joint.Clock.Paused {
		t.Fatal("the play button did not start the clock")
	}

	// Scrub: press at frame 10, drag to 20; the clock follows and is
	// paused meanwhile; on release it plays on from 20.
	_, ty := rect("timeline")
	frame(u.TimelineX(10, 30), ty, false)
	frame(u.TimelineX(10, 30), ty, true)
	if c := now(a).Joint.Clock; c.Frame != 10 || !c.Paused {
		t.Fatalf("pressing the timeline at 10: frame %v paused %v", c.Frame, c.Paused)
	}
	frame(u.TimelineX(20, 30), ty, true)
	frame(u.TimelineX(20, 30), ty, true)
	if c := now(a).Joint.Clock; c.Frame != 20 {
		t.Fatalf("dragging to 20: frame %v", c.Frame)
	}
	frame(u.TimelineX(20, 30), ty, false)
	if s := now(a); s.Joint.Clock.Paused || !s.Playing {
		t.Fatal("releasing the timeline did not resume playback")
	}

	// Loop mode through the menu.
	x, y = rect("loop")
	frame(x, y, false)
	frame(x, y, true)
	frame(x, y, false)
	frame(x, y, false)
	x, y = rect("loop:mirrored-loop")
	frame(x, y, false)
	frame(x, y, true)
	frame(x, y, false)
	if j := now(a).Joint; j.Clock.Mode != anim.MirroredLoop || j.FileLoop != anim.Loop {
		t.Fatalf("loop menu: clock mode %v (file %v), want mirrored-loop over the file's loop", j.Clock.Mode, j.FileLoop)
	}
}

// TestUIDrivesBFRESAndPairing: the timeline marks the selected BFRES
// bone's keys, a drag scrubs, and the Scene panel's combos pick another
// model and animation.
func TestUIDrivesBFRESAndPairing(t *testing.T) {
	a := openApp(t, archiveFixtures+"biped.szs", bfresFixtures+"skel_anim.bfres")
	u, done := uiContext(t, 1400, 900)
	defer done()
	var v viewmodel.View
	frame := func(x, y float32, down bool) { uiFrame(a, u, &v, x, y, down) }
	click := func(id string) {
		t.Helper()
		r, ok := u.ItemRect(id)
		if !ok {
			t.Fatalf("no %s control", id)
		}
		x, y := r.X+r.W/2, r.Y+r.H/2
		frame(x, y, false)
		frame(x, y, true)
		frame(x, y, false)
		frame(x, y, false)
	}
	frame(0, 0, false)
	frame(0, 0, false)
	if s := now(a).Skeleton; s == nil || !strings.HasSuffix(s.Label, "biped.bmd") {
		t.Fatalf("model %+v; want the biped", s)
	}
	// Pick the BFRES model in the Model combo: its own Trot plays.
	click("pair:model")
	mi := slices.IndexFunc(v.Pairing.Models, func(m viewmodel.ModelChoice) bool { return m.Label == "skel_anim.bfres" })
	click("pair:model:" + strconv.Itoa(mi))
	if s := now(a); s.Skeleton == nil || s.Skeleton.Skeleton.Name != "Skeleton" || s.Joint == nil || s.Joint.Clip.Name != "Trot" {
		t.Fatalf("after picking skel_anim.bfres: model %+v playing %+v", s.Skeleton, s.Joint)
	}
	// Select Head: the timeline marks its rotation.y keys (0, 12, 24).
	a.Apply(viewmodel.SelectJoint{Joint: 3})
	frame(0, 0, false)
	if got := u.KeyMarkers(); !slices.Equal(got, []float64{0, 12, 24}) {
		t.Errorf("timeline markers %v, want Head's keys [0 12 24]", got)
	}
	// Scrub the BFRES clip.
	r, _ := u.ItemRect("timeline")
	ty := r.Y + r.H/2
	frame(u.TimelineX(6, 24), ty, false)
	frame(u.TimelineX(6, 24), ty, true)
	frame(u.TimelineX(18, 24), ty, true)
	frame(u.TimelineX(18, 24), ty, true)
	if c := now(a).Joint.Clock; c.Frame != 18 || !c.Paused {
		t.Errorf("dragging the timeline to 18: frame %v paused %v", c.Frame, c.Paused)
	}
	frame(u.TimelineX(18, 24), ty, false)
	// The Animation combo offers the biped's walk too; picking it plays it
	// on the BFRES skeleton, with the mismatch reported.
	click("pair:anim")
	ai := slices.IndexFunc(v.Pairing.Anims, func(c viewmodel.AnimChoice) bool { return strings.HasSuffix(c.Label, "walk.bck") })
	click("pair:anim:" + strconv.Itoa(ai))
	s := now(a)
	if !strings.HasSuffix(s.Joint.Label, "walk.bck") || s.Skeleton.Skeleton.Name != "Skeleton" {
		t.Errorf("picked walk.bck: playing %q on %q", s.Joint.Label, s.Skeleton.Skeleton.Name)
	}
	if !slices.ContainsFunc(s.Notices, func(n viewmodel.Notice) bool {
		return n.Severity == viewmodel.Warning && strings.Contains(n.Text, "animation has 12 joints, skeleton has 6")
	}) {
		t.Errorf("no mismatch message: %+v", s.Notices)
	}
}

func loadLarge(b *testing.B) *app.App {
	b.Helper()
	a := openApp(b, largeBCK)
	if j := now(a).Joint; j == nil || len(j.Clip.Targets) != 400 {
		b.Fatalf("large.bck: want a 400-joint clip")
	}
	return a
}

// BenchmarkFrameLarge is one whole frame minus GL: what --bench-frames
// reports as "update+UI+scene".
func BenchmarkFrameLarge(b *testing.B) {
	a := loadLarge(b)
	u, done := uiContext(b, 1400, 860)
	defer done()
	a.Apply(viewmodel.SelectJoint{Joint: 17}) // a selection: key markers and the properties table
	var v viewmodel.View
	var scene viewmodel.Scene
	b.ReportAllocs()
	b.ResetTimer()
	defer cputimetest.Meter(b, 0)()
	for i := 0; i < b.N; i++ {
		stepFrame(a, u, &v)
		a.BuildScene(&scene, viewmodel.Viewport{W: 800, H: 600}, 1, u.Options, viewmodel.TextureRef{})
	}
}

// BenchmarkOpenLarge is opening the 400-joint file up to the first
// frame's CPU work: read, decode, validate, bind, frame the camera,
// Evaluate and lay out the interface once.
func BenchmarkOpenLarge(b *testing.B) {
	u, done := uiContext(b, 1400, 860)
	defer done()
	var v viewmodel.View
	b.ReportAllocs()
	b.ResetTimer()
	defer cputimetest.Meter(b, 0)()
	for i := 0; i < b.N; i++ {
		a := app.New(nil)
		a.Open([]string{largeBCK})
		if a.Headless().Empty() {
			b.Fatal("large.bck did not open")
		}
		a.View(&v, viewmodel.Stats{}, viewmodel.TextureRef{})
		imgui.NewFrame()
		u.Frame(&v)
		imgui.Render()
	}
}

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
	for _, ch := range now(a).Joint.Clip.Targets[joint].Channels {
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
		a.Comparison().SetActive(u.CompareOpen())
		stepFrame(a, u, &v)
		w, h := u.CompareViewportSize()
		a.Comparison().Prepare(&cmpScenes, int(w), int(h), 1, u.Options, viewmodel.TextureRef{ID: 1})
		a.BuildScene(&scene, viewmodel.Viewport{W: 800, H: 600}, 1, u.Options, viewmodel.TextureRef{})
	}
	for i := 0; i < 5; i++ { // layout settles, the panel grows
		frame()
	}
	// Past the clip's end, where the five modes show five frames: the
	// comparison's most expensive state.
	cmp := a.Comparison()
	cmp.Hold(1.5*v.Joint.Clip.Duration + 7)
	a.Apply(viewmodel.ComparePlay{})
	frame()
	for m := range anim.NumLoopModes {
		if cmp.Same(m) != m {
			b.Fatalf("modes %d and %d show the same frame", m, cmp.Same(m))
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
	defer cputimetest.Meter(b, 0)()
	for i := 0; i < b.N; i++ {
		frame()
	}
}
