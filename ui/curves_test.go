package ui

import (
	"math"
	"strings"
	"testing"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/inspect"
	"github.com/animscope/animscope/internal/viewmodel"
)

// curvesHarness opens the Curves tab on the test clip with its joint
// selected (frames 0, 10, 30 keyed on translation.x).
func curvesHarness(t *testing.T) *harness {
	t.Helper()
	c := testClip(anim.Loop)
	v := testView(c, 3, false)
	h := newHarness(t, v)
	h.u.ShowTab(TabCurves)
	for i := 0; i < 4; i++ { // the tab shows, the panel grows, the layout settles
		h.frame()
	}
	if h.u.ActiveTab() != TabCurves {
		t.Fatalf("active tab %q, want curves", h.u.ActiveTab())
	}
	return h
}

func TestChannelRowsPlotAndSelect(t *testing.T) {
	c := testClip(anim.Loop)
	c.Targets = append(c.Targets, anim.Target{Name: "hip", Kind: anim.JointTarget, TexGen: -1, Base: anim.DefaultBase(),
		Channels: []anim.Channel{{Slot: anim.RotY, Curve: &anim.Hermite{Keys: []anim.HermiteKey{{Time: 0, Value: 0}, {Time: 30, Value: 8192}}, RotationFrac: 0}}}})
	v := testView(c, 3, false)
	h := newHarness(t, v)
	// The selected target (0) lists its channel; the other does not.
	if _, ok := h.u.ItemRect("channel:0/translation.x"); !ok {
		t.Fatal("the selected target's channels are not listed")
	}
	if _, ok := h.u.ItemRect("channel:1/rotation.y"); ok {
		t.Fatal("an unselected target lists its channels")
	}
	got := h.click(center(h.rect("channel:0/translation.x")))
	want := viewmodel.ChannelRef{Slot: viewmodel.JointSlot, Target: 0, Chan: anim.TransX}
	if p := h.u.Plotted(); len(p) != 1 || p[0] != want {
		t.Fatalf("plotted %v after the click, want [%v]", p, want)
	}
	if _, ok := find[viewmodel.SelectTarget](got); ok {
		t.Error("clicking a channel of the selected target re-selected it")
	}
	h.frame()
	h.frame()
	if h.u.ActiveTab() != TabCurves {
		t.Errorf("clicking a channel showed tab %q, want curves", h.u.ActiveTab())
	}
	// A "target/channel" filter lists the matching channels of every
	// match; clicking one of another target selects that target (and the
	// 3D view follows the selection).
	h.u.filter = "hip/rot"
	h.frame()
	if _, ok := h.u.ItemRect("channel:0/translation.x"); ok {
		t.Error("the filter \"hip/rot\" still lists root's translation")
	}
	got = h.click(center(h.rect("channel:1/rotation.y")))
	if s, ok := find[viewmodel.SelectTarget](got); !ok || s.Target != 1 {
		t.Fatalf("clicking hip's rotation.y gave %#v, want SelectTarget{1}", got)
	}
	if p := h.u.Plotted(); len(p) != 2 || p[1] != (viewmodel.ChannelRef{Slot: viewmodel.JointSlot, Target: 1, Chan: anim.RotY}) {
		t.Fatalf("plotted %v, want root's translation.x and hip's rotation.y", p)
	}
	// Clicking again stops plotting it.
	h.click(center(h.rect("channel:1/rotation.y")))
	if p := h.u.Plotted(); len(p) != 1 {
		t.Fatalf("plotted %v after the second click, want one channel", p)
	}
}

