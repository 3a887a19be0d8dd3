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
// the last one (see anim.Hermite).
type ColorCurve struct {
	Hermite  *anim.Hermite
	Min, Max float64
}

// Eval implements anim.Curve.
func (c *ColorCurve) Eval(f float64) float64 {
	v := c.Hermite.EvalRaw(f)
	switch {
	case v < c.Min:
		return c.Min
	case v > c.Max:
		return c.Max
	}
	return math.Trunc(v)
}

// Kind implements anim.Curve.
func (*ColorCurve) Kind() anim.CurveKind { return anim.KindHermite }

// NumKeys implements anim.Curve.
func (c *ColorCurve) NumKeys() int { return c.Hermite.NumKeys() }

// Key implements anim.Curve.
func (c *ColorCurve) Key(i int) anim.Key { return c.Hermite.Key(i) }

// Validate implements anim.Curve.
func (c *ColorCurve) Validate() error {
	if c.Hermite == nil {
		return fmt.Errorf("colour curve without keys")
	}
	return c.Hermite.Validate()
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
// what names the entry in the message (called only on failure).
func (s *section) checkColor(tr *ColorTracks, values *[4][]int16, what func() string, base int64) error {
	for j, t := range tr {
		if msg := checkTrack(t, len(values[j]), 0); msg != "" {
			off := int64(-1)
			if base >= 0 {
				off = base + int64(j)*TrackSize
			}
			return bin.Errorf(s.format, off, "%s %s: %s", what(), colorNames[j], trimKind(msg))
		}
	}
	return nil
}

// entryLabel is a checkColor label: "C register entry 3".
func entryLabel(what string, i int) func() string {
	return func() string { return fmt.Sprintf("%s %d", what, i) }
}

// trimKind drops checkTrack's table-kind word ("scale index 3 ...").
func trimKind(msg string) string {
	const p = "scale "
	if len(msg) > len(p) && msg[:len(p)] == p {
		return msg[len(p):]
	}
	return msg
}

// minPreparedColorKeys is the shortest colour track given a search index
// (anim.Hermite.Prepare): colour tracks are short, and bisecting a few
// keys costs less than the index's allocation.
const minPreparedColorKeys = 16

// maxColorKeys bounds the keys of all colour tracks of a file together
// (shared sequences counted per track): real files hold a few hundred.
const maxColorKeys = 1 << 20

// colorBuilder converts colour tracks, sharing the keys (and search index)
// of tracks with the same reference.
type colorBuilder struct {
	format string
	values *[4][]int16
	cache  map[[4]int]*anim.Hermite
	keys   int
	// Preallocated for all entries (see newColorBuilder).
	chans    []anim.Channel
	curves   []ColorCurve
	hermites []anim.Hermite
	keySlab  []anim.HermiteKey
}

// newColorBuilder prepares the conversion of entries reading values.
func newColorBuilder(format string, values *[4][]int16, entries []ColorTracks) *colorBuilder {
	keyed, keys := 0, 0
	for i := range entries {
		for _, t := range entries[i] {
			if t.Count >= 2 {
				keyed++
				keys += int(t.Count)
			}
		}
	}
	b := &colorBuilder{format: format, values: values, cache: make(map[[4]int]*anim.Hermite, keyed),
		chans: make([]anim.Channel, 4*len(entries)), curves: make([]ColorCurve, keyed), hermites: make([]anim.Hermite, keyed)}
	if keys <= maxColorKeys {
		// One buffer for every track's keys (shared references take
		// less); beyond the bound hermite refuses the file anyway.
		b.keySlab = make([]anim.HermiteKey, 0, keys)
	}
	return b
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
			h, err := b.hermite(j, t)
			if err != nil {
				return nil, err
			}
			var c *ColorCurve
			if len(b.curves) > 0 {
				c, b.curves = &b.curves[0], b.curves[1:]
			} else {
				c = new(ColorCurve)
			}
			*c = ColorCurve{Hermite: h, Min: tevRegMin, Max: tevRegMax}
			if konst {
				c.Min, c.Max = u8Min, u8Max
			}
			ch[j].Curve = c
		}
	}
	return ch, nil
}

func (b *colorBuilder) hermite(j int, t Track) (*anim.Hermite, error) {
	b.keys += int(t.Count)
	if b.keys > maxColorKeys {
		return nil, bin.Unsupportedf(b.format, "colour tracks reference more than %d keys in total", maxColorKeys)
	}
	ref := [4]int{j, int(t.Index), int(t.Count), t.ValuesPerKey()}
	if h := b.cache[ref]; h != nil {
		return h, nil
	}
	var keys []anim.HermiteKey
	if n := len(b.keySlab); cap(b.keySlab)-n >= int(t.Count) {
		b.keySlab = b.keySlab[:n+int(t.Count)]
		keys = b.keySlab[n : n+int(t.Count) : n+int(t.Count)]
	} else {
		keys = make([]anim.HermiteKey, t.Count)
	}
	fillKeys(keys, b.values[j], t.ValuesPerKey(), int(t.Index))
	var h *anim.Hermite
	if len(b.hermites) > 0 {
		h, b.hermites = &b.hermites[0], b.hermites[1:]
	} else {
		h = new(anim.Hermite)
	}
	*h = anim.Hermite{Keys: keys, RotationFrac: anim.NotRotation}
	if len(keys) >= minPreparedColorKeys {
		h.Prepare()
	}
	b.cache[ref] = h
	return h, nil
}
