package j3d_test

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/j3d"
	"github.com/animscope/animscope/mesh"
	"github.com/go-gl/mathgl/mgl64"
)

// The per-chunk fuzz targets: each replaces one mesh chunk's body (what
// follows its 8-byte id and size) in the synthetic model with the fuzzed
// bytes, so the fuzzer spends its time inside that chunk's reader while
// the rest of the model stays good. The whole model is then read, checked,
// posed and its textures decoded: never a panic or a hang, every problem
// one line naming the model.

// chunkSpan is where chunk id's body lies in a model ([start, end)).
func chunkSpan(t testing.TB, model []byte, id string) (int, int) {
	n := int(binary.BigEndian.Uint32(model[12:]))
	off := 0x20
	for range n {
		size := int(binary.BigEndian.Uint32(model[off+4:]))
		if string(model[off:off+4]) == id {
			return off + 8, off + size
		}
		off += size
	}
	t.Fatalf("no %s chunk", id)
	return 0, 0
}

// withChunk is model with chunk id's body replaced by body (sizes fixed).
func withChunk(t testing.TB, model []byte, id string, body []byte) []byte {
	start, end := chunkSpan(t, model, id)
	out := make([]byte, 0, len(model)-(end-start)+len(body))
	out = append(append(append(out, model[:start]...), body...), model[end:]...)
	binary.BigEndian.PutUint32(out[start-4:], uint32(8+len(body)))
	binary.BigEndian.PutUint32(out[8:], uint32(len(out)))
	return out
}

// fuzzBase is the synthetic model with a TEX1 of two textures.
func fuzzBase(t testing.TB) []byte {
	d, err := os.ReadFile(filepath.Join(meshFixtures, "synth.bmd"))
	if err != nil {
		t.Fatal(err)
	}
	return withChunk(t, d, "TEX1", tex1I8()[8:])
}

// exerciseModel reads, checks, poses and decodes a model as the viewer
// would.
func exerciseModel(t *testing.T, data []byte) {
	m, err := j3d.ReadModel(data)
	if err != nil {
		if strings.Contains(err.Error(), "\n") {
			t.Fatalf("multi-line error %q", err)
		}
		return
	}
	model, _ := m.Mesh("fuzz.bmd")
	model.Check(len(m.Parents))
	for _, p := range model.Problems {
		if strings.Contains(p, "\n") || !strings.HasPrefix(p, "model fuzz.bmd") {
			t.Fatalf("problem %q", p)
		}
	}
	world := make([]mgl64.Mat4, len(m.Parents))
	for i := range world {
		world[i] = mgl64.Ident4()
	}
	var pose mesh.Pose
	model.PoseInto(&pose, world)
	for _, tex := range model.Textures {
		for mip := range tex.Mips {
			img, err := tex.Decode(mip)
			if err == nil {
				if w, h := tex.MipSize(mip); img.Rect.Dx() != w || img.Rect.Dy() != h {
					t.Fatalf("texture %s level %d: %v, want %dx%d", tex.Name, mip, img.Rect, w, h)
				}
			}
		}
	}
}

// fuzzChunk fuzzes chunk id's body, seeded with the base model's and
// extra bodies.
func fuzzChunk(f *testing.F, id string, extra ...[]byte) {
	base := fuzzBase(f)
	start, end := chunkSpan(f, base, id)
	f.Add(base[start:end])
	f.Add(base[start : start+(end-start)/2])
	for _, e := range extra {
		f.Add(e)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		exerciseModel(t, withChunk(t, base, id, body))
	})
}

func FuzzVTX1(f *testing.F) {
	fuzzChunk(f, "VTX1",
		vtx1Chunk([]vtxArray{{attr: 9, cnt: 1, typ: 3, shift: 4, data: s16s(0, 16, 32, 48, -16, 0, 1, 2, 3)},
			{attr: 11, cnt: 1, typ: 3, data: be{0x12, 0x34}}, {attr: 13, cnt: 0, typ: 1, shift: 7, data: be{1, 2, 3}}})[8:])
}

func FuzzSHP1(f *testing.F) {
	fuzzChunk(f, "SHP1",
		shp1Chunk([]shapeSpec{{mtxType: 3, desc: [][2]uint32{{0, 1}, {9, 2}}, groups: []groupSpec{
			{table: []uint16{0, 0xFFFF}, dl: dl(byte(0x98), []be{{0, 0}, {3, 1}, {0, 2}, {3, 0}})},
			{table: []uint16{0xFFFF, 0}, dl: dl(byte(0xA0), []be{{0, 0}, {3, 1}, {0, 2}})}}}})[8:])
}

// FuzzEVP1DRW1 fuzzes the skin: the envelopes and the draw matrices
// together (each alone is little).
func FuzzEVP1DRW1(f *testing.F) {
	base := fuzzBase(f)
	es, ee := chunkSpan(f, base, "EVP1")
	ds, de := chunkSpan(f, base, "DRW1")
	f.Add(base[es:ee], base[ds:de])
	f.Add([]byte(evp1Chunk([]envSpec{{joints: []uint16{0, 1, 2}, weights: []float32{0.5, 0.25, 0.25}}}, nil)[8:]),
		[]byte(drw1Chunk([]uint8{0, 1, 1, 0}, []uint16{0, 0, 5, 1})[8:]))
	f.Fuzz(func(t *testing.T, evp, drw []byte) {
		exerciseModel(t, withChunk(t, withChunk(t, base, "EVP1", evp), "DRW1", drw))
	})
}

func FuzzMAT3(f *testing.F) {
	fuzzChunk(f, "MAT3", mat3Chunk(3)[8:])
}

func FuzzTEX1(f *testing.F) {
	fuzzChunk(f, "TEX1")
}

// The fuzz targets' base model reads cleanly: shapes, two textures, no
// problem (so a seed's problems are the fuzzed chunk's).
func TestFuzzBase(t *testing.T) {
	m, err := j3d.ReadModel(fuzzBase(t))
	if err != nil {
		t.Fatal(err)
	}
	model, _ := m.Mesh("fuzz.bmd")
	if len(model.Shapes) == 0 || len(model.Textures) != 2 || len(model.Problems) != 0 {
		t.Errorf("%d shapes, %d textures, problems %q", len(model.Shapes), len(model.Textures), model.Problems)
	}
}
