package ui_test

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/app"
	"github.com/animscope/animscope/internal/app/apptest"
	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/ui"
)

// TestABDifferencesTab: comparing the walk with a copy whose one rotation
// key moved brings the Differences tab forward with that channel listed;
// a click on its row selects the joint, pauses on the largest difference
// and plots the channel with B's curve beside A's, B following A's frame.
func TestABDifferencesTab(t *testing.T) {
	const fixtures = "../formats/j3d/testdata/j3dmodel/"
	walk, model := fixtures+"walk.bck", fixtures+"biped.bmd"
	e := apptest.EditedBCK(t, walk, t.TempDir(), 4, 500)
	a := app.New(nil)
	a.Apply(viewmodel.OpenFiles{Paths: []string{model, walk}})
	u, done := uiContext(t, 1400, 860)
	defer done()
	var v viewmodel.View
	frame := func(x, y float32, down bool) { uiFrame(a, u, &v, x, y, down) }
	frame(0, 0, false)
	a.Apply(viewmodel.CompareWith{Path: e.Path})
	for range 3 {
		frame(0, 0, false)
	}
	if u.ActiveTab() != ui.TabDifferences {
		t.Fatalf("active tab %q after Compare with, want the Differences tab", u.ActiveTab())
	}
	ab := now(a).AB
	row := -1
	for i, r := range ab.Rows {
		if r.Plottable && r.Ref.Target == e.Joint {
			row = i
		}
	}
	if row < 0 {
		t.Fatalf("no row for joint %d in %+v", e.Joint, ab.Rows)
	}
	r, ok := u.ItemRect("diff:" + strconv.Itoa(row))
	if !ok {
		t.Fatalf("the Differences tab shows no row %d", row)
	}
	x, y := r.X+r.W/2, r.Y+r.H/2
	frame(x, y, false)
	frame(x, y, true)
	frame(x, y, false)
	s := now(a)
	if s.Selection.Target != e.Joint || s.Playing || s.Joint.Clock.Frame != e.KeyFrame || s.AB.Selected != row {
		t.Errorf("after the click: target %d playing %v frame %v selected %d; want joint %d paused at %v, row %d",
			s.Selection.Target, s.Playing, s.Joint.Clock.Frame, s.AB.Selected, e.Joint, e.KeyFrame, row)
	}
	// The curve panel plots the row's channel, A's then B's.
	u.ShowTab(ui.TabCurves)
	frame(0, 0, false)
	frame(0, 0, false)
	shown := u.ShownChannels()
	want := viewmodel.ChannelRef{Slot: viewmodel.JointSlot, Target: e.Joint, Chan: anim.RotX + anim.Slot(e.Axis)}
	if len(shown) != 2 || shown[0].Ref != want || shown[1].Ref != want || !strings.HasSuffix(shown[1].Label, " (B)") || strings.HasSuffix(shown[0].Label, " (B)") {
		t.Fatalf("plotted %+v, want %v of A and of B", shown, want)
	}
	// B is evaluated at A's frame: at the key they differ by the move
	// (modulo 360: the runtime wraps shifted rotations).
	s = now(a)
	got := s.AB.PoseB.Targets[e.Joint].V[want.Chan] - s.Joint.Pose.Targets[e.Joint].V[want.Chan]
	if d := math.Remainder(got-e.Degrees, 360); math.Abs(d) > 1e-9 {
		t.Errorf("B − A at the key %v: %v, want %v", e.KeyFrame, got, e.Degrees)
	}
}
