package bfres

import (
	"encoding/binary"
	"fmt"
	"math"
)

// Vertex attribute formats of both platforms, decoded to float32
// components. A Wii U attribute names a GX2 format (low byte the layout,
// the next byte the kind: 0 unorm, 1 uint, 2 snorm, 3 sint, 8 float or
// uint-to-float, 0xA sint-to-float); a Switch attribute an nn::gfx one
// (channel layout << 8 | type: 1 unorm, 2 snorm, 3 uint, 4 sint, 5 float,
// 8 uint-to-float, 9 sint-to-float). Both become an attrFormat.

// compKind is how a stored component becomes a number.
type compKind uint8

const (
	kindUnorm   compKind = iota // v / (2^n − 1)
	kindSnorm                   // max(v / (2^(n−1) − 1), −1)
	kindUint                    // the integer (palette indices)
	kindSint                    // the signed integer
	kindFloat                   // IEEE half or single
	kindUscaled                 // unsigned integer converted to float
	kindSscaled                 // signed integer converted to float
)

// packing is a layout whose components are not whole bytes.
type packing uint8

const (
	packNone       packing = iota
	pack10_10_10_2         // x bits 0–9, y 10–19, z 20–29, w 30–31 of one word
	pack11_11_10F          // unsigned 11/11/10-bit floats in one word
)

// attrFormat is a decodable vertex layout: comps components of compBytes
// bytes each (or one packed word) interpreted as kind.
type attrFormat struct {
	comps, compBytes int
	kind             compKind
	pack             packing
}

// size is the bytes one vertex's attribute occupies.
func (f attrFormat) size() int {
	if f.pack != packNone {
		return 4
	}
	return f.comps * f.compBytes
}

// gx2Kinds and nxKinds map each platform's type field to a kind.
var (
	gx2Kinds = map[uint32]compKind{0: kindUnorm, 1: kindUint, 2: kindSnorm, 3: kindSint, 8: kindUscaled, 0xA: kindSscaled}
	nxKinds  = map[uint32]compKind{1: kindUnorm, 2: kindSnorm, 3: kindUint, 4: kindSint, 5: kindFloat, 8: kindUscaled, 9: kindSscaled}
)

// gx2AttribFormat maps a GX2 attribute format (BfresLibrary's
// GX2AttribFormat: layouts 0x00–0x13) to its layout.
func gx2AttribFormat(code uint32) (attrFormat, bool) {
	layout, typ := code&0xFF, code>>8
	if code > 0xFFFF {
		return attrFormat{}, false
	}
	// Float layouts take only the float kind.
	floats := map[uint32]attrFormat{
		0x03: {1, 2, kindFloat, packNone}, 0x06: {1, 4, kindFloat, packNone},
		0x08: {2, 2, kindFloat, packNone}, 0x09: {3, 0, kindFloat, pack11_11_10F},
		0x0D: {2, 4, kindFloat, packNone}, 0x0F: {4, 2, kindFloat, packNone},
		0x11: {3, 4, kindFloat, packNone}, 0x13: {4, 4, kindFloat, packNone},
	}
	if f, ok := floats[layout]; ok {
		return f, typ == 8
	}
	ints := map[uint32]attrFormat{
		0x00: {1, 1, 0, packNone}, 0x02: {1, 2, 0, packNone}, 0x04: {2, 1, 0, packNone},
		0x05: {1, 4, 0, packNone}, 0x07: {2, 2, 0, packNone}, 0x0A: {4, 1, 0, packNone},
		0x0B: {4, 0, 0, pack10_10_10_2}, 0x0C: {2, 4, 0, packNone}, 0x0E: {4, 2, 0, packNone},
		0x10: {3, 4, 0, packNone}, 0x12: {4, 4, 0, packNone},
	}
	f, ok := ints[layout]
	if f.kind, ok = gx2Kinds[typ]; !ok || ints[layout].comps == 0 {
		return attrFormat{}, false
	}
	if f.compBytes == 4 && (f.kind == kindUnorm || f.kind == kindSnorm) {
		return attrFormat{}, false // no 32-bit normalized GX2 formats
	}
	return f, true
}

