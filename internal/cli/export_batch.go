package cli

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/archive"
	"github.com/animscope/animscope/formats/assemble"
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

// batchInput is one file to open: FILE or FILE:PATH as given, or a file
// found walking a directory (of unknown format: skipped quietly, as the
// viewer's file browser does), whose outputs go to the same folder
// under OUT (rel) that it has under the directory.
type batchInput struct {
	path    string
	fromDir bool
	rel     string
}

// exportBatch converts any number of inputs into one .glb per model or
// loose animation in the directory fl.out, in parallel.
func exportBatch(fl exportFlags, inputs []string, stderr io.Writer) error {
	if st, err := os.Stat(fl.out); err == nil && !st.IsDir() {
		return Usagef("export: --out %s is a file; give a directory, or a name ending in .glb or .gltf", fl.out)
	}
	start := time.Now()
	rep := newReporter(stderr)
	workers := runtime.GOMAXPROCS(0)
	files, failed, walked := expandInputs(inputs, fl.out, rep)
	if len(files) == 0 && failed == 0 {
		return nothingToExport(inputs, "no files in "+plural(walked, "folder", "folders"))
	}
	var model *anim.Skeleton
	var modelAsset *formats.Asset
	if fl.model != "" {
		var err error
		if model, modelAsset, err = loadModelAsset(fl.model); err != nil {
			return err
		}
	}
	loaded := loadInputs(files, workers, rep)
	var srcs []*pairing.Source
	rel := map[*pairing.Source]string{}
	// Identical content in one folder is one input: a .bfres beside its
	// Yaz0 .sbfres, or a file named twice. The same file in two folders
	// stays two inputs, each paired with its own neighbours.
	type content struct {
		dir string
		sum [sha256.Size]byte
	}
	seen := map[content]string{}
	var empty []string
	opened := 0
	for _, l := range loaded {
		for _, b := range l.bad {
			rep.fail(b)
		}
		failed += len(l.bad)
		if l.skipped {
			continue
		}
		opened++
		if l.hashed {
			key := content{filepath.Dir(l.in.path), l.sum}
			if first, ok := seen[key]; ok {
				rep.note(fmt.Sprintf("%s holds the same data as %s (once decompressed); exported once", l.in.path, first))
				continue
			}
			seen[key] = l.in.path
		}
		if !slices.ContainsFunc(l.srcs, exportable) {
			if len(l.bad) == 0 {
				empty = append(empty, l.in.path)
			}
			continue
		}
		for _, s := range l.srcs {
			rel[s] = l.in.rel
		}
		srcs = append(srcs, l.srcs...)
	}
	if len(empty) > 0 {
		rep.note(fmt.Sprintf("skipped %s with no model or animation (textures or other data): %s", plural(len(empty), "file", "files"), shortNames(empty, 4)))
	}
	stop := rep.spin(fmt.Sprintf("pairing the animations of %s with their models", plural(len(srcs), "file", "files")))
	jobs := planJobs(srcs, fl, model, modelAsset, rel, rep)
	stop()
	jobs, refused := refuseInputs(jobs, files)
	for _, r := range refused {
		rep.fail(r)
	}
	failed += len(refused)
	if len(jobs) == 0 && failed == 0 {
		why := fmt.Sprintf("none of its %s holds a model or animation animscope opens", plural(len(files), "file", "files"))
		switch {
		case fl.model != "" && len(srcs) > 0:
			why = "no animation to pose on --model " + fl.model
		case opened > 0:
			why = fmt.Sprintf("%s opened, none holds a model or animation", plural(opened, "file", "files"))
		}
		return nothingToExport(inputs, why)
	}
	if err := os.MkdirAll(fl.out, 0o755); err != nil {
		return &app.InputError{File: fl.out, Err: fmt.Errorf("cannot create the output directory: %v", errors.Unwrap(err))}
	}
	res := runJobs(jobs, workers, rep)
	failed += res.failed
	// The time ends the line: scripts comparing runs drop " in 0.27s".
	summary := fmt.Sprintf("export: %s with %s (%s), %s, %d failed: written to %s in %.2fs",
		plural(res.written, "file", "files"), plural(res.clips, "animation", "animations"), humanSize(res.bytes),
		plural(rep.warnings, "warning", "warnings"), failed, fl.out, time.Since(start).Seconds())
	if failed > 0 {
		return &batchError{summary}
	}
	fmt.Fprintf(stderr, "animscope: %s\n", summary)
	return nil
}

