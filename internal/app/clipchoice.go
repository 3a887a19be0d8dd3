package app

import (
	"cmp"
	"path/filepath"
	"slices"
	"strings"

	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/internal/viewmodel"
)

// The texture clip and the material clips that play beside the model's
// joint clip are chosen by the joint clips' ranking (formats.Pair): a
// clip in the model's own file, then one named after the model
// (formats.NamedAfter: minigamebombhei_battle.bmd ↔
// minigamebombhei_battle.btk and _1p.brk), then one in its archive, then
// one in its directory, then any other. A clip named after another open
// model (minigamearrow.btk beside minigamearrow.bmd) belongs to that
// model and does not play on this one unless the user picks it. Without
// a model every clip is eligible. The choice is made again whenever the
// model changes.

// clipRank orders clips for the model in use; rankOtherModel clips are
// not chosen automatically.
type clipRank int

const (
	rankSameFile clipRank = iota
	rankNamed
	rankArchive
	rankDir
	rankOther
	rankOtherModel
)

// rankFor ranks clip ci of file fi for the model in use.
func (a *App) rankFor(fi, ci int) clipRank {
	if a.skel == nil || a.skelFile < 0 || a.skelFile >= len(a.files) {
		return rankOther
	}
	f, m := a.files[fi], a.files[a.skelFile]
	if fi == a.skelFile {
		return rankSameFile
	}
	switch owner := a.ownerModel(fi, ci); {
	case owner == a.skelFile:
		return rankNamed
	case owner >= 0:
		return rankOtherModel
	case f.archive != "" && f.archive == m.archive:
		return rankArchive
	case filepath.Dir(absPath(containerPath(f))) == filepath.Dir(absPath(containerPath(m))):
		return rankDir
	}
	return rankOther
}

// containerPath is the file on disk holding f: its archive, or itself.
func containerPath(f *File) string {
	if f.archive != "" {
		return f.archive
	}
	return f.path
}

// ownerModel is the open model file that clip ci of file fi is named
// after (formats.NamedAfter), the longest name winning (a_b_wait.btk
// belongs to a_b.bmd rather than a.bmd); -1 when none is.
func (a *App) ownerModel(fi, ci int) int {
	f := a.files[fi]
	c := f.asset.Clips[ci]
	best, bestLen := -1, -1
	for mi, m := range a.files {
		if mi == fi || len(m.asset.Skeletons) == 0 || m.asset.Archive != nil {
			continue
		}
		if !formats.NamedAfter(f.path, c.Name, m.path) {
			continue
		}
		if n := len(stemOf(m.path)); n > bestLen {
			best, bestLen = mi, n
		}
	}
	return best
}

// stemOf is a path's base name (of an ARCHIVE:ENTRY path, the entry's)
// up to its first dot.
func stemOf(p string) string {
	b := filepath.Base(strings.ReplaceAll(p, `\`, "/"))
	if i := strings.LastIndexByte(b, ':'); i >= 0 {
		b = b[i+1:]
	}
	if i := strings.IndexByte(b, '.'); i >= 0 {
		b = b[:i]
	}
	return b
}

// rankedClip is a texture or material clip with its rank.
type rankedClip struct {
	file, clip int
	rank       clipRank
}

// rankedClips lists the eligible clips among the files from index first
// that want selects, best first (rank, then file order).
func (a *App) rankedClips(first int, want func(fi, ci int) bool) []rankedClip {
	var out []rankedClip
	for fi := first; fi < len(a.files); fi++ {
		for ci := range a.files[fi].asset.Clips {
			if !want(fi, ci) {
				continue
			}
			if r := a.rankFor(fi, ci); r != rankOtherModel {
				out = append(out, rankedClip{fi, ci, r})
			}
		}
	}
	slices.SortStableFunc(out, func(x, y rankedClip) int { return cmp.Compare(x.rank, y.rank) })
	return out
}

func (a *App) isTex(fi, ci int) bool {
	c := a.files[fi].asset.Clips[ci]
	return !isMaterialClip(c) && isTexClip(c)
}

func (a *App) isMat(fi, ci int) bool { return isMaterialClip(a.files[fi].asset.Clips[ci]) }

// chooseTex puts the best-ranked texture clip among the files from index
// first in the texture slot. With none there, rechoose (the model
// changed) picks among all files, and clears the slot when nothing is
// eligible; otherwise the playing clip stays.
func (a *App) chooseTex(first int, rechoose bool) {
	if r := a.rankedClips(first, a.isTex); len(r) > 0 {
		a.setClip(r[0].file, r[0].clip)
		return
	}
	if !rechoose {
		return
	}
	if r := a.rankedClips(0, a.isTex); len(r) > 0 {
		if a.play.tex == nil || a.play.tex.file != r[0].file || a.play.tex.clipIdx != r[0].clip {
			focus := a.play.focus // the timeline stays on the clip it showed
			a.setClip(r[0].file, r[0].clip)
			if a.play.slotOf(focus) != nil {
				a.play.focus = focus
			}
		}
		return
	}
	if a.play.tex != nil {
		a.play.tex = nil
		if a.play.focus == viewmodel.TexSlot {
			a.play.focus = viewmodel.JointSlot
		}
	}
}

// chooseMaterials puts the eligible material clips of the files from
// index first in slots. rechoose (the model changed) chooses again among
// all files: slots of clips no longer eligible go, the others keep their
// mute and offset, and the slots are in rank order.
func (a *App) chooseMaterials(first int, rechoose bool) {
	if !rechoose {
		for _, r := range a.rankedClips(first, a.isMat) {
			a.setClip(r.file, r.clip)
		}
		a.play.syncClocks()
		return
	}
	m := &a.play.mat
	oldSel, selSlot, focusSlot := m.sel, a.play.materialSlot(viewmodel.MatSlot0+viewmodel.Slot(m.sel.Clip)), a.play.materialSlot(a.play.focus)
	old := m.slots
	m.slots = nil
	for _, r := range a.rankedClips(0, a.isMat) {
		i := slices.IndexFunc(old, func(s *slot) bool { return s.file == r.file && s.clipIdx == r.clip })
		switch {
		case i >= 0:
			m.slots = append(m.slots, old[i])
		case len(m.slots) < maxMaterialSlots:
			a.setClip(r.file, r.clip) // appends
		}
	}
	m.sel = viewmodel.MatRef{Target: a.firstColorTarget()}
	if i := slices.Index(m.slots, selSlot); selSlot != nil && i >= 0 {
		m.sel = viewmodel.MatRef{Clip: i, Target: oldSel.Target}
	}
	if focusSlot != nil {
		a.play.focus = viewmodel.JointSlot
		if i := slices.Index(m.slots, focusSlot); i >= 0 {
			a.play.focus = viewmodel.MatSlot0 + viewmodel.Slot(i)
		}
	}
	a.play.syncClocks()
}