func TestCurvesFollowSelectionAndReadout(t *testing.T) {
	h := curvesHarness(t)
	shown := h.u.ShownChannels()
	if len(shown) != 1 || shown[0].Label != "root/translation.x" {
		t.Fatalf("shown %+v, want the selected joint's keyed channel", shown)
	}
	// The fitted view spans the clip with a quarter before and after.
	pv, ok := h.u.CurveView()
	if !ok || pv.X.Min != -7.5 || pv.X.Max != 37.5 {
		t.Fatalf("view %+v, want frames -7.5..37.5", pv.X)
	}
	// Every value the curve takes there is inside the fitted range.
	curve := h.v.Joint.Clip.Targets[0].Channels[0].Curve
	for f := -7.5; f <= 37.5; f += 0.25 {
		val := curve.Eval(math.Max(0, math.Min(f, 30)))
		if val < pv.Y.Min || val > pv.Y.Max {
			t.Fatalf("value %v at frame %v is outside the fitted range %v..%v", val, f, pv.Y.Min, pv.Y.Max)
		}
	}
}

func TestCurvesWheelZoomAndPan(t *testing.T) {
	h := curvesHarness(t)
	pv, _ := h.u.CurveView()
	// Whole pixels: ImGui floors the mouse position.
	mx := float32(math.Floor(pv.X.ToPixel(10)))
	my := float32(math.Floor(pv.Y.ToPixel(2.5)))
	io := imgui.CurrentIO()
	h.mouse(mx, my, false)
	io.AddMouseWheelDelta(0, 1)
	h.frame()
	z, _ := h.u.CurveView()
	if span := z.X.Max - z.X.Min; math.Abs(span-45/1.2) > 1e-9 {
		t.Errorf("wheel: frame span %v, want %v", span, 45/1.2)
	}
	if f, want := z.X.FromPixel(float64(mx)), pv.X.FromPixel(float64(mx)); math.Abs(f-want) > 1e-9 {
		t.Errorf("wheel: frame %v under the mouse, want %v (zoom about the mouse)", f, want)
	}
	if z.Y != pv.Y {
		t.Error("the plain wheel changed the value axis")
	}
	// Shift+wheel zooms the values.
	io.KeyPress(2)
	io.KeyShift(2, 2)
	io.AddMouseWheelDelta(0, -1)
	h.frame()
	io.KeyRelease(2)
	io.KeyShift(2, 2)
	zy, _ := h.u.CurveView()
	if span, was := zy.Y.Max-zy.Y.Min, pv.Y.Max-pv.Y.Min; math.Abs(span-was*1.2) > 1e-9 {
		t.Errorf("Shift+wheel: value span %v, want %v", span, was*1.2)
	}
	if v, want := zy.Y.FromPixel(float64(my)), pv.Y.FromPixel(float64(my)); math.Abs(v-want) > 1e-9 {
		t.Errorf("Shift+wheel: value %v under the mouse, want %v", v, want)
	}
	// A right drag pans both axes with the mouse.
	before, _ := h.u.CurveView()
	f0, v0 := before.X.FromPixel(float64(mx)), before.Y.FromPixel(float64(my))
	io.SetMouseButtonDown(1, true)
	h.frame()
	io.SetMousePosition(imgui.Vec2{X: mx + 40, Y: my - 25})
	h.frame()
	io.SetMouseButtonDown(1, false)
	h.frame()
	after, _ := h.u.CurveView()
	f1, v1 := after.X.FromPixel(float64(mx+40)), after.Y.FromPixel(float64(my-25))
	if math.Abs(f1-f0) > 1e-4 || math.Abs(v1-v0) > 1e-4 {
		t.Errorf("right drag: (%v, %v) was under the mouse, now (%v, %v)", f0, v0, f1, v1)
	}
	// Fit all restores the fitted view.
	h.click(center(h.rect("curves:fitall")))
	if fit, _ := h.u.CurveView(); fit.X.Min != -7.5 || fit.X.Max != 37.5 {
		t.Errorf("Fit all: frames %v..%v", fit.X.Min, fit.X.Max)
	}
}

