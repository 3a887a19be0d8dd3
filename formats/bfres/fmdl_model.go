package bfres

import (
	"encoding/binary"
	"fmt"

	"github.com/animscope/animscope/mesh"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// An FMDL's shapes, vertex buffers and materials become one mesh.Model
// (Model.Mesh). Both platforms' layouts are read into the raw structs
// below (fmdl_shp.go, fmdl_mat.go); buildMesh turns them into the
// format-neutral model.
//
// Skinning follows nn::g3d (MESH-FACTS B.6, the same on both platforms).
// The skeleton's matrix palette has S smooth entries then R rigid ones;
// MatrixToBone[k] is entry k's bone. Per frame the runtime computes
//
//	Pal[k] = World[MatrixToBone[k]] · InverseModel[k]   for k < S
//	Pal[k] = World[MatrixToBone[k]]                      for k ≥ S
//
// and places a vertex of a shape whose vertex-skin count is
//
//	0: World[shape bone] · p  (p in that bone's space)
//	1: Pal[_i0] · p           (weight implicitly 1; stored weights ignored)
//	n ≥ 2: Σ_k w_k · Pal[_i_k] · p over the first n (index, weight) pairs.
//
// In mesh terms: palette entry k (k < S+R) is {Joint: MatrixToBone[k],
// InvBind: InverseModel[k] for smooth entries, identity for rigid ones};
// skin-0 shapes add one entry {Joint: shape bone, InvBind: identity} per
// bone they use, after the S+R. A vertex's influences name those entries
// with their weights, so mesh.Model.PoseInto computes exactly the sums
// above. Index attributes past the S+R entries are problems, dropped.

// primitive is a primitive type of either platform.
type primitive uint8

const (
	// primOther is any type that is not triangles (points, lines,
	// adjacency forms) or that the console's table does not list.
	primOther primitive = iota
	primTriangles
	primStrip
	primFan
	primQuads
	primRects
)

// rawShape is an FSHP's LOD 0 as read.
type rawShape struct {
	name                     string
	material, bone, vertices int
	skin                     int
	prim                     primitive
	// indices are LOD 0's stored vertex indices (sub-meshes
	// concatenated), before triangulation; base (the first vertex) is
	// added to every index after it.
	indices []uint32
	base    uint32
	// restart is the strip-restart index of the index format.
	restart uint32
	err     error // the shape could not be read: it draws nothing
}

// rawModel is everything of an FMDL the mesh is built from.
type rawModel struct {
	order     binary.ByteOrder
	vertices  []*rawVertices // nil where the FVTX could not be read
	vtxErrs   []error
	shapes    []rawShape
	materials []mesh.Material
	problems  []string
}

func (r *rawModel) problem(format string, args ...any) {
	r.problems = append(r.problems, fmt.Sprintf(format, args...))
}

// decodedVertices are an FVTX's attributes that the mesh uses.
type decodedVertices struct {
	pos, nrm [][4]float32
	colors   [][][4]float32
	uvs      [][][4]float32
	idx, wgt [2][][4]float32 // _i0/_i1, _w0/_w1
	err      error
}

func (r *rawModel) decodeVertices(i int) *decodedVertices {
	v := r.vertices[i]
	dv := &decodedVertices{}
	if v == nil {
		dv.err = r.vtxErrs[i]
		return dv
	}
	get := func(name string) [][4]float32 {
		a, err := v.attrib(name, r.order)
		if err != nil {
			r.problem("vertex buffer %d: %v; left out", i, err)
		}
		return a
	}
	if dv.pos, dv.err = v.attrib("_p0", r.order); dv.err == nil && dv.pos == nil && v.count > 0 {
		dv.err = fmt.Errorf("no _p0 positions")
	}
	dv.nrm = get("_n0")
	for k := 0; k < 8; k++ {
		if c := get(fmt.Sprintf("_c%d", k)); c != nil {
			dv.colors = append(dv.colors, c)
		}
	}
	for k := 0; k < 8; k++ {
		if u := get(fmt.Sprintf("_u%d", k)); u != nil {
			dv.uvs = append(dv.uvs, u)
		}
	}
	for k := 0; k < 2; k++ {
		dv.idx[k] = get(fmt.Sprintf("_i%d", k))
		dv.wgt[k] = get(fmt.Sprintf("_w%d", k))
	}
	return dv
}

// mat3x4 makes a 4x4 matrix of 12 floats stored row by row.
func mat3x4(m *[12]float32) mgl64.Mat4 {
	var out mgl64.Mat4
	for r := 0; r < 3; r++ {
		for c := 0; c < 4; c++ {
			out[c*4+r] = float64(m[r*4+c])
		}
	}
	out[15] = 1
	return out
}

// buildMesh makes the mesh model of FMDL m (skeleton index skel in the
// file's skeleton list) from what was read.
func buildMesh(m *Model, skel int, r *rawModel) *mesh.Model {
	out := &mesh.Model{Name: m.Name, Skeleton: skel, Materials: r.materials}
	s := m.Skeleton
	numPal := 0
	var numBones int
	if s != nil {
		numBones = len(s.Bones)
		numPal = len(s.MatrixToBone)
		for k, b := range s.MatrixToBone {
			e := mesh.PaletteEntry{Joint: int(b), InvBind: mgl64.Ident4()}
			if k < int(s.NumSmooth) {
				switch {
				case k < len(s.InverseModelMatrices):
					e.InvBind = mat3x4(&s.InverseModelMatrices[k])
				case int(b) < len(s.Bones) && s.Bones[b].InverseMatrix != nil:
					e.InvBind = mat3x4(s.Bones[b].InverseMatrix) // FRES < 3.4
				default:
					r.problem("smooth matrix %d (bone %d) has no inverse model matrix; its vertices are placed unbound", k, b)
				}
			}
			out.Palette = append(out.Palette, e)
		}
	}
	boneEntry := map[int]int{}
	decoded := make([]*decodedVertices, len(r.vertices))
	// Shapes may share an FVTX, but each copies its vertices: a file
	// whose shapes copy far more vertices than its buffers hold is
	// hostile, not a model.
	budget := 1 << 16
	for _, v := range r.vertices {
		if v != nil {
			budget += 4 * v.count
		}
	}
	for si := range r.shapes {
		rs := &r.shapes[si]
		sh := mesh.Shape{Name: rs.name, Material: rs.material, Bone: rs.bone, HasBone: true}
		if rs.err != nil {
			r.problem("shape %s: %v; not drawn", rs.name, rs.err)
			out.Shapes = append(out.Shapes, sh)
			continue
		}
		if rs.vertices < 0 || rs.vertices >= len(r.vertices) {
			r.problem("shape %s: vertex buffer %d does not exist (%d); not drawn", rs.name, rs.vertices, len(r.vertices))
			out.Shapes = append(out.Shapes, sh)
			continue
		}
		if decoded[rs.vertices] == nil {
			decoded[rs.vertices] = r.decodeVertices(rs.vertices)
		}
		dv := decoded[rs.vertices]
		if dv.err == nil && len(dv.pos) > budget {
			r.problem("shape %s: its vertex buffer is shared by too many shapes; not drawn", rs.name)
			out.Shapes = append(out.Shapes, sh)
			continue
		}
		budget -= len(dv.pos)
		if dv.err != nil {
			r.problem("shape %s: vertex buffer %d: %v; not drawn", rs.name, rs.vertices, dv.err)
			out.Shapes = append(out.Shapes, sh)
			continue
		}
		sh.Triangles = triangulate(rs.prim, rs.indices, rs.restart)
		for t := range sh.Triangles {
			sh.Triangles[t] += rs.base
		}
		if rs.prim == primOther && len(rs.indices) > 0 {
			r.problem("shape %s: its primitives are not triangles; not drawn", rs.name)
		}
		sel := drawnVertices(rs, sh.Triangles, len(dv.pos))
		sh.Positions = vecs(dv.pos, sel, vec3)
		if dv.nrm != nil {
			sh.Normals = vecs(dv.nrm, sel, vec3)
		}
		for _, c := range dv.colors {
			sh.Colors = append(sh.Colors, vecs(c, sel, func(v [4]float32) mgl32.Vec4 { return v }))
		}
		for _, u := range dv.uvs {
			sh.UVs = append(sh.UVs, vecs(u, sel, func(v [4]float32) mgl32.Vec2 { return mgl32.Vec2{v[0], v[1]} }))
		}
		if rs.material >= 0 && rs.material < len(r.materials) {
			if info, ok := r.materials[rs.material].Native.(*MaterialInfo); ok && info.FrontCW {
				for t := 0; t+2 < len(sh.Triangles); t += 3 {
					sh.Triangles[t+1], sh.Triangles[t+2] = sh.Triangles[t+2], sh.Triangles[t+1]
				}
			}
		}
		sh.Skin = r.skin(rs, dv, sel, numPal, numBones, boneEntry, &out.Palette)
		out.Shapes = append(out.Shapes, sh)
	}
	for _, p := range r.problems {
		out.Problems = append(out.Problems, "model "+m.Name+": "+p)
	}
	return out
}

// drawnVertices lists, in buffer order, the vertices of an FVTX of n
// vertices that shape rs draws at LOD 0: those its triangles (tris, the
// base vertex added) reference, or for primitives that are not
// triangles (lines, points) those its indices reference. A shape's FVTX
// also holds the vertices of its other LODs, which LOD 0 never draws.
// The triangles are renumbered to the list in place. Nil means every
// vertex in order: an index past the buffer leaves the triangles as they
// are, for mesh.Check to report.
func drawnVertices(rs *rawShape, tris []uint32, n int) []int {
	used := make([]bool, n)
	mark := func(ix []uint32, base uint32) bool {
		for _, v := range ix {
			if v += base; int64(v) >= int64(n) {
				return false
			}
			used[v] = true
		}
		return true
	}
	if ok := mark(tris, 0); !ok || rs.prim == primOther && !mark(rs.indices, rs.base) {
		return nil
	}
	newIndex := make([]uint32, n)
	var sel []int
	for v, u := range used {
		if u {
			newIndex[v] = uint32(len(sel))
			sel = append(sel, v)
		}
	}
	for t, v := range tris {
		tris[t] = newIndex[v]
	}
	if sel == nil {
		sel = []int{}
	}
	return sel
}

// vecs converts the decoded values at indices sel (nil: all of them, in
// order) with conv.
func vecs[T any](vals [][4]float32, sel []int, conv func([4]float32) T) []T {
	if sel == nil {
		out := make([]T, len(vals))
		for i, v := range vals {
			out[i] = conv(v)
		}
		return out
	}
	out := make([]T, len(sel))
	for i, v := range sel {
		out[i] = conv(vals[v])
	}
	return out
}

func vec3(v [4]float32) mgl32.Vec3 { return mgl32.Vec3{v[0], v[1], v[2]} }

// skin gives every vertex of shape rs that it draws (sel, as
// drawnVertices lists them) its influences (see the comment at the top of
// this file).
func (r *rawModel) skin(rs *rawShape, dv *decodedVertices, sel []int, numPal, numBones int, boneEntry map[int]int, palette *[]mesh.PaletteEntry) []mesh.Influences {
	n := len(dv.pos)
	if sel != nil {
		n = len(sel)
	}
	skin := make([]mesh.Influences, n)
	if rs.skin == 0 {
		if rs.bone < 0 || rs.bone >= numBones {
			r.problem("shape %s: bone %d does not exist (%d bones); drawn unposed", rs.name, rs.bone, numBones)
			return nil
		}
		e, ok := boneEntry[rs.bone]
		if !ok {
			e = len(*palette)
			boneEntry[rs.bone] = e
			*palette = append(*palette, mesh.PaletteEntry{Joint: rs.bone, InvBind: mgl64.Ident4()})
		}
		for i := range skin {
			skin[i] = mesh.Influences{N: 1, Entry: [mesh.MaxInfluences]uint16{uint16(e)}, Weight: [mesh.MaxInfluences]float32{1}}
		}
		return skin
	}
	count := min(rs.skin, mesh.MaxInfluences)
	if rs.skin > mesh.MaxInfluences {
		r.problem("shape %s: vertex skin count %d; only the first %d influences are used", rs.name, rs.skin, mesh.MaxInfluences)
	}
	for k := 0; k*4 < count; k++ {
		if dv.idx[k] == nil || len(dv.idx[k]) != len(dv.pos) {
			r.problem("shape %s: skin count %d but no _i%d indices; drawn unposed", rs.name, rs.skin, k)
			return nil
		}
		if count > 1 && (dv.wgt[k] == nil || len(dv.wgt[k]) != len(dv.pos)) {
			r.problem("shape %s: skin count %d but no _w%d weights; drawn unposed", rs.name, rs.skin, k)
			return nil
		}
	}
	bad := 0
	for i := range skin {
		in, v := &skin[i], i
		if sel != nil {
			v = sel[i]
		}
		for k := 0; k < count; k++ {
			ix := dv.idx[k/4][v][k%4]
			w := float32(1)
			if count > 1 {
				w = dv.wgt[k/4][v][k%4]
				if w == 0 {
					continue
				}
			}
			if ix < 0 || int(ix) >= numPal || float32(int(ix)) != ix {
				bad++
				continue
			}
			in.Entry[in.N], in.Weight[in.N] = uint16(ix), w
			in.N++
		}
	}
	if bad > 0 {
		r.problem("shape %s: %d skin indices past the matrix-to-bone list (%d entries); dropped", rs.name, bad, numPal)
	}
	return skin
}

// triangulate expands LOD 0's primitives into triangles.
func triangulate(p primitive, ix []uint32, restart uint32) []uint32 {
	var out []uint32
	switch p {
	case primTriangles:
		n := len(ix) / 3 * 3
		out = append(out, ix[:n]...)
	case primQuads:
		for q := 0; q+3 < len(ix); q += 4 {
			out = append(out, ix[q], ix[q+1], ix[q+2], ix[q], ix[q+2], ix[q+3])
		}
	case primRects:
		// GX2 rects: three corners, the fourth completes the parallelogram;
		// it has no vertex of its own, so only the given triangle is drawn.
		for q := 0; q+2 < len(ix); q += 3 {
			out = append(out, ix[q], ix[q+1], ix[q+2])
		}
	case primStrip, primFan:
		start := 0
		for i := 0; i <= len(ix); i++ {
			if i < len(ix) && ix[i] != restart {
				continue
			}
			run := ix[start:i]
			for t := 2; t < len(run); t++ {
				switch {
				case p == primFan:
					out = append(out, run[0], run[t-1], run[t])
				case t%2 == 0:
					out = append(out, run[t-2], run[t-1], run[t])
				default:
					out = append(out, run[t-1], run[t-2], run[t])
				}
			}
			start = i + 1
		}
	}
	return out
}

// readIndices decodes the indices of size bytes (1, 2 or 4) in b.
func readIndices(b []byte, size int, order binary.ByteOrder) []uint32 {
	out := make([]uint32, len(b)/size)
	for i := range out {
		switch size {
		case 1:
			out[i] = uint32(b[i])
		case 2:
			out[i] = uint32(order.Uint16(b[2*i:]))
		default:
			out[i] = order.Uint32(b[4*i:])
		}
	}
	return out
}

// Meshes builds the mesh model of every FMDL that has shapes (or could
// not read them), each posed by its own skeleton: Model.Skeleton is that
// skeleton's index in Skeletons(). Every call builds new models.
func (f *File) Meshes() []*mesh.Model {
	var out []*mesh.Model
	skel := 0
	for i := range f.Models {
		m := &f.Models[i]
		idx := -1
		if m.Skeleton != nil {
			idx = skel
			skel++
		}
		if m.raw == nil || len(m.raw.shapes) == 0 && len(m.raw.problems) == 0 {
			continue
		}
		r := *m.raw
		r.problems = append([]string(nil), m.raw.problems...)
		r.materials = make([]mesh.Material, len(m.raw.materials))
		for k, mat := range m.raw.materials {
			mat.Textures = append([]mesh.TextureSlot(nil), mat.Textures...)
			r.materials[k] = mat
		}
		out = append(out, buildMesh(m, idx, &r))
	}
	return out
}
