package export

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/mesh"
)

// The skin of an exported model.
//
// The game (mesh.Model.PoseInto) puts a vertex at
//
//	P = Σₖ wₖ · W[jₖ] · Bₖ · p
//
// over its influences k, W[j] the joint's world matrix and Bₖ the
// palette entry's InvBind: the identity for a rigid vertex stored in its
// joint's space, the joint's inverse bind for a smooth vertex stored in
// bind space. A palette may hold several entries per joint (a rigid one
// and a smooth one, J3D and BFRES both). A glTF player computes
//
//	P = Σᵢ vᵢ · J[i] · IBM[i] · p′
//
// with one IBM per skin joint i and one stored position p′ per vertex.
// The export makes the two equal for every pose W:
//
//  1. Each skeleton joint j is skin joint j with one IBMⱼ, the same in
//     every model's skin (chooseIBMs): the InvBind most of the influences
//     of multi-joint vertices give it (a smooth skin's inverse bind), else
//     the inverse of the joint's rest world matrix, so the bind pose a
//     glTF importer shows is the model at rest.
//  2. A vertex's influences are grouped by joint: wⱼ = Σ wₖ and the
//     averaged matrix Aⱼ = Σ wₖ·Bₖ / wⱼ over the group (the weighted sum
//     of matrices the game forms, J3D's envelope blend). The vertex needs
//     IBMⱼ·p′ = Aⱼ·p for every joint j it follows, so p′ = IBMⱼ⁻¹·Aⱼ·p;
//     when that point is the same for all of its joints (always for a
//     one-joint vertex, rigid or smooth; for a smooth vertex whose entries
//     carry the IBMs chosen in 1) it is stored with weights wⱼ on the
//     joint nodes. Then Σ wⱼ·W[j]·IBMⱼ·p′ = Σ wⱼ·W[j]·Aⱼ·p = P exactly.
//  3. A vertex whose joints disagree (a rigid entry mixed with a smooth
//     one on another joint, or two inverse binds for one joint) keeps p′ =
//     p, and each influence k follows a skin joint whose IBM is Bₖ: the
//     joint node itself where Bₖ is IBMⱼ, else a helper node, a child of
//     joint j's node with the identity transform (so its world matrix is
//     W[j]) and IBM = Bₖ. Exact again, at the cost of an extra node per
//     such (joint, InvBind) pair.
//  4. A vertex without influences, or following an entry whose joint the
//     skeleton lacks (mesh.Model.Check sets it to -1; SkinMatrices then
//     gives the identity), follows the "static" helper: a node that never
//     moves, IBM = identity, so the vertex stays where it is stored.
//
// Normals go through the linear part of the same matrices (PoseInto's
// rule: normalised Σ wₖ·lin(W·Bₖ)·n): n′ = lin(IBMⱼ⁻¹·Aⱼ)·n, which must
// agree between the joints as the positions must (else rule 3), stored
// normalised — a common scale of n′ does not change the normalised
// result.
//
// Weights are written normalised (glTF requires it); mesh.Model.Check has
// already scaled any vertex whose weights sum further than 1e-3 from 1,
// and a vertex within that slack is off by |1 − Σw|·|its position|.
// Influences with weight ≤ 0 are dropped (glTF forbids negative weights).

// skinJoint is one joint of the glTF skin: a node and its inverse bind
// matrix.
type skinJoint struct {
	node int
	ibm  mgl64.Mat4
}

// helperKey is a (joint, InvBind) pair that needs a helper node (rule 3).
type helperKey struct {
	joint int
	ibm   mgl64.Mat4
}

// modelSkin is the skin of one model and the way its palette maps onto it.
type modelSkin struct {
	model  *mesh.Model
	joints []skinJoint
	// ibm and inv are per skeleton joint IBMⱼ and its inverse (rule 1).
	ibm, inv []mgl64.Mat4
	helpers  map[helperKey]int // skin joint index of each helper
	static   int               // skin joint of the static node, -1 until needed
	// newHelper adds a node for (joint, InvBind) (joint -1: the static
	// node) and returns its index.
	newHelper func(joint int) int
}

// skinnedVertex is one exported vertex: p′, n′ and up to 8 (skin joint,
// weight) pairs.
type skinnedVertex struct {
	pos, nrm mgl64.Vec3
	n        int
	joint    [mesh.MaxInfluences]int
	weight   [mesh.MaxInfluences]float64
}

