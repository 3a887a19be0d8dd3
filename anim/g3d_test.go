package anim

import (
	"math"
	"testing"
)

// g3dChain is root (scale 2,1,1) > mid (rotated 90° about z, scale
// midScale, at (1,0,0)) > tip (at (1,0,0)): where tip lands tells the
// scale modes apart.
func g3dChain(mode HierarchyMode, midScale [3]float64, midFlags TransformFlags) *Skeleton {
	return &Skeleton{Mode: mode, Joints: []Joint{
		joint("root", -1, [3]float64{2, 1, 1}, zero, zero),
		withFlags(joint("mid", 0, midScale, [3]float64{0, 0, 90}, [3]float64{1, 0, 0}), midFlags),
		joint("tip", 1, one, zero, [3]float64{1, 0, 0}),
	}}
}

func withFlags(j Joint, f TransformFlags) Joint { j.Flags = f; return j }

func checkPos(t *testing.T, label string, s *Skeleton, pose *Pose, b *Binding, j int, want [3]float64) {
	t.Helper()
	w := world(s, pose, b)
	got := [3]float64{w[j][12], w[j][13], w[j][14]}
	for k := range got {
		if math.Abs(got[k]-want[k]) > 1e-12 {
			t.Errorf("%s: joint %d at %v, want %v", label, j, got, want)
			return
		}
	}
	for i := range w {
		if w[i][3] != 0 || w[i][7] != 0 || w[i][11] != 0 || w[i][15] != 1 {
			t.Errorf("%s: joint %d bottom row %v %v %v %v, want 0 0 0 1", label, i, w[i][3], w[i][7], w[i][11], w[i][15])
		}
	}
}

// Positions worked out by hand for each G3d scale mode: mid sits at root
// · (1,0,0); tip at mid + mid's basis · (1,0,0).
func TestWorldG3dModes(t *testing.T) {
	s3 := [3]float64{3, 1, 1}
	for _, tc := range []struct {
		mode  HierarchyMode
		flags TransformFlags
		mid   [3]float64
		tip   [3]float64
	}{
		// No scale at all: mid (1,0,0), Rz90·(1,0,0) = (0,1,0).
		{G3dNoScale, 0, [3]float64{1, 0, 0}, [3]float64{1, 1, 0}},
		// Standard: mid = S_root·(1,0,0) = (2,0,0); tip = mid +
		// S_root·Rz90·S_mid·(1,0,0) = (2,0,0) + S_root·(0,3,0) = (2,3,0).
		{G3dStandard, 0, [3]float64{2, 0, 0}, [3]float64{2, 3, 0}},
		// Standard ignores the compensate flag.
		{G3dStandard, FlagSegmentScaleCompensate, [3]float64{2, 0, 0}, [3]float64{2, 3, 0}},
		// Maya without the flag is standard.
		{G3dMaya, 0, [3]float64{2, 0, 0}, [3]float64{2, 3, 0}},
		// Maya compensating: mid's basis is Rz90·S_mid (root's scale moves
		// mid's translation only): tip = (2,0,0) + (0,3,0).
		{G3dMaya, FlagSegmentScaleCompensate, [3]float64{2, 0, 0}, [3]float64{2, 3, 0}},
		// Softimage: A_mid = (2,1,1)∘(3,1,1) = (6,1,1); tip = mid +
		// Rz90·(A_mid∘(1,0,0)) = (2,0,0) + (0,6,0).
		{G3dSoftimage, 0, [3]float64{2, 0, 0}, [3]float64{2, 6, 0}},
	} {
		s := finished(t, g3dChain(tc.mode, s3, tc.flags))
		checkPos(t, tc.mode.String()+" mid", s, nil, nil, 1, tc.mid)
		checkPos(t, tc.mode.String()+" tip", s, nil, nil, 2, tc.tip)
	}
	// With mid's own scale 1 and tip along y, compensation decides
	// whether root's x scale reaches tip: Rz90·(0,1,0) = (-1,0,0), times
	// root's 2 without compensation.
	for _, tc := range []struct {
		flags TransformFlags
		tipX  float64
	}{{0, 0}, {FlagSegmentScaleCompensate, 1}} {
		s := g3dChain(G3dMaya, one, tc.flags)
		s.Joints[2].Rest[TransX], s.Joints[2].Rest[TransY] = 0, 1
		checkPos(t, "maya compensate along y", finished(t, s), nil, nil, 2, [3]float64{tc.tipX, 0, 0})
	}
}

// The root's scale is ignored in mode none and used in the others; the
// basis (not only positions) follows the mode.
func TestWorldG3dBasis(t *testing.T) {
	s := finished(t, g3dChain(G3dNoScale, [3]float64{3, 1, 1}, 0))
	w := world(s, nil, nil)
	checkMat(t, "none root", w[0], affine([3][4]float64{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}}))
	s.Mode = G3dSoftimage
	w = world(s, nil, nil)
	// mid: Rz90 · diag(6,1,1), at (2,0,0).
	checkMat(t, "softimage mid", w[1], affine([3][4]float64{{0, -1, 0, 2}, {6, 0, 0, 0}, {0, 0, 1, 0}}))
}

