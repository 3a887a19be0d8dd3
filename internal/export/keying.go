// The keying stage: how each channel of the baked nodes is keyed. Per
// node and path (translation, rotation, scale) it decides the glTF
// interpolation for the chosen --interpolation (STEP where the game's
// curve steps, CUBICSPLINE with the curves' own slopes where they are
// smooth and cubic was asked for, LINEAR otherwise), whether the channel
// can change at all, and how far its interpolation may miss the game
// (the tolerance the error bound gave it). The sampling (refiner) and the
// key reduction (reducer) both read one keying, so they test a channel
// the same way.

package export

import (
	"math"

	"github.com/animscope/animscope/anim"
)

// keying is how the channels of the nodes a refiner follows (a whole
// skeleton, or one joint: joint) are keyed.
type keying struct {
	tol    [][numPaths]float64
	mode   [][numPaths]interp
	active [][numPaths]bool // the channel may change (baker.varies)
	// hermite: the curves are smooth between the candidate frames and
	// the LINEAR channels are also tested against the chord's departure
	// predicted from the slopes at both ends (hermiteErr); the slopes
	// are measured at the candidates and estimated elsewhere (walk).
	hermite bool
	// wmin is the narrowest interval tested (minJumpFrames): a jump of
	// the curve, which two keys that close make one.
	wmin float64
	// grow lets LINEAR channels use larger tolerances where the clip
	// allows (tolgrowth.go); nil: tol everywhere.
	grow *tolGrowth
}

// jointKeying keys the channels of every joint of k's skeleton for how:
// STEP where the clip steps (baker.stepwise; every channel when the clip
// holds between its keys off the fast path, heldClip), keyed where the
// game switches values (keyFrames), CUBICSPLINE for Cubic when
// the clip's curves are smooth, LINEAR otherwise, tested against the
// slopes too (hermite) when LINEAR plays smooth curves. tol is the error
// bound's (baker.tolerances); k.stepMin must be set from it.
func jointKeying(k *baker, tol [][numPaths]float64, how Interpolation, smoothCurves bool) keying {
	n := len(k.skel.Joints)
	ky := keying{tol: tol, mode: make([][numPaths]interp, n), active: make([][numPaths]bool, n),
		hermite: how == Linear && smoothCurves, wmin: minJumpFrames(k.clip)}
	smooth := how == Cubic && smoothCurves
	held := !k.fast && k.heldClip()
	for j := range ky.mode {
		for p := 0; p < numPaths; p++ {
			ky.active[j][p] = k.varies(j, p)
			switch {
			case held || k.stepwise(j, p):
				ky.mode[j][p] = interpStep
			case smooth:
				ky.mode[j][p] = interpCubic
			}
		}
	}
	return ky
}

// joint is the keying of node j alone.
func (ky *keying) joint(j int) keying {
	return keying{tol: ky.tol[j : j+1], mode: ky.mode[j : j+1], active: ky.active[j : j+1], hermite: ky.hermite, wmin: ky.wmin, grow: ky.grow.joint(j)}
}

// anyCubic reports whether some channel is CUBICSPLINE (its samples then
// carry slopes).
func (ky *keying) anyCubic() bool {
	for j := range ky.mode {
		for p := range ky.mode[j] {
			if ky.mode[j][p] == interpCubic {
				return true
			}
		}
	}
	return false
}

// interpAt interpolates channel (j, p) between samples a and c at u with
// the channel's interpolation, into out.
func (ky *keying) interpAt(j, p int, a, c *poseAt, u float64, out *trs) {
	switch ky.mode[j][p] {
	case interpStep:
		*out = a.v[j]
	case interpCubic:
		hermitePath(p, &a.v[j], &a.dout[j], &c.v[j], &c.din[j], c.f-a.f, u, out)
	default:
		lerpPath(p, &a.v[j], &c.v[j], u, out)
	}
}

