package app

import (
	"slices"
	"strconv"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/internal/viewmodel"
)

// A modder edits a file, writes it and looks again: a file that changed
// on disk (watch.go), or is opened again, is read again and put in place
// of the open one. What the user set up stays: the scene time and
// whether it plays, the selection, the camera, a loop mode picked over
// the file's, muting and offsets, the model in use and hidden shapes. A
// version that does not open leaves the open one as it was.

// Reloader puts the new version of an open file in place of the old one:
// a file opened again, or one the watcher (watch.go) reports changed on
// disk. It moves what played from the old version onto the new one
// (slots, the model in use, hidden shapes, the comparison's clip).
type Reloader struct {
	// watch reports the open files that changed on disk (nil: not
	// watching); watched are the files it was last set to.
	watch   *watcher
	watched []*File

	ses      *session
	play     *transport
	rig      *rig
	sel      *selection
	meshes   *meshes
	msgs     *messages
	cmp      *Comparison
	evaluate func() // the frame, after the files were replaced
}

// reloadFailedKey keys the error of a reload that failed (with the
// files' key), so the next successful reload can settle it.
const reloadFailedKey = "reload-failed:"

// changed reloads every open file read from one of the paths on disk
// (absolute): a file, an archive, a texture file beside a model.
func (rl *Reloader) changed(paths []string) {
	var keys []string
	for _, f := range rl.ses.files {
		if f.key == "" || slices.Contains(keys, f.key) {
			continue
		}
		for _, d := range f.deps {
			if slices.Contains(paths, d) {
				keys = append(keys, f.key)
				break
			}
		}
	}
	for _, k := range keys {
		rl.reload(k, true)
	}
}

// reload reads again the files one Open brought in under key and puts
// them in place of the open ones, saying so when say is set (a folder
// opened again counts its reloads instead); false when the new version
// did not open (the old one stays, and an error says why).
func (rl *Reloader) reload(key string, say bool) bool {
	var group []int
	for i, f := range rl.ses.files {
		if f.key == key {
			group = append(group, i)
		}
	}
	if len(group) == 0 {
		return false
	}
	first := rl.ses.files[group[0]]
	loaded, err := LoadFiles(first.opened)
	if err != nil {
		rl.msgs.notifyKeyed(viewmodel.Error, reloadFailedKey+key, "", "reloading %s failed, the open version stays: %v", first.name, err)
		return false
	}
	// The version that failed is gone: its error stays in Messages but
	// no longer stands over the view as if it still held.
	rl.msgs.settle(reloadFailedKey + key)
	rl.replaceFiles(group, loaded)
	if say {
		rl.msgs.notify(viewmodel.Info, "reloaded %s", first.name)
	}
	return true
}

// replaceFiles puts loaded where the open files group (indices, in
// order) were, and moves what played from them onto their new versions.
func (rl *Reloader) replaceFiles(group []int, loaded []*File) {
	old := rl.ses.files
	byPath := map[string]int{}
	for j, f := range loaded {
		byPath[f.path] = j
	}
	// remap takes an old index to the new one (-1: gone from the file).
	remap := make([]int, len(old))
	files := make([]*File, 0, len(old)-len(group)+len(loaded))
	for i, f := range old {
		if i == group[0] {
			base := len(files)
			files = append(files, loaded...)
			for _, g := range group {
				remap[g] = -1
				if j, ok := byPath[old[g].path]; ok {
					remap[g] = base + j
				}
			}
		}
		if !slices.Contains(group, i) {
			remap[i] = len(files)
			files = append(files, f)
		}
	}
	rl.ses.files = files
	for _, f := range loaded {
		rl.noteNewWarnings(f, old, remap, files)
		rl.msgs.noteBroken(f)
		for _, c := range f.asset.Clips {
			c.SetRuntime(rl.play.mat.runtime)
		}
	}

	t := rl.play
	oldJoint := t.joint
	t.joint = rl.reslot(t.joint, old, remap)
	t.tex = rl.reslot(t.tex, old, remap)
	mats := t.mat.slots[:0]
	for _, s := range t.mat.slots {
		if ns := rl.reslot(s, old, remap); ns != nil {
			mats = append(mats, ns)
		}
	}
	clear(t.mat.slots[len(mats):])
	t.mat.slots = mats
	if t.mat.sel.Clip >= len(mats) {
		t.mat.sel = viewmodel.MatRef{Target: t.firstColorTarget()}
	}
	if t.materialSlot(t.focus) == nil && t.focus >= viewmodel.MatSlot0 {
		t.focus = viewmodel.JointSlot
	}
	if of, nf := rl.rig.remodel(old, remap); of != nil {
		rl.meshes.moveHidden(of, nf)
	}
	if rl.cmp.clip != nil && oldJoint != nil && rl.cmp.clip == oldJoint.clip && t.joint != nil {
		rl.cmp.clip = t.joint.clip // the comparison goes on with the new version
	}

	rl.rig.rebind()
	rl.sel.clamp()
	t.syncClocks()
	rl.evaluate()
}