// The runtime's shortcuts: FlagScaleOne makes the scale 1 and
// FlagRotTransZero the rotation and translation identity, whatever the
// values; either bit alone changes nothing.
func TestWorldG3dShortcutFlags(t *testing.T) {
	for _, tc := range []struct {
		flags TransformFlags
		tip   [3]float64
	}{
		{0, [3]float64{2, 3, 0}},
		{FlagScaleUniform, [3]float64{2, 3, 0}},
		{FlagScaleOne, [3]float64{2, 1, 0}},     // mid's scale 3 ignored
		{FlagRotateZero, [3]float64{2, 3, 0}},   // alone: nothing
		{FlagRotTransZero, [3]float64{6, 0, 0}}, // mid at root, unrotated: tip = S_root·S_mid·(1,0,0)
		{FlagRotTransZero | FlagScaleOne, [3]float64{2, 0, 0}},
	} {
		s := finished(t, g3dChain(G3dStandard, [3]float64{3, 1, 1}, tc.flags))
		checkPos(t, "flags", s, nil, nil, 2, tc.tip)
	}
}

// A bound target with its own flags replaces the joint's (G3d
// CopySTAndFlag); without HasFlags the joint's stay.
func TestWorldG3dTargetFlags(t *testing.T) {
	s := g3dChain(G3dMaya, one, FlagSegmentScaleCompensate)
	s.Joints[2].Rest[TransX], s.Joints[2].Rest[TransY] = 0, 1
	finished(t, s)
	c := &Clip{Targets: []Target{{Name: "mid", Kind: JointTarget, Base: s.Joints[1].Rest, HasFlags: true}}}
	b := BindByName(c, s)
	pose := NewPose(c)
	Evaluate(c, 0, pose)
	checkPos(t, "animation says no compensation", s, pose, &b, 2, [3]float64{0, 0, 0})
	c.Targets[0].Flags = FlagSegmentScaleCompensate
	Evaluate(c, 0, pose)
	checkPos(t, "animation compensates", s, pose, &b, 2, [3]float64{1, 0, 0})
	c.Targets[0].HasFlags, c.Targets[0].Flags = false, 0
	Evaluate(c, 0, pose)
	checkPos(t, "no flags of its own: the joint's", s, pose, &b, 2, [3]float64{1, 0, 0})
}

// Slots a target leaves to the skeleton take the bound joint's rest,
// converting between rotation kinds as G3d copies raw floats.
func TestLocalSRTFromRest(t *testing.T) {
	euler := joint("e", -1, [3]float64{0.9, 1.3, 1.1}, [3]float64{30, 0, 0}, [3]float64{4, 5, 6})
	euler.Rest[QuatW] = 1 // as DefaultBase (BFRES rests start from it)
	quatJ := Joint{Name: "q", Parent: -1, Quaternion: true, Rest: DefaultBase()}
	quatJ.Rest[QuatX], quatJ.Rest[QuatY], quatJ.Rest[QuatZ], quatJ.Rest[QuatW] = 0.1, 0.2, 0.3, 0.9
	s := finished(t, &Skeleton{Mode: G3dMaya, Joints: []Joint{euler, quatJ}})
	var rest SlotMask
	for _, sl := range []Slot{ScaleX, ScaleY, RotX, RotY, RotZ, QuatX, QuatY, QuatZ, QuatW, TransZ} {
		rest = rest.With(sl)
	}
	base := DefaultBase()
	base[ScaleZ], base[TransX] = 7, 8
	c := &Clip{Targets: []Target{
		{Name: "e", Kind: JointTarget, Base: base, Quaternion: true, FromRest: rest},
		{Name: "q", Kind: JointTarget, Base: base, FromRest: rest},
	}}
	c.Prepare()
	b := BindByName(c, s)
	pose := NewPose(c)
	Evaluate(c, 0, pose)
	v, quat := s.LocalSRT(0, pose, &b)
	want := map[Slot]float64{ScaleX: 0.9, ScaleY: 1.3, ScaleZ: 7, TransX: 8, TransY: 0, TransZ: 6, QuatX: 30 * math.Pi / 180, QuatY: 0, QuatZ: 0, QuatW: 1}
	for sl, w := range want {
		if math.Abs(v[sl]-w) > 1e-15 || !quat {
			t.Errorf("quaternion target on Euler joint: %s = %v (quat %v), want %v", sl.Name(JointTarget), v[sl], quat, w)
		}
	}
	v, quat = s.LocalSRT(1, pose, &b)
	want = map[Slot]float64{ScaleX: 1, RotX: 0.1 * 180 / math.Pi, RotY: 0.2 * 180 / math.Pi, RotZ: 0.3 * 180 / math.Pi, ScaleZ: 7, TransX: 8}
	for sl, w := range want {
		if math.Abs(v[sl]-w) > 1e-12 || quat {
			t.Errorf("Euler target on quaternion joint: %s = %v (quat %v), want %v", sl.Name(JointTarget), v[sl], quat, w)
		}
	}
	// Unprepared evaluation carries the mask too.
	c.plan = nil
	Evaluate(c, 0, pose)
	if pose.Targets[0].FromRest != rest || !pose.Targets[0].Quaternion {
		t.Errorf("Evaluate without a plan: FromRest %b, want %b", pose.Targets[0].FromRest, rest)
	}
}

func TestG3dModeNames(t *testing.T) {
	for m, want := range map[HierarchyMode]string{G3dNoScale: "g3d-none", G3dStandard: "g3d-standard", G3dMaya: "g3d-maya", G3dSoftimage: "g3d-softimage"} {
		if m.String() != want {
			t.Errorf("%d: %q, want %q", m, m.String(), want)
		}
	}
	if G3dTransformFlags(1<<23|1<<26|1<<27|1<<12|1<<28) != FlagSegmentScaleCompensate|FlagRotTransZero {
		t.Errorf("G3dTransformFlags = %b", G3dTransformFlags(1<<23|1<<26|1<<27|1<<12|1<<28))
	}
}
