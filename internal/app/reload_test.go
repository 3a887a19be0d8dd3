package app

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/app/apptest"
	"github.com/animscope/animscope/internal/viewmodel"
)

// writeBCK is apptest.WriteBCK: joint 0 at (x30·f/30, 0, 0) at frame f,
// joint 1 at (0, y1, 0).
func writeBCK(t *testing.T, path string, loop uint8, x30, y1 float64) {
	t.Helper()
	apptest.WriteBCK(t, path, loop, x30, y1)
}

func nearVec(p [3]float32, want [3]float64) bool {
	for k := range p {
		if math.Abs(float64(p[k])-want[k]) > 1e-3 {
			return false
		}
	}
	return true
}

func lastNotice(a *App) viewmodel.Notice {
	if len(a.msgs.notices) == 0 {
		return viewmodel.Notice{}
	}
	return a.msgs.notices[len(a.msgs.notices)-1]
}

// reloadFixture opens a BCK from a temporary folder and sets up what a
// user would: paused at frame 10, joint 1 selected, the camera moved, the
// loop mode overridden.
func reloadFixture(t *testing.T) (*App, string, viewmodel.Camera) {
	t.Helper()
	p := filepath.Join(t.TempDir(), "walk.bck")
	writeBCK(t, p, 2, 60, 5)
	a := New(nil)
	a.Apply(viewmodel.OpenFiles{Paths: []string{p}})
	if len(a.ses.files) != 1 || a.play.joint == nil {
		t.Fatalf("the BCK did not open: %+v", a.msgs.notices)
	}
	a.Apply(viewmodel.Seek{Frame: 10})
	a.Apply(viewmodel.Pause{})
	a.Apply(viewmodel.SelectJoint{Joint: 1})
	a.Apply(viewmodel.SetLoop{Mode: anim.MirroredLoop, Override: true})
	cam := viewmodel.Camera{Yaw: 33, Pitch: -12, Distance: 77, Target: [3]float32{1, 2, 3}, FovY: 40}
	a.Apply(viewmodel.SetCamera{Camera: cam})
	a.Evaluate()
	if !nearVec(a.rig.markers[0].Pos, [3]float64{20, 0, 0}) {
		t.Fatalf("joint 0 at %v before the reload, want (20, 0, 0)", a.rig.markers[0].Pos)
	}
	return a, p, cam
}

// TestReloadKeepsWhatTheUserSetUp: a file rewritten with other values is
// read again in place: the new values show at the same scene time, with
// the same selection, camera and loop-mode override, and a message says
// so.
func TestReloadKeepsWhatTheUserSetUp(t *testing.T) {
	a, p, cam := reloadFixture(t)
	sceneT := a.play.sceneT
	writeBCK(t, p, 0, 90, 7) // other values, and the file now says "once"
	a.Apply(viewmodel.ReloadFiles{Paths: []string{p}})
	a.Evaluate()

	if len(a.ses.files) != 1 {
		t.Fatalf("%d files open after the reload, want 1", len(a.ses.files))
	}
	j := a.play.joint
	if j == nil {
		t.Fatal("no joint clip after the reload")
	}
	if a.play.sceneT != sceneT || j.clock.Frame != 10 || a.play.Playing() {
		t.Errorf("scene time %v (frame %v, playing %v), want %v (frame 10, paused)", a.play.sceneT, j.clock.Frame, a.play.Playing(), sceneT)
	}
	if j.clock.Mode != anim.MirroredLoop || j.fileLoop != anim.Once {
		t.Errorf("loop mode %v (file's %v), want the override mirrored-loop over the file's new once", j.clock.Mode, j.fileLoop)
	}
	if a.sel.Joint != 1 || a.frame.camera != cam {
		t.Errorf("selection %d, camera %+v; want joint 1 and %+v", a.sel.Joint, a.frame.camera, cam)
	}
	// The new version's values at frame 10: 90·10/30 and 7.
	if !nearVec(a.rig.markers[0].Pos, [3]float64{30, 0, 0}) || !nearVec(a.rig.markers[1].Pos, [3]float64{0, 7, 0}) {
		t.Errorf("joints at %v and %v, want (30, 0, 0) and (0, 7, 0)", a.rig.markers[0].Pos, a.rig.markers[1].Pos)
	}
	if n := lastNotice(a); n.Severity != viewmodel.Info || n.Text != "reloaded walk.bck" {
		t.Errorf("last message %+v, want the info \"reloaded walk.bck\"", n)
	}
	var v viewmodel.View
	a.View(&v, viewmodel.Stats{}, viewmodel.TextureRef{})
	if v.Joint == nil || v.Joint.Key == "" {
		t.Errorf("the playing clip has no key for the curves to keep their channels by")
	}
}

