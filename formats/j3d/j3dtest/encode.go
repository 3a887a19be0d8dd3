// Package j3dtest writes J3D animation files (BCK, BTK, BCA, BRK, BPK, BTP,
// BVA, either byte order) from formats/j3d's spec-shaped structs. BCK, BTK
// and BCA go through the production encoders (j3d.EncodeBCK, ...); the rest
// of the family, which only tests write, is laid out here with the same
// chunk writer (formats/j3d/internal/chunkw). Tests build their inputs with
// it; assets/gen writes the embedded demo's BTK with it.
package j3dtest

import (
	"fmt"
	"math"

	"github.com/animscope/animscope/formats/j3d"
	"github.com/animscope/animscope/formats/j3d/internal/chunkw"
)

// Layout of the family encoders: the first entry table on a 0x20
// boundary, the rest on 4-byte ones (BVA's values on 0x20).
const (
	tableAlign = 0x20
	smallAlign = 4
)

// EncodeBCK writes b as a BCK file (j3d.EncodeBCK).
func EncodeBCK(b *j3d.BCK) ([]byte, error) { return j3d.EncodeBCK(b) }

// EncodeBTK writes b as a BTK file (j3d.EncodeBTK).
func EncodeBTK(b *j3d.BTK) ([]byte, error) { return j3d.EncodeBTK(b) }

// EncodeBCA writes b as a BCA file (j3d.EncodeBCA).
func EncodeBCA(b *j3d.BCA) ([]byte, error) { return j3d.EncodeBCA(b) }

func checkU16(format, what string, n int) error {
	if n > math.MaxUint16 {
		return fmt.Errorf("%s: %s %d does not fit in 16 bits", format, what, n)
	}
	return nil
}

// newWriter starts a family file in the byte order of h, with the
// exporters' reserved block ("SVR1" and 0xFF) unless h stores one.
func newWriter(magic, chunkID string, h *j3d.FileHeader) *chunkw.Writer {
	reserved := h.Reserved
	if reserved == ([16]byte{}) {
		copy(reserved[:], "SVR1\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff")
		if h.LittleEndian {
			copy(reserved[:4], j3d.LittleMagic("SVR1"))
		}
	}
	if h.LittleEndian {
		magic, chunkID = j3d.LittleMagic(magic), j3d.LittleMagic(chunkID)
	}
	return chunkw.New(magic, chunkID, reserved, h.LittleEndian, 1024)
}

// finish ends the chunk and the file on a 0x20 boundary.
func finish(w *chunkw.Writer) []byte {
	w.Align(tableAlign)
	return w.Finish(w.Rel())
}

// nameTable writes a JUTNameTab of names with computed hashes.
func nameTable(w *chunkw.Writer, format string, names []j3d.Name) error {
	s := make([]string, len(names))
	for i, n := range names {
		s[i] = n.Name
	}
	return w.NameTable(format, s, j3d.NameHash)
}

// Const returns a count-1 track holding v in the table of kind k in t,
// appending v unless the table already holds it (j3d.TableBuilder).
// Rotation values are raw s16.
func Const(t *j3d.Tables, k j3d.TrackKind, v float64) (j3d.Track, error) {
	b := j3d.NewTableBuilder(t)
	tr, err := b.Const(k, v)
	*t = b.Tables()
	return tr, err
}

// Keys returns a keyed track: each key is {time, value, tangent} for
// tangent mode 0, or {time, value, in, out} for any other mode, added to
// the tables through j3d.TableBuilder. Rotation values, times and tangents
// are raw s16 and must be integers in range.
func Keys(t *j3d.Tables, k j3d.TrackKind, mode uint16, keys ...[]float64) (j3d.Track, error) {
	ks, err := toKeys(mode, keys)
	if err != nil {
		return j3d.Track{}, err
	}
	b := j3d.NewTableBuilder(t)
	tr, err := b.Keys(k, mode, ks)
	*t = b.Tables()
	return tr, err
}

// toKeys checks that there are 2..65535 keys of the size tangent mode
// asks for.
func toKeys(mode uint16, keys [][]float64) ([]j3d.Key, error) {
	per := j3d.Track{TangentMode: mode}.ValuesPerKey()
	if len(keys) < 2 || len(keys) > math.MaxUint16 {
		return nil, fmt.Errorf("keyed track needs 2..65535 keys, got %d", len(keys))
	}
	out := make([]j3d.Key, len(keys))
	for i, key := range keys {
		if len(key) != per {
			return nil, fmt.Errorf("key %d has %d values, tangent mode %d needs %d", i, len(key), mode, per)
		}
		out[i] = j3d.Key{Time: key[0], Value: key[1], In: key[2], Out: key[per-1]}
	}
	return out, nil
}

// flatKeys checks the keys as toKeys does and returns the track (without
// its index) and the keys' values in table order.
func flatKeys(mode uint16, keys [][]float64) (j3d.Track, []float64, error) {
	tr := j3d.Track{Count: uint16(len(keys)), TangentMode: mode}
	if _, err := toKeys(mode, keys); err != nil {
		return tr, nil, err
	}
	flat := make([]float64, 0, tr.ValuesPerKey()*len(keys))
	for _, key := range keys {
		flat = append(flat, key...)
	}
	return tr, flat, nil
}

// s16s converts vals to s16 values, which they must be exactly.
func s16s(what string, vals []float64) ([]int16, error) {
	seq := make([]int16, len(vals))
	for i, v := range vals {
		if v != math.Trunc(v) || v < math.MinInt16 || v > math.MaxInt16 {
			return nil, fmt.Errorf("%s value %v is not an s16", what, v)
		}
		seq[i] = int16(v)
	}
	return seq, nil
}

// appendSeq finds seq in *table or appends it (the family's colour and
// full-frame tables); the index must fit in 16 bits and the table must
// stay addressable by u16 counts.
func appendSeq[T int16 | float32 | uint16 | uint8](table *[]T, seq []T) (uint16, error) {
	tab := *table
search:
	for i := 0; i+len(seq) <= len(tab); i++ {
		for j, v := range seq {
			if math.Float64bits(float64(tab[i+j])) != math.Float64bits(float64(v)) {
				continue search
			}
		}
		return uint16(i), nil
	}
	if len(tab)+len(seq) > math.MaxUint16 {
		return 0, fmt.Errorf("value table would exceed %d values", math.MaxUint16)
	}
	*table = append(tab, seq...)
	return uint16(len(tab)), nil
}
