package app

import (
	"fmt"

	"github.com/animscope/animscope/formats/pairing"
	"github.com/animscope/animscope/internal/matbind"
	"github.com/animscope/animscope/internal/viewmodel"
)

// Headless sets the app up for the render command (internal/cli): the
// model and clips the command line names rather than the ones the
// pairing would choose, the camera framed once, and what the command
// reads back (the camera, whether anything is drawn, the frame rate its
// GIF runs at). It has no state of its own: it works on the rig, the
// transport and the framing the viewer uses, so a render shows what the
// viewer would.
type Headless struct {
	ses      *session
	play     *transport
	rig      *rig
	sel      *selection
	frame    *framing
	evaluate func() // the frame, before the scene is measured again
}

// Headless is the render command's set-up of the app.
func (a *App) Headless() *Headless { return &a.headless }

// UseModelFrom uses the largest skeleton of the first file with one
// among the files opened from index first (render's --model: the model
// named on the command line is the one used, whatever else the files
// hold).
func (h *Headless) UseModelFrom(first int) error {
	for fi := first; fi < len(h.ses.files); fi++ {
		if si := pairing.DefaultSkeleton(h.ses.files[fi].asset.Skeletons); si >= 0 {
			h.rig.setModel(fi, si)
			return nil
		}
	}
	if first < len(h.ses.files) {
		return fmt.Errorf("holds no skeleton (it is a %s file)", h.ses.files[first].asset.Format)
	}
	return fmt.Errorf("holds no skeleton")
}

// UseClipNamed plays the clips called name (render's --clip): by its own
// name (a BFRES animation), or its file's with or without the extension
// (a J3D file's one clip: Swim or Swim.bck), the first of each kind, so
// a BFRES file's skeletal and texture SRT animations of one name (a BotW
// face: bones and eye texture) play together, as the game plays them.
// Without a match the error lists the names that would have matched.
func (h *Headless) UseClipNamed(name string) error {
	var names []string
	found, joint, tex := false, false, false
	for fi, f := range h.ses.files {
		for ci, c := range f.asset.Clips {
			if !clipCalled(f, c, name) {
				names = append(names, pairing.ClipName(f.path, c))
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
			h.rig.setClip(fi, ci)
			found = true
		}
	}
	if !found {
		return fmt.Errorf("no animation named %q (have %s)", name, nameList(names))
	}
	return nil
}

// maxListedNames caps the names an error lists: an archive of a game's
// model folder holds thousands.
const maxListedNames = 40

// nameList quotes names as the other commands list them (["a" "b"]),
// the first maxListedNames of them.
func nameList(names []string) string {
	if len(names) > maxListedNames {
		return fmt.Sprintf("%q and %d more", names[:maxListedNames], len(names)-maxListedNames)
	}
	return fmt.Sprintf("%q", names)
}

// Unbound names the texture and material clips the user gave on their
// own that bind to nothing of the model in use: one line each saying
// why, for the command's stderr (the viewer says it in a notice).
func (h *Headless) Unbound() []string {
	models := h.rig.models()
	if len(models) == 0 {
		return nil
	}
	var out []string
	for _, s := range append([]*slot{h.play.tex}, h.play.mat.slots...) {
		if s == nil || !h.ses.files[s.file].explicit {
			continue
		}
		if missing := matbind.Unbound(s.clip, models); len(missing) > 0 {
			out = append(out, fmt.Sprintf("%s: binds to nothing of model %s: it animates %s, which the model does not have",
				h.ses.files[s.file].path, h.rig.skelLabel, nameList(missing)))
		}
	}
	return out
}

// Reframe measures the scene again and frames the camera on it.
func (h *Headless) Reframe() {
	h.frame.remeasure()
	h.evaluate()
	h.frame.frameScene(true)
}

// Empty reports whether nothing can be drawn: no clip and no model.
func (h *Headless) Empty() bool {
	return h.play.joint == nil && h.play.tex == nil && h.rig.skel == nil && len(h.play.mat.slots) == 0
}

// Camera is the 3D view's camera.
func (h *Headless) Camera() viewmodel.Camera { return h.frame.camera }

// SelectJointNamed selects the first drawn joint called name.
func (h *Headless) SelectJointNamed(name string) bool {
	for _, m := range h.rig.markers {
		if m.Name == name {
			h.sel.apply(viewmodel.SelectJoint{Joint: m.Joint})
			return true
		}
	}
	return false
}

// FocusedFPS is the frame rate of the focused clip (30 without one).
func (h *Headless) FocusedFPS() float64 {
	if f := h.play.focused(); f != nil {
		return f.clip.FPS
	}
	return 30
}
