package main

import (
	"fmt"
	"io"
	"sort"
	"time"

	"github.com/animscope/animscope/internal/app"
	"github.com/animscope/animscope/internal/cputime"
	"github.com/animscope/animscope/internal/viewmodel"
)

// frameSample is one frame's cost: wall time and thread CPU time without
// the buffer swap, and the part of the CPU time spent in GL calls.
type frameSample struct {
	wall, cpu, gl time.Duration
	uiVerts       int
}

// printBench reports the frame costs of --bench-frames.
func printBench(w io.Writer, samples []frameSample, firstFrame, sinceOpen, load time.Duration, a *app.App, scene *viewmodel.Scene, gl string) {
	if len(samples) == 0 {
		return
	}
	// The first frames build font and buffer caches; report them apart.
	warm := samples
	if len(warm) > 10 {
		warm = warm[10:]
	}
	ms := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e6 }
	stat := func(get func(frameSample) time.Duration) string {
		v := make([]time.Duration, len(warm))
		var sum time.Duration
		for i, s := range warm {
			v[i] = get(s)
			sum += v[i]
		}
		sort.Slice(v, func(i, j int) bool { return v[i] < v[j] })
		return fmt.Sprintf("mean %.3f ms, median %.3f ms, p95 %.3f ms, max %.3f ms",
			ms(sum/time.Duration(len(v))), ms(v[len(v)/2]), ms(v[len(v)*95/100]), ms(v[len(v)-1]))
	}
	joints, targets := a.Counts()
	_, cpuOK := cputime.Thread()
	fmt.Fprintf(w, "bench: %d frames (%d after warm-up), %d joints drawn, %d clip targets, GL %s\n", len(samples), len(warm), joints, targets, gl)
	if cpuOK {
		fmt.Fprintf(w, "frame CPU, thread time excluding swap: %s\n", stat(func(s frameSample) time.Duration { return s.cpu }))
		fmt.Fprintf(w, "  of which update+UI+scene (Go):     %s\n", stat(func(s frameSample) time.Duration { return s.cpu - s.gl }))
		fmt.Fprintf(w, "  of which GL submission (driver):   %s\n", stat(func(s frameSample) time.Duration { return s.gl }))
	}
	fmt.Fprintf(w, "frame wall time excluding swap:      %s\n", stat(func(s frameSample) time.Duration { return s.wall }))
	fmt.Fprintf(w, "ImGui vertices in the last frame: %d; scene: %d bone segments, %d joint markers\n",
		samples[len(samples)-1].uiVerts, len(scene.Bones), len(scene.Points))
	fmt.Fprintf(w, "open-to-first-frame: %.1f ms from opening the files to the first frame shown (loading %.2f ms); %.1f ms since process start\n",
		ms(sinceOpen), ms(load), ms(firstFrame))
}
