package export

import (
	"fmt"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
)

// trs is one node's local transform as glTF composes it: T·R·S, R a unit
// quaternion (x, y, z, w).
type trs struct {
	T [3]float64
	R [4]float64
	S [3]float64
}

// Paths of a node's transform, in the order glTF names them.
const (
	pathT = iota
	pathR
	pathS
	numPaths
)

// baker turns a clip posed on a skeleton into per-node glTF transforms.
//
// A glTF player composes world = parentWorld · T·R·S. The games' rules
// (J3D SoftImage, Maya segment scale compensation, a root-motion track)
// can give a joint a world matrix that no product of TRS nodes equals
// (shear). The baker therefore works from the world matrices that
// anim.Skeleton.World computes (the same call `animscope sample --model`
// makes): each node's local transform is its parent's *exported* world
// inverted, times the joint's true world, split into T, R and S. The
// translation is always exact, so every joint's world position is exact
// at the sampled times; only where the true matrix has shear is the
// node's rotation/scale the nearest TRS (Gram-Schmidt of the columns),
// which moves no position. Where a rule composes as TRS anyway (J3D Basic,
// Maya and BFRES without scale compensation) the local transform is read
// straight from the pose: the fast path, with the same result.
type baker struct {
	// scratch holds a joint's rest-filled values (targetPose); local and
	// chain are localAt's and its J3D ancestor walk's.
	scratch [2][anim.NumSlots]float64
	local   [anim.NumSlots]float64
	skel    *anim.Skeleton
	bind    *anim.Binding
	clip    *anim.Clip
	root    bool // apply the clip's root-motion track to the roots
	order   []int
	depth   []int
	fast    bool

	pose   *anim.Pose
	world  []mgl64.Mat4 // true world matrices at the last worldAt
	approx []mgl64.Mat4 // the exported nodes' world matrices
	acc    [][3]float32 // J3D Basic accumulated scale per joint
	// stepMin is per joint the smallest J3D rotation step given keys
	// (stepMinOf); set once the tolerances are known.
	stepMin []float64
	// meshPts are points of exported meshes that the tolerances keep
	// within their bound, as they keep the joints.
	meshPts []meshPoint
	// seen are the world matrices checkFast computed, which tolerances
	// (measured at the same frames) takes rather than posing again.
	seen     []seenWorld
	seenMats []mgl64.Mat4
	// floor is per joint the smallest bound over the clip, which the
	// clip-wide tolerances hold to (nil: each frame's own), and dips the
	// smallest between frames, which limits their growth (boundFloor).
	floor []float64
	dips  dips
	// unheld marks the joints holdFinite placed (nil: none).
	unheld []bool
	// lay is the node layout (layout.go; nil: a node per joint); chain
	// holds, for the joints it splits, the exported chain node's world
	// matrix, which the children under it extend.
	lay   *layout
	chain []mgl64.Mat4
	// chainLin is chainFrames' chain nodes' linear parts.
	chainLin []mgl64.Mat4
	// passed is per joint the scale fastLocal's joint passes its
	// children: SoftImage's accumulated scale, else the joint's own (which
	// Maya's compensation moves a chain child's translation by).
	passed [][3]float64
}

// seenWorld is the true world matrices at a frame.
type seenWorld struct {
	f     float64
	world []mgl64.Mat4
}

func newBaker(s *anim.Skeleton, b *anim.Binding, c *anim.Clip, rootMotion bool, lay *layout) *baker {
	k := &baker{skel: s, bind: b, clip: c, root: rootMotion && c != nil && c.RootMotion != nil, lay: lay}
	k.order, k.depth = topoOrder(s)
	n := len(s.Joints)
	k.world = make([]mgl64.Mat4, n)
	k.approx = make([]mgl64.Mat4, n)
	k.acc = make([][3]float32, n)
	if c != nil {
		k.pose = anim.NewPose(c)
	}
	k.fast = !k.root
	switch s.Mode {
	case anim.J3DBasic, anim.J3DMaya, anim.Standard, anim.G3dNoScale, anim.G3dStandard, anim.G3dMaya:
		// Scale compensation divides by the parent's scale: a product of
		// T·R·S only while that scale holds still (checkFast then sees
		// whether it is 1), or where the joint's node hangs under the
		// parent's chain node (layout.go). G3d Maya takes the compensation
		// flag from the bone animation driving a joint where it has one.
		posed := false // k.pose holds the clip at frame 0 (g3dFlags)
		for i, j := range s.Joints {
			comp := j.ScaleCompensate && s.Mode != anim.J3DBasic && s.Mode < anim.G3dNoScale
			if s.Mode == anim.G3dMaya {
				comp = k.g3dFlags(i, posed)&anim.FlagSegmentScaleCompensate != 0
				posed = true
			}
			if comp && j.Parent >= 0 && !lay.underChain(i) && (c == nil || k.varies(j.Parent, pathS)) {
				k.fast = false
			}
		}
	default:
		k.fast = false
	}
	return k
}

