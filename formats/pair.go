package formats

import (
	"cmp"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/animscope/animscope/anim"
)

// Source is one opened file, loose or inside an archive, as the pairing
// sees it.
type Source struct {
	// Path addresses the file the way the CLI does: "dir/walk.bck" or
	// "dir/biped.szs:biped/bck/walk.bck".
	Path string
	// Archive is the archive file holding it ("" for a loose file) and
	// Entry its path inside that archive.
	Archive, Entry string
	// Dir is the directory of the file, or of its archive.
	Dir   string
	Asset *Asset
}

// Name is the file's own name: the entry path inside an archive, else the
// path.
func (s *Source) Name() string {
	if s.Entry != "" {
		return s.Entry
	}
	return s.Path
}

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
		info := ClipInfo(f.clip)
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

// clipFacts is what the pairing rule asks of one clip and its file,
// worked out once for all models.
type clipFacts struct {
	src      *Source
	clip     *anim.Clip
	fileStem string // nameStem of its file
	name     string // the clip's name, lower case
	joints   int    // JointTargets
	// Joint clips: how the clip's format binds (ClipInfo).
	bind    func(*anim.Clip, *anim.Skeleton) anim.Binding
	indexed func(*anim.Clip, *anim.JointIndex) anim.Binding
	// byName: the clip binds by name (bindsByName) and no two of its
	// joint targets share a name; unnamed: some have none (namesOnce).
	byName, unnamed bool
	// Side clips: whether its file holds one of the models, and the
	// model it is named after (OwnerModel).
	ownModel bool
	owner    *Source
	sig      int // joint clips: bindSignatures
}

// clipFactsOf lists the clips of srcs that keep takes, in the order their
// candidates rank within one reason: by path, then the sources' and the
// clips' own order (the stable sort by path of the candidates made in
// source order).
func clipFactsOf(srcs []*Source, keep func(*anim.Clip) bool) []clipFacts {
	srcs = slices.Clone(srcs)
	slices.SortStableFunc(srcs, func(x, y *Source) int { return strings.Compare(x.Path, y.Path) })
	var out []clipFacts
	for _, a := range srcs {
		stem := nameStem(a.Name())
		for _, c := range a.Asset.Clips {
			if keep(c) {
				out = append(out, clipFacts{src: a, clip: c, fileStem: stem, name: strings.ToLower(c.Name), joints: JointTargets(c)})
			}
		}
	}
	return out
}

// fit binds the clip to the skeleton ix indexes (FitClip).
func (f *clipFacts) fit(ix *anim.JointIndex) Fit {
	if f.indexed != nil {
		return Fit{Binding: f.indexed(f.clip, ix), Animated: f.joints}
	}
	return Fit{Binding: f.bind(f.clip, ix.Skeleton), Animated: f.joints}
}

// count is the clip's FitCounts to the skeleton ix indexes. Bound by
// name, targets with names of their own drive one joint each when the
// skeleton has their name and otherwise report a missing bone, the only
// issue name binding has: the index counts them (JointIndex.Named)
// without making the binding. An unnamed target binds only to a joint
// named "": with such a joint, or another binding, the clip is bound and
// counted.
func (f *clipFacts) count(ix *anim.JointIndex) FitCounts {
	if f.byName && (!f.unnamed || ix.First("") < 0) {
		_, found := ix.Named(f.clip)
		return FitCounts{animated: int32(f.joints), bound: int32(found), fits: 2*found > f.joints}
	}
	return countsOf(f.fit(ix))
}

// namesBySig sets the clips' byName and unnamed, worked out once per
// signature: the clips of one signature have the same format and names.
func namesBySig(clips []clipFacts, sigs int) {
	first := make([]int32, sigs)
	for i := range first {
		first[i] = -1
	}
	for i := range clips {
		f := &clips[i]
		if k := first[f.sig]; k >= 0 {
			f.byName, f.unnamed = clips[k].byName, clips[k].unnamed
			continue
		}
		first[f.sig] = int32(i)
		once, unnamed := namesOnce(f.clip)
		f.byName, f.unnamed = once && bindsByName(f.clip), unnamed
	}
}

