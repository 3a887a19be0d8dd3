package app

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/mesh"
)

// TestSceneDrawsTheModelsMeshes: the model in use's meshes go to the
// scene with one skin matrix per palette entry, the posed joint's world
// matrix times the entry's inverse bind (computed here from the joints'
// markers and the stored matrix), and the view modes leave out the
// meshes or the bones.
func TestSceneDrawsTheModelsMeshes(t *testing.T) {
	var log bytesWriter
	a := New(&log)
	ib := mgl64.Translate3D(0, -10, 0) // tip's bind: 10 above the root
	model := &mesh.Model{Name: "chain", Skeleton: 0,
		Palette: []mesh.PaletteEntry{{Joint: 0, InvBind: mgl64.Ident4()}, {Joint: 1, InvBind: ib}},
		Shapes: []mesh.Shape{{Name: "stick", Positions: []mgl32.Vec3{{0, 0, 0}, {0, 10, 0}, {1, 10, 0}}, Triangles: []uint32{0, 1, 2},
			Skin: []mesh.Influences{{N: 1, Entry: [8]uint16{0}, Weight: [8]float32{1}}, {N: 1, Entry: [8]uint16{1}, Weight: [8]float32{1}}, {N: 2, Entry: [8]uint16{0, 1}, Weight: [8]float32{0.5, 0.5}}}}},
		Materials: []mesh.Material{{Name: "m"}}}
	model.Check(2)
	a.Add([]*File{
		{path: "hand.bck", name: "hand.bck", asset: &formats.Asset{Format: "bck", Clips: []*anim.Clip{handClip(anim.Loop)}}},
		{path: "chain.bmd", name: "chain.bmd", asset: &formats.Asset{Format: "bmd", Skeletons: []*anim.Skeleton{handSkeleton()}, Models: []*mesh.Model{model}}},
	})
	a.Apply(viewmodel.Seek{Frame: 15})
	a.Evaluate()
	var s viewmodel.Scene
	a.BuildScene(&s, viewmodel.Viewport{W: 640, H: 480}, 1, viewmodel.DefaultOptions(), viewmodel.TextureRef{})
	if len(s.Meshes) != 1 || s.Meshes[0].Model != model || len(s.Meshes[0].Skin) != 2 || len(s.Bones) == 0 {
		t.Fatalf("scene meshes %+v, %d bones; want the chain's model skinned by 2 matrices, with bones", s.Meshes, len(s.Bones))
	}
	// The hand clip moves the root to z = 30 at frame 15 and the tip sits
	// 10 above it: entry 0 is the root's translation, entry 1 the tip's
	// world times the inverse bind, which takes (0, 10, 0) to the tip.
	tip := s.Meshes[0].Skin[1].Mul4x1(mgl32.Vec4{0, 10, 0, 1})
	root := s.Meshes[0].Skin[0].Col(3)
	for k, want := range [3]float32{0, 10, 30} {
		if math.Abs(float64(tip[k]-want)) > 1e-4 {
			t.Fatalf("tip vertex at %v, want (0, 10, 30)", tip)
		}
	}
	if math.Abs(float64(root[2]-30)) > 1e-4 || math.Abs(float64(root[1])) > 1e-4 {
		t.Fatalf("root matrix translation %v, want (0, 0, 30)", root)
	}
	opt := viewmodel.DefaultOptions()
	opt.Mesh = viewmodel.BonesOnly
	a.BuildScene(&s, viewmodel.Viewport{W: 640, H: 480}, 1, opt, viewmodel.TextureRef{})
	if len(s.Meshes) != 0 || len(s.Bones) == 0 {
		t.Errorf("bones only: %d meshes, %d bones", len(s.Meshes), len(s.Bones))
	}
	opt.Mesh = viewmodel.MeshOnly
	a.BuildScene(&s, viewmodel.Viewport{W: 640, H: 480}, 1, opt, viewmodel.TextureRef{})
	if len(s.Meshes) != 1 || len(s.Bones) != 0 || len(s.Points) != 0 {
		t.Errorf("mesh only: %d meshes, %d bones, %d joints", len(s.Meshes), len(s.Bones), len(s.Points))
	}
	if allocs := testing.AllocsPerRun(10, func() {
		a.BuildScene(&s, viewmodel.Viewport{W: 640, H: 480}, 1, viewmodel.DefaultOptions(), viewmodel.TextureRef{})
	}); allocs > 0 {
		t.Errorf("BuildScene with a mesh allocates %v times per frame", allocs)
	}
}

