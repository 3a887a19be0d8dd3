package pairing

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
)

// clipFacts is what the pairing rule asks of one clip and its file,
// worked out once for all models.
type clipFacts struct {
	src      *Source
	clip     *anim.Clip
	fileStem string // nameStem of its file
	name     string // the clip's name, lower case
	joints   int    // fitTargets
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
				out = append(out, clipFacts{src: a, clip: c, fileStem: stem, name: strings.ToLower(c.Name), joints: fitTargets(c)})
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
		f.byName, f.unnamed = once && formats.BindsByName(f.clip), unnamed
	}
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
	info := formats.ClipInfo(c)
	f := clipFacts{clip: c, joints: fitTargets(c), bind: info.Bind, indexed: info.BindIndexed}
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
