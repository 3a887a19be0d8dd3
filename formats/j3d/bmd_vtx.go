package j3d

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/animscope/animscope/formats/internal/bin"
)

// GX vertex attribute numbers (GXAttr), the order in which a display
// list's vertex carries its fields.
const (
	attrPNMTXIDX  = 0
	attrTEX0MTX   = 1 // ..8: TEX7MTXIDX
	attrPOS       = 9
	attrNRM       = 10
	attrCLR0      = 11
	attrCLR1      = 12
	attrTEX0      = 13 // ..20: TEX7
	attrNBT       = 25
	attrNull      = 0xFF
	numDLAttrs    = 21 // 0..20: the attributes a J3D vertex can carry, in order
	numVtxArrays  = 13
	vtx1TableOffs = 0x0C
)

// vtx1Order is the attribute of each of VTX1's 13 array offsets.
var vtx1Order = [numVtxArrays]int{attrPOS, attrNRM, attrNBT, attrCLR0, attrCLR1,
	attrTEX0, attrTEX0 + 1, attrTEX0 + 2, attrTEX0 + 3, attrTEX0 + 4, attrTEX0 + 5, attrTEX0 + 6, attrTEX0 + 7}

// GX component types of positions, normals and texture coordinates
// (GXCompType); colours have their own (colour* below).
const (
	compU8 = iota
	compS8
	compU16
	compS16
	compF32
)

// GX colour component types.
const (
	colorRGB565 = iota
	colorRGB8
	colorRGBX8
	colorRGBA4
	colorRGBA6
	colorRGBA8
)

// colorSizes are the bytes of one colour per format.
var colorSizes = [...]int64{colorRGB565: 2, colorRGB8: 3, colorRGBX8: 4, colorRGBA4: 2, colorRGBA6: 3, colorRGBA8: 4}

// VertexArray is one VTX1 attribute array: its format entry and its data.
type VertexArray struct {
	Attr      int
	CompCount uint32 // GXCompCnt: POS 0 XY 1 XYZ; NRM 0 XYZ 1 NBT 2 NBT3; CLR 0 RGB 1 RGBA; TEX 0 S 1 ST
	CompType  uint32 // GXCompType, or the colour format for CLR0/CLR1
	Shift     uint8  // fixed-point fraction bits of integer POS/TEX components
	Offset    uint32 // relative to VTX1
	// Count is how many elements fit before the next array (or the chunk
	// end): VTX1 stores no lengths.
	Count int
	data  bin.Reader
	comps int // components per element (for NBT: 9)
	size  int // bytes per component (colours: bytes per element)
}

// Stride is the size of one element in bytes.
func (a *VertexArray) Stride() int {
	if a.isColor() {
		return a.size
	}
	return a.comps * a.size
}

func (a *VertexArray) isColor() bool { return a.Attr == attrCLR0 || a.Attr == attrCLR1 }

// VTX1 is the vertex-array chunk.
type VTX1 struct {
	FormatOffset uint32
	// Arrays are indexed by GX attribute number (nil: the file has none).
	Arrays [attrNBT + 1]*VertexArray
}

// readVTX1 reads the attribute formats and finds where each array ends.
func readVTX1(s mchunk) (*VTX1, error) {
	c := s.r
	if err := c.Check(0, vtx1TableOffs+4*numVtxArrays); err != nil {
		return nil, fmt.Errorf("VTX1 chunk is %d bytes, too short for its 0x40-byte header", c.Len())
	}
	v := &VTX1{}
	v.FormatOffset, _ = c.U32(0x08)
	var offs [numVtxArrays]uint32
	for i := range offs {
		offs[i], _ = c.U32(vtx1TableOffs + 4*int64(i))
	}
	// At most one entry per attribute number; the list ends at 0xFF. A
	// list without its end stops at the chunk end.
	for at := int64(v.FormatOffset); ; at += 0x10 {
		attr, err := c.U32(at)
		if err != nil {
			return nil, fmt.Errorf("VTX1 attribute format list at 0x%x runs past the chunk end without its 0xFF end", v.FormatOffset)
		}
		if attr == attrNull {
			break
		}
		if err := c.Check(at, 0x10); err != nil {
			return nil, fmt.Errorf("VTX1 attribute format at 0x%x runs past the chunk end", at)
		}
		a := &VertexArray{Attr: int(attr)}
		a.CompCount, _ = c.U32(at + 4)
		a.CompType, _ = c.U32(at + 8)
		a.Shift, _ = c.U8(at + 12)
		slot := -1
		for i, t := range vtx1Order {
			if t == a.Attr {
				slot = i
			}
		}
		if slot < 0 {
			// Matrix-index attributes have no arrays; anything else is
			// not GX.
			continue
		}
		if err := a.layout(); err != nil {
			return nil, fmt.Errorf("VTX1 attribute %s: %v", attrName(a.Attr), err)
		}
		a.Offset = offs[slot]
		v.Arrays[a.Attr] = a
		if a.Offset == 0 {
			// A format without an array: only direct (inline) data can
			// use it; an index into it is out of range.
			continue
		}
		// The array runs to the nearest array (or the format list) after
		// it, or to the chunk end.
		end := int64(c.Len())
		for _, o := range append(offs[:], v.FormatOffset) {
			if o > a.Offset && int64(o) < end {
				end = int64(o)
			}
		}
		if int64(a.Offset) > end {
			return nil, fmt.Errorf("VTX1 attribute %s data at 0x%x is past the chunk end (0x%x)", attrName(a.Attr), a.Offset, c.Len())
		}
		a.data, _ = c.Sub(int64(a.Offset), end-int64(a.Offset))
		a.Count = a.data.Len() / a.Stride()
	}
	return v, nil
}