// interpErr is how far channel (j, p) interpolated between samples a and
// c is from sample m (for STEP: also whether c holds a's value). A LINEAR
// rotation is measured as slerpArc measures it.
func (ky *keying) interpErr(j, p int, a, m, c *poseAt) float64 {
	switch {
	case ky.mode[j][p] == interpStep:
		return math.Max(pathErr(p, &a.v[j], &m.v[j]), pathErr(p, &a.v[j], &c.v[j]))
	case ky.mode[j][p] == interpLinear && p == pathR:
		var arc slerpArc
		if !arc.init(a.v[j].R, c.v[j].R) {
			return math.Inf(1)
		}
		return arc.err((m.f-a.f)/(c.f-a.f), m.v[j].R)
	}
	var at trs
	ky.interpAt(j, p, a, c, (m.f-a.f)/(c.f-a.f), &at)
	return pathErr(p, &at, &m.v[j])
}

// midErr is interpErr at the midpoint m of a and c (the refinement's
// test), where the slerp and the normalised lerp of a LINEAR rotation
// agree.
func (ky *keying) midErr(j, p int, a, m, c *poseAt) float64 {
	if ky.mode[j][p] != interpLinear || p != pathR {
		return ky.interpErr(j, p, a, m, c)
	}
	qa, qc := a.v[j].R, c.v[j].R
	if qa[0]*qc[0]+qa[1]*qc[1]+qa[2]*qc[2]+qa[3]*qc[3] < 0 {
		return math.Inf(1)
	}
	return quatDist(Nlerp(qa, qc, 0.5), m.v[j].R)
}

// splitTol is how far a channel's interpolation may miss a midpoint
// before the refinement splits the interval: half the tolerance, the
// other half left to dropping samples (keepInterp); for LINEAR channels
// tested against their slopes too (hermite), linearSplit of it.
func (ky *keying) splitTol(j, p int) float64 {
	if ky.hermite && ky.mode[j][p] == interpLinear {
		return ky.tol[j][p] * linearSplit
	}
	return ky.tol[j][p] / 2
}

// linearSplit is the part of the tolerance splitTol gives such channels.
const linearSplit = 0.75

// linearKeepTol is how far the lerp between kept samples of a LINEAR
// channel may miss the dense samples between them. The refinement left
// each dense interval's midpoint within split of the lerp over the
// interval twice as long; over the halves the curve then bends from the
// chord about a quarter as far (a lerp's error grows with the square of
// the span). Lerps between kept samples differ from the dense ones by at
// most their difference at the dense samples, so that may use the rest.
// (Without the slope test a curve bending both ways passed the midpoint
// test, and real BFRES clips went past the bound between samples.)
func (ky *keying) linearKeepTol(j, p int) float64 {
	return ky.tol[j][p] - ky.splitTol(j, p)/4
}

// stepwise reports whether the clip drives path p of joint j only with
// curves that hold between changes (step curves, full-frame tables, J3D
// rotations, which the game truncates to whole s16 units, constants), and
// the node's local transform is read straight from the pose: the glTF
// channel can then be STEP and exact. Under J3D Basic the scale also
// follows the ancestors' scales, which must hold as well. (Off the fast
// path see heldClip.)
func (k *baker) stepwise(j, p int) bool {
	if !k.fast || k.clip == nil || k.bind == nil || j >= len(k.bind.Target) {
		return false
	}
	ti := k.bind.Target[j]
	if ti < 0 || ti >= len(k.clip.Targets) {
		return false
	}
	t := &k.clip.Targets[ti]
	if p == pathS && k.skel.Mode == anim.J3DBasic {
		animated := false
		for a := j; a >= 0; a = k.skel.Joints[a].Parent {
			at := k.bind.Target[a]
			if at < 0 || at >= len(k.clip.Targets) {
				continue
			}
			held, moves := heldSlots(&k.clip.Targets[at], anim.ScaleX, anim.ScaleZ, math.Inf(1))
			if !held {
				return false
			}
			animated = animated || moves
		}
		return animated
	}
	lo, hi := anim.Slot(0), anim.Slot(0)
	switch p {
	case pathT:
		lo, hi = anim.TransX, anim.TransZ
	case pathS:
		lo, hi = anim.ScaleX, anim.ScaleZ
	case pathR:
		if t.Quaternion {
			if t.Quat != nil {
				return false
			}
			lo, hi = anim.QuatX, anim.QuatW
		} else {
			lo, hi = anim.RotX, anim.RotZ
		}
	}
	held, animated := heldSlots(t, lo, hi, k.stepMinOf(j))
	return held && animated
}