// TestShapeIntents: hiding a shape reaches the scene's draw, the hovered
// shape is highlighted there, and selecting a shape selects the joint
// with the most weight on it.
func TestShapeIntents(t *testing.T) {
	a := New(nil)
	m := &mesh.Model{Name: "chain", Skeleton: 0,
		Palette: []mesh.PaletteEntry{{Joint: 0, InvBind: mgl64.Ident4()}, {Joint: 1, InvBind: mgl64.Ident4()}},
		Shapes: []mesh.Shape{
			{Positions: make([]mgl32.Vec3, 3), Triangles: []uint32{0, 1, 2}, Skin: []mesh.Influences{{N: 1, Entry: [8]uint16{0}, Weight: [8]float32{1}}, {N: 1, Entry: [8]uint16{0}, Weight: [8]float32{1}}, {N: 1, Entry: [8]uint16{0}, Weight: [8]float32{1}}}},
			{Positions: make([]mgl32.Vec3, 2), Skin: []mesh.Influences{{N: 2, Entry: [8]uint16{0, 1}, Weight: [8]float32{0.4, 0.6}}, {N: 1, Entry: [8]uint16{1}, Weight: [8]float32{1}}}},
		}}
	m.Check(2)
	a.Add([]*File{{path: "chain.bmd", name: "chain.bmd", asset: &formats.Asset{Format: "bmd", Skeletons: []*anim.Skeleton{handSkeleton()}, Models: []*mesh.Model{m}}}})
	a.Evaluate()
	a.Apply(viewmodel.SetShapeHidden{Ref: viewmodel.ShapeRef{Model: 0, Shape: 1}, Hidden: true})
	a.Apply(viewmodel.HoverShape{Ref: viewmodel.ShapeRef{Model: 0, Shape: 0}})
	a.Apply(viewmodel.SelectShape{Ref: viewmodel.ShapeRef{Model: 0, Shape: 1}})
	var s viewmodel.Scene
	a.BuildScene(&s, viewmodel.Viewport{W: 64, H: 64}, 1, viewmodel.DefaultOptions(), viewmodel.TextureRef{})
	if len(s.Meshes) != 1 || len(s.Meshes[0].Hidden) != 2 || s.Meshes[0].Hidden[0] || !s.Meshes[0].Hidden[1] || s.Meshes[0].Highlight != 0 {
		t.Fatalf("draw %+v; want shape 1 hidden, shape 0 highlighted", s.Meshes)
	}
	if a.sel.Joint != 1 {
		t.Errorf("selecting shape 1 selected joint %d; joint 1 carries 1.6 of its 2 weights", a.sel.Joint)
	}
	v := viewOf(a)
	if len(v.Models) != 1 || v.Models[0].Model != m || !v.Models[0].Hidden[1] || v.Hover != (viewmodel.ShapeRef{Model: 0, Shape: 0}) {
		t.Errorf("view models %+v hover %+v", v.Models, v.Hover)
	}
	a.Apply(viewmodel.HoverShape{Ref: viewmodel.ShapeRef{Model: -1, Shape: -1}})
	a.BuildScene(&s, viewmodel.Viewport{W: 64, H: 64}, 1, viewmodel.DefaultOptions(), viewmodel.TextureRef{})
	if s.Meshes[0].Highlight != -1 {
		t.Errorf("highlight %d after the mouse left the list", s.Meshes[0].Highlight)
	}
}

// TestFramingIncludesTheMesh: the scene box (F, R and the grid) covers
// the mesh's vertices, not only the joints they hang from.
func TestFramingIncludesTheMesh(t *testing.T) {
	a := New(nil)
	m := &mesh.Model{Name: "cape", Skeleton: 0, Palette: []mesh.PaletteEntry{{Joint: 0, InvBind: mgl64.Ident4()}},
		Shapes: []mesh.Shape{{Positions: []mgl32.Vec3{{0, 0, 0}, {-40, 0, 0}, {0, -25, 30}}, Triangles: []uint32{0, 1, 2},
			Skin: []mesh.Influences{{N: 1, Weight: [8]float32{1}}, {N: 1, Weight: [8]float32{1}}, {N: 1, Weight: [8]float32{1}}}}}}
	m.Check(2)
	a.Add([]*File{{path: "chain.bmd", name: "chain.bmd", asset: &formats.Asset{Format: "bmd", Skeletons: []*anim.Skeleton{handSkeleton()}, Models: []*mesh.Model{m}}}})
	a.Evaluate()
	lo, hi := a.frame.boundsLo, a.frame.boundsHi
	if lo[0] > -40 || lo[1] > -25 || hi[2] < 30 {
		t.Errorf("scene box %v..%v leaves out the cape's vertices (-40, -25, 30)", lo, hi)
	}
	// F frames the skeleton as it stands with its skin: the camera of a
	// box holding the joints and the cape's vertices.
	a.Apply(viewmodel.CameraFrame{})
	mlo, mhi := a.frame.markerBounds()
	want := a.frame.camera
	box := func(lo, hi mgl32.Vec3) {
		for _, p := range []mgl32.Vec3{{0, 0, 0}, {-40, 0, 0}, {0, -25, 30}} {
			for k := 0; k < 3; k++ {
				lo[k], hi[k] = min(lo[k], p[k]), max(hi[k], p[k])
			}
		}
		want.Frame(lo, hi)
	}
	box(mlo, mhi)
	if a.frame.camera.Target != want.Target || a.frame.camera.Distance != want.Distance {
		t.Errorf("F: camera at %v, distance %v; want %v, %v (the joints and the cape)", a.frame.camera.Target, a.frame.camera.Distance, want.Target, want.Distance)
	}
}

