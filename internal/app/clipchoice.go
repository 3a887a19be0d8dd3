package app

import (
	"cmp"
	"path/filepath"
	"slices"
	"strings"

	"github.com/animscope/animscope/formats/pairing"
	"github.com/animscope/animscope/internal/viewmodel"
)

// The texture clip and the material clips that play beside the model's
// joint clip are the ones the games start with it (pairing.PlaysWith: a
// clip of the joint clip's name, BotW's Face_ and J3D's t prefix, or a
// clip named after the model), among the clips that belong with the
// model by the joint clips' ranking (pairing.SideReason: the model's own
// file, a name after it, its archive, its directory). A clip named after
// another open model (minigamearrow.btk beside minigamearrow.bmd) belongs
// to that model. Of player variants (_1p … _4p) the first plays. Any
// other clip plays only when the user picks it, or gives it on its own
// (File.explicit: on the command line, in a drop), wherever it lies.
// The choice is made again whenever the model or the joint clip changes;
// the clips the user picked stay.

// clipRank orders clips for the model in use: pairing.Rank of the
// pairing reason (same file, named after the model, same archive, same
// directory; no reason ranks after them), and after everything a clip
// named after another open model, which is not chosen automatically.
type clipRank int

// rankOtherModel marks a clip that belongs to another open model.
var rankOtherModel = clipRank(pairing.Rank("") + 1)

// rankFor ranks clip ci of file fi for the model in use.
func (r pairer) rankFor(fi, ci int) clipRank {
	if r.skel == nil || r.skelFile < 0 || r.skelFile >= len(r.ses.files) {
		return clipRank(pairing.Rank(""))
	}
	if r.ownedElsewhere(fi, ci, r.skelFile) {
		return rankOtherModel
	}
	reason := pairing.Reason(r.source(fi), r.ses.files[fi].asset.Clips[ci], r.source(r.skelFile), nil)
	return clipRank(pairing.Rank(reason))
}

// ownedElsewhere reports whether clip ci of file fi is named after an
// open model other than the one in file model (ownerModel; X.sbfres is
// X.bfres again).
func (r pairer) ownedElsewhere(fi, ci, model int) bool {
	owner := r.ownerModel(fi, ci)
	return owner >= 0 && owner != model && fi != model &&
		stemOf(r.ses.files[owner].path) != stemOf(r.ses.files[model].path)
}

// sideRank ranks texture or material clip ci of file fi for the model in
// use by pairing.SideReason, which keeps such clips within their game
// (the model's file, a name after it, its archive; a loose clip file in
// its directory): a clip it does not pair with the model ranks
// rankOtherModel and is not chosen. The clips of the file whose joint
// clip plays go with that clip.
func (r pairer) sideRank(fi, ci int) clipRank {
	if r.skel == nil || r.skelFile < 0 || r.skelFile >= len(r.ses.files) {
		return clipRank(pairing.Rank(""))
	}
	if r.play.joint != nil && r.play.joint.file == fi {
		return clipRank(pairing.Rank(pairing.SameFile))
	}
	reason := pairing.SideReason(r.source(fi), r.ses.files[fi].asset.Clips[ci], r.source(r.skelFile), r.pairs().pairing.Models)
	if reason == "" {
		return rankOtherModel
	}
	return clipRank(pairing.Rank(reason))
}