// checkFast keeps the fast path only if, at the given frames, composing
// its local transforms as glTF does reproduces anim.Skeleton.World — the
// one posing function, whose rules may grow (a BFRES scale mode, say):
// then the exporter falls back to decomposing World rather than
// disagreeing with it.
func (k *baker) checkFast(frames []float64) {
	if !k.fast {
		return
	}
	n := len(k.skel.Joints)
	local := make([]trs, n)
	comp := make([]mgl64.Mat4, n)
	chain := make([]mgl64.Mat4, n) // the chain nodes' (layout.go)
	step := max(1, len(frames)/maxTolFrames)
	k.seen = k.seen[:0]
	// One block for every frame's matrices (seen's slices into it).
	k.seenMats = slices.Grow(k.seenMats[:0], n*(len(frames)/step+1))
	for fi := 0; fi < len(frames); fi += step {
		k.worldAt(frames[fi]) // poses k.pose at the frame too
		pose, bind := k.pose, k.bind
		if k.clip == nil {
			pose, bind = nil, nil
		}
		k.fastLocal(pose, bind, local)
		at := len(k.seenMats)
		k.seenMats = append(k.seenMats, k.world...)
		k.seen = append(k.seen, seenWorld{frames[fi], k.seenMats[at:len(k.seenMats):len(k.seenMats)]})
		for _, j := range k.order {
			comp[j] = composeTRS(local[j])
			var pw *mgl64.Mat4
			if p := k.skel.Joints[j].Parent; p >= 0 {
				pw = &comp[p]
				if k.lay.underChain(j) {
					pw = &chain[p]
				}
				comp[j] = pw.Mul4(comp[j])
			}
			if k.lay.isSplit(j) {
				chain[j] = composeTRS(trs{T: local[j].T, R: local[j].R, S: [3]float64{1, 1, 1}})
				if pw != nil {
					chain[j] = pw.Mul4(chain[j])
				}
			}
			for e := 0; e < 15; e++ {
				if d := math.Abs(comp[j][e] - k.world[j][e]); d > 1e-9*math.Max(1, math.Abs(k.world[j][e])) && !(d <= 1e-6 && e%4 == 3) {
					k.fast = false
					return
				}
			}
		}
	}
}

// topoOrder lists joints parents first (Skeleton.Finish has ruled out
// cycles) and gives each joint's depth (roots 0).
func topoOrder(s *anim.Skeleton) (order, depth []int) {
	n := len(s.Joints)
	children := make([][]int, n)
	var stack []int
	for i, j := range s.Joints {
		if j.Parent < 0 || j.Parent >= n {
			stack = append(stack, i)
		} else {
			children[j.Parent] = append(children[j.Parent], i)
		}
	}
	depth = make([]int, n)
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		order = append(order, i)
		for _, c := range children[i] {
			depth[c] = depth[i] + 1
			stack = append(stack, c)
		}
	}
	return order, depth
}

// posed evaluates the clip at frame (nil clip: the rest pose).
func (k *baker) posed(f float64) (*anim.Pose, *anim.Binding) {
	if k.clip == nil {
		return nil, nil
	}
	anim.Evaluate(k.clip, f, k.pose)
	return k.pose, k.bind
}

// worldAt fills k.world with the true world matrices at frame f, the
// root-motion track applied when asked (model matrix · skeleton world,
// as the viewer does).
func (k *baker) worldAt(f float64) {
	pose, bind := k.posed(f)
	k.skel.World(pose, bind, k.world)
	k.holdFinite(pose, bind)
	if k.root {
		var tp anim.TargetPose
		anim.EvaluateTarget(k.clip.RootMotion, f, &tp)
		m := composeTRS(localOf(&tp.V, tp.Quaternion, [3]float64{tp.V[anim.ScaleX], tp.V[anim.ScaleY], tp.V[anim.ScaleZ]}))
		for i := range k.world {
			k.world[i] = m.Mul4(k.world[i])
		}
	}
}

// at computes every node's local transform at frame f.
func (k *baker) at(f float64, out []trs) {
	if k.fast {
		pose, bind := k.posed(f)
		k.fastLocal(pose, bind, out)
		return
	}
	k.worldAt(f)
	k.decompose(out)
}

