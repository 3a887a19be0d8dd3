package app

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/internal/viewmodel"
)

// handClip is a BCK-like clip built in code: two joints, 30 frames.
func handClip(loop anim.LoopMode) *anim.Clip {
	keys := []anim.HermiteKey{{Time: 0, Value: 0, In: 2, Out: 2}, {Time: 30, Value: 60, In: 2, Out: 2}}
	base := anim.DefaultBase()
	return &anim.Clip{Name: "hand", Format: "bck", Duration: 30, FPS: 30, Loop: loop, Targets: []anim.Target{
		{Name: "root", Kind: anim.JointTarget, TexGen: -1, Base: base,
			Channels: []anim.Channel{{Slot: anim.TransZ, Curve: &anim.Hermite{Keys: keys, RotationFrac: -1}}}},
		{Name: "tip", Kind: anim.JointTarget, TexGen: -1, Base: base,
			Channels: []anim.Channel{{Slot: anim.TransY, Curve: anim.Constant(10)}}},
	}}
}

// handSkeleton is a two-joint chain for handClip.
func handSkeleton() *anim.Skeleton {
	s := &anim.Skeleton{Name: "chain", Mode: anim.J3DBasic, Joints: []anim.Joint{
		{Name: "root", Parent: -1, Rest: anim.DefaultBase()},
		{Name: "tip", Parent: 0, Rest: anim.DefaultBase()},
	}}
	if err := s.Finish(); err != nil {
		panic(err)
	}
	return s
}

// posedAt is the test app (looping) evaluated at frame.
func posedAt(t *testing.T, withModel bool, frame float64) *App {
	t.Helper()
	a, _ := newTestApp(t, anim.Loop, withModel)
	a.Apply(viewmodel.Seek{Frame: frame})
	a.Evaluate()
	return a
}

func newTestApp(t *testing.T, loop anim.LoopMode, withModel bool) (*App, *bytes.Buffer) {
	t.Helper()
	var log bytes.Buffer
	a := New(&log)
	files := []*File{{path: "hand.bck", name: "hand.bck", asset: &formats.Asset{Format: "bck", Clips: []*anim.Clip{handClip(loop)}}}}
	if withModel {
		files = append(files, &File{path: "chain.bmd", name: "chain.bmd", asset: &formats.Asset{Format: "bmd", Skeletons: []*anim.Skeleton{handSkeleton()}}})
	}
	a.Add(files)
	return a, &log
}

func TestAppPairsModelAndAnimation(t *testing.T) {
	a, _ := newTestApp(t, anim.Loop, true)
	if a.rig.skel == nil || a.play.joint == nil {
		t.Fatalf("skel %v joint %v: the model and the animation should both be in use", a.rig.skel, a.play.joint)
	}
	if a.rig.skelLabel != "chain.bmd" {
		t.Errorf("model label %q", a.rig.skelLabel)
	}
	a.Apply(viewmodel.Seek{Frame: 15})
	a.Evaluate()
	// root: translation z is the Hermite at 15 (slope 2 at both ends of a
	// 0->60 ramp over 30 frames: exactly linear, 30); tip is 10 above it.
	want := [][3]float32{{0, 0, 30}, {0, 10, 30}}
	for j, w := range want {
		p := a.rig.markers[j].Pos
		if math.Abs(float64(p[0]-w[0])) > 1e-4 || math.Abs(float64(p[1]-w[1])) > 1e-4 || math.Abs(float64(p[2]-w[2])) > 1e-4 {
			t.Errorf("joint %d at %v, want %v", j, p, w)
		}
	}
}

func TestAppFallbackWithoutModel(t *testing.T) {
	a := posedAt(t, false, 15)
	// The stand-in skeleton composes as the clip's format says (J3D Basic
	// for a BCK, from the registry), and is Standard for a clip of a format
	// that does not say.
	if m := a.rig.drawnSkeleton().Mode; m != anim.J3DBasic {
		t.Errorf("fallback skeleton of a BCK: mode %v, want J3D Basic", m)
	}
	other := posedAt(t, false, 15)
	other.play.joint.clip.Format = "unregistered"
	other.rig.rebind()
	if m := other.rig.drawnSkeleton().Mode; m != anim.Standard {
		t.Errorf("fallback skeleton of an unknown clip format: mode %v, want Standard", m)
	}
	// Free joints: each at its own translation.
	if p := a.rig.markers[1].Pos; p != [3]float32{0, 10, 0} {
		t.Errorf("free tip at %v, want its own translation (0, 10, 0)", p)
	}
	// Chained: tip is the child of root.
	a.rig.chainMode = true
	a.rig.rebind()
	a.Evaluate()
	if p := a.rig.markers[1].Pos; math.Abs(float64(p[2]-30)) > 1e-4 || math.Abs(float64(p[1]-10)) > 1e-4 {
		t.Errorf("chained tip at %v, want (0, 10, 30)", p)
	}
}

