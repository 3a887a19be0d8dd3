package app

import (
	"runtime"
	"testing"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/internal/cputime"
	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/ui"
)

// The frame benchmarks measure the viewer's own CPU work per frame with
// the 400-joint fixture: advancing the clocks, evaluating 400 joints and
// their world matrices, the whole ImGui interface, and building the
// scene's vertex lists. The GL submission is measured by
// `animscope --bench-frames N` (it needs a context).

func loadLarge(b *testing.B) *App {
	b.Helper()
	files, err := LoadFiles("testdata/large.bck")
	if err != nil {
		b.Fatal(err)
	}
	a := New(nil)
	a.Add(files)
	if a.play.joint == nil || len(a.play.joint.clip.Targets) != 400 {
		b.Fatalf("large.bck: want a 400-joint clip")
	}
	return a
}

// cpuMeter reports the benchmark loop's thread CPU time per operation
// ("cpu-ns/op"): on a shared machine wall time also counts other
// processes. The goroutine is locked to its thread meanwhile.
func cpuMeter(b *testing.B) func() {
	runtime.LockOSThread()
	start, ok := cputime.Thread()
	return func() {
		end, _ := cputime.Thread()
		runtime.UnlockOSThread()
		if ok && b.N > 0 {
			b.ReportMetric(float64(end-start)/float64(b.N), "cpu-ns/op")
		}
	}
}

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
// button down or up, the clock advanced 1/60 s, the interface laid out and
// its intents applied, as the window loop does minus GL.
func uiFrame(a *App, u *ui.UI, v *viewmodel.View, x, y float32, down bool) {
	io := imgui.CurrentIO()
	io.SetMousePosition(imgui.Vec2{X: x, Y: y})
	io.SetMouseButtonDown(0, down)
	stepFrame(a, u, v)
}

// stepFrame is one frame of the window loop minus input and GL: the
// clocks advanced 1/60 s, the pose evaluated, the interface laid out and
// its intents applied.
func stepFrame(a *App, u *ui.UI, v *viewmodel.View) {
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
	defer cpuMeter(b)()
	for i := 0; i < b.N; i++ {
		stepFrame(a, u, &v)
		a.BuildScene(&scene, viewmodel.Viewport{W: 800, H: 600}, 1, u.Options, viewmodel.TextureRef{})
	}
}

// BenchmarkEvaluateLarge is the animation part alone: 400 joints
// evaluated and posed.
func BenchmarkEvaluateLarge(b *testing.B) {
	a := loadLarge(b)
	b.ReportAllocs()
	b.ResetTimer()
	defer cpuMeter(b)()
	for i := 0; i < b.N; i++ {
		a.Advance(1.0 / 60)
		a.Evaluate()
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
	defer cpuMeter(b)()
	for i := 0; i < b.N; i++ {
		a := New(nil)
		a.Open([]string{"testdata/large.bck"})
		if a.play.joint == nil {
			b.Fatal("large.bck did not open")
		}
		a.View(&v, viewmodel.Stats{}, viewmodel.TextureRef{})
		imgui.NewFrame()
		u.Frame(&v)
		imgui.Render()
	}
}