// fastLocal reads the local transforms from the pose: the rules whose
// world matrices are products of T·R·S.
func (k *baker) fastLocal(pose *anim.Pose, bind *anim.Binding, out []trs) {
	if len(k.passed) != len(k.skel.Joints) {
		k.passed = make([][3]float64, len(k.skel.Joints))
	}
	for _, j := range k.order {
		v, quat := k.skel.LocalSRT(j, pose, bind)
		s := [3]float64{v[anim.ScaleX], v[anim.ScaleY], v[anim.ScaleZ]}
		if k.skel.Mode == anim.J3DBasic {
			// The game skips a joint's own scale when the product of the
			// scales from the root down to it is exactly 1 (in float32);
			// see anim.Skeleton.World.
			acc := [3]float32{1, 1, 1}
			if p := k.skel.Joints[j].Parent; p >= 0 {
				acc = k.acc[p]
			}
			for c := range acc {
				acc[c] = acc[c] * float32(s[c])
			}
			k.acc[j] = acc
			if acc == [3]float32{1, 1, 1} {
				s = [3]float64{1, 1, 1}
			}
		}
		if k.skel.Mode >= anim.G3dNoScale {
			g3dShortcuts(k.skel.Mode, k.skel.LocalFlags(j, pose, bind), &v, &s)
		}
		if softImage(k.skel.Mode) {
			acc := [3]float64{1, 1, 1}
			p := k.skel.Joints[j].Parent
			if p >= 0 {
				acc = k.passed[p]
			}
			out[j], k.passed[j] = softImageLocal(k.skel.Mode, &v, quat, acc, s, k.lay.underChain(j))
			continue
		}
		if k.lay.underChain(j) {
			// Under the parent's chain node the parent's scale moves the
			// translation only (J3D Maya's compensation).
			ps := k.passed[k.skel.Joints[j].Parent]
			for c := range 3 {
				v[anim.TransX+anim.Slot(c)] *= ps[c]
			}
		}
		k.passed[j] = s
		out[j] = localOf(&v, quat, s)
	}
}

// g3dShortcuts applies what worldG3d does before composing a joint: the
// no-scale mode and the scale-one flags make the scale 1, the
// rotate-and-translate-zero flags drop rotation and translation.
func g3dShortcuts(mode anim.HierarchyMode, fl anim.TransformFlags, v *[anim.NumSlots]float64, s *[3]float64) {
	if mode == anim.G3dNoScale || fl&anim.FlagScaleOne == anim.FlagScaleOne {
		*s = [3]float64{1, 1, 1}
	}
	if fl&anim.FlagRotTransZero == anim.FlagRotTransZero {
		b := anim.DefaultBase()
		copy(v[anim.RotX:anim.QuatW+1], b[anim.RotX:anim.QuatW+1])
	}
}

// g3dFlags are the transform flags joint j is posed with under the
// clip's binding (the flags do not change with the frame); posed: k.pose
// already holds the clip at a frame.
func (k *baker) g3dFlags(j int, posed bool) anim.TransformFlags {
	var pose *anim.Pose
	if k.clip != nil {
		if !posed {
			anim.Evaluate(k.clip, 0, k.pose) // the pose carries the targets' flags
		}
		pose = k.pose
	}
	return k.skel.LocalFlags(j, pose, k.bind)
}

// decompose splits each joint's true world matrix into a local TRS under
// its parent's exported world (see baker; parentNode); the pose worldAt left in
// k.pose gives the rotation of axes a zero scale leaves open.
func (k *baker) decompose(out []trs) {
	pose, bind := k.pose, k.bind
	if k.clip == nil {
		pose, bind = nil, nil
	}
	if k.lay != nil && len(k.chain) != len(k.skel.Joints) {
		k.chain = make([]mgl64.Mat4, len(k.skel.Joints))
	}
	for _, j := range k.order {
		m := k.world[j]
		pw := k.parentNode(j)
		if pw != nil {
			m = invAffine(pw).Mul4(m)
		}
		out[j] = splitTRS(m, k.ownRotation(j, pose, bind))
		l := composeTRS(out[j])
		if pw != nil {
			k.approx[j] = pw.Mul4(l)
		} else {
			k.approx[j] = l
		}
		if k.lay.isSplit(j) {
			c := composeTRS(trs{T: out[j].T, R: out[j].R, S: [3]float64{1, 1, 1}})
			if pw != nil {
				c = pw.Mul4(c)
			}
			k.chain[j] = c
		}
	}
}

// parentNode is the exported world matrix joint j's node hangs under:
// its parent's chain node where the parent has a scale node, else the
// parent's node; nil for a root.
func (k *baker) parentNode(j int) *mgl64.Mat4 {
	p := k.skel.Joints[j].Parent
	switch {
	case p < 0:
		return nil
	case k.lay.underChain(j):
		return &k.chain[p]
	}
	return &k.approx[p]
}

// ownRotation is joint j's rotation in its local values under the
// pose, as the game composes it.
func (k *baker) ownRotation(j int, pose *anim.Pose, bind *anim.Binding) [4]float64 {
	v, quat := k.skel.LocalSRT(j, pose, bind)
	if k.skel.Mode >= anim.G3dNoScale {
		s := [3]float64{1, 1, 1}
		g3dShortcuts(k.skel.Mode, k.skel.LocalFlags(j, pose, bind), &v, &s)
	}
	return localOf(&v, quat, [3]float64{1, 1, 1}).R
}

