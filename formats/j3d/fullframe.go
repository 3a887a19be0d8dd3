package j3d

import (
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

// FullFrame is a full-frame track as the games look it up (J3DAnmTransformFull,
// J3DAnmTexPattern, J3DAnmVisibilityFull): frames before 0 (and NaN) read
// the first value; otherwise the frame, as an f32, picks value
// i = (int)(frame + 0.5) when Round is set and the runtime is the later
// one, else i = (int)frame; i at or past the track's length reads the last
// value. Values hold between frames: there is no interpolation. Each track
// has its own length, which need not be the clip's duration + 1.
//
// Values is a sub-slice of the file's converted value table, so tracks
// sharing data share memory.
type FullFrame struct {
	Values []float64
	// Round selects the later runtime's round-half-up index (BCA, BVA);
	// BTP truncates in every runtime.
	Round bool
	early bool
}

// Index is the value index the game reads at frame f.
func (c *FullFrame) Index(f float64) int {
	n := len(c.Values)
	x := float32(f)
	if !(x >= 0) {
		return 0
	}
	if c.Round && !c.early {
		x += 0.5
	}
	if x >= float32(n) {
		return n - 1
	}
	return int(x)
}

// Eval implements anim.Curve.
func (c *FullFrame) Eval(f float64) float64 {
	if len(c.Values) == 0 {
		return 0
	}
	return c.Values[c.Index(f)]
}

// SetRuntime implements anim.RuntimeCurve.
func (c *FullFrame) SetRuntime(r anim.Runtime) { c.early = r == anim.EarlyRuntime }

// Kind implements anim.Curve.
func (*FullFrame) Kind() anim.CurveKind { return anim.KindFullFrame }

// NumKeys implements anim.Curve: every stored frame is a key.
func (c *FullFrame) NumKeys() int { return len(c.Values) }

// Key implements anim.Curve.
func (c *FullFrame) Key(i int) anim.Key { return anim.Key{Frame: float64(i), Value: c.Values[i]} }

// Validate implements anim.Curve.
func (c *FullFrame) Validate() error {
	if len(c.Values) == 0 {
		return fmt.Errorf("full-frame track without values")
	}
	for i, v := range c.Values {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("value %d (%v) is not finite", i, v)
		}
	}
	return nil
}

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
// count-0 track reads the default (the game would read the element before
// the track: a broken file, but not one worth refusing).
func checkFull(t FullTrack, tableLen int) string {
	if t.Count == 0 {
		return ""
	}
	if need := int(t.Index) + int(t.Count); need > tableLen {
		return fmt.Sprintf("index %d + %d values = %d past table end (%d)", t.Index, t.Count, need, tableLen)
	}
	return ""
}

// fullCurve is the curve of a checked full-frame track over the converted
// table (a sub-slice of it); count 0 gives def.
func fullCurve(t FullTrack, table []float64, round bool, def anim.Curve) anim.Curve {
	if t.Count == 0 {
		return def
	}
	end := int(t.Index) + int(t.Count)
	return &FullFrame{Values: table[t.Index:end:end], Round: round}
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
	u, err := s.readU16s(what, fieldOff, off, count)
	if err != nil || u == nil {
		return nil, err
	}
	v := make([]int16, len(u))
	for i, x := range u {
		v[i] = int16(x)
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
