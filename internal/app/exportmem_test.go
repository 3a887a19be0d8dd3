package app

import (
	"path/filepath"
	"runtime"
	"testing"

	"github.com/animscope/animscope/internal/app/apptest"
)

// TestExportReturnsMemory: once File › Export has written its file, the
// memory it built (samples, keys, the document's buffers: tens of MB for
// the 96-clip BFRES, gigabytes for a character's clip) is neither
// referenced nor kept mapped by the runtime: the pages the heap holds
// unused and unreleased are few, so the viewer's resident memory returns
// to what it was instead of staying at the export's peak.
func TestExportReturnsMemory(t *testing.T) {
	a := New(nil)
	a.Open([]string{apptest.BFRESFixtures + "export_bench.bfres"})
	p, err := a.Export().Plan(ExportRequest{Path: filepath.Join(t.TempDir(), "bench.glb"), All: true})
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	r := p.Run()
	if r.Err != nil || r.Clips != 96 {
		t.Fatalf("export: %d clips, %v", r.Clips, r.Err)
	}
	a.Export().Finished(p, r)
	runtime.GC()
	runtime.ReadMemStats(&after)
	// What is still referenced after a collection: nothing of the export
	// (the plan's clips and models are the open files').
	if grown := int64(after.HeapAlloc) - int64(before.HeapAlloc); grown > 4<<20 {
		t.Errorf("the heap holds %d kB more after the export", grown>>10)
	}
	// Pages the runtime keeps mapped without using them count in the
	// process's resident memory.
	if kept := after.HeapIdle - after.HeapReleased; kept > 4<<20 {
		t.Errorf("the runtime keeps %d MB of free heap mapped after the export", kept>>20)
	}
	runtime.KeepAlive(a) // the viewer keeps its files open
}
