package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/internal/app"
	"github.com/animscope/animscope/internal/export"
	"github.com/animscope/animscope/mesh"
)

// exportJob is one output file of a batch.
type exportJob struct {
	out   string
	scene export.Scene
}

// exportBatch converts any number of inputs into one .glb per model or
// loose animation in the directory fl.out, in parallel.
func exportBatch(fl exportFlags, inputs []string, stderr io.Writer) error {
	if st, err := os.Stat(fl.out); err == nil && !st.IsDir() {
		return Usagef("export: --out %s is a file; give a directory, or a name ending in .glb or .gltf", fl.out)
	}
	if err := os.MkdirAll(fl.out, 0o755); err != nil {
		return &app.InputError{File: fl.out, Err: fmt.Errorf("cannot create the output directory: %v", errors.Unwrap(err))}
	}
	start := time.Now()
	workers := runtime.GOMAXPROCS(0)
	files, failed := expandInputs(inputs, stderr)
	srcs, bad := loadSources(files, workers)
	for _, b := range bad {
		fmt.Fprintf(stderr, "animscope: %s\n", app.OneLine(b))
	}
	failed += len(bad)
	var model *anim.Skeleton
	var modelAsset *formats.Asset
	if fl.model != "" {
		var err error
		if model, modelAsset, err = loadModelAsset(fl.model); err != nil {
			return err
		}
	}
	jobs := planJobs(srcs, fl, model, modelAsset, stderr)
	for i := range jobs {
		jobs[i].scene.Interpolation = fl.interp
	}
	jobs, refused := refuseInputs(jobs, files)
	for _, r := range refused {
		fmt.Fprintf(stderr, "animscope: %s\n", r)
	}
	failed += len(refused)
	written, clips, jobFailed := runJobs(jobs, workers, stderr)
	failed += jobFailed
	summary := fmt.Sprintf("export: %d file(s) with %d animation(s) written to %s in %.2fs", written, clips, fl.out, time.Since(start).Seconds())
	if failed > 0 {
		return &batchError{fmt.Sprintf("%s; %d input(s) or output(s) failed", summary, failed)}
	}
	fmt.Fprintf(stderr, "animscope: %s\n", summary)
	return nil
}

// batchError is the summary line of a batch in which something failed
// (exit status 1).
type batchError struct{ msg string }

func (e *batchError) Error() string { return e.msg }

// expandInputs lists the files to open: files and FILE:PATH as given,
// the files directly inside a directory (sorted). A missing input is
// reported and counted.
func expandInputs(inputs []string, stderr io.Writer) (files []string, failed int) {
	for _, in := range inputs {
		file, _ := app.SplitArchivePath(in)
		st, err := os.Stat(file)
		if err != nil {
			fmt.Fprintf(stderr, "animscope: %s: %v\n", in, errors.Unwrap(err))
			failed++
			continue
		}
		if !st.IsDir() {
			files = append(files, in)
			continue
		}
		entries, err := os.ReadDir(in)
		if err != nil {
			fmt.Fprintf(stderr, "animscope: %s: %v\n", in, errors.Unwrap(err))
			failed++
			continue
		}
		for _, e := range entries {
			if e.Type().IsRegular() {
				files = append(files, dirEntry(filepath.Join(in, e.Name())))
			}
		}
	}
	return files, failed
}

// dirEntry marks a file found in a directory: one of unknown format is
// skipped silently, as the viewer's file browser does.
func dirEntry(p string) string { return "\x00" + p }

// loadSources opens the files in parallel and returns the models and
// animations in input order, plus one message per file that failed.
func loadSources(files []string, workers int) ([]*formats.Source, []string) {
	type result struct {
		srcs []*formats.Source
		bad  []string
	}
	res := make([]result, len(files))
	parallel(len(files), workers, func(i int) {
		res[i].srcs, res[i].bad = openSource(files[i])
	})
	var srcs []*formats.Source
	var bad []string
	for _, r := range res {
		srcs, bad = append(srcs, r.srcs...), append(bad, r.bad...)
	}
	return srcs, bad
}