// heldSlots reports whether every curve of t on slots lo..hi holds its
// value between the frames keyFrames lists (steps, full-frame tables,
// constants, J3D rotations whose steps exceed stepMin radians), and
// whether one of them is not a constant.
func heldSlots(t *anim.Target, lo, hi anim.Slot, stepMin float64) (held, animated bool) {
	for _, ch := range t.Channels {
		if ch.Slot < lo || ch.Slot > hi {
			continue
		}
		kind := ch.Curve.Kind()
		if kind == anim.KindConstant {
			continue
		}
		animated = true
		if h, ok := ch.Curve.(*anim.Hermite); ok && h.RotationFrac >= 0 && stepAngle(h) > stepMin {
			continue
		}
		if !kind.Stepped() {
			return false, animated
		}
	}
	return true, animated
}

// heldClip reports whether every joint curve of the clip holds between
// the frames keyFrames lists, whatever the tolerances (J3D rotations
// then not, whose small steps are left out of the keys), and no world
// track moves the roots: then every world matrix holds between those
// frames (a BCA), and so does every node's transform split from them,
// which can be STEP off the fast path too.
func (k *baker) heldClip() bool {
	if k.clip == nil || k.root {
		return false
	}
	for i := range k.clip.Targets {
		t := &k.clip.Targets[i]
		if t.Kind != anim.JointTarget {
			continue
		}
		if t.Quat != nil {
			return false
		}
		if held, _ := heldSlots(t, 0, anim.NumSlots-1, math.Inf(1)); !held {
			return false
		}
	}
	return true
}

// varies reports whether path p of joint j can change over the clip. Only
// the fast path knows (its local transform is the joint's own pose): a
// joint no target drives, or whose driving channels for p are all
// constants, holds still; J3D Basic's scale depends on the ancestors.
func (k *baker) varies(j, p int) bool {
	if !k.fast || k.clip == nil {
		return true
	}
	if p == pathS && k.skel.Mode == anim.J3DBasic {
		return true
	}
	if (p == pathS || p == pathT && k.lay.underChain(j)) && softImage(k.skel.Mode) {
		// The node's scale carries the ancestors' accumulated scale, and
		// under a chain node its translation too (softImageLocal).
		for a := k.skel.Joints[j].Parent; a >= 0; a = k.skel.Joints[a].Parent {
			if k.varies(a, pathS) {
				return true
			}
		}
	}
	if p == pathT && k.lay.underChain(j) && !softImage(k.skel.Mode) && k.varies(k.skel.Joints[j].Parent, pathS) {
		return true // the parent's scale moves the translation (fastLocal)
	}
	if k.bind == nil || j >= len(k.bind.Target) || k.bind.Target[j] < 0 || k.bind.Target[j] >= len(k.clip.Targets) {
		return false
	}
	t := &k.clip.Targets[k.bind.Target[j]]
	lo, hi := anim.TransX, anim.TransZ
	switch p {
	case pathS:
		lo, hi = anim.ScaleX, anim.ScaleZ
	case pathR:
		if t.Quat != nil {
			return true
		}
		lo, hi = anim.RotX, anim.QuatW // Euler or quaternion slots
	}
	for _, ch := range t.Channels {
		if ch.Slot >= lo && ch.Slot <= hi && ch.Curve.Kind() != anim.KindConstant {
			return true
		}
	}
	return false
}

// smoothClip reports whether every curve of the clip is smooth between
// its keys (J3D Hermite other than rotations, NW cubic, linear and baked
// float curves), so CUBICSPLINE with the curves' own slopes fits it with
// few keys. Quantized J3D rotations, steps and per-frame slerped samples
// (JBA, which LINEAR reproduces exactly) are not.
func smoothClip(c *anim.Clip) bool {
	ok := func(t *anim.Target) bool {
		if t.Quat != nil {
			return false
		}
		for _, ch := range t.Channels {
			switch ch.Curve.Kind() {
			case anim.KindConstant, anim.KindCubic, anim.KindLinear, anim.KindBakedFloat:
			case anim.KindHermite:
				if h, isH := ch.Curve.(*anim.Hermite); !isH || h.RotationFrac >= 0 {
					return false
				}
			default:
				return false
			}
		}
		return true
	}
	for i := range c.Targets {
		if c.Targets[i].Kind == anim.JointTarget && !ok(&c.Targets[i]) {
			return false
		}
	}
	return c.RootMotion == nil || ok(c.RootMotion)
}
