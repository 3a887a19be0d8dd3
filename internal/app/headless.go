package app

import (
	"fmt"

	"github.com/animscope/animscope/formats/pairing"
	"github.com/animscope/animscope/internal/viewmodel"
)

// The headless render command (internal/cli) builds its scene with these.

// UseModelFrom uses the largest skeleton of the first file with one
// among the files opened from index first (render's --model: the model
// named on the command line is the one used, whatever else the files
// hold).
func (a *App) UseModelFrom(first int) error {
	for fi := first; fi < len(a.ses.files); fi++ {
		if si := pairing.DefaultSkeleton(a.ses.files[fi].asset.Skeletons); si >= 0 {
			a.rig.setModel(fi, si)
			return nil
		}
	}
	if first < len(a.ses.files) {
		return fmt.Errorf("holds no skeleton (it is a %s file)", a.ses.files[first].asset.Format)
	}
	return fmt.Errorf("holds no skeleton")
}

// UseClipNamed plays the clips called name (render's --clip): the first
// of each kind, so a BFRES file's skeletal and texture SRT animations of
// one name (a BotW face: bones and eye texture) play together, as the
// game plays them.
func (a *App) UseClipNamed(name string) error {
	var names []string
	found, joint, tex := false, false, false
	for fi, f := range a.ses.files {
		for ci, c := range f.asset.Clips {
			if c.Name != name {
				names = append(names, c.Name)
				continue
			}
			switch {
			case isMaterialClip(c):
			case isTexClip(c) && !tex:
				tex = true
			case !isTexClip(c) && !joint:
				joint = true
			default:
				continue
			}
			a.rig.setClip(fi, ci)
			found = true
		}
	}
	if !found {
		return fmt.Errorf("no animation named %q (have %q)", name, names)
	}
	return nil
}

// Reframe measures the scene again and frames the camera on it.
func (a *App) Reframe() {
	a.rig.sceneReady = false
	a.Evaluate()
	a.rig.frameScene(true)
}

// Empty reports whether nothing can be drawn: no clip and no model.
func (a *App) Empty() bool {
	return a.play.joint == nil && a.play.tex == nil && a.rig.skel == nil && len(a.play.mat.slots) == 0
}

// Camera is the 3D view's camera.
func (a *App) Camera() viewmodel.Camera { return a.rig.camera }

// SelectJointNamed selects the first drawn joint called name.
func (a *App) SelectJointNamed(name string) bool {
	for _, m := range a.rig.markers {
		if m.Name == name {
			a.Apply(viewmodel.SelectJoint{Joint: m.Joint})
			return true
		}
	}
	return false
}

// FocusedFPS is the frame rate of the focused clip (30 without one).
func (a *App) FocusedFPS() float64 {
	if f := a.play.focused(); f != nil {
		return f.clip.FPS
	}
	return 30
}
