package j3d

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/internal/bin"
)

// FullTrack is one entry of a full-frame table (ANF1, TPT1, VAF1): Count
// values, one per frame, starting at element Index of the value table.
type FullTrack struct {
	Count uint16
	Index uint16
}

// FullTrackSize is the size of a FullTrack in the file.
const FullTrackSize = 4

// readFullTracks reads count FullTracks at chunk offset off.
func (s *section) readFullTracks(what string, fieldOff int64, off uint32, count int) ([]FullTrack, error) {
	if count == 0 {
		return nil, nil
	}
	b, err := s.need(what, fieldOff, off, int64(count), FullTrackSize)
	if err != nil {
		return nil, err
	}
	t := make([]FullTrack, count)
	for i := range t {
		t[i] = FullTrack{Count: s.order.Uint16(b[4*i:]), Index: s.order.Uint16(b[4*i+2:])}
	}
	return t, nil
}

// checkFull checks that a full-frame track stays inside its table. A
// count-0 track is refused unless zeroOK: the runtime's full-frame
// samplers (J3DAnmTransformFull::getTransform for BCA,
// J3DAnmTexPattern::getTexNo for BTP, in zeldaret/tp and tww) have no case
// for it: before frame 0 they read element Index, from frame 0 on (every
// frame is ≥ the count) element Index + count - 1 = Index - 1, outside the
// track either way. (The keyed samplers read a default for count 0.) BVA
// passes zeroOK: its sampler reads the same way, but a 0-frame shape
// track has always read as shown here and is kept so.
func checkFull(t FullTrack, tableLen int, zeroOK bool) string {
	if t.Count == 0 {
		if zeroOK {
			return ""
		}
		return "has 0 frames (the game has no case for it and reads the value before the track's data)"
	}
	if need := int(t.Index) + int(t.Count); need > tableLen {
		return fmt.Sprintf("index %d + %d values = %d past table end (%d)", t.Index, t.Count, need, tableLen)
	}
	return ""
}

// fullCurve is the curve of a checked full-frame track over the converted
// table (an anim.FullFrame over a sub-slice of it, shared, not copied):
// count 0 gives def, count 1 a constant (the same value at every frame).
// cv, when not nil, is the FullFrame to fill (preallocated by the caller).
func fullCurve(t FullTrack, table []float32, round bool, def anim.Curve, cv *anim.FullFrame) anim.Curve {
	switch t.Count {
	case 0:
		return def
	case 1:
		return constant(float64(table[t.Index]))
	}
	if cv == nil {
		cv = new(anim.FullFrame)
	}
	end := int(t.Index) + int(t.Count)
	*cv = anim.FullFrame{Values: table[t.Index:end:end], Round: round}
	return cv
}

// constant is anim.Constant(v), sharing the interface values of 0 and 1.
func constant(v float64) anim.Curve {
	switch {
	case v == 1:
		return defaultScale
	case v == 0 && !math.Signbit(v):
		return defaultZero
	}
	return anim.Constant(v)
}

// readU16s reads count u16 values at chunk offset off.
func (s *section) readU16s(what string, fieldOff int64, off uint32, count int) ([]uint16, error) {
	if count == 0 {
		return nil, nil
	}
	b, err := s.need(what, fieldOff, off, int64(count), 2)
	if err != nil {
		return nil, err
	}
	v := make([]uint16, count)
	for i := range v {
		v[i] = s.order.Uint16(b[2*i:])
	}
	return v, nil
}

// readS16s reads count s16 values at chunk offset off.
func (s *section) readS16s(what string, fieldOff int64, off uint32, count int) ([]int16, error) {
	if count == 0 {
		return nil, nil
	}
	b, err := s.need(what, fieldOff, off, int64(count), 2)
	if err != nil {
		return nil, err
	}
	v := make([]int16, count)
	b = b[:2*count]
	// The byte order's methods are interface calls: a loop per order is
	// several times faster.
	switch s.order {
	case binary.BigEndian:
		for i := range v {
			v[i] = int16(binary.BigEndian.Uint16(b[2*i:]))
		}
	case binary.LittleEndian:
		for i := range v {
			v[i] = int16(binary.LittleEndian.Uint16(b[2*i:]))
		}
	default:
		for i := range v {
			v[i] = int16(s.order.Uint16(b[2*i:]))
		}
	}
	return v, nil
}

// optionalRemap reads a remap table (u16 per entry) when it lies in the
// chunk; the games look materials up by name and never read it.
func (s *section) optionalRemap(fieldOff int64, off uint32, n int) []uint16 {
	if n == 0 {
		return nil
	}
	v, err := s.readU16s("remap table", fieldOff, off, n)
	if err != nil {
		return nil
	}
	return v
}

// chunkTooSmall is the error for a chunk shorter than its header.
func chunkTooSmall(format string, c Chunk, n int, header int) error {
	return bin.Errorf(format, c.Offset+4, "%s chunk is %d bytes, smaller than its 0x%x-byte header", c.ID, n, header)
}
