package app

import (
	"math"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/app/apptest"
	"github.com/animscope/animscope/internal/viewmodel"
)

// abApp opens the biped and its walk, and compares the walk with a copy
// whose one rotation key moved by 500 raw units.
func abApp(t *testing.T) (*App, apptest.Edit) {
	t.Helper()
	walk := apptest.ModelFixtures + "walk.bck"
	e := apptest.EditedBCK(t, walk, t.TempDir(), 4, 500)
	a := New(nil)
	a.Open([]string{apptest.ModelFixtures + "biped.bmd", walk})
	if a.rig.skel == nil || a.play.joint == nil {
		t.Fatal("the biped and the walk did not open together")
	}
	a.Apply(viewmodel.CompareWith{Path: e.Path})
	a.Evaluate()
	return a, e
}

func abView(a *App) *viewmodel.ABView {
	var v viewmodel.View
	a.View(&v, viewmodel.Stats{}, viewmodel.TextureRef{})
	return v.AB
}

// The Differences list holds exactly the moved channel (and the world
// positions of its joint's children, which it moves), with the largest
// difference at the key, of the size the raw change makes.
func TestABListsTheMovedKey(t *testing.T) {
	a, e := abApp(t)
	ab := abView(a)
	if ab == nil || ab.Error != "" || ab.ClipB == nil {
		t.Fatalf("no comparison: %+v", ab)
	}
	if ab.LabelB != "edited.bck" || !strings.Contains(ab.LabelA, "walk.bck") {
		t.Errorf("labels A %q B %q", ab.LabelA, ab.LabelB)
	}
	var channels []viewmodel.ABRow
	for _, r := range ab.Rows {
		if !strings.HasPrefix(r.Channel, "world.") {
			channels = append(channels, r)
		}
	}
	want := anim.RotX + anim.Slot(e.Axis)
	if len(channels) != 1 {
		t.Fatalf("channel rows %+v, want one", channels)
	}
	r := channels[0]
	if r.Ref.Target != e.Joint || r.Ref.Chan != want || !r.Plottable || r.OnlyIn != "" {
		t.Errorf("row %+v, want joint %d %s", r, e.Joint, want.Name(anim.JointTarget))
	}
	if math.Abs(r.MaxDiff-e.Degrees) > 1e-9 || r.AtFrame != e.KeyFrame {
		t.Errorf("max %v at %v, want %v at the key %v", r.MaxDiff, r.AtFrame, e.Degrees, e.KeyFrame)
	}
	// The world rows are of the moved joint's descendants only.
	sk := a.rig.skel
	for _, w := range ab.Rows {
		if !strings.HasPrefix(w.Channel, "world.") {
			continue
		}
		j := w.Ref.Target
		for j >= 0 && j != e.Joint {
			j = sk.Joints[j].Parent
		}
		if j != e.Joint || w.Ref.Target == e.Joint {
			t.Errorf("world row of joint %d, which joint %d does not move", w.Ref.Target, e.Joint)
		}
	}
}

// A and B follow one clock: B is evaluated at the frame A shows, as
// playback moves; B's ghost skeleton parts from A's at the moved joint's
// children only.
func TestABOneClockAndGhost(t *testing.T) {
	a, e := abApp(t)
	ch, _ := a.ab.clip.Targets[e.Joint].Channel(anim.RotX + anim.Slot(e.Axis))
	for _, dt := range []float64{0, 0.2, 0.37, 1.1} {
		a.Advance(dt)
		a.Evaluate()
		f := a.play.joint.clock.Frame
		ab := abView(a)
		got := ab.PoseB.Targets[e.Joint].V[anim.RotX+anim.Slot(e.Axis)]
		if want := ch.Curve.Eval(f); got != want {
			t.Errorf("after %v s: B's rotation %v, B's curve at A's frame %v gives %v", dt, got, f, want)
		}
	}
	a.Apply(viewmodel.Seek{Frame: e.KeyFrame})
	a.Evaluate()
	var s viewmodel.Scene
	a.BuildScene(&s, viewmodel.Viewport{W: 800, H: 600}, 1, viewmodel.DefaultOptions(), viewmodel.TextureRef{})
	ghosts := 0
	for _, l := range s.Bones {
		if l.Color == colGhost {
			ghosts++
		}
	}
	if want := len(a.rig.skel.Joints) - 1; ghosts != want {
		t.Errorf("%d ghost bones, want %d (one per joint with a parent)", ghosts, want)
	}
	sk := a.rig.skel
	for j := range sk.Joints {
		moved := false
		for p := sk.Joints[j].Parent; p >= 0; p = sk.Joints[p].Parent {
			moved = moved || p == e.Joint
		}
		d := a.ab.ghost[j].Sub(a.rig.markers[j].Pos).Len()
		if moved != (d > 1e-4) {
			t.Errorf("joint %d: ghost %v from A's (under the moved joint: %v)", j, d, moved)
		}
	}
}

