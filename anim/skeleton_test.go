package anim

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// joint builds a joint with scale, Euler degrees and translation.
func joint(name string, parent int, s, r, t [3]float64) Joint {
	j := Joint{Name: name, Parent: parent}
	j.Rest[ScaleX], j.Rest[ScaleY], j.Rest[ScaleZ] = s[0], s[1], s[2]
	j.Rest[RotX], j.Rest[RotY], j.Rest[RotZ] = r[0], r[1], r[2]
	j.Rest[TransX], j.Rest[TransY], j.Rest[TransZ] = t[0], t[1], t[2]
	return j
}

var one = [3]float64{1, 1, 1}
var zero = [3]float64{}

// affine builds a column-major matrix from 3 rows of 4 (translation last).
func affine(rows [3][4]float64) mgl64.Mat4 {
	var m mgl64.Mat4
	for r := 0; r < 3; r++ {
		for c := 0; c < 4; c++ {
			m[c*4+r] = rows[r][c]
		}
	}
	m[15] = 1
	return m
}

func checkMat(t *testing.T, label string, got, want mgl64.Mat4) {
	t.Helper()
	for i := range got {
		if math.Abs(got[i]-want[i]) > 1e-9 {
			t.Errorf("%s: element (row %d, col %d) = %v, want %v\ngot  %v\nwant %v", label, i%4, i/4, got[i], want[i], got, want)
			return
		}
	}
}

func finished(t testing.TB, s *Skeleton) *Skeleton {
	t.Helper()
	if err := s.Finish(); err != nil {
		t.Fatal(err)
	}
	return s
}

func world(s *Skeleton, pose *Pose, b *Binding) []mgl64.Mat4 {
	out := make([]mgl64.Mat4, len(s.Joints))
	// Garbage in out must not leak into the result.
	for i := range out {
		for k := range out[i] {
			out[i][k] = 7
		}
	}
	s.World(pose, b, out)
	return out
}

// Basic: a joint whose accumulated scale (parent 2 × own 0.5) is exactly 1
// skips its own scale, so the child below it still sees the parent's 2.
func TestWorldBasicScaleQuirk(t *testing.T) {
	s := finished(t, &Skeleton{Mode: J3DBasic, Joints: []Joint{
		joint("root", -1, [3]float64{2, 2, 2}, zero, zero),
		joint("mid", 0, [3]float64{0.5, 0.5, 0.5}, zero, [3]float64{0, 10, 0}),
		joint("tip", 1, one, zero, [3]float64{0, 4, 0}),
	}})
	w := world(s, nil, nil)
	checkMat(t, "root", w[0], affine([3][4]float64{{2, 0, 0, 0}, {0, 2, 0, 0}, {0, 0, 2, 0}}))
	checkMat(t, "mid (own scale skipped)", w[1], affine([3][4]float64{{2, 0, 0, 0}, {0, 2, 0, 20}, {0, 0, 2, 0}}))
	// Without the quirk tip would sit at y = 24.
	checkMat(t, "tip", w[2], affine([3][4]float64{{2, 0, 0, 0}, {0, 2, 0, 28}, {0, 0, 2, 0}}))

	// Standard composes plainly: mid's 3x3 is the identity, tip at 24.
	s.Mode = Standard
	w = world(s, nil, nil)
	checkMat(t, "standard tip", w[2], affine([3][4]float64{{1, 0, 0, 0}, {0, 1, 0, 24}, {0, 0, 1, 0}}))
}

// The accumulated product is compared in float32, as the game keeps it:
// 3 × float32(1/3) rounds to exactly 1 in float32 (not in float64).
func TestWorldBasicScaleQuirkFloat32(t *testing.T) {
	third := float64(float32(1.0 / 3))
	if 3*third == 1 {
		t.Fatal("test premise: 3*float32(1/3) must differ from 1 in float64")
	}
	s := finished(t, &Skeleton{Mode: J3DBasic, Joints: []Joint{
		joint("root", -1, [3]float64{3, 3, 3}, zero, zero),
		joint("child", 0, [3]float64{third, third, third}, zero, [3]float64{1, 0, 0}),
	}})
	w := world(s, nil, nil)
	checkMat(t, "child", w[1], affine([3][4]float64{{3, 0, 0, 3}, {0, 3, 0, 0}, {0, 0, 3, 0}}))
}

