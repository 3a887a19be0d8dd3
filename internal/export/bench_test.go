package export

import (
	"os"
	"testing"

	"github.com/animscope/animscope/formats"
)

// BenchmarkExport96Anims32Bones exports every animation of a BFRES with
// 96 skeletal animations of a 32-bone skeleton (formats/bfres's
// export_bench.bfres, written by its test encoder) to one GLB: resampling,
// document and encoding. Target: ≤ 300 ms on one core (-cpu 1).
func BenchmarkExport96Anims32Bones(b *testing.B) {
	data, err := os.ReadFile("../../formats/bfres/testdata/export_bench.bfres")
	if err != nil {
		b.Fatal(err)
	}
	a, err := formats.Open("export_bench.bfres", data)
	if err != nil {
		b.Fatal(err)
	}
	if len(a.Clips) != 96 || len(a.Skeletons[0].Joints) != 32 {
		b.Fatalf("%d clips", len(a.Clips))
	}
	sc := Scene{Skeleton: a.Skeletons[0]}
	for _, c := range a.Clips {
		sc.Clips = append(sc.Clips, Clip{c, "export_bench.bfres"})
	}
	b.ReportAllocs()
	size := 0
	cpu := processCPU()
	for b.Loop() {
		doc, _, err := Build(sc)
		if err != nil {
			b.Fatal(err)
		}
		glb, err := EncodeGLB(doc)
		if err != nil {
			b.Fatal(err)
		}
		size = len(glb)
	}
	reportCPU(b, cpu)
	b.ReportMetric(float64(size)/(1<<20), "MiB")
}

// reportCPU adds the process CPU time per op (all threads, GC included;
// with -cpu 1 that is one core's work).
func reportCPU(b *testing.B, start int64) {
	if start > 0 && b.N > 0 {
		b.ReportMetric(float64(processCPU()-start)/float64(b.N), "cpu-ns/op")
	}
}
