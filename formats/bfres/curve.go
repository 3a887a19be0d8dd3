package bfres

import (
	"encoding/binary"
	"math"

	"github.com/animscope/animscope/anim"
)

// Curve is an animation curve header with its stored arrays, as in the
// file (0x24 bytes from FRES 3.4, 0x20 without the delta field before).
type Curve struct {
	FileOffset   int64 // absolute offset of the header
	Flags        uint16
	FrameType    anim.NWFrameType
	KeyType      KeyType
	Type         anim.NWCurveType
	PreWrap      anim.NWWrap
	PostWrap     anim.NWWrap
	NumKeys      uint16
	TargetOffset uint32
	StartFrame   float32
	EndFrame     float32
	// ScaleBits, OffsetBits and DeltaBits are the raw 32-bit fields: f32
	// for float curves, s32 for integer and bool curves. Scale, Offset and
	// Delta are their values read that way.
	ScaleBits, OffsetBits, DeltaBits uint32
	Scale, Offset, Delta             float64
	HasDelta                         bool
	FrameArrayOffset                 int64 // absolute, 0 when null
	KeyArrayOffset                   int64
	// FrameData and KeyData are the stored arrays (views into the file);
	// RawFrame and RawKey read their elements.
	FrameData, KeyData []byte
	// Decoded is the evaluable curve in display units (degrees for
	// rotations), built and validated while parsing.
	Decoded *anim.NWCurve
	// LittleEndian is set for Switch curves (their arrays are
	// little-endian).
	LittleEndian bool
}

// order is the byte order of the curve's arrays.
func (c *Curve) order() binary.ByteOrder {
	if c.LittleEndian {
		return binary.LittleEndian
	}
	return binary.BigEndian
}

// NWHeader is the curve header in the form decodeCurveIn takes. unit
// converts file units to display units (180/π for radians).
func (c *Curve) NWHeader(unit float64) CurveHeader {
	return CurveHeader{
		Type: c.Type, FrameType: c.FrameType, KeyType: c.KeyType,
		PreWrap: c.PreWrap, PostWrap: c.PostWrap, NumKeys: int(c.NumKeys),
		Start: float64(c.StartFrame), End: float64(c.EndFrame),
		Scale: c.Scale, Offset: c.Offset, Delta: c.Delta, Unit: unit,
	}
}

// NumFrameValues is the number of stored frames.
func (c *Curve) NumFrameValues() int {
	if s := frameSize(c.FrameType); s > 0 {
		return len(c.FrameData) / s
	}
	return 0
}

// RawFrame is stored frame i as stored (s10.5 as the raw integer).
func (c *Curve) RawFrame(i int) float64 {
	b := c.FrameData[i*frameSize(c.FrameType):]
	switch c.FrameType {
	case anim.NWFrameF32:
		return float64(math.Float32frombits(c.order().Uint32(b)))
	case anim.NWFrameFixed:
		return float64(int16(c.order().Uint16(b)))
	}
	return float64(b[0])
}

// NumKeyValues is the number of stored key elements (bool curves: words).
func (c *Curve) NumKeyValues() int {
	if c.Type.IsBool() {
		return len(c.KeyData) / 4
	}
	if s := c.KeyType.Size(); s > 0 {
		return len(c.KeyData) / s
	}
	return 0
}

// RawKey is stored key element i as stored (bool curves: u32 word i).
func (c *Curve) RawKey(i int) float64 {
	if c.Type.IsBool() {
		return float64(c.order().Uint32(c.KeyData[i*4:]))
	}
	b := c.KeyData[i*c.KeyType.Size():]
	switch c.KeyType {
	case Key32:
		if c.Type.IsInt() {
			return float64(int32(c.order().Uint32(b)))
		}
		return float64(math.Float32frombits(c.order().Uint32(b)))
	case KeyS16:
		return float64(int16(c.order().Uint16(b)))
	}
	return float64(int8(b[0]))
}

// decode builds c.Decoded, reporting decode failures at the curve. The
// curve comes from the decoder's chunk (storedCurve).
func (d *decoder) decode(c *Curve, unit float64) error {
	nw, err := decodeCurveIn(c.NWHeader(unit), c.FrameData, c.KeyData, c.order(), d.storedCurve())
	if err != nil {
		return d.errf(c.FileOffset, "%s curve (target 0x%x): %v", c.Type, c.TargetOffset, err)
	}
	c.Decoded = nw
	return nil
}