// reslot is slot s after the files were replaced: the same clip (by
// position and name, else by name) of its file's new version, with the
// user's loop mode, mute and offset; nil when the clip is gone.
func (rl *Reloader) reslot(s *slot, old []*File, remap []int) *slot {
	if s == nil || s.file >= len(remap) || remap[s.file] < 0 {
		return nil
	}
	ni := remap[s.file]
	f := rl.ses.files[ni]
	if f == old[s.file] {
		s.file = ni
		return s
	}
	ci := -1
	if s.clipIdx < len(f.asset.Clips) && f.asset.Clips[s.clipIdx].Name == s.clip.Name {
		ci = s.clipIdx
	} else {
		ci = slices.IndexFunc(f.asset.Clips, func(c *anim.Clip) bool { return c.Name == s.clip.Name })
	}
	if ci < 0 {
		rl.msgs.notify(viewmodel.Warning, "%s: %q is no longer in the file", f.name, s.clip.Name)
		return nil
	}
	c := f.asset.Clips[ci]
	if isMaterialClip(c) != isMaterialClip(s.clip) || isTexClip(c) != isTexClip(s.clip) {
		return nil // another kind of clip now: it would play in another slot
	}
	mode := c.Loop
	if s.clock.Mode != s.fileLoop {
		mode = s.clock.Mode // the user's choice over the file's
	}
	ns := &slot{file: ni, clipIdx: ci, clip: c, label: slotLabel(f, c), key: clipKey(f, ci), formatLabel: formats.DisplayName(f.asset.Format),
		fileLoop: c.Loop, clock: anim.NewClock(mode, c.Duration, rl.play.speed), muted: s.muted, offset: s.offset}
	ns.clock.Runtime = clipRuntime(c, rl.play.mat.runtime)
	ns.pose.Targets = make([]anim.TargetPose, len(c.Targets))
	return ns
}

// noteNewWarnings reports the warnings of a reloaded file that its old
// version did not have (the others are in Messages already).
func (rl *Reloader) noteNewWarnings(f *File, old []*File, remap []int, files []*File) {
	var before []string
	for i, o := range old {
		if remap[i] >= 0 && files[remap[i]] == f {
			before = o.asset.Warnings
		}
	}
	var fresh []string
	for _, w := range f.asset.Warnings {
		if !slices.Contains(before, w) {
			fresh = append(fresh, w)
		}
	}
	if len(fresh) == 0 {
		return
	}
	ws := f.asset.Warnings
	f.asset.Warnings = fresh
	rl.msgs.noteWarnings(f)
	f.asset.Warnings = ws
}

// slotLabel names clip c of file f on the timeline and in the title.
func slotLabel(f *File, c *anim.Clip) string {
	if len(f.asset.Clips) > 1 && c.Name != "" {
		return f.name + " › " + c.Name
	}
	return f.name
}

// clipKey names clip ci of file f across reloads: the file as opened and
// the clip's name (its place in the file when it has none).
func clipKey(f *File, ci int) string {
	c := f.asset.Clips[ci]
	if c.Name != "" {
		return f.path + "\x00" + c.Name
	}
	return f.path + "\x00#" + strconv.Itoa(ci)
}
