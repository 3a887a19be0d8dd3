// Running an export: the outputs written (a batch's in parallel, with
// its progress), and an interruption that leaves no partial file.

package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"

	"github.com/animscope/animscope/internal/app"
	"github.com/animscope/animscope/internal/export"
)

// catchInterrupt watches for Ctrl+C (and SIGTERM) until the returned
// stop is called. On one it removes the temporary files being written,
// says so and exits with status 130; the finished outputs are complete
// (renamed into place).
func catchInterrupt(stderr io.Writer) (stop func()) {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case <-sig:
			export.RemovePending()
			fmt.Fprintln(stderr, "animscope: export: interrupted; no partial file left")
			os.Exit(130)
		case <-done:
		}
	}()
	return func() { signal.Stop(sig); close(done) }
}

// batchResult counts what a batch wrote.
type batchResult struct {
	written, clips, failed int
	bytes                  int64
}

// run writes the planned outputs into the directory OUT (created if
// missing) and counts the ones that failed.
func (b *batch) run(jobs []exportJob) (batchResult, error) {
	if err := os.MkdirAll(b.fl.out, 0o755); err != nil {
		return batchResult{}, &app.InputError{File: b.fl.out, Err: fmt.Errorf("cannot create the output directory: %v", errors.Unwrap(err))}
	}
	res := runJobs(jobs, b.workers, b.rep)
	b.failed += res.failed
	return res, nil
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
