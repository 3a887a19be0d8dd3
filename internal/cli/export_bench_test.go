package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/animscope/animscope/internal/app/apptest"
)

// BenchmarkExportBatch200 exports a folder of 200 small files (100 JBA
// walks, each on the Biped skeleton its bone names imply, and 100 BFRES
// animations on stand-in skeletons) to a directory: one .glb each, in
// parallel. Each copy has a folder of its own (identical files in one
// folder are exported once). Run with -cpu 1,2: the time per batch
// should fall with the cores.
func BenchmarkExportBatch200(b *testing.B) {
	in := b.TempDir()
	srcs := []string{apptest.JBATestdata + "/walk_15fps.jba", apptest.BFRESFixtures + "cubic_f32.bfres"}
	for i := 0; i < 200; i++ {
		src := srcs[i%2]
		data, err := os.ReadFile(src)
		if err != nil {
			b.Fatal(err)
		}
		dir := filepath.Join(in, fmt.Sprintf("%03d", i))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(src)), data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	out := filepath.Join(b.TempDir(), "out")
	for b.Loop() {
		if code := Run([]string{"export", in, "--out", out}, io.Discard, io.Discard, Env{}); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
	ents, _ := filepath.Glob(filepath.Join(out, "*", "*.glb"))
	if len(ents) != 200 {
		b.Fatalf("%d files written", len(ents))
	}
	b.ReportMetric(200*float64(b.N)/b.Elapsed().Seconds(), "files/s")
}
