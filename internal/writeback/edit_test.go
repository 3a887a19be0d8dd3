package writeback

import (
	"math"
	"path/filepath"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/j3d"
)

// rotateNode edits a Source as a user rotating one bone in Blender would:
// node ni gets an extra rotation about its local z of deg·w(t), w ramping
// from 0 at frame f0 to 1 at f1 (and back to 0 by f1+(f1-f0)), applied on
// top of whatever it played, by rewriting its rotation track on a dense
// frame grid.
func rotateNode(src *Source, ni int, deg, f0, f1, fps float64, frames int) {
	n := &src.Nodes[ni]
	tr := &track{comps: 4, interp: interpLinear}
	q := make([]float64, 4)
	for i := 0; i <= frames*4; i++ {
		f := float64(i) / 4
		w := 0.0
		switch {
		case f >= f0 && f <= f1:
			w = (f - f0) / (f1 - f0)
		case f > f1 && f <= 2*f1-f0:
			w = 1 - (f-f1)/(f1-f0)
		}
		copy(q, n.R[:])
		if n.tracks[pathR] != nil {
			n.tracks[pathR].eval(f/fps, q)
		}
		base := mgl64.Quat{W: q[3], V: mgl64.Vec3{q[0], q[1], q[2]}}
		e := base.Mul(mgl64.QuatRotate(w*deg*math.Pi/180, mgl64.Vec3{0, 0, 1}))
		tr.times = append(tr.times, f/fps)
		tr.values = append(tr.values, e.V[0], e.V[1], e.V[2], e.W)
	}
	n.tracks[pathR] = tr
}

// TestImportAnEdit: one bone of the walk rotated 30° over frames 10-20
// in the glTF; the written BCK puts every joint where the edited glTF
// does (within the bound), so the edited arm's hand moves with it, while
// the joints outside the edited chain stay where the original puts them,
// and only the edited joint is fitted again.
func TestImportAnEdit(t *testing.T) {
	dir := "../../formats/j3d/testdata/j3dmodel"
	skel := openSkeleton(t, filepath.Join(dir, "biped.bmd"))
	target := readBCK(t, filepath.Join(dir, "walk.bck"))
	orig, err := target.Clip()
	if err != nil {
		t.Fatal(err)
	}
	src := exportGLB(t, skel, orig, "walk")
	arm := -1
	for j, jt := range skel.Joints {
		if jt.Name == "arm_L" {
			arm = j
		}
	}
	m, err := MatchJoints(src, skel)
	if err != nil {
		t.Fatal(err)
	}
	rotateNode(src, m.Node[arm], 30, 10, 20, orig.FPS, int(target.Duration))
	res, err := ImportBCK(src, target, skel, DefaultEncoders)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("worst %.3f at %s, keys %d -> %d, notes %q", res.Worst, res.WorstJoint, res.KeysBefore, res.Keys, res.Notes)
	got, err := readBCKData(t, res.Data).Clip()
	if err != nil {
		t.Fatal(err)
	}
	// Against the edited glTF, posed independently of the pipeline, as
	// the export promises: before the game truncates interpolated
	// rotations to whole units.
	got = got.UnroundedRotations()
	m2, _ := MatchJoints(src, skel)
	bind := anim.BindByIndex(got, skel)
	v := newReference(src, orig.FPS, int(target.Duration)).measure(got, &bind, skel, m2)
	if v.worst > 1 {
		t.Errorf("%.3f× the bound from the edited glTF at %s", v.worst, skel.Joints[v.worstJoint].Name)
	}
	// The hand moved (by more than the bound) and the other side did not.
	hand, other := -1, -1
	for j, jt := range skel.Joints {
		switch jt.Name {
		case "hand_L":
			hand = j
		case "hand_R":
			other = j
		}
	}
	n := len(skel.Joints)
	wg, wo := make([]mgl64.Mat4, n), make([]mgl64.Mat4, n)
	origU := orig.UnroundedRotations()
	pg, po := anim.NewPose(got), anim.NewPose(origU)
	bo := anim.BindByIndex(origU, skel)
	anim.Evaluate(got, 20, pg)
	anim.Evaluate(origU, 20, po)
	skel.World(pg, &bind, wg)
	skel.World(po, &bo, wo)
	pos := func(m mgl64.Mat4) mgl64.Vec3 { return mgl64.Vec3{m[12], m[13], m[14]} }
	if d := pos(wg[hand]).Sub(pos(wo[hand])).Len(); d < 10*PositionBound(pos(wo[hand])) {
		t.Errorf("hand_L moved %g at frame 20; the edit turns its arm 30°", d)
	}
	if e := worstAgainst(skel, got, orig.UnroundedRotations(), 5); e > 1 {
		t.Errorf("before the edit starts the file is %.3f× the bound from the original", e)
	}
	if d := pos(wg[other]).Sub(pos(wo[other])).Len(); d > PositionBound(pos(wo[other])) {
		t.Errorf("hand_R moved %g; the edit is on the left arm", d)
	}
	// The edit turns the arm: its scale and translation tracks, which the
	// glTF plays as the walk does, keep the walk's values.
	written := readBCKData(t, res.Data)
	for i := range 9 {
		if k := j3d.KindOf(i); k != j3d.RotationTrack {
			if a, b := bckTrackValues(target, target.Joints[arm][i], k), bckTrackValues(written, written.Joints[arm][i], k); !slices.Equal(a, b) {
				t.Errorf("arm_L track %d (%v): %v, the walk's %v", i, k, b, a)
			}
		}
	}
}

// bckTrackValues is a BCK track's numbers as the file stores them (a constant's
// value, or every key's time, value and tangents).
func bckTrackValues(b *j3d.BCK, tr j3d.Track, k j3d.TrackKind) []float64 {
	n := 1
	if tr.Count > 1 {
		n = int(tr.Count) * tr.ValuesPerKey()
	}
	out := make([]float64, n)
	for i := range out {
		out[i] = b.Tables.Value(k, int(tr.Index)+i)
	}
	return out
}
