package main

import (
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"runtime/pprof"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/assets"
	"github.com/animscope/animscope/cmd/viewer/internal/platform"
	"github.com/animscope/animscope/render"
	"github.com/animscope/animscope/ui"
)

// processStart is when the program started, for the open-to-first-frame
// measurement of --bench-frames.
var processStart = time.Now()

const guiUsage = `Usage: animscope [flags] [FILE...]

Opens the viewer. FILEs (animations, models, archives; FILE:path/in/archive
for one entry) are opened together, so a model and its animations pair up.
With no FILE the embedded demo opens. Flags may come before or after files.

Flags:
`

type guiFlags struct {
	screenshot  string
	afterFrames int
	bench       int
	frame       float64
	hasFrame    bool
	width       int
	height      int
	noConfig    bool
	labels      bool
	selectName  string
	cpuProfile  string
	stateJSON   string
	analysis    analysisFlags
}

func parseGUIFlags(args []string, out io.Writer) (*guiFlags, []string, error) {
	fs := newFlagSet("animscope", guiUsage, out)
	g := &guiFlags{}
	fs.StringVar(&g.screenshot, "screenshot", "", "write a PNG of the whole window after --after-frames frames, then exit")
	fs.IntVar(&g.afterFrames, "after-frames", 10, "frames to draw before --screenshot; 0: only when SIGUSR1 asks (the viewer keeps running)")
	fs.IntVar(&g.bench, "bench-frames", 0, "draw N frames, print the CPU time per frame (without the buffer swap) and open-to-first-frame time, exit")
	frame := fs.String("frame", "", "start paused at this animation frame")
	size := fs.String("size", "", "window size WxH in screen units (default: the last size)")
	fs.BoolVar(&g.noConfig, "no-config", false, "neither read nor write settings (window, recent files, panel layout)")
	fs.BoolVar(&g.labels, "labels", false, "show joint names")
	fs.StringVar(&g.selectName, "select", "", "select the joint (or texture entry) with this name, or #INDEX for the joint clip's target INDEX")
	fs.StringVar(&g.stateJSON, "state-json", "", "with each screenshot, write the view's state (3D viewport, camera, joint positions, open files, messages) as JSON to this file")
	fs.StringVar(&g.cpuProfile, "cpuprofile", "", "write a Go CPU profile of the session to this file (for performance work)")
	g.analysis.register(fs)
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return nil, nil, err
	}
	if err := g.analysis.check(); err != nil {
		return nil, nil, err
	}
	if *frame != "" {
		f, err := parseFinite(*frame)
		if err != nil {
			return nil, nil, usagef("--frame: %v", err)
		}
		g.frame, g.hasFrame = f, true
	}
	if *size != "" {
		w, h, err := parseSize(*size)
		if err != nil {
			return nil, nil, usagef("--size: %v", err)
		}
		g.width, g.height = w, h
	}
	if g.afterFrames < 0 {
		return nil, nil, usagef("--after-frames must not be negative")
	}
	if g.bench < 0 {
		return nil, nil, usagef("--bench-frames must not be negative")
	}
	return g, pos, nil
}

// maxWindowSide bounds --size (and render's --size): far beyond screens.
const maxWindowSide = 16384

func parseSize(s string) (int, int, error) {
	ws, hs, ok := strings.Cut(strings.ToLower(s), "x")
	if !ok {
		return 0, 0, fmt.Errorf("%q: want WxH, e.g. 1280x720", s)
	}
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if err1 != nil || err2 != nil || w < 1 || h < 1 || w > maxWindowSide || h > maxWindowSide {
		return 0, 0, fmt.Errorf("%q: want WxH with sides 1..%d", s, maxWindowSide)
	}
	return w, h, nil
}

