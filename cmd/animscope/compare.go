package main

import (
	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/render"
)

// compareRenderer draws the comparison's five viewports into textures.
type compareRenderer struct {
	targets render.TargetSet
	scenes  [anim.NumLoopModes]viewmodel.Scene
	ready   bool // scenes were built this frame
}

// prepareCompare poses the five modes and builds their scenes (the CPU
// part of the comparison's viewports).
func (v *viewer) prepareCompare(sx float32) {
	r := &v.cmpRender
	r.ready = false
	w, h := v.ui.CompareViewportSize()
	pw, ph := int(w*sx), int(h*sx)
	if !v.ui.CompareOpen() || !v.app.Comparison().Shown() || pw < 1 || ph < 1 {
		return
	}
	if err := r.targets.Ensure(anim.NumLoopModes, pw, ph); err != nil {
		v.app.Notify(viewmodel.Error, "loop-mode comparison: %v", err)
		v.ui.SetCompareOpen(false)
		return
	}
	r.ready = v.app.Comparison().Prepare(&r.scenes, pw, ph, v.ui.Scale()*sx, v.ui.Options, v.checker.Ref())
}

// drawCompare draws the prepared scenes into their textures (before the
// UI, which shows them) and hands the textures to the next frame's view.
// A mode showing the same frame as an earlier one shows that one's
// texture.
func (v *viewer) drawCompare() {
	r := &v.cmpRender
	if !r.ready {
		return
	}
	for m, t := range r.targets.Targets {
		k := v.app.Comparison().Same(m)
		if k == m {
			t.Bind()
			v.scene.DrawScene(&r.scenes[m])
		}
		src := r.targets.Targets[k]
		v.app.Comparison().SetTexture(m, viewmodel.TextureRef{ID: uintptr(src.Texture.ID), W: src.W(), H: src.H()})
	}
	render.BindWindow()
}
