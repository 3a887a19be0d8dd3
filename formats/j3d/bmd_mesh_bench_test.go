package j3d_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/animscope/animscope/formats/j3d"
	"github.com/animscope/animscope/internal/cputime/cputimetest"
	"github.com/animscope/animscope/mesh"
	"github.com/go-gl/mathgl/mgl64"
)

// benchModel is the model the mesh benchmarks read: a real one named by
// ANIMSCOPE_BENCH_BMD (Link's cl.bdl is the target: decode ≥ 150 MB/s,
// posing ≤ 0.2 ms), else the synthetic fixture.
func benchModel(b *testing.B) []byte {
	name := os.Getenv("ANIMSCOPE_BENCH_BMD")
	if name == "" {
		name = filepath.Join(meshFixtures, "synth.bmd")
	}
	data, err := os.ReadFile(name)
	if err != nil {
		b.Fatal(err)
	}
	return data
}

// BenchmarkBMDMeshDecode reads the model's geometry, skin and materials
// and decodes every level of every texture to RGBA (what the viewer does
// before the first frame): MB/s of the file.
func BenchmarkBMDMeshDecode(b *testing.B) {
	data := benchModel(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	texels := 0
	defer cputimetest.Meter(b, len(data))()
	for b.Loop() {
		m, err := j3d.ReadModel(data)
		if err != nil {
			b.Fatal(err)
		}
		model, _ := m.Mesh("bench")
		texels = 0
		for _, t := range model.Textures {
			for mip := 0; mip < t.Mips; mip++ {
				img, err := t.Decode(mip)
				if err != nil {
					b.Fatal(err)
				}
				texels += len(img.Pix) / 4
			}
		}
	}
	b.ReportMetric(float64(texels), "texels/op")
}

func BenchmarkBMDMeshPose(b *testing.B) {
	m, err := j3d.ReadModel(benchModel(b))
	if err != nil {
		b.Fatal(err)
	}
	model, _ := m.Mesh("bench")
	sk := m.Skeleton("bench")
	if err := sk.Finish(); err != nil {
		b.Fatal(err)
	}
	world := make([]mgl64.Mat4, len(sk.Joints))
	var pose mesh.Pose
	b.ReportAllocs()
	defer cputimetest.Meter(b, 0)()
	for b.Loop() {
		sk.World(nil, nil, world)
		model.PoseInto(&pose, world)
	}
}
