package app

import (
	"errors"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
)

// TestViewerAPI drives what cmd/animscope calls around the intents: the
// settings, --frame, --select, the View menu's options, the title and the
// state snapshot, all without a window.
func TestViewerAPI(t *testing.T) {
	var copied string
	a := New(nil)
	a.Configure(Settings{Recent: []string{"/x/a.bck"}, BrowseDir: "/x", Speed: -2, ChainMode: true,
		Clipboard: func(s string) { copied = s }, LoadDemo: func() ([]DemoFile, error) { return nil, errors.New("no demo here") }})
	if a.Settings().BrowseDir != "/x" || a.Settings().Speed != -2 || len(a.Settings().Recent) != 1 || a.Title() != "animscope" {
		t.Fatalf("configured: dir %q speed %v recent %v title %q", a.Settings().BrowseDir, a.Settings().Speed, a.Settings().Recent, a.Title())
	}
	a.Apply(viewmodel.CopyText{Text: "a,b", What: "curves"})
	a.Apply(viewmodel.OpenDemo{})
	if copied != "a,b" || !noticeWith(a, viewmodel.Error, "demo: no demo here") {
		t.Errorf("clipboard %q, notices %v: want the copy and the demo's error", copied, a.msgs.notices)
	}

	a, _ = newTestApp(t, anim.Loop, false)
	a.Apply(viewmodel.SetChainMode{On: true})
	if sk := a.rig.drawnSkeleton(); sk == nil || sk.Joints[1].Parent != 0 {
		t.Fatalf("chain mode: the fallback joints should form a chain")
	}
	a.Apply(viewmodel.Seek{Frame: 12})
	a.Apply(viewmodel.Pause{})
	a.Evaluate()
	if a.play.joint.clock.Frame != 12 || a.Busy() {
		t.Errorf("--frame 12: at %v, busy %v; want paused at 12", a.play.joint.clock.Frame, a.Busy())
	}
	a.Apply(viewmodel.SelectNamed{Name: "tip"})
	if a.sel.Joint != 1 {
		t.Errorf("--select tip: joint %d", a.sel.Joint)
	}
	a.Apply(viewmodel.SelectNamed{Name: "#0"})
	if a.sel.Target != 0 || a.sel.Joint != 0 {
		t.Errorf("--select #0: target %d joint %d", a.sel.Target, a.sel.Joint)
	}
	a.Apply(viewmodel.SelectNamed{Name: "elbow"})
	if !noticeWith(a, viewmodel.Warning, `no joint, texture entry or material target named "elbow"`) {
		t.Errorf("--select elbow: no warning in %v", a.msgs.notices)
	}
	if got := a.Title(); got != "animscope — hand.bck" {
		t.Errorf("title %q", got)
	}
	if j, tg := a.Counts(); j != 2 || tg != 2 {
		t.Errorf("counts %d joints, %d targets", j, tg)
	}
	a.Apply(viewmodel.SetUpAxis{Up: viewmodel.UpZ})
	if !a.rig.zUp() {
		t.Errorf("Z up chosen, not in effect")
	}
	s := a.Snapshot(100, 50, [4]int{0, 0, 100, 50})
	if len(s.Joints) != 2 || s.JointClip != "hand.bck" || s.JointFrame == nil || *s.JointFrame != 12 || s.Playing || s.Selected != 0 {
		t.Errorf("snapshot %+v", s)
	}
	a.Apply(viewmodel.Quit{})
	if !a.Quitting() {
		t.Errorf("Quit did not stick")
	}
}

// TestRenderAPI drives what `animscope render` calls: the model and clip
// choice, framing, the camera, selection and seeking.
func TestRenderAPI(t *testing.T) {
	a, _ := newTestApp(t, anim.Once, true)
	if err := a.Headless().UseClipNamed("nope"); err == nil || !strings.Contains(err.Error(), `no animation named "nope" (have ["hand"])`) {
		t.Errorf("UseClipNamed nope: %v", err)
	}
	if err := a.Headless().UseModelFrom(2); err == nil || err.Error() != "holds no skeleton" {
		t.Errorf("UseModelFrom 2 (no file): %v", err)
	}
	if b, _ := newTestApp(t, anim.Once, false); b.Headless().UseModelFrom(0) == nil || !strings.Contains(b.Headless().UseModelFrom(0).Error(), "holds no skeleton (it is a bck file)") {
		t.Errorf("UseModelFrom 0 without a model: %v", b.Headless().UseModelFrom(0))
	}
	if err := a.Headless().UseModelFrom(1); err != nil || a.rig.skel == nil {
		t.Errorf("UseModelFrom 1 (the model): %v", err)
	}
	if err := a.Headless().UseClipNamed("hand"); err != nil || a.Headless().Empty() {
		t.Errorf("UseClipNamed hand: %v", err)
	}
	a.Headless().Reframe()
	cam := a.Headless().Camera()
	cam.Yaw = 33
	a.Apply(viewmodel.SetCamera{Camera: cam})
	if a.Headless().Camera().Yaw != 33 {
		t.Errorf("SetCamera did not stick")
	}
	if a.Headless().SelectJointNamed("nope") || !a.Headless().SelectJointNamed("tip") || a.sel.Joint != 1 {
		t.Errorf("SelectJointNamed: joint %d", a.sel.Joint)
	}
	a.Apply(viewmodel.Seek{Frame: 15})
	a.Evaluate()
	if a.play.joint.clock.Frame != 15 || a.Headless().FocusedFPS() != 30 {
		t.Errorf("SeekAll 15: frame %v fps %v", a.play.joint.clock.Frame, a.Headless().FocusedFPS())
	}
	if New(nil).Headless().FocusedFPS() != 30 || !New(nil).Headless().Empty() {
		t.Errorf("an empty app: fps %v empty %v", New(nil).Headless().FocusedFPS(), New(nil).Headless().Empty())
	}
}