type bytesWriter struct{ b []byte }

func (w *bytesWriter) Write(p []byte) (int, error) { w.b = append(w.b, p...); return len(p), nil }

// TestFramingCoversAMeshTheClipGrows: an effect whose joint the clip
// scales from nothing at frame 0 to ten times its size at the end (Wind
// Waker's ice rocks) is framed as it grows: the scene box, measured when
// the scene opens at frame 0, holds the mesh at its largest, and where
// the pose puts a joint nowhere (NaN) the box stays finite.
func TestFramingCoversAMeshTheClipGrows(t *testing.T) {
	a := New(nil)
	m := &mesh.Model{Name: "rock", Skeleton: 0, Palette: []mesh.PaletteEntry{{Joint: 0, InvBind: mgl64.Ident4()}},
		Shapes: []mesh.Shape{{Positions: []mgl32.Vec3{{0, 0, 0}, {-4, 0, 0}, {0, 3, 5}}, Triangles: []uint32{0, 1, 2},
			Skin: []mesh.Influences{{N: 1, Weight: [8]float32{1}}, {N: 1, Weight: [8]float32{1}}, {N: 1, Weight: [8]float32{1}}}}}}
	m.Check(2)
	grow := &anim.Hermite{Keys: []anim.HermiteKey{{Time: 0, Value: 0, In: 1.0 / 3, Out: 1.0 / 3}, {Time: 30, Value: 10, In: 1.0 / 3, Out: 1.0 / 3}}, RotationFrac: -1}
	base := anim.DefaultBase()
	clip := &anim.Clip{Name: "grow", Format: "bck", Duration: 30, FPS: 30, Loop: anim.Once, Targets: []anim.Target{
		{Name: "root", Kind: anim.JointTarget, TexGen: -1, Base: base, Channels: []anim.Channel{
			{Slot: anim.ScaleX, Curve: grow}, {Slot: anim.ScaleY, Curve: grow}, {Slot: anim.ScaleZ, Curve: grow}}},
		{Name: "tip", Kind: anim.JointTarget, TexGen: -1, Base: base, Channels: []anim.Channel{{Slot: anim.TransY, Curve: anim.Constant(1)}}},
	}}
	a.Add([]*File{{path: "rock.bmd", name: "rock.bmd", asset: &formats.Asset{Format: "bmd", Skeletons: []*anim.Skeleton{handSkeleton()}, Models: []*mesh.Model{m}}},
		{path: "rock.bck", name: "rock.bck", asset: &formats.Asset{Format: "bck", Clips: []*anim.Clip{clip}}}})
	a.Evaluate()
	lo, hi := a.frame.boundsLo, a.frame.boundsHi
	// At frame 30 the rock's corners are ten times (-4, 0, 0) and (0, 3, 5).
	if lo[0] > -39 || hi[1] < 29 || hi[2] < 49 {
		t.Errorf("scene box %v..%v leaves out the grown rock (-40, 30, 50)", lo, hi)
	}
	for c := range 3 {
		if math.IsNaN(float64(lo[c])) || math.IsNaN(float64(hi[c])) {
			t.Fatalf("scene box %v..%v", lo, hi)
		}
	}
	if l2, h2 := grow3(lo, hi); l2 != lo || h2 != hi {
		t.Errorf("a NaN point moved the box %v..%v to %v..%v", lo, hi, l2, h2)
	}
}

// grow3 passes the box through grow with a NaN point: unchanged.
func grow3(lo, hi mgl32.Vec3) (mgl32.Vec3, mgl32.Vec3) {
	nan := float32(math.NaN())
	return grow(lo, hi, mgl32.Vec3{nan, 0, 0})
}

// TestFrameSkipsJointsPutNowhere: F frames the joints as they stand; a
// joint the pose puts nowhere (NaN under a zero scale that compensation
// divides by: Wind Waker's ice rocks on Link) is left out, first in the
// list or later, as the scene box leaves it out; it made the camera's
// target NaN and the view empty.
func TestFrameSkipsJointsPutNowhere(t *testing.T) {
	nan := float32(math.NaN())
	for _, ms := range [][]viewmodel.Marker{
		{{Pos: mgl32.Vec3{nan, nan, nan}}, {Pos: mgl32.Vec3{-2, 0, 1}}, {Pos: mgl32.Vec3{4, 6, -3}}},
		{{Pos: mgl32.Vec3{-2, 0, 1}}, {Pos: mgl32.Vec3{nan, 0, 0}}, {Pos: mgl32.Vec3{4, 6, -3}}},
	} {
		f := &framing{rig: &rig{markers: ms}, meshes: &meshes{}, play: &transport{}}
		lo, hi := f.markerBounds()
		if lo != (mgl32.Vec3{-2, 0, -3}) || hi != (mgl32.Vec3{4, 6, 1}) {
			t.Errorf("markers %v: box %v..%v, want (-2 0 -3)..(4 6 1)", ms, lo, hi)
		}
	}
}
