package j3d

import (
	"fmt"

	"github.com/animscope/animscope/formats/internal/bin"
	"github.com/animscope/animscope/mesh"
	"github.com/go-gl/mathgl/mgl32"
)

// GX primitives (the opcode's top five bits; the low three pick the
// vertex format, always 0 in J3D).
const (
	primQuads         = 0x80
	primQuads2        = 0x88 // also quads on the hardware
	primTriangles     = 0x90
	primTriangleStrip = 0x98
	primTriangleFan   = 0xA0
	primLines         = 0xA8
	primLineStrip     = 0xB0
	primPoints        = 0xB8
)

// dlField is one field of a display-list vertex.
type dlField struct {
	attr    int   // GX attribute (NRM also for NBT)
	typ     uint8 // attrDirect, attrIndex8, attrIndex16
	size    int   // bytes in the display list
	indices int   // 3 for NBT3 (three normal indices), else 1
	array   *VertexArray
}

// vkey identifies a distinct vertex of a shape: the index (or, for
// inline data, a unique negative id) of each attribute, and the draw
// matrix it is skinned with.
type vkey struct {
	idx [12]int32 // POS, NRM, CLR0, CLR1, TEX0..7
	drw int32
}

// shapeBuilder turns one SHP1 shape into a mesh.Shape: display lists
// walked group by group with the game's 10 matrix slots, every distinct
// (attribute indices, draw matrix) vertex once.
type shapeBuilder struct {
	sd     *ShapeData
	out    *mesh.Shape
	fields []dlField
	vsize  int
	keys   map[vkey]int32
	// slots hold the draw matrix index each GX position-matrix slot was
	// last loaded with in this shape (-1: never).
	slots [maxSlots]int32
	skin  func(d int) (mesh.Influences, bool)
	// uvSets and colorSets are 1 + the highest set the vertices carry.
	uvSets, colorSets int
	direct            int32
	// counts for the problems and info
	badIndex, badSlot, badMatrix, badOpcode int
	badIndexAttr                            int
	lines, points                           int
	truncated                               bool
}

// buildShape decodes shape sd; skin resolves a draw matrix to its
// influences (false when it does not exist). It returns a description of
// what could not be read ("" when all was).
func buildShape(sd *ShapeData, vtx *VTX1, skin func(int) (mesh.Influences, bool), out *mesh.Shape) (problems []string, lines, points int) {
	b := &shapeBuilder{sd: sd, out: out, keys: map[vkey]int32{}, skin: skin}
	for i := range b.slots {
		b.slots[i] = -1
	}
	if err := b.layout(vtx); err != nil {
		return []string{err.Error()}, 0, 0
	}
	b.reserve()
	for g := range sd.Groups {
		grp := &sd.Groups[g]
		// Loading the group's matrices: an 0xFFFF entry, or a slot past
		// a short table, keeps what an earlier group loaded.
		for k, d := range grp.Table {
			if k < maxSlots && d != 0xFFFF {
				b.slots[k] = int32(d)
			}
		}
		b.displayList(grp)
	}
	b.finish()
	if b.badOpcode > 0 {
		problems = append(problems, fmt.Sprintf("%d display lists hold a command that is not a primitive; the rest of each list is skipped", b.badOpcode))
	}
	if b.truncated {
		problems = append(problems, "a display list's primitive runs past its end; the primitive is skipped")
	}
	if b.badIndex > 0 {
		problems = append(problems, fmt.Sprintf("%d vertices index past the %s array; their triangles are skipped", b.badIndex, attrName(b.badIndexAttr)))
	}
	if b.badSlot > 0 {
		problems = append(problems, fmt.Sprintf("%d vertices use a matrix slot no group of the shape loaded (or PNMTXIDX not a slot); their triangles are skipped", b.badSlot))
	}
	if b.badMatrix > 0 {
		problems = append(problems, fmt.Sprintf("%d vertices use a draw matrix the model does not have; their triangles are skipped", b.badMatrix))
	}
	return problems, b.lines, b.points
}

