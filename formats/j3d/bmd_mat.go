package j3d

import (
	"fmt"

	"github.com/animscope/animscope/formats/internal/bin"
	"github.com/animscope/animscope/mesh"
	"github.com/animscope/animscope/mesh/gx"
	"github.com/go-gl/mathgl/mgl32"
)

// Material3 is one MAT3 material, its table indices resolved: what
// mesh.Material.Native holds for a renderer that draws the GX pipeline
// exactly (the GX materials issue).
type Material3 struct {
	Name string
	// Entry is the material's data entry (the remap table's value).
	Entry int
	// Mode: 1 opaque, 2 edge, 4 translucent (drawn after the opaque).
	Mode     uint8
	CullMode uint32 // GX: 0 none, 1 front, 2 back, 3 all
	// MatColor and AmbColor are the channel registers (RGBA8).
	MatColor, AmbColor [2][4]uint8
	// Channels are the colour-channel controls C0, A0, C1, A1 (ChanCount
	// pairs used).
	ChanCount uint8
	Channels  [4]ColorChannel
	TexGens   []TexGen // TexGenCount of them
	// TexMatrices are per texture-matrix slot (nil: none).
	TexMatrices [10]*TexMatrix
	// Textures are the TEX1 indices of texture maps 0..7 (-1: none).
	Textures  [8]int
	TevStages []TevStage // TevStageCount of them
	TevColors [4][4]int16
	Konst     [4][4]uint8
	KonstSel  [16][2]uint8 // colour and alpha konst selection per stage
	Alpha     AlphaCompare
	Blend     BlendMode
	ZMode     ZMode
	// SwapSel are each stage's swap-table selections (rasterised colour,
	// texture); SwapTables the four tables (source component for r, g,
	// b, a).
	SwapSel    [16][2]uint8
	SwapTables [4][4]uint8
	// PostTexGens are the post-transform matrix ids per texgen as stored
	// (J3D's runtime does not load them: kept for the inspector).
	PostTexGens [8]uint8
	// Indirect is the material's entry of the indirect-texturing table
	// (nil when the file has none).
	Indirect *Indirect

	gx *gx.Material
}

// Indirect is a material's indirect-texturing entry (0x138 bytes):
// J3DIndInitData.
type Indirect struct {
	Enabled   bool
	NumStages uint8
	Orders    [4][2]uint8 // texture coordinate, texture map
	Matrices  [3]IndMatrix
	Scales    [4][2]uint8 // GX_ITS_1.. for s and t
	Tev       [16][9]uint8
}

// IndMatrix is an indirect matrix: a 2×3 and the power of two it is
// scaled by.
type IndMatrix struct {
	M     [2][3]float32
	Scale int8
}

// GXMaterial is the material as the GX hardware draws it.
func (m *Material3) GXMaterial() *gx.Material { return m.gx }

// ColorChannel is a GX colour-channel control.
type ColorChannel struct {
	Lighting           bool
	MatSrc, AmbSrc     uint8 // 0 register, 1 vertex colour
	LitMask            uint8
	DiffuseFn, AttenFn uint8
	Present            bool
}

// TexGen is a texture-coordinate generator: Source 4..11 is TEX0..7;
// Matrix 30+3n is texture matrix n, 60 identity.
type TexGen struct{ Type, Source, Matrix uint8 }

// TexMatrix is one MAT3 texture matrix entry (0x64 bytes).
type TexMatrix struct {
	Projection, Info uint8
	Center           [3]float32
	Scale            [2]float32
	Rotation         int16 // 0x8000 = 180°
	Translation      [2]float32
	EffectMatrix     [16]float32 // row by row
}

// TevStage is one TEV stage's order (texture coordinate, texture map,
// colour channel) and its 0x14-byte combiner entry as stored.
type TevStage struct {
	TexCoord, TexMap, Channel uint8
	Combiner                  [0x14]byte
}

// AlphaCompare is GX's alpha test: (a CompA RefA) Op (a CompB RefB).
type AlphaCompare struct{ CompA, RefA, Op, CompB, RefB uint8 }

