package app

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
)

// Scene colours. The joint colour is what the pixel tests look for.
var (
	Background   = viewmodel.Color{0.135, 0.14, 0.155, 1}
	colBone      = viewmodel.Color{0.80, 0.82, 0.88, 1}
	colBoneDim   = viewmodel.Color{0.55, 0.57, 0.62, 0.8}
	colJoint     = viewmodel.Color{1.00, 0.72, 0.18, 1}
	colJointRest = viewmodel.Color{0.62, 0.64, 0.70, 1} // not driven by the clip
	colSelected  = viewmodel.Color{0.30, 0.90, 1.00, 1}
	colAxisX     = viewmodel.Color{0.95, 0.35, 0.35, 1}
	colAxisY     = viewmodel.Color{0.40, 0.90, 0.40, 1}
	colAxisZ     = viewmodel.Color{0.40, 0.60, 1.00, 1}
)

// maxAxesJoints is the most free joints drawn with their local axes:
// beyond it the tripods hide the joints (a 400-joint clip).
const maxAxesJoints = 100

// Sizes in UI units (scaled by the pixel scale).
const (
	boneWidth = 2.5
	jointSize = 7
)

// BuildScene fills s with the app's current picture for a viewport of the
// given framebuffer rectangle. It reuses s's slices.
func (a *App) BuildScene(s *viewmodel.Scene, vp viewmodel.Viewport, pixelScale float32, opt viewmodel.Options, checker viewmodel.TextureRef) {
	aspect := float32(1)
	if vp.H > 0 {
		aspect = float32(vp.W) / float32(vp.H)
	}
	meshes := s.Meshes
	*s = viewmodel.Scene{
		Viewport:   vp,
		Background: Background,
		View:       a.frame.camera.View(),
		Proj:       a.frame.camera.Proj(aspect),
		PixelScale: pixelScale,
		Bones:      s.Bones[:0],
		BoneWidth:  boneWidth,
		Points:     s.Points[:0],
		PointSize:  jointSize,
		Quad:       s.Quad,
	}
	if opt.Grid {
		s.Grid = viewmodel.Grid{Show: true, Spacing: gridStep(a.frame.sceneRadius()), Half: 10, Axes: opt.Axes}
	}
	a.meshes.scene(s, meshes, opt.Mesh)
	// The test quad stands in for a model's materials: with meshes drawn,
	// texture animations show on them instead.
	if a.frame.quadVisible() && opt.Quad && len(s.Meshes) == 0 {
		m, _, _ := a.sel.texEntryMatrix()
		if s.Quad == nil {
			s.Quad = &viewmodel.TexQuad{}
		}
		mat := s.Quad.Material
		if mat == nil {
			mat = new(viewmodel.QuadMaterial)
		}
		*s.Quad = viewmodel.TexQuad{Corners: a.frame.quadCorners(), Texture: checker, Outline: true, Material: a.play.quadMaterial(mat)}
		for r := 0; r < 2; r++ {
			for c := 0; c < 3; c++ {
				s.Quad.Matrix[r][c] = float32(m[r][c])
			}
		}
	} else {
		s.Quad = nil
	}
	if sk := a.rig.drawnSkeleton(); sk != nil && len(a.rig.markers) == len(sk.Joints) && !(len(s.Meshes) > 0 && opt.Mesh == viewmodel.MeshOnly) {
		a.rig.sceneSkeleton(s, sk)
	}
	a.ab.scene(s)
}

// sceneSkeleton adds the bones, the local axes and the joints of sk.
func (r *rig) sceneSkeleton(s *viewmodel.Scene, sk *anim.Skeleton) {
	sel := r.sel.Joint
	for j := range sk.Joints {
		p := sk.Joints[j].Parent
		if p < 0 || p >= len(r.markers) || r.jointHidden(j) {
			continue
		}
		c := colBone
		if j == sel {
			c = colSelected
		} else if r.skel == nil {
			c = colBoneDim
		}
		s.Bones = append(s.Bones, viewmodel.Line{A: r.markers[p].Pos, B: r.markers[j].Pos, Color: c})
	}
	r.sceneAxes(s)
	r.sceneJoints(s)
}

// sceneAxes adds local axes: of the selected joint always (it shows the
// rotation being inspected); of every free joint when there is no
// hierarchy, so their rotations show, unless there are so many that they
// become noise.
func (r *rig) sceneAxes(s *viewmodel.Scene) {
	sel := r.sel.Joint
	fallbackPoints := r.skel == nil && !r.chainMode
	l := r.frame.sceneRadius() * 0.08
	zUp := r.zUp()
	axes := func(j int) {
		m := &r.world[j]
		o := r.markers[j].Pos
		for k, c := range [3]viewmodel.Color{colAxisX, colAxisY, colAxisZ} {
			ax := display(mgl32.Vec3{float32(m[k*4]), float32(m[k*4+1]), float32(m[k*4+2])}, zUp)
			if n := ax.Len(); n > 0 {
				ax = ax.Mul(l / n)
			}
			s.Bones = append(s.Bones, viewmodel.Line{A: o, B: o.Add(ax), Color: c})
		}
	}
	if fallbackPoints && len(r.world) <= maxAxesJoints {
		for j := range r.world {
			axes(j)
		}
	} else if sel >= 0 && sel < len(r.world) {
		axes(sel)
	}
}

// sceneJoints adds the joints, the selected one last (on top).
func (r *rig) sceneJoints(s *viewmodel.Scene) {
	sel := r.sel.Joint
	for j := range r.markers {
		c := colJoint
		scale := float32(1)
		if r.markers[j].Target < 0 {
			c = colJointRest
		}
		if j == sel || r.jointHidden(j) {
			continue // the selection is drawn last, on top; hidden bones not at all
		}
		s.Points = append(s.Points, viewmodel.Point{P: r.markers[j].Pos, Color: c, Scale: scale})
	}
	if sel >= 0 && sel < len(r.markers) {
		s.Points = append(s.Points, viewmodel.Point{P: r.markers[sel].Pos, Color: colSelected, Scale: 1.6})
	}
}

// gridStep is a round grid spacing (1, 2 or 5 × 10^n) giving about five
// cells across the scene's radius.
func gridStep(radius float32) float32 {
	if !(radius > 0) {
		return 1
	}
	raw := float64(radius) / 5
	exp := math.Floor(math.Log10(raw))
	base := math.Pow(10, exp)
	for _, m := range []float64{1, 2, 5, 10} {
		if m*base >= raw {
			return float32(m * base)
		}
	}
	return float32(10 * base)
}
