// The node layout of a skeleton whose rule keeps a joint's scale from its
// children.
//
// SoftImage (J3D's and G3d's) composes every joint from an unscaled
// chain: a child extends its parent's chain by T·R, its translation
// multiplied by the ancestors' accumulated scale, and a joint's own
// matrix is its chain times that accumulated scale. J3D Maya's (and
// Standard's) scale compensation does the same for one generation: a
// compensating child extends its parent's matrix without the parent's
// own scale, its translation times that scale (anim.Skeleton.World). In
// glTF, where a child always inherits the whole of its parent's T·R·S, a
// child of a joint scaled non-uniformly would need a shear no T·R·S
// holds, and a joint whose scale moves would hand every such child a
// counter-scale channel. So such a joint is written as two nodes: its own
// node carries the chain (T·R, scale 1), and the children that extend
// the chain hang under it; a child node of it, "NAME scale", carries the
// scale alone, is the joint the skin follows, and holds the children
// that inherit the whole matrix (Maya's non-compensating ones). Every
// world matrix is then exact, and the chain channels are the game's own
// smooth products rather than the nearest T·R·S of a sheared matrix. The
// joint's node keeps the joint's name and extras {"joint": index} (its
// world position is the joint's); the scale node has extras
// {"jointScale": index}.
//
// A joint needs no scale node where no child extends its chain (a leaf),
// and where the scale those children skip stays uniform (the same on the
// three axes, at every time: a uniform scale commutes with the child's
// rotation, so the child's node is its own T·R·S and its translation
// keeps its own curve): the layout is one node per joint there, as for
// every other rule.

package export

import (
	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/pairing"
)

// layout is which joints have a scale node (split) and which joints'
// nodes hang under their parent's chain node (chain). A nil *layout is
// one node per joint.
type layout struct {
	split, chain []bool
}

// isSplit reports whether joint j has a scale node.
func (l *layout) isSplit(j int) bool { return l != nil && j >= 0 && j < len(l.split) && l.split[j] }

// underChain reports whether joint j's node hangs under its parent's
// chain node (the parent is split, and the rule extends its chain).
func (l *layout) underChain(j int) bool { return l != nil && j >= 0 && j < len(l.chain) && l.chain[j] }

// extendsChain reports whether the rule builds joint j from its parent's
// chain, without the parent's scale: every SoftImage joint, and a
// compensating joint under J3D Maya or Standard.
func extendsChain(s *anim.Skeleton, j int) bool {
	switch s.Mode {
	case anim.J3DSoftImage, anim.G3dSoftimage:
		return true
	case anim.J3DMaya, anim.Standard:
		return s.Joints[j].ScaleCompensate
	}
	return false
}

// splitScale lays out the skeleton's nodes for the clips of a scene (see
// above): a joint is split where a child extends its chain and the scale
// that child skips (SoftImage: the accumulated scale; Maya: the joint's
// own) may leave 1 and be non-uniform, and where a child extending its
// chain is split (a chain node hangs only under a chain node). Nil when
// no joint is split.
func splitScale(s *anim.Skeleton, clips []Clip) *layout {
	if s == nil || !softImage(s.Mode) && s.Mode != anim.J3DMaya && s.Mode != anim.Standard {
		return nil
	}
	n := len(s.Joints)
	scaled := make([]bool, n) // the joint's own scale may leave 1
	skew := make([]bool, n)   // and its three axes may differ
	for j := range s.Joints {
		v := &s.Joints[j].Rest
		scaled[j] = v[anim.ScaleX] != 1 || v[anim.ScaleY] != 1 || v[anim.ScaleZ] != 1
		skew[j] = v[anim.ScaleX] != v[anim.ScaleY] || v[anim.ScaleX] != v[anim.ScaleZ]
	}
	var tp anim.TargetPose
	var scratch [anim.NumSlots]float64
	for _, c := range clips {
		if pairing.JointTargets(c.Clip) == 0 {
			continue
		}
		bind := formats.Bind(c.Clip, s)
		for j, ti := range bind.Target {
			if ti < 0 || ti >= len(c.Clip.Targets) || scaled[j] && skew[j] {
				continue
			}
			t := &c.Clip.Targets[ti]
			anim.EvaluateTarget(t, 0, &tp)
			v, _, _ := s.JointLocal(j, &tp, &scratch)
			moves := false
			for _, ch := range t.Channels {
				if ch.Slot >= anim.ScaleX && ch.Slot <= anim.ScaleZ && ch.Curve.Kind() != anim.KindConstant {
					moves = true
				}
			}
			scaled[j] = scaled[j] || moves || v[anim.ScaleX] != 1 || v[anim.ScaleY] != 1 || v[anim.ScaleZ] != 1
			skew[j] = skew[j] || v[anim.ScaleX] != v[anim.ScaleY] || v[anim.ScaleX] != v[anim.ScaleZ] || moves && !sameScaleCurves(t)
		}
	}
	order, _ := topoOrder(s)
	kids := make([]int, n) // children extending the joint's chain
	for _, j := range order {
		p := s.Joints[j].Parent
		if p < 0 {
			continue
		}
		if softImage(s.Mode) { // the accumulated scale
			scaled[j] = scaled[j] || scaled[p]
			skew[j] = skew[j] || skew[p]
		}
		if extendsChain(s, j) {
			kids[p]++
		}
	}
	var split []bool
	for i := len(order) - 1; i >= 0; i-- { // children first
		j := order[i]
		if kids[j] == 0 || !scaled[j] || !skew[j] && (split == nil || !split[j]) {
			continue
		}
		if split == nil {
			split = make([]bool, n)
		}
		split[j] = true
		for a := j; extendsChain(s, a); {
			p := s.Joints[a].Parent
			if p < 0 || !scaled[p] || split[p] {
				break
			}
			split[p] = true
			a = p
		}
	}
	if split == nil {
		return nil
	}
	l := &layout{split: split, chain: make([]bool, n)}
	for j := range s.Joints {
		p := s.Joints[j].Parent
		l.chain[j] = p >= 0 && split[p] && extendsChain(s, j)
	}
	return l
}

