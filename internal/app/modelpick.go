// Which model opened files show first (pickModel): the pairer's choice
// of model, apart from its choice of clips (pairing.go, clipchoice.go).

package app

import (
	"github.com/animscope/animscope/formats/pairing"
)

// pickModel chooses the model among the files opened from index first: a
// file that only holds skeletons (a BMD, an FMDL-only .bfres, a skeleton
// sidecar) wins over a skeleton that came with animations (a JBA's
// inferred Biped hierarchy, a .bfres holding both), so a model given
// alongside an animation is the one used. Then the model that more of
// the joint animations opened from outside its own file and archive fit
// (outsideFits: Wind Waker keeps Link's body clips in LkAnm.arc, apart
// from Link.arc's cl.bdl and its effect models). Between files (an
// archive's entries), a model with an animation named after it wins (a
// course archive's mariotree1.bmd beside mariotree1_wait.bck); within a
// file,
// the largest skeleton (a .bfres's 135-bone character, not the 1-bone
// prop beside it).
func (r pairer) pickModel(first int) (fi, si int, ok bool) {
	type pick struct {
		file, skel, joints, outside int
		own, named                  bool
	}
	best := pick{file: -1}
	better := func(p pick) bool {
		switch {
		case best.file < 0:
			return true
		case p.own != best.own:
			return p.own
		case p.outside != best.outside:
			return p.outside > best.outside
		case p.file != best.file && p.named != best.named:
			return p.named
		case p.joints != best.joints:
			return p.joints > best.joints
		}
		return p.named && !best.named
	}
	for i := first; i < len(r.ses.files); i++ {
		as := r.ses.files[i].asset
		for k, sk := range as.Skeletons {
			p := pick{file: i, skel: k, joints: len(sk.Joints), own: !hasJointClip(as), named: r.hasNamedAnim(i, k, first), outside: r.outsideFits(i, k, first)}
			if better(p) {
				best = p
			}
		}
	}
	if best.file >= 0 && !best.own && r.skel != nil && r.newClipsFit(first) {
		// An animation file with its own copy of the skeleton (BotW's
		// "Skeleton" FMDL) opened onto a model it fits: keep the model.
		return -1, -1, false
	}
	return best.file, best.skel, best.file >= 0
}

// newClipsFit reports whether the first joint clip among the files opened
// from index first fits the model in use.
func (r pairer) newClipsFit(first int) bool {
	for i := first; i < len(r.ses.files); i++ {
		for _, c := range r.ses.files[i].asset.Clips {
			if isJointClip(c) {
				return r.fits(c)
			}
		}
	}
	return false
}

// hasNamedAnim reports whether skeleton si of file fi has an animation
// named after it among the files opened from index first.
// It reads the pairing's candidates in place: pickModel asks it of every
// skeleton opened, each offered every clip of a flat folder.
func (r pairer) hasNamedAnim(fi, si, first int) bool {
	pc := r.pairs()
	for _, sug := range pc.pairing.Suggestions {
		if pc.modelOf[sug.Model] != [2]int{fi, si} {
			continue
		}
		for _, c := range sug.Candidates {
			if c.Reason == pairing.SameName && pc.animOf[c.Anim] >= first {
				return true
			}
		}
	}
	return false
}

// outsideFits counts the joint animations opened from index first that
// fit skeleton si of file fi and lie outside its file and archive: paired
// with it for a reason ranked after the same archive (the same
// directory, bone names, joint count), from a file without a model of
// its own, and not named after another open model (a course archive's mariotree1_wait.bca is the tree's, whatever
// else has one joint).
func (r pairer) outsideFits(fi, si, first int) int {
	n := 0
	for _, c := range r.candidates(fi, si) {
		if c.file < first || !c.fits || pairing.Rank(c.reason) <= pairing.Rank(pairing.SameArchive) ||
			!isJointClip(r.ses.files[c.file].asset.Clips[c.clip]) {
			continue
		}
		if len(r.ses.files[c.file].asset.Skeletons) > 0 {
			continue // a file with a model of its own keeps its clips for it (SMO's BombHei.szs)
		}
		if r.ownedElsewhere(c.file, c.clip, fi) {
			continue
		}
		n++
	}
	return n
}