// bindsByName reports whether c's format binds by bone name alone
// (anim.BindByName, what ClipInfo gives a format that names no binding
// of its own).
func bindsByName(c *anim.Clip) bool {
	cf := clipFormat(c.Format)
	return cf == nil || cf.Bind == nil
}

// namesOnce reports whether no two of c's joint targets share a
// non-empty name, and whether some have none.
func namesOnce(c *anim.Clip) (once, unnamed bool) {
	seen := make(map[string]bool, len(c.Targets))
	for ti := range c.Targets {
		t := &c.Targets[ti]
		switch {
		case t.Kind != anim.JointTarget:
		case t.Name == "":
			unnamed = true
		case seen[t.Name]:
			return false, unnamed
		default:
			seen[t.Name] = true
		}
	}
	return true, unnamed
}

// bindSignatures numbers the joint clips by what binding reads of them
// (their format, and their targets' kinds, names and indices): clips
// that agree bind alike to any skeleton. A game's animation file holds
// many clips of one bone list (the 111 skeletal animations of BotW's
// Npc_Gerudo_Queen_Animation.bfres have 2), a model's BCKs all list its
// joints. It sets each clip's sig and returns how many there are.
func bindSignatures(clips []clipFacts) int {
	ids := map[string]int{}
	var b []byte
	for i := range clips {
		f := &clips[i]
		b = append(b[:0], f.clip.Format...)
		for ti := range f.clip.Targets {
			t := &f.clip.Targets[ti]
			b = append(b, 0, byte(t.Kind))
			b = strconv.AppendInt(b, int64(t.Index), 10)
			b = append(b, ':')
			b = strconv.AppendInt(b, int64(len(t.Name)), 10)
			b = append(b, ':')
			b = append(b, t.Name...)
		}
		id, ok := ids[string(b)]
		if !ok {
			id = len(ids)
			ids[string(b)] = id
		}
		f.sig = id
	}
	return len(ids)
}

// rigFits are the fits of the clips to one skeleton, or to several
// models' skeletons with the same joint names (a model and the copy its
// animation file carries, a game's shared rig), by clip signature
// (bindSignatures): each is counted once while pairing, and bound once
// when a candidate asks for its binding.
type rigFits struct {
	sigs   int
	models int         // the models yet to pair: at none, the counts are let go
	counts []FitCounts // by signature; animated 0 until counted

	// The bindings candidates asked for (Candidate.Binding), by
	// signature, bound to sk with ix (made on the first ask); under
	// b.mu.
	b   *binder
	sk  *anim.Skeleton
	ix  *anim.JointIndex
	fit map[int32]Fit
}

// binder is what the rigs of one pairing share to bind on demand: names
// numbered and warning lines made once (a cache made on the first
// binding asked for), and the lock that lets any goroutine ask.
type binder struct {
	mu    sync.Mutex
	cache *anim.BindCache
}

// newRigs gives each model its rig.
func newRigs(models []*Source, sigs int, b *binder) []*rigFits {
	byKey := map[string]*rigFits{}
	out := make([]*rigFits, len(models))
	for i, m := range models {
		sk := m.Asset.Skeletons[DefaultSkeleton(m.Asset.Skeletons)]
		k := jointNames(sk)
		if byKey[k] == nil {
			byKey[k] = &rigFits{sigs: sigs, b: b, sk: sk}
		}
		out[i] = byKey[k]
		out[i].models++
	}
	return out
}

// done is called after pairing each model of the rig.
func (r *rigFits) done() {
	if r.models--; r.models == 0 {
		r.counts = nil
	}
}

