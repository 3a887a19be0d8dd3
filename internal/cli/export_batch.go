// A directory export (a batch) runs in three stages. Planning decides
// which files are read (export_inputs.go: the inputs walked, opened and
// told apart) and which models and clips go into which output
// (export_plan.go: one exportJob per output, paired as the viewer
// pairs). Running writes the outputs in parallel, with the progress on
// a terminal and Ctrl+C leaving nothing half-written (export_run.go,
// export_progress.go). Reporting words what each output's export warned
// of and ends the run with its summary (export_report.go).

package cli

import (
	"io"
	"os"
	"runtime"
	"time"
)

// batch is one directory export: its options, what it tells the user,
// and the failures counted over its stages (each makes the exit status
// 1, but the rest goes on).
type batch struct {
	fl      exportFlags
	rep     *reporter
	workers int
	failed  int
}

// exportBatch converts any number of inputs into one .glb per model or
// loose animation in the directory fl.out, in parallel.
func exportBatch(fl exportFlags, inputs []string, stderr io.Writer) error {
	if st, err := os.Stat(fl.out); err == nil && !st.IsDir() {
		return Usagef("export: --out %s is a file; give a directory, or a name ending in .glb or .gltf", fl.out)
	}
	start := time.Now()
	b := &batch{fl: fl, rep: newReporter(stderr), workers: runtime.GOMAXPROCS(0)}
	jobs, err := b.plan(inputs)
	if err != nil {
		return err
	}
	res, err := b.run(jobs)
	if err != nil {
		return err
	}
	return b.summary(res, time.Since(start), stderr)
}
