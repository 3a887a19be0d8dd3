package ui

import (
	"math"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
)

// harness runs the UI in an ImGui context without any GL: ImGui lays out
// and hit-tests in memory, so clicks can be simulated through its IO.
type harness struct {
	t   *testing.T
	ctx *imgui.Context
	u   *UI
	v   *viewmodel.View
}

func newHarness(t *testing.T, v *viewmodel.View) *harness {
	t.Helper()
	ctx := imgui.CreateContext(nil)
	t.Cleanup(ctx.Destroy)
	io := imgui.CurrentIO()
	io.SetIniFilename("")
	io.SetDisplaySize(imgui.Vec2{X: 1400, Y: 860})
	io.SetDisplayFrameBufferScale(imgui.Vec2{X: 1, Y: 1})
	u := New()
	u.SetupFonts(1, 1)
	io.Fonts().TextureDataRGBA32() // builds the atlas, as the renderer would
	h := &harness{t: t, ctx: ctx, u: u, v: v}
	// Two frames: the first lays the panels out, the second draws them at
	// their final places.
	h.frame()
	h.frame()
	return h
}

// frame runs one UI frame and returns its intents.
func (h *harness) frame() []viewmodel.Intent {
	io := imgui.CurrentIO()
	io.SetDeltaTime(1.0 / 60)
	imgui.NewFrame()
	out := append([]viewmodel.Intent(nil), h.u.Frame(h.v)...)
	imgui.Render()
	return out
}

func (h *harness) mouse(x, y float32, down bool) []viewmodel.Intent {
	io := imgui.CurrentIO()
	io.SetMousePosition(imgui.Vec2{X: x, Y: y})
	io.SetMouseButtonDown(0, down)
	return h.frame()
}

// click presses and releases the left button at (x, y), returning the
// intents of both frames.
func (h *harness) click(x, y float32) []viewmodel.Intent {
	h.mouse(x, y, false) // hover first, as a real pointer does
	out := h.mouse(x, y, true)
	return append(out, h.mouse(x, y, false)...)
}

// key presses key for one frame and returns that frame's intents.
func (h *harness) key(key int) []viewmodel.Intent {
	io := imgui.CurrentIO()
	io.KeyPress(key)
	out := h.frame()
	io.KeyRelease(key)
	return out
}

// withCtrl runs f with the Ctrl key held.
func (h *harness) withCtrl(f func()) {
	io := imgui.CurrentIO()
	io.KeyPress(1) // any key index serves as the Ctrl key
	io.KeyCtrl(1, 1)
	f()
	io.KeyRelease(1)
	io.KeyCtrl(1, 1)
}

func (h *harness) rect(id string) Rect {
	h.t.Helper()
	r, ok := h.u.ItemRect(id)
	if !ok {
		h.t.Fatalf("control %q was not laid out", id)
	}
	return r
}

func center(r Rect) (float32, float32) { return r.X + r.W/2, r.Y + r.H/2 }

// testClip is a 30-frame clip with one joint keyed at 0, 10 and 30.
func testClip(loop anim.LoopMode) *anim.Clip {
	keys := []anim.HermiteKey{{Time: 0, Value: 0}, {Time: 10, Value: 5}, {Time: 30, Value: 0}}
	return &anim.Clip{Name: "walk", Format: "bck", Duration: 30, FPS: 30, Loop: loop, Targets: []anim.Target{{
		Name: "root", Kind: anim.JointTarget, TexGen: -1, Base: anim.DefaultBase(),
		Channels: []anim.Channel{{Slot: anim.TransX, Curve: &anim.Hermite{Keys: keys, RotationFrac: -1}}},
	}}}
}

func testView(c *anim.Clip, frame float64, playing bool) *viewmodel.View {
	clock := anim.NewClock(c.Loop, c.Duration, 1)
	clock.Frame = frame
	clock.Paused = !playing
	return &viewmodel.View{
		Joint:     &viewmodel.Playback{Clip: c, Label: "walk.bck", Clock: clock, FileLoop: c.Loop, Pose: anim.NewPose(c)},
		Focus:     viewmodel.JointSlot,
		Selection: viewmodel.Selection{Joint: -1, Target: 0},
		Camera:    viewmodel.DefaultCamera(),
	}
}

func find[T viewmodel.Intent](in []viewmodel.Intent) (T, bool) {
	for _, i := range in {
		if x, ok := i.(T); ok {
			return x, true
		}
	}
	var zero T
	return zero, false
}

