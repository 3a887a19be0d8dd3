package app

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/pairing"
	"github.com/animscope/animscope/internal/viewmodel"
)

// pairingCache is pairing.Pair over the open files, recomputed when the
// set of open files changes.
type pairingCache struct {
	files []*File
	// models and anims are one Source per skeleton and per file with
	// joint clips; modelOf/animOf map them back to the open files.
	pairing *pairing.Pairing
	modelOf map[*pairing.Source][2]int // file, skeleton
	animOf  map[*pairing.Source]int    // file

	// view is the Scene panel's pairing, rebuilt when viewKey changes.
	view    viewmodel.Pairing
	viewKey pairViewKey
}

type pairViewKey struct {
	skel       *anim.Skeleton
	joint, tex *anim.Clip
	applyRoot  bool
	built      bool
}

// candidate is an animation offered for a model, in rank order.
type candidate struct {
	file, clip int
	reason     string
	fits       bool // pairing.Fit.Fits: the clip binds to the model
	// pair is the pairing's candidate (in the cached pairing): its
	// binding's warnings are made only for the animations the Scene panel
	// lists (Candidate.Warnings).
	pair *pairing.Candidate
}

// pairs returns the pairing of the open files. Models and animations are
// separate sources (one per skeleton, one per file with clips), so a file
// holding both still ranks its own animations for its own skeleton.
func (r pairer) pairs() *pairingCache {
	pc := &r.pairCache
	if pc.pairing != nil && slices.Equal(pc.files, r.ses.files) {
		return pc
	}
	pc.files = slices.Clone(r.ses.files)
	pc.modelOf = map[*pairing.Source][2]int{}
	pc.animOf = map[*pairing.Source]int{}
	pc.viewKey = pairViewKey{}
	var srcs []*pairing.Source
	for fi, f := range r.ses.files {
		if f.asset.Archive != nil {
			continue // its entries are open files of their own
		}
		for si, sk := range f.asset.Skeletons {
			s := r.source(fi)
			s.Asset.Skeletons = []*anim.Skeleton{sk}
			pc.modelOf[s] = [2]int{fi, si}
			srcs = append(srcs, s)
		}
		if len(f.asset.Clips) > 0 {
			s := r.source(fi)
			s.Asset.Clips = f.asset.Clips
			pc.animOf[s] = fi
			srcs = append(srcs, s)
		}
	}
	pc.pairing = pairing.Pair(srcs)
	return pc
}

// source describes open file fi to formats' pairing rule: where it lives
// (its archive, its directory), with neither skeletons nor clips yet.
func (r *rig) source(fi int) *pairing.Source {
	f := r.ses.files[fi]
	archive, dir := "", filepath.Dir(absPath(f.path))
	if f.archive != "" {
		archive = absPath(f.archive)
		dir = filepath.Dir(archive)
	}
	return &pairing.Source{Path: f.path, Archive: archive, Entry: f.entry, Dir: dir,
		Asset: &formats.Asset{Name: f.asset.Name, Format: f.asset.Format}}
}

func absPath(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		return abs
	}
	return p
}

// candidates ranks the joint animations of the open files for skeleton
// si of file fi in pairing.Pair's order (same file, named after the
// model, same archive, same directory, matching bone names, matching
// joint count).
func (r pairer) candidates(fi, si int) []candidate {
	pc := r.pairs()
	var out []candidate
	for _, sug := range pc.pairing.Suggestions {
		if pc.modelOf[sug.Model] != [2]int{fi, si} {
			continue
		}
		for i := range sug.Candidates {
			c := &sug.Candidates[i]
			af := pc.animOf[c.Anim]
			ci := slices.Index(r.ses.files[af].asset.Clips, c.Clip)
			if ci < 0 {
				continue
			}
			out = append(out, candidate{file: af, clip: ci, reason: c.Reason, fits: c.Fit.Fits(), pair: c})
		}
	}
	r.restingFirst(out)
	return out
}

// restingFirst moves the clip at rest (pairing.DefaultClip: Wait before
// AttackSuccess in SMO's alphabetical BombHei) to the front of each run
// of candidates ranked alike, so a model opens on it; the rest keep
// their order.
func (r pairer) restingFirst(cands []candidate) {
	for i := 0; i < len(cands); {
		j := i + 1
		for j < len(cands) && pairing.Rank(cands[j].reason) == pairing.Rank(cands[i].reason) {
			j++
		}
		names := make([]string, 0, j-i)
		for _, c := range cands[i:j] {
			if !c.fits {
				names = append(names, "") // never chosen first: it does not bind
				continue
			}
			names = append(names, pairing.ClipName(r.ses.files[c.file].path, r.ses.files[c.file].asset.Clips[c.clip]))
		}
		if k := pairing.DefaultClip(names); k > 0 {
			c := cands[i+k]
			copy(cands[i+1:i+k+1], cands[i:i+k])
			cands[i] = c
		}
		i = j
	}
}