func TestAppPlaybackIntents(t *testing.T) {
	a, _ := newTestApp(t, anim.Once, true)
	c := &a.play.joint.clock
	if !a.play.playing || c.Paused {
		t.Fatal("a newly opened clip should play")
	}
	a.Advance(0.5) // 15 frames at 30 fps
	if math.Abs(c.Frame-15) > 1e-9 {
		t.Fatalf("after 0.5 s: frame %v, want 15", c.Frame)
	}
	a.Apply(viewmodel.TogglePlay{})
	if a.play.playing || !c.Paused {
		t.Fatal("TogglePlay while playing should pause")
	}
	a.Advance(0.5)
	if c.Frame != 15 {
		t.Fatalf("paused clock moved to %v", c.Frame)
	}
	a.Apply(viewmodel.Step{N: 1})
	if c.Frame != 16 || !c.Paused {
		t.Fatalf("Step +1: frame %v paused %v, want 16 paused", c.Frame, c.Paused)
	}
	a.Apply(viewmodel.Seek{Frame: 30})
	if c.Frame != 30-0.001 {
		t.Fatalf("End of a once clip: frame %v, want 29.999 (where once rests)", c.Frame)
	}
	a.Apply(viewmodel.Seek{Frame: 0})
	a.Apply(viewmodel.SetSpeed{Speed: -2})
	a.Apply(viewmodel.Play{})
	a.Apply(viewmodel.Seek{Frame: 20})
	a.Advance(0.1) // 3 frames at 30 fps, twice as fast, backwards
	if math.Abs(c.Frame-14) > 1e-9 {
		t.Fatalf("reverse 2x from 20 for 0.1 s: frame %v, want 14", c.Frame)
	}
	a.Apply(viewmodel.SetSpeed{Speed: 100})
	if a.play.speed != 4 {
		t.Fatalf("speed %v, want clamped to 4", a.play.speed)
	}
}

func TestAppScrubPausesAndResumes(t *testing.T) {
	a, _ := newTestApp(t, anim.Loop, true)
	c := &a.play.joint.clock
	a.Apply(viewmodel.ScrubBegin{})
	if !c.Paused {
		t.Fatal("scrubbing should pause")
	}
	a.Apply(viewmodel.Seek{Frame: 12})
	a.Advance(1)
	if c.Frame != 12 {
		t.Fatalf("while scrubbing the clock moved to %v", c.Frame)
	}
	a.Apply(viewmodel.ScrubEnd{})
	if c.Paused || !a.play.playing {
		t.Fatal("playback should resume after the scrub")
	}
	a.Advance(0.1)
	if math.Abs(c.Frame-15) > 1e-9 {
		t.Fatalf("resumed from 12 for 0.1 s: frame %v, want 15", c.Frame)
	}
	// A scrub that starts paused stays paused.
	a.Apply(viewmodel.Pause{})
	a.Apply(viewmodel.ScrubBegin{})
	a.Apply(viewmodel.Seek{Frame: 3})
	a.Apply(viewmodel.ScrubEnd{})
	if !c.Paused || c.Frame != 3 {
		t.Fatalf("paused scrub: frame %v paused %v, want 3 paused", c.Frame, c.Paused)
	}
}

func TestAppLoopOverride(t *testing.T) {
	a, _ := newTestApp(t, anim.Loop, true)
	a.Apply(viewmodel.SetLoop{Mode: anim.Once, Override: true})
	c := &a.play.joint.clock
	if c.Mode != anim.Once {
		t.Fatalf("mode %v, want once", c.Mode)
	}
	a.Advance(2) // 60 frames: once holds just before the end
	if math.Abs(c.Frame-(30-0.001)) > 1e-9 {
		t.Fatalf("once after 2 s: frame %v, want 29.999", c.Frame)
	}
	a.Apply(viewmodel.SetLoop{Mode: anim.Once, Override: false})
	if c.Mode != anim.Loop {
		t.Fatalf("ending the override: mode %v, want the file's loop", c.Mode)
	}
}

