package app

import (
	"github.com/go-gl/mathgl/mgl32"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/internal/viewmodel"
)

// setClip puts clip ci of file fi in its slot; the scene time starts over
// at 0 so the clips that play together start together.
func (a *App) setClip(fi, ci int) {
	if fi < 0 || fi >= len(a.files) || ci < 0 || ci >= len(a.files[fi].asset.Clips) {
		return
	}
	f := a.files[fi]
	c := f.asset.Clips[ci]
	label := f.name
	if len(f.asset.Clips) > 1 && c.Name != "" {
		label += " › " + c.Name
	}
	s := &slot{file: fi, clipIdx: ci, clip: c, label: label, formatLabel: formats.DisplayName(f.asset.Format), fileLoop: c.Loop,
		clock: anim.NewClock(c.Loop, c.Duration, a.play.speed)}
	s.clock.Runtime = a.play.mat.runtime
	s.pose.Targets = make([]anim.TargetPose, len(c.Targets))
	if isMaterialClip(c) {
		a.addMaterial(s)
		return
	}
	if isTexClip(c) {
		a.play.tex = s
		a.play.focus = viewmodel.TexSlot
		a.texModeOverride = false
		if a.sel.TexTarget >= len(c.Targets) || a.sel.TexTarget < 0 {
			a.sel.TexTarget = 0
		}
	} else {
		a.play.joint = s
		a.play.focus = viewmodel.JointSlot
		a.rebind()
	}
	a.clampSelection()
	a.play.sceneT = 0
	a.play.syncClocks()
}

// setModel uses skeleton si of file fi.
func (a *App) setModel(fi, si int) {
	if a.setModelQuiet(fi, si) {
		a.rebind()
		a.clampSelection()
	}
}

// setModelQuiet uses skeleton si of file fi without binding the joint
// clip yet (the caller picks the clip first, then binds once).
func (a *App) setModelQuiet(fi, si int) bool {
	if fi < 0 || fi >= len(a.files) || si < 0 || si >= len(a.files[fi].asset.Skeletons) {
		return false
	}
	a.skel = a.files[fi].asset.Skeletons[si]
	a.skelFile = fi
	a.skelLabel = a.files[fi].name
	if len(a.files[fi].asset.Skeletons) > 1 && a.skel.Name != "" {
		a.skelLabel += " › " + a.skel.Name
	}
	a.sceneReady = false
	return true
}

// rebind binds the joint clip to the skeleton (or builds the fallback
// skeleton: one joint per target, free or chained).
func (a *App) rebind() {
	a.binding = anim.Binding{}
	a.msgs.dropNotices(bindingKey) // they went with the binding they described
	if a.play.joint == nil {
		return
	}
	if a.skel != nil {
		a.binding = formats.Bind(a.play.joint.clip, a.skel)
		if len(a.binding.Warnings) > 0 {
			text, detail := summarize(a.binding.Warnings)
			a.msgs.notifyKeyed(viewmodel.Warning, bindingKey, detail, "%s on %s: %s", a.play.joint.label, a.skelLabel, text)
		}
		return
	}
	c := a.play.joint.clip
	fb := anim.Skeleton{Name: "fallback", Mode: formats.ClipInfo(c).Fallback, Joints: make([]anim.Joint, len(c.Targets))}
	for i := range fb.Joints {
		parent := -1
		if a.chainMode && i > 0 {
			parent = i - 1
		}
		fb.Joints[i] = anim.Joint{Name: c.Targets[i].Name, Parent: parent, Rest: anim.DefaultBase()}
	}
	if err := fb.Finish(); err != nil {
		a.Notify(viewmodel.Error, "fallback skeleton: %v", err)
		return
	}
	a.fallback = fb
	a.binding = anim.BindByIndex(c, &a.fallback)
}

// drawnSkeleton is what the view draws: the model, or the fallback.
func (a *App) drawnSkeleton() *anim.Skeleton {
	if a.skel != nil {
		return a.skel
	}
	if a.play.joint != nil && len(a.fallback.Joints) == len(a.play.joint.clip.Targets) {
		return &a.fallback
	}
	return nil
}

func (a *App) clampSelection() {
	sk := a.drawnSkeleton()
	if sk == nil || a.sel.Joint >= len(sk.Joints) {
		a.sel.Joint, a.sel.Target = -1, -1
	}
	if a.sel.Joint >= 0 {
		a.sel.Target = a.targetOf(a.sel.Joint)
	}
	if a.play.tex == nil {
		a.sel.TexTarget = 0
	} else if a.sel.TexTarget >= len(a.play.tex.clip.Targets) {
		a.sel.TexTarget = 0
	}
}

func (a *App) targetOf(joint int) int {
	if joint >= 0 && joint < len(a.binding.Target) {
		return a.binding.Target[joint]
	}
	return -1
}

func (a *App) jointOf(target int) int {
	for j, t := range a.binding.Target {
		if t == target {
			return j
		}
	}
	return -1
}

// zUp reports whether the data's Z axis is drawn up: chosen, or
// automatic from the clip's format (SWTOR JBA: 3ds Max Biped rigs are
// Z-up).
func (a *App) zUp() bool {
	switch a.up {
	case viewmodel.UpZ:
		return true
	case viewmodel.UpY:
		return false
	}
	return a.play.joint != nil && formats.ClipInfo(a.play.joint.clip).ZUp
}

// display maps a data position to the Y-up world the view draws: Z-up
// data turns -90° about X, so (x, y, z) shows as (x, z, -y).
func display(p mgl32.Vec3, zUp bool) mgl32.Vec3 {
	if zUp {
		return mgl32.Vec3{p[0], p[2], -p[1]}
	}
	return p
}
