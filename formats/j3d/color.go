package j3d

import (
	"fmt"
	"math"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/internal/bin"
)

// ColorTracks are the r, g, b and a key tracks of one colour entry (BRK,
// BPK); each reads its own value table (s16 times, values and tangents).
type ColorTracks [4]Track

// ColorTracksSize is the size of ColorTracks in the file.
const ColorTracksSize = 4 * TrackSize

// colorSlots are the slots of ColorTracks, in order.
var colorSlots = [4]anim.Slot{anim.ColorR, anim.ColorG, anim.ColorB, anim.ColorA}

// colorNames names the channels for messages.
var colorNames = [4]string{"r", "g", "b", "a"}

// Colour ranges: a TEV colour register (GXColorS10) holds −1024..1023, a
// konst colour or material colour (GXColor) 0..255.
const (
	tevRegMin, tevRegMax = -1024, 1023
	u8Min, u8Max         = 0, 255
)

// ColorCurve is a keyed colour channel as the games compute it: the J3D
// Hermite over the s16 keys, clamped to [Min, Max], truncated toward zero.
// Before the first key it holds the first value, at or after the last key
// the last one (see anim.Hermite). It reads its keys straight from the
// value table: Count keys of Stride values (3: time, value, tangent; 4:
// time, value, in, out) from Table[Index]; the Hermite is the float64 one
// of anim.Hermite.EvalRaw, with the same operations in the same order.
type ColorCurve struct {
	Table    []int16
	Index    int32
	Count    uint16
	Stride   uint8
	Min, Max float64
}

// Eval implements anim.Curve.
func (c *ColorCurve) Eval(f float64) float64 {
	v := c.evalRaw(f)
	switch {
	case v < c.Min:
		return c.Min
	case v > c.Max:
		return c.Max
	}
	return math.Trunc(v)
}

// evalRaw is anim.Hermite.EvalRaw over the table's keys.
func (c *ColorCurve) evalRaw(f float64) float64 {
	n, stride := int(c.Count), int(c.Stride)
	if n == 0 {
		return 0
	}
	keys := c.Table[c.Index : int(c.Index)+n*stride]
	if f <= float64(keys[0]) || n == 1 {
		return float64(keys[1])
	}
	last := (n - 1) * stride
	if f >= float64(keys[last]) {
		return float64(keys[last+1])
	}
	// The largest i with time(i) <= f, bisecting as anim.Hermite does
	// (so NaN gives segment 0).
	lo, size := 0, n-1
	for size > 1 {
		half := size >> 1
		if float64(keys[(lo+half)*stride]) <= f {
			lo += half
		}
		size -= half
	}
	k0 := keys[lo*stride : lo*stride+stride]
	k1 := keys[(lo+1)*stride : (lo+1)*stride+3]
	t0, t1 := float64(k0[0]), float64(k1[0])
	out := float64(k0[2]) // tangent mode 0: one tangent used both ways
	if stride == 4 {
		out = float64(k0[3])
	}
	l := t1 - t0
	t := (f - t0) / l
	s0 := out * l
	s1 := float64(k1[2]) * l
	p0, p1 := float64(k0[1]), float64(k1[1])
	a := 2*p0 - 2*p1 + s0 + s1
	b := -3*p0 + 3*p1 - 2*s0 - s1
	return ((a*t+b)*t+s0)*t + p0
}

// Kind implements anim.Curve.
func (*ColorCurve) Kind() anim.CurveKind { return anim.KindHermite }

// NumKeys implements anim.Curve.
func (c *ColorCurve) NumKeys() int { return int(c.Count) }

// Key implements anim.Curve.
func (c *ColorCurve) Key(i int) anim.Key {
	if i < 0 || i >= int(c.Count) {
		panic(fmt.Sprintf("colour curve key %d out of range (%d keys)", i, c.Count))
	}
	k := c.Table[int(c.Index)+i*int(c.Stride):]
	in := float64(k[2])
	out := in
	if c.Stride == 4 {
		out = float64(k[3])
	}
	return anim.Key{Frame: float64(k[0]), Value: float64(k[1]), InSlope: in, OutSlope: out, HasSlopes: true}
}

// Validate implements anim.Curve.
func (c *ColorCurve) Validate() error {
	if c.Count == 0 {
		return fmt.Errorf("colour curve without keys")
	}
	if c.Stride != 3 && c.Stride != 4 {
		return fmt.Errorf("colour curve with %d values per key (not 3 or 4)", c.Stride)
	}
	if c.Index < 0 || int(c.Index)+int(c.Count)*int(c.Stride) > len(c.Table) {
		return fmt.Errorf("colour curve index %d + %d keys × %d values past table end (%d)", c.Index, c.Count, c.Stride, len(c.Table))
	}
	stride := int(c.Stride)
	keys := c.Table[c.Index:]
	for i := 1; i < int(c.Count); i++ {
		t, prev := float64(keys[i*stride]), float64(keys[(i-1)*stride])
		if t < prev {
			return fmt.Errorf("key %d at frame %g comes before key %d at frame %g", i, t, i-1, prev)
		}
	}
	return nil
}

