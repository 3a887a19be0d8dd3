package pairing

import (
	"cmp"
	"slices"
	"strings"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/matbind"
)

// Assign gives each paired animation clip one model, the index of its
// Suggestion, for a conversion that writes each clip once (the export
// batch): among the models the clip fits (Fit.Fits), the one where it
// ranks best, then one whose materials a clip playing with it animates
// (PlaysWith: Link.arc's swgripmsab.bck binds by index to fansmall.bdl
// and swgripms.bdl alike, and its tswgripmsab.brk animates swgripms.bdl's
// SWGripMSBMAT), then the one in the clip's own directory, then the one
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
	type score struct{ rank, unbound, far, bound, model int }
	best := map[*anim.Clip]score{}
	partners := p.partnerIndex()
	for si, sug := range p.Suggestions {
		modelFile := !slices.Contains(p.Animations, sug.Model)
		for _, c := range sug.Candidates {
			if !c.Fit.Fits() {
				continue // most of its joints would not move: not its model
			}
			sc := score{Rank(c.Reason), 1, farFrom(c.Anim, sug.Model), c.Fit.Bound(), si}
			if c.Reason == SameName && modelFile {
				sc.rank = Rank(SameFile) - 1
			}
			old, ok := best[c.Clip]
			if ok && sc.rank > old.rank {
				continue
			}
			if partners.bind(ClipName(c.Anim.Path, c.Clip), sug) {
				sc.unbound = 0
			}
			if !ok || cmp.Or(cmp.Compare(sc.rank, old.rank), cmp.Compare(sc.unbound, old.unbound), cmp.Compare(sc.far, old.far), cmp.Compare(old.bound, sc.bound)) < 0 {
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

// partners indexes the texture, material and visibility clips by the
// name of the skeletal clip they play with (PlaysWith without the
// model-name rule), lower case: "swgripmsab" for tswgripmsab.brk,
// "common_sleep" for Common_Sleep and Face_Common_Sleep.
type partners map[string][]*anim.Clip

func (p *Pairing) partnerIndex() partners {
	out := partners{}
	for _, s := range p.Others {
		for _, c := range s.Asset.Clips {
			if JointTargets(c) > 0 || len(c.Targets) == 0 {
				continue
			}
			side := ClipName(s.Path, c)
			base, _ := VariantOf(side)
			lower := strings.ToLower(base)
			keys := []string{lower}
			if f, ok := strings.CutPrefix(lower, "face_"); ok {
				keys = append(keys, f)
			}
			if strings.HasPrefix(side, "t") {
				keys = append(keys, lower[1:])
			}
			for _, k := range keys {
				out[k] = append(out[k], c)
			}
		}
	}
	return out
}

// bind reports whether a clip playing with the skeletal clip named joint
// animates materials of the model sug suggests for.
func (ps partners) bind(joint string, sug Suggestion) bool {
	for _, c := range ps[strings.ToLower(joint)] {
		if animatesMaterials(c, sug) {
			return true
		}
	}
	return false
}

// AssignOthers gives each clip of srcs that animates no joint (texture
// SRT, colour, pattern, visibility) one model, the index of its
// Suggestion, for the export batch: the model for which the clip ranks
// best by Reason without a skeleton — the ranking the viewer chooses
// those clips by for the model in use — with Assign's exception (a model
// file the clip's file is named after comes before the skeleton copy the
// clip's own file carries: BotW's Face_* texture animations in
// Npc_Gerudo_Queen_Animation.bfres drive Npc_Gerudo_Queen.bfres's eyes),
// then a model whose materials the clip animates, then the model in the
// clip's directory, then the first. A clip named for a model as the
// viewer plays it (NamedForModel: Wind Waker's tshms.btk for shms.bdl)
// ranks as named after it. Only the reasons that tie a clip to one model
// count (same file, named after it, same archive); a clip that merely
// shares a directory with models could be any of theirs and is not in
// the map, nor is one that shares an archive with several models and
// animates no material of any (Link.arc holds 54 models: its first is
// not where a stray BTK plays).
func (p *Pairing) AssignOthers(srcs []*Source) map[*anim.Clip]int {
	out := map[*anim.Clip]int{}
	for _, s := range srcs {
		for _, c := range s.Asset.Clips {
			if JointTargets(c) > 0 {
				continue
			}
			name := ClipName(s.Path, c)
			type score struct{ rank, unbound, far int }
			best, bestScore, inArchive := -1, score{}, 0
			for si, sug := range p.Suggestions {
				reason := Reason(s, c, sug.Model, nil)
				if reason != SameFile && NamedForModel(name, sug.Model.Name()) {
					reason = SameName
				}
				rank := Rank(reason)
				if reason == "" || rank > Rank(SameArchive) {
					continue
				}
				if reason == SameName && !slices.Contains(p.Animations, sug.Model) {
					rank = Rank(SameFile) - 1
				}
				if reason == SameArchive {
					inArchive++
				}
				sc := score{rank, 1, farFrom(s, sug.Model)}
				if animatesMaterials(c, sug) {
					sc.unbound = 0
				}
				if best < 0 || cmp.Or(cmp.Compare(sc.rank, bestScore.rank), cmp.Compare(sc.unbound, bestScore.unbound), cmp.Compare(sc.far, bestScore.far)) < 0 {
					best, bestScore = si, sc
				}
			}
			if best >= 0 && !(bestScore.rank == Rank(SameArchive) && bestScore.unbound == 1 && inArchive > 1) {
				out[c] = best
			}
		}
	}
	return out
}

// animatesMaterials reports whether clip c animates a material of the
// model sug suggests for, by name as the games bind them
// (matbind.Material): of its file's models, those its skeleton poses.
func animatesMaterials(c *anim.Clip, sug Suggestion) bool {
	a := sug.Model.Asset
	for _, m := range a.Models {
		if m.Skeleton >= 0 && m.Skeleton < len(a.Skeletons) && a.Skeletons[m.Skeleton] != sug.Skeleton {
			continue
		}
		for i := range c.Targets {
			if matbind.Material(m, &c.Targets[i]) >= 0 {
				return true
			}
		}
	}
	return false
}

// farFrom is 0 when the animation source a is in model m's directory,
// else 1: the tie-break between models one clip ranks equally for.
func farFrom(a, m *Source) int {
	if a.Dir == m.Dir {
		return 0
	}
	return 1
}
