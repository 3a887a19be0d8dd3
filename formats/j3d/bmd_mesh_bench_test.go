package j3d_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/animscope/animscope/formats/j3d"
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

func BenchmarkBMDMeshDecode(b *testing.B) {
	data := benchModel(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		m, err := j3d.ReadModel(data)
		if err != nil {
			b.Fatal(err)
		}
		m.Mesh("bench")
	}
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
	for b.Loop() {
		sk.World(nil, nil, world)
		model.PoseInto(&pose, world)
	}
}