// BlendMode is GX's blend state: Mode 0 none, 1 blend, 2 logic, 3
// subtract.
type BlendMode struct{ Mode, Src, Dst, Logic uint8 }

// ZMode is GX's depth state.
type ZMode struct{ Enable, Func, Write uint8 }

// MAT3 table offsets (relative to the chunk).
const (
	mat3Entries    = 0x0C
	mat3Remap      = 0x10
	mat3Names      = 0x14
	mat3Cull       = 0x1C
	mat3MatColor   = 0x20
	mat3ChanCount  = 0x24
	mat3Chan       = 0x28
	mat3AmbColor   = 0x2C
	mat3TexGenNum  = 0x34
	mat3TexGen     = 0x38
	mat3TexMtx     = 0x40
	mat3TexTable   = 0x48
	mat3TevOrder   = 0x4C
	mat3TevColor   = 0x50
	mat3Konst      = 0x54
	mat3TevNum     = 0x58
	mat3TevStage   = 0x5C
	mat3Indirect   = 0x18
	mat3PostTexGen = 0x3C
	mat3SwapMode   = 0x60
	mat3SwapTable  = 0x64
	mat3AlphaComp  = 0x6C
	mat3Blend      = 0x70
	mat3ZMode      = 0x74
	mat3HeaderSize = 0x84
	mat3EntrySize  = 0x14C
)

// matLayout is where a material chunk keeps its tables (header fields)
// and where a material entry keeps its indices: MAT3 (J3DMaterialBlock,
// J3DMaterialInitData) and the older MAT2 of J3D2bmd2 files
// (J3DMaterialBlock_v21, J3DMaterialInitData_v21 in zeldaret/tp), which
// has the same tables without ambient colours and lights, 8 texture
// matrices instead of 10, and so shorter headers and entries. The first 8
// bytes of an entry (mode, cull, channel, texgen and stage counts, z
// mode) are the same in both.
type matLayout struct {
	id                  string
	header, entrySize   int64
	cull, matColor      int64 // header fields
	chanCount, chanInfo int64
	ambColor            int64 // 0: none
	texGenNum, texGen   int64
	texMtx, texTable    int64
	tevOrder, tevColor  int64
	konst, tevNum       int64
	tevStage            int64
	alphaComp, blend    int64
	zMode               int64
	// entry fields
	eMatColor, eChan, eAmb int64 // eAmb 0: none
	eTexGen, eTexMtx       int64
	texMatrices            int
	eTexNo, eKonst         int64
	eKSel, eASel           int64
	eTevOrder, eTevColor   int64
	eTevStage              int64
	eAlpha, eBlend         int64
}

var (
	mat3Layout = &matLayout{id: "MAT3", header: mat3HeaderSize, entrySize: mat3EntrySize,
		cull: mat3Cull, matColor: mat3MatColor, chanCount: mat3ChanCount, chanInfo: mat3Chan, ambColor: mat3AmbColor,
		texGenNum: mat3TexGenNum, texGen: mat3TexGen, texMtx: mat3TexMtx, texTable: mat3TexTable,
		tevOrder: mat3TevOrder, tevColor: mat3TevColor, konst: mat3Konst, tevNum: mat3TevNum, tevStage: mat3TevStage,
		alphaComp: mat3AlphaComp, blend: mat3Blend, zMode: mat3ZMode,
		eMatColor: 0x08, eChan: 0x0C, eAmb: 0x14, eTexGen: 0x28, eTexMtx: 0x48, texMatrices: 10,
		eTexNo: 0x84, eKonst: 0x94, eKSel: 0x9C, eASel: 0xAC, eTevOrder: 0xBC, eTevColor: 0xDC, eTevStage: 0xE4,
		eAlpha: 0x146, eBlend: 0x148}
	mat2Layout = &matLayout{id: "MAT2", header: 0x78, entrySize: 0x138,
		cull: 0x18, matColor: 0x1C, chanCount: 0x20, chanInfo: 0x24,
		texGenNum: 0x28, texGen: 0x2C, texMtx: 0x34, texTable: 0x3C,
		tevOrder: 0x40, tevColor: 0x44, konst: 0x48, tevNum: 0x4C, tevStage: 0x50,
		alphaComp: 0x60, blend: 0x64, zMode: 0x68,
		eMatColor: 0x08, eChan: 0x0C, eTexGen: 0x14, eTexMtx: 0x34, texMatrices: 8,
		eTexNo: 0x70, eKonst: 0x80, eKSel: 0x88, eASel: 0x98, eTevOrder: 0xA8, eTevColor: 0xC8, eTevStage: 0xD0,
		eAlpha: 0x132, eBlend: 0x134}
)