// nxAttribFormat maps an nn::gfx attribute format to its layout.
func nxAttribFormat(code uint32) (attrFormat, bool) {
	channel, typ := code>>8, code&0xFF
	layouts := map[uint32]attrFormat{
		0x02: {1, 1, 0, packNone}, 0x09: {2, 1, 0, packNone}, 0x0A: {1, 2, 0, packNone},
		0x0B: {4, 1, 0, packNone}, 0x0E: {4, 0, 0, pack10_10_10_2}, 0x0F: {3, 0, 0, pack11_11_10F},
		0x12: {2, 2, 0, packNone}, 0x14: {1, 4, 0, packNone}, 0x15: {4, 2, 0, packNone},
		0x17: {2, 4, 0, packNone}, 0x18: {3, 4, 0, packNone}, 0x19: {4, 4, 0, packNone},
	}
	f := layouts[channel]
	kind, ok := nxKinds[typ]
	if f.comps == 0 || !ok || code > 0xFFFF {
		return attrFormat{}, false
	}
	f.kind = kind
	switch {
	case f.pack == pack11_11_10F:
		return f, f.kind == kindFloat
	case f.kind == kindFloat:
		return f, f.compBytes >= 2 && f.pack == packNone
	case f.compBytes == 4 && (f.kind == kindUnorm || f.kind == kindSnorm):
		return attrFormat{}, false
	}
	return f, true
}

// decode reads one vertex's attribute from b (at least f.size() bytes)
// into out; components the format lacks are 0 (w: 1).
func (f attrFormat) decode(b []byte, order binary.ByteOrder, out *[4]float32) {
	*out = [4]float32{0, 0, 0, 1}
	switch f.pack {
	case pack10_10_10_2:
		w := order.Uint32(b)
		for c := 0; c < 3; c++ {
			out[c] = normInt(w>>(10*c)&0x3FF, 10, f.kind)
		}
		// The 2-bit w is unsigned even in the SNorm format (GX2 and
		// nn::gfx alike: "high 2 bits are UNorm").
		wk := f.kind
		switch wk {
		case kindSnorm:
			wk = kindUnorm
		case kindSint:
			wk = kindUint
		case kindSscaled:
			wk = kindUscaled
		}
		out[3] = normInt(w>>30, 2, wk)
		return
	case pack11_11_10F:
		w := order.Uint32(b)
		out[0] = smallFloat(w&0x7FF, 6)
		out[1] = smallFloat(w>>11&0x7FF, 6)
		out[2] = smallFloat(w>>22&0x3FF, 5)
		return
	}
	for c := 0; c < f.comps; c++ {
		p := b[c*f.compBytes:]
		var raw uint32
		switch f.compBytes {
		case 1:
			raw = uint32(p[0])
		case 2:
			raw = uint32(order.Uint16(p))
		default:
			raw = order.Uint32(p)
		}
		if f.kind == kindFloat {
			if f.compBytes == 2 {
				out[c] = halfToFloat(uint16(raw))
			} else {
				out[c] = math.Float32frombits(raw)
			}
			continue
		}
		out[c] = normInt(raw, 8*f.compBytes, f.kind)
	}
}

// normInt converts an n-bit stored integer by kind.
func normInt(raw uint32, bits int, kind compKind) float32 {
	signed := func() int64 {
		v := int64(raw)
		if bits < 64 && v&(1<<(bits-1)) != 0 {
			v -= 1 << bits
		}
		return v
	}
	switch kind {
	case kindUnorm:
		return float32(float64(raw) / float64(uint64(1)<<bits-1))
	case kindSnorm:
		return float32(math.Max(float64(signed())/float64(int64(1)<<(bits-1)-1), -1))
	case kindSint, kindSscaled:
		return float32(signed())
	}
	return float32(raw) // uint, uscaled
}