// SoftImage: translations scale by the ancestors' accumulated scale, the
// chain carries no scale, and each joint's matrix is chain·diag(acc).
func TestWorldSoftImage(t *testing.T) {
	s := finished(t, &Skeleton{Mode: J3DSoftImage, Joints: []Joint{
		joint("root", -1, [3]float64{2, 1, 1}, zero, [3]float64{1, 0, 0}),
		joint("child", 0, [3]float64{1, 3, 1}, [3]float64{0, 0, 90}, [3]float64{3, 0, 0}),
		joint("tip", 1, one, zero, [3]float64{1, 0, 0}),
	}})
	w := world(s, nil, nil)
	checkMat(t, "root", w[0], affine([3][4]float64{{2, 0, 0, 1}, {0, 1, 0, 0}, {0, 0, 1, 0}}))
	checkMat(t, "child", w[1], affine([3][4]float64{{0, -3, 0, 7}, {2, 0, 0, 0}, {0, 0, 1, 0}}))
	checkMat(t, "tip", w[2], affine([3][4]float64{{0, -3, 0, 7}, {2, 0, 0, 2}, {0, 0, 1, 0}}))

	// Basic differs on the same skeleton (tip at (7, 1, 0)).
	s.Mode = J3DBasic
	w = world(s, nil, nil)
	checkMat(t, "basic child", w[1], affine([3][4]float64{{0, -6, 0, 7}, {1, 0, 0, 0}, {0, 0, 1, 0}}))
	checkMat(t, "basic tip", w[2], affine([3][4]float64{{0, -6, 0, 7}, {1, 0, 0, 1}, {0, 0, 1, 0}}))
}

// mayaSkeleton: upper has a non-uniform scale; ssc compensates it, plain
// does not.
func mayaSkeleton(t *testing.T) *Skeleton {
	s := &Skeleton{Mode: J3DMaya, Joints: []Joint{
		joint("upper", -1, [3]float64{2, 0.5, 1}, zero, zero),
		joint("ssc", 0, one, zero, [3]float64{0, 10, 0}),
		joint("ssc_tip", 1, one, zero, [3]float64{0, 4, 0}),
		joint("plain", 0, one, zero, [3]float64{0, 10, 0}),
		joint("plain_tip", 3, one, zero, [3]float64{0, 4, 0}),
	}}
	s.Joints[1].ScaleCompensate = true
	return finished(t, s)
}

func TestWorldMayaScaleCompensate(t *testing.T) {
	s := mayaSkeleton(t)
	w := world(s, nil, nil)
	checkMat(t, "ssc", w[1], affine([3][4]float64{{1, 0, 0, 0}, {0, 1, 0, 5}, {0, 0, 1, 0}}))
	checkMat(t, "ssc_tip", w[2], affine([3][4]float64{{1, 0, 0, 0}, {0, 1, 0, 9}, {0, 0, 1, 0}}))
	checkMat(t, "plain", w[3], affine([3][4]float64{{2, 0, 0, 0}, {0, 0.5, 0, 5}, {0, 0, 1, 0}}))
	checkMat(t, "plain_tip", w[4], affine([3][4]float64{{2, 0, 0, 0}, {0, 0.5, 0, 7}, {0, 0, 1, 0}}))

	// A root never compensates (the game's parent scale starts at 1).
	s.Joints[0].ScaleCompensate = true
	w = world(s, nil, nil)
	checkMat(t, "ssc root", w[0], affine([3][4]float64{{2, 0, 0, 0}, {0, 0.5, 0, 0}, {0, 0, 1, 0}}))
}

// With a clip driving the parent's scale, compensation divides by the
// posed scale, not the rest scale.
func TestWorldMayaAnimatedParentScale(t *testing.T) {
	s := mayaSkeleton(t)
	clip := &Clip{Targets: []Target{{Kind: JointTarget, Base: DefaultBase()}}}
	clip.Targets[0].Base[ScaleY] = 0.25
	pose := NewPose(clip)
	Evaluate(clip, 0, pose)
	b := BindByIndex(clip, s)
	if len(b.Warnings) != 1 || !strings.Contains(b.Warnings[0], "1 joints, skeleton has 5") {
		t.Errorf("warnings %q, want the count mismatch", b.Warnings)
	}
	w := world(s, pose, &b)
	checkMat(t, "ssc", w[1], affine([3][4]float64{{1, 0, 0, 0}, {0, 1, 0, 2.5}, {0, 0, 1, 0}}))
	// Dividing by the rest scale would put ssc_tip at y = 4.5.
	checkMat(t, "ssc_tip", w[2], affine([3][4]float64{{1, 0, 0, 0}, {0, 1, 0, 6.5}, {0, 0, 1, 0}}))
	checkMat(t, "plain_tip", w[4], affine([3][4]float64{{1, 0, 0, 0}, {0, 0.25, 0, 3.5}, {0, 0, 1, 0}}))
}

// Standard: Euler Rz·Ry·Rx order and quaternions.
func TestWorldStandard(t *testing.T) {
	s := &Skeleton{Mode: Standard, Joints: []Joint{
		joint("root", -1, one, [3]float64{90, 0, 90}, [3]float64{1, 2, 3}),
		{Name: "q", Parent: 0, Quaternion: true},
	}}
	// q: 90° about x as a quaternion, translation (0, 0, 5), scale 2.
	q := &s.Joints[1].Rest
	q[ScaleX], q[ScaleY], q[ScaleZ] = 2, 2, 2
	q[QuatX], q[QuatW] = math.Sqrt(0.5), math.Sqrt(0.5)
	q[TransZ] = 5
	finished(t, s)
	w := world(s, nil, nil)
	// Rz(90)·Rx(90): x→y, y→z, z→x.
	checkMat(t, "root", w[0], affine([3][4]float64{{0, 0, 1, 1}, {1, 0, 0, 2}, {0, 1, 0, 3}}))
	// child local: Rx(90)·2 with t (0,0,5) → world t = (1,2,3) + R·(0,0,5) = (6,2,3).
	checkMat(t, "q", w[1], affine([3][4]float64{{0, 2, 0, 6}, {2, 0, 0, 2}, {0, 0, -2, 3}}))
}

