package export

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/mesh"
)

// exportedModel is one model as written: its skin, the node of each
// shape and the glTF material of each of its materials.
type exportedModel struct {
	m     *mesh.Model
	skin  *modelSkin
	nodes []int // per shape: its mesh node, -1 when not written
	mats  []matOut
}

// meshPoint is a point that moves with a joint (a corner of the box
// around the vertices the joint carries, in the joint's frame), for the
// resampling tolerances: the mesh must follow the game within bound.
type meshPoint struct {
	joint int
	local mgl64.Vec3
	bound float64
}

// MeshBound is how far an exported vertex may be from where the game
// puts it (mesh.Model.PoseInto on anim.Skeleton.World), as a share of
// the diagonal of the models' bounding box at rest: the tolerance of
// MESH-CONTRACT's posed meshes.
const MeshBound = 1e-4

// addModels writes the models posed by skel: an armature node over the
// skeleton's roots, per model one skin, per shape one mesh on a node of
// its own, the materials and their textures. It returns the points the
// resampling must keep within MeshBound.
func (b *builder) addModels(skel *anim.Skeleton, models []*mesh.Model) []meshPoint {
	// glTF skins need their joints under one common root: an armature
	// node (identity) takes the skeleton's roots.
	arm := len(b.doc.Nodes)
	name := skel.Name
	if name == "" {
		name = "armature"
	}
	b.doc.Nodes = append(b.doc.Nodes, &gltf.Node{Name: name, Children: b.doc.Scenes[0].Nodes})
	b.doc.Scenes[0].Nodes = []int{arm}
	var pts []meshPoint
	diag := restDiagonal(skel, models)
	ibm, inv := chooseIBMs(models, skel)
	for _, m := range models {
		em := &exportedModel{m: m}
		em.skin = newModelSkin(m, ibm, inv, b.skinNode, func(j int) int {
			parent, label := arm, "static (unskinned vertices)"
			if j >= 0 {
				parent = b.skinNode(j)
				label = fmt.Sprintf("%s bind %d", b.doc.Nodes[j].Name, len(b.doc.Nodes[parent].Children))
			}
			n := len(b.doc.Nodes)
			b.doc.Nodes = append(b.doc.Nodes, &gltf.Node{Name: label, Extras: map[string]any{"bindHelper": j}})
			b.doc.Nodes[parent].Children = append(b.doc.Nodes[parent].Children, n)
			return n
		})
		em.mats = b.addMaterials(m)
		b.addShapes(em)
		b.addSkin(em, arm)
		b.models = append(b.models, em)
		pts = append(pts, jointBoxes(m, len(skel.Joints), MeshBound*diag)...)
	}
	return pts
}

// restDiagonal is the diagonal of the models' bounding box at rest.
func restDiagonal(skel *anim.Skeleton, models []*mesh.Model) float64 {
	world := make([]mgl64.Mat4, len(skel.Joints))
	skel.World(nil, nil, world)
	lo := mgl64.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi := lo.Mul(-1)
	var p mesh.Pose
	for _, m := range models {
		m.PoseInto(&p, world)
		for _, s := range p.Shapes {
			for _, v := range s.Positions {
				for c := 0; c < 3; c++ {
					lo[c], hi[c] = math.Min(lo[c], v[c]), math.Max(hi[c], v[c])
				}
			}
		}
	}
	if d := hi.Sub(lo).Len(); d > 0 && !math.IsInf(d, 0) {
		return d
	}
	return 1
}

// jointBoxes are the corners of the box, in each joint's frame, around
// the points Bₖ·p of the vertices it carries (what its world matrix
// multiplies).
func jointBoxes(m *mesh.Model, joints int, bound float64) []meshPoint {
	lo := make([]mgl64.Vec3, joints)
	hi := make([]mgl64.Vec3, joints)
	for j := range lo {
		lo[j] = mgl64.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
		hi[j] = lo[j].Mul(-1)
	}
	for si := range m.Shapes {
		s := &m.Shapes[si]
		for v := range s.Skin {
			in := &s.Skin[v]
			p := vec64(s.Positions[v]).Vec4(1)
			for k := 0; k < int(in.N); k++ {
				if int(in.Entry[k]) >= len(m.Palette) {
					continue
				}
				e := &m.Palette[in.Entry[k]]
				if e.Joint < 0 || e.Joint >= joints {
					continue
				}
				q := e.InvBind.Mul4x1(p)
				for c := 0; c < 3; c++ {
					lo[e.Joint][c] = math.Min(lo[e.Joint][c], q[c])
					hi[e.Joint][c] = math.Max(hi[e.Joint][c], q[c])
				}
			}
		}
	}
	var out []meshPoint
	for j := range lo {
		if lo[j][0] > hi[j][0] || math.IsInf(lo[j][0], 0) || math.IsInf(hi[j][0], 0) {
			continue
		}
		for c := 0; c < 8; c++ {
			var q mgl64.Vec3
			for a := 0; a < 3; a++ {
				q[a] = lo[j][a]
				if c&(1<<a) != 0 {
					q[a] = hi[j][a]
				}
			}
			out = append(out, meshPoint{joint: j, local: q, bound: bound})
		}
	}
	return out
}

