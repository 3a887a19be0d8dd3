// The document's one binary buffer: float accessors (the keys and the
// geometry), normalised SHORTs (rotation keys) and raw bytes (indices,
// images). Animation keys written one after another share a buffer view
// (a view is some 50 bytes of JSON, as much as a channel's keys on a
// character); the rest have one each.

package export

import (
	"encoding/binary"
	"hash/maphash"
	"math"

	"github.com/qmuntal/gltf"
)

// floatAccessor appends float32 data in a buffer view of its own.
func (b *builder) floatAccessor(v []float64, typ gltf.AccessorType, minMax bool) int {
	return b.floats(v, typ, minMax, false)
}

// keyFloats appends animation keys (times or values) as float32 data.
func (b *builder) keyFloats(v []float64, typ gltf.AccessorType, minMax bool) int {
	return b.floats(v, typ, minMax, true)
}

// floats appends float32 data, in the keys' buffer view when keys.
func (b *builder) floats(v []float64, typ gltf.AccessorType, minMax, keys bool) int {
	off := b.reserve(4 * len(v))
	out := b.bin[off : off+4*len(v)]
	for i, x := range v {
		binary.LittleEndian.PutUint32(out[4*i:4*i+4], math.Float32bits(float32(x)))
	}
	var h uint64
	if keys {
		var a int
		var ok bool
		if a, h, ok = b.sameKeys(off, gltf.ComponentFloat, typ); ok {
			return a
		}
	}
	view, rel := b.view(off, 4*len(v), keys)
	comps := typ.Components()
	acc := &gltf.Accessor{BufferView: gltf.Index(view), ByteOffset: rel, ComponentType: gltf.ComponentFloat,
		Count: len(v) / int(comps), Type: typ}
	if minMax {
		acc.Min, acc.Max = minMaxOf(v, int(comps))
	}
	b.doc.Accessors = append(b.doc.Accessors, acc)
	if keys {
		b.noteKeys(h, off)
	}
	return len(b.doc.Accessors) - 1
}

// shortAccessor appends rotation keys that are normalised SHORTs
// decoded (c/32767: quantizeQuat's) as those SHORTs, normalized, in the
// keys' buffer view.
func (b *builder) shortAccessor(v []float64, typ gltf.AccessorType) int {
	off := b.reserve(2 * len(v))
	out := b.bin[off : off+2*len(v)]
	for i, x := range v {
		binary.LittleEndian.PutUint16(out[2*i:2*i+2], uint16(int16(math.RoundToEven(x*quantScale))))
	}
	a, h, ok := b.sameKeys(off, gltf.ComponentShort, typ)
	if ok {
		return a
	}
	view, rel := b.view(off, 2*len(v), true)
	b.doc.Accessors = append(b.doc.Accessors, &gltf.Accessor{BufferView: gltf.Index(view), ByteOffset: rel,
		ComponentType: gltf.ComponentShort, Normalized: true, Count: len(v) / int(typ.Components()), Type: typ})
	b.noteKeys(h, off)
	return len(b.doc.Accessors) - 1
}

// keyBlock is an accessor of animation keys and where its bytes lie.
type keyBlock struct {
	acc, off, n int
}

// sameKeys looks for keys already written with the bytes just reserved
// at off (to the buffer's end) and the same kind: channels that move
// alike (the scale nodes under one squashing joint carry its
// accumulated scale, and many channels share their key times) then
// share one accessor, and the bytes just reserved are given back.
// It returns the bytes' hash for noteKeys.
func (b *builder) sameKeys(off int, comp gltf.ComponentType, typ gltf.AccessorType) (acc int, h uint64, ok bool) {
	data := b.bin[off:]
	h = b.keyHash(data)
	for _, kb := range b.keyBlocks[h] {
		a := b.doc.Accessors[kb.acc]
		if kb.n == len(data) && a.ComponentType == comp && a.Type == typ && string(b.bin[kb.off:kb.off+kb.n]) == string(data) {
			b.bin = b.bin[:off]
			return kb.acc, h, true
		}
	}
	return 0, h, false
}

// noteKeys records the accessor just added (keys from off to the
// buffer's end, hashed h) for sameKeys.
func (b *builder) noteKeys(h uint64, off int) {
	if b.keyBlocks == nil {
		b.keyBlocks = map[uint64][]keyBlock{}
	}
	b.keyBlocks[h] = append(b.keyBlocks[h], keyBlock{acc: len(b.doc.Accessors) - 1, off: off, n: len(b.bin) - off})
}

// keyHash hashes the keys' bytes (sameKeys compares the kind).
func (b *builder) keyHash(data []byte) uint64 {
	if b.keySeed == (maphash.Seed{}) {
		b.keySeed = maphash.MakeSeed()
	}
	return maphash.Bytes(b.keySeed, data)
}

// view gives the n bytes just reserved at off a buffer view: for keys,
// the keys' view when they directly follow its end (its padding
// included), so that keys written one after another share one; otherwise
// a view of their own (which, for keys, the next keys may join). Offsets
// stay 4-aligned within a view (reserve), as every component needs.
func (b *builder) view(off, n int, keys bool) (view, rel int) {
	if keys && b.keyView > 0 {
		v := b.doc.BufferViews[b.keyView-1]
		if end := v.ByteOffset + v.ByteLength; off >= end && off-end < 4 {
			v.ByteLength = off + n - v.ByteOffset
			return b.keyView - 1, off - v.ByteOffset
		}
	}
	b.doc.BufferViews = append(b.doc.BufferViews, &gltf.BufferView{Buffer: 0, ByteOffset: off, ByteLength: n})
	if keys {
		b.keyView = len(b.doc.BufferViews)
	}
	return len(b.doc.BufferViews) - 1, 0
}

// minMaxOf is the per-component extent of the float32 values.
func minMaxOf(v []float64, comps int) (lo, hi []float64) {
	lo, hi = make([]float64, comps), make([]float64, comps)
	for c := 0; c < comps; c++ {
		lo[c], hi[c] = math.Inf(1), math.Inf(-1)
	}
	for i, x := range v {
		x32 := float64(float32(x))
		c := i % comps
		lo[c], hi[c] = min(lo[c], x32), max(hi[c], x32)
	}
	return lo, hi
}

// reserve appends n bytes (4-aligned) to the buffer and returns their
// offset; the buffer grows by doubling, so a large export copies it a few
// times rather than once per accessor.
func (b *builder) reserve(n int) int {
	off := (len(b.bin) + 3) &^ 3
	end := off + n
	if end > cap(b.bin) {
		b.growTo(max(2*cap(b.bin), end, 1<<16))
	}
	b.bin = b.bin[:end]
	return off
}

// growTo makes the buffer's capacity at least n bytes.
func (b *builder) growTo(n int) {
	if n > cap(b.bin) {
		nb := make([]byte, len(b.bin), n)
		copy(nb, b.bin)
		b.bin = nb
	}
}

// addBytes stores raw bytes (an image) in a buffer view of its own.
func (b *builder) addBytes(data []byte) int {
	off := b.reserve(len(data))
	copy(b.bin[off:], data)
	b.doc.BufferViews = append(b.doc.BufferViews, &gltf.BufferView{Buffer: 0, ByteOffset: off, ByteLength: len(data)})
	return len(b.doc.BufferViews) - 1
}