func TestWorldAllocatesNothing(t *testing.T) {
	for _, mode := range []HierarchyMode{J3DBasic, J3DSoftImage, J3DMaya, Standard, G3dNoScale, G3dStandard, G3dMaya, G3dSoftimage} {
		s, clip := benchSkeleton(mode, 64)
		pose := NewPose(clip)
		Evaluate(clip, 3, pose)
		b := BindByIndex(clip, s)
		out := make([]mgl64.Mat4, len(s.Joints))
		if n := testing.AllocsPerRun(50, func() { s.World(pose, &b, out) }); n != 0 {
			t.Errorf("%v: World allocates %v times per call", mode, n)
		}
	}
}

// benchSkeleton is a tree of n joints (each joint's parent is (i-1)/2, so
// depth log2 n) with non-unit scales and scale compensation on half, and a
// clip that drives every joint with constants.
func benchSkeleton(mode HierarchyMode, n int) (*Skeleton, *Clip) {
	s := &Skeleton{Mode: mode, Joints: make([]Joint, n)}
	clip := &Clip{Targets: make([]Target, n)}
	for i := range s.Joints {
		p := (i - 1) / 2
		if i == 0 {
			p = -1
		}
		sc := 1 + 0.01*float64(i%5)
		s.Joints[i] = joint("j", p, [3]float64{sc, 1, 2 - sc}, [3]float64{float64(i), 10, -float64(i)}, [3]float64{0, 5, 1})
		s.Joints[i].ScaleCompensate = i%2 == 0
		clip.Targets[i] = Target{Kind: JointTarget, Index: i, Base: s.Joints[i].Rest}
		clip.Targets[i].Base[RotY] = 20
	}
	if err := s.Finish(); err != nil {
		panic(err)
	}
	return s, clip
}

func BenchmarkWorld(b *testing.B) {
	for _, mode := range []HierarchyMode{J3DBasic, J3DSoftImage, J3DMaya, Standard, G3dNoScale, G3dStandard, G3dMaya, G3dSoftimage} {
		b.Run(mode.String(), func(b *testing.B) {
			s, clip := benchSkeleton(mode, 100)
			pose := NewPose(clip)
			Evaluate(clip, 3, pose)
			bind := BindByIndex(clip, s)
			out := make([]mgl64.Mat4, len(s.Joints))
			b.ReportAllocs()
			for b.Loop() {
				s.World(pose, &bind, out)
			}
		})
	}
}

func TestDecomposeSRT(t *testing.T) {
	cases := []struct{ s, r, t [3]float64 }{
		{[3]float64{1, 1, 1}, [3]float64{0, 0, 0}, [3]float64{0, 0, 0}},
		{[3]float64{2, 0.5, 1.25}, [3]float64{-15, 20, 45}, [3]float64{1, -2, 3}},
		{[3]float64{1, 3, 1}, [3]float64{170, -80, -120}, [3]float64{0, 9, 0}},
		{[3]float64{-2, 1, 1}, [3]float64{10, 20, 30}, [3]float64{0, 0, 0}},
	}
	for _, c := range cases {
		v := DefaultBase()
		for k := 0; k < 3; k++ {
			v[ScaleX+Slot(k)], v[RotX+Slot(k)], v[TransX+Slot(k)] = c.s[k], c.r[k], c.t[k]
		}
		m := translateRotate(&v, false, 1, 1, 1)
		scaleColumns(&m, c.s[0], c.s[1], c.s[2])
		s, r, tr := DecomposeSRT(m)
		for k := 0; k < 3; k++ {
			if math.Abs(s[k]-c.s[k]) > 1e-9 || math.Abs(r[k]-c.r[k]) > 1e-9 || math.Abs(tr[k]-c.t[k]) > 1e-9 {
				t.Errorf("%+v: got s %v r %v t %v", c, s, r, tr)
				break
			}
		}
	}
	// Gimbal lock (y = 90°): the matrix is reproduced even though the
	// angles are not unique.
	v := DefaultBase()
	v[RotX], v[RotY], v[RotZ] = 30, 90, 10
	m := translateRotate(&v, false, 1, 1, 1)
	_, r, _ := DecomposeSRT(m)
	v[RotX], v[RotY], v[RotZ] = r[0], r[1], r[2]
	checkMat(t, "gimbal", translateRotate(&v, false, 1, 1, 1), m)
}