// layout lists the display-list fields in GX attribute order (not the
// descriptor's order): matrix indices, POS, NRM/NBT, CLR0, CLR1, TEX0..7.
func (b *shapeBuilder) layout(vtx *VTX1) error {
	d := &b.sd.Desc
	for attr := 0; attr < numDLAttrs; attr++ {
		typ := d[attr]
		src := attr
		if attr == attrNRM && typ == attrNone && d[attrNBT] != attrNone {
			typ, src = d[attrNBT], attrNBT
		}
		if typ == attrNone {
			continue
		}
		f := dlField{attr: attr, typ: typ, indices: 1}
		if attr < attrPOS {
			f.size = 1
			b.fields = append(b.fields, f)
			b.vsize++
			continue
		}
		f.array = vtx.Arrays[src]
		if f.array == nil && src == attrNRM {
			f.array = vtx.Arrays[attrNBT]
		}
		if f.array == nil {
			return fmt.Errorf("vertices carry %s, which VTX1 has no format for", attrName(src))
		}
		if f.array.CompCount == 2 && (src == attrNRM || src == attrNBT) {
			f.indices = 3 // NBT3: normal, binormal, tangent indexed apart
		}
		switch typ {
		case attrDirect:
			f.size = f.array.Stride()
		case attrIndex8:
			f.size = f.indices
		case attrIndex16:
			f.size = 2 * f.indices
		}
		b.fields = append(b.fields, f)
		b.vsize += f.size
		switch {
		case attr >= attrTEX0:
			b.uvSets = max(b.uvSets, attr-attrTEX0+1)
		case attr == attrCLR0 || attr == attrCLR1:
			b.colorSets = max(b.colorSets, attr-attrCLR0+1)
		}
	}
	hasPos := false
	for _, f := range b.fields {
		hasPos = hasPos || f.attr == attrPOS
	}
	if !hasPos {
		return fmt.Errorf("vertices carry no position")
	}
	out := b.out
	if b.colorSets > 0 {
		out.Colors = make([][]mgl32.Vec4, b.colorSets)
	}
	if b.uvSets > 0 {
		out.UVs = make([][]mgl32.Vec2, b.uvSets)
	}
	return nil
}

// reserve sizes the vertex arrays and the vertex map for the vertices
// the display lists hold (an upper bound on the distinct ones; the lists
// lie in SHP1, so this is bounded by the file): growing them vertex by
// vertex was most of the cost of reading a real model's shapes.
func (b *shapeBuilder) reserve() {
	total := 0
	for g := range b.sd.Groups {
		list := b.sd.Groups[g].DL
		for p := 0; p+3 <= len(list); {
			op := list[p]
			if op == 0 || op&0xF8 == 0x48 {
				p++
				continue
			}
			if op&0xF8 < primQuads || op&0xF8 > primPoints {
				break
			}
			n := int(list[p+1])<<8 | int(list[p+2])
			if p+3+n*b.vsize > len(list) {
				break
			}
			total += n
			p += 3 + n*b.vsize
		}
	}
	out := b.out
	out.Positions = make([]mgl32.Vec3, 0, total)
	out.Normals = make([]mgl32.Vec3, 0, total)
	out.Skin = make([]mesh.Influences, 0, total)
	for c := range out.Colors {
		out.Colors[c] = make([]mgl32.Vec4, 0, total)
	}
	for t := range out.UVs {
		out.UVs[t] = make([]mgl32.Vec2, 0, total)
	}
	b.keys = make(map[vkey]int32, total/2)
}

// displayList decodes one group's display list.
func (b *shapeBuilder) displayList(grp *MatrixGroup) {
	dl := bin.BE(grp.DL)
	ids := make([]int32, 0, 64)
	for p := int64(0); p < int64(len(grp.DL)); {
		op := grp.DL[p]
		switch {
		case op == 0x00: // NOP, and the padding to 32 bytes
			p++
			continue
		case op&0xF8 == 0x48: // invalidate vertex cache
			p++
			continue
		case op&0xF8 < primQuads || op&0xF8 > primPoints:
			b.badOpcode++
			return
		}
		prim := op & 0xF8
		n, err := dl.U16(p + 1)
		if err != nil || !dl.In(p+3, int64(n)*int64(b.vsize)) {
			b.truncated = true
			return
		}
		p += 3
		ids = ids[:0]
		for v := 0; v < int(n); v++ {
			ids = append(ids, b.vertex(grp, dl, p))
			p += int64(b.vsize)
		}
		// Lines and points are not triangles: their vertices stay in the
		// shape (as `sample --mesh` lists what the shape draws) but make
		// no triangle.
		switch prim {
		case primLines, primLineStrip:
			b.lines++
		case primPoints:
			b.points++
		default:
			b.triangles(prim, ids)
		}
	}
}

// triangles emits a primitive's triangles with counter-clockwise fronts.
// GX's front faces are clockwise, so each GX triangle (a, b, c) is
// written (a, c, b); a triangle with a vertex that could not be read is
// left out.
func (b *shapeBuilder) triangles(prim uint8, ids []int32) {
	emit := func(x, y, z int32) {
		if x < 0 || y < 0 || z < 0 {
			return
		}
		b.out.Triangles = append(b.out.Triangles, uint32(x), uint32(z), uint32(y))
	}
	n := len(ids)
	switch prim {
	case primTriangles:
		for i := 0; i+2 < n; i += 3 {
			emit(ids[i], ids[i+1], ids[i+2])
		}
	case primTriangleStrip:
		for i := 2; i < n; i++ {
			if i%2 == 0 {
				emit(ids[i-2], ids[i-1], ids[i])
			} else {
				emit(ids[i-1], ids[i-2], ids[i])
			}
		}
	case primTriangleFan:
		for i := 2; i < n; i++ {
			emit(ids[0], ids[i-1], ids[i])
		}
	case primQuads, primQuads2:
		for i := 0; i+3 < n; i += 4 {
			emit(ids[i], ids[i+1], ids[i+2])
			emit(ids[i], ids[i+2], ids[i+3])
		}
	}
}