func TestTimelineClickAndDragScrub(t *testing.T) {
	c := testClip(anim.Loop)
	h := newHarness(t, testView(c, 3, true))
	r := h.rect("timeline")
	y := r.Y + r.H/2
	h.mouse(h.u.TimelineX(15, 30), y, false)
	got := h.mouse(h.u.TimelineX(15, 30), y, true)
	if _, ok := find[viewmodel.ScrubBegin](got); !ok {
		t.Fatalf("pressing on the timeline gave %#v, want ScrubBegin", got)
	}
	if s, ok := find[viewmodel.Seek](got); !ok || s.Frame != 15 {
		t.Fatalf("pressing at frame 15 gave %#v, want Seek{15}", got)
	}
	h.v.Joint.Clock.Frame = 15
	got = h.mouse(h.u.TimelineX(21.3, 30), y, true)
	if s, ok := find[viewmodel.Seek](got); !ok || s.Frame != 21 {
		t.Fatalf("dragging to frame 21.3 gave %#v, want Seek{21} (whole frames without Shift)", got)
	}
	// Dragging past the end clamps to the clip.
	got = h.mouse(r.X+r.W+200, y, true)
	if s, ok := find[viewmodel.Seek](got); !ok || s.Frame != 30 {
		t.Fatalf("dragging past the end gave %#v, want Seek{30}", got)
	}
	got = h.mouse(r.X+r.W+200, y, false)
	if _, ok := find[viewmodel.ScrubEnd](got); !ok {
		t.Fatalf("releasing gave %#v, want ScrubEnd", got)
	}
	if _, ok := find[viewmodel.Seek](h.mouse(h.u.TimelineX(5, 30), y, false)); ok {
		t.Fatal("hovering after the release still seeks")
	}
}

func TestTransportButtons(t *testing.T) {
	c := testClip(anim.Loop)
	h := newHarness(t, testView(c, 3, false))
	if _, ok := find[viewmodel.Play](h.click(center(h.rect("play")))); !ok {
		t.Fatal("clicking play while paused did not emit Play")
	}
	h.v.Playing = true
	h.frame()
	if _, ok := find[viewmodel.Pause](h.click(center(h.rect("pause")))); !ok {
		t.Fatal("clicking pause while playing did not emit Pause")
	}
	for id, want := range map[string]viewmodel.Intent{"prev": viewmodel.Step{N: -1}, "next": viewmodel.Step{N: 1}, "first": viewmodel.Seek{Frame: 0}, "last": viewmodel.Seek{Frame: 30}} {
		got := h.click(center(h.rect(id)))
		found := false
		for _, g := range got {
			if g == want {
				found = true
			}
		}
		if !found {
			t.Errorf("clicking %s gave %#v, want %#v", id, got, want)
		}
	}
}

func TestKeyboardShortcuts(t *testing.T) {
	c := testClip(anim.Loop)
	h := newHarness(t, testView(c, 3, true))
	io := imgui.CurrentIO()
	io.KeyMap(imgui.KeySpace, 32)
	io.KeyMap(imgui.KeyRightArrow, 262)
	io.KeyMap(imgui.KeyLeftArrow, 263)
	io.KeyMap(imgui.KeyHome, 268)
	io.KeyMap(imgui.KeyEnd, 269)
	press := func(key int) []viewmodel.Intent {
		out := h.key(key)
		h.frame()
		return out
	}
	cases := []struct {
		key  int
		want viewmodel.Intent
	}{
		{32, viewmodel.TogglePlay{}}, {262, viewmodel.Step{N: 1}}, {263, viewmodel.Step{N: -1}}, {268, viewmodel.Seek{Frame: 0}}, {269, viewmodel.Seek{Frame: 30}},
		{'F', viewmodel.CameraFrame{}}, {'R', viewmodel.CameraReset{}},
	}
	for _, tc := range cases {
		got := press(tc.key)
		if len(got) != 1 || got[0] != tc.want {
			t.Errorf("key %d gave %#v, want [%#v]", tc.key, got, tc.want)
		}
	}
	labels := h.u.Options.Labels
	press('L')
	if h.u.Options.Labels == labels {
		t.Error("L did not toggle joint names")
	}
}