// mat3Reader reads a material's table entries, recording the first one
// that is missing or past the chunk end.
type mat3Reader struct {
	c   bin.Reader
	l   *matLayout
	err error
}

// entry returns where element idx of the table whose offset is at
// header field field starts, or false (and notes why) when the table is
// absent or the element past the chunk end.
func (r *mat3Reader) entry(field int64, idx int, size int64, what string) (int64, bool) {
	off, _ := r.c.U32(field)
	if off == 0 {
		// The exporter left the table out: the default stands.
		return 0, false
	}
	at := int64(off) + int64(idx)*size
	if !r.c.In(at, size) {
		if r.err == nil {
			r.err = fmt.Errorf("%s %d is past the chunk end (table at 0x%x)", what, idx, off)
		}
		return 0, false
	}
	return at, true
}

func (r *mat3Reader) u8(field int64, idx int, what string) uint8 {
	at, ok := r.entry(field, idx, 1, what)
	if !ok {
		return 0
	}
	v, _ := r.c.U8(at)
	return v
}

func (r *mat3Reader) rgba(field int64, idx int, what string) [4]uint8 {
	at, ok := r.entry(field, idx, 4, what)
	if !ok {
		return [4]uint8{255, 255, 255, 255}
	}
	b, _ := r.c.Bytes(at, 4)
	return [4]uint8{b[0], b[1], b[2], b[3]}
}

// readMAT3 reads every material of a MAT3 chunk (l is mat3Layout) or a
// MAT2 one (mat2Layout); one whose tables do not hold together keeps
// defaults for what is missing and is listed in problems.
func readMAT3(s mchunk, l *matLayout) (mats []Material3, problems []string, err error) {
	c := s.r
	if err := c.Check(0, l.header); err != nil {
		return nil, nil, fmt.Errorf("%s chunk is %d bytes, too short for its 0x%x-byte header", l.id, c.Len(), l.header)
	}
	n, _ := c.U16(0x08)
	entries, _ := c.U32(mat3Entries)
	remap, _ := c.U32(mat3Remap)
	if !c.In(int64(remap), 2*int64(n)) {
		return nil, nil, fmt.Errorf("%s remap table of %d materials at 0x%x runs past the chunk end", l.id, n, remap)
	}
	var names []string
	if nameOff, _ := c.U32(mat3Names); nameOff != 0 {
		names, _, err = readNameTable(c, int64(nameOff), int(n))
		if err != nil {
			return nil, nil, fmt.Errorf("%s name table: %v", l.id, err)
		}
	}
	mats = make([]Material3, n)
	for i := range mats {
		m := &mats[i]
		if i < len(names) {
			m.Name = names[i]
		} else {
			m.Name = fmt.Sprintf("material%d", i)
		}
		e, _ := c.U16(int64(remap) + 2*int64(i))
		m.Entry = int(e)
		at := int64(entries) + int64(e)*l.entrySize
		if !c.In(at, l.entrySize) {
			problems = append(problems, fmt.Sprintf("material %q: data entry %d past the %s chunk end; drawn with defaults", m.Name, e, l.id))
			m.defaults()
			m.gx = m.toGX()
			continue
		}
		r := &mat3Reader{c: c, l: l}
		m.read(r, at)
		if l == mat3Layout {
			m.readMAT3Only(r, at, i)
		}
		m.gx = m.toGX()
		if r.err != nil {
			problems = append(problems, fmt.Sprintf("material %q: %v", m.Name, r.err))
		}
	}
	return mats, problems, nil
}

