package j3d

import (
	"fmt"
	"math"
)

// Key is one key of a BCK/BTK track as the tables store it: a time in
// frames, a value, and the incoming and outgoing tangents (per frame). In
// the rotation table all four are raw s16 (RotationRaw converts degrees).
type Key struct {
	Time, Value, In, Out float64
}

// TableBuilder builds the three value tables a BCK or BTK shares among
// its tracks. A track's values are referenced where the table already
// holds the same sequence — a whole earlier track, part of one, or a run
// across two — and only what is missing is appended; a sequence whose
// start matches the table's end overlaps it. Equality is bit for bit
// (0 and -0 differ), so decoding gives back exactly the values given.
type TableBuilder struct {
	t Tables
	// at maps a value's bits to the positions holding it, per table, in
	// increasing order: the candidates for a sequence starting with it.
	at [3]map[uint32][]int
}

// NewTableBuilder starts a builder holding base's values (nil for empty
// tables), so the tracks that index base stay valid and new tracks reuse
// its values.
func NewTableBuilder(base *Tables) *TableBuilder {
	b := &TableBuilder{}
	for k := range b.at {
		b.at[k] = map[uint32][]int{}
	}
	if base != nil {
		b.t.Scale = append([]float32(nil), base.Scale...)
		b.t.Rotation = append([]int16(nil), base.Rotation...)
		b.t.Translation = append([]float32(nil), base.Translation...)
		for k := ScaleTrack; k <= TranslationTrack; k++ {
			for i := range b.t.Len(k) {
				v := b.bits(k, i)
				b.at[k][v] = append(b.at[k][v], i)
			}
		}
	}
	return b
}

// Tables returns the tables built so far (they share memory with the
// builder until the next call that adds to them).
func (b *TableBuilder) Tables() Tables { return b.t }

// Const returns a count-1 track holding v (raw s16 for rotation).
func (b *TableBuilder) Const(k TrackKind, v float64) (Track, error) {
	idx, err := b.add(k, []float64{v})
	return Track{Count: 1, Index: idx}, err
}

// Keys returns a keyed track. Tangent mode 0 stores {time, value,
// tangent} per key and needs In == Out; any other mode stores {time,
// value, in, out}. One key is stored as a constant (count 1), as the
// games read it; no keys is the default track (count 0).
func (b *TableBuilder) Keys(k TrackKind, mode uint16, keys []Key) (Track, error) {
	switch {
	case len(keys) == 0:
		return Track{}, nil
	case len(keys) == 1:
		return b.Const(k, keys[0].Value)
	case len(keys) > math.MaxUint16:
		return Track{}, fmt.Errorf("%s track of %d keys: more than a u16 count holds", k, len(keys))
	}
	tr := Track{Count: uint16(len(keys)), TangentMode: mode}
	flat := make([]float64, 0, tr.ValuesPerKey()*len(keys))
	for i, key := range keys {
		if mode == 0 {
			if math.Float64bits(key.In) != math.Float64bits(key.Out) {
				return Track{}, fmt.Errorf("%s key %d: tangent mode 0 stores one tangent, but in %v and out %v differ", k, i, key.In, key.Out)
			}
			flat = append(flat, key.Time, key.Value, key.Out)
			continue
		}
		flat = append(flat, key.Time, key.Value, key.In, key.Out)
	}
	var err error
	tr.Index, err = b.add(k, flat)
	return tr, err
}

// bits is the identity of table k's value i.
func (b *TableBuilder) bits(k TrackKind, i int) uint32 {
	switch k {
	case ScaleTrack:
		return math.Float32bits(b.t.Scale[i])
	case RotationTrack:
		return uint32(uint16(b.t.Rotation[i]))
	}
	return math.Float32bits(b.t.Translation[i])
}

