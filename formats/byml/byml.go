// Package byml reads BYML ("binary YAML"), the typed tree Nintendo's
// EAD/EPD games keep their actor set-up in: Super Mario Odyssey's
// InitPartsFixInfo*.byml says which joint a parts model (Mario's face
// and head) follows, InitSubActor.byml which parts an actor has,
// InitModel.byml where its textures live.
//
// A document is a header ("BY" big-endian or "YB" little-endian, a
// version, offsets of the key table, the string table and the root), then
// nodes: dictionaries (keys by index into the sorted key table), arrays
// (a type byte per element, then 4-byte values), and 4-byte scalars
// stored inline; 64-bit scalars are stored at an offset. Versions 1–7
// share this layout (version 1 adds a path table offset before the root,
// which is skipped).
//
// Parse turns a document into plain Go values: map[string]any, []any,
// string, bool, int64 (signed and unsigned integers), float64, nil.
// References may share nodes; the tree is bounded by depth and by the
// number of values decoded so a hostile file cannot make it large.
package byml

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/animscope/animscope/formats/internal/bin"
)

// Node types as the format numbers them.
const (
	typeString     = 0xA0
	typeBinary     = 0xA1
	typeArray      = 0xC0
	typeDict       = 0xC1
	typeStringList = 0xC2
	typeBool       = 0xD0
	typeInt        = 0xD1
	typeFloat      = 0xD2
	typeUint       = 0xD3
	typeInt64      = 0xD4
	typeUint64     = 0xD5
	typeDouble     = 0xD6
	typeNull       = 0xFF
)

// Limits on what one document may expand to: shared nodes are decoded
// once per reference, so a small file could otherwise describe a huge
// tree.
const (
	maxDepth  = 64
	maxValues = 1 << 20
)

// IsBYML reports whether data starts like a BYML document.
func IsBYML(data []byte) bool {
	return len(data) >= 4 && (string(data[:2]) == "YB" || string(data[:2]) == "BY")
}

type decoder struct {
	r          bin.Reader
	keys, strs []string
	values     int
}

// Parse decodes a document. An empty document (root offset 0) is nil.
func Parse(data []byte) (any, error) {
	if !IsBYML(data) {
		return nil, errors.New("byml: not a BYML document (no YB/BY magic)")
	}
	d := &decoder{r: bin.LE(data)}
	if string(data[:2]) == "BY" {
		d.r = bin.BE(data)
	}
	ver, err := d.r.U16(2)
	if err != nil {
		return nil, fmt.Errorf("byml: %w", err)
	}
	if ver < 1 || ver > 7 {
		return nil, fmt.Errorf("byml: version %d not supported (1–7 are)", ver)
	}
	keyOff, err := d.r.U32(4)
	if err != nil {
		return nil, fmt.Errorf("byml: %w", err)
	}
	strOff, err := d.r.U32(8)
	if err != nil {
		return nil, fmt.Errorf("byml: %w", err)
	}
	rootAt := int64(12)
	if ver == 1 {
		rootAt = 16 // after the path table's offset
	}
	root, err := d.r.U32(rootAt)
	if err != nil {
		return nil, fmt.Errorf("byml: %w", err)
	}
	if d.keys, err = d.stringTable(keyOff); err != nil {
		return nil, fmt.Errorf("byml: key table: %w", err)
	}
	if d.strs, err = d.stringTable(strOff); err != nil {
		return nil, fmt.Errorf("byml: string table: %w", err)
	}
	if root == 0 {
		return nil, nil
	}
	t, err := d.r.U8(int64(root))
	if err != nil {
		return nil, fmt.Errorf("byml: root: %w", err)
	}
	if t != typeArray && t != typeDict {
		return nil, fmt.Errorf("byml: root at 0x%x is type 0x%02x, not an array or dictionary", root, t)
	}
	v, err := d.value(t, root, 0)
	if err != nil {
		return nil, fmt.Errorf("byml: %w", err)
	}
	return v, nil
}

// header reads a container node's type and 24-bit count.
func (d *decoder) header(off int64) (uint8, int64, error) {
	w, err := d.r.U32(off)
	if err != nil {
		return 0, 0, err
	}
	if d.r.Order == binary.BigEndian {
		return uint8(w >> 24), int64(w & 0xFFFFFF), nil
	}
	return uint8(w), int64(w >> 8), nil
}

func (d *decoder) stringTable(off uint32) ([]string, error) {
	if off == 0 {
		return nil, nil
	}
	t, n, err := d.header(int64(off))
	if err != nil {
		return nil, err
	}
	if t != typeStringList {
		return nil, fmt.Errorf("at 0x%x: type 0x%02x, not a string table", off, t)
	}
	if !bin.Fits(n, 4, int64(d.r.Len())-int64(off)-4) {
		return nil, fmt.Errorf("at 0x%x: %d strings do not fit in the file", off, n)
	}
	out := make([]string, n)
	for i := range out {
		rel, err := d.r.U32(int64(off) + 4 + 4*int64(i))
		if err != nil {
			return nil, err
		}
		if out[i], err = d.r.CString(int64(off)+int64(rel), 1<<16); err != nil {
			return nil, fmt.Errorf("string %d: %w", i, err)
		}
	}
	return out, nil
}

