package j3d

import (
	"fmt"

	"github.com/animscope/animscope/mesh/gx"
)

// Material3 is one MAT3 material, its table indices resolved: what
// mesh.Material.Native holds for a renderer that draws the GX pipeline
// exactly. Its blocks are read in bmd_mat_*.go, one file per block of
// tables; bmd_mat_layout.go has where MAT3 and MAT2 keep them.
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

// GXMaterial is the material as the GX hardware draws it.
func (m *Material3) GXMaterial() *gx.Material { return m.gx }

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
		r := &mat3Reader{c: c, l: l, at: at}
		m.read(r)
		if l == mat3Layout {
			m.readMAT3Only(r, i)
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

// read fills the material from its data entry (r.at), one block of
// tables after another: draw mode and culling, colour channels, texture
// coordinates, TEV, pixel operations. r.err names the first index that
// misses its table, in this order.
func (m *Material3) read(r *mat3Reader) {
	m.defaults()
	m.Mode = r.field(0)
	if at, ok := r.entry(r.l.cull, int(r.field(1)), 4, "cull mode"); ok {
		m.CullMode, _ = r.c.U32(at)
	}
	m.readColors(r)
	m.readTexCoords(r)
	m.readTev(r)
	m.readPixel(r)
}

// readMAT3Only reads what MAT3 has and MAT2 lacks: swap modes and
// tables, post texgens, the indirect entry of material number no.
func (m *Material3) readMAT3Only(r *mat3Reader, no int) {
	m.readSwaps(r)
	m.readPostTexGens(r)
	m.readIndirect(r, no)
}