func (m *Material3) defaults() {
	m.Mode = 1
	m.CullMode = 2
	m.MatColor = [2][4]uint8{{255, 255, 255, 255}, {255, 255, 255, 255}}
	for i := range m.Textures {
		m.Textures[i] = -1
	}
	m.Alpha = AlphaCompare{CompA: 7, CompB: 7}
	m.ZMode = ZMode{Enable: 1, Func: 3, Write: 1}
	for i := range m.SwapTables {
		m.SwapTables[i] = [4]uint8{0, 1, 2, 3}
	}
	for i := range m.PostTexGens {
		m.PostTexGens[i] = 125 // GX_PTIDENTITY
	}
}

// readMAT3Only reads what MAT3 has and MAT2 lacks: swap modes and
// tables, post texgens, the indirect entry of material number no (the
// indirect table is indexed by material, not by data entry:
// J3DMaterialFactory's indirect init data).
func (m *Material3) readMAT3Only(r *mat3Reader, e int64, no int) {
	c := r.c
	u16 := func(o int64) int { v, _ := c.U16(e + o); return int(v) }
	const none = 0xFFFF
	for k := 0; k < 4; k++ {
		if i := u16(0x124 + 2*int64(k)); i != none {
			if at, ok := r.entry(mat3SwapTable, i, 4, "swap table"); ok {
				b, _ := c.Bytes(at, 4)
				m.SwapTables[k] = [4]uint8{b[0] & 3, b[1] & 3, b[2] & 3, b[3] & 3}
			}
		}
	}
	for k := range m.TevStages {
		if i := u16(0x104 + 2*int64(k)); i != none {
			if at, ok := r.entry(mat3SwapMode, i, 4, "swap mode"); ok {
				b, _ := c.Bytes(at, 2)
				m.SwapSel[k] = [2]uint8{b[0] & 3, b[1] & 3}
			}
		}
	}
	for k := range m.TexGens {
		if i := u16(0x38 + 2*int64(k)); i != none {
			if at, ok := r.entry(mat3PostTexGen, i, 4, "post texgen"); ok {
				m.PostTexGens[k], _ = c.U8(at + 2)
			}
		}
	}
	ind, _ := c.U32(mat3Indirect)
	names, _ := c.U32(mat3Names)
	if ind == 0 || ind == names {
		return // no indirect table
	}
	at := int64(ind) + int64(no)*0x138
	if !c.In(at, 0x138) {
		if r.err == nil {
			r.err = fmt.Errorf("indirect entry %d is past the chunk end (table at 0x%x)", no, ind)
		}
		return
	}
	in := &Indirect{}
	b, _ := c.Bytes(at, 0x138)
	in.Enabled = b[0] != 0
	in.NumStages = min(b[1], 4)
	for k := 0; k < 4; k++ {
		in.Orders[k] = [2]uint8{b[4+4*k], b[5+4*k]}
		in.Scales[k] = [2]uint8{b[0x68+4*k], b[0x69+4*k]}
	}
	for k := 0; k < 3; k++ {
		o := int64(0x14 + 0x1C*k)
		for row := 0; row < 2; row++ {
			for col := 0; col < 3; col++ {
				in.Matrices[k].M[row][col], _ = c.F32(at + o + int64(4*(3*row+col)))
			}
		}
		in.Matrices[k].Scale = int8(b[o+0x18])
	}
	for k := 0; k < 16; k++ {
		copy(in.Tev[k][:], b[0x78+0xC*k:])
	}
	m.Indirect = in
}

