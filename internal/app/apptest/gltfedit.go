package apptest

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
)

// RotateGLTFNode turns every rotation key of the glTF node named node by
// deg about its parent's X axis (the quaternion premultiplied), in place
// in the .glb at path: the edit of one bone an artist makes in Blender.
func RotateGLTFNode(t testing.TB, path, node string, deg float64) {
	t.Helper()
	doc, err := gltf.Open(path)
	Must(t, err)
	ni := -1
	for i, n := range doc.Nodes {
		if n.Name == node {
			ni = i
		}
	}
	r := mgl64.QuatRotate(mgl64.DegToRad(deg), mgl64.Vec3{1, 0, 0})
	edited := 0
	for _, an := range doc.Animations {
		for _, ch := range an.Channels {
			if ch.Target.Node == nil || *ch.Target.Node != ni || ch.Target.Path != gltf.TRSRotation {
				continue
			}
			acc := doc.Accessors[an.Samplers[ch.Sampler].Output]
			// Floats, or normalised SHORTs (c/32767, as the export
			// writes LINEAR and STEP rotations), edited in place.
			size := 4
			switch {
			case acc.ComponentType == gltf.ComponentFloat:
			case acc.ComponentType == gltf.ComponentShort && acc.Normalized:
				size = 2
			default:
				t.Fatalf("%s: rotation accessor %+v: want float or normalised short", path, acc)
			}
			if acc.Type != gltf.AccessorVec4 || acc.BufferView == nil {
				t.Fatalf("%s: rotation accessor %+v: want VEC4", path, acc)
			}
			bv := doc.BufferViews[*acc.BufferView]
			stride := max(bv.ByteStride, 4*size)
			buf := doc.Buffers[bv.Buffer].Data
			le := binary.LittleEndian
			for k := range acc.Count {
				o := bv.ByteOffset + acc.ByteOffset + k*stride
				f := func(c int) float64 {
					if size == 2 {
						return max(float64(int16(le.Uint16(buf[o+2*c:])))/32767, -1)
					}
					return float64(math.Float32frombits(le.Uint32(buf[o+4*c:])))
				}
				n := r.Mul(mgl64.Quat{W: f(3), V: mgl64.Vec3{f(0), f(1), f(2)}})
				for c, x := range []float64{n.V[0], n.V[1], n.V[2], n.W} {
					if size == 2 {
						le.PutUint16(buf[o+2*c:], uint16(int16(math.Round(x*32767))))
						continue
					}
					le.PutUint32(buf[o+4*c:], math.Float32bits(float32(x)))
				}
			}
			edited++
		}
	}
	if edited == 0 {
		t.Fatalf("%s: no rotation channel of node %q", path, node)
	}
	Must(t, gltf.SaveBinary(doc, path))
}
