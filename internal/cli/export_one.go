// The export to one .glb/.gltf: one input, or a model and its
// animations given together.

package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/assemble"
	"github.com/animscope/animscope/formats/pairing"
	"github.com/animscope/animscope/internal/app"
	"github.com/animscope/animscope/internal/export"
)

// exportOne writes the inputs to one .glb/.gltf and says so in one line
// (output, animations, size) after its warnings. Several inputs are a
// model and its animations, as a user drops them together: the model is
// the one input holding a skeleton and no animation (or --model), and
// every other input's animations play on it.
func exportOne(fl exportFlags, ins []string, stderr io.Writer) error {
	rep := newReporter(stderr)
	assets := make([]*formats.Asset, len(ins))
	for i, in := range ins {
		a, err := app.LoadAsset(in)
		if err != nil {
			return err
		}
		assets[i] = a
	}
	if len(ins) > 1 {
		for i, a := range assets {
			if a.Archive != nil {
				return Usagef("export: %s is one file: name the entries of the archive %s (%s:PATH) among several inputs, or give a directory as --out", fl.out, ins[i], ins[i])
			}
		}
		if fl.model == "" {
			m := -1
			for i, a := range assets {
				if len(a.Skeletons) > 0 && len(a.Clips) == 0 {
					if m >= 0 {
						return Usagef("export: %s is one file and takes one model; %s and %s both are one: name the one to use with --model, or give a directory as --out", fl.out, ins[m], ins[i])
					}
					m = i
				}
			}
			if m < 0 {
				return Usagef("export: %s is one file: of %d inputs none is a model; give the model as an input or with --model, or a directory as --out for one file each", fl.out, len(ins))
			}
			fl.model = ins[m]
			ins = append(ins[:m:m], ins[m+1:]...)
			assets = append(assets[:m:m], assets[m+1:]...)
		}
	}
	sc := fl.scene(nil, nil)
	var modelAsset *formats.Asset
	modelWhere := ins[0]
	for i, in := range ins {
		skel, own, clips, err := inputClips(fl, in, assets[i], len(ins) > 1, rep)
		if err != nil {
			return err
		}
		if i == 0 {
			sc.Skeleton, modelAsset = skel, own
		}
		sc.Clips = append(sc.Clips, clips...)
	}
	if len(ins) > 1 && fl.clip != "" && len(sc.Clips) == 0 {
		return fmt.Errorf("export: no animation named %q in %s", fl.clip, strings.Join(ins, ", "))
	}
	if fl.model != "" {
		var err error
		if sc.Skeleton, modelAsset, err = loadModelAsset(fl.model); err != nil {
			return err
		}
		modelWhere, _ = app.SplitArchivePath(fl.model)
	}
	if !fl.noMesh {
		sc.Models = sceneModels(modelAsset, sc.Skeleton, modelWhere, rep)
	}
	if len(sc.Clips) == 0 && sc.Skeleton == nil {
		return &app.InputError{File: ins[0], Err: fmt.Errorf("holds no animation or skeleton (it is a %s file)", assets[0].Format)}
	}
	warns, size, err := writeJob(exportJob{out: fl.out, label: ins[0], scene: sc})
	for _, w := range warns {
		rep.warn(w)
	}
	if err != nil {
		return &app.InputError{File: fl.out, Err: err}
	}
	fmt.Fprintf(stderr, "animscope: wrote %s (%s, %s)\n", fl.out, plural(export.AnimationCount(sc.Clips), "animation", "animations"), humanSize(size))
	return nil
}

// inputClips are the animations one input of a one-file export gives
// (--clip or --all chosen; of several inputs, --clip need not be in
// each), and the skeleton and model file it brings when no --model is
// given: its own, or an archive's one model.
func inputClips(fl exportFlags, in string, a *formats.Asset, several bool, rep *reporter) (*anim.Skeleton, *formats.Asset, []export.Clip, error) {
	var skel *anim.Skeleton
	var clips []*anim.Clip
	modelAsset := a
	entryOf := map[*anim.Clip]string{} // an archive's clips: their entry, "ARCHIVE:PATH"
	switch {
	case a.Archive != nil:
		var err error
		skel, modelAsset, clips, entryOf, err = archiveScene(in, a, rep)
		if err != nil {
			return nil, nil, nil, &app.InputError{File: in, Err: err}
		}
	default:
		if i := pairing.DefaultSkeleton(a.Skeletons); i >= 0 {
			skel = a.Skeletons[i]
		}
		clips = a.Clips
	}
	clips, err := chooseClips(clips, fl, several && fl.clip != "", func(c *anim.Clip) string {
		if e, ok := entryOf[c]; ok {
			return pairing.ClipName(e, c)
		}
		return pairing.ClipName(in, c)
	})
	if err != nil {
		return nil, nil, nil, &app.InputError{File: in, Err: err}
	}
	var out []export.Clip
	for _, c := range clips {
		// An unnamed clip (J3D) is named after its source: the entry's
		// file, not the archive's, or an archive's walk.bck and
		// wave.btk would both be called after the archive and play as
		// one animation.
		src := in
		if e, ok := entryOf[c]; ok {
			src = e
		}
		c.SetRuntime(fl.runtime)
		file, entry := app.SplitArchivePath(src)
		out = append(out, export.Clip{Clip: c, Source: src, Origin: export.SourceName(file, entry)})
	}
	warnRootMotion(fl, in, clips, rep)
	return skel, modelAsset, out, nil
}

// archiveScene is an archive exported to one file: its one model (the
// skeleton and the entry that holds it) with the animations paired with
// it, or with no model its animations on a stand-in skeleton when there
// is only one animation file; entryOf names each clip's entry.
func archiveScene(in string, a *formats.Asset, rep *reporter) (skel *anim.Skeleton, model *formats.Asset, clips []*anim.Clip, entryOf map[*anim.Clip]string, err error) {
	srcs, warns := pairing.ArchiveSources(in, a)
	for _, w := range warns {
		rep.warn(w)
	}
	entryOf = map[*anim.Clip]string{}
	for _, s := range srcs {
		assemble.Textures(s.Asset, assemble.ArchiveSiblings(a.Archive, s.Entry))
		for _, c := range s.Asset.Clips {
			entryOf[c] = s.Path
		}
	}
	p := pairing.Pair(srcs)
	switch len(p.Suggestions) {
	case 0:
		var clips []*anim.Clip
		files := 0
		for _, s := range srcs {
			if len(s.Asset.Clips) > 0 {
				files++
				clips = append(clips, s.Asset.Clips...)
			}
		}
		if files != 1 {
			return nil, nil, nil, nil, fmt.Errorf("archive holds no model and %d animation files; name one entry (FILE:PATH) or give --out a directory", files)
		}
		return nil, nil, clips, entryOf, nil
	case 1:
		var clips []*anim.Clip
		for _, c := range p.Suggestions[0].Candidates {
			clips = append(clips, c.Clip)
		}
		return p.Suggestions[0].Skeleton, p.Suggestions[0].Model.Asset, clips, entryOf, nil
	default:
		return nil, nil, nil, nil, fmt.Errorf("archive holds %d models; give --out a directory (one .glb per model) or name an entry", len(p.Suggestions))
	}
}