// read fills the material from its entry at e.
func (m *Material3) read(r *mat3Reader, e int64) {
	c, l := r.c, r.l
	u8 := func(o int64) uint8 { v, _ := c.U8(e + o); return v }
	u16 := func(o int64) int { v, _ := c.U16(e + o); return int(v) }
	const none = 0xFFFF
	m.defaults()
	m.Mode = u8(0)
	if at, ok := r.entry(l.cull, int(u8(1)), 4, "cull mode"); ok {
		m.CullMode, _ = c.U32(at)
	}
	for k := 0; k < 2; k++ {
		if i := u16(l.eMatColor + 2*int64(k)); i != none {
			m.MatColor[k] = r.rgba(l.matColor, i, "material colour")
		}
		if l.eAmb == 0 {
			continue
		}
		if i := u16(l.eAmb + 2*int64(k)); i != none {
			m.AmbColor[k] = r.rgba(l.ambColor, i, "ambient colour")
		}
	}
	m.ChanCount = r.u8(l.chanCount, int(u8(2)), "colour channel count")
	for k := 0; k < 4; k++ {
		i := u16(l.eChan + 2*int64(k))
		if i == none {
			continue
		}
		if at, ok := r.entry(l.chanInfo, i, 8, "colour channel"); ok {
			b, _ := c.Bytes(at, 8)
			m.Channels[k] = ColorChannel{Lighting: b[0] != 0, MatSrc: b[1], LitMask: b[2], DiffuseFn: b[3], AttenFn: b[4], AmbSrc: b[5], Present: true}
		}
	}
	ngen := int(min(r.u8(l.texGenNum, int(u8(3)), "texgen count"), 8))
	for k := 0; k < ngen; k++ {
		i := u16(l.eTexGen + 2*int64(k))
		if i == none {
			m.TexGens = append(m.TexGens, TexGen{Type: 1, Source: 4 + uint8(k), Matrix: 60})
			continue
		}
		if at, ok := r.entry(l.texGen, i, 4, "texgen"); ok {
			b, _ := c.Bytes(at, 4)
			m.TexGens = append(m.TexGens, TexGen{Type: b[0], Source: b[1], Matrix: b[2]})
		}
	}
	for k := 0; k < l.texMatrices; k++ {
		i := u16(l.eTexMtx + 2*int64(k))
		if i == none {
			continue
		}
		if at, ok := r.entry(l.texMtx, i, 0x64, "texture matrix"); ok {
			m.TexMatrices[k] = readTexMatrix(c, at)
		}
	}
	for k := 0; k < 8; k++ {
		i := u16(l.eTexNo + 2*int64(k))
		if i == none {
			continue
		}
		if at, ok := r.entry(l.texTable, i, 2, "texture table entry"); ok {
			t, _ := c.U16(at)
			m.Textures[k] = int(t)
		}
	}
	for k := 0; k < 4; k++ {
		if i := u16(l.eKonst + 2*int64(k)); i != none {
			m.Konst[k] = r.rgba(l.konst, i, "konst colour")
		}
		if i := u16(l.eTevColor + 2*int64(k)); i != none {
			if at, ok := r.entry(l.tevColor, i, 8, "TEV colour"); ok {
				for ch := int64(0); ch < 4; ch++ {
					m.TevColors[k][ch], _ = c.S16(at + 2*ch)
				}
			}
		}
	}
	nstage := int(min(r.u8(l.tevNum, int(u8(4)), "TEV stage count"), 16))
	for k := 0; k < nstage; k++ {
		m.KonstSel[k] = [2]uint8{u8(l.eKSel + int64(k)), u8(l.eASel + int64(k))}
		var st TevStage
		st.TexCoord, st.TexMap, st.Channel = 0xFF, 0xFF, 0xFF
		if i := u16(l.eTevOrder + 2*int64(k)); i != none {
			if at, ok := r.entry(l.tevOrder, i, 4, "TEV order"); ok {
				b, _ := c.Bytes(at, 4)
				st.TexCoord, st.TexMap, st.Channel = b[0], b[1], b[2]
			}
		}
		if i := u16(l.eTevStage + 2*int64(k)); i != none {
			if at, ok := r.entry(l.tevStage, i, 0x14, "TEV stage"); ok {
				b, _ := c.Bytes(at, 0x14)
				copy(st.Combiner[:], b)
			}
		}
		m.TevStages = append(m.TevStages, st)
	}
	if i := u16(l.eAlpha); i != none {
		if at, ok := r.entry(l.alphaComp, i, 8, "alpha compare"); ok {
			b, _ := c.Bytes(at, 5)
			m.Alpha = AlphaCompare{b[0], b[1], b[2], b[3], b[4]}
		}
	}
	if i := u16(l.eBlend); i != none {
		if at, ok := r.entry(l.blend, i, 4, "blend mode"); ok {
			b, _ := c.Bytes(at, 4)
			m.Blend = BlendMode{b[0], b[1], b[2], b[3]}
		}
	}
	if at, ok := r.entry(l.zMode, int(u8(6)), 4, "z mode"); ok {
		b, _ := c.Bytes(at, 3)
		m.ZMode = ZMode{b[0], b[1], b[2]}
	}
}

