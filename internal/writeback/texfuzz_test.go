package writeback

import (
	"math"
	"os"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/bfres"
)

// FuzzReadTexGLTF runs the texture-transform reader and its sampling
// over mutated glTF files (seeded with a small document of one animated
// offset: the export of a BTK, tens of kilobytes, leaves the fuzzer
// minimizing for minutes; TestRoundTripBTK reads those): an error, or
// materials whose transforms can be evaluated at any time, never a
// panic, a hang or a huge allocation.
func FuzzReadTexGLTF(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte(smallTexGLTF))
	f.Fuzz(func(t *testing.T, data []byte) {
		src, err := ReadTexGLTF("fuzz.glb", data, nil, "", "")
		if err != nil {
			return
		}
		for i := range src.Materials {
			for _, tm := range []float64{-1, 0, src.End / 2, src.End, src.End + 1} {
				m := src.Materials[i].MatrixAt(tm)
				_ = math.IsNaN(m[0][0])
			}
		}
	})
}

// smallTexGLTF animates material 0's texture offset from (0, 0) at 0 s
// to (1, 0.5) at 1 s, LINEAR.
const smallTexGLTF = `{"asset":{"version":"2.0"},"materials":[{"name":"m texgen 0","pbrMetallicRoughness":{"baseColorTexture":{"index":0,"extensions":{"KHR_texture_transform":{"offset":[0,0],"rotation":0,"scale":[1,1]}}}}}],"buffers":[{"byteLength":24,"uri":"data:application/octet-stream;base64,AAAAAAAAgD8AAAAAAAAAAAAAgD8AAAA/"}],"bufferViews":[{"buffer":0,"byteLength":24}],"accessors":[{"bufferView":0,"count":2,"componentType":5126,"type":"SCALAR"},{"bufferView":0,"byteOffset":8,"count":2,"componentType":5126,"type":"VEC2"}],"animations":[{"channels":[{"sampler":0,"target":{"path":"pointer","extensions":{"KHR_animation_pointer":{"pointer":"/materials/0/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform/offset"}}}}],"samplers":[{"input":0,"output":1}]}]}`

// TestReadTexGLTFSmall: the offset halfway is halfway (glTF LINEAR), the
// static rotation and scale are the extension's, and the matrix is
// T·R·S.
func TestReadTexGLTFSmall(t *testing.T) {
	src, err := ReadTexGLTF("small.gltf", []byte(smallTexGLTF), nil, "", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(src.Materials) != 1 || src.End != 1 {
		t.Fatalf("%d materials, end %g; want 1, 1", len(src.Materials), src.End)
	}
	m := src.Materials[0].MatrixAt(0.5)
	want := [2][3]float64{{1, 0, 0.5}, {0, 1, 0.25}}
	for r := range want {
		for c := range want[r] {
			if math.Abs(m[r][c]-want[r][c]) > 1e-7 {
				t.Errorf("matrix at 0.5 s: %v, want %v", m, want)
			}
		}
	}
}

// FuzzImportTexSRT imports mutated glTF files onto the Wii U texture SRT
// fixture's Blink clip (seeded with a document animating the clip's
// parameter): an error, or a file the strict reader opens, never a
// panic, a hang or a huge allocation.
func FuzzImportTexSRT(f *testing.F) {
	target, err := os.ReadFile("../../formats/bfres/testdata/texsrt.bfres")
	if err != nil {
		f.Fatal(err)
	}
	f.Add([]byte(strings.Replace(smallTexGLTF, "m texgen 0", "Eye/tex_mtx0 texgen 0", 1)))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		src, err := ReadTexGLTF("fuzz.glb", data, nil, "", "")
		if err != nil {
			return
		}
		res, err := ImportTexSRT(src, target, "Blink")
		if err != nil {
			return
		}
		if _, err := bfres.Parse(res.Data); err != nil {
			t.Fatalf("the written file does not read: %v", err)
		}
	})
}