// shapeName is a shape's name as MESH-CONTRACT gives it.
func shapeName(s *mesh.Shape, i int) string {
	if s.Name != "" {
		return s.Name
	}
	return fmt.Sprintf("shape%d", i)
}

// addShapes writes one mesh and one node per shape that draws triangles.
func (b *builder) addShapes(em *exportedModel) {
	m := em.m
	em.nodes = make([]int, len(m.Shapes))
	for si := range m.Shapes {
		em.nodes[si] = -1
		s := &m.Shapes[si]
		name := shapeName(s, si)
		if len(s.Triangles) == 0 || len(s.Positions) == 0 || len(s.Skin) != len(s.Positions) {
			b.warns = append(b.warns, fmt.Sprintf("model %s: shape %s has no triangles; not exported", m.Name, name))
			continue
		}
		prim := &gltf.Primitive{Attributes: gltf.PrimitiveAttributes{}, Mode: gltf.PrimitiveTriangles}
		verts := make([]skinnedVertex, len(s.Positions))
		wide := false
		for v := range verts {
			verts[v] = em.skin.vertex(s, v)
			wide = wide || verts[v].n > 4
		}
		pos := make([]float32, 0, 3*len(verts))
		for _, v := range verts {
			pos = append(pos, float32(v.pos[0]), float32(v.pos[1]), float32(v.pos[2]))
		}
		prim.Attributes[gltf.POSITION] = b.f32Accessor(pos, gltf.AccessorVec3, true, gltf.TargetArrayBuffer)
		if len(s.Normals) == len(s.Positions) {
			nrm := pos[:0:0]
			for _, v := range verts {
				nrm = append(nrm, float32(v.nrm[0]), float32(v.nrm[1]), float32(v.nrm[2]))
			}
			prim.Attributes[gltf.NORMAL] = b.f32Accessor(nrm, gltf.AccessorVec3, false, gltf.TargetArrayBuffer)
		}
		for set, uv := range s.UVs {
			if len(uv) != len(s.Positions) {
				continue
			}
			buf := make([]float32, 0, 2*len(uv))
			for _, t := range uv {
				buf = append(buf, t[0], t[1])
			}
			prim.Attributes[fmt.Sprintf("TEXCOORD_%d", set)] = b.f32Accessor(buf, gltf.AccessorVec2, false, gltf.TargetArrayBuffer)
		}
		mi := -1
		if s.Material >= 0 && s.Material < len(em.mats) {
			mi = s.Material
		}
		if mi >= 0 && m.Materials[mi].VertexColor && len(s.Colors) > 0 && len(s.Colors[0]) == len(s.Positions) {
			buf := make([]float32, 0, 4*len(s.Positions))
			for _, c := range s.Colors[0] {
				for k := 0; k < 4; k++ {
					buf = append(buf, float32(math.Max(0, math.Min(1, float64(c[k])))))
				}
			}
			prim.Attributes[gltf.COLOR_0] = b.f32Accessor(buf, gltf.AccessorVec4, false, gltf.TargetArrayBuffer)
		}
		b.skinAttributes(prim, verts, len(em.skin.joints), wide)
		prim.Indices = gltf.Index(b.indexAccessor(s.Triangles, len(s.Positions)))
		if mi >= 0 {
			if g := b.shapeMaterial(em, mi, s); g >= 0 {
				prim.Material = gltf.Index(g)
			}
		}
		b.doc.Meshes = append(b.doc.Meshes, &gltf.Mesh{Name: name, Primitives: []*gltf.Primitive{prim},
			Extras: map[string]any{"model": m.Name, "shape": si, "name": name}})
		em.nodes[si] = len(b.doc.Nodes)
		// Skinned mesh nodes sit at the scene's root without a
		// transform: glTF ignores it for skinned meshes.
		b.doc.Nodes = append(b.doc.Nodes, &gltf.Node{Name: name, Mesh: gltf.Index(len(b.doc.Meshes) - 1),
			Extras: map[string]any{"model": m.Name, "shape": si}})
		b.doc.Scenes[0].Nodes = append(b.doc.Scenes[0].Nodes, em.nodes[si])
	}
}