// layout sets the component count and size from the format.
func (a *VertexArray) layout() error {
	if a.isColor() {
		if a.CompType >= uint32(len(colorSizes)) {
			return fmt.Errorf("unknown colour format %d", a.CompType)
		}
		a.comps, a.size = 4, int(colorSizes[a.CompType])
		return nil
	}
	switch a.CompType {
	case compU8, compS8:
		a.size = 1
	case compU16, compS16:
		a.size = 2
	case compF32:
		a.size = 4
	default:
		return fmt.Errorf("unknown component type %d", a.CompType)
	}
	switch {
	case a.Attr == attrPOS:
		a.comps = 2 + min(int(a.CompCount), 1)
	case a.Attr == attrNRM || a.Attr == attrNBT:
		// NBT (count 1) stores normal, binormal and tangent together;
		// NBT3 (count 2) indexes each 3-vector apart.
		a.comps = 3
		if a.CompCount == 1 {
			a.comps = 9
		}
		// Normals are fixed-point with a fixed fraction whatever the
		// stored shift says: 6 bits for bytes, 14 for shorts.
		switch a.size {
		case 1:
			a.Shift = 6
		case 2:
			a.Shift = 14
		}
	default: // TEX0..7
		a.comps = 1 + min(int(a.CompCount), 1)
	}
	return nil
}

// decodeVec reads len(out) components of the element at base of r in the
// array's format (r is the array, or a display list for direct data).
// Components past the data read 0.
func (a *VertexArray) decodeVec(r bin.Reader, base int64, out []float32) {
	scale := float32(1)
	if a.CompType != compF32 {
		scale = 1 / float32(int(1)<<a.Shift)
	}
	n := min(len(out), a.comps)
	var b []byte
	if r.In(base, int64(n*a.size)) {
		b = r.B[base : base+int64(n*a.size)]
	} else {
		n = 0
	}
	// The byte order's methods are interface calls; the bytes are read
	// here directly (vertices are most of a model's decode time).
	le := r.Order == binary.LittleEndian
	u16 := func(i int) uint16 {
		if le {
			return uint16(b[i]) | uint16(b[i+1])<<8
		}
		return uint16(b[i])<<8 | uint16(b[i+1])
	}
	for k := range out {
		if k >= n {
			out[k] = 0
			continue
		}
		var v float32
		switch a.CompType {
		case compU8:
			v = float32(b[k]) * scale
		case compS8:
			v = float32(int8(b[k])) * scale
		case compU16:
			v = float32(u16(2*k)) * scale
		case compS16:
			v = float32(int16(u16(2*k))) * scale
		case compF32:
			var u uint32
			if le {
				u = binary.LittleEndian.Uint32(b[4*k:])
			} else {
				u = binary.BigEndian.Uint32(b[4*k:])
			}
			v = math.Float32frombits(u)
		}
		out[k] = v
	}
}

func decodeColor(r bin.Reader, at int64, typ uint32) [4]float32 {
	const n8 = 1.0 / 255
	var c [4]float32
	if typ >= uint32(len(colorSizes)) || !r.In(at, colorSizes[typ]) {
		return c
	}
	switch typ {
	case colorRGB565:
		v, _ := r.U16(at)
		c = [4]float32{float32(expand5(v>>11)) * n8, float32(expand6(v>>5)) * n8, float32(expand5(v)) * n8, 1}
	case colorRGB8, colorRGBX8:
		b, _ := r.Bytes(at, 3)
		c = [4]float32{float32(b[0]) * n8, float32(b[1]) * n8, float32(b[2]) * n8, 1}
	case colorRGBA4:
		v, _ := r.U16(at)
		c = [4]float32{float32(v>>12&15) / 15, float32(v>>8&15) / 15, float32(v>>4&15) / 15, float32(v&15) / 15}
	case colorRGBA6:
		b, _ := r.Bytes(at, 3)
		v := uint32(b[0])<<16 | uint32(b[1])<<8 | uint32(b[2])
		c = [4]float32{float32(v>>18&63) / 63, float32(v>>12&63) / 63, float32(v>>6&63) / 63, float32(v&63) / 63}
	case colorRGBA8:
		b, _ := r.Bytes(at, 4)
		c = [4]float32{float32(b[0]) * n8, float32(b[1]) * n8, float32(b[2]) * n8, float32(b[3]) * n8}
	}
	return c
}

func expand5(v uint16) uint8 { v &= 31; return uint8(v<<3 | v>>2) }
func expand6(v uint16) uint8 { v &= 63; return uint8(v<<2 | v>>4) }

// attrName names a GX attribute for messages.
func attrName(a int) string {
	switch {
	case a == attrPNMTXIDX:
		return "PNMTXIDX"
	case a >= attrTEX0MTX && a < attrPOS:
		return fmt.Sprintf("TEX%dMTXIDX", a-attrTEX0MTX)
	case a == attrPOS:
		return "POS"
	case a == attrNRM:
		return "NRM"
	case a == attrCLR0, a == attrCLR1:
		return fmt.Sprintf("CLR%d", a-attrCLR0)
	case a >= attrTEX0 && a < attrTEX0+8:
		return fmt.Sprintf("TEX%d", a-attrTEX0)
	case a == attrNBT:
		return "NBT"
	}
	return fmt.Sprintf("attribute %d", a)
}