// chooseIBMs picks every joint's IBM (rule 1) over all the models the
// skeleton poses, so that every skin of the file gives a joint the same
// IBM (an importer such as Blender's takes one bind pose per joint from
// them): the InvBind most influences of multi-joint vertices give it, a
// tie going to the inverse of the joint's rest world, which is also the
// IBM of a joint no multi-joint vertex follows. It returns the IBMs and
// their inverses.
func chooseIBMs(models []*mesh.Model, skel *anim.Skeleton) (ibm, inv []mgl64.Mat4) {
	n := len(skel.Joints)
	rest := make([]mgl64.Mat4, n)
	skel.World(nil, nil, rest)
	type vote struct {
		m     mgl64.Mat4
		count int
	}
	votes := make([][]vote, n)
	for _, m := range models {
		for si := range m.Shapes {
			s := &m.Shapes[si]
			for v := range s.Skin {
				in := &s.Skin[v]
				if !multiJoint(m, in) {
					continue
				}
				for k := 0; k < int(in.N); k++ {
					e := &m.Palette[in.Entry[k]]
					if e.Joint < 0 || e.Joint >= n || !(in.Weight[k] > 0) {
						continue
					}
					vs := votes[e.Joint]
					found := false
					for i := range vs {
						if sameMatrix(&vs[i].m, &e.InvBind) {
							vs[i].count++
							found = true
							break
						}
					}
					if !found && len(vs) < 16 {
						votes[e.Joint] = append(vs, vote{e.InvBind, 1})
					}
				}
			}
		}
	}
	ibm, inv = make([]mgl64.Mat4, n), make([]mgl64.Mat4, n)
	for j := 0; j < n; j++ {
		restInv := mgl64.Ident4()
		if r := rest[j]; invertible(&r) {
			restInv = affineInverse(r)
		}
		best, bestCount := restInv, 0
		for _, v := range votes[j] {
			if !invertible(&v.m) {
				continue
			}
			if v.count > bestCount || v.count == bestCount && sameMatrix(&v.m, &restInv) {
				best, bestCount = v.m, v.count
			}
		}
		ibm[j], inv[j] = best, affineInverse(best)
	}
	return ibm, inv
}

// newModelSkin is a model's skin over the joints with the IBMs
// chooseIBMs gave. jointNode maps a skeleton joint to its node;
// newHelper adds a helper node (rule 3; joint -1: the static node).
func newModelSkin(m *mesh.Model, ibm, inv []mgl64.Mat4, jointNode func(int) int, newHelper func(joint int) int) *modelSkin {
	ms := &modelSkin{model: m, ibm: ibm, inv: inv, helpers: map[helperKey]int{}, static: -1, newHelper: newHelper}
	for j := range ibm {
		ms.joints = append(ms.joints, skinJoint{node: jointNode(j), ibm: ibm[j]})
	}
	return ms
}

// multiJoint reports whether a vertex follows more than one joint.
func multiJoint(m *mesh.Model, in *mesh.Influences) bool {
	first := -2
	for k := 0; k < int(in.N); k++ {
		if in.Weight[k] <= 0 {
			continue
		}
		j := m.Palette[in.Entry[k]].Joint
		if first == -2 {
			first = j
		} else if j != first {
			return true
		}
	}
	return false
}

