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

// reloadChanged reloads every open file read from one of the paths on
// disk (absolute): a file, an archive, a texture file beside a model.
func (a *App) reloadChanged(paths []string) {
	var keys []string
	for _, f := range a.ses.files {
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
		a.reload(k, true)
	}
}

// openedKey is the key a file opened from path p would have (see
// File.key), and whether one of the open files has it.
func (a *App) openedKey(p string) (string, bool) {
	file, inner := SplitArchivePath(p)
	key := absPath(file)
	if inner != "" {
		key += ":" + inner
	}
	for _, f := range a.ses.files {
		if f.key == key {
			return key, true
		}
	}
	return key, false
}

// reload reads again the files one Open brought in under key and puts
// them in place of the open ones, saying so when say is set (a folder
// opened again counts its reloads instead); false when the new version
// did not open (the old one stays, and an error says why).
func (a *App) reload(key string, say bool) bool {
	var group []int
	for i, f := range a.ses.files {
		if f.key == key {
			group = append(group, i)
		}
	}
	if len(group) == 0 {
		return false
	}
	first := a.ses.files[group[0]]
	loaded, err := LoadFiles(first.opened)
	if err != nil {
		a.Notify(viewmodel.Error, "reloading %s failed, the open version stays: %v", first.name, err)
		return false
	}
	a.replaceFiles(group, loaded)
	if say {
		a.Notify(viewmodel.Info, "reloaded %s", first.name)
	}
	return true
}

// replaceFiles puts loaded where the open files group (indices, in
// order) were, and moves what played from them onto their new versions.
func (a *App) replaceFiles(group []int, loaded []*File) {
	old := a.ses.files
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
	a.ses.files = files
	for _, f := range loaded {
		a.noteNewWarnings(f, old, remap, files)
		a.msgs.noteBroken(f)
		for _, c := range f.asset.Clips {
			c.SetRuntime(a.play.mat.runtime)
		}
	}

	t := &a.play
	oldJoint := t.joint
	t.joint = a.reslot(t.joint, old, remap)
	t.tex = a.reslot(t.tex, old, remap)
	mats := t.mat.slots[:0]
	for _, s := range t.mat.slots {
		if ns := a.reslot(s, old, remap); ns != nil {
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
	a.remodel(old, remap)
	if a.cmp.clip != nil && oldJoint != nil && a.cmp.clip == oldJoint.clip && t.joint != nil {
		a.cmp.clip = t.joint.clip // the comparison goes on with the new version
	}

	a.rig.rebind()
	a.rig.clampSelection()
	t.syncClocks()
	a.Evaluate()
}

// reslot is slot s after the files were replaced: the same clip (by
// position and name, else by name) of its file's new version, with the
// user's loop mode, mute and offset; nil when the clip is gone.
func (a *App) reslot(s *slot, old []*File, remap []int) *slot {
	if s == nil || s.file >= len(remap) || remap[s.file] < 0 {
		return nil
	}
	ni := remap[s.file]
	f := a.ses.files[ni]
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
		a.Notify(viewmodel.Warning, "%s: %q is no longer in the file", f.name, s.clip.Name)
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
		fileLoop: c.Loop, clock: anim.NewClock(mode, c.Duration, a.play.speed), muted: s.muted, offset: s.offset}
	ns.clock.Runtime = clipRuntime(c, a.play.mat.runtime)
	ns.pose.Targets = make([]anim.TargetPose, len(c.Targets))
	return ns
}

// remodel keeps the model in use (the same skeleton of the new version
// of its file) and the shapes hidden on its models.
func (a *App) remodel(old []*File, remap []int) {
	r := &a.rig
	if r.skel == nil || r.skelFile < 0 || r.skelFile >= len(remap) {
		return
	}
	ni := remap[r.skelFile]
	if ni < 0 {
		r.skel, r.skelFile, r.skelLabel = nil, -1, ""
		r.sceneReady = false
		return
	}
	of, nf := old[r.skelFile], a.ses.files[ni]
	if of == nf {
		r.skelFile = ni
		return
	}
	si := slices.Index(of.asset.Skeletons, r.skel)
	if si < 0 || si >= len(nf.asset.Skeletons) || nf.asset.Skeletons[si].Name != r.skel.Name {
		si = slices.IndexFunc(nf.asset.Skeletons, func(s *anim.Skeleton) bool { return s.Name == r.skel.Name })
	}
	if si < 0 {
		r.skel, r.skelFile, r.skelLabel = nil, -1, ""
		r.sceneReady = false
		return
	}
	// The shapes hidden on the old models, on the new ones of the same
	// place in the file.
	for mi, m := range of.asset.Models {
		if h, ok := r.hidden[m]; ok {
			delete(r.hidden, m)
			if mi < len(nf.asset.Models) && len(nf.asset.Models[mi].Shapes) == len(h) {
				r.hidden[nf.asset.Models[mi]] = h
			}
		}
	}
	r.skel, r.skelFile = nf.asset.Skeletons[si], ni
	r.skelLabel = nf.name
	if len(nf.asset.Skeletons) > 1 && r.skel.Name != "" {
		r.skelLabel += " › " + r.skel.Name
	}
	// The camera stays where the user put it; the scene is measured again
	// for the grid and R.
	r.sceneReady = false
}

// noteNewWarnings reports the warnings of a reloaded file that its old
// version did not have (the others are in Messages already).
func (a *App) noteNewWarnings(f *File, old []*File, remap []int, files []*File) {
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
	a.msgs.noteWarnings(f)
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
