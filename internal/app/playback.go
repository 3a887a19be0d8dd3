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
	a.rig.evaluate()
	a.ab.evaluate()
}

// evaluate is the transport's clips at their frames, then the pose.
func (r *rig) evaluate() {
	r.play.evaluate()
	r.pose()
}

// evaluate puts every playing clip's pose at its clock's frame.
func (t *transport) evaluate() {
	for _, s := range []*slot{t.joint, t.tex} {
		if s != nil && !s.muted {
			anim.Evaluate(s.clip, s.clock.Frame, &s.pose)
		}
	}
	for _, s := range t.mat.slots {
		anim.Evaluate(s.clip, s.clock.Frame, &s.pose)
	}
}

// pose computes the drawn skeleton's world matrices and joint markers
// from the joint clip's pose (the bind pose without one), and measures
// the scene the first time.
func (r *rig) pose() {
	sk := r.drawnSkeleton()
	if sk == nil {
		r.markers = r.markers[:0]
		return
	}
	n := len(sk.Joints)
	if cap(r.world) < n {
		r.world = make([]mgl64.Mat4, n)
	}
	r.world = r.world[:n]
	var pose *anim.Pose
	var b *anim.Binding
	if r.play.joint != nil && !r.play.joint.muted && !visibilityOnly(r.play.joint.clip) { // bone visibility: rest pose
		pose, b = &r.play.joint.pose, &r.binding
	}
	sk.World(pose, b, r.world)
	if r.play.joint != nil {
		r.moveRoot(r.world, r.play.joint.clock.Frame)
	}
	if cap(r.markers) < n {
		r.markers = make([]viewmodel.Marker, n)
	}
	r.markers = r.markers[:n]
	zUp := r.zUp()
	for j := range sk.Joints {
		m := &r.world[j]
		r.markers[j] = viewmodel.Marker{
			Pos:    display(mgl32.Vec3{float32(m[12]), float32(m[13]), float32(m[14])}, zUp),
			Name:   sk.Joints[j].Name,
			Joint:  j,
			Target: r.targetOf(j),
		}
	}
	r.frame.measure(sk)
}

func (s *slot) playback(scrubbing bool) *viewmodel.Playback {
	return &viewmodel.Playback{Clip: s.clip, Label: s.label, Clock: s.clock, FileLoop: s.fileLoop, Pose: &s.pose, Scrubbing: scrubbing,
		Muted: s.muted, Offset: s.offset, Key: s.key,
		FormatLabel: s.formatLabel, ModelHint: formats.ClipInfo(s.clip).ModelHint}
}