func hasJointClip(as *formats.Asset) bool {
	for _, c := range as.Clips {
		if !isTexClip(c) && len(c.Targets) > 0 {
			return true
		}
	}
	return false
}

// pickAnim chooses the joint animation after files were opened from index
// first: the best-ranked new one for the model in use, else the first new
// one that fits it (any first new one when the model is not new: the
// user opened that animation for it); with none
// new, the playing one when it fits the model, else the model's
// best-ranked animation that fits. ok false with clear set: nothing fits,
// the model shows its bind pose (an animation is bound to a model it
// does not fit only when the user picks it).
func (r pairer) pickAnim(first int) (fi, ci int, ok, clear bool) {
	var cands []candidate
	if r.skel != nil {
		if si := slices.Index(r.ses.files[r.skelFile].asset.Skeletons, r.skel); si >= 0 {
			cands = r.ownCandidates(r.candidates(r.skelFile, si))
		}
	}
	for _, c := range cands {
		if c.file >= first && r.fits(r.ses.files[c.file].asset.Clips[c.clip]) {
			return c.file, c.clip, true, false
		}
	}
	newModel := r.skel != nil && r.skelFile >= first
	for i := first; i < len(r.ses.files); i++ {
		for ci, c := range r.ses.files[i].asset.Clips {
			if isJointClip(c) && (r.fits(c) || !newModel) && r.rankFor(i, ci) != rankOtherModel {
				return i, ci, true, false
			}
		}
	}
	if r.play.joint != nil && r.fits(r.play.joint.clip) && (r.skelFile < first || r.playingOneOf(cands)) {
		return -1, -1, false, false // the playing animation stays
	}
	for _, c := range cands {
		if r.fits(r.ses.files[c.file].asset.Clips[c.clip]) {
			return c.file, c.clip, true, false
		}
	}
	return -1, -1, false, r.play.joint != nil && !r.fits(r.play.joint.clip)
}

// ownCandidates drops the animations named after another open model
// (minigame_balloon.bmd does not take mariotree1_wait.bca from its
// archive); the user can still pick them.
func (r pairer) ownCandidates(cands []candidate) []candidate {
	return slices.DeleteFunc(cands, func(c candidate) bool { return r.rankFor(c.file, c.clip) == rankOtherModel })
}

// fits reports whether clip c suits the model in use: without a model
// every clip does; with one, formats' one fit rule decides.
func (r pairer) fits(c *anim.Clip) bool {
	if r.skel == nil {
		return true
	}
	return pairing.Fits(c, r.skel)
}

// playingOneOf reports whether the joint clip is one of cands.
func (r pairer) playingOneOf(cands []candidate) bool {
	return r.play.joint != nil && slices.ContainsFunc(cands, func(c candidate) bool {
		return c.file == r.play.joint.file && c.clip == r.play.joint.clipIdx
	})
}

// selectModel uses skeleton si of file fi (fi < 0: no model, the joints
// are drawn on their own). When the playing animation is not among the
// new model's suggestions, its best-ranked animation plays instead; the
// texture and material clips are chosen again for the new model.
func (r *rig) selectModel(fi, si int) {
	prev := r.skel
	defer func() {
		if r.skel != prev { // the texture and material clips for the new model
			r.pairing().chooseTex(len(r.ses.files), true)
			r.pairing().chooseMaterials(len(r.ses.files), true)
			r.evaluate()
		}
	}()
	if fi < 0 {
		r.skel, r.skelFile, r.skelLabel = nil, -1, ""
		r.rebind()
		r.sel.clamp()
		r.frame.remeasure()
	} else {
		if fi >= len(r.ses.files) || si < 0 || si >= len(r.ses.files[fi].asset.Skeletons) {
			return
		}
		r.setModel(fi, si)
		cands := r.pairing().ownCandidates(r.pairing().candidates(fi, si))
		if last, ok := r.lastClip[r.modelKey()]; ok && (r.play.joint == nil || r.play.joint.key != last) {
			// The clip the user last played on this model, while open.
			if lf, lc, ok := r.findClipKey(last); ok {
				r.setClip(lf, lc)
				r.evaluate()
				r.frame.frameScene(false)
				return
			}
		}
		// Only the suggestions that bind count: a clip in the model's
		// folder that does not fit it makes way for one that does.
		cands = slices.DeleteFunc(cands, func(c candidate) bool { return !c.fits })
		if !r.pairing().playingOneOf(cands) {
			// The user picked the model: its best animation, if any fits;
			// else its bind pose rather than an animation named after
			// another model.
			chosen := false
			for _, c := range cands {
				if r.pairing().fits(r.ses.files[c.file].asset.Clips[c.clip]) {
					r.setClip(c.file, c.clip)
					chosen = true
					break
				}
			}
			if !chosen && r.play.joint != nil && r.pairing().rankFor(r.play.joint.file, r.play.joint.clipIdx) == rankOtherModel {
				r.play.joint = nil
				r.rebind()
			}
		}
	}
	r.evaluate()
	r.frame.frameScene(false)
}

