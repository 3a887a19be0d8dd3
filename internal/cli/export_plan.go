// Planning a batch: which models and clips go into which output.

package cli

import (
	"cmp"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/pairing"
	"github.com/animscope/animscope/internal/app"
	"github.com/animscope/animscope/internal/export"
	"github.com/animscope/animscope/mesh"
)

// exportJob is one output file of a batch.
type exportJob struct {
	out string
	// label is the input the output stands for (the model's file, or the
	// animation file exported on its own), for messages.
	label string
	scene export.Scene
}

// plan is the batch's planning: the inputs found and opened, their
// models and animations paired into one job per output, less the
// outputs that would overwrite an input. An error: nothing to export.
func (b *batch) plan(inputs []string) ([]exportJob, error) {
	fl, rep := b.fl, b.rep
	files, failed, walked := expandInputs(inputs, fl.out, rep)
	b.failed += failed
	if len(files) == 0 && b.failed == 0 {
		return nil, nothingToExport(inputs, "no files in "+plural(walked, "folder", "folders"))
	}
	var model *anim.Skeleton
	var modelAsset *formats.Asset
	if fl.model != "" {
		var err error
		if model, modelAsset, err = loadModelAsset(fl.model); err != nil {
			return nil, err
		}
	}
	srcs, rel, opened := b.sources(loadInputs(files, b.workers, rep))
	stop := rep.spin(fmt.Sprintf("pairing the animations of %s with their models", plural(len(srcs), "file", "files")))
	jobs := planJobs(srcs, fl, model, modelAsset, rel, rep)
	stop()
	jobs, refused := refuseInputs(jobs, files)
	for _, r := range refused {
		rep.fail(r)
	}
	b.failed += len(refused)
	if len(jobs) == 0 && b.failed == 0 {
		why := fmt.Sprintf("none of its %s holds a model or animation animscope opens", plural(len(files), "file", "files"))
		switch {
		case fl.model != "" && len(srcs) > 0:
			why = "no animation to pose on --model " + fl.model
		case opened > 0:
			why = fmt.Sprintf("%s opened, none holds a model or animation", plural(opened, "file", "files"))
		}
		return nil, nothingToExport(inputs, why)
	}
	return jobs, nil
}

// nothingToExport is the error of a batch that found nothing to write
// (exit status 1, as for a bad input: the command did not do its job).
func nothingToExport(inputs []string, why string) error {
	return &app.InputError{File: strings.Join(inputs, ", "), Err: fmt.Errorf("nothing to export: %s", why)}
}