// readCurve reads one curve header and its arrays, and checks its types.
func (d *decoder) readCurve(off int64) (Curve, error) {
	l := &d.lay.curve
	f, err := d.structAt(off, l.size, "curve")
	if err != nil {
		return Curve{}, err
	}
	c := Curve{FileOffset: off, HasDelta: l.delta.kind != absent, LittleEndian: f.le}
	c.FrameArrayOffset = f.refAt(l.frames)
	c.KeyArrayOffset = f.refAt(l.keys)
	// Files hold thousands of curves: the fixed fields are read straight
	// from the header's bytes, which structAt has checked.
	b := f.b
	u32 := func(fl field) uint32 {
		switch {
		case fl.kind == absent:
			return 0
		case f.le:
			return binary.LittleEndian.Uint32(b[fl.at:])
		}
		return binary.BigEndian.Uint32(b[fl.at:])
	}
	u16 := func(fl field) uint16 {
		if f.le {
			return binary.LittleEndian.Uint16(b[fl.at:])
		}
		return binary.BigEndian.Uint16(b[fl.at:])
	}
	c.Flags, c.NumKeys, c.TargetOffset = u16(l.flags), u16(l.numKeys), u32(l.target)
	c.StartFrame, c.EndFrame = math.Float32frombits(u32(l.start)), math.Float32frombits(u32(l.end))
	c.ScaleBits, c.OffsetBits, c.DeltaBits = u32(l.scale), u32(l.offset), u32(l.delta)
	if f.err != nil {
		return Curve{}, f.err
	}
	c.splitFlags()
	switch {
	case !c.Type.Valid():
		return Curve{}, d.errf(off+l.flags.at, "curve type 3 (flags 0x%04x) is not a known type", c.Flags)
	case frameSize(c.FrameType) == 0:
		return Curve{}, d.errf(off+l.flags.at, "frame type 3 (flags 0x%04x) is not a known type", c.Flags)
	case c.KeyType.Size() == 0 && !c.Type.IsBool():
		return Curve{}, d.errf(off+l.flags.at, "key type 3 (flags 0x%04x) is not a known type", c.Flags)
	case c.NumKeys == 0:
		return Curve{}, d.errf(off+l.flags.at+2, "curve has no keys")
	}
	h := c.NWHeader(1)
	if c.FrameArrayOffset == 0 {
		if !c.Type.IsBaked() {
			return Curve{}, d.errf(off+l.frames.at, "%s curve has no frame array", c.Type)
		}
	} else if c.FrameData, err = d.array(c.FrameArrayOffset, h.FrameBytes(), "curve frame array"); err != nil {
		return Curve{}, err
	}
	if c.KeyArrayOffset == 0 {
		return Curve{}, d.errf(off+l.keys.at, "curve has no key array")
	}
	if c.KeyData, err = d.array(c.KeyArrayOffset, h.KeyBytes(), "curve key array"); err != nil {
		return Curve{}, err
	}
	return c, nil
}

// splitFlags splits the curve's flags into its types and reads scale,
// offset and delta as the curve type says.
func (c *Curve) splitFlags() {
	c.FrameType = anim.NWFrameType(c.Flags & 3)
	c.KeyType = KeyType(c.Flags >> 2 & 3)
	c.Type = anim.NWCurveType(c.Flags >> 4 & 7)
	c.PreWrap = anim.NWWrap(c.Flags >> 8 & 3)
	c.PostWrap = anim.NWWrap(c.Flags >> 12 & 3)
	if c.Type.IsInt() {
		c.Scale = float64(int32(c.ScaleBits))
		c.Offset = float64(int32(c.OffsetBits))
		c.Delta = float64(int32(c.DeltaBits))
	} else {
		c.Scale = float64(math.Float32frombits(c.ScaleBits))
		c.Offset = float64(math.Float32frombits(c.OffsetBits))
		c.Delta = float64(math.Float32frombits(c.DeltaBits))
	}
}
