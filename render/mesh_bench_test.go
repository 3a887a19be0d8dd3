package render_test

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/animscope/animscope/internal/cputime"
	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/mesh"
)

// benchModel is a 50,000-triangle skinned, textured model: ten tubes of
// 5,000 triangles, every vertex following four of 135 palette entries,
// one 2048×2048 BC1 texture with all its 12 mips (2.8 MB of blocks).
func benchModel(rings, segs int) *mesh.Model {
	const shapes, entries = 10, 135
	tex := &mesh.Texture{Name: "bc1", Width: 2048, Height: 2048, Mips: 12, Format: "BC1_UNORM",
		Blocks: func(mip int) (mesh.BlockFormat, []byte, error) {
			s := max(2048>>mip, 1)
			return mesh.BC1, bc1Solid(s, s, uint16(0xF800>>mip)), nil
		}}
	m := &mesh.Model{Name: "bench", Palette: identityPalette(entries), Textures: []*mesh.Texture{tex}}
	for e := range m.Palette {
		m.Palette[e].Joint = e
	}
	m.Materials = []mesh.Material{{Name: "body", Color: mgl32.Vec4{1, 1, 1, 1}, DepthTest: true, DepthWrite: true,
		Textures: []mesh.TextureSlot{{Texture: 0, Role: mesh.RoleAlbedo, TexMatrix: -1, Sampler: mesh.Sampler{Mipmaps: true}}}}}
	for si := 0; si < shapes; si++ {
		s := mesh.Shape{Name: fmt.Sprint("tube", si)}
		uv := []mgl32.Vec2{}
		for r := 0; r < rings; r++ {
			for k := 0; k < segs; k++ {
				a := 2 * math.Pi * float64(k) / float64(segs)
				x, z := float32(math.Cos(a))*0.1+float32(si)*0.3-1.5, float32(math.Sin(a))*0.1
				s.Positions = append(s.Positions, mgl32.Vec3{x, float32(r) / float32(rings) * 2, z})
				s.Normals = append(s.Normals, mgl32.Vec3{float32(math.Cos(a)), 0, float32(math.Sin(a))})
				uv = append(uv, mgl32.Vec2{float32(k) / float32(segs), float32(r) / float32(rings)})
				in := mesh.Influences{N: 4}
				for i := 0; i < 4; i++ {
					in.Entry[i], in.Weight[i] = uint16((si*13+r+i*7)%entries), 0.25
				}
				s.Skin = append(s.Skin, in)
			}
		}
		s.UVs = [][]mgl32.Vec2{uv}
		for r := 0; r+1 < rings; r++ {
			for k := 0; k < segs; k++ {
				a, b, n := uint32(r*segs+k), uint32(r*segs+(k+1)%segs), uint32(segs)
				s.Triangles = append(s.Triangles, a, a+n, b, b, a+n, b+n)
			}
		}
		m.Shapes = append(m.Shapes, s)
	}
	return m
}

// BenchmarkMeshScene50kTriangles is the per-frame CPU cost of drawing a
// 50,000-triangle skinned, textured model with 135 bones over it: new
// skin matrices every frame, DrawScene into a 1280×720 target (the
// driver's rasterising is waited for outside the timer; with llvmpipe it
// runs on the CPU and is not the viewer's own cost). thread-cpu-ns/op is
// the drawing thread's CPU time in DrawScene: the viewer's own work and
// the driver's on that thread, without llvmpipe's rasterising threads;
// ns/op is the wall time, which with llvmpipe includes waiting for them.
//
// The 20-triangle variant is the same model with one ring of quads per
// shape: the viewer does nothing per vertex on the CPU, so its own cost
// is the small model's, and the difference is the driver's vertex work
// (on the GPU with real hardware, on this thread with llvmpipe).
func BenchmarkMeshScene50kTriangles(b *testing.B) { benchMeshScene(b, 51, 50) }

// BenchmarkMeshScene20Triangles: the same with one ring per tube.
func BenchmarkMeshScene20Triangles(b *testing.B) { benchMeshScene(b, 2, 1) }

// benchMeshScene runs on the goroutine that holds the context (b.Run
// would move to another thread, where no context is current).
func benchMeshScene(b *testing.B, rings, segs int) {
	withGL(b, func() { benchMeshSceneGL(b, rings, segs) })
}

func benchMeshSceneGL(b *testing.B, rings, segs int) {
	v := newMeshView(b, 1280, 720, mgl32.Vec3{0, 1, 4}, mgl32.Vec3{0, 1, 0})
	defer v.close()
	r, fb := v.r, v.fb
	m := benchModel(rings, segs)
	tris := 0
	for _, s := range m.Shapes {
		tris += len(s.Triangles) / 3
	}
	d := draw1(m)
	bones := make([]viewmodel.Line, len(m.Palette))
	for i := range bones {
		bones[i] = viewmodel.Line{A: mgl32.Vec3{float32(i) * 0.01, 0, 0}, B: mgl32.Vec3{float32(i) * 0.01, 1, 0}, Color: viewmodel.Color{1, 1, 0, 1}}
	}
	s := v.scene(viewmodel.MeshAndBones, d)
	s.Grid = viewmodel.Grid{Show: true, Spacing: 0.5, Half: 10, Axes: true}
	s.Bones, s.BoneWidth = bones, 3
	fb.Bind()
	t0 := time.Now()
	r.DrawScene(s) // the upload: model and texture to the GPU, first frame
	fb.Read()
	firstFrame := time.Since(t0)
	b.ReportAllocs()
	b.ResetTimer()
	var cpu time.Duration
	for i := 0; i < b.N; i++ {
		c0, _ := cputime.Thread()
		a := float32(i) * 0.01
		for e := range d.Skin {
			d.Skin[e] = mgl32.HomogRotate3DY(a * float32(e%5) * 0.1)
		}
		fb.Bind()
		r.DrawScene(s)
		c1, _ := cputime.Thread()
		cpu += c1 - c0
		b.StopTimer()
		fb.Read() // waits for the driver
		b.StartTimer()
	}
	b.ReportMetric(float64(tris), "triangles")
	b.ReportMetric(float64(firstFrame.Microseconds())/1000, "first-frame-ms")
	b.ReportMetric(float64(cpu)/float64(b.N), "thread-cpu-ns/op")
}
