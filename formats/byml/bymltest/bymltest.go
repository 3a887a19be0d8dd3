// Package bymltest writes BYML documents for tests, laid out as the
// games write them (sorted key and string tables, containers after them,
// scalars inline, 64-bit values at offsets), independently of the reader
// in package byml.
package bymltest

import (
	"encoding/binary"
	"math"
	"sort"
)

// ByteOrder is binary.LittleEndian or binary.BigEndian.
type ByteOrder interface {
	binary.ByteOrder
	binary.AppendByteOrder
}

// writer builds a BYML document from Go values the way the format lays
// it out, independently of the reader: sorted key and string tables,
// containers after them, scalars inline, 64-bit values at offsets.
type writer struct {
	order      ByteOrder
	keys, strs []string
	out        []byte
}

func collect(v any, keys, strs map[string]bool) {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			keys[k] = true
			collect(e, keys, strs)
		}
	case []any:
		for _, e := range v {
			collect(e, keys, strs)
		}
	case string:
		strs[v] = true
	}
}

func sorted(m map[string]bool) []string {
	var s []string
	for k := range m {
		s = append(s, k)
	}
	sort.Strings(s)
	return s
}

func index(list []string, s string) uint32 {
	return uint32(sort.SearchStrings(list, s))
}

func (w *writer) u32(v uint32) { w.out = w.order.AppendUint32(w.out, v) }

func (w *writer) header(t uint8, n int) {
	if w.order == binary.BigEndian {
		w.u32(uint32(t)<<24 | uint32(n))
	} else {
		w.u32(uint32(n)<<8 | uint32(t))
	}
}

func (w *writer) table(list []string) uint32 {
	if len(list) == 0 {
		return 0
	}
	off := uint32(len(w.out))
	w.header(0xC2, len(list))
	rel := uint32(4 + 4*(len(list)+1))
	for _, s := range list {
		w.u32(rel)
		rel += uint32(len(s) + 1)
	}
	w.u32(rel)
	for _, s := range list {
		w.out = append(w.out, s...)
		w.out = append(w.out, 0)
	}
	for len(w.out)%4 != 0 {
		w.out = append(w.out, 0)
	}
	return off
}

// node writes a container and returns its offset.
func (w *writer) node(v any) uint32 {
	type item struct {
		t   uint8
		key uint32
		val any
	}
	var items []item
	var isDict bool
	switch v := v.(type) {
	case map[string]any:
		isDict = true
		var ks []string
		for k := range v {
			ks = append(ks, k)
		}
		sort.Strings(ks)
		for _, k := range ks {
			items = append(items, item{typeOf(v[k]), index(w.keys, k), v[k]})
		}
	case []any:
		for _, e := range v {
			items = append(items, item{typeOf(e), 0, e})
		}
	}
	// Children first, so the container can point at them.
	vals := make([]uint32, len(items))
	for i, it := range items {
		switch e := it.val.(type) {
		case map[string]any, []any:
			vals[i] = w.node(e)
		case string:
			vals[i] = index(w.strs, e)
		case bool:
			if e {
				vals[i] = 1
			}
		case int32:
			vals[i] = uint32(e)
		case float32:
			vals[i] = math.Float32bits(e)
		case float64:
			vals[i] = uint32(len(w.out))
			w.out = w.order.AppendUint64(w.out, math.Float64bits(e))
		}
	}
	off := uint32(len(w.out))
	if isDict {
		w.header(0xC1, len(items))
		for i, it := range items {
			if w.order == binary.BigEndian {
				w.u32(it.key<<8 | uint32(it.t))
			} else {
				w.u32(it.key | uint32(it.t)<<24)
			}
			w.u32(vals[i])
		}
		return off
	}
	w.header(0xC0, len(items))
	for _, it := range items {
		w.out = append(w.out, it.t)
	}
	for len(w.out)%4 != 0 {
		w.out = append(w.out, 0)
	}
	for _, v := range vals {
		w.u32(v)
	}
	return off
}

func typeOf(v any) uint8 {
	switch v.(type) {
	case map[string]any:
		return 0xC1
	case []any:
		return 0xC0
	case string:
		return 0xA0
	case bool:
		return 0xD0
	case int32:
		return 0xD1
	case float32:
		return 0xD2
	case float64:
		return 0xD6
	}
	return 0xFF
}

// Encode writes root (map[string]any, []any, string, bool, int32,
// float32, float64 (stored as a 64-bit double), nil) as a version 3
// document in order.
func Encode(order ByteOrder, root any) []byte {
	keys, strs := map[string]bool{}, map[string]bool{}
	collect(root, keys, strs)
	w := &writer{order: order, keys: sorted(keys), strs: sorted(strs)}
	magic := "YB"
	if order == binary.BigEndian {
		magic = "BY"
	}
	w.out = append(w.out, magic...)
	w.out = order.AppendUint16(w.out, 3)
	w.out = append(w.out, make([]byte, 12)...)
	k := w.table(w.keys)
	s := w.table(w.strs)
	r := w.node(root)
	order.PutUint32(w.out[4:], k)
	order.PutUint32(w.out[8:], s)
	order.PutUint32(w.out[12:], r)
	return w.out
}