// skinAttributes writes JOINTS_0/WEIGHTS_0 (and _1 when a vertex of the
// shape has more than 4 influences). Weights are float32 with the
// rounding put on the largest, so each vertex sums to 1 in float32 as
// closely as it can.
func (b *builder) skinAttributes(prim *gltf.Primitive, verts []skinnedVertex, joints int, wide bool) {
	sets := 1
	if wide {
		sets = 2
	}
	for set := 0; set < sets; set++ {
		w := make([]float32, 0, 4*len(verts))
		var jb []byte
		for vi := range verts {
			v := &verts[vi]
			if set == 0 {
				fixWeights(v)
			}
			for k := 4 * set; k < 4*set+4; k++ {
				j, wt := 0, 0.0
				if k < v.n {
					j, wt = v.joint[k], v.weight[k]
				}
				w = append(w, float32(wt))
				if joints <= 256 {
					jb = append(jb, byte(j))
				} else {
					jb = binary.LittleEndian.AppendUint16(jb, uint16(j))
				}
			}
		}
		ct := gltf.ComponentUbyte
		if joints > 256 {
			ct = gltf.ComponentUshort
		}
		view := b.addBytes(jb)
		b.doc.BufferViews[view].Target = gltf.TargetArrayBuffer
		b.doc.Accessors = append(b.doc.Accessors, &gltf.Accessor{BufferView: gltf.Index(view), ComponentType: ct, Count: len(verts), Type: gltf.AccessorVec4})
		prim.Attributes[fmt.Sprintf("JOINTS_%d", set)] = len(b.doc.Accessors) - 1
		prim.Attributes[fmt.Sprintf("WEIGHTS_%d", set)] = b.f32Accessor(w, gltf.AccessorVec4, false, gltf.TargetArrayBuffer)
	}
}

// fixWeights makes the float32 weights sum to 1 as closely as float32
// allows: the residual goes on the largest weight.
func fixWeights(v *skinnedVertex) {
	big := 0
	for k := 0; k < v.n; k++ {
		v.weight[k] = float64(float32(v.weight[k]))
		if v.weight[k] > v.weight[big] {
			big = k
		}
	}
	var sum float32
	for k := 0; k < v.n; k++ {
		if k != big {
			sum += float32(v.weight[k])
		}
	}
	v.weight[big] = float64(1 - sum)
}

// addSkin writes the model's skin (after its shapes, which may have added
// helper joints) and puts it on the shapes' nodes.
func (b *builder) addSkin(em *exportedModel, arm int) {
	ibm := make([]float32, 0, 16*len(em.skin.joints))
	joints := make([]int, len(em.skin.joints))
	for i, j := range em.skin.joints {
		joints[i] = j.node
		m := j.ibm
		// glTF requires the last row to be exactly (0, 0, 0, 1).
		m[3], m[7], m[11], m[15] = 0, 0, 0, 1
		for _, x := range m {
			ibm = append(ibm, float32(x))
		}
	}
	acc := b.f32Accessor(ibm, gltf.AccessorMat4, false, 0)
	b.doc.Skins = append(b.doc.Skins, &gltf.Skin{Name: em.m.Name, InverseBindMatrices: gltf.Index(acc), Skeleton: gltf.Index(arm), Joints: joints})
	skin := len(b.doc.Skins) - 1
	for _, n := range em.nodes {
		if n >= 0 {
			b.doc.Nodes[n].Skin = gltf.Index(skin)
		}
	}
}

// indexAccessor writes triangle indices: UNSIGNED_SHORT below 65535
// vertices (65535 is the primitive-restart value glTF forbids), else
// UNSIGNED_INT.
func (b *builder) indexAccessor(idx []uint32, verts int) int {
	var data []byte
	ct := gltf.ComponentUshort
	if verts < 65535 {
		data = make([]byte, 0, 2*len(idx))
		for _, i := range idx {
			data = binary.LittleEndian.AppendUint16(data, uint16(i))
		}
	} else {
		ct = gltf.ComponentUint
		data = make([]byte, 0, 4*len(idx))
		for _, i := range idx {
			data = binary.LittleEndian.AppendUint32(data, i)
		}
	}
	view := b.addBytes(data)
	b.doc.BufferViews[view].Target = gltf.TargetElementArrayBuffer
	b.doc.Accessors = append(b.doc.Accessors, &gltf.Accessor{BufferView: gltf.Index(view), ComponentType: ct, Count: len(idx), Type: gltf.AccessorScalar})
	return len(b.doc.Accessors) - 1
}

// f32Accessor stores float32 data in a buffer view of its own (target 0:
// none, as for inverse bind matrices).
func (b *builder) f32Accessor(v []float32, typ gltf.AccessorType, minMax bool, target gltf.Target) int {
	off := b.reserve(4 * len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b.bin[off+4*i:], math.Float32bits(x))
	}
	b.doc.BufferViews = append(b.doc.BufferViews, &gltf.BufferView{Buffer: 0, ByteOffset: off, ByteLength: 4 * len(v), Target: target})
	comps := int(typ.Components())
	acc := &gltf.Accessor{BufferView: gltf.Index(len(b.doc.BufferViews) - 1), ComponentType: gltf.ComponentFloat,
		Count: len(v) / comps, Type: typ}
	if minMax {
		acc.Min, acc.Max = make([]float64, comps), make([]float64, comps)
		for c := 0; c < comps; c++ {
			acc.Min[c], acc.Max[c] = math.Inf(1), math.Inf(-1)
		}
		for i, x := range v {
			c := i % comps
			acc.Min[c], acc.Max[c] = math.Min(acc.Min[c], float64(x)), math.Max(acc.Max[c], float64(x))
		}
	}
	b.doc.Accessors = append(b.doc.Accessors, acc)
	return len(b.doc.Accessors) - 1
}
