package writeback

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
)

// FuzzReadGLTF runs the reader and the sampling over mutated glTF files:
// an error or a Source whose every node can be posed at any time, never a
// panic, a hang or a huge allocation.
func FuzzReadGLTF(f *testing.F) {
	b := newDoc(&gltf.Node{Name: "a"}, &gltf.Node{Name: "b", Children: nil})
	b.doc.Nodes[0].Children = []int{1}
	b.channel("clip", 0, gltf.TRSTranslation, gltf.InterpolationLinear, []float32{0, 1}, [][3]float32{{0, 1, 2}, {3, 4, 5}})
	b.channel("clip", 1, gltf.TRSRotation, gltf.InterpolationCubicSpline, []float32{0, 1}, [][4]float32{{0, 0, 0, 0}, {0, 0, 0, 1}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0.7, 0.7}, {0, 0, 0, 0}})
	b.channel("clip", 1, gltf.TRSScale, gltf.InterpolationStep, []float32{0, 0.5}, [][3]float32{{1, 1, 1}, {2, 2, 2}})
	seed := b.glb(f)
	f.Add(seed)
	f.Add(seed[:len(seed)/2])
	f.Add([]byte{})
	f.Add([]byte(`{"asset":{"version":"2.0"},"nodes":[{"name":"a"}],"animations":[{"channels":[{"sampler":0,"target":{"node":0,"path":"translation"}}],"samplers":[{"input":0,"output":1}]}],"accessors":[{"count":1000000000,"componentType":5126,"type":"SCALAR","bufferView":0}]}`))
	// The export's extras: a held list of names, and ones that are not.
	f.Add([]byte(`{"asset":{"version":"2.0"},"nodes":[{"name":"a","extras":{"joint":0}}],"animations":[{"extras":{"fps":30,"held":["a",1,null,{"x":[]}]},"channels":[{"sampler":0,"target":{"node":0,"path":"translation"}}],"samplers":[{"input":0,"output":1}]}],"accessors":[{"count":1,"componentType":5126,"type":"SCALAR","bufferView":0},{"count":1,"componentType":5126,"type":"VEC3","bufferView":0}],"bufferViews":[{"buffer":0,"byteLength":12}],"buffers":[{"byteLength":12,"uri":"data:application/octet-stream;base64,AAAAAAAAAAAAAAAA"}]}`))
	if files, _ := filepath.Glob("testdata/fuzz/*.glb"); len(files) > 0 {
		for _, p := range files {
			if d, err := os.ReadFile(p); err == nil {
				f.Add(d)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		src, err := ReadGLTF("fuzz.glb", data, nil, "", "")
		if err != nil {
			return
		}
		world := make([]mgl64.Mat4, len(src.Nodes))
		for _, tm := range []float64{-1, 0, 0.25, src.End / 2, src.End, src.End + 1} {
			src.WorldAt(tm, world)
		}
	})
}
