package pairing

import (
	"cmp"
	"slices"

	"github.com/animscope/animscope/anim"
)

// Assign gives each paired animation clip one model, the index of its
// Suggestion, for a conversion that writes each clip once (the export
// batch): among the models the clip fits (Fit.Fits), the one where it
// ranks best, then the one in the clip's own directory, then the one
// binding more of its joints, then the first.
// One exception to the ranking: a model file (holding no animations)
// that the clip's file is named after comes before the skeleton the
// clip's own file carries. The games name an animation file after its
// model and some carry a copy of its skeleton (BotW's
// Npc_Gerudo_Queen_Animation.bfres and its "Skeleton" FMDL; a JBA's
// inferred Biped hierarchy beside walk.skeleton.json), and the viewer,
// with both open, plays the clips on the model file. The directory
// matters between models of one rank: two folders each holding X.bfres
// and X_Animation.bfres make each animation file named after both
// models. A clip that fits no model it is offered to is not in the map.
func (p *Pairing) Assign() map[*anim.Clip]int {
	type score struct{ rank, far, bound, model int }
	best := map[*anim.Clip]score{}
	for si, sug := range p.Suggestions {
		modelFile := !slices.Contains(p.Animations, sug.Model)
		for _, c := range sug.Candidates {
			if !c.Fit.Fits() {
				continue // most of its joints would not move: not its model
			}
			sc := score{Rank(c.Reason), farFrom(c.Anim, sug.Model), c.Fit.Bound(), si}
			if c.Reason == SameName && modelFile {
				sc.rank = Rank(SameFile) - 1
			}
			old, ok := best[c.Clip]
			if !ok || cmp.Or(cmp.Compare(sc.rank, old.rank), cmp.Compare(sc.far, old.far), cmp.Compare(old.bound, sc.bound)) < 0 {
				best[c.Clip] = sc
			}
		}
	}
	out := make(map[*anim.Clip]int, len(best))
	for c, sc := range best {
		out[c] = sc.model
	}
	return out
}

// AssignOthers gives each clip of srcs that animates no joint (texture
// SRT, colour, pattern, visibility) one model, the index of its
// Suggestion, for the export batch: the model for which the clip ranks
// best by Reason without a skeleton — the ranking the viewer chooses
// those clips by for the model in use — with Assign's exception (a model
// file the clip's file is named after comes before the skeleton copy the
// clip's own file carries: BotW's Face_* texture animations in
// Npc_Gerudo_Queen_Animation.bfres drive Npc_Gerudo_Queen.bfres's eyes),
// then the model in the clip's directory, then the first. Only the reasons that tie a clip to one model
// count (same file, named after it, same archive); a clip that merely
// shares a directory with models could be any of theirs and is not in
// the map.
func (p *Pairing) AssignOthers(srcs []*Source) map[*anim.Clip]int {
	out := map[*anim.Clip]int{}
	for _, s := range srcs {
		for _, c := range s.Asset.Clips {
			if JointTargets(c) > 0 {
				continue
			}
			best, bestRank, bestFar := -1, 0, 0
			for si, sug := range p.Suggestions {
				reason := Reason(s, c, sug.Model, nil)
				rank, far := Rank(reason), farFrom(s, sug.Model)
				if reason == "" || rank > Rank(SameArchive) {
					continue
				}
				if reason == SameName && !slices.Contains(p.Animations, sug.Model) {
					rank = Rank(SameFile) - 1
				}
				if best < 0 || cmp.Or(cmp.Compare(rank, bestRank), cmp.Compare(far, bestFar)) < 0 {
					best, bestRank, bestFar = si, rank, far
				}
			}
			if best >= 0 {
				out[c] = best
			}
		}
	}
	return out
}

// farFrom is 0 when the animation source a is in model m's directory,
// else 1: the tie-break between models one clip ranks equally for.
func farFrom(a, m *Source) int {
	if a.Dir == m.Dir {
		return 0
	}
	return 1
}
