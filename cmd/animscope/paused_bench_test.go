package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// BenchmarkPausedViewer is the viewer as a user leaves it paused: a model
// with its meshes, its animation, a texture file and a broken file (an
// error toast) open, paused with Space over the 3D view while the toast
// is up. Each op is one second of that; cpu-% is the whole process's CPU
// (the GL driver's threads included) over the run. A paused viewer
// draws nothing while nothing on screen changes: the target is 2% or
// less. Run it with -benchtime=Nx (N seconds).
func BenchmarkPausedViewer(b *testing.B) {
	if runtime.GOOS != "linux" {
		b.Skip("reads the viewer's CPU time from /proc")
	}
	dir := b.TempDir()
	files := []string{"../../formats/j3d/testdata/j3dmesh/synth.bmd", "../../formats/j3d/testdata/j3dmesh/synth_anim.bck",
		"../../formats/bfres/testdata/textures/wiiu/split.Tex1.bfres"}
	broken := filepath.Join(dir, "broken.bck")
	if err := os.WriteFile(broken, []byte("J3D1bck1 cut short"), 0o644); err != nil {
		b.Fatal(err)
	}
	args := append([]string{"--no-config", "--no-watch", "--size", "1024x700"}, append(files, broken)...)
	v := startViewer(b, []string{"XDG_CONFIG_HOME=" + b.TempDir()}, args...)
	win, err := v.x("xdotool", "search", "--pid", fmt.Sprint(v.cmd.Process.Pid)).Output()
	must(b, err)
	id := strings.Fields(string(win))[0]
	s := v.shootUntil("the animation playing", func(s viewerState) bool { return s.Playing })
	toast := false
	for _, n := range s.Notices {
		toast = toast || strings.Contains(n, "broken.bck")
	}
	if !toast {
		b.Fatalf("no message about broken.bck: %q", s.Notices)
	}
	for _, args := range [][]string{{"windowfocus", "--sync", id}, {"mousemove", "--sync", "--window", id, "500", "300"}, {"key", "space"}} {
		if out, err := v.x("xdotool", args...).CombinedOutput(); err != nil {
			b.Fatalf("xdotool %q: %v %s", args, err, out)
		}
	}
	v.shootUntil("paused by Space", func(s viewerState) bool { return !s.Playing })
	// The screenshot's own frames and ImGui's settling frames pass.
	time.Sleep(500 * time.Millisecond)
	b.ResetTimer()
	cpu0 := processCPU(b, v.cmd.Process.Pid)
	start := time.Now()
	for range b.N {
		time.Sleep(time.Second)
	}
	used := processCPU(b, v.cmd.Process.Pid) - cpu0
	b.ReportMetric(100*used.Seconds()/time.Since(start).Seconds(), "cpu-%")
	b.StopTimer()
	v.stop()
}

// processCPU is the user and system CPU time process pid has used, from
// /proc/PID/stat (in clock ticks of 1/100 s, Linux's USER_HZ).
func processCPU(tb testing.TB, pid int) time.Duration {
	tb.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	must(tb, err)
	// The command name, in parentheses, may hold spaces: fields count
	// from after its closing parenthesis (utime and stime are the 14th
	// and 15th fields of the line).
	rest := string(data[strings.LastIndexByte(string(data), ')')+1:])
	f := strings.Fields(rest)
	if len(f) < 13 {
		tb.Fatalf("/proc/%d/stat: %q", pid, data)
	}
	var ticks int64
	for _, s := range f[11:13] {
		n, err := strconv.ParseInt(s, 10, 64)
		must(tb, err)
		ticks += n
	}
	return time.Duration(ticks) * (time.Second / 100)
}
