package app

import (
	"github.com/go-gl/mathgl/mgl32"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/internal/viewmodel"
)

// setClip puts clip ci of file fi in its slot; the scene time starts over
// at 0 so the clips that play together start together.
func (r *rig) setClip(fi, ci int) {
	if fi < 0 || fi >= len(r.ses.files) || ci < 0 || ci >= len(r.ses.files[fi].asset.Clips) {
		return
	}
	f := r.ses.files[fi]
	c := f.asset.Clips[ci]
	s := &slot{file: fi, clipIdx: ci, clip: c, label: slotLabel(f, c), key: clipKey(f, ci), formatLabel: formats.DisplayName(f.asset.Format), fileLoop: c.Loop,
		clock: anim.NewClock(c.Loop, c.Duration, r.play.speed)}
	s.clock.Runtime = r.play.mat.runtime
	s.pose.Targets = make([]anim.TargetPose, len(c.Targets))
	if isMaterialClip(c) {
		r.play.addMaterial(s)
		return
	}
	if isTexClip(c) {
		r.play.tex = s
		r.play.focus = viewmodel.TexSlot
		r.texModeOverride = false
		if r.sel.TexTarget >= len(c.Targets) || r.sel.TexTarget < 0 {
			r.sel.TexTarget = 0
		}
	} else {
		r.play.joint = s
		r.play.focus = viewmodel.JointSlot
		r.rebind()
	}
	r.clampSelection()
	r.play.sceneT = 0
	r.play.syncClocks()
}

// setModel uses skeleton si of file fi.
func (r *rig) setModel(fi, si int) {
	if r.setModelQuiet(fi, si) {
		r.rebind()
		r.clampSelection()
	}
}

// setModelQuiet uses skeleton si of file fi without binding the joint
// clip yet (the caller picks the clip first, then binds once).
func (r *rig) setModelQuiet(fi, si int) bool {
	if fi < 0 || fi >= len(r.ses.files) || si < 0 || si >= len(r.ses.files[fi].asset.Skeletons) {
		return false
	}
	r.skel = r.ses.files[fi].asset.Skeletons[si]
	r.skelFile = fi
	r.skelLabel = r.ses.files[fi].name
	if len(r.ses.files[fi].asset.Skeletons) > 1 && r.skel.Name != "" {
		r.skelLabel += " › " + r.skel.Name
	}
	r.sceneReady = false
	return true
}

// rebind binds the joint clip to the skeleton (or builds the fallback
// skeleton: one joint per target, free or chained).
func (r *rig) rebind() {
	r.binding = anim.Binding{}
	r.msgs.dropNotices(bindingKey) // they went with the binding they described
	if r.play.joint == nil {
		return
	}
	if r.skel != nil {
		r.binding = formats.Bind(r.play.joint.clip, r.skel)
		if len(r.binding.Warnings) > 0 {
			text, detail := summarize(&r.binding)
			r.msgs.notifyKeyed(viewmodel.Warning, bindingKey, detail, "%s on %s: %s", r.play.joint.label, r.skelLabel, text)
		}
		return
	}
	c := r.play.joint.clip
	fb := anim.Skeleton{Name: "fallback", Mode: formats.ClipInfo(c).Fallback, Joints: make([]anim.Joint, len(c.Targets))}
	for i := range fb.Joints {
		parent := -1
		if r.chainMode && i > 0 {
			parent = i - 1
		}
		fb.Joints[i] = anim.Joint{Name: c.Targets[i].Name, Parent: parent, Rest: anim.DefaultBase()}
	}
	if err := fb.Finish(); err != nil {
		r.msgs.notify(viewmodel.Error, "fallback skeleton: %v", err)
		return
	}
	r.fallback = fb
	r.binding = anim.BindByIndex(c, &r.fallback)
}

// drawnSkeleton is what the view draws: the model, or the fallback.
func (r *rig) drawnSkeleton() *anim.Skeleton {
	if r.skel != nil {
		return r.skel
	}
	if r.play.joint != nil && len(r.fallback.Joints) == len(r.play.joint.clip.Targets) {
		return &r.fallback
	}
	return nil
}

func (r *rig) clampSelection() {
	sk := r.drawnSkeleton()
	if sk == nil || r.sel.Joint >= len(sk.Joints) {
		r.sel.Joint, r.sel.Target = -1, -1
	}
	if r.sel.Joint >= 0 {
		r.sel.Target = r.targetOf(r.sel.Joint)
	}
	if r.play.tex == nil {
		r.sel.TexTarget = 0
	} else if r.sel.TexTarget >= len(r.play.tex.clip.Targets) {
		r.sel.TexTarget = 0
	}
}

func (r *rig) targetOf(joint int) int {
	if joint >= 0 && joint < len(r.binding.Target) {
		return r.binding.Target[joint]
	}
	return -1
}

func (r *rig) jointOf(target int) int {
	for j, t := range r.binding.Target {
		if t == target {
			return j
		}
	}
	return -1
}

// zUp reports whether the data's Z axis is drawn up: chosen, or
// automatic from the clip's format (SWTOR JBA: 3ds Max Biped rigs are
// Z-up).
func (r *rig) zUp() bool {
	switch r.up {
	case viewmodel.UpZ:
		return true
	case viewmodel.UpY:
		return false
	}
	return r.play.joint != nil && formats.ClipInfo(r.play.joint.clip).ZUp
}

// display maps a data position to the Y-up world the view draws: Z-up
// data turns -90° about X, so (x, y, z) shows as (x, z, -y).
func display(p mgl32.Vec3, zUp bool) mgl32.Vec3 {
	if zUp {
		return mgl32.Vec3{p[0], p[2], -p[1]}
	}
	return p
}