// TestReloadOfABadVersionKeepsTheOld: a version that does not open leaves
// the open one as it was, and the error names the file and the problem.
func TestReloadOfABadVersionKeepsTheOld(t *testing.T) {
	a, p, _ := reloadFixture(t)
	clip := a.play.joint.clip
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data[:0x30], 0o644); err != nil { // cut inside the tables
		t.Fatal(err)
	}
	a.Apply(viewmodel.ReloadFiles{Paths: []string{p}})
	a.Evaluate()
	if len(a.ses.files) != 1 || a.play.joint == nil || a.play.joint.clip != clip {
		t.Fatalf("a bad version replaced the open one: %d files, joint %v", len(a.ses.files), a.play.joint)
	}
	if !nearVec(a.rig.markers[0].Pos, [3]float64{20, 0, 0}) {
		t.Errorf("joint 0 at %v, want the old version's (20, 0, 0)", a.rig.markers[0].Pos)
	}
	n := lastNotice(a)
	if n.Severity != viewmodel.Error || !strings.Contains(n.Text, "walk.bck") || !strings.Contains(n.Text, "bck:") || !strings.Contains(n.Text, "stays") {
		t.Errorf("last message %+v, want an error naming walk.bck, the BCK problem and that the open version stays", n)
	}
}

// TestReopenReloads: opening (or dropping) a file that is open reloads it
// instead of listing it twice, also when named another way.
func TestReopenReloads(t *testing.T) {
	a, p, cam := reloadFixture(t)
	writeBCK(t, p, 2, 30, 5)
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(wd, p)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{p, rel, filepath.Join(filepath.Dir(p), ".", "walk.bck")} {
		a.Apply(viewmodel.OpenFiles{Paths: []string{name}})
		if len(a.ses.files) != 1 {
			t.Fatalf("opening %s again: %d files open, want 1", name, len(a.ses.files))
		}
		if n := lastNotice(a); n.Text != "reloaded walk.bck" {
			t.Errorf("opening %s again: last message %q, want \"reloaded walk.bck\"", name, n.Text)
		}
	}
	a.Evaluate()
	if !nearVec(a.rig.markers[0].Pos, [3]float64{10, 0, 0}) || a.frame.camera != cam || a.sel.Joint != 1 {
		t.Errorf("joint 0 at %v, camera %+v, selection %d: want the new (10, 0, 0), the camera and selection kept", a.rig.markers[0].Pos, a.frame.camera, a.sel.Joint)
	}
	// Two files in one drop, one of them open: one reload, one new file.
	other := filepath.Join(filepath.Dir(p), "other.bck")
	writeBCK(t, other, 2, 3, 4)
	a.Apply(viewmodel.OpenFiles{Paths: []string{p, other, other}})
	if len(a.ses.files) != 2 || a.ses.files[0].name != "walk.bck" || a.ses.files[1].name != "other.bck" {
		t.Errorf("files %v after dropping walk.bck and other.bck (twice), want walk.bck once and other.bck once", a.Snapshot(1, 1, [4]int{}).Files)
	}
}

// TestReloadFollowsTheFilesReadBesideIt: a change to a file the open one
// was read with (a texture file beside a model) reloads the open one;
// a change to an unrelated file does nothing.
func TestReloadFollowsTheFilesReadBesideIt(t *testing.T) {
	a, p, _ := reloadFixture(t)
	tex := filepath.Join(filepath.Dir(p), "walk.Tex1.sbfres")
	a.ses.files[0].deps = append(a.ses.files[0].deps, tex)
	n := len(a.msgs.notices)
	a.Apply(viewmodel.ReloadFiles{Paths: []string{filepath.Join(filepath.Dir(p), "unrelated.bck")}})
	if len(a.msgs.notices) != n {
		t.Fatalf("a change to an unrelated file said %q", lastNotice(a).Text)
	}
	a.Apply(viewmodel.ReloadFiles{Paths: []string{tex}})
	if got := lastNotice(a).Text; got != "reloaded walk.bck" {
		t.Errorf("after its texture file changed: %q, want \"reloaded walk.bck\"", got)
	}
}