// ownerModel is the open model file that clip ci of file fi is named
// after (pairing.NamedAfter), the longest name winning (a_b_wait.btk
// belongs to a_b.bmd rather than a.bmd); -1 when none is. A file holding
// joint clips is no owner: BotW's X_Animation.bfres carries a copy of
// X's skeleton, and its compressed twin X_Animation.sbfres would
// otherwise own every clip of the first, and the other way round.
func (r pairer) ownerModel(fi, ci int) int {
	f := r.ses.files[fi]
	c := f.asset.Clips[ci]
	best, bestLen := -1, -1
	for mi, m := range r.ses.files {
		if mi == fi || len(m.asset.Skeletons) == 0 || m.asset.Archive != nil || hasJointClip(m.asset) {
			continue
		}
		if !pairing.NamedAfter(f.path, c.Name, m.path) {
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
// that want selects, best first (rank, then file order): the ones the
// user gave on their own, and those that play with the joint clip
// (playsWith), the first of each set of player variants.
func (r pairer) rankedClips(first int, want func(fi, ci int) bool) []rankedClip {
	var out []rankedClip
	for fi := first; fi < len(r.ses.files); fi++ {
		for ci := range r.ses.files[fi].asset.Clips {
			if !want(fi, ci) {
				continue
			}
			if r.ses.files[fi].explicit {
				out = append(out, rankedClip{fi, ci, clipRank(pairing.Rank(pairing.SameFile))})
				continue
			}
			if !r.playsWith(fi, ci) {
				continue
			}
			if rank := r.sideRank(fi, ci); rank != rankOtherModel {
				out = append(out, rankedClip{fi, ci, rank})
			}
		}
	}
	slices.SortStableFunc(out, func(x, y rankedClip) int { return cmp.Compare(x.rank, y.rank) })
	seen := map[variantKey]bool{}
	return slices.DeleteFunc(out, func(c rankedClip) bool {
		k, ok := r.variantKey(c.file, c.clip)
		if !ok {
			return false
		}
		if seen[k] {
			return true
		}
		seen[k] = true
		return false
	})
}

// playsWith reports whether side clip ci of file fi is one the games
// start with the joint clip playing on the model in use
// (pairing.PlaysWith).
func (r pairer) playsWith(fi, ci int) bool {
	f := r.ses.files[fi]
	joint := ""
	if j := r.play.joint; j != nil && j.file < len(r.ses.files) {
		joint = pairing.ClipName(r.ses.files[j.file].path, j.clip)
	}
	model := ""
	if r.skel != nil && r.skelFile >= 0 && r.skelFile < len(r.ses.files) {
		model = r.ses.files[r.skelFile].path
	}
	return pairing.PlaysWith(pairing.ClipName(f.path, f.asset.Clips[ci]), joint, model)
}

// variantKey names a set of player variants (minigamebombhei_battle_1p.brk
// … _4p.brk): one place (archive or directory), one base name, one
// format.
type variantKey struct{ where, base, format string }

// variantKey is the set clip ci of file fi is a variant of; ok false when
// it is no variant.
func (r pairer) variantKey(fi, ci int) (variantKey, bool) {
	f := r.ses.files[fi]
	base, n := pairing.VariantOf(pairing.ClipName(f.path, f.asset.Clips[ci]))
	if n == 0 {
		return variantKey{}, false
	}
	where := f.archive
	if where == "" {
		where = filepath.Dir(absPath(f.path))
	}
	return variantKey{where, strings.ToLower(base), f.asset.Format}, true
}

func (r pairer) isTex(fi, ci int) bool {
	c := r.ses.files[fi].asset.Clips[ci]
	return !isMaterialClip(c) && isTexClip(c)
}

func (r pairer) isMat(fi, ci int) bool { return isMaterialClip(r.ses.files[fi].asset.Clips[ci]) }

// chooseTex puts the best-ranked texture clip among the files from index
// first in the texture slot. With none there, rechoose (the model
// changed) picks among all files, and clears the slot when nothing is
// eligible; otherwise the playing clip stays.
func (r pairer) chooseTex(first int, rechoose bool) {
	if best := r.rankedClips(first, r.isTex); len(best) > 0 {
		r.setClip(best[0].file, best[0].clip)
		return
	}
	if !rechoose || (r.play.tex != nil && r.play.tex.picked) {
		return // the user's pick stays
	}
	if best := r.rankedClips(0, r.isTex); len(best) > 0 {
		if r.play.tex == nil || r.play.tex.file != best[0].file || r.play.tex.clipIdx != best[0].clip {
			focus := r.play.focus // the timeline stays on the clip it showed
			r.setClip(best[0].file, best[0].clip)
			if r.play.slotOf(focus) != nil {
				r.play.focus = focus
			}
		}
		return
	}
	if r.play.tex != nil {
		r.play.tex = nil
		if r.play.focus == viewmodel.TexSlot {
			r.play.focus = viewmodel.JointSlot
		}
	}
}

// chooseMaterials puts the eligible material clips of the files from
// index first in slots. rechoose (the model changed) chooses again among
// all files: slots of clips no longer eligible go, the others keep their
// mute and offset, and the slots are in rank order.
func (r pairer) chooseMaterials(first int, rechoose bool) {
	// A player variant the user picked stands for its set: the first of
	// the set does not join it.
	picked := map[variantKey]bool{}
	for _, s := range r.play.mat.slots {
		if k, ok := r.variantKey(s.file, s.clipIdx); ok && s.picked {
			picked[k] = true
		}
	}
	siblingOfPick := func(c rankedClip) bool {
		k, ok := r.variantKey(c.file, c.clip)
		return ok && picked[k]
	}
	if !rechoose {
		for _, c := range r.rankedClips(first, r.isMat) {
			if !siblingOfPick(c) {
				r.setClip(c.file, c.clip)
			}
		}
		r.play.syncClocks()
		return
	}
	m := &r.play.mat
	oldSel, selSlot, focusSlot := m.sel, r.play.materialSlot(viewmodel.MatSlot0+viewmodel.Slot(m.sel.Clip)), r.play.materialSlot(r.play.focus)
	old := m.slots
	m.slots = nil
	for _, s := range old {
		if s.picked { // the user's picks stay, first
			m.slots = append(m.slots, s)
		}
	}
	for _, c := range r.rankedClips(0, r.isMat) {
		i := slices.IndexFunc(old, func(s *slot) bool { return s.file == c.file && s.clipIdx == c.clip })
		switch {
		case i >= 0 && old[i].picked:
		case siblingOfPick(c):
		case i >= 0:
			m.slots = append(m.slots, old[i])
		case len(m.slots) < maxMaterialSlots:
			r.setClip(c.file, c.clip) // appends
		}
	}
	m.sel = viewmodel.MatRef{Target: r.play.firstColorTarget()}
	if i := slices.Index(m.slots, selSlot); selSlot != nil && i >= 0 {
		m.sel = viewmodel.MatRef{Clip: i, Target: oldSel.Target}
	}
	if focusSlot != nil {
		r.play.focus = viewmodel.JointSlot
		if i := slices.Index(m.slots, focusSlot); i >= 0 {
			r.play.focus = viewmodel.MatSlot0 + viewmodel.Slot(i)
		}
	}
	r.play.syncClocks()
}
