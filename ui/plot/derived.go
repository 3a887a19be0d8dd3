package plot

import (
	"fmt"
	"math"

	"github.com/animscope/animscope/anim"
)

// RawRotation shows a J3D rotation curve in the file's units: the Hermite
// value as stored (raw s16 steps, before the games' truncate, shift by the
// rotation fraction and wrap) and the keys and tangents as stored.
type RawRotation struct{ H *anim.Hermite }

// Raw returns c in file units when it is a J3D rotation curve, and
// whether it was one.
func Raw(c anim.Curve) (anim.Curve, bool) {
	if h, ok := c.(*anim.Hermite); ok && h.RotationFrac >= 0 {
		return RawRotation{h}, true
	}
	return c, false
}

func (r RawRotation) Eval(f float64) float64 { return r.H.EvalRaw(f) }
func (RawRotation) Kind() anim.CurveKind     { return anim.KindHermite }
func (r RawRotation) NumKeys() int           { return len(r.H.Keys) }
func (r RawRotation) Validate() error        { return r.H.Validate() }

// Key is the stored key: value and tangents in raw units.
func (r RawRotation) Key(i int) anim.Key {
	k := r.H.Keys[i]
	return anim.Key{Frame: k.Time, Value: k.Value, InSlope: k.In, OutSlope: k.Out, HasSlopes: true}
}

// QuatEuler is one Euler angle, in degrees, of a quaternion rotation
// (JBA bones, BFRES quaternion-mode bones), derived for reading: the
// angles of Rz·Ry·Rx, the order J3D and NW4F joints use, as
// anim.DecomposeSRT extracts them. The pose itself keeps the quaternion;
// angles wrap at ±180° and are ambiguous near ±90° of Y (gimbal lock).
type QuatEuler struct {
	Quat anim.QuatCurve // the rotation track, when the target has one
	C    [4]anim.Curve  // else the x, y, z, w component curves
	Axis int            // 0 x, 1 y, 2 z
	keys anim.Curve     // the component whose keys the angle's keys follow
}

// NewQuatEuler derives Euler angle axis (0..2) of target t's quaternion
// rotation; ok is false when t has no quaternion rotation.
func NewQuatEuler(t *anim.Target, axis int) (*QuatEuler, bool) {
	if !t.Quaternion || axis < 0 || axis > 2 {
		return nil, false
	}
	e := &QuatEuler{Quat: t.Quat, Axis: axis}
	for c := 0; c < 4; c++ {
		s := anim.QuatX + anim.Slot(c)
		if ch, ok := t.Channel(s); ok {
			e.C[c] = ch.Curve
		} else {
			e.C[c] = anim.Constant(t.Base[s])
		}
		if e.keys == nil || e.keys.Kind() == anim.KindConstant || e.C[c].NumKeys() > e.keys.NumKeys() {
			e.keys = e.C[c]
		}
	}
	return e, true
}

// quat is the normalised rotation at frame f.
func (e *QuatEuler) quat(f float64) [4]float64 {
	var q [4]float64
	if e.Quat != nil {
		q = e.Quat.EvalQuat(f)
	} else {
		for c := range q {
			q[c] = e.C[c].Eval(f)
		}
	}
	return q
}

// Eval implements anim.Curve.
func (e *QuatEuler) Eval(f float64) float64 {
	if e.Axis < 0 || e.Axis > 2 {
		return 0
	}
	return QuatToEuler(e.quat(f))[e.Axis]
}

// Kind is that of the curves the rotation comes from.
func (e *QuatEuler) Kind() anim.CurveKind {
	if e.Quat != nil {
		return anim.KindSampled
	}
	return e.keys.Kind()
}

// NumKeys implements anim.Curve: the keys of the busiest component.
func (e *QuatEuler) NumKeys() int {
	if e.keys.Kind() == anim.KindConstant {
		return 0
	}
	return e.keys.NumKeys()
}

// Key implements anim.Curve: the angle at the component's key frames.
func (e *QuatEuler) Key(i int) anim.Key {
	f := e.keys.Key(i).Frame
	return anim.Key{Frame: f, Value: e.Eval(f)}
}

// Validate implements anim.Curve.
func (e *QuatEuler) Validate() error {
	if e.Quat != nil {
		return e.Quat.Validate()
	}
	for c, cv := range e.C {
		if cv == nil {
			return fmt.Errorf("quaternion component %d has no curve", c)
		}
		if err := cv.Validate(); err != nil {
			return err
		}
	}
	return nil
}

// QuatToEuler returns the Euler angles in degrees (x, y, z) with
// Rz·Ry·Rx = the rotation of quaternion q (x, y, z, w; normalised here).
// The zero quaternion is the identity.
func QuatToEuler(q [4]float64) [3]float64 {
	x, y, z, w := q[0], q[1], q[2], q[3]
	l := math.Sqrt(x*x + y*y + z*z + w*w)
	if !(l > 0) {
		return [3]float64{}
	}
	x, y, z, w = x/l, y/l, z/l, w/l
	// Rotation matrix entries (row, column) of a unit quaternion.
	r00 := 1 - 2*(y*y+z*z)
	r10 := 2 * (x*y + w*z)
	r20 := 2 * (x*z - w*y)
	r21 := 2 * (y*z + w*x)
	r22 := 1 - 2*(x*x+y*y)
	r01 := 2 * (x*y - w*z)
	r11 := 1 - 2*(x*x+z*z)
	// Rz·Ry·Rx: r20 = −sin y, r21 = cos y sin x, r22 = cos y cos x,
	// r10 = cos y sin z, r00 = cos y cos z (the same extraction as
	// anim.DecomposeSRT).
	sy := math.Max(-1, math.Min(1, -r20))
	ay := math.Asin(sy)
	var ax, az float64
	if math.Abs(sy) < 1-1e-12 {
		ax = math.Atan2(r21, r22)
		az = math.Atan2(r10, r00)
	} else {
		az = math.Atan2(-r01, r11)
	}
	const deg = 180 / math.Pi
	return [3]float64{ax * deg, ay * deg, az * deg}
}