func TestLoopModeMenu(t *testing.T) {
	c := testClip(anim.Loop)
	h := newHarness(t, testView(c, 3, true))
	h.click(center(h.rect("loop")))
	h.frame()
	item := h.rect("loop:mirrored-once")
	got := h.click(center(item))
	sl, ok := find[viewmodel.SetLoop](got)
	if !ok || sl.Mode != anim.MirroredOnce || !sl.Override {
		t.Fatalf("choosing mirrored-once gave %#v, want SetLoop{MirroredOnce, Override}", got)
	}
	// Choosing the file's own mode ends the override.
	h.v.Joint.Clock.Mode = anim.MirroredOnce
	h.frame()
	h.click(center(h.rect("loop")))
	h.frame()
	got = h.click(center(h.rect("loop:loop")))
	sl, ok = find[viewmodel.SetLoop](got)
	if !ok || sl.Mode != anim.Loop || sl.Override {
		t.Fatalf("choosing the file's mode gave %#v, want SetLoop{Loop, Override: false}", got)
	}
}

func TestReverseEmitsNegativeSpeed(t *testing.T) {
	c := testClip(anim.Loop)
	h := newHarness(t, testView(c, 3, true))
	got := h.click(center(h.rect("reverse")))
	sp, ok := find[viewmodel.SetSpeed](got)
	if !ok || sp.Speed != -1 {
		t.Fatalf("ticking Reverse gave %#v, want SetSpeed{-1}", got)
	}
}

func TestViewportMouse(t *testing.T) {
	c := testClip(anim.Loop)
	v := testView(c, 3, false)
	v.Markers = []viewmodel.Marker{{Pos: mgl32.Vec3{0, 1, 0}, Name: "root", Joint: 0, Target: 0}}
	h := newHarness(t, v)
	sc := h.u.Scene()
	if sc.W < 200 || sc.H < 200 {
		t.Fatalf("3D view is %vx%v, too small", sc.W, sc.H)
	}
	// The default camera looks at (0,1,0): the marker is in the middle.
	mx, my := sc.X+sc.W/2, sc.Y+sc.H/2
	got := h.click(mx+3, my)
	if s, ok := find[viewmodel.SelectJoint](got); !ok || s.Joint != 0 {
		t.Fatalf("clicking on the joint gave %#v, want SelectJoint{0}", got)
	}
	got = h.click(mx+150, my+100)
	if s, ok := find[viewmodel.SelectJoint](got); !ok || s.Joint != -1 {
		t.Fatalf("clicking on nothing gave %#v, want SelectJoint{-1}", got)
	}
	// Left drag orbits by the mouse motion.
	h.mouse(mx, my, false)
	h.mouse(mx, my, true)
	got = h.mouse(mx+20, my+5, true)
	if o, ok := find[viewmodel.CameraOrbit](got); !ok || o.DX != 20 || o.DY != 5 {
		t.Fatalf("dragging gave %#v, want CameraOrbit{20, 5}", got)
	}
	if _, ok := find[viewmodel.SelectJoint](h.mouse(mx+20, my+5, false)); ok {
		t.Fatal("the end of a drag selected a joint")
	}
	// The wheel zooms.
	imgui.CurrentIO().AddMouseWheelDelta(0, 2)
	got = h.frame()
	if z, ok := find[viewmodel.CameraZoom](got); !ok || z.Steps != 2 {
		t.Fatalf("wheel gave %#v, want CameraZoom{2}", got)
	}
}

func TestTimelineFrameMapping(t *testing.T) {
	cases := []struct {
		x    float32
		fine bool
		want float64
	}{
		{100, false, 0}, {150, false, 15}, {151, false, 15}, {151, true, 15.3}, {99, false, 0}, {250, false, 30}, {400, false, 30},
	}
	for _, c := range cases {
		got := timelineFrame(c.x, 100, 100, 30, c.fine)
		if math.Abs(got-c.want) > 1e-5 {
			t.Errorf("timelineFrame(%v, fine %v) = %v, want %v", c.x, c.fine, got, c.want)
		}
	}
	if got := timelineFrame(150, 100, 0, 30, false); got != 0 {
		t.Errorf("zero-width bar: %v, want 0", got)
	}
}

func TestTickStep(t *testing.T) {
	cases := []struct {
		ppf, min float32
		want     float64
	}{{50, 40, 1}, {30, 40, 2}, {10, 40, 5}, {5, 40, 10}, {1, 48, 50}, {0.3, 48, 200}}
	for _, c := range cases {
		if got := tickStep(c.ppf, c.min); got != c.want {
			t.Errorf("tickStep(%v, %v) = %v, want %v", c.ppf, c.min, got, c.want)
		}
	}
}