// pairingView fills the Scene panel's model and animation choice, and
// where each file came from (the Files tree).
func (r pairer) pairingView(v *viewmodel.View) {
	for i, f := range r.ses.files {
		if i < len(v.Files) {
			v.Files[i].Archive, v.Files[i].Entry, v.Files[i].Entries = f.archive, f.entry, f.entries
		}
	}
	pc := r.pairs()
	key := pairViewKey{skel: r.skel, applyRoot: r.applyRoot, built: true}
	if r.play.joint != nil {
		key.joint = r.play.joint.clip
	}
	if r.play.tex != nil {
		key.tex = r.play.tex.clip
	}
	if pc.viewKey == key {
		v.Pairing = pc.view
		r.markPlayingMaterials(&v.Pairing)
		return
	}
	pc.viewKey = key
	p := viewmodel.Pairing{Model: -1, Anim: -1, TexAnim: -1, Models: pc.view.Models[:0], Anims: pc.view.Anims[:0], TexAnims: pc.view.TexAnims[:0],
		MaterialAnims: pc.view.MaterialAnims[:0]}
	r.pairingModels(&p)
	r.pairingAnims(&p)
	for i, c := range p.Anims {
		if r.play.joint != nil && c.File == r.play.joint.file && c.Clip == r.play.joint.clipIdx {
			p.Anim = i
		}
	}
	for i, c := range p.TexAnims {
		if r.play.tex != nil && c.File == r.play.tex.file && c.Clip == r.play.tex.clipIdx {
			p.TexAnim = i
		}
	}
	p.HasRootMotion = r.play.joint != nil && r.play.joint.clip.RootMotion != nil
	p.ApplyRootMotion = r.applyRoot
	pc.view = p
	v.Pairing = p
	r.markPlayingMaterials(&v.Pairing)
}

// pairingModels lists every skeleton of the open files.
func (r pairer) pairingModels(p *viewmodel.Pairing) {
	for fi, f := range r.ses.files {
		for si, sk := range f.asset.Skeletons {
			if sk == r.skel {
				p.Model = len(p.Models)
			}
			label := f.name
			if len(f.asset.Skeletons) > 1 && sk.Name != "" {
				label += " › " + sk.Name
			}
			p.Models = append(p.Models, viewmodel.ModelChoice{File: fi, Skel: si, Label: label, Joints: len(sk.Joints)})
		}
	}
}

// clipLabel names clip ci of file fi in the animation choice: the clip's
// own name when it says more than the file's (BFRES animations; a JBA
// clip is named after its file).
func (r pairer) clipLabel(fi, ci int) string {
	f := r.ses.files[fi]
	c := f.asset.Clips[ci]
	if base := filepath.Base(f.name); c.Name != "" && (len(f.asset.Clips) > 1 || !strings.HasPrefix(base, c.Name+".")) {
		return f.name + " › " + c.Name
	}
	return f.name
}

// pairingAnims lists the animations: the model's candidates that bind to
// it in rank order (the suggested ones: a 110-bone Gerudo clip in the
// same folder is not suggested for a fish), then every other joint
// animation, and the texture animations.
func (r pairer) pairingAnims(p *viewmodel.Pairing) {
	listed := map[[2]int]bool{}
	if p.Model >= 0 {
		m := p.Models[p.Model]
		for _, c := range r.candidates(m.File, m.Skel) {
			if !c.fits {
				continue // listed with the others, unsuggested
			}
			listed[[2]int{c.file, c.clip}] = true
			clip := r.ses.files[c.file].asset.Clips[c.clip]
			p.Anims = append(p.Anims, viewmodel.AnimChoice{File: c.file, Clip: c.clip, Label: r.clipLabel(c.file, c.clip),
				Joints: pairing.JointTargets(clip), Frames: clip.Duration, Reason: c.reason, Warnings: c.pair.Warnings()})
		}
	}
	for fi, f := range r.ses.files {
		for ci, c := range f.asset.Clips {
			if len(c.Targets) == 0 || listed[[2]int{fi, ci}] {
				continue
			}
			ch := viewmodel.AnimChoice{File: fi, Clip: ci, Label: r.clipLabel(fi, ci), Frames: c.Duration}
			if isMaterialClip(c) { // registers and shapes: no joints to bind
				ch.Joints, ch.Kind = len(c.Targets), f.clipKinds()[ci]
				p.MaterialAnims = append(p.MaterialAnims, ch)
				continue
			}
			if isTexClip(c) {
				ch.Joints = len(c.Targets)
				p.TexAnims = append(p.TexAnims, ch)
				continue
			}
			ch.Joints = pairing.JointTargets(c)
			if r.skel != nil {
				ch.Warnings = formats.Bind(c, r.skel).Warnings
			}
			p.Anims = append(p.Anims, ch)
		}
	}
}

// pairer is the rig seen as the pairing of models with animations: which
// clips and model to show after files open or the model changes, ranked by
// formats' pairing rule, and the Scene panel's choices.
type pairer struct{ *rig }

// pairing is the rig's pairing view.
func (r *rig) pairing() pairer { return pairer{r} }