// runGUI opens the viewer window and runs it until closed.
func runGUI(args []string, stdout, stderr io.Writer) error {
	g, files, err := parseGUIFlags(args, stdout)
	if err != nil {
		return err
	}
	// Before the window exists, so a signal never meets the default
	// action (exit) once the window can be seen.
	signals := notifySignals()
	if err := platform.Init(); err != nil {
		if errors.Is(err, platform.ErrNoDisplay) {
			return fmt.Errorf("%v; the viewer needs a display. Headless: animscope render FILE --frame F --out x.png", err)
		}
		return err
	}
	defer platform.Terminate()

	cfgDir := ""
	if !g.noConfig {
		cfgDir = configDir()
	}
	set := loadSettings(cfgDir)
	opts := platform.Options{Title: "animscope", Width: set.Window.W, Height: set.Window.H,
		X: set.Window.X, Y: set.Window.Y, HasPos: set.Window.HasPos, Maximized: set.Window.Maximized, VSync: true}
	if g.width > 0 {
		opts.Width, opts.Height, opts.Maximized, opts.HasPos = g.width, g.height, false, false
	}
	win, err := platform.NewWindow(opts)
	if err != nil {
		return err
	}
	defer win.Destroy()
	if err := render.Init(); err != nil {
		return err
	}

	v, err := newViewer(win, cfgDir, set, stderr)
	if err != nil {
		return err
	}
	v.signals = signals
	defer v.close()
	if g.labels {
		v.ui.Options.Labels = true
	}
	loadStart := time.Now()
	v.openStart = loadStart
	if len(files) == 0 {
		v.app.openDemo()
	} else {
		v.app.open(files)
	}
	v.loadTime = time.Since(loadStart)
	if g.hasFrame {
		for _, s := range v.app.slots() {
			s.clock.Seek(g.frame)
		}
		v.app.apply(ui.Pause{})
		v.app.evaluate()
	}
	if g.selectName != "" {
		v.selectByName(g.selectName)
	}
	v.applyAnalysisFlags(&g.analysis)
	if g.cpuProfile != "" {
		f, err := os.Create(g.cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	return v.loop(g, stdout)
}

// viewer ties the window, ImGui, the renderers, the UI and the app.
type viewer struct {
	win      *platform.Window
	ctx      *imgui.Context
	ui       *ui.UI
	app      *app
	scene    *render.Renderer
	imr      *render.ImGuiRenderer
	checker  render.Texture
	cfgDir   string
	set      settings
	loadTime time.Duration

	view      ui.View
	sceneData render.Scene
	cmpRender compareRenderer
	chainMode bool
	title     string
	// openStart is when the files given at startup began to load;
	// firstFrameSinceOpen is from then to the first frame shown.
	openStart           time.Time
	firstFrameSinceOpen time.Duration
	signals             <-chan os.Signal
}

func newViewer(win *platform.Window, cfgDir string, set settings, log io.Writer) (*viewer, error) {
	v := &viewer{win: win, cfgDir: cfgDir, set: set, ui: ui.New()}
	v.ui.Options = set.Options
	v.newContext(nil)
	var err error
	if v.imr, err = render.NewImGuiRenderer(); err != nil {
		return nil, err
	}
	v.imr.Install()
	if err := v.imr.UploadFonts(); err != nil {
		return nil, err
	}
	if v.scene, err = render.NewRenderer(); err != nil {
		return nil, err
	}
	img, err := assets.Checker()
	if err != nil {
		return nil, fmt.Errorf("assets: checker: %w", err)
	}
	if v.checker, err = render.NewTexture(img, true, true); err != nil {
		return nil, err
	}
	v.app = newApp(log)
	v.app.clipboard = win.SetClipboard
	v.app.recent = set.Recent
	if set.BrowseDir != "" {
		v.app.browser.Dir = set.BrowseDir
	}
	v.app.speed = set.Speed
	v.app.chainMode = set.Options.ChainMode
	v.app.up = set.Options.Up
	v.chainMode = v.app.chainMode
	v.app.loadDemo = func() ([]demoFile, error) {
		fs, err := assets.Demo()
		out := make([]demoFile, len(fs))
		for i, f := range fs {
			out[i] = demoFile{f.Name, f.Data}
		}
		return out, err
	}
	return v, nil
}

// newContext creates the ImGui context (again, after a DPI change: ImGui
// 1.85 cannot rebuild a font atlas in place), keeping the panel layout.
func (v *viewer) newContext(ini []byte) {
	v.ctx = imgui.CreateContext(nil)
	io := imgui.CurrentIO()
	if v.cfgDir != "" {
		_ = os.MkdirAll(v.cfgDir, 0o755)
		io.SetIniFilename(filepath.Join(v.cfgDir, "imgui.ini"))
	} else {
		io.SetIniFilename("")
	}
	if ini != nil {
		imgui.LoadIniSettingsFromMemory(string(ini))
	}
	v.win.InstallImGui()
	ww, _ := v.win.Size()
	fw, _ := v.win.FramebufferSize()
	ratio := float32(1)
	if ww > 0 {
		ratio = float32(fw) / float32(ww)
	}
	v.ui.SetupFonts(v.win.ContentScale(), ratio)
}

func (v *viewer) rebuildFonts() {
	ini := imgui.SaveIniSettingsToMemory()
	v.ctx.Destroy()
	v.newContext([]byte(ini))
	v.imr.Install()
	if err := v.imr.UploadFonts(); err != nil {
		v.app.notify(ui.Error, "fonts: %v", err)
	}
}

func (v *viewer) close() {
	v.saveSettings()
	v.checker.Delete()
	v.cmpRender.targets.Delete()
	v.scene.Delete()
	v.imr.Delete()
	v.ctx.Destroy()
}

func (v *viewer) saveSettings() {
	if v.cfgDir == "" {
		return
	}
	s := v.set
	s.Window.Maximized = v.win.Maximized()
	if !s.Window.Maximized {
		s.Window.W, s.Window.H = v.win.Size()
		s.Window.X, s.Window.Y = v.win.Pos()
		s.Window.HasPos = true
	}
	s.Recent = v.app.recent
	s.BrowseDir = v.app.browser.Dir
	s.Options = v.ui.Options
	s.Speed = v.app.speed
	if err := saveSettings(v.cfgDir, s); err != nil {
		fmt.Fprintf(os.Stderr, "animscope: saving settings: %v\n", err)
	}
}

// selectByName selects the first joint or texture entry called name.
func (v *viewer) selectByName(name string) {
	if v.selectByIndex(name) {
		return
	}
	for _, m := range v.app.markers {
		if m.Name == name {
			v.app.apply(ui.SelectJoint{Joint: m.Joint})
			return
		}
	}
	if v.app.tex != nil {
		for i, t := range v.app.tex.clip.Targets {
			if t.Name == name {
				v.app.apply(ui.SelectTexTarget{Target: i})
				return
			}
		}
	}
	v.app.notify(ui.Warning, "--select: no joint or texture entry named %q", name)
}

// idleAfter is how many frames the loop keeps drawing after the last
// event before it sleeps until the next one (ImGui needs a few frames to
// settle hover and focus).
const idleAfter = 4

func (v *viewer) loop(g *guiFlags, stdout io.Writer) error {
	var (
		frame      int
		quietSince int
		samples    []frameSample
		firstFrame time.Duration
		lastFrame  = time.Now()
		fpsAvg     float64
		stats      ui.Stats
	)
	stats.GL = render.Version()
	checkerRef := ui.TextureRef{ID: uintptr(v.checker.ID), W: v.checker.W, H: v.checker.H}
	headless := g.screenshot != "" || g.bench > 0
	for !v.win.ShouldClose() {
		// Sleep while nothing moves and nobody touches anything.
		idle := !headless && !v.app.anyRunning() && !v.app.comparePlaying() && quietSince > idleAfter
		if idle {
			platform.WaitEvents(250 * time.Millisecond)
		} else {
			platform.PollEvents()
		}
		start := time.Now()
		cpu0, cpuOK := threadCPU()
		if v.win.TakeActivity() {
			quietSince = 0
		} else {
			quietSince++
		}
		// A screenshot is due at --after-frames, or when SIGUSR1 asks (to
		// the --screenshot path, or a new file, without exiting).
		shot, exitAfterShot := "", false
		if g.screenshot != "" && g.afterFrames > 0 && frame+1 == g.afterFrames {
			shot, exitAfterShot = g.screenshot, true
		}
		select {
		case sig := <-v.signals:
			if !isScreenshotSignal(sig) {
				v.win.SetShouldClose(true)
			} else if shot == "" {
				shot = g.screenshot
				if shot == "" {
					shot = fmt.Sprintf("animscope-%s.png", time.Now().Format("20060102-150405.000"))
				}
			}
		default:
		}
		for _, paths := range v.win.TakeDrops() {
			v.app.open(paths)
		}
		if v.win.TakeScaleChanged() {
			v.rebuildFonts()
		}
		dt := v.win.NewFrame()
		if v.ui.Options.Up != v.app.up {
			v.app.up = v.ui.Options.Up
			v.app.sceneReady = false
			v.app.evaluate()
			v.app.frameScene(true)
		}
		if v.ui.Options.ChainMode != v.chainMode {
			v.chainMode = v.ui.Options.ChainMode
			v.app.chainMode = v.chainMode
			v.app.rebind()
			v.app.sceneReady = false
		}
		v.app.setCompareActive(v.ui.CompareOpen())
		v.app.advance(dt)
		v.app.evaluate()
		v.app.view(&v.view, stats, checkerRef)

		imgui.NewFrame()
		intents := v.ui.Frame(&v.view)
		for _, in := range intents {
			v.app.apply(in)
		}
		if len(intents) > 0 {
			v.app.evaluate()
			quietSince = 0
		}
		if v.app.quit {
			v.win.SetShouldClose(true)
		}
		imgui.Render()

		fbW, fbH := v.win.FramebufferSize()
		ww, wh := v.win.Size()
		sx, sy := float32(1), float32(1)
		if ww > 0 && wh > 0 {
			sx, sy = float32(fbW)/float32(ww), float32(fbH)/float32(wh)
		}
		v.prepareCompare(sx)
		render.Clear(fbW, fbH, colBackground)
		r := v.ui.Scene()
		vp := render.Viewport{X: int32(r.X * sx), Y: int32(float32(fbH) - (r.Y+r.H)*sy), W: int32(r.W * sx), H: int32(r.H * sy)}
		v.app.buildScene(&v.sceneData, vp, v.ui.Scale()*sx, v.ui.Options, v.checker)
		cpu1, _ := threadCPU()
		v.drawCompare()
		v.scene.DrawScene(&v.sceneData)
		v.imr.Render(imgui.RenderedDrawData(), fbW, fbH)
		cpu2, _ := threadCPU()
		wall := time.Since(start)
		sample := frameSample{wall: wall, cpu: wall, uiVerts: imgui.CurrentIO().MetricsRenderVertices()}
		if cpuOK {
			sample.cpu, sample.gl = cpu2-cpu0, cpu2-cpu1
		}
		frame++

		if shot != "" {
			img := render.ReadBackBuffer(fbW, fbH)
			if err := writePNG(shot, img); err != nil {
				return err
			}
			fmt.Fprintf(stdout, "screenshot: %s (%dx%d)\n", shot, fbW, fbH)
			if g.stateJSON != "" {
				top := int(float32(fbH)) - int(vp.Y) - int(vp.H)
				st := v.app.state(fbW, fbH, [4]int{int(vp.X), top, int(vp.W), int(vp.H)})
				st.ContentScale, st.UIScale = v.win.ContentScale(), v.ui.Scale()
				v.analysisState(&st, sx, sy)
				if err := writeState(g.stateJSON, st); err != nil {
					return err
				}
			}
			if exitAfterShot {
				v.win.SetShouldClose(true)
			}
		}
		v.win.Swap()
		if frame == 1 {
			firstFrame = time.Since(processStart)
			v.firstFrameSinceOpen = time.Since(v.openStart)
		}
		if g.bench > 0 {
			samples = append(samples, sample)
			if frame >= g.bench {
				v.win.SetShouldClose(true)
			}
		}
		stats.FrameCPU = sample.cpu
		now := time.Now()
		if d := now.Sub(lastFrame).Seconds(); d > 0 {
			fpsAvg = fpsAvg*0.9 + 0.1/d
		}
		stats.FPS = fpsAvg
		// Frame pacing: with a working vsync the swap already waited; a
		// display without one (Xvfb, some remote desktops) would spin.
		if period := time.Duration(float64(time.Second) / v.win.RefreshRate()); now.Sub(lastFrame) < period {
			time.Sleep(period - now.Sub(lastFrame))
		}
		lastFrame = time.Now()
		v.updateTitle()
	}
	if g.bench > 0 {
		printBench(stdout, samples, firstFrame, v.firstFrameSinceOpen, v.loadTime, v.app, &v.sceneData, stats.GL)
	}
	return nil
}

func (v *viewer) updateTitle() {
	t := "animscope"
	if v.app.isDemo() {
		t += " — demo"
	} else if f := v.app.focused(); f != nil {
		t += " — " + f.label
	} else if v.app.skel != nil {
		t += " — " + v.app.skelLabel
	}
	if t != v.title {
		v.title = t
		v.win.SetTitle(t)
	}
}

func writePNG(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// frameSample is one frame's cost: wall time and thread CPU time without
// the buffer swap, and the part of the CPU time spent in GL calls.
type frameSample struct {
	wall, cpu, gl time.Duration
	uiVerts       int
}

// printBench reports the frame costs of --bench-frames.
func printBench(w io.Writer, samples []frameSample, firstFrame, sinceOpen, load time.Duration, a *app, scene *render.Scene, gl string) {
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
	joints, targets := 0, 0
	if sk := a.drawnSkeleton(); sk != nil {
		joints = len(sk.Joints)
	}
	if a.joint != nil {
		targets = len(a.joint.clip.Targets)
	}
	_, cpuOK := threadCPU()
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