// planJobs pairs the animations with the models as the viewer does: one
// file per model, holding the joint animations Pairing.Assign gives it
// and the texture, material and visibility animations
// Pairing.AssignOthers gives it; one file per animation file whose
// animations no model takes (on its own skeleton, or the stand-in). A
// skeleton that an animation file carries beside animations that all
// went to their model is not written again on its own (BotW's
// X_Animation.bfres and its "Skeleton" model). With --model every
// animation file goes onto that model. rel places each source's outputs
// under OUT.
func planJobs(srcs []*pairing.Source, fl exportFlags, model *anim.Skeleton, modelAsset *formats.Asset, rel map[*pairing.Source]string, rep *reporter) []exportJob {
	models := func(a *formats.Asset, sk *anim.Skeleton, in string) []*mesh.Model {
		if fl.noMesh {
			return nil
		}
		return sceneModels(a, sk, in, rep)
	}
	names := map[string]int{}
	outName := func(s *pairing.Source) string {
		stem := strings.TrimSuffix(path.Base(filepath.ToSlash(s.Name())), path.Ext(s.Name()))
		dir := rel[s]
		key := strings.ToLower(path.Join(dir, stem))
		names[key]++
		if n := names[key]; n > 1 {
			stem = fmt.Sprintf("%s-%d", stem, n)
		}
		return filepath.Join(fl.out, filepath.FromSlash(dir), stem+".glb")
	}
	addClips := func(sc *export.Scene, s *pairing.Source, clips []*anim.Clip) {
		clips, _ = chooseClips(clips, fl, true, func(c *anim.Clip) string { return pairing.ClipName(s.Path, c) })
		for _, c := range clips {
			c.SetRuntime(fl.runtime)
			sc.Clips = append(sc.Clips, export.Clip{Clip: c, Source: s.Path, Origin: export.SourceName(cmp.Or(s.Archive, s.Path), s.Entry)})
		}
	}
	var jobs []exportJob
	if model != nil {
		modelMeshes := models(modelAsset, model, fl.model)
		var still []string
		for _, s := range srcs {
			if len(s.Asset.Clips) == 0 {
				still = append(still, s.Path)
				continue
			}
			j := exportJob{out: outName(s), label: s.Path, scene: fl.scene(model, modelMeshes)}
			if addClips(&j.scene, s, s.Asset.Clips); len(j.scene.Clips) > 0 {
				jobs = append(jobs, j)
			}
		}
		if len(still) > 0 {
			rep.note(fmt.Sprintf("skipped %s without animations (with --model, the animations are exported on that model): %s",
				plural(len(still), "model file", "model files"), shortNames(still, 4)))
		}
		return jobs
	}
	p := pairing.Pair(srcs)
	joints, others := p.Assign(), p.AssignOthers(srcs)
	withJoint := jointModels(srcs, joints)
	assigned := func(s *pairing.Source, c *anim.Clip) (int, bool) {
		if m, ok := joints[c]; ok {
			return m, true
		}
		// A texture, material or visibility clip goes where the skeletal
		// clip it plays with goes, else where AssignOthers puts it.
		if pairing.JointTargets(c) == 0 {
			if m, ok := withJoint[playScope(s)+fileClipName(s, c)]; ok {
				return m, true
			}
			if m, ok := withJoint[playScope(s)+playName(s, c)]; ok {
				return m, true
			}
		}
		m, ok := others[c]
		return m, ok
	}
	modelJob := map[*pairing.Source]int{}
	for _, sug := range p.Suggestions {
		modelJob[sug.Model] = len(jobs)
		jobs = append(jobs, exportJob{out: outName(sug.Model), label: sug.Model.Path,
			scene: fl.scene(sug.Skeleton, models(sug.Model.Asset, sug.Skeleton, sug.Model.Path))})
	}
	// The clips in source order, each to its model's file.
	gaveAway := map[*pairing.Source]bool{} // a file some of whose clips went to another file
	noModel := map[string]bool{}
	var loose []exportJob
	for _, s := range srcs {
		var left []*anim.Clip
		for _, c := range s.Asset.Clips {
			si, ok := assigned(s, c)
			if !ok {
				left = append(left, c)
				continue
			}
			addClips(&jobs[si].scene, s, []*anim.Clip{c})
			if p.Suggestions[si].Model != s {
				gaveAway[s] = true
			}
		}
		if len(left) == 0 {
			continue
		}
		if ji, ok := modelJob[s]; ok {
			addClips(&jobs[ji].scene, s, left)
			continue
		}
		if s.Archive != "" && !archiveHasModel(p, s.Archive) && !noModel[s.Archive] {
			noModel[s.Archive] = true
			rep.warn(fmt.Sprintf("%s: the archive holds no model; its animations are exported on stand-in skeletons", s.Archive))
		}
		j := exportJob{out: outName(s), label: s.Path, scene: fl.scene(nil, nil)}
		if i := pairing.DefaultSkeleton(s.Asset.Skeletons); i >= 0 {
			j.scene.Skeleton = s.Asset.Skeletons[i]
			j.scene.Models = models(s.Asset, j.scene.Skeleton, s.Path)
		}
		if addClips(&j.scene, s, left); len(j.scene.Clips) > 0 {
			loose = append(loose, j)
		}
	}
	var kept []exportJob
	for i, j := range jobs {
		s := p.Suggestions[i].Model
		if len(j.scene.Clips) == 0 && !drawsSomething(j.scene.Models) && gaveAway[s] {
			rep.note(fmt.Sprintf("%s: its animations are exported with their model (%s); the skeleton it carries is not written on its own",
				s.Path, strings.Join(outputsOf(jobs, s), ", ")))
			continue
		}
		kept = append(kept, j)
	}
	return append(kept, loose...)
}