func readTexMatrix(c bin.Reader, at int64) *TexMatrix {
	t := &TexMatrix{}
	t.Projection, _ = c.U8(at)
	t.Info, _ = c.U8(at + 1)
	for k := int64(0); k < 3; k++ {
		t.Center[k], _ = c.F32(at + 4 + 4*k)
	}
	t.Scale[0], _ = c.F32(at + 0x10)
	t.Scale[1], _ = c.F32(at + 0x14)
	t.Rotation, _ = c.S16(at + 0x18)
	t.Translation[0], _ = c.F32(at + 0x1C)
	t.Translation[1], _ = c.F32(at + 0x20)
	for k := int64(0); k < 16; k++ {
		t.EffectMatrix[k], _ = c.F32(at + 0x24 + 4*k)
	}
	return t
}

// GX compare functions (GXCompare).
var gxCompare = [8]mesh.Compare{mesh.CompareNever, mesh.CompareLess, mesh.CompareEqual, mesh.CompareLEqual,
	mesh.CompareGreater, mesh.CompareNEqual, mesh.CompareGEqual, mesh.CompareAlways}

// alphaTest reduces GX's two-comparison alpha test to one: a comparison
// that always passes (or never) is dropped from an AND (or an OR); when
// both remain, the first is kept (Native has both).
func (a AlphaCompare) alphaTest() mesh.AlphaTest {
	ca, cb := gxCompare[a.CompA&7], gxCompare[a.CompB&7]
	ra, rb := float32(a.RefA)/255, float32(a.RefB)/255
	f, ref := ca, ra
	switch a.Op {
	case 0: // AND
		if ca == mesh.CompareAlways {
			f, ref = cb, rb
		}
		if cb == mesh.CompareNever {
			f = mesh.CompareNever
		}
	case 1: // OR
		if ca == mesh.CompareNever {
			f, ref = cb, rb
		}
		if cb == mesh.CompareAlways {
			f = mesh.CompareAlways
		}
	}
	return mesh.AlphaTest{Enabled: f != mesh.CompareAlways, Func: f, Ref: ref}
}

// blendFactor maps a GX blend factor; 2 and 3 are the other side's
// colour (GX_BL_DSTCLR as source, GX_BL_SRCCLR as destination).
func blendFactor(f uint8, src bool) mesh.BlendFactor {
	switch f {
	case 0:
		return mesh.FactorZero
	case 1:
		return mesh.FactorOne
	case 2:
		if src {
			return mesh.FactorDstColor
		}
		return mesh.FactorSrcColor
	case 3:
		if src {
			return mesh.FactorOneMinusDstColor
		}
		return mesh.FactorOneMinusSrcColor
	case 4:
		return mesh.FactorSrcAlpha
	case 5:
		return mesh.FactorOneMinusSrcAlpha
	case 6:
		return mesh.FactorDstAlpha
	case 7:
		return mesh.FactorOneMinusDstAlpha
	}
	return mesh.FactorOne
}

// albedoStage is the stage whose texture is the shape's base colour: the
// first that samples a texture through coordinates made from a UV set
// (on Wind Waker characters the first textured stage is often the toon
// ramp, from a normal or position), else the first that samples one.
func (m *Material3) albedoStage() int {
	first := -1
	for i, st := range m.TevStages {
		if st.TexMap >= 8 || m.Textures[st.TexMap] < 0 {
			continue
		}
		if first < 0 {
			first = i
		}
		if int(st.TexCoord) < len(m.TexGens) {
			if src := m.TexGens[st.TexCoord].Source; src >= 4 && src <= 11 {
				return i
			}
		}
	}
	return first
}