// Selecting a row selects its target and pauses on its largest
// difference; stopping ends the comparison; a file that cannot be read
// leaves it as it was, with a message; the same file is the same.
func TestABSelectStopAndTrouble(t *testing.T) {
	a, e := abApp(t)
	ab := abView(a)
	row := -1
	for i, r := range ab.Rows {
		if r.Ref.Target == e.Joint && r.Plottable {
			row = i
		}
	}
	a.Apply(viewmodel.SelectDifference{Row: row})
	a.Evaluate()
	if a.sel.Target != e.Joint || a.play.Playing() || a.play.joint.clock.Frame != e.KeyFrame || abView(a).Selected != row {
		t.Errorf("after selecting row %d: target %d playing %v frame %v selected %d; want %d paused at %v",
			row, a.sel.Target, a.play.Playing(), a.play.joint.clock.Frame, abView(a).Selected, e.Joint, e.KeyFrame)
	}
	a.Apply(viewmodel.CompareWith{Path: "/no/such/file.bck"})
	if v := abView(a); v == nil || v.LabelB != "edited.bck" {
		t.Errorf("a missing B replaced the comparison: %+v", v)
	}
	if n := a.msgs.notices[len(a.msgs.notices)-1]; n.Severity != viewmodel.Error || !strings.Contains(n.Text, "file.bck") {
		t.Errorf("last message %+v, want the error", n)
	}
	a.Apply(viewmodel.CompareWith{Path: apptest.ModelFixtures + "walk.bck"})
	if v := abView(a); v == nil || len(v.Rows) != 0 || len(v.Headers) != 0 || v.Compared == 0 {
		t.Errorf("walk against itself: %+v", v)
	}
	a.Apply(viewmodel.StopCompareWith{})
	if abView(a) != nil {
		t.Error("the comparison stayed after StopCompareWith")
	}
}

// A Switch file against its Wii U twin is the same, B found by A's clip
// name; picking B's other animation compares with that one instead.
func TestABWiiUTwinAndClipChoice(t *testing.T) {
	a := New(nil)
	a.Open([]string{apptest.BFRESFixtures + "switch/nx02_v8_quat.bfres"})
	if a.play.joint == nil {
		t.Fatal("the Switch file plays no skeletal animation")
	}
	nameA := a.play.joint.clip.Name
	a.Apply(viewmodel.CompareWith{Path: apptest.BFRESFixtures + "wiiu_twin/nx02_v8_quat.wiiu.bfres"})
	a.Evaluate()
	v := abView(a)
	if v == nil || v.ClipB == nil || v.ClipB.Name != nameA || len(v.Rows) != 0 || len(v.Headers) != 0 || v.Compared == 0 {
		t.Fatalf("Switch against Wii U twin: %+v, want the same %q", v, nameA)
	}
	if len(v.ClipsB) != 2 || !strings.HasSuffix(v.ClipsB[v.ClipBIndex], "› "+nameA) {
		t.Fatalf("B's clips %q, chosen %d, want two with %q chosen", v.ClipsB, v.ClipBIndex, nameA)
	}
	other := 1 - v.ClipBIndex
	a.Apply(viewmodel.SelectClipB{Index: other})
	a.Evaluate()
	v = abView(a)
	if v.ClipBIndex != other || v.ClipB.Name == nameA || len(v.Rows) == 0 {
		t.Errorf("after picking B's clip %d: chosen %d (%q), %d rows; want the other clip, different", other, v.ClipBIndex, v.ClipB.Name, len(v.Rows))
	}
}