// nothingToExport is the error of a batch that found nothing to write
// (exit status 1, as for a bad input: the command did not do its job).
func nothingToExport(inputs []string, why string) error {
	return &app.InputError{File: strings.Join(inputs, ", "), Err: fmt.Errorf("nothing to export: %s", why)}
}

// exportable reports whether a source gives an output: a skeleton or an
// animation.
func exportable(s *pairing.Source) bool {
	return len(s.Asset.Skeletons) > 0 || len(s.Asset.Clips) > 0
}

// batchError is the summary line of a batch in which something failed
// (exit status 1).
type batchError struct{ msg string }

func (e *batchError) Error() string { return e.msg }

// expandInputs lists the files to open: files and FILE:PATH as given,
// and every regular file under a directory, walked recursively in
// lexical order (the output directory itself is left out). A missing
// input is reported and counted; walked counts the folders.
func expandInputs(inputs []string, out string, rep *reporter) (files []batchInput, failed, walked int) {
	for _, in := range inputs {
		file, _ := app.SplitArchivePath(in)
		st, err := os.Stat(file)
		if err != nil {
			rep.fail(fmt.Sprintf("%s: %v", in, errors.Unwrap(err)))
			failed++
			continue
		}
		if !st.IsDir() {
			files = append(files, batchInput{path: in})
			continue
		}
		err = filepath.WalkDir(in, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				rep.fail(fmt.Sprintf("%s: %v", p, errors.Unwrap(err)))
				failed++
				return nil
			}
			if d.IsDir() {
				if p != in && samePath(p, out) {
					return fs.SkipDir
				}
				walked++
				return nil
			}
			if !d.Type().IsRegular() {
				return nil
			}
			r, err := filepath.Rel(in, filepath.Dir(p))
			if err != nil || r == "." {
				r = ""
			}
			files = append(files, batchInput{path: p, fromDir: true, rel: filepath.ToSlash(r)})
			return nil
		})
		if err != nil {
			rep.fail(fmt.Sprintf("%s: %v", in, err))
			failed++
		}
	}
	return files, failed, walked
}

// loadedInput is one input opened: its models and animations, the hash
// of its content once decompressed (a .bfres and its Yaz0 .sbfres are
// the same file), and one message per part that failed.
type loadedInput struct {
	in      batchInput
	srcs    []*pairing.Source
	sum     [sha256.Size]byte
	hashed  bool
	skipped bool // a file of unknown format found in a directory
	bad     []string
}

// loadInputs opens the files in parallel (a bar on a terminal) and
// returns them in input order.
func loadInputs(files []batchInput, workers int, rep *reporter) []loadedInput {
	res := make([]loadedInput, len(files))
	if len(files) > 8 {
		rep.startBar("reading", len(files), len(files))
		defer rep.stopBar()
	}
	parallel(len(files), workers, func(i int) {
		res[i] = openInput(files[i])
		rep.end("")
	})
	return res
}

