// Package pairing is the one rule that decides which model an animation
// plays on: the ranking of an animation for a model (same file, named
// after the model, same archive, same directory, matching bone names,
// matching joint count), whether a clip fits a skeleton, each clip's model
// in a batch, and the model that stands for a file holding several. The
// viewer, sample, render, export and the export batch all ask it, so they
// cannot disagree. It reads only opened assets; the registry (formats)
// knows nothing of it.
package pairing

import (
	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
)

// Pairing lists the models and skeletal animations among some sources
// and, per model, the animations to offer for it.
type Pairing struct {
	Models      []*Source
	Animations  []*Source // files with at least one clip animating joints
	Suggestions []Suggestion
	// Others are the files whose clips animate no joint (texture SRT,
	// colour, texture pattern, visibility): they play beside a model's
	// joint clip (Suggestion.Side).
	Others []*Source
}

// Suggestion is the ranked list of animations for one model.
type Suggestion struct {
	Model      *Source
	Skeleton   *anim.Skeleton
	Candidates []Candidate
	// Side are the texture and material clips that go with the model
	// (SideReason), best first: what plays beside its joint clip.
	Side []Candidate
}

// Candidate is an animation offered for a model.
type Candidate struct {
	Anim   *Source
	Clip   *anim.Clip
	Reason string // one of the pairing reasons (Rank)
	// Fit is what ranking and assigning ask of the clip bound to the
	// model's skeleton: whether it suits the model (Fits) and how many
	// joints it drives. The binding itself, what binds and what does not
	// and why, is made when asked (Binding, Warnings): a folder of
	// thousands of clips, each with a bone list of its own, would
	// otherwise hold one binding per model and clip.
	Fit FitCounts
	// rig makes and keeps the binding (nil for a texture or material
	// clip, which binds to no joint); sig is the clip's bone list
	// (bindSignatures).
	rig *rigFits
	sig int32
}

// FitCounts are a Fit's counts without its binding, small: a folder's
// pairing holds one per model and clip.
type FitCounts struct {
	animated, bound int32 // the clip's joint targets (JointTargets); the joints they drive
	fits            bool
}

// Bound counts the joints the clip drives (Binding.Bound).
func (f FitCounts) Bound() int { return int(f.bound) }

// Fits reports whether the clip suits the skeleton (Fit.Fits).
func (f FitCounts) Fits() bool { return f.fits }

// countsOf are fit's counts.
func countsOf(fit Fit) FitCounts {
	return FitCounts{animated: int32(fit.Animated), bound: int32(fit.Bound()), fits: fit.Fits()}
}

// Binding is the clip bound to the model's skeleton (FitClip), made on
// the first ask and kept for the candidates of the same rig and bone
// list, which share its slices: read them, never write them. A texture
// or material clip's is empty. Safe for concurrent use.
func (c Candidate) Binding() Fit {
	if c.rig == nil {
		return Fit{}
	}
	return c.rig.binding(c.Clip, c.sig)
}

// Warnings are the binding's issues as text (for J3D, a joint-count
// mismatch naming both counts; the clip still plays on the joints that
// exist), made as Binding is.
func (c Candidate) Warnings() []string { return c.Binding().Warnings }

// JointTargets counts the clip's joint targets.
func JointTargets(c *anim.Clip) int {
	n := 0
	for i := range c.Targets {
		if c.Targets[i].Kind == anim.JointTarget {
			n++
		}
	}
	return n
}

// fitTargets counts the joint targets that judge which skeleton the clip
// suits (Fit.Animated): all but the helper bones no skeleton of its
// file holds (anim.Target.Helper), which drive nothing anywhere.
func fitTargets(c *anim.Clip) int {
	n := 0
	for i := range c.Targets {
		if c.Targets[i].Kind == anim.JointTarget && !c.Targets[i].Helper {
			n++
		}
	}
	return n
}