func TestOpenDialog(t *testing.T) {
	c := testClip(anim.Loop)
	v := testView(c, 3, true)
	v.Browser = viewmodel.Browser{Dir: "/data/game", Entries: []viewmodel.DirEntry{
		{Name: "models", Dir: true}, {Name: "biped.bmd", Size: 1568, Known: true}, {Name: "walk.bck", Size: 1152, Known: true},
	}}
	v.Recent = []string{"/old/wave.bck"}
	h := newHarness(t, v)
	h.u.OpenDialog()
	got := h.frame()
	if b, ok := find[viewmodel.Browse](got); !ok || b.Dir != "/data/game" {
		t.Fatalf("opening the dialog gave %#v, want Browse of the last directory", got)
	}
	h.frame()
	// A folder navigates.
	if b, ok := find[viewmodel.Browse](h.click(center(h.rect("open:models")))); !ok || b.Dir != "/data/game/models" {
		t.Fatalf("clicking the folder did not browse into it")
	}
	// Pick two files (Ctrl+click adds the second), then Open.
	h.click(center(h.rect("open:biped.bmd")))
	h.withCtrl(func() { h.click(center(h.rect("open:walk.bck"))) })
	h.frame()
	got = h.click(center(h.rect("open:ok")))
	o, ok := find[viewmodel.OpenFiles](got)
	if !ok || len(o.Paths) != 2 || o.Paths[0] != "/data/game/biped.bmd" || o.Paths[1] != "/data/game/walk.bck" {
		t.Fatalf("Open gave %#v, want both picked files", got)
	}
	if h.u.openDialog {
		t.Error("the dialog stayed open after Open")
	}
	// A recent file opens with one click.
	h.u.OpenDialog()
	h.frame()
	h.frame()
	got = h.click(center(h.rect("recent:0")))
	if o, ok := find[viewmodel.OpenFiles](got); !ok || len(o.Paths) != 1 || o.Paths[0] != "/old/wave.bck" {
		t.Fatalf("clicking a recent file gave %#v", got)
	}
}

// TestGlyphsInFont checks that every non-ASCII character the interface
// prints is in the Go fonts as rasterised (a missing one shows as "?").
func TestGlyphsInFont(t *testing.T) {
	newHarness(t, testView(testClip(anim.Loop), 0, false))
	u := New()
	u.SetupFonts(1, 1)
	imgui.CurrentIO().Fonts().TextureDataRGBA32()
	for _, f := range []imgui.Font{u.fonts.Regular, u.fonts.Mono} {
		for _, r := range "°·×—…›←→−" {
			if g := f.FindGlyph(r); g.Codepoint() != int(r) {
				t.Errorf("%q (U+%04X) is not in the font (got U+%04X)", r, r, g.Codepoint())
			}
		}
	}
}

// TestOpenDialogArchive expands an archive in the Open dialog: its + asks
// cmd/animscope for the listing, models and animations are picked and opened
// as ARCHIVE:ENTRY, other entries cannot be picked, and - folds it again.
func TestOpenDialogArchive(t *testing.T) {
	v := testView(testClip(anim.Loop), 3, true)
	v.Browser = viewmodel.Browser{Dir: "/data", Entries: []viewmodel.DirEntry{{Name: "biped.szs", Size: 4832, Known: true, Archive: true}}}
	h := newHarness(t, v)
	h.u.OpenDialog()
	h.frame()
	h.frame()
	got := h.click(center(h.rect("open:expand:biped.szs")))
	if b, ok := find[viewmodel.BrowseArchive](got); !ok || b.Path != "/data/biped.szs" {
		t.Fatalf("+ gave %#v, want BrowseArchive of the archive", got)
	}
	v.Browser.Archive = "/data/biped.szs"
	v.Browser.ArchiveEntries = []viewmodel.ArchiveEntry{
		{Path: "biped/bck/walk.bck", Kind: "J3D BCK", Size: 1152, Openable: true},
		{Path: "biped/bmdl/biped.bmd", Kind: "J3D BMD", Size: 1568, Openable: true},
		{Path: "biped/readme.txt", Kind: "", Size: 10},
	}
	h.frame()
	h.frame()
	if _, ok := h.u.rects["open:entry:biped/readme.txt"]; ok {
		t.Error("an entry of unknown kind is pickable")
	}
	h.click(center(h.rect("open:entry:biped/bmdl/biped.bmd")))
	h.withCtrl(func() { h.click(center(h.rect("open:entry:biped/bck/walk.bck"))) })
	h.frame()
	got = h.click(center(h.rect("open:ok")))
	o, ok := find[viewmodel.OpenFiles](got)
	if !ok || len(o.Paths) != 2 || o.Paths[0] != "/data/biped.szs:biped/bck/walk.bck" || o.Paths[1] != "/data/biped.szs:biped/bmdl/biped.bmd" {
		t.Fatalf("Open gave %#v, want the two entries as ARCHIVE:ENTRY", got)
	}
	h.u.OpenDialog()
	h.frame()
	h.frame()
	if b, ok := find[viewmodel.BrowseArchive](h.click(center(h.rect("open:expand:biped.szs")))); !ok || b.Path != "" {
		t.Fatalf("- on the expanded archive should fold it (BrowseArchive{}), got %#v", b)
	}
}

