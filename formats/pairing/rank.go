package pairing

import (
	"slices"

	"github.com/animscope/animscope/anim"
)

// Pairing reasons, in rank order (Rank): the one ranking of an
// animation for a model that the viewer, sample, render, export and the
// export batch share.
const (
	// SameFile: the animation is stored in the model's own file (a .bfres
	// holding an FMDL and its FSKAs, a JBA and the skeleton its Biped bone
	// names imply): the file's own pairing.
	SameFile      = "same file"
	SameName      = "named after the model"
	SameArchive   = "same archive"
	SameDirectory = "same directory"
	// MatchingBoneNames: the clip's named joint targets are (almost) all
	// bones of the skeleton — how a BFRES *_Animation file finds its model
	// elsewhere.
	MatchingBoneNames  = "matching bone names"
	MatchingJointCount = "matching joint count"
)

// reasons are the pairing reasons, best first.
var reasons = [...]string{SameFile, SameName, SameArchive, SameDirectory, MatchingBoneNames, MatchingJointCount}

// Rank is a reason's place in the ranking, 0 the best; a reason that is
// none of them ranks after all.
func Rank(reason string) int {
	for i, r := range reasons {
		if r == reason {
			return i
		}
	}
	return len(reasons)
}

// Reason is why clip c of the animation source a goes with model m (its
// skeleton sk), or "" when nothing pairs them: the first that holds of
// the same file, a name after the model (NamedAfter), the same archive,
// the same directory, then, for a joint clip and a skeleton, matching
// bone names and matching joint count. With sk nil (a texture or
// material clip's choice) the last two are not asked.
func Reason(a *Source, c *anim.Clip, m *Source, sk *anim.Skeleton) string {
	if r := placeReason(a, m, NamedAfter(a.Name(), c.Name, m.Name())); r != "" || sk == nil {
		return r
	}
	return skeletonReason(bonesMatch(c, sk), JointTargets(c) == len(sk.Joints))
}

// placeReason is Reason from where a and m are and whether a's file or
// clip is named after m (named: NamedAfter): same file, named after the
// model, same archive, same directory; "" when only the skeleton can
// pair them.
func placeReason(a, m *Source, named bool) string {
	switch {
	case a.Path == m.Path:
		return SameFile
	case named:
		return SameName
	case m.Archive != "" && a.Archive == m.Archive:
		return SameArchive
	case a.Dir == m.Dir:
		return SameDirectory
	}
	return ""
}

// skeletonReason is Reason for a joint clip placed nowhere near the
// model: its bones match the skeleton's (bonesMatch), else its joint
// count equals the skeleton's.
func skeletonReason(bones, count bool) string {
	switch {
	case bones:
		return MatchingBoneNames
	case count:
		return MatchingJointCount
	}
	return ""
}

// SideReason is why texture or material clip c of a plays beside model m's
// joint clip, or "" when it does not. Such clips stay within their game:
// the model's own file and a name after the model (as the games name
// them: minigamebombhei_battle.bmd ↔ minigamebombhei_battle_1p.brk) always
// qualify; otherwise a clip inside an archive goes only with models of
// that archive and a model inside one takes only its clips, a clip in a file that holds a model of its own (among
// models) only with that one, and a loose clip-only file with models in
// its directory. A clip named after another of models (minigamearrow.btk
// beside minigamearrow.bmd) belongs to that one.
func SideReason(a *Source, c *anim.Clip, m *Source, models []*Source) string {
	return sideReason(a, m, Reason(a, c, m, nil), slices.ContainsFunc(models, func(o *Source) bool { return o.Path == a.Path }), OwnerModel(a, c, models))
}

// sideReason is SideReason from clip c of a's Reason for m without a
// skeleton, whether a's file holds one of the models (ownModel), and the
// model c is named after (OwnerModel): neither of the last two depends
// on m, so pairing works them out once per clip.
func sideReason(a, m *Source, reason string, ownModel bool, owner *Source) string {
	switch reason {
	case SameFile, SameName:
		return reason
	case "":
		return ""
	}
	if (a.Archive != "" || m.Archive != "") && reason != SameArchive {
		return "" // an archive's clips and models keep to themselves
	}
	if ownModel {
		return "" // its own file's model is the one it animates
	}
	if owner != nil && owner.Path != m.Path {
		return ""
	}
	return reason
}

// OwnerModel is the model among models that clip c of a is named after
// (NamedAfter), the longest name winning (a_b_wait.btk belongs to a_b.bmd
// rather than a.bmd); nil when none is. a itself is never its own owner.
func OwnerModel(a *Source, c *anim.Clip, models []*Source) *Source {
	var best *Source
	for _, m := range models {
		if m.Path == a.Path || !NamedAfter(a.Name(), c.Name, m.Name()) {
			continue
		}
		if best == nil || len(nameStem(m.Name())) > len(nameStem(best.Name())) {
			best = m
		}
	}
	return best
}

// bonesMatch reports whether at least 80% (and at least one) of the
// clip's named joint targets name bones of sk.
func bonesMatch(c *anim.Clip, sk *anim.Skeleton) bool {
	return bonesMatchIndexed(c, anim.NewJointIndex(sk, nil))
}

func bonesMatchIndexed(c *anim.Clip, ix *anim.JointIndex) bool {
	named, found := ix.Named(c)
	return named > 0 && 5*found >= 4*named
}