// halfToFloat converts an IEEE 754 binary16 value.
func halfToFloat(h uint16) float32 {
	sign := uint32(h>>15) << 31
	exp := uint32(h >> 10 & 0x1F)
	man := uint32(h & 0x3FF)
	switch {
	case exp == 0x1F:
		return math.Float32frombits(sign | 0xFF<<23 | man<<13)
	case exp == 0 && man == 0:
		return math.Float32frombits(sign)
	case exp == 0: // subnormal: man · 2^−24
		f := float32(man) / (1 << 24)
		if sign != 0 {
			f = -f
		}
		return f
	}
	return math.Float32frombits(sign | (exp+127-15)<<23 | man<<13)
}

// smallFloat converts an unsigned float with 5 exponent bits and manBits
// mantissa bits (the 11- and 10-bit floats of R11G11B10).
func smallFloat(v uint32, manBits uint) float32 {
	exp := v >> manBits
	man := v & (1<<manBits - 1)
	switch {
	case exp == 0x1F:
		if man != 0 {
			return float32(math.NaN())
		}
		return float32(math.Inf(1))
	case exp == 0:
		return float32(float64(man) / float64(uint32(1)<<manBits) * math.Pow(2, -14))
	}
	return float32((1 + float64(man)/float64(uint32(1)<<manBits)) * math.Pow(2, float64(exp)-15))
}

// rawAttrib is one vertex attribute as the file describes it.
type rawAttrib struct {
	name   string
	buffer int
	offset int64
	code   uint32 // the stored format word
	format attrFormat
	ok     bool // the format is known
}

// rawBuffer is one vertex buffer: its bytes and stride.
type rawBuffer struct {
	data   []byte
	stride int64
}

// rawVertices is an FVTX: count vertices spread over buffers.
type rawVertices struct {
	count   int
	attribs []rawAttrib
	buffers []rawBuffer
}

// maxVertices bounds an FVTX's vertex count before it is checked against
// its buffers (each vertex needs at least one byte of some buffer).
const maxVertices = 1 << 24

// attrib decodes attribute name for every vertex (nil when the FVTX has
// none). A format this reader does not know, an attribute past its
// buffer's stride or a buffer shorter than count·stride is an error.
func (v *rawVertices) attrib(name string, order binary.ByteOrder) ([][4]float32, error) {
	for _, a := range v.attribs {
		if a.name != name {
			continue
		}
		if !a.ok {
			return nil, fmt.Errorf("attribute %s: format 0x%x not supported", name, a.code)
		}
		if a.buffer < 0 || a.buffer >= len(v.buffers) {
			return nil, fmt.Errorf("attribute %s: buffer %d does not exist (%d buffers)", name, a.buffer, len(v.buffers))
		}
		buf := v.buffers[a.buffer]
		sz := int64(a.format.size())
		if buf.stride == 0 && v.count > 1 {
			return nil, fmt.Errorf("attribute %s: buffer %d has stride 0 for %d vertices", name, a.buffer, v.count)
		}
		if a.offset+sz > buf.stride && !(v.count <= 1 && buf.stride == 0) {
			return nil, fmt.Errorf("attribute %s: %d bytes at offset %d run past the buffer's %d-byte stride", name, sz, a.offset, buf.stride)
		}
		if v.count > 0 {
			last := int64(v.count-1)*buf.stride + a.offset + sz
			if last > int64(len(buf.data)) {
				return nil, fmt.Errorf("attribute %s: %d vertices of stride %d need %d bytes, buffer %d holds %d", name, v.count, buf.stride, last, a.buffer, len(buf.data))
			}
		}
		out := make([][4]float32, v.count)
		for i := range out {
			p := int64(i)*buf.stride + a.offset
			a.format.decode(buf.data[p:p+sz], order, &out[i])
		}
		return out, nil
	}
	return nil, nil
}