// openSource opens one input as pairing sources: an archive gives one per
// openable entry.
func openSource(in string) ([]*formats.Source, []string) {
	fromDir := strings.HasPrefix(in, "\x00")
	in = strings.TrimPrefix(in, "\x00")
	file, inner := app.SplitArchivePath(in)
	dir := path.Dir(filepath.ToSlash(file))
	if inner != "" {
		a, err := app.LoadAsset(in)
		if err != nil {
			return nil, []string{err.Error()}
		}
		return []*formats.Source{{Path: in, Archive: file, Entry: inner, Dir: dir, Asset: a}}, nil
	}
	data, err := app.ReadInput(file)
	if err != nil {
		return nil, []string{err.Error()}
	}
	if fromDir && formats.Sniff(data) == "" {
		return nil, nil
	}
	a, err := formats.Open(file, data)
	if err != nil {
		return nil, []string{file + ": " + err.Error()}
	}
	if a.Archive != nil {
		return formats.ArchiveSources(file, a)
	}
	return []*formats.Source{{Path: file, Dir: dir, Asset: a}}, nil
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

// planJobs pairs the animations with the models as the viewer does
// (formats.Pair, each clip on the model Pairing.Assign gives it): one
// file per model with its animations, one per file
// of animations paired with no model (on its own skeleton, or the
// stand-in). With --model every animation file goes onto that model.
func planJobs(srcs []*formats.Source, fl exportFlags, model *anim.Skeleton, modelAsset *formats.Asset, stderr io.Writer) []exportJob {
	models := func(a *formats.Asset, sk *anim.Skeleton, in string) []*mesh.Model {
		if fl.noMesh {
			return nil
		}
		return sceneModels(a, sk, in, stderr)
	}
	var modelMeshes []*mesh.Model
	if model != nil {
		modelMeshes = models(modelAsset, model, fl.model)
	}
	names := map[string]int{}
	outName := func(s *formats.Source) string {
		stem := strings.TrimSuffix(path.Base(filepath.ToSlash(s.Name())), path.Ext(s.Name()))
		key := strings.ToLower(stem)
		names[key]++
		if n := names[key]; n > 1 {
			stem = fmt.Sprintf("%s-%d", stem, n)
		}
		return filepath.Join(fl.out, stem+".glb")
	}
	addClips := func(sc *export.Scene, s *formats.Source, clips []*anim.Clip) {
		clips, _ = chooseClips(clips, fl, true)
		for _, c := range clips {
			sc.Clips = append(sc.Clips, export.Clip{Clip: c, Source: s.Path})
		}
	}
	var jobs []exportJob
	if model != nil {
		for _, s := range srcs {
			if len(s.Asset.Clips) > 0 {
				j := exportJob{out: outName(s), scene: export.Scene{Skeleton: model, Models: modelMeshes, RootMotion: fl.rootMotion}}
				if addClips(&j.scene, s, s.Asset.Clips); len(j.scene.Clips) > 0 {
					jobs = append(jobs, j)
				}
			}
		}
		return jobs
	}
	p := formats.Pair(srcs)
	used := map[*anim.Clip]bool{}
	modelJob := map[*formats.Source]int{}
	best := p.Assign()
	for si, sug := range p.Suggestions {
		j := exportJob{out: outName(sug.Model), scene: export.Scene{Skeleton: sug.Skeleton, RootMotion: fl.rootMotion,
			Models: models(sug.Model.Asset, sug.Skeleton, sug.Model.Path)}}
		for _, c := range sug.Candidates {
			if m, ok := best[c.Clip]; ok && m == si {
				used[c.Clip] = true
				addClips(&j.scene, c.Anim, []*anim.Clip{c.Clip})
			}
		}
		modelJob[sug.Model] = len(jobs)
		jobs = append(jobs, j)
	}
	noModel := map[string]bool{}
	for _, s := range srcs {
		var loose []*anim.Clip
		for _, c := range s.Asset.Clips {
			if !used[c] {
				loose = append(loose, c)
			}
		}
		if len(loose) == 0 {
			continue
		}
		if ji, ok := modelJob[s]; ok {
			addClips(&jobs[ji].scene, s, loose)
			continue
		}
		if s.Archive != "" && !archiveHasModel(p, s.Archive) && !noModel[s.Archive] {
			noModel[s.Archive] = true
			fmt.Fprintf(stderr, "animscope: warning: %s: the archive holds no model; its animations are exported on stand-in skeletons\n", s.Archive)
		}
		j := exportJob{out: outName(s), scene: export.Scene{RootMotion: fl.rootMotion}}
		if i := formats.DefaultSkeleton(s.Asset.Skeletons); i >= 0 {
			j.scene.Skeleton = s.Asset.Skeletons[i]
			j.scene.Models = models(s.Asset, j.scene.Skeleton, s.Path)
		}
		if addClips(&j.scene, s, loose); len(j.scene.Clips) > 0 {
			jobs = append(jobs, j)
		}
	}
	return jobs
}

func archiveHasModel(p *formats.Pairing, archive string) bool {
	return slices.ContainsFunc(p.Models, func(m *formats.Source) bool { return m.Archive == archive })
}

// refuseInputs drops jobs whose output would overwrite an input file.
// Inputs are indexed by base name, so only an output named like an input
// is compared (a file can have only its own name in one directory).
func refuseInputs(jobs []exportJob, files []string) (kept []exportJob, refused []string) {
	byName := map[string][]string{}
	for _, f := range files {
		file, _ := app.SplitArchivePath(strings.TrimPrefix(f, "\x00"))
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

// runJobs writes the files in parallel, with a progress bar on a
// terminal and one line per file otherwise.
func runJobs(jobs []exportJob, workers int, stderr io.Writer) (written, clips, failed int) {
	var mu sync.Mutex
	var bar *progressbar.ProgressBar
	if f, ok := stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) && len(jobs) > 1 {
		bar = progressbar.NewOptions(len(jobs), progressbar.OptionSetWriter(stderr),
			progressbar.OptionShowCount(), progressbar.OptionShowIts(), progressbar.OptionSetItsString("files"),
			progressbar.OptionThrottle(100*time.Millisecond), progressbar.OptionClearOnFinish(),
			progressbar.OptionSetDescription("exporting"), progressbar.OptionSetWidth(30))
	}
	var late []string // messages held back while the bar is drawn
	parallel(len(jobs), workers, func(i int) {
		j := jobs[i]
		if bar != nil {
			bar.Describe(filepath.Base(j.out))
		}
		warns, err := export.WriteFile(j.out, j.scene)
		mu.Lock()
		defer mu.Unlock()
		var lines []string
		for _, w := range warns {
			lines = append(lines, "animscope: warning: "+app.OneLine(w))
		}
		if err != nil {
			failed++
			lines = append(lines, "animscope: "+app.OneLine(j.out+": "+err.Error()))
		} else {
			written++
			clips += len(j.scene.Clips)
			lines = append(lines, fmt.Sprintf("animscope: wrote %s (%d animation(s))", j.out, len(j.scene.Clips)))
		}
		if bar != nil {
			late = append(late, lines[:len(lines)-1]...)
			if err != nil {
				late = append(late, lines[len(lines)-1])
			}
			bar.Add(1)
			return
		}
		for _, l := range lines {
			fmt.Fprintln(stderr, l)
		}
	})
	if bar != nil {
		bar.Finish()
		for _, l := range late {
			fmt.Fprintln(stderr, l)
		}
	}
	return written, clips, failed
}
