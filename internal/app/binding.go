package app

import (
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/pairing"
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
	s.clock.Runtime = clipRuntime(c, r.play.mat.runtime)
	s.pose.Targets = make([]anim.TargetPose, len(c.Targets))
	if isMaterialClip(c) {
		r.play.addMaterial(s)
		// It joins the scene time the playing clips show; paused, no
		// clock advance would bring it there.
		r.play.syncClocks()
		return
	}
	if isTexClip(c) {
		r.play.tex = s
		r.play.focus = viewmodel.TexSlot
		r.sel.texModeOverride = false
		if r.sel.TexTarget >= len(c.Targets) || r.sel.TexTarget < 0 {
			r.sel.TexTarget = 0
		}
	} else {
		// A joint clip starts the scene over; a texture clip, like a
		// material clip, joins it where it stands (paused at frame 12, a
		// new eye clip does not send the body back to frame 0).
		r.play.sceneT = 0
		changed := r.play.joint == nil || r.play.joint.clip != c
		r.play.joint = s
		// A joint clip plays: the message that one did not fit the model
		// (and how to play it anyway) has done its work.
		r.msgs.settle(unfitKey)
		r.play.focus = viewmodel.JointSlot
		r.rebind()
		if changed { // the texture and material clips the game starts with it
			r.pairing().chooseTex(len(r.ses.files), true)
			r.pairing().chooseMaterials(len(r.ses.files), true)
		}
		if mk := r.modelKey(); mk != "" {
			if r.lastClip == nil || len(r.lastClip) > maxLastClips {
				r.lastClip = map[string]string{}
			}
			r.lastClip[mk] = clipKey(f, ci)
		}
	}
	r.sel.clamp()
	r.play.syncClocks()
}

// pickClip plays the clip the user chose; a texture or material clip so
// chosen stays when the joint clip or the model changes.
// Player variants are one choice: picking _3p.brk stops _1p.brk.
func (r *rig) pickClip(fi, ci int) {
	if k, ok := r.pairing().variantKey(fi, ci); ok {
		r.play.mat.slots = slices.DeleteFunc(r.play.mat.slots, func(s *slot) bool {
			o, ok := r.pairing().variantKey(s.file, s.clipIdx)
			return ok && o == k && (s.file != fi || s.clipIdx != ci)
		})
		r.play.closeMaterials(len(r.ses.files)) // keeps the selection and focus within the slots left
	}
	r.setClip(fi, ci)
	for _, s := range r.play.slots() {
		if s != r.play.joint && s.file == fi && s.clipIdx == ci {
			s.picked = true
		}
	}
}

// clearTex stops the texture clip (the Texture picker's "(none)").
func (r *rig) clearTex() {
	if r.play.tex == nil {
		return
	}
	r.play.tex = nil
	if r.play.focus == viewmodel.TexSlot {
		r.play.focus = viewmodel.JointSlot
	}
	r.sel.clamp()
	r.evaluate()
}

// clearMaterials stops every material and visibility clip (the Material
// picker's "(none)"); a joint clip picked later starts its own again.
func (r *rig) clearMaterials() {
	if len(r.play.mat.slots) == 0 {
		return
	}
	r.play.closeMaterials(-1)
	r.evaluate()
}

// clipRuntime is the frame control clip c plays under: its format's own
// (G3d for BFRES) or, for JSystem clips, the generation jsys in force.
func clipRuntime(c *anim.Clip, jsys anim.Runtime) anim.Runtime {
	if r := formats.ClipInfo(c).Runtime; !r.JSystem() {
		return r
	}
	return jsys
}