// sameScaleCurves reports whether a target's three scale slots have one
// curve: the same kind, keys and values (checked between the keys too).
func sameScaleCurves(t *anim.Target) bool {
	x, okX := t.Channel(anim.ScaleX)
	y, okY := t.Channel(anim.ScaleY)
	z, okZ := t.Channel(anim.ScaleZ)
	if !okX || !okY || !okZ {
		return false
	}
	return sameCurve(x.Curve, y.Curve) && sameCurve(x.Curve, z.Curve)
}

func sameCurve(a, b anim.Curve) bool {
	if a.Kind() != b.Kind() || a.NumKeys() != b.NumKeys() {
		return false
	}
	for i := range a.NumKeys() {
		ka := a.Key(i)
		if ka != b.Key(i) {
			return false
		}
		if i > 0 {
			f := (a.Key(i-1).Frame + ka.Frame) / 2
			if a.Eval(f) != b.Eval(f) {
				return false
			}
		}
	}
	return true
}

// softImage reports whether the rule keeps scale out of the chain
// (J3D's and G3d's SoftImage: see layout.go).
func softImage(m anim.HierarchyMode) bool { return m == anim.J3DSoftImage || m == anim.G3dSoftimage }

// softImageLocal is a SoftImage joint's node transform in the layout
// splitScale chose, given its local values, its own scale s and its
// ancestors' accumulated scale acc; it returns the accumulated scale
// with its own too (J3D multiplies in float32, as the game and
// anim.Skeleton.World do). Under a parent's chain node (chain) the
// translation carries acc and the scale (on the joint's scale node where
// it has one) is the whole accumulated scale. Under an unsplit parent,
// whose accumulated scale is uniform, the node is the joint's own T·R·S:
// the scale the accumulated one over the parent's, the same number the
// game multiplied in.
func softImageLocal(mode anim.HierarchyMode, v *[anim.NumSlots]float64, quat bool, acc, s [3]float64, chain bool) (trs, [3]float64) {
	out := localOf(v, quat, s)
	var own [3]float64
	for c := range 3 {
		if mode == anim.J3DSoftImage {
			own[c] = float64(float32(acc[c]) * float32(s[c]))
		} else {
			own[c] = acc[c] * s[c]
		}
		if chain {
			out.T[c] *= acc[c]
			out.S[c] = own[c]
		} else {
			out.S[c] = own[c] / acc[c]
		}
	}
	return out, own
}

// ancestorScale is the accumulated scale of joint j's ancestors at
// frame f under SoftImage, from the root down (the J3D product in
// float32, as the game and anim.Skeleton.World form it).
func (k *baker) ancestorScale(j int, f float64) [3]float64 {
	var chain [64]int
	path := chain[:0]
	for a := k.skel.Joints[j].Parent; a >= 0; a = k.skel.Joints[a].Parent {
		path = append(path, a)
	}
	acc := [3]float64{1, 1, 1}
	var atp anim.TargetPose
	for i := len(path) - 1; i >= 0; i-- {
		a := path[i]
		av, _, afl := k.targetPose(a, f, &atp, &k.scratch[1])
		as := [3]float64{av[anim.ScaleX], av[anim.ScaleY], av[anim.ScaleZ]}
		if k.skel.Mode == anim.G3dSoftimage && afl&anim.FlagScaleOne == anim.FlagScaleOne {
			as = [3]float64{1, 1, 1}
		}
		for c := range acc {
			if k.skel.Mode == anim.J3DSoftImage {
				acc[c] = float64(float32(acc[c]) * float32(as[c]))
			} else {
				acc[c] *= as[c]
			}
		}
	}
	return acc
}
