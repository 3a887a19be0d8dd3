package app

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/internal/viewmodel"
)

// Advance moves the scene time by dt seconds of real time at the
// playback speed; the scene stops when every clip has come to rest.
func (a *App) Advance(dt float64) {
	a.cmp.advance(dt, a.play.speed)
	if a.play.scrubbing || !a.play.playing || math.IsNaN(dt) {
		return
	}
	if len(a.play.slots()) > 0 && !a.play.sceneEnded() {
		a.play.sceneT += dt * a.play.speed
	}
	if a.play.sceneEnded() {
		a.play.playing = false
	}
	a.play.syncClocks()
}

// Evaluate samples both clips at their clocks and poses the skeleton.
func (a *App) Evaluate() {
	for _, s := range []*slot{a.play.joint, a.play.tex} {
		if s != nil && !s.muted {
			anim.Evaluate(s.clip, s.clock.Frame, &s.pose)
		}
	}
	for _, s := range a.play.mat.slots {
		anim.Evaluate(s.clip, s.clock.Frame, &s.pose)
	}
	sk := a.drawnSkeleton()
	if sk == nil {
		a.markers = a.markers[:0]
		return
	}
	n := len(sk.Joints)
	if cap(a.world) < n {
		a.world = make([]mgl64.Mat4, n)
	}
	a.world = a.world[:n]
	var pose *anim.Pose
	var b *anim.Binding
	if a.play.joint != nil && !a.play.joint.muted && !visibilityOnly(a.play.joint.clip) { // bone visibility: rest pose
		pose, b = &a.play.joint.pose, &a.binding
	}
	sk.World(pose, b, a.world)
	if a.play.joint != nil {
		a.moveRoot(a.world, a.play.joint.clock.Frame)
	}
	if cap(a.markers) < n {
		a.markers = make([]viewmodel.Marker, n)
	}
	a.markers = a.markers[:n]
	zUp := a.zUp()
	for j := range sk.Joints {
		m := &a.world[j]
		a.markers[j] = viewmodel.Marker{
			Pos:    display(mgl32.Vec3{float32(m[12]), float32(m[13]), float32(m[14])}, zUp),
			Name:   sk.Joints[j].Name,
			Joint:  j,
			Target: a.targetOf(j),
		}
	}
	if !a.sceneReady {
		a.boundsLo, a.boundsHi = a.clipBounds(sk)
		a.sceneReady = true
	}
}

// texEntryMatrix is the matrix of the selected texture entry.
func (a *App) texEntryMatrix() (anim.TexMatrix, anim.TexMatrixMode, anim.TexMatrixMode) {
	if a.play.tex == nil || len(a.play.tex.clip.Targets) == 0 || a.play.tex.muted {
		return anim.TexMatrix{{1, 0, 0}, {0, 1, 0}}, 0, 0
	}
	i := a.sel.TexTarget
	if i < 0 || i >= len(a.play.tex.clip.Targets) {
		i = 0
	}
	t := &a.play.tex.clip.Targets[i]
	p := &a.play.tex.pose.Targets[i]
	file := anim.TexModeOf(t, p) // NW: the mode curve's choice at this frame
	if a.texModeOverride {
		return anim.TexMatrixWith(a.texMode, t, p), a.texMode, file
	}
	m := anim.TexMatrixOf(t, p)
	return m, file, file
}

func (s *slot) playback(scrubbing bool) *viewmodel.Playback {
	return &viewmodel.Playback{Clip: s.clip, Label: s.label, Clock: s.clock, FileLoop: s.fileLoop, Pose: &s.pose, Scrubbing: scrubbing,
		Muted: s.muted, Offset: s.offset,
		FormatLabel: s.formatLabel, ModelHint: formats.ClipInfo(s.clip).ModelHint}
}
