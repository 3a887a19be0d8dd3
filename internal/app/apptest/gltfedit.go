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
			if acc.ComponentType != gltf.ComponentFloat || acc.Type != gltf.AccessorVec4 || acc.BufferView == nil {
				t.Fatalf("%s: rotation accessor %+v: want float VEC4", path, acc)
			}
			bv := doc.BufferViews[*acc.BufferView]
			stride := max(bv.ByteStride, 16)
			buf := doc.Buffers[bv.Buffer].Data
			for k := range acc.Count {
				o := bv.ByteOffset + acc.ByteOffset + k*stride
				f := func(c int) float64 { return float64(math.Float32frombits(binary.LittleEndian.Uint32(buf[o+4*c:]))) }
				n := r.Mul(mgl64.Quat{W: f(3), V: mgl64.Vec3{f(0), f(1), f(2)}})
				for c, x := range []float64{n.V[0], n.V[1], n.V[2], n.W} {
					binary.LittleEndian.PutUint32(buf[o+4*c:], math.Float32bits(float32(x)))
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