// openInput opens one input as pairing sources (an archive gives one per
// openable entry, each linked to the textures beside it as the viewer
// links them).
func openInput(in batchInput) loadedInput {
	l := loadedInput{in: in}
	file, inner := app.SplitArchivePath(in.path)
	dir := path.Dir(filepath.ToSlash(file))
	if inner != "" {
		a, err := app.LoadAsset(in.path)
		if err != nil {
			l.bad = []string{err.Error()}
			return l
		}
		l.srcs = []*pairing.Source{{Path: in.path, Archive: file, Entry: inner, Dir: dir, Asset: a}}
		return l
	}
	data, err := app.ReadInput(file)
	if err != nil {
		l.bad = []string{err.Error()}
		return l
	}
	if in.fromDir && formats.Sniff(data) == "" {
		l.skipped = true
		return l
	}
	if plain, err := decompressed(data); err == nil {
		l.sum, l.hashed = sha256.Sum256(plain), true
		data = plain
	}
	a, err := formats.Open(file, data)
	if err != nil {
		l.bad = []string{file + ": " + err.Error()}
		return l
	}
	if a.Archive != nil {
		var warns []string
		l.srcs, warns = pairing.ArchiveSources(file, a)
		for _, s := range l.srcs {
			assemble.Textures(s.Asset, assemble.ArchiveSiblings(a.Archive, s.Entry))
		}
		l.bad = warns
		return l
	}
	assemble.Textures(a, assemble.DirSiblings(file))
	l.srcs = []*pairing.Source{{Path: file, Dir: dir, Asset: a}}
	return l
}

// decompressed is a file's content without its Zstandard or Yaz0
// wrapping, as formats.Open reads it.
func decompressed(data []byte) ([]byte, error) {
	var err error
	if archive.IsZstd(data) {
		if data, err = archive.DecompressZstd(data); err != nil {
			return nil, err
		}
	}
	if archive.IsYaz0(data) {
		if data, err = archive.DecompressYaz0(data); err != nil {
			return nil, err
		}
	}
	return data, nil
}

// parallel runs fn(0..n-1) on workers goroutines.
func parallel(n, workers int, fn func(i int)) {
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < min(workers, n); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				fn(i)
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
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
		clips, _ = chooseClips(clips, fl, true)
		for _, c := range clips {
			sc.Clips = append(sc.Clips, export.Clip{Clip: c, Source: s.Path})
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
	assigned := func(c *anim.Clip) (int, bool) {
		if m, ok := joints[c]; ok {
			return m, true
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
			si, ok := assigned(c)
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

// batchResult counts what a batch wrote.
type batchResult struct {
	written, clips, failed int
	bytes                  int64
}

// runJobs writes the files in parallel: on a terminal a bar that moves
// with every animation converted, with warnings printed above it as they
// come; otherwise one line per file written.
func runJobs(jobs []exportJob, workers int, rep *reporter) batchResult {
	units := 0
	for _, j := range jobs {
		units += len(j.scene.Clips) + 1
	}
	rep.startBar("exporting", len(jobs), units)
	defer rep.stopBar()
	var mu sync.Mutex
	var res batchResult
	parallel(len(jobs), workers, func(i int) {
		j := jobs[i]
		name := filepath.Base(j.out)
		rep.begin(name)
		j.scene.Progress = rep.step
		var warns []string
		var size int64
		err := os.MkdirAll(filepath.Dir(j.out), 0o755) // the input's folder, mirrored
		if err == nil {
			warns, size, err = writeJob(j)
		}
		for _, w := range warns {
			rep.warn(w)
		}
		mu.Lock()
		if err != nil {
			res.failed++
		} else {
			res.written++
			res.clips += export.AnimationCount(j.scene.Clips)
			res.bytes += size
		}
		mu.Unlock()
		if err != nil {
			rep.fail(j.out + ": " + err.Error())
		} else {
			rep.info(fmt.Sprintf("wrote %s (%s, %s)", j.out, plural(export.AnimationCount(j.scene.Clips), "animation", "animations"), humanSize(size)))
		}
		rep.end(name)
	})
	return res
}

// writeJob writes one output: its warnings for the user (jobWarnings)
// and its size on disk (with a .gltf, its .bin too).
func writeJob(j exportJob) (warns []string, size int64, err error) {
	built, err := export.WriteFile(j.out, j.scene)
	warns = jobWarnings(j, built)
	if err != nil {
		return warns, 0, err
	}
	for _, f := range []string{j.out, strings.TrimSuffix(j.out, filepath.Ext(j.out)) + ".bin"} {
		if st, err := os.Stat(f); err == nil && (f == j.out || strings.EqualFold(filepath.Ext(j.out), ".gltf")) {
			size += st.Size()
		}
	}
	return warns, size, nil
}
