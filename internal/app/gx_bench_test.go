package app

import (
	"os"
	"testing"

	"github.com/animscope/animscope/internal/cputime/cputimetest"
	"github.com/animscope/animscope/internal/viewmodel"
)

// BenchmarkJ3DModelFrame is the app's part of a frame with a J3D model
// in use: advance, evaluate, the scene (palette, every material's GX
// state) and the view (the Materials panel's GX material with its live
// registers). The model is ANIMSCOPE_BENCH_BMD (Link's cl.bdl is the
// target: with render's part, BenchmarkGXModelFrame, ≤ 1.5 ms), else the
// synthetic J3D fixture.
func BenchmarkJ3DModelFrame(b *testing.B) {
	name := os.Getenv("ANIMSCOPE_BENCH_BMD")
	if name == "" {
		name = "../../formats/j3d/testdata/j3dmesh/synth.bmd"
	}
	files, err := LoadFiles(name)
	if err != nil {
		b.Fatal(err)
	}
	a := New(nil)
	a.Add(files)
	var s viewmodel.Scene
	var v viewmodel.View
	a.BuildScene(&s, viewmodel.Viewport{W: 1280, H: 720}, 1, viewmodel.DefaultOptions(), viewmodel.TextureRef{})
	if len(s.Meshes) == 0 {
		b.Fatalf("%s: no model drawn", name)
	}
	b.ReportAllocs()
	b.ResetTimer()
	defer cputimetest.Meter(b, 0)()
	for i := 0; i < b.N; i++ {
		a.Advance(1.0 / 60)
		a.Evaluate()
		a.BuildScene(&s, viewmodel.Viewport{W: 1280, H: 720}, 1, viewmodel.DefaultOptions(), viewmodel.TextureRef{})
		a.View(&v, viewmodel.Stats{}, viewmodel.TextureRef{})
	}
}
