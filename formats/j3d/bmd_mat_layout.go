package j3d

import (
	"fmt"

	"github.com/animscope/animscope/formats/internal/bin"
)

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

// mat3Reader reads the table entries one material's data entry (at)
// points to, recording the first that is missing or past the chunk end.
type mat3Reader struct {
	c   bin.Reader
	l   *matLayout
	at  int64
	err error
}

// noEntry is a data entry's index for "no table entry": the default
// stands.
const noEntry = 0xFFFF

// field is byte o of the material's data entry.
func (r *mat3Reader) field(o int64) uint8 {
	v, _ := r.c.U8(r.at + o)
	return v
}

// index is the table index stored at o in the material's data entry
// (noEntry: none).
func (r *mat3Reader) index(o int64) int {
	v, _ := r.c.U16(r.at + o)
	return int(v)
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
