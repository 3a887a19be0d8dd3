// J3D rotations as their smooth curves: the game truncates a rotation's
// Hermite to whole s16 units (shifted by the rotation fraction), a
// staircase of 0.011° (fraction 1) or 0.022° (fraction 2) steps. Where
// the error bound gives a rotation less than a step (a character's
// joints, the bound split over the whole chain), reproducing the
// staircase exactly costs a key per step — tens of thousands per curve
// for a 30-frame clip — while the whole staircase may move no point by
// more than a small part of the bound. smoothQuantized measures that in
// world space and then lets the sampling follow the untruncated curves.

package export

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
)

// quantShare is the largest part of the bound (PositionBound, MeshBound)
// the staircase may take for the smooth curves to be sampled instead:
// the measured part is doubled (quantMargin) and taken from the
// tolerances, so with budgetShare the two stay within the bound.
const quantShare = 0.2

// quantMargin scales the measured staircase error for the instants
// between the measured ones.
const quantMargin = 2

// quantPhases is how many instants per frame the staircase's world error
// is measured at.
const quantPhases = 16

// smoothQuantized returns the clip the sampling follows and the part of
// the bound the tolerances must leave to the staircase: c and 0 when c
// has no J3D rotation that varies, or when replacing its staircases by
// the untruncated Hermites (smoothRotations) moves some joint or mesh
// point by more than quantShare of its bound at some measured instant;
// otherwise the smooth clip and quantMargin times the largest part
// measured.
func smoothQuantized(s *anim.Skeleton, b *anim.Binding, c *anim.Clip, meshPts []meshPoint) (*anim.Clip, float64) {
	sm := smoothRotations(c)
	if sm == nil || c.Duration <= 0 {
		return c, 0
	}
	n := len(s.Joints)
	wq, ws := make([]mgl64.Mat4, n), make([]mgl64.Mat4, n)
	pq, ps := anim.NewPose(c), anim.NewPose(sm)
	worst := 0.0
	steps := int(math.Ceil(c.Duration * quantPhases))
	for i := 0; i <= steps; i++ {
		f := math.Min(float64(i)/quantPhases, c.Duration)
		anim.Evaluate(c, f, pq)
		anim.Evaluate(sm, f, ps)
		s.World(pq, b, wq)
		s.World(ps, b, ws)
		for j := range wq {
			w := mgl64.Vec3{wq[j][12], wq[j][13], wq[j][14]}
			d := w.Sub(mgl64.Vec3{ws[j][12], ws[j][13], ws[j][14]}).Len()
			worst = math.Max(worst, d/PositionBound(w))
		}
		for _, p := range meshPts {
			v := p.local.Vec4(1)
			a, o := wq[p.joint].Mul4x1(v).Vec3(), ws[p.joint].Mul4x1(v).Vec3()
			worst = math.Max(worst, a.Sub(o).Len()/p.bound)
		}
		if !(worst <= quantShare) {
			return c, 0
		}
	}
	return sm, quantMargin * worst
}

// smoothRotations is c with every J3D rotation curve that varies
// replaced by its Hermite before truncation, in degrees: the same curve
// through the same keys (whole units, where the staircase meets it),
// without the staircase, which lies within one unit of it toward zero.
// Wrapping through ±180° is the same rotation. nil when c has none.
func smoothRotations(c *anim.Clip) *anim.Clip {
	var out *anim.Clip
	for i := range c.Targets {
		for ci, ch := range c.Targets[i].Channels {
			h, ok := ch.Curve.(*anim.Hermite)
			if !ok || h.RotationFrac < 0 || !varying(h) {
				continue
			}
			if out == nil {
				cp := *c
				cp.Targets = append([]anim.Target(nil), c.Targets...)
				out = &cp
			}
			t := &out.Targets[i]
			if &t.Channels[0] == &c.Targets[i].Channels[0] {
				t.Channels = append([]anim.Channel(nil), t.Channels...)
			}
			scale := math.Ldexp(180.0/32768, min(h.RotationFrac, 32))
			sh := &anim.Hermite{RotationFrac: anim.NotRotation, Keys: make([]anim.HermiteKey, len(h.Keys))}
			for k, key := range h.Keys {
				sh.Keys[k] = anim.HermiteKey{Time: key.Time, Value: key.Value * scale, In: key.In * scale, Out: key.Out * scale}
			}
			sh.Prepare()
			t.Channels[ci].Curve = sh
		}
	}
	if out != nil {
		out.Prepare() // the evaluation plan of the new curves
	}
	return out
}

// varying reports whether a J3D rotation curve takes more than one value
// (a curve whose keys all truncate to one unit needs no smoothing).
func varying(h *anim.Hermite) bool {
	for k := 1; k < len(h.Keys); k++ {
		if h.Keys[k].Value != h.Keys[0].Value || h.Keys[k].In != 0 || h.Keys[k].Out != 0 || h.Keys[0].Out != 0 {
			return true
		}
	}
	return false
}
