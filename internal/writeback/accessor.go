package writeback

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/qmuntal/gltf"
)

// readTrack reads a sampler's key times and values for path p, checking
// every count and offset against the bytes that hold them before
// allocating (glTF's accessor rules: the element and its stride inside
// the buffer view, the view inside its buffer).
func readTrack(doc *gltf.Document, smp *gltf.AnimationSampler, p int) (*track, error) {
	if p == pathR {
		return readTrackAs(doc, smp, gltf.AccessorVec4)
	}
	return readTrackAs(doc, smp, gltf.AccessorVec3)
}

// readTrackAs is readTrack for values of accessor type want (a
// KHR_animation_pointer target's: SCALAR, VEC2, ...); VEC4 values are
// rotations, which LINEAR interpolates spherically.
func readTrackAs(doc *gltf.Document, smp *gltf.AnimationSampler, want gltf.AccessorType) (*track, error) {
	tr := &track{comps: want.Components()}
	switch smp.Interpolation {
	case gltf.InterpolationLinear:
		tr.interp = interpLinear
	case gltf.InterpolationStep:
		tr.interp = interpStep
	case gltf.InterpolationCubicSpline:
		tr.interp = interpCubic
	default:
		return nil, fmt.Errorf("interpolation %v is not LINEAR, STEP or CUBICSPLINE", smp.Interpolation)
	}
	times, err := readFloats(doc, smp.Input, gltf.AccessorScalar, "input")
	if err != nil {
		return nil, err
	}
	if len(times) == 0 {
		return nil, fmt.Errorf("input accessor %d has no keys", smp.Input)
	}
	for i, t := range times {
		if !finiteAll(t) {
			return nil, fmt.Errorf("key time %d is %v", i, t)
		}
		if t < 0 {
			return nil, fmt.Errorf("key time %d is negative (%g)", i, t)
		}
		if i > 0 && t <= times[i-1] {
			return nil, fmt.Errorf("key times not increasing at key %d (%g after %g)", i, t, times[i-1])
		}
	}
	vals, err := readFloats(doc, smp.Output, want, "output")
	if err != nil {
		return nil, err
	}
	per := 1
	if tr.interp == interpCubic {
		per = 3
		if len(times) < 2 {
			return nil, fmt.Errorf("CUBICSPLINE sampler with one key")
		}
	}
	if len(vals) != per*tr.comps*len(times) {
		return nil, fmt.Errorf("output has %d values for %d keys (%d expected)", len(vals)/tr.comps, len(times), per*len(times))
	}
	for i, v := range vals {
		if !finiteAll(v) {
			return nil, fmt.Errorf("output value %d is %v", i/tr.comps, v)
		}
	}
	tr.times, tr.values = times, vals
	return tr, nil
}

// componentSize is the byte size of one component, 0 for a type the
// animation samplers may not use.
func componentSize(c gltf.ComponentType) int {
	switch c {
	case gltf.ComponentFloat:
		return 4
	case gltf.ComponentShort, gltf.ComponentUshort:
		return 2
	case gltf.ComponentByte, gltf.ComponentUbyte:
		return 1
	}
	return 0
}

// readFloats reads accessor ai of type want as float64s, normalised
// integers converted as glTF specifies.
func readFloats(doc *gltf.Document, ai int, want gltf.AccessorType, what string) ([]float64, error) {
	if ai < 0 || ai >= len(doc.Accessors) {
		return nil, fmt.Errorf("%s accessor %d out of range (%d accessors)", what, ai, len(doc.Accessors))
	}
	a := doc.Accessors[ai]
	if a.Type != want {
		return nil, fmt.Errorf("%s accessor %d is %v, not %v", what, ai, a.Type, want)
	}
	if a.Sparse != nil {
		return nil, fmt.Errorf("%s accessor %d is sparse, which animation samplers never need and this importer does not read", what, ai)
	}
	cs := componentSize(a.ComponentType)
	if cs == 0 || (a.ComponentType != gltf.ComponentFloat && (!a.Normalized || want != gltf.AccessorVec4)) {
		return nil, fmt.Errorf("%s accessor %d has component type %v (floats, or normalised integers for rotations)", what, ai, a.ComponentType)
	}
	comps := a.Type.Components()
	count := int(a.Count)
	if count > MaxKeys*3 {
		return nil, fmt.Errorf("%s accessor %d has %d elements, more than this importer reads", what, ai, count)
	}
	elem := cs * int(comps)
	if count == 0 {
		return nil, nil
	}
	if a.BufferView == nil {
		return nil, fmt.Errorf("%s accessor %d has no buffer view (all zeros), not a key list", what, ai)
	}
	bvi := *a.BufferView
	if bvi < 0 || bvi >= len(doc.BufferViews) {
		return nil, fmt.Errorf("%s accessor %d: buffer view %d out of range", what, ai, bvi)
	}
	bv := doc.BufferViews[bvi]
	if bv.Buffer < 0 || bv.Buffer >= len(doc.Buffers) {
		return nil, fmt.Errorf("buffer view %d: buffer %d out of range", bvi, bv.Buffer)
	}
	buf := doc.Buffers[bv.Buffer].Data
	if bv.ByteOffset < 0 || bv.ByteLength < 0 || bv.ByteOffset > len(buf) || bv.ByteLength > len(buf)-bv.ByteOffset {
		return nil, fmt.Errorf("buffer view %d (offset %d, %d bytes) is outside its buffer of %d bytes", bvi, bv.ByteOffset, bv.ByteLength, len(buf))
	}
	view := buf[bv.ByteOffset : bv.ByteOffset+bv.ByteLength]
	stride := elem
	if bv.ByteStride != 0 {
		stride = bv.ByteStride
		if stride < elem || stride > 252 {
			return nil, fmt.Errorf("buffer view %d: byte stride %d for %d-byte elements", bvi, stride, elem)
		}
	}
	off := a.ByteOffset
	if off < 0 || off > len(view) || (len(view)-off-elem)/stride < count-1 || len(view)-off < elem {
		return nil, fmt.Errorf("%s accessor %d: %d elements of %d bytes from offset %d do not fit buffer view %d (%d bytes)", what, ai, count, elem, off, bvi, len(view))
	}
	out := make([]float64, 0, count*int(comps))
	if a.ComponentType == gltf.ComponentFloat {
		// The common case (every exporter writes float keys), without
		// the per-component switch.
		for i := 0; i < count; i++ {
			b := view[off+i*stride : off+i*stride+elem]
			for c := 0; c < elem; c += 4 {
				out = append(out, float64(math.Float32frombits(binary.LittleEndian.Uint32(b[c:]))))
			}
		}
		return out, nil
	}
	for i := 0; i < count; i++ {
		b := view[off+i*stride:]
		for c := 0; c < int(comps); c++ {
			out = append(out, component(b[c*cs:], a.ComponentType))
		}
	}
	return out, nil
}

// component decodes one little-endian component; normalised integers as
// glTF 2.0 §3.11 maps them (signed: max(c/max, -1)).
func component(b []byte, c gltf.ComponentType) float64 {
	switch c {
	case gltf.ComponentFloat:
		return float64(math.Float32frombits(binary.LittleEndian.Uint32(b)))
	case gltf.ComponentShort:
		return math.Max(float64(int16(binary.LittleEndian.Uint16(b)))/32767, -1)
	case gltf.ComponentUshort:
		return float64(binary.LittleEndian.Uint16(b)) / 65535
	case gltf.ComponentByte:
		return math.Max(float64(int8(b[0]))/127, -1)
	}
	return float64(b[0]) / 255
}
