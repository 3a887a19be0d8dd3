package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/pairing"
	"github.com/animscope/animscope/internal/app"
	"github.com/animscope/animscope/internal/writeback"
)

// splitBFRESClip splits a BFRES target's clip name off an --onto
// argument: X_Animation.bfres:Walk, X.sbfres:Walk and
// X.szs:path/X.bfres:Walk name the clip after the last colon whose left
// side is a .bfres or .sbfres file or entry. Anything else is returned
// whole, with no clip.
func splitBFRESClip(arg string) (file, clip string) {
	i := strings.LastIndexByte(arg, ':')
	if i <= 0 {
		return arg, ""
	}
	left := strings.ToLower(arg[:i])
	if strings.HasSuffix(left, ".bfres") || strings.HasSuffix(left, ".sbfres") {
		return arg[:i], arg[i+1:]
	}
	return arg, ""
}

// importFSKA writes the glTF onto the BFRES skeletal animation the
// target names, posed on --model or the model the pairing rule gives it.
func importFSKA(src *writeback.Source, target *importTarget, fl importFlags) (*writeback.Result, error) {
	if target.clip == "" {
		return nil, Usagef("import: name the skeletal animation of %s to replace: --onto %s:CLIP", target.name(), target.name())
	}
	var skel *anim.Skeleton
	var note string
	var err error
	if fl.model != "" {
		if skel, _, err = loadModelAsset(fl.model); err != nil {
			return nil, err
		}
	} else if skel, note, err = pairedSkeleton(target); err != nil {
		return nil, err
	}
	res, err := writeback.ImportFSKA(src, writeback.FSKATarget{File: target.entry, Clip: target.clip}, skel)
	if err != nil {
		return nil, &app.InputError{File: target.name() + ":" + target.clip + " from " + src.File, Err: err}
	}
	if note != "" {
		res.Notes = append([]string{note}, res.Notes...)
	}
	return res, nil
}

// pairedSkeleton is the skeleton the pairing rule plays the target clip
// on, among the target's own file, the files beside it it is named after
// (Npc_Gerudo_Queen.bfres for Npc_Gerudo_Queen_Animation.bfres) and, in
// an archive, the archive's other entries; the note names it.
func pairedSkeleton(t *importTarget) (*anim.Skeleton, string, error) {
	dir := filepath.Dir(t.file)
	own := &pairing.Source{Path: t.name(), Dir: filepath.ToSlash(dir), Asset: t.asset}
	srcs := []*pairing.Source{own}
	if t.inner != "" {
		own.Archive, own.Entry = t.file, t.inner
		if ar, err := formats.Open(t.file, t.raw); err == nil {
			more, _ := pairing.ArchiveSources(t.file, ar)
			for _, s := range more {
				if s.Entry != t.inner {
					srcs = append(srcs, s)
				}
			}
		}
	} else if ents, err := os.ReadDir(dir); err == nil {
		for _, e := range ents {
			p := filepath.Join(dir, e.Name())
			if e.IsDir() || samePath(p, t.file) || !pairing.NamedAfter(t.file, t.clip, p) {
				continue
			}
			data, err := app.ReadInput(p)
			if err != nil {
				continue
			}
			if a, err := formats.Open(p, data); err == nil && len(a.Skeletons) > 0 {
				srcs = append(srcs, &pairing.Source{Path: p, Dir: filepath.ToSlash(dir), Asset: a})
			}
		}
	}
	var clip *anim.Clip
	for _, c := range t.asset.Clips {
		if c.Name == t.clip && pairing.JointTargets(c) > 0 {
			clip = c
		}
	}
	if clip == nil {
		var have []string
		for _, c := range t.asset.Clips {
			if pairing.JointTargets(c) > 0 {
				have = append(have, c.Name)
			}
		}
		return nil, "", &app.InputError{File: t.name(), Err: fmt.Errorf("no skeletal animation %q (have %q)", t.clip, have)}
	}
	p := pairing.Pair(srcs)
	si, ok := p.Assign()[clip]
	if !ok {
		return nil, "", &app.InputError{File: t.name(), Err: fmt.Errorf("no model found for skeletal animation %q beside it; give one with --model", t.clip)}
	}
	sug := p.Suggestions[si]
	return sug.Skeleton, fmt.Sprintf("posing %q on model %s of %s (the pairing rule; --model to choose another)", t.clip, sug.Skeleton.Name, sug.Model.Path), nil
}

// addFSKA adds the glTF's animation to the BFRES file as a new skeletal
// animation, posed on --model or else the skeleton the pairing rule
// plays the file's first skeletal animation on (a new clip has no name
// to pair by), or the file's own skeleton when it has no clips.
func addFSKA(src *writeback.Source, target *importTarget, fl importFlags) (*writeback.Result, error) {
	var skel *anim.Skeleton
	var note string
	var err error
	first := ""
	for _, c := range target.asset.Clips {
		if pairing.JointTargets(c) > 0 {
			first = c.Name
			break
		}
	}
	switch {
	case fl.model != "":
		if skel, _, err = loadModelAsset(fl.model); err != nil {
			return nil, err
		}
	case first != "":
		t := *target
		t.clip = first
		if skel, note, err = pairedSkeleton(&t); err != nil {
			return nil, err
		}
	case len(target.asset.Skeletons) > 0:
		skel = target.asset.Skeletons[0]
		note = fmt.Sprintf("posing the new clip %q on the file's own model %s (--model to choose another)", target.add, skel.Name)
	default:
		return nil, &app.InputError{File: target.name(), Err: fmt.Errorf("has no skeleton and no skeletal animation to pair the new clip %q by; give the model with --model", target.add)}
	}
	res, err := writeback.AddFSKA(src, target.entry, target.add, skel)
	if err != nil {
		return nil, &app.InputError{File: target.name() + " from " + src.File, Err: err}
	}
	if note != "" {
		res.Notes = append([]string{note}, res.Notes...)
	}
	return res, nil
}