// drawsSomething reports whether any of the models has a triangle.
func drawsSomething(models []*mesh.Model) bool {
	for _, m := range models {
		for si := range m.Shapes {
			if len(m.Shapes[si].Triangles) > 0 {
				return true
			}
		}
	}
	return false
}

// outputsOf names the outputs holding clips of s.
func outputsOf(jobs []exportJob, s *pairing.Source) []string {
	var out []string
	for _, j := range jobs {
		if slices.ContainsFunc(j.scene.Clips, func(c export.Clip) bool { return c.Source == s.Path }) {
			out = append(out, filepath.Base(j.out))
		}
	}
	return out
}

func archiveHasModel(p *pairing.Pairing, archive string) bool {
	return slices.ContainsFunc(p.Models, func(m *pairing.Source) bool { return m.Archive == archive })
}

// refuseInputs drops jobs whose output would overwrite an input file.
// Inputs are indexed by base name, so only an output named like an input
// is compared (a file can have only its own name in one directory).
func refuseInputs(jobs []exportJob, files []batchInput) (kept []exportJob, refused []string) {
	byName := map[string][]string{}
	for _, f := range files {
		file, _ := app.SplitArchivePath(f.path)
		byName[filepath.Base(file)] = append(byName[filepath.Base(file)], file)
	}
	for _, j := range jobs {
		if slices.ContainsFunc(byName[filepath.Base(j.out)], func(in string) bool { return samePath(in, j.out) }) {
			refused = append(refused, fmt.Sprintf("%s: is an input; refusing to overwrite it", j.out))
			continue
		}
		kept = append(kept, j)
	}
	return kept, refused
}

// jointModels maps the name of each skeletal clip a model takes (joints:
// Pairing.Assign), within its playScope, to that model, the first where
// several share a name.
func jointModels(srcs []*pairing.Source, joints map[*anim.Clip]int) map[string]int {
	out := map[string]int{}
	for _, s := range srcs {
		for _, c := range s.Asset.Clips {
			if m, ok := joints[c]; ok {
				key := playScope(s) + fileClipName(s, c)
				if _, dup := out[key]; !dup {
					out[key] = m
				}
			}
		}
	}
	return out
}

// playScope is where clips of one name play together, as a key prefix:
// their archive, or the folder of loose files. A game's folder of
// archives (Galaxy's BossKameck.arc, BossKameckBarrier.arc, …) names
// many clips Wait; each archive's Wait.brk goes with its own Wait.bck.
func playScope(s *pairing.Source) string {
	return cmp.Or(s.Archive, s.Dir) + "\x00"
}

// fileClipName is a clip's name, or its file's stem where the file names
// none (J3D).
func fileClipName(s *pairing.Source, c *anim.Clip) string {
	if c.Name != "" {
		return c.Name
	}
	n := path.Base(filepath.ToSlash(s.Name()))
	return strings.TrimSuffix(n, path.Ext(n))
}

// playName is the name of the skeletal clip a texture, material or
// visibility clip plays with: its own name (BotW's same-named clips,
// walk.btk with walk.bck), or X for a J3D clip named tX (the J3D games'
// tX.btk, tX.btp and tX.brk with X.bck). A folder export puts the clip
// into the file of the model that takes that skeletal clip; the export
// then merges it into that clip's animation (export.playNames).
func playName(s *pairing.Source, c *anim.Clip) string {
	name := fileClipName(s, c)
	switch c.Format {
	case "btk", "btp", "brk", "bpk", "bva":
		if x, ok := strings.CutPrefix(name, "t"); ok {
			return x
		}
	}
	return name
}