func TestAppSelection(t *testing.T) {
	a, _ := newTestApp(t, anim.Loop, true)
	a.Apply(viewmodel.SelectJoint{Joint: 1})
	if a.sel.Joint != 1 || a.sel.Target != 1 {
		t.Fatalf("selection %+v, want joint 1 driven by target 1", a.sel.Selection)
	}
	a.Apply(viewmodel.SelectTarget{Target: 0})
	if a.sel.Joint != 0 {
		t.Fatalf("selecting target 0 selected joint %d", a.sel.Joint)
	}
	a.Apply(viewmodel.SelectJoint{Joint: -1})
	if a.sel.Joint != -1 || a.sel.Target != -1 {
		t.Fatalf("clearing: %+v", a.sel.Selection)
	}
}

// badInputs writes a garbage file, a truncated file and a directory.
func badInputs(t *testing.T) (garbage, truncated, dir string) {
	d := t.TempDir()
	garbage = filepath.Join(d, "garbage.bck")
	truncated = filepath.Join(d, "truncated.bck")
	dir = filepath.Join(d, "folder.bck")
	if err := os.WriteFile(garbage, []byte("definitely not an animation"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A BCK header cut short after its magic.
	if err := os.WriteFile(truncated, []byte("J3D1bck1\x00\x00\x01"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return garbage, truncated, dir
}

func TestAppBadFilesKeepWhatWasOpen(t *testing.T) {
	a, log := newTestApp(t, anim.Loop, true)
	garbage, truncated, dir := badInputs(t)
	before := len(a.ses.files)
	for _, p := range []string{garbage, truncated, dir, filepath.Join(filepath.Dir(dir), "missing.bck")} {
		a.Apply(viewmodel.OpenFiles{Paths: []string{p}})
	}
	if len(a.ses.files) != before || a.play.joint == nil || a.rig.skel == nil {
		t.Fatalf("bad files changed what was open: %d files, joint %v, skel %v", len(a.ses.files), a.play.joint, a.rig.skel)
	}
	if len(a.msgs.notices) != 4 {
		t.Fatalf("%d notices, want 4: %+v", len(a.msgs.notices), a.msgs.notices)
	}
	for i, want := range []string{"garbage.bck: ", "truncated.bck: ", "folder.bck: is a folder with no file", "missing.bck: "} {
		n := a.msgs.notices[i]
		if n.Severity != viewmodel.Error || !strings.Contains(n.Text, want) {
			t.Errorf("notice %d = %+v, want an error containing %q", i, n, want)
		}
	}
	lines := strings.Split(strings.TrimSpace(log.String()), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[0], "animscope: ") {
		t.Errorf("stderr got %q, want four animscope: lines", log.String())
	}
}

func TestUpAxis(t *testing.T) {
	a := posedAt(t, true, 15)
	if p := a.rig.markers[1].Pos; p != [3]float32{0, 10, 30} {
		t.Fatalf("Y-up tip at %v, want (0, 10, 30)", p)
	}
	// Z-up data shows its z as height: (x, y, z) -> (x, z, -y).
	a.rig.up = viewmodel.UpZ
	a.Evaluate()
	if p := a.rig.markers[1].Pos; p != [3]float32{0, 30, -10} {
		t.Fatalf("Z-up tip at %v, want (0, 30, -10)", p)
	}
	// Automatic: Y for a BCK, Z for a JBA.
	a.rig.up = viewmodel.UpAuto
	if a.rig.zUp() {
		t.Error("automatic up axis is Z for a BCK")
	}
	a.play.joint.clip.Format = "jba"
	if !a.rig.zUp() {
		t.Error("automatic up axis is Y for a JBA")
	}
}

func TestViewCarriesSelectedWorld(t *testing.T) {
	a, _ := newTestApp(t, anim.Loop, true)
	a.Apply(viewmodel.Seek{Frame: 15})
	a.Apply(viewmodel.SelectJoint{Joint: 1})
	a.Evaluate()
	var v viewmodel.View
	a.View(&v, viewmodel.Stats{}, viewmodel.TextureRef{})
	if !v.HasSelectedWorld {
		t.Fatal("no world matrix for the selected joint")
	}
	_, _, tr := anim.DecomposeSRT(v.SelectedWorld)
	if tr != [3]float64{0, 10, 30} {
		t.Errorf("selected world translation %v, want (0, 10, 30)", tr)
	}
	a.Apply(viewmodel.SelectJoint{Joint: -1})
	a.View(&v, viewmodel.Stats{}, viewmodel.TextureRef{})
	if v.HasSelectedWorld {
		t.Error("a world matrix without a selection")
	}
}
