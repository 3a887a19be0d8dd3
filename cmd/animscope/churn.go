package main

import (
	"bytes"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"

	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/render"
)

// churn is the long-session check (--churn N): after the first frames,
// the viewer closes everything and opens the files again, one step per
// frame, until it has opened them N more times; --state-json then holds
// the memory and GL object counts before and after, which must match.
type churn struct {
	total  int
	left   int      // openings still to do
	files  []string // what to open each time
	before *churnStats
	after  *churnStats
	closed bool // the last step closed everything
}

// churnStats is the process at one point of the churn.
type churnStats struct {
	HeapInuse   uint64         `json:"heapInuse"`
	HeapObjects uint64         `json:"heapObjects"`
	RSS         uint64         `json:"rss"` // bytes; 0 where /proc is missing
	GL          render.Objects `json:"gl"`
}

// churnStart is the frame the churn begins at: the first frames settle
// caches (fonts, buffers) that would otherwise count as growth.
const churnStart = 5

// measureChurn collects the garbage and hands freed pages back to the
// system first, so the figures compare what is held, not what the
// runtime happens to keep mapped.
func measureChurn() *churnStats {
	runtime.GC()
	debug.FreeOSMemory()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return &churnStats{HeapInuse: m.HeapInuse, HeapObjects: m.HeapObjects, RSS: rss(), GL: render.LiveObjects()}
}

// rss is the resident set size from /proc/self/statm (Linux).
func rss() uint64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := bytes.Fields(b)
	if len(f) < 2 {
		return 0
	}
	pages, err := strconv.ParseUint(string(f[1]), 10, 64)
	if err != nil {
		return 0
	}
	return pages * uint64(os.Getpagesize())
}

// step runs one frame of the churn: close everything, or open the files
// again. It reports whether the churn is still going.
func (c *churn) step(v *viewer, frame int) bool {
	if c == nil || frame < churnStart || c.after != nil {
		return false
	}
	if c.before == nil {
		c.before = measureChurn()
	}
	if c.left == 0 {
		c.after = measureChurn()
		return false
	}
	switch {
	case !c.closed:
		v.app.Apply(viewmodel.CloseAll{})
	case len(c.files) == 0:
		v.app.Apply(viewmodel.OpenDemo{})
		c.left--
	default:
		v.app.Open(c.files)
		c.left--
	}
	c.closed = !c.closed
	return true
}

// opened is how many times the files were opened again so far.
func (c *churn) opened() int { return c.total - c.left }