// count is clip f's counts to the skeleton ix indexes, of this rig.
func (r *rigFits) count(f *clipFacts, ix *anim.JointIndex) FitCounts {
	if r.counts == nil {
		r.counts = make([]FitCounts, r.sigs)
	}
	if c := &r.counts[f.sig]; c.animated == 0 {
		*c = f.count(ix)
	}
	return r.counts[f.sig]
}

// binding is clip c, of signature sig, bound to this rig.
func (r *rigFits) binding(c *anim.Clip, sig int32) Fit {
	r.b.mu.Lock()
	defer r.b.mu.Unlock()
	if fit, ok := r.fit[sig]; ok {
		return fit
	}
	if r.b.cache == nil {
		r.b.cache = &anim.BindCache{}
	}
	if r.ix == nil {
		r.ix = anim.NewJointIndex(r.sk, r.b.cache)
	}
	if r.fit == nil {
		r.fit = map[int32]Fit{}
	}
	info := ClipInfo(c)
	f := clipFacts{clip: c, joints: JointTargets(c), bind: info.Bind, indexed: info.BindIndexed}
	r.fit[sig] = f.fit(r.ix)
	return r.fit[sig]
}

// jointNames identifies a skeleton by its joints' names, in order: all
// a binding asks of it.
func jointNames(sk *anim.Skeleton) string {
	var b strings.Builder
	for _, j := range sk.Joints {
		b.WriteString(strconv.Itoa(len(j.Name)))
		b.WriteByte(':')
		b.WriteString(j.Name)
	}
	return b.String()
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

// ArchiveSources opens the entries inside an opened archive file that can
// hold a skeleton or an animation (Openable; archivePath is how the user
// named it); Pair then keeps those with skeletons or joint clips. Entries
// that fail to open become warnings naming the entry.
func ArchiveSources(archivePath string, a *Asset) (srcs []*Source, warnings []string) {
	if a.Archive == nil {
		return nil, nil
	}
	for _, e := range a.Archive.Entries() {
		if !Openable(e.Kind) {
			continue
		}
		full := archivePath + ":" + e.Path
		data, err := a.Archive.Read(e.Path)
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("%s: %v", full, err))
			continue
		}
		asset, err := Open(full, data)
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("%s: %v", full, err))
			continue
		}
		srcs = append(srcs, &Source{Path: full, Archive: archivePath, Entry: e.Path, Dir: path.Dir(slashes(archivePath)), Asset: asset})
	}
	return srcs, warnings
}

// NamedAfter reports whether an animation file (its path, and the clip's
// own name) is named after a model file: the file's or the clip's name
// is the model's name stem, or starts with the stem and "_"
// ("mariotree1_wait.bck", "minigamebombhei_battle_1p.brk" for
// "minigamebombhei_battle.bmd"; "Npc_Gerudo_Queen_Animation.bfres" for
// "Npc_Gerudo_Queen.bfres"). Case is ignored: archives mix it.
func NamedAfter(animPath, clipName, modelPath string) bool {
	return namedAfter(nameStem(animPath), strings.ToLower(clipName), nameStem(modelPath))
}

// namedAfter is NamedAfter from the file's name stem, the clip's name in
// lower case and the model's name stem.
func namedAfter(animStem, clipName, modelStem string) bool {
	if modelStem == "" {
		return false
	}
	for _, n := range []string{animStem, clipName} {
		if n == modelStem || (len(n) > len(modelStem) && n[len(modelStem)] == '_' && strings.HasPrefix(n, modelStem)) {
			return true
		}
	}
	return false
}

// nameStem is a path's base name without its extensions, lower case.
func nameStem(p string) string {
	b := path.Base(slashes(p))
	if i := strings.LastIndexByte(b, ':'); i >= 0 {
		b = b[i+1:] // ARCHIVE:ENTRY
	}
	if i := strings.IndexByte(b, '.'); i >= 0 {
		b = b[:i]
	}
	return strings.ToLower(b)
}

func slashes(p string) string { return strings.ReplaceAll(p, `\`, "/") }