func TestCurvesLeftDragScrubs(t *testing.T) {
	h := curvesHarness(t)
	pv, _ := h.u.CurveView()
	y := float32(pv.Y.Pixel0 + pv.Y.Pixels/2)
	x := float32(pv.X.ToPixel(12))
	h.mouse(x, y, false)
	got := h.mouse(x, y, true)
	if _, ok := find[viewmodel.ScrubBegin](got); !ok {
		t.Fatalf("pressing in the plot gave %#v, want ScrubBegin", got)
	}
	if s, ok := find[viewmodel.Seek](got); !ok || s.Frame != 12 {
		t.Fatalf("pressing at frame 12 gave %#v, want Seek{12}", got)
	}
	h.v.Joint.Clock.Frame = 12
	got = h.mouse(float32(pv.X.ToPixel(20.4)), y, true)
	if s, ok := find[viewmodel.Seek](got); !ok || s.Frame != 20 {
		t.Fatalf("dragging to 20.4 gave %#v, want Seek{20}", got)
	}
	// Past the end the playhead stays at the clip's end.
	got = h.mouse(float32(pv.X.ToPixel(36)), y, true)
	if s, ok := find[viewmodel.Seek](got); !ok || s.Frame != 30 {
		t.Fatalf("dragging past the end gave %#v, want Seek{30}", got)
	}
	if _, ok := find[viewmodel.ScrubEnd](h.mouse(float32(pv.X.ToPixel(36)), y, false)); !ok {
		t.Fatal("releasing did not end the scrub")
	}
}

func TestRawUnitsToggle(t *testing.T) {
	c := testClip(anim.Loop)
	rot := &anim.Hermite{Keys: []anim.HermiteKey{{Time: 0, Value: 0}, {Time: 30, Value: 8192}}, RotationFrac: 0}
	c.Targets[0].Channels = append(c.Targets[0].Channels, anim.Channel{Slot: anim.RotY, Curve: rot})
	h := newHarness(t, testView(c, 3, false))
	h.u.ShowTab(TabCurves)
	h.u.PlotChannels([]viewmodel.ChannelRef{{Slot: viewmodel.JointSlot, Target: 0, Chan: anim.RotY}})
	for i := 0; i < 4; i++ {
		h.frame()
	}
	deg, _ := h.u.CurveView()
	if deg.Y.Max < 45 || deg.Y.Max > 60 {
		t.Fatalf("degrees: values up to %v, want about 45 (8192 = 45°)", deg.Y.Max)
	}
	h.u.SetRawUnits(true)
	h.frame()
	raw, _ := h.u.CurveView()
	if raw.Y.Max < 8192 || raw.Y.Max > 9000 {
		t.Fatalf("raw units: values up to %v, want about 8192", raw.Y.Max)
	}
}

func TestCompareWindowIntents(t *testing.T) {
	c := testClip(anim.Loop)
	v := testView(c, 3, false)
	v.Compare = &viewmodel.CompareView{Clip: c, Label: "walk.bck", FileLoop: anim.Loop, Time: 12, Playing: true}
	h := newHarness(t, v)
	h.u.SetCompareOpen(true)
	for i := 0; i < 4; i++ {
		h.frame()
	}
	w, hh := h.u.CompareViewportSize()
	if w < 50 || hh < 50 {
		t.Fatalf("viewports %vx%v", w, hh)
	}
	for m := 0; m < anim.NumLoopModes; m++ {
		r := h.rect("compare:" + string(rune('0'+m)))
		if r.W != w || r.H != hh {
			t.Errorf("viewport %d is %vx%v, want %vx%v", m, r.W, r.H, w, hh)
		}
	}
	if _, ok := find[viewmodel.ComparePause](h.click(center(h.rect("compare:play")))); !ok {
		t.Error("the playing comparison's button did not pause it")
	}
	if _, ok := find[viewmodel.CompareReset](h.click(center(h.rect("compare:reset")))); !ok {
		t.Error("Reset did not reset")
	}
	h.v.Compare.Playing = false
	h.frame()
	// Dragging on the frame plot moves the shared clock.
	pr := h.rect("compare:plot")
	h.mouse(pr.X+pr.W/2, pr.Y+pr.H/2, false)
	got := h.mouse(pr.X+pr.W/2, pr.Y+pr.H/2, true)
	s, ok := find[viewmodel.CompareSeek](got)
	if !ok || !(s.Time > 0) {
		t.Fatalf("pressing on the frame plot gave %#v, want CompareSeek", got)
	}
	h.mouse(pr.X+pr.W/2, pr.Y+pr.H/2, false)
}

