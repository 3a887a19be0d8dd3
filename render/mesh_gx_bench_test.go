package render_test

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/internal/cputime"
	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/mesh"
	"github.com/animscope/animscope/mesh/gx"
	"github.com/animscope/animscope/render"
)

// gxBenchModel is the J3D model the GX benchmarks draw: the one named by
// ANIMSCOPE_BENCH_BMD (Link's cl.bdl is the target), else the synthetic
// fixture of the J3D tests.
func gxBenchModel(b *testing.B) *mesh.Model {
	name := os.Getenv("ANIMSCOPE_BENCH_BMD")
	if name == "" {
		name = "../formats/j3d/testdata/j3dmesh/synth.bmd"
	}
	data, err := os.ReadFile(name)
	if err != nil {
		b.Fatal(err)
	}
	a, err := formats.Open(name, data)
	if err != nil || len(a.Models) == 0 {
		b.Fatalf("%s: %v (%d models)", name, err, len(a.Models))
	}
	return a.Models[0]
}

// BenchmarkGXModelFrame is the drawing thread's CPU time per frame for a
// J3D model through the GX pipeline: new skin matrices, every material's
// registers and texture matrices set, DrawScene into a 1280×720 target
// (the driver's rasterising is waited for outside the timer). Target with
// Link and all his materials: ≤ 1.5 ms.
func BenchmarkGXModelFrame(b *testing.B) {
	withGL(b, func() {
		m := gxBenchModel(b)
		v := newMeshView(b, 1280, 720, mgl32.Vec3{0, 80, 250}, mgl32.Vec3{0, 60, 0})
		defer v.close()
		d := draw1(m)
		s := v.scene(viewmodel.MeshOnly, d)
		v.fb.Bind()
		v.r.DrawScene(s) // uploads and compiles
		v.fb.Read()
		b.ReportAllocs()
		b.ResetTimer()
		var cpu time.Duration
		for i := 0; i < b.N; i++ {
			c0, _ := cputime.Thread()
			for e := range d.Skin {
				d.Skin[e] = mgl32.HomogRotate3DY(float32(i%7) * 0.001)
			}
			v.fb.Bind()
			v.r.DrawScene(s)
			c1, _ := cputime.Thread()
			cpu += c1 - c0
			b.StopTimer()
			v.fb.Read()
			b.StartTimer()
		}
		b.ReportMetric(float64(len(m.Materials)), "materials")
		b.ReportMetric(float64(cpu)/float64(b.N)/1e6, "thread-cpu-ms/op")
	})
}

// gxStates are n distinct shader states: the model's own, then
// variations of them (stages turned off, other alpha-test references) up
// to n, as a model of n materials of that kind would have.
func gxStates(m *mesh.Model, n int) []gx.Shader {
	seen := map[gx.Shader]bool{}
	var out, base []gx.Shader
	for i := range m.Materials {
		if g, ok := m.Materials[i].Native.(interface{ GXMaterial() *gx.Material }); ok {
			base = append(base, g.GXMaterial().Shader)
		}
	}
	for v := 0; len(out) < n && len(base) > 0 && v < 4096; v++ {
		s := base[v%len(base)]
		s.Off = uint16(v/len(base)) & (1<<s.NumStages - 1)
		s.Alpha.RefA = uint8(v / len(base) / 8)
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// BenchmarkGXCompile30Materials generates and compiles the programs of
// 30 material states from nothing (a new cache each time), then reports
// what asking the cache again costs. Target: ≤ 150 ms for the 30. Run
// with MESA_SHADER_CACHE_DISABLE=true for the driver's cold compile.
func BenchmarkGXCompile30Materials(b *testing.B) {
	withGL(b, func() {
		states := gxStates(gxBenchModel(b), 30)
		if len(states) < 30 {
			b.Logf("only %d distinct states", len(states))
		}
		var cpu, cached time.Duration
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			c := render.NewGXCache()
			c0, _ := cputime.Thread()
			for k := range states {
				if _, err := c.Get(&states[k], fmt.Sprint("m", k)); err != nil {
					b.Fatal(err)
				}
			}
			c1, _ := cputime.Thread()
			for k := range states {
				if fresh, _ := c.Get(&states[k], ""); fresh {
					b.Fatal("compiled twice")
				}
			}
			c2, _ := cputime.Thread()
			cpu += c1 - c0
			cached += c2 - c1
			b.StopTimer()
			c.Delete()
			b.StartTimer()
		}
		b.ReportMetric(float64(len(states)), "states")
		b.ReportMetric(float64(cpu)/float64(b.N)/1e6, "thread-cpu-ms/op")
		b.ReportMetric(float64(cached)/float64(b.N)/1e3, "cached-us/op")
	})
}