// localOf is a joint's local SRT as a trs, the rotation as a quaternion.
func localOf(v *[anim.NumSlots]float64, quat bool, s [3]float64) trs {
	var r [4]float64
	if quat {
		r = [4]float64{v[anim.QuatX], v[anim.QuatY], v[anim.QuatZ], v[anim.QuatW]}
		l := math.Sqrt(r[0]*r[0] + r[1]*r[1] + r[2]*r[2] + r[3]*r[3])
		if l > 0 && !math.IsInf(l, 0) {
			r = [4]float64{r[0] / l, r[1] / l, r[2] / l, r[3] / l}
		} else {
			r = [4]float64{0, 0, 0, 1}
		}
	} else {
		r = eulerQuat(v[anim.RotX], v[anim.RotY], v[anim.RotZ])
	}
	return trs{T: [3]float64{v[anim.TransX], v[anim.TransY], v[anim.TransZ]}, R: r, S: s}
}

// restTRS is every joint's rest transform (the clip-free pose) in the
// layout lay gives (see layout.go).
func restTRS(s *anim.Skeleton, lay *layout) []trs {
	k := newBaker(s, nil, nil, false, lay)
	out := make([]trs, len(s.Joints))
	k.at(0, out)
	return out
}

// localAt is joint j's local transform at frame f on the fast path,
// evaluating only its own target (and, for J3D Basic's scale rule, its
// ancestors' scales): a clip's joints can be sampled one by one, each at
// its own keys.
func (k *baker) localAt(j int, f float64, tp *anim.TargetPose) trs {
	v, quat, fl := k.targetPose(j, f, tp, &k.scratch[0])
	s := [3]float64{v[anim.ScaleX], v[anim.ScaleY], v[anim.ScaleZ]}
	if k.skel.Mode >= anim.G3dNoScale {
		if fl&anim.FlagRotTransZero == anim.FlagRotTransZero {
			k.local = *v // v may be the joint's rest: change a copy
			v = &k.local
		}
		g3dShortcuts(k.skel.Mode, fl, v, &s)
	}
	if softImage(k.skel.Mode) {
		l, _ := softImageLocal(k.skel.Mode, v, quat, k.ancestorScale(j, f), s, k.lay.underChain(j))
		return l
	}
	if k.lay.underChain(j) {
		// The parent's scale moves the translation only (fastLocal).
		var ptp anim.TargetPose
		pv, _, _ := k.targetPose(k.skel.Joints[j].Parent, f, &ptp, &k.scratch[1])
		l := localOf(v, quat, s)
		for c := range 3 {
			l.T[c] *= pv[anim.ScaleX+anim.Slot(c)]
		}
		return l
	}
	if k.skel.Mode == anim.J3DBasic {
		// The game's float32 product from the root down (see
		// fastLocal), over the ancestors' posed scales.
		var chain [64]int
		path := chain[:0]
		for a := j; a >= 0; a = k.skel.Joints[a].Parent {
			path = append(path, a)
		}
		acc := [3]float32{1, 1, 1}
		var atp anim.TargetPose
		for i := len(path) - 1; i >= 0; i-- {
			av := v
			if a := path[i]; a != j {
				av, _, _ = k.targetPose(a, f, &atp, &k.scratch[1])
			}
			for c := range acc {
				acc[c] = acc[c] * float32(av[anim.ScaleX+anim.Slot(c)])
			}
		}
		if acc == [3]float32{1, 1, 1} {
			s = [3]float64{1, 1, 1}
		}
	}
	return localOf(v, quat, s)
}

// targetPose is joint j's local values at f as anim.Skeleton.World reads
// them (anim.Skeleton.JointLocal): its bound target's pose with the
// slots the clip leaves to the skeleton filled from the rest, or its rest.
func (k *baker) targetPose(j int, f float64, tp *anim.TargetPose, scratch *[anim.NumSlots]float64) (*[anim.NumSlots]float64, bool, anim.TransformFlags) {
	if k.bind != nil && j < len(k.bind.Target) {
		if ti := k.bind.Target[j]; ti >= 0 && ti < len(k.clip.Targets) {
			anim.EvaluateTarget(&k.clip.Targets[ti], f, tp)
			return k.skel.JointLocal(j, tp, scratch)
		}
	}
	return k.skel.JointLocal(j, nil, scratch)
}

// jointName is a joint's name, or #index for an unnamed one.
func jointName(s *anim.Skeleton, j int) string {
	if n := s.Joints[j].Name; n != "" {
		return n
	}
	return fmt.Sprintf("#%d", j)
}