// Pair suggests animations for every model among srcs, ranked by
// Reason: the model's own file first, then animations named after the
// model (the games name them so: mariotree1.bmd ↔ mariotree1_wait.bck),
// then those in the model's own archive, then those in the same
// directory, then those naming its bones (MatchingBoneNames), then any
// other whose joint count equals the skeleton's. Within a rank, paths
// are in order. A source holding several skeletons is paired through
// its DefaultSkeleton.
func Pair(srcs []*Source) *Pairing {
	p := &Pairing{}
	for _, s := range srcs {
		if len(s.Asset.Skeletons) > 0 {
			p.Models = append(p.Models, s)
		}
		joints, others := false, false
		for _, c := range s.Asset.Clips {
			if JointTargets(c) > 0 {
				joints = true
			} else if len(c.Targets) > 0 {
				others = true
			}
		}
		if joints {
			p.Animations = append(p.Animations, s)
		}
		if others {
			p.Others = append(p.Others, s)
		}
	}
	// Every clip is asked of every model: what the rule wants of a clip,
	// a file or a skeleton is worked out once, names are numbered once
	// (anim.BindCache), a clip is counted against a rig once per bone list
	// and bound only when a candidate asks (Candidate.Binding), and the
	// candidates come out in rank order without sorting (clipFactsOf).
	cache := &anim.BindCache{}
	jointClips := clipFactsOf(p.Animations, func(c *anim.Clip) bool { return JointTargets(c) > 0 })
	for i := range jointClips {
		f := &jointClips[i]
		info := formats.ClipInfo(f.clip)
		f.bind, f.indexed = info.Bind, info.BindIndexed
	}
	sideClips := clipFactsOf(p.Others, func(c *anim.Clip) bool { return JointTargets(c) == 0 && len(c.Targets) > 0 })
	modelPaths := map[string]bool{}
	for _, m := range p.Models {
		modelPaths[m.Path] = true
	}
	for i := range sideClips {
		f := &sideClips[i]
		f.ownModel, f.owner = modelPaths[f.src.Path], OwnerModel(f.src, f.clip, p.Models)
	}
	sigs := bindSignatures(jointClips)
	namesBySig(jointClips, sigs)
	rigs := newRigs(p.Models, sigs, &binder{})
	var byRank [len(reasons)][]Candidate
	for mi, m := range p.Models {
		sk := m.Asset.Skeletons[DefaultSkeleton(m.Asset.Skeletons)]
		sug := Suggestion{Model: m, Skeleton: sk}
		stem := nameStem(m.Name())
		ix := anim.NewJointIndex(sk, cache)
		fits := rigs[mi]
		for i := range jointClips {
			f := &jointClips[i]
			reason := placeReason(f.src, m, namedAfter(f.fileStem, f.name, stem))
			if reason == "" {
				reason = skeletonReason(bonesMatchIndexed(f.clip, ix), f.joints == len(sk.Joints))
				if reason == "" {
					continue
				}
			}
			r := Rank(reason)
			byRank[r] = append(byRank[r], Candidate{Anim: f.src, Clip: f.clip, Reason: reason, Fit: fits.count(f, ix), rig: fits, sig: int32(f.sig)})
		}
		sug.Candidates = concatRanks(&byRank)
		fits.done()
		for i := range sideClips {
			f := &sideClips[i]
			reason := sideReason(f.src, m, placeReason(f.src, m, namedAfter(f.fileStem, f.name, stem)), f.ownModel, f.owner)
			if reason != "" {
				r := Rank(reason)
				byRank[r] = append(byRank[r], Candidate{Anim: f.src, Clip: f.clip, Reason: reason})
			}
		}
		sug.Side = concatRanks(&byRank)
		p.Suggestions = append(p.Suggestions, sug)
	}
	return p
}

// concatRanks joins the candidates of each rank, best first, and empties
// the lists for the next model; nil when there are none (as appending
// none gives).
func concatRanks(byRank *[len(reasons)][]Candidate) []Candidate {
	n := 0
	for _, l := range byRank {
		n += len(l)
	}
	if n == 0 {
		return nil
	}
	out := make([]Candidate, 0, n)
	for r, l := range byRank {
		out = append(out, l...)
		clear(l)
		byRank[r] = l[:0]
	}
	return out
}