// setModel uses skeleton si of file fi.
func (r *rig) setModel(fi, si int) {
	if r.setModelQuiet(fi, si) {
		r.rebind()
		r.sel.clamp()
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
	r.frame.remeasure()
	return true
}

// rebind binds the joint clip to the skeleton (or builds the fallback
// skeleton: one joint per target, free or chained).
func (r *rig) rebind() {
	r.binding = anim.Binding{}
	r.bindSummary, r.bindDetail = "", ""
	r.msgs.dropNotices(bindingKey) // they went with the binding they described
	if r.play.joint == nil {
		return
	}
	if r.skel != nil {
		r.binding = formats.Bind(r.play.joint.clip, r.skel)
		if len(r.binding.Warnings) > 0 {
			text, detail := summarize(&r.binding)
			r.bindSummary, r.bindDetail = text, detail
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

// maxLastClips bounds the models whose last clip is remembered.
const maxLastClips = 1024

// modelKey names the model in use across reloads (its file as opened and
// the skeleton's name or place); "" without one.
func (r *rig) modelKey() string {
	if r.skel == nil || r.skelFile < 0 || r.skelFile >= len(r.ses.files) {
		return ""
	}
	f := r.ses.files[r.skelFile]
	if r.skel.Name != "" {
		return f.path + "\x00" + r.skel.Name
	}
	return f.path + "\x00#" + strconv.Itoa(slices.Index(f.asset.Skeletons, r.skel))
}

// findClipKey is the open file and index of the clip clipKey calls key;
// ok false when none is open.
func (r *rig) findClipKey(key string) (fi, ci int, ok bool) {
	for fi, f := range r.ses.files {
		for ci := range f.asset.Clips {
			if clipKey(f, ci) == key {
				return fi, ci, true
			}
		}
	}
	return -1, -1, false
}

// selectClipNamed plays the open clip called name: a clip's own name
// (a BFRES animation), its label ("file › name"), or its file's name with
// or without the extension (a BCK, a JBA). Joint clips are looked for
// first. A name nothing has is a warning.
func (r *rig) selectClipNamed(name string) {
	var texHit [2]int
	texFound := false
	for fi, f := range r.ses.files {
		for ci, c := range f.asset.Clips {
			if !clipCalled(f, c, name) {
				continue
			}
			if !isTexClip(c) && !isMaterialClip(c) {
				r.setClip(fi, ci)
				r.frameNamed()
				return
			}
			if !texFound {
				texHit, texFound = [2]int{fi, ci}, true
			}
		}
	}
	if texFound {
		r.setClip(texHit[0], texHit[1])
		r.frameNamed()
		return
	}
	r.msgs.notify(viewmodel.Warning, "--clip: no open animation named %q (have %s)", name, r.clipNames())
}

// maxClipNames bounds the names the --clip warning lists (a BotW
// animation file has over a hundred).
const maxClipNames = 20

// clipNames lists the open animations by the names --clip takes (each
// once, joint clips first), for a warning that says what there is.
func (r *rig) clipNames() string {
	var names []string
	seen := map[string]bool{}
	for _, joints := range []bool{true, false} {
		for _, f := range r.ses.files {
			for _, c := range f.asset.Clips {
				if isJoint := !isTexClip(c) && !isMaterialClip(c); isJoint != joints {
					continue
				}
				n := pairing.ClipName(f.path, c)
				if n == "" || seen[n] {
					continue
				}
				seen[n] = true
				names = append(names, n)
			}
		}
	}
	switch {
	case len(names) == 0:
		return "none"
	case len(names) > maxClipNames:
		return fmt.Sprintf("%s, … %d more", strings.Join(names[:maxClipNames], ", "), len(names)-maxClipNames)
	}
	return strings.Join(names, ", ")
}

// frameNamed poses the clip --clip named and frames the view on it, as
// the viewer frames the clip it opens on and render --clip frames it
// (Galaxy's fish boss, opened on BattleStart's wide circle, showed --clip
// Swim small in the corner of that circle's frame).
func (r *rig) frameNamed() {
	r.frame.remeasure()
	r.evaluate()
	r.frame.frameScene(true)
}

// clipCalled reports whether clip c of file f answers to name.
func clipCalled(f *File, c *anim.Clip, name string) bool {
	base := filepath.Base(f.name)
	if i := strings.LastIndex(f.name, " › "); i >= 0 {
		base = f.name[i+len(" › "):]
	}
	base = path.Base(base)
	return c.Name == name || f.name+" › "+c.Name == name ||
		len(f.asset.Clips) == 1 && (base == name || strings.TrimSuffix(base, path.Ext(base)) == name)
}