// vertex computes vertex v of shape s for the glTF skin (rules 2–4).
func (ms *modelSkin) vertex(s *mesh.Shape, v int) skinnedVertex {
	p := vec64(s.Positions[v])
	var nrm mgl64.Vec3
	hasN := len(s.Normals) == len(s.Positions)
	if hasN {
		nrm = vec64(s.Normals[v])
	}
	in := &s.Skin[v]
	type group struct {
		joint int
		w     float64
		a     mgl64.Mat4
	}
	var groups [mesh.MaxInfluences]group
	ng := 0
	total := 0.0
	for k := 0; k < int(in.N); k++ {
		w := float64(in.Weight[k])
		if !(w > 0) || int(in.Entry[k]) >= len(ms.model.Palette) {
			continue
		}
		e := &ms.model.Palette[in.Entry[k]]
		j, b := e.Joint, e.InvBind
		if j < 0 || j >= len(ms.ibm) {
			j, b = -1, mgl64.Ident4() // SkinMatrices' identity
		}
		gi := 0
		for gi < ng && groups[gi].joint != j {
			gi++
		}
		if gi == ng {
			groups[ng] = group{joint: j}
			ng++
		}
		g := &groups[gi]
		g.w += w
		for i := range g.a {
			g.a[i] += w * b[i]
		}
		total += w
	}
	var out skinnedVertex
	if ng == 0 {
		out.pos, out.nrm = p, unitOr(nrm)
		out.n, out.joint[0], out.weight[0] = 1, ms.staticJoint(), 1
		return out
	}
	// Rule 2: p′ and n′ per joint group.
	agree := true
	for gi := 0; gi < ng; gi++ {
		g := &groups[gi]
		for i := range g.a {
			g.a[i] /= g.w
		}
		m := g.a
		if g.joint >= 0 {
			m = ms.inv[g.joint].Mul4(g.a)
		}
		q := m.Mul4x1(p.Vec4(1)).Vec3()
		nq := m.Mul4x1(nrm.Vec4(0)).Vec3()
		if gi == 0 {
			out.pos, out.nrm = q, nq
			continue
		}
		if !closeVec(q, out.pos) || hasN && !closeVec(nq, out.nrm) {
			agree = false
			break
		}
	}
	if agree {
		out.nrm = unitOr(out.nrm)
		for gi := 0; gi < ng; gi++ {
			out.joint[gi] = ms.jointOf(groups[gi].joint)
			out.weight[gi] = groups[gi].w / total
		}
		out.n = ng
		return out
	}
	// Rule 3: p′ = p, each influence on the skin joint whose IBM is its
	// InvBind.
	out = skinnedVertex{pos: p, nrm: unitOr(nrm)}
	for k := 0; k < int(in.N); k++ {
		w := float64(in.Weight[k])
		if !(w > 0) || int(in.Entry[k]) >= len(ms.model.Palette) {
			continue
		}
		e := &ms.model.Palette[in.Entry[k]]
		var sj int
		switch {
		case e.Joint < 0 || e.Joint >= len(ms.ibm):
			sj = ms.staticJoint()
		case sameMatrix(&e.InvBind, &ms.ibm[e.Joint]):
			sj = e.Joint
		default:
			sj = ms.helper(e.Joint, e.InvBind)
		}
		i := 0
		for i < out.n && out.joint[i] != sj {
			i++
		}
		if i == out.n {
			out.joint[i] = sj
			out.n++
		}
		out.weight[i] += w / total
	}
	return out
}

// jointOf is the skin joint of skeleton joint j (-1: the static node).
func (ms *modelSkin) jointOf(j int) int {
	if j < 0 {
		return ms.staticJoint()
	}
	return j
}

func (ms *modelSkin) staticJoint() int {
	if ms.static < 0 {
		ms.static = len(ms.joints)
		ms.joints = append(ms.joints, skinJoint{node: ms.newHelper(-1), ibm: mgl64.Ident4()})
	}
	return ms.static
}

func (ms *modelSkin) helper(j int, b mgl64.Mat4) int {
	key := helperKey{j, b}
	if i, ok := ms.helpers[key]; ok {
		return i
	}
	for k, i := range ms.helpers { // a matrix equal within rounding
		if k.joint == j && sameMatrix(&k.ibm, &b) {
			return i
		}
	}
	i := len(ms.joints)
	ms.helpers[key] = i
	ms.joints = append(ms.joints, skinJoint{node: ms.newHelper(j), ibm: b})
	return i
}

// sameMatrix compares two matrices entry by entry, relative to their
// size: the same stored matrix read twice, or rounding apart.
func sameMatrix(a, b *mgl64.Mat4) bool {
	for i := range a {
		if math.Abs(a[i]-b[i]) > 1e-9*math.Max(1, math.Abs(a[i])) {
			return false
		}
	}
	return true
}

// closeVec compares two per-joint candidates of p′ or n′ (rounding apart
// at most).
func closeVec(a, b mgl64.Vec3) bool {
	return a.Sub(b).Len() <= 1e-9*math.Max(1, math.Max(a.Len(), b.Len()))
}

// invertible reports whether m is an affine matrix (last row 0, 0, 0, 1
// within rounding) with an invertible linear part.
func invertible(m *mgl64.Mat4) bool {
	d := m.Mat3().Det()
	return !math.IsNaN(d) && math.Abs(d) > 1e-12 &&
		math.Abs(m[3])+math.Abs(m[7])+math.Abs(m[11])+math.Abs(m[15]-1) < 1e-9
}

// affineInverse inverts an affine matrix, its last row exactly
// (0, 0, 0, 1).
func affineInverse(m mgl64.Mat4) mgl64.Mat4 {
	m[3], m[7], m[11], m[15] = 0, 0, 0, 1
	i := m.Inv()
	i[3], i[7], i[11], i[15] = 0, 0, 0, 1
	return i
}

func vec64(v [3]float32) mgl64.Vec3 {
	return mgl64.Vec3{float64(v[0]), float64(v[1]), float64(v[2])}
}

// unitOr normalises n; a zero or non-finite normal becomes +Z (glTF
// requires unit normals; PoseInto leaves such a normal zero).
func unitOr(n mgl64.Vec3) mgl64.Vec3 {
	l := n.Len()
	if !(l > 0) || math.IsInf(l, 0) {
		return mgl64.Vec3{0, 0, 1}
	}
	return n.Mul(1 / l)
}