// TestExportDialog: Ctrl+E opens File › Export glTF on the path the view
// suggests and Export asks for what the dialog shows; while an export is
// written the dialog waits; a failed one leaves it open to fix the path,
// a written one closes it, and either outcome shows over the 3D view.
func TestExportDialog(t *testing.T) {
	v := testView(testClip(anim.Loop), 3, false)
	v.Export.DefaultPath = "/data/walk.glb"
	h := newHarness(t, v)
	h.withCtrl(func() { h.key('E') })
	h.frame()
	h.frame()
	if _, ok := h.u.ItemRect("export:path"); !ok || h.u.export.path != "/data/walk.glb" {
		t.Fatalf("Ctrl+E: dialog shown %v, path %q; want it open on the view's suggestion", ok, h.u.export.path)
	}
	h.click(center(h.rect("export:all")))
	got := h.click(center(h.rect("export:ok")))
	if e, ok := find[viewmodel.Export](got); !ok || e != (viewmodel.Export{Path: "/data/walk.glb", All: true}) {
		t.Fatalf("Export gave %#v, want Export{/data/walk.glb, All} (meshes included by default)", got)
	}
	h.click(center(h.rect("export:meshes")))
	got = h.click(center(h.rect("export:ok")))
	if e, ok := find[viewmodel.Export](got); !ok || e != (viewmodel.Export{Path: "/data/walk.glb", All: true, NoMesh: true}) {
		t.Fatalf("Export with the meshes box unticked gave %#v, want NoMesh", got)
	}
	h.click(center(h.rect("export:meshes")))

	h.v.Export.Running = true
	h.frame()
	if _, ok := h.u.ItemRect("export:ok"); ok {
		t.Error("the Export button is offered while an export is being written")
	}
	h.v.Export.Running = false
	h.v.Export.Last = viewmodel.ExportOutcome{Text: "Export failed: disk full", Failed: true, Time: time.Now()}
	h.frame()
	if _, ok := h.u.ItemRect("export:ok"); !ok {
		t.Error("a failed export closed the dialog")
	}
	if _, ok := h.u.ItemRect("export:toast"); !ok {
		t.Error("a failed export shows no outcome")
	}
	h.v.Export.Last = viewmodel.ExportOutcome{Text: "Exported 1 animation(s) to /data/walk.glb", Time: time.Now().Add(time.Millisecond)}
	h.frame()
	h.frame()
	if _, ok := h.u.ItemRect("export:path"); ok {
		t.Error("the dialog is still open after the file was written")
	}
	if _, ok := h.u.ItemRect("export:toast"); !ok {
		t.Error("a written export shows no outcome")
	}

	// Reopened, it offers the suggestion again; Cancel closes it.
	h.v.Export.DefaultPath = "/data/other.glb"
	h.u.openExport(h.v)
	h.frame()
	h.frame()
	if h.u.export.path != "/data/other.glb" {
		t.Errorf("reopened on %q, want the new suggestion", h.u.export.path)
	}
	if got := h.click(center(h.rect("export:cancel"))); len(got) != 0 {
		t.Errorf("Cancel asked for %#v", got)
	}
	h.frame()
	if _, ok := h.u.ItemRect("export:path"); ok {
		t.Error("Cancel left the dialog open")
	}
}
