package mesh

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// makeR is sead's Euler rotation written out element by element (the
// matrix Rz·Ry·Rx), the route the game takes for LocalRotate.
func makeR(x, y, z float64) [3][3]float64 {
	sx, cx := math.Sincos(x)
	sy, cy := math.Sincos(y)
	sz, cz := math.Sincos(z)
	return [3][3]float64{
		{cy * cz, sx*sy*cz - cx*sz, cx*cz*sy + sx*sz},
		{cy * sz, sx*sy*sz + cx*cz, cx*sz*sy - sx*cz},
		{-sy, sx * cy, cx * cy},
	}
}

func apply(m [3][3]float64, p [3]float64) [3]float64 {
	var o [3]float64
	for r := 0; r < 3; r++ {
		o[r] = m[r][0]*p[0] + m[r][1]*p[1] + m[r][2]*p[2]
	}
	return o
}

// TestPartPlace follows a point through the game's steps one at a time:
// the part's scale, the local translation, the local rotation, the joint's
// rotation without its scale, the joint's translation.
func TestPartPlace(t *testing.T) {
	const deg = math.Pi / 180
	jointRot := makeR(0, 30*deg, 0)
	jointScale := [3]float64{2, 3, 4}
	jointTrans := [3]float64{1, 2, 3}
	// The host joint's world matrix: T · R · S.
	var J mgl64.Mat4
	for c := 0; c < 3; c++ {
		for r := 0; r < 3; r++ {
			J[4*c+r] = jointRot[r][c] * jointScale[c]
		}
	}
	J[12], J[13], J[14], J[15] = jointTrans[0], jointTrans[1], jointTrans[2], 1

	rot, trans := [3]float64{10, 270, 180}, [3]float64{0, 13, 30}
	local := makeR(rot[0]*deg, rot[1]*deg, rot[2]*deg)
	p := [3]float64{0.5, -1, 2}

	for _, c := range []struct {
		name   string
		follow bool
		scale  [3]float64
		want   [3]float64 // the scale the part ends with
	}{
		{"follows the joint's scale", true, [3]float64{1, 1, 1}, jointScale},
		{"follows it times its own", true, [3]float64{1, 0.5, 2}, [3]float64{2, 1.5, 8}},
		{"its own scale only", false, [3]float64{1, 0.5, 2}, [3]float64{1, 0.5, 2}},
	} {
		part := &Part{Joint: 1, Offset: PartOffset(mgl64.Vec3(rot), mgl64.Vec3(trans)), FollowScale: c.follow, Scale: mgl64.Vec3(c.scale)}
		q := [3]float64{p[0] * c.want[0], p[1] * c.want[1], p[2] * c.want[2]}
		q = [3]float64{q[0] + trans[0], q[1] + trans[1], q[2] + trans[2]}
		q = apply(local, q)
		q = apply(jointRot, q)
		q = [3]float64{q[0] + jointTrans[0], q[1] + jointTrans[1], q[2] + jointTrans[2]}

		got := part.Place([]mgl64.Mat4{mgl64.Ident4(), J}).Mul4x1(mgl64.Vec4{p[0], p[1], p[2], 1})
		for i := range q {
			if math.Abs(got[i]-q[i]) > 1e-9 {
				t.Errorf("%s: placed point %v, want %v", c.name, got.Vec3(), q)
				break
			}
		}
	}
}

func TestPartJointWorld(t *testing.T) {
	part := &Part{Joint: 0, Offset: mgl64.Translate3D(0, 0, 5), Scale: mgl64.Vec3{1, 1, 1},
		Rest: []mgl64.Mat4{mgl64.Translate3D(1, 0, 0), mgl64.Translate3D(0, 2, 0)}}
	host := []mgl64.Mat4{mgl64.Translate3D(10, 0, 0)}
	w := part.JointWorld(nil, host, nil)
	want := []mgl64.Vec3{{11, 0, 5}, {10, 2, 5}}
	for i := range want {
		if got := w[i].Col(3).Vec3(); !got.ApproxEqual(want[i]) {
			t.Errorf("rest joint %d at %v, want %v", i, got, want[i])
		}
	}
	posed := []mgl64.Mat4{mgl64.Translate3D(0, 0, 1)}
	if got := part.JointWorld(w, host, posed); len(got) != 1 || !got[0].Col(3).Vec3().ApproxEqual(mgl64.Vec3{10, 0, 6}) {
		t.Errorf("posed joints %v, want one at (10, 0, 6)", got)
	}
	// A joint the host lacks puts the part at the host's origin.
	part.Joint = 7
	if got := part.JointWorld(nil, host, nil); !got[0].Col(3).Vec3().ApproxEqual(mgl64.Vec3{1, 0, 5}) {
		t.Errorf("missing host joint: part joint at %v, want (1, 0, 5)", got[0].Col(3).Vec3())
	}
}
