package formats

import (
	"cmp"
	"fmt"
	"path"
	"slices"
	"strings"

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
}

// Suggestion is the ranked list of animations for one model.
type Suggestion struct {
	Model      *Source
	Skeleton   *anim.Skeleton
	Candidates []Candidate
}

// Pairing reasons, in rank order.
const (
	SameName           = "named after the model"
	SameArchive        = "same archive"
	SameDirectory      = "same directory"
	MatchingJointCount = "matching joint count"
	// MatchingBoneNames: the clip's named joint targets are (almost) all
	// bones of the skeleton — how a BFRES *_Animation file finds its model
	// elsewhere. Ranked after SameDirectory, before MatchingJointCount.
	MatchingBoneNames = "matching bone names"
)

// bonesMatch reports whether at least 80% (and at least one) of the
// clip's named joint targets name bones of sk.
func bonesMatch(c *anim.Clip, sk *anim.Skeleton) bool {
	names := make(map[string]bool, len(sk.Joints))
	for _, j := range sk.Joints {
		names[j.Name] = true
	}
	named, found := 0, 0
	for i := range c.Targets {
		t := &c.Targets[i]
		if t.Kind != anim.JointTarget || t.Name == "" {
			continue
		}
		named++
		if names[t.Name] {
			found++
		}
	}
	return named > 0 && 5*found >= 4*named
}

// Candidate is an animation offered for a model.
type Candidate struct {
	Anim   *Source
	Clip   *anim.Clip
	Reason string // SameName, SameArchive, SameDirectory, MatchingBoneNames or MatchingJointCount
	// Warnings are the binding's mismatches (for J3D, a joint-count
	// mismatch naming both counts; the clip still plays on the joints
	// that exist).
	Warnings []string
}

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

// Pair suggests animations for every model among srcs: animations named
// after the model first (the games name them so: mariotree1.bmd ↔
// mariotree1_wait.bck), then those in the model's own archive, then
// those in the same directory, then those naming its bones
// (MatchingBoneNames), then any other whose joint count equals the
// skeleton's. Within a rank, paths are in order.
func Pair(srcs []*Source) *Pairing {
	p := &Pairing{}
	for _, s := range srcs {
		if len(s.Asset.Skeletons) > 0 {
			p.Models = append(p.Models, s)
		}
		for _, c := range s.Asset.Clips {
			if JointTargets(c) > 0 {
				p.Animations = append(p.Animations, s)
				break
			}
		}
	}
	for _, m := range p.Models {
		sk := m.Asset.Skeletons[0]
		sug := Suggestion{Model: m, Skeleton: sk}
		for _, a := range p.Animations {
			for _, c := range a.Asset.Clips {
				if JointTargets(c) == 0 {
					continue
				}
				var reason string
				switch {
				case NamedAfter(a.Name(), c.Name, m.Name()):
					reason = SameName
				case m.Archive != "" && a.Archive == m.Archive:
					reason = SameArchive
				case a.Dir == m.Dir:
					reason = SameDirectory
				case bonesMatch(c, sk):
					reason = MatchingBoneNames
				case JointTargets(c) == len(sk.Joints):
					reason = MatchingJointCount
				default:
					continue
				}
				sug.Candidates = append(sug.Candidates, Candidate{Anim: a, Clip: c, Reason: reason, Warnings: Bind(c, sk).Warnings})
			}
		}
		rank := map[string]int{SameName: 0, SameArchive: 1, SameDirectory: 2, MatchingBoneNames: 3, MatchingJointCount: 4}
		slices.SortStableFunc(sug.Candidates, func(x, y Candidate) int {
			return cmp.Or(cmp.Compare(rank[x.Reason], rank[y.Reason]), strings.Compare(x.Anim.Path, y.Anim.Path))
		})
		p.Suggestions = append(p.Suggestions, sug)
	}
	return p
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

// DirSources opens the files of a directory listing (names relative to
// dir, read with read) and the models and animations inside any archive
// among them. Files of unknown format are skipped silently; files that
// fail to open become warnings.
func DirSources(dir string, names []string, read func(name string) ([]byte, error)) (srcs []*Source, warnings []string) {
	for _, n := range names {
		full := path.Join(slashes(dir), n)
		data, err := read(n)
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("%s: %v", full, err))
			continue
		}
		kind := Sniff(data)
		if kind == "" {
			continue
		}
		a, err := Open(full, data)
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("%s: %v", full, err))
			continue
		}
		if a.Archive != nil {
			s, w := ArchiveSources(full, a)
			srcs, warnings = append(srcs, s...), append(warnings, w...)
			continue
		}
		srcs = append(srcs, &Source{Path: full, Dir: path.Dir(full), Asset: a})
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
	stem := nameStem(modelPath)
	if stem == "" {
		return false
	}
	for _, n := range []string{nameStem(animPath), strings.ToLower(clipName)} {
		if n == stem || strings.HasPrefix(n, stem+"_") {
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
