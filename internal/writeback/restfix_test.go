package writeback

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// turnBones re-expresses every node of src as Blender's glTF importer
// holds a bone it has laid along another axis: node i's frame becomes
// its old frame times the fixed turn turns[i] (identity where absent),
// at rest and at every key, so that every node is where it was and the
// scene plays the same motion. A node's local transform becomes
// Cp⁻¹·L·Ci (Cp its parent's turn): translation Cp⁻¹·t, rotation
// cp⁻¹·q·ci. Scales must be 1 (a turn does not commute with a scale
// along one axis).
func turnBones(t *testing.T, src *Source, turns map[int]mgl64.Quat) {
	t.Helper()
	turn := func(i int) mgl64.Quat {
		if q, ok := turns[i]; ok {
			return q
		}
		return mgl64.QuatIdent()
	}
	for i := range src.Nodes {
		n := &src.Nodes[i]
		if n.HasMatrix || n.tracks[pathS] != nil || n.S != [3]float64{1, 1, 1} {
			t.Fatalf("node %d scales or has a matrix", i)
		}
		cp := mgl64.QuatIdent()
		if n.Parent >= 0 {
			cp = turn(n.Parent)
		}
		ci, inv := turn(i), cp.Inverse()
		moveT := func(v []float64) {
			r := inv.Rotate(mgl64.Vec3{v[0], v[1], v[2]})
			v[0], v[1], v[2] = r[0], r[1], r[2]
		}
		moveR := func(v []float64) {
			q := inv.Mul(mgl64.Quat{W: v[3], V: mgl64.Vec3{v[0], v[1], v[2]}}).Mul(ci)
			v[0], v[1], v[2], v[3] = q.V[0], q.V[1], q.V[2], q.W
		}
		moveT(n.T[:])
		moveR(n.R[:])
		if tr := n.tracks[pathT]; tr != nil {
			for k := range tr.times {
				moveT(tr.values[3*k : 3*k+3])
			}
		}
		if tr := n.tracks[pathR]; tr != nil {
			for k := range tr.times {
				moveR(tr.values[4*k : 4*k+4])
			}
		}
	}
}

// quarterTurnsFor gives every node of src a quarter-turn rotation, as
// Blender's bone heuristic does, cycling through a few (identity
// included).
func quarterTurnsFor(src *Source) map[int]mgl64.Quat {
	h := math.Pi / 2
	cycle := []mgl64.Quat{
		mgl64.QuatRotate(h, mgl64.Vec3{0, 0, 1}),
		mgl64.QuatRotate(-h, mgl64.Vec3{1, 0, 0}),
		mgl64.QuatIdent(),
		mgl64.QuatRotate(math.Pi, mgl64.Vec3{0, 1, 0}),
		mgl64.QuatRotate(h, mgl64.Vec3{1, 0, 0}).Mul(mgl64.QuatRotate(h, mgl64.Vec3{0, 0, 1})),
	}
	turns := map[int]mgl64.Quat{}
	for i := range src.Nodes {
		turns[i] = cycle[i%len(cycle)]
	}
	return turns
}

// TestTurnedBonesEditKeepsTheRest: the once-a-frame walk with arm_L
// turned 30°, every node laid along another axis as Blender's importer
// lays bones (the scene plays exactly as before): the import reads the
// turns from the rest, so every joint outside the edited chain keeps the
// target's tracks exactly and the chain lands within the bound.
func TestTurnedBonesEditKeepsTheRest(t *testing.T) {
	skel, target, _, src := onceAFrameWalk(t, "arm_L", 30)
	before := make([]mgl64.Mat4, len(src.Nodes))
	src.WorldAt(0.4, before)
	turnBones(t, src, quarterTurnsFor(src))
	after := make([]mgl64.Mat4, len(src.Nodes))
	src.WorldAt(0.4, after)
	for i := range before {
		if d := before[i].Col(3).Sub(after[i].Col(3)).Len(); d > 1e-9 {
			t.Fatalf("turning the bones moved node %d by %g", i, d)
		}
	}
	res, err := ImportBCK(src, target, skel, DefaultEncoders)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("worst %.3f at %s, keys %d -> %d, notes %q", res.Worst, res.WorstJoint, res.KeysBefore, res.Keys, res.Notes)
	out := readBCKData(t, res.Data)
	chain := map[int]bool{jointIndex(t, skel, "arm_L"): true, jointIndex(t, skel, "hand_L"): true}
	want, have := bckTracks(target), bckTracks(out)
	for j := range want {
		if chain[j] {
			continue
		}
		for i := range want[j] {
			if !equalSeq(want[j][i], have[j][i]) {
				t.Errorf("%s track %d is not the target's", skel.Joints[j].Name, i)
			}
		}
	}
	if res.Worst > 1 {
		t.Errorf("%.3f× the bound from the glTF at %s", res.Worst, res.WorstJoint)
	}
}

// TestAlignRestOnlyQuarterTurns: a node resting turned by 30° from its
// joint is not a laid bone: no turn is taken for any node, and the
// glTF's frames are used as they are.
func TestAlignRestOnlyQuarterTurns(t *testing.T) {
	skel, _, _, src := onceAFrameWalk(t, "arm_L", 0)
	turns := quarterTurnsFor(src)
	m, err := MatchJoints(src, skel)
	if err != nil {
		t.Fatal(err)
	}
	turns[m.Node[jointIndex(t, skel, "spine")]] = mgl64.QuatRotate(math.Pi/6, mgl64.Vec3{0, 0, 1})
	turnBones(t, src, turns)
	if _, err := MatchJoints(src, skel); err != nil {
		t.Fatal(err)
	}
	if src.fix != nil {
		t.Errorf("%d nodes turned back, though one rests 30° from its joint", len(src.fix))
	}
	// The quarter turns alone are all found, each the node's own.
	src2 := onceAFrameWalkSource(t)
	turns2 := quarterTurnsFor(src2)
	turnBones(t, src2, turns2)
	m2, err := MatchJoints(src2, skel)
	if err != nil {
		t.Fatal(err)
	}
	for j, ni := range m2.Node {
		if ni < 0 {
			continue
		}
		q := turns2[ni]
		want := q.Inverse().Mat4()
		got, ok := src2.fix[ni]
		if !ok {
			got = mgl64.Ident4()
		}
		for k := range want {
			if math.Abs(got[k]-want[k]) > 1e-9 {
				t.Errorf("%s: turn back %v, want %v", skel.Joints[j].Name, got, want)
				break
			}
		}
	}
}

// onceAFrameWalkSource is onceAFrameWalk's glTF without an edit.
func onceAFrameWalkSource(t *testing.T) *Source {
	_, _, _, src := onceAFrameWalk(t, "arm_L", 0)
	return src
}