// fakeInspector is a file's raw data as a decoder adapter would give it.
type fakeInspector struct{ clip *anim.Clip }

func (f fakeInspector) Header() []inspect.Section {
	return []inspect.Section{{Title: "header", Fields: []inspect.Field{{Name: "magic", Value: "J3D1bck1"}}}}
}

func (f fakeInspector) Target(c *anim.Clip, i int) []inspect.Section {
	if c != f.clip {
		return nil
	}
	return []inspect.Section{{Title: "joint 0", Tables: []inspect.Table{{
		Title: "translation.x keys", Channel: "translation.x", Columns: []string{"time", "value"},
		Rows: [][]string{{"0", "0"}, {"10", "5"}, {"30", "0"}},
	}}}}
}

func TestInspectorCopiesCSV(t *testing.T) {
	c := testClip(anim.Loop)
	v := testView(c, 3, false)
	v.Files = []viewmodel.FileView{{Name: "walk.bck", Kind: "J3D BCK", Clips: []*anim.Clip{c}, Inspect: fakeInspector{c}}}
	h := newHarness(t, v)
	h.u.ShowTab(TabInspector)
	for i := 0; i < 4; i++ {
		h.frame()
	}
	got := h.click(center(h.rect("copy:translation.x keys")))
	cp, ok := find[viewmodel.CopyText](got)
	if !ok {
		t.Fatalf("Copy CSV gave %#v", got)
	}
	if cp.Text != "time,value\n0,0\n10,5\n30,0\n" || !strings.Contains(cp.What, "3 rows") {
		t.Errorf("copied %q (%s)", cp.Text, cp.What)
	}
}

// TestQuaternionTargetsOfferEulerAngles lists the derived Euler angles
// under a quaternion target (a JBA bone) and plots one.
func TestQuaternionTargetsOfferEulerAngles(t *testing.T) {
	var qs [][4]float64
	for f := 0; f <= 30; f++ {
		a := float64(f) * 3 * math.Pi / 180 // 3° per frame about Z
		qs = append(qs, [4]float64{0, 0, math.Sin(a / 2), math.Cos(a / 2)})
	}
	sq := &anim.SampledQuat{Q: qs}
	tg := anim.Target{Name: "Bip01", Kind: anim.JointTarget, TexGen: -1, Quaternion: true, Quat: sq, Base: anim.DefaultBase()}
	for c := 0; c < 4; c++ {
		tg.Channels = append(tg.Channels, anim.Channel{Slot: anim.QuatX + anim.Slot(c), Curve: sq.Component(c)})
	}
	c := &anim.Clip{Name: "turn", Format: "jba", Duration: 30, FPS: 30, Loop: anim.Loop, Targets: []anim.Target{tg}}
	h := newHarness(t, testView(c, 3, false))
	h.click(center(h.rect("channel:0/euler.z")))
	want := viewmodel.ChannelRef{Slot: viewmodel.JointSlot, Target: 0, Euler: 3}
	if p := h.u.Plotted(); len(p) != 1 || p[0] != want {
		t.Fatalf("plotted %v, want the derived z angle", p)
	}
	for i := 0; i < 4; i++ {
		h.frame()
	}
	sh := h.u.ShownChannels()
	if len(sh) != 1 || sh[0].Label != "Bip01/euler.z" {
		t.Fatalf("shown %+v", sh)
	}
	// The plot spans the angle's 0..90°.
	pv, _ := h.u.CurveView()
	if pv.Y.Min > 0 || pv.Y.Max < 90 || pv.Y.Max > 110 {
		t.Errorf("value range %v..%v, want about 0..90", pv.Y.Min, pv.Y.Max)
	}
}