// readColorTracks reads count entries of stride bytes at chunk offset off,
// each starting with ColorTracks; extra reads the rest of entry i.
func (s *section) readColorTracks(what string, fieldOff int64, off uint32, count, stride int, extra func(i int, b []byte)) ([]ColorTracks, error) {
	if count == 0 {
		return nil, nil
	}
	b, err := s.need(what, fieldOff, off, int64(count), int64(stride))
	if err != nil {
		return nil, err
	}
	t := make([]ColorTracks, count)
	for i := range t {
		e := b[i*stride : (i+1)*stride]
		for j := range t[i] {
			p := e[j*TrackSize:]
			t[i][j] = Track{Count: s.order.Uint16(p), Index: s.order.Uint16(p[2:]), TangentMode: s.order.Uint16(p[4:])}
		}
		if extra != nil {
			extra(i, e[ColorTracksSize:])
		}
	}
	return t, nil
}

// checkColor checks each track of an entry against its value table; base
// is the file offset of the entry (-1: none, for a struct built by hand);
// what and i name the entry in the message ("C register entry 3").
func (s *section) checkColor(tr *ColorTracks, values *[4][]int16, what string, i int, base int64) error {
	for j, t := range tr {
		if msg := checkTrack(t, len(values[j]), 0); msg != "" {
			off := int64(-1)
			if base >= 0 {
				off = base + int64(j)*TrackSize
			}
			return bin.Errorf(s.format, off, "%s %d %s: %s", what, i, colorNames[j], trimKind(msg))
		}
	}
	return nil
}

// trimKind drops checkTrack's table-kind word ("scale index 3 ...").
func trimKind(msg string) string {
	const p = "scale "
	if len(msg) > len(p) && msg[:len(p)] == p {
		return msg[len(p):]
	}
	return msg
}

// maxColorKeys bounds the keys of all colour tracks of a file together
// (shared sequences counted per track): real files hold a few hundred.
const maxColorKeys = 1 << 20

// colorBuilder converts colour tracks; keyed tracks become ColorCurves
// reading the value tables in place.
type colorBuilder struct {
	format string
	values *[4][]int16
	keys   int
	// Preallocated for all entries (see newColorBuilder).
	chans  []anim.Channel
	curves []ColorCurve
}

// keyedTracks counts the tracks of an entry with keys (count 2 or more).
func keyedTracks(tr *ColorTracks) int {
	n := 0
	for _, t := range tr {
		if t.Count >= 2 {
			n++
		}
	}
	return n
}

// newColorBuilder prepares the conversion of entries entries with keyed
// keyed tracks in all (see keyedTracks) reading values.
func newColorBuilder(format string, values *[4][]int16, entries, keyed int) *colorBuilder {
	return &colorBuilder{format: format, values: values,
		chans: make([]anim.Channel, 4*entries), curves: make([]ColorCurve, keyed)}
}

// channels converts a checked entry. konst selects the GXColor rules
// (constants keep their low byte, keys clamp to 0..255); otherwise the TEV
// register rules (constants as stored, keys clamp to −1024..1023).
func (b *colorBuilder) channels(tr *ColorTracks, konst bool) ([]anim.Channel, error) {
	var ch []anim.Channel
	if len(b.chans) >= 4 {
		ch, b.chans = b.chans[:4:4], b.chans[4:]
	} else {
		ch = make([]anim.Channel, 4)
	}
	for j, t := range tr {
		ch[j].Slot = colorSlots[j]
		table := b.values[j]
		switch t.Count {
		case 0:
			ch[j].Curve = defaultZero
		case 1:
			v := table[t.Index]
			if konst {
				ch[j].Curve = constant(float64(uint8(v)))
			} else {
				ch[j].Curve = constant(float64(v))
			}
		default:
			b.keys += int(t.Count)
			if b.keys > maxColorKeys {
				return nil, bin.Unsupportedf(b.format, "colour tracks reference more than %d keys in total", maxColorKeys)
			}
			var c *ColorCurve
			if len(b.curves) > 0 {
				c, b.curves = &b.curves[0], b.curves[1:]
			} else {
				c = new(ColorCurve)
			}
			*c = ColorCurve{Table: table, Index: int32(t.Index), Count: t.Count, Stride: uint8(t.ValuesPerKey()), Min: tevRegMin, Max: tevRegMax}
			if konst {
				c.Min, c.Max = u8Min, u8Max
			}
			ch[j].Curve = c
		}
	}
	return ch, nil
}
