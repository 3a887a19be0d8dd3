package main

import (
	"fmt"
	"time"

	"github.com/animscope/animscope/internal/app"
	"github.com/animscope/animscope/internal/platform"
	"github.com/animscope/animscope/internal/viewmodel"
)

// exportJob runs what File › Export glTF asks for (the dialog is ui's):
// the app plans it on the frame loop, another goroutine writes it (a large
// BFRES takes a moment), and the outcome goes to Messages and back to the
// view.
type exportJob struct {
	running bool
	done    chan exportDone
	last    viewmodel.ExportOutcome
}

type exportDone struct {
	plan *app.ExportPlan
	res  app.ExportResult
}

// exportView is the export's part of this frame's view.
func (v *viewer) exportView() viewmodel.ExportView {
	return viewmodel.ExportView{DefaultPath: v.app.Export().DefaultPath(), Running: v.exp.running, Last: v.exp.last}
}

// startExport plans the export on the frame loop (it reads the app's
// state) and writes it on another goroutine.
func (v *viewer) startExport(req viewmodel.Export) {
	e := &v.exp
	if e.running {
		return
	}
	plan, err := v.app.Export().Plan(app.ExportRequest{Path: req.Path, All: req.All, NoMesh: req.NoMesh})
	if err != nil {
		v.app.Notify(viewmodel.Error, "export: %v", err)
		e.last = viewmodel.ExportOutcome{Text: "Export failed: " + err.Error(), Failed: true, Time: time.Now()}
		return
	}
	if e.done == nil {
		e.done = make(chan exportDone, 1)
	}
	e.running = true
	go func() {
		e.done <- exportDone{plan, plan.Run()}
		platform.Wake() // an idle loop sleeps until an event: this is one
	}()
}

// pollExport reports a finished export.
func (v *viewer) pollExport() {
	e := &v.exp
	select {
	case d := <-e.done:
		e.running = false
		v.app.Export().Finished(d.plan, d.res)
		e.last = viewmodel.ExportOutcome{Text: fmt.Sprintf("Exported %d animation(s) to %s", d.res.Clips, d.res.Path), Time: time.Now()}
		if d.res.Err != nil {
			e.last.Text, e.last.Failed = "Export failed: "+d.res.Err.Error(), true
		}
	default:
	}
}