// vertex reads the display-list vertex at p and returns its index in the
// shape (-1 when it cannot be drawn).
func (b *shapeBuilder) vertex(grp *MatrixGroup, dl bin.Reader, p int64) int32 {
	var k vkey
	for i := range k.idx {
		k.idx[i] = -1
	}
	pnmtx := -1
	// displayList checked that the vertex lies in the list.
	raw := grp.DL[p : p+int64(b.vsize)]
	at := 0
	for i := range b.fields {
		f := &b.fields[i]
		var v int32
		switch f.typ {
		case attrDirect:
			if f.attr == attrPNMTXIDX {
				pnmtx = int(raw[at])
			}
			if f.attr >= attrPOS {
				// Inline data: never the same vertex as another.
				b.direct--
				v = b.direct
			}
		case attrIndex8:
			v = int32(raw[at])
		case attrIndex16:
			v = int32(raw[at])<<8 | int32(raw[at+1])
		}
		if f.attr >= attrPOS {
			if f.typ != attrDirect && int(v) >= f.array.Count {
				b.badIndex++
				b.badIndexAttr = f.attr
				return -1
			}
			k.idx[f.attr-attrPOS] = v
		}
		at += f.size
	}
	// The draw matrix: a multi-matrix shape's vertex picks a slot with
	// PNMTXIDX (3 × slot), or uses slot 0 (GX's current matrix) without
	// one; other shapes draw every vertex with the group's one matrix.
	d := int32(grp.UseMtx)
	if b.sd.MatrixType == ShapeMulti {
		slot := 0
		if pnmtx >= 0 {
			slot = pnmtx / 3
			if pnmtx%3 != 0 || slot >= maxSlots {
				b.badSlot++
				return -1
			}
		}
		d = b.slots[slot]
		if d < 0 {
			b.badSlot++
			return -1
		}
	}
	k.drw = d
	if id, ok := b.keys[k]; ok {
		return id
	}
	in, ok := b.skin(int(d))
	if !ok {
		b.badMatrix++
		return -1
	}
	id := int32(len(b.out.Positions))
	b.keys[k] = id
	b.append(dl, p, &k, in)
	return id
}

// append adds a new vertex's attributes.
func (b *shapeBuilder) append(dl bin.Reader, p int64, k *vkey, in mesh.Influences) {
	out := b.out
	var pos, nrm mgl32.Vec3
	var hasNrm bool
	var colors [2]mgl32.Vec4
	var uvs [8]mgl32.Vec2
	colors[0], colors[1] = mgl32.Vec4{1, 1, 1, 1}, mgl32.Vec4{1, 1, 1, 1}
	at := p
	for i := range b.fields {
		f := &b.fields[i]
		if f.attr < attrPOS {
			at += int64(f.size)
			continue
		}
		// The source: the array element, or the inline data.
		src, base := f.array.data, int64(k.idx[f.attr-attrPOS])*int64(f.array.Stride())
		if f.typ == attrDirect {
			src, base = dl, at
		}
		var v [3]float32
		switch {
		case f.attr == attrPOS:
			f.array.decodeVec(src, base, v[:])
			pos = v
		case f.attr == attrNRM:
			f.array.decodeVec(src, base, v[:])
			nrm, hasNrm = v, true
		case f.attr == attrCLR0 || f.attr == attrCLR1:
			colors[f.attr-attrCLR0] = decodeColor(src, base, f.array.CompType)
		default:
			f.array.decodeVec(src, base, v[:2])
			uvs[f.attr-attrTEX0] = mgl32.Vec2{v[0], v[1]}
		}
		at += int64(f.size)
	}
	out.Positions = append(out.Positions, pos)
	if hasNrm {
		out.Normals = append(out.Normals, nrm)
	}
	for c := range out.Colors {
		out.Colors[c] = append(out.Colors[c], colors[c])
	}
	for t := range out.UVs {
		out.UVs[t] = append(out.UVs[t], uvs[t])
	}
	out.Skin = append(out.Skin, in)
}

// finish leaves Normals nil for a shape without them, and every array
// nil for a shape without vertices.
func (b *shapeBuilder) finish() {
	out := b.out
	if len(out.Normals) != len(out.Positions) || len(out.Positions) == 0 {
		out.Normals = nil
	}
	if len(out.Positions) == 0 {
		// Nothing read: no arrays (reserve made them).
		out.Positions, out.Skin, out.Colors, out.UVs = nil, nil, nil, nil
	}
}