// add finds vals in table k, or the longest overlap of their start with
// the table's end, appends the rest, and returns the index.
func (b *TableBuilder) add(k TrackKind, vals []float64) (uint16, error) {
	seq := make([]uint32, len(vals))
	for i, v := range vals {
		switch {
		case math.IsNaN(v) || math.IsInf(v, 0):
			return 0, fmt.Errorf("%s value %v is not finite", k, v)
		case k == RotationTrack:
			if v != math.Trunc(v) || v < math.MinInt16 || v > math.MaxInt16 {
				return 0, fmt.Errorf("rotation table value %v is not an s16 (convert degrees with RotationRaw)", v)
			}
			seq[i] = uint32(uint16(int16(v)))
		default:
			f := float32(v)
			if math.IsInf(float64(f), 0) {
				return 0, fmt.Errorf("%s value %v overflows a float32", k, v)
			}
			seq[i] = math.Float32bits(f)
		}
	}
	n := b.t.Len(k)
	cands := b.at[k][seq[0]]
	i := 0
	for ; i < len(cands) && cands[i]+len(seq) <= n; i++ {
		if p := cands[i]; b.matches(k, p, seq) {
			return uint16(p), checkIndex(k, p, n)
		}
	}
	// No whole match: reuse the longest tail of the table that is a
	// prefix of seq (the earliest candidate that runs to the end).
	start := n
	for _, p := range cands[i:] {
		if b.matches(k, p, seq[:n-p]) {
			start = p
			break
		}
	}
	if start > math.MaxUint16 || start+len(seq) > math.MaxUint16+1 {
		return 0, fmt.Errorf("%s table would exceed %d values", k, math.MaxUint16)
	}
	for i := n - start; i < len(seq); i++ {
		b.push(k, seq[i])
	}
	return uint16(start), nil
}

// checkIndex reports an index past what a track's u16 holds.
func checkIndex(k TrackKind, p, n int) error {
	if p > math.MaxUint16 {
		return fmt.Errorf("%s table index %d (of %d values) does not fit in 16 bits", k, p, n)
	}
	return nil
}

// matches reports whether table k holds seq at p (p+len(seq) within it).
func (b *TableBuilder) matches(k TrackKind, p int, seq []uint32) bool {
	for i, v := range seq {
		if b.bits(k, p+i) != v {
			return false
		}
	}
	return true
}

// push appends one value (as bits) to table k.
func (b *TableBuilder) push(k TrackKind, v uint32) {
	i := b.t.Len(k)
	switch k {
	case ScaleTrack:
		b.t.Scale = append(b.t.Scale, math.Float32frombits(v))
	case RotationTrack:
		b.t.Rotation = append(b.t.Rotation, int16(uint16(v)))
	default:
		b.t.Translation = append(b.t.Translation, math.Float32frombits(v))
	}
	b.at[k][v] = append(b.at[k][v], i)
}

// MaxRotationFrac is the largest rotation fraction with an effect: the
// games shift the interpolated s16 left by it and keep 16 bits, so from 16
// on every angle is 0.
const MaxRotationFrac = 15

// rawPerDegree is how many raw units one degree is at fraction 0
// (0x8000 = 180°).
const rawPerDegree = 32768.0 / 180

// RotationFracFor is the smallest rotation fraction whose s16 range holds
// every value of a track whose largest magnitude is maxAbs degrees (for
// values) or degrees per frame (for tangents, which the table stores in
// the same raw unit): round(maxAbs·32768/180 / 2^frac) ≤ 32767. The
// smallest fraction is the finest step (2^frac·180/32768 degrees), and a
// continuous track needs no more: the games wrap the shifted value to 16
// bits, so angles past ±180° come out right. Past 15 it is an error.
func RotationFracFor(maxAbs float64) (uint8, error) {
	maxAbs = math.Abs(maxAbs)
	if math.IsNaN(maxAbs) || math.IsInf(maxAbs, 0) {
		return 0, fmt.Errorf("rotation magnitude %v is not finite", maxAbs)
	}
	for f := 0; f <= MaxRotationFrac; f++ {
		if math.Round(maxAbs*rawPerDegree/float64(int(1)<<f)) <= math.MaxInt16 {
			return uint8(f), nil
		}
	}
	return 0, fmt.Errorf("rotation magnitude %v° is past what an s16 shifted by %d holds (%v°)", maxAbs, MaxRotationFrac, math.MaxInt16*float64(int(1)<<MaxRotationFrac)/rawPerDegree)
}

// RotationRaw is the raw s16 a rotation table stores for deg degrees (or
// degrees per frame) under fraction frac, rounded to the nearest unit;
// an error when it does not fit (RotationFracFor picks a fraction that
// does).
func RotationRaw(deg float64, frac uint8) (int16, error) {
	if frac > MaxRotationFrac {
		return 0, fmt.Errorf("rotation fraction %d is past %d", frac, MaxRotationFrac)
	}
	r := math.Round(deg * rawPerDegree / float64(int(1)<<frac))
	if math.IsNaN(r) || r < math.MinInt16 || r > math.MaxInt16 {
		return 0, fmt.Errorf("rotation %v° does not fit an s16 at fraction %d", deg, frac)
	}
	return int16(r), nil
}
