package app

import (
	"errors"
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