// value decodes a value of type t whose 4-byte field holds v.
func (d *decoder) value(t uint8, v uint32, depth int) (any, error) {
	if d.values++; d.values > maxValues {
		return nil, fmt.Errorf("more than %d values (shared nodes expanding without end)", maxValues)
	}
	switch t {
	case typeString:
		if int(v) >= len(d.strs) {
			return nil, fmt.Errorf("string %d of a table of %d", v, len(d.strs))
		}
		return d.strs[v], nil
	case typeBool:
		return v != 0, nil
	case typeInt:
		return int64(int32(v)), nil
	case typeUint:
		return int64(v), nil
	case typeFloat:
		return float64(math.Float32frombits(v)), nil
	case typeNull:
		return nil, nil
	case typeInt64, typeUint64, typeDouble:
		w, err := d.r.U64(int64(v))
		if err != nil {
			return nil, err
		}
		switch t {
		case typeInt64:
			return int64(w), nil
		case typeUint64:
			if w > math.MaxInt64 {
				return float64(w), nil
			}
			return int64(w), nil
		}
		return math.Float64frombits(w), nil
	case typeArray, typeDict:
		if depth >= maxDepth {
			return nil, fmt.Errorf("nodes nested deeper than %d", maxDepth)
		}
		if t == typeArray {
			return d.array(int64(v), depth+1)
		}
		return d.dict(int64(v), depth+1)
	case typeBinary:
		return nil, fmt.Errorf("binary data nodes are not read")
	}
	return nil, fmt.Errorf("unknown node type 0x%02x", t)
}

func (d *decoder) array(off int64, depth int) (any, error) {
	t, n, err := d.header(off)
	if err != nil {
		return nil, err
	}
	if t != typeArray {
		return nil, fmt.Errorf("at 0x%x: type 0x%02x where an array is referenced", off, t)
	}
	valuesAt := off + 4 + (n+3)&^3
	if !bin.Fits(n, 5, int64(d.r.Len())-off-4) {
		return nil, fmt.Errorf("array at 0x%x: %d elements do not fit in the file", off, n)
	}
	out := make([]any, n)
	for i := range out {
		et, err := d.r.U8(off + 4 + int64(i))
		if err != nil {
			return nil, err
		}
		ev, err := d.r.U32(valuesAt + 4*int64(i))
		if err != nil {
			return nil, err
		}
		if out[i], err = d.value(et, ev, depth); err != nil {
			return nil, fmt.Errorf("array at 0x%x, element %d: %w", off, i, err)
		}
	}
	return out, nil
}

func (d *decoder) dict(off int64, depth int) (any, error) {
	t, n, err := d.header(off)
	if err != nil {
		return nil, err
	}
	if t != typeDict {
		return nil, fmt.Errorf("at 0x%x: type 0x%02x where a dictionary is referenced", off, t)
	}
	if !bin.Fits(n, 8, int64(d.r.Len())-off-4) {
		return nil, fmt.Errorf("dictionary at 0x%x: %d entries do not fit in the file", off, n)
	}
	out := make(map[string]any, n)
	for i := int64(0); i < n; i++ {
		at := off + 4 + 8*i
		w, err := d.r.U32(at)
		if err != nil {
			return nil, err
		}
		// A 24-bit key index and the value's type byte, in file order.
		key, et := w&0xFFFFFF, uint8(w>>24)
		if d.r.Order == binary.BigEndian {
			key, et = w>>8, uint8(w)
		}
		if int(key) >= len(d.keys) {
			return nil, fmt.Errorf("dictionary at 0x%x: key %d of a table of %d", off, key, len(d.keys))
		}
		ev, err := d.r.U32(at + 4)
		if err != nil {
			return nil, err
		}
		if out[d.keys[key]], err = d.value(et, ev, depth); err != nil {
			return nil, fmt.Errorf("%s: %w", d.keys[key], err)
		}
	}
	return out, nil
}

// Lookups that read a parsed tree without type assertions at every step.

// Dict is v as a dictionary (nil when it is not one).
func Dict(v any) map[string]any { m, _ := v.(map[string]any); return m }

// List is v as an array (nil when it is not one).
func List(v any) []any { l, _ := v.([]any); return l }

// String is m[key] as a string ("" when missing or not a string).
func String(m map[string]any, key string) string { s, _ := m[key].(string); return s }

// Bool is m[key] as a bool (false when missing or not a bool).
func Bool(m map[string]any, key string) bool { b, _ := m[key].(bool); return b }

// Number is m[key] as a number; ok is false when it is missing or not a
// number.
func Number(m map[string]any, key string) (float64, bool) {
	switch v := m[key].(type) {
	case float64:
		return v, true
	case int64:
		return float64(v), true
	}
	return 0, false
}

// Vec3 is m[key] as SMO's {"X", "Y", "Z"} vector; ok is false when it is
// missing or not such a dictionary.
func Vec3(m map[string]any, key string) (v [3]float64, ok bool) {
	d := Dict(m[key])
	if d == nil {
		return v, false
	}
	for i, k := range []string{"X", "Y", "Z"} {
		if v[i], ok = Number(d, k); !ok {
			return v, false
		}
	}
	return v, true
}
