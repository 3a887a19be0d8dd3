package export

import (
	"fmt"
	"io"
	"math"
	"os"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/mesh"
)

// BenchmarkExport96Anims32Bones exports every animation of a BFRES with
// 96 skeletal animations of a 32-bone skeleton (formats/bfres's
// export_bench.bfres, written by its test encoder) to one GLB: resampling,
// document and encoding, with the default LINEAR keys. Target: ≤ 300 ms
// on one core (-cpu 1).
func BenchmarkExport96Anims32Bones(b *testing.B) { bench96(b, Linear) }

// BenchmarkExport96Anims32BonesCubic is the same with CUBICSPLINE keys.
func BenchmarkExport96Anims32BonesCubic(b *testing.B) { bench96(b, Cubic) }

func bench96(b *testing.B, how Interpolation) {
	a := benchAsset(b)
	if len(a.Clips) != 96 || len(a.Skeletons[0].Joints) != 32 {
		b.Fatalf("%d clips", len(a.Clips))
	}
	sc := Scene{Skeleton: a.Skeletons[0], Interpolation: how}
	for _, c := range a.Clips {
		sc.Clips = append(sc.Clips, Clip{Clip: c, Source: "export_bench.bfres"})
	}
	benchExport(b, sc)
}

// benchAsset is formats/bfres's export_bench.bfres (96 animations of a
// 32-bone skeleton, written by its test encoder).
func benchAsset(b testing.TB) *formats.Asset {
	data, err := os.ReadFile("../../formats/bfres/testdata/export_bench.bfres")
	if err != nil {
		b.Fatal(err)
	}
	a, err := formats.Open("export_bench.bfres", data)
	if err != nil {
		b.Fatal(err)
	}
	return a
}

// benchExport builds and encodes sc once per iteration, reporting CPU
// time and the file's size.
func benchExport(b *testing.B, sc Scene) {
	b.ReportAllocs()
	size := 0
	cpu := processCPU()
	for b.Loop() {
		doc, _, err := Build(sc)
		if err != nil {
			b.Fatal(err)
		}
		// As WriteFile does, into the file (here a sink).
		n, err := WriteGLB(io.Discard, doc)
		if err != nil {
			b.Fatal(err)
		}
		size = int(n)
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

// BenchmarkExportMesh10000Verts20Tex30Anims exports a model of 10,000
// skinned vertices (20 shapes, four influences each, smooth) with 20
// materials of a 256×256 RGBA texture each, on the 32-bone skeleton of
// export_bench.bfres with 30 of its animations: skin, meshes, PNGs,
// resampling to the mesh's tolerance, document and encoding. Target:
// ≤ 2 s on one core (-cpu 1).
func BenchmarkExportMesh10000Verts20Tex30Anims(b *testing.B) {
	a := benchAsset(b)
	skel := a.Skeletons[0]
	m := benchModel(skel, 10000, 20)
	sc := Scene{Skeleton: skel, Models: []*mesh.Model{m}}
	for _, c := range a.Clips[:30] {
		sc.Clips = append(sc.Clips, Clip{Clip: c, Source: "export_bench.bfres"})
	}
	benchExport(b, sc)
}

// benchModel is a model of verts vertices in shapes shapes, each on a
// material of its own with a 256×256 texture: vertices spread over the
// skeleton's joints at rest, each blended over four joints' inverse
// binds.
func benchModel(skel *anim.Skeleton, verts, shapes int) *mesh.Model {
	rest := restWorld(skel)
	n := len(skel.Joints)
	m := &mesh.Model{Name: "bench"}
	for j := 0; j < n; j++ {
		m.Palette = append(m.Palette, mesh.PaletteEntry{Joint: j, InvBind: rest[j].Inv()})
	}
	per := verts / shapes
	for s := 0; s < shapes; s++ {
		sh := mesh.Shape{Name: fmt.Sprintf("shape%d", s), Material: s, UVs: [][]mgl32.Vec2{nil}}
		for v := 0; v < per; v++ {
			j := (s*per + v) % n
			p := rest[j].Col(3).Vec3().Add(mgl64.Vec3{math.Sin(float64(v)), math.Cos(float64(v)), float64(v%7) / 7})
			sh.Positions = append(sh.Positions, v32(p))
			sh.Normals = append(sh.Normals, mgl32.Vec3{0, 1, 0})
			sh.UVs[0] = append(sh.UVs[0], mgl32.Vec2{float32(v%16) / 16, float32(v/16%16) / 16})
			sh.Skin = append(sh.Skin, infl(float64(j), 0.4, float64((j+1)%n), 0.3, float64((j+2)%n), 0.2, float64((j+5)%n), 0.1))
		}
		for v := 0; v+2 < per; v++ {
			sh.Triangles = append(sh.Triangles, uint32(v), uint32(v+1), uint32(v+2))
		}
		m.Shapes = append(m.Shapes, sh)
		m.Textures = append(m.Textures, testTexture(fmt.Sprintf("tex%d", s), 256, 256, uint8(s)))
		m.Materials = append(m.Materials, mesh.Material{Name: fmt.Sprintf("mat%d", s), Color: mgl32.Vec4{1, 1, 1, 1},
			Textures: []mesh.TextureSlot{{Texture: s, Role: mesh.RoleAlbedo, TexMatrix: -1}}})
	}
	m.Check(n)
	return m
}