// meshMaterial is the essentials of the material for mesh.Material;
// texName names TEX1 entries, texSampler gives their sampling state.
func (m *Material3) meshMaterial(texOf func(int) int, texName func(int) string, texSampler func(int) mesh.Sampler) mesh.Material {
	out := mesh.Material{Name: m.Name, Native: m}
	// Rasterised colour: channel 0's colour and alpha come from the
	// material register or from vertex colour 0.
	mc := m.MatColor[0]
	out.Color = mgl32.Vec4{float32(mc[0]) / 255, float32(mc[1]) / 255, float32(mc[2]) / 255, float32(mc[3]) / 255}
	if m.ChanCount > 0 {
		if m.Channels[0].Present && m.Channels[0].MatSrc == 1 {
			out.Color[0], out.Color[1], out.Color[2] = 1, 1, 1
			out.VertexColor = true
		}
		if m.Channels[1].Present && m.Channels[1].MatSrc == 1 {
			out.Color[3] = 1
			out.VertexColor = true
		}
	}
	switch m.CullMode {
	case 0:
		out.Cull = mesh.CullNone
	case 1:
		out.Cull = mesh.CullFront
	case 3:
		out.Cull = mesh.CullAll
	default:
		out.Cull = mesh.CullBack
	}
	out.AlphaTest = m.Alpha.alphaTest()
	switch {
	case m.Blend.Mode == 1 || m.Blend.Mode == 3:
		out.Blend = mesh.Blend{Mode: mesh.Translucent, Src: blendFactor(m.Blend.Src, true), Dst: blendFactor(m.Blend.Dst, false), Subtract: m.Blend.Mode == 3}
		if m.Blend.Mode == 3 {
			out.Blend.Src, out.Blend.Dst = mesh.FactorOne, mesh.FactorOne
		}
	case m.Mode&3 == 0: // the translucent draw list, without blending
		out.Blend = mesh.Blend{Mode: mesh.Translucent, Src: mesh.FactorOne, Dst: mesh.FactorZero}
	case out.AlphaTest.Enabled:
		out.Blend = mesh.Blend{Mode: mesh.Mask, Src: mesh.FactorOne, Dst: mesh.FactorZero}
	default:
		out.Blend = mesh.Blend{Mode: mesh.Opaque, Src: mesh.FactorOne, Dst: mesh.FactorZero}
	}
	out.DepthTest, out.DepthWrite = m.ZMode.Enable != 0, m.ZMode.Write != 0
	// Textures: the albedo stage's first, then every other texture map
	// a stage samples, in stage order.
	albedo := m.albedoStage()
	order := make([]int, 0, len(m.TevStages))
	if albedo >= 0 {
		order = append(order, albedo)
	}
	seen := [8]bool{}
	for i := range m.TevStages {
		if i != albedo {
			order = append(order, i)
		}
	}
	for _, i := range order {
		st := m.TevStages[i]
		if st.TexMap >= 8 || m.Textures[st.TexMap] < 0 || seen[st.TexMap] {
			continue
		}
		seen[st.TexMap] = true
		tex := m.Textures[st.TexMap]
		slot := mesh.TextureSlot{Texture: texOf(tex), Name: texName(tex), UVSet: 0, TexMatrix: -1, Sampler: texSampler(tex), Map: int(st.TexMap)}
		if i == albedo {
			slot.Role = mesh.RoleAlbedo
		}
		if int(st.TexCoord) < len(m.TexGens) {
			g := m.TexGens[st.TexCoord]
			if g.Source >= 4 && g.Source <= 11 {
				slot.UVSet = int(g.Source) - 4
			}
			if g.Matrix >= 30 && g.Matrix <= 57 && (g.Matrix-30)%3 == 0 {
				slot.TexMatrix = int(g.Matrix-30) / 3
			}
		}
		out.Textures = append(out.Textures, slot)
	}
	// Indirect stages sample texture maps of their own.
	if in := m.Indirect; in != nil && in.Enabled {
		for k := 0; k < int(in.NumStages); k++ {
			mp := in.Orders[k][1]
			if mp >= 8 || m.Textures[mp] < 0 || seen[mp] {
				continue
			}
			seen[mp] = true
			tex := m.Textures[mp]
			out.Textures = append(out.Textures, mesh.TextureSlot{Texture: texOf(tex), Name: texName(tex), TexMatrix: -1, Sampler: texSampler(tex), Map: int(mp)})
		}
	}
	return out
}
