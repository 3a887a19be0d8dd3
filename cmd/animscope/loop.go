package main

import (
	"fmt"
	"io"
	"time"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/internal/app"
	"github.com/animscope/animscope/internal/cli"
	"github.com/animscope/animscope/internal/cputime"
	"github.com/animscope/animscope/internal/platform"
	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/render"
)

// idleAfter is how many frames the loop keeps drawing after the last
// event before it sleeps until the next one (ImGui needs a few frames to
// settle hover and focus).
const idleAfter = 4

// idleMax is the longest an idle viewer sleeps without an event. Nothing
// on screen needs it (timed things say when they end: next); it only
// bounds what a forgotten timer could cost, one frame a minute.
const idleMax = time.Minute

// idleWait says how long the loop may sleep before its next frame: zero
// (poll and draw) while something moves, while ImGui settles after
// input, and in screenshot or benchmark runs; otherwise until the next
// timed change of the interface (a toast's end, next when hasNext) or
// idleMax. A paused viewer then draws no frame at all while nothing on
// screen changes.
func idleWait(headless, busy bool, quietFrames int, next time.Duration, hasNext bool) time.Duration {
	if headless || busy || quietFrames <= idleAfter {
		return 0
	}
	if hasNext {
		// A frame a little after the end, so the toast is gone by then.
		return min(max(next+idleSlack, idleSlack), idleMax)
	}
	return idleMax
}

// idleSlack is how long after a timed change the idle frame comes.
const idleSlack = 20 * time.Millisecond

// frameLoop is what the frame loop carries from one frame to the next.
type frameLoop struct {
	g          *guiFlags
	stdout     io.Writer
	frame      int
	quietSince int
	samples    []frameSample
	firstFrame time.Duration
	lastFrame  time.Time
	fpsAvg     float64
	stats      viewmodel.Stats
	checkerRef viewmodel.TextureRef
	headless   bool // a timed screenshot or benchmark run: never sleep
	// next is how long until the interface changes by itself (hasNext:
	// something on it is timed), from the last frame's view.
	next    time.Duration
	hasNext bool
}

// drawn is where one frame was drawn: the framebuffer, its pixels per
// display unit and the 3D viewport.
type drawn struct {
	fbW, fbH int
	sx, sy   float32
	vp       viewmodel.Viewport
}

func (v *viewer) loop(g *guiFlags, stdout io.Writer) error {
	l := &frameLoop{g: g, stdout: stdout, lastFrame: time.Now(),
		checkerRef: viewmodel.TextureRef{ID: uintptr(v.checker.ID), W: v.checker.W, H: v.checker.H},
		// A screenshot only SIGUSR1 asks for (--after-frames 0) runs the
		// viewer as a user sees it, idling included.
		headless: (g.screenshot != "" && g.afterFrames > 0) || g.bench > 0}
	l.stats.GL = render.Version()
	for !v.win.ShouldClose() {
		if err := v.runFrame(l); err != nil {
			return err
		}
	}
	if g.bench > 0 {
		printBench(stdout, l.samples, l.firstFrame, v.firstFrameSinceOpen, v.loadTime, v.app, &v.sceneData, l.stats.GL)
	}
	return nil
}

// runFrame handles events, updates the app and the UI, draws, and takes
// a screenshot when one is due.
func (v *viewer) runFrame(l *frameLoop) error {
	// Sleep while nothing moves and nobody touches anything.
	if wait := idleWait(l.headless, v.app.Busy(), l.quietSince, l.next, l.hasNext); wait > 0 {
		platform.WaitEvents(wait)
	} else {
		platform.PollEvents()
	}
	start := time.Now()
	cpu0, cpuOK := cputime.Thread()
	if v.win.TakeActivity() {
		l.quietSince = 0
	} else {
		l.quietSince++
	}
	shot, exitAfterShot := v.screenshotDue(l)
	v.update(l)
	d, cpu1 := v.draw()
	cpu2, _ := cputime.Thread()
	wall := time.Since(start)
	sample := frameSample{wall: wall, cpu: wall, uiVerts: imgui.CurrentIO().MetricsRenderVertices()}
	if cpuOK {
		sample.cpu, sample.gl = cpu2-cpu0, cpu2-cpu1
	}
	l.frame++
	if shot != "" {
		if err := v.screenshot(l, shot, d); err != nil {
			if exitAfterShot {
				return err
			}
			// A screenshot SIGUSR1 asks for in the middle of a session
			// (a bug report) that cannot be written is a message; the
			// session, and what the user was looking at, go on.
			v.app.Notify(viewmodel.Error, "screenshot: %v", err)
		}
		if exitAfterShot {
			v.win.SetShouldClose(true)
		}
	}
	v.win.Swap()
	v.endFrame(l, sample)
	return nil
}

// screenshotDue says where a screenshot of this frame goes ("" for none):
// at --after-frames (then the viewer exits), or when SIGUSR1 asks (to the
// --screenshot path, or a new file, without exiting). Other signals close
// the window.
func (v *viewer) screenshotDue(l *frameLoop) (shot string, exitAfterShot bool) {
	g := l.g
	if g.screenshot != "" && g.afterFrames > 0 && l.frame+1 == g.afterFrames {
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
	return shot, exitAfterShot
}

// update feeds the window's events and the UI's intents to the app and
// lays out the interface.
func (v *viewer) update(l *frameLoop) {
	drops := v.win.TakeDrops()
	for _, paths := range drops {
		v.app.Open(paths)
		v.ui.DismissPopups()
	}
	// Open files that changed on disk are read again (the watcher woke
	// the loop); ImGui then settles as after input.
	reloaded := v.app.Reloader().CheckFiles()
	if reloaded {
		l.quietSince = 0
	}
	churning := v.churn.step(v, l.frame)
	if churning {
		l.quietSince = 0 // one step a frame: the loop must not idle meanwhile
	}
	if churning || len(drops) > 0 || reloaded || l.frame == 0 {
		v.win.ResetFrameTimer() // loading is not playing time
	}
	if v.win.TakeScaleChanged() {
		v.rebuildFonts()
	}
	dt := v.win.NewFrame()
	v.app.Apply(viewmodel.SetUpAxis{Up: v.ui.Options.Up})
	v.app.Apply(viewmodel.SetChainMode{On: v.ui.Options.ChainMode})
	v.app.Comparison().SetActive(v.ui.CompareOpen())
	v.app.Advance(dt)
	v.app.Evaluate()
	v.pollExport()
	v.app.View(&v.view, l.stats, l.checkerRef)
	v.view.Export = v.exportView()

	imgui.NewFrame()
	intents := v.ui.Frame(&v.view)
	for _, in := range intents {
		if req, ok := in.(viewmodel.Export); ok {
			v.startExport(req) // the app plans it; this package writes it
			continue
		}
		v.app.Apply(in)
	}
	if len(intents) > 0 {
		v.app.Evaluate()
		l.quietSince = 0
	}
	if v.app.Quitting() {
		v.win.SetShouldClose(true)
	}
	l.next, l.hasNext = v.ui.NextChange(&v.view, time.Now())
	imgui.Render()
}

// draw draws the comparison's viewports, the 3D view and the interface;
// cpu1 is the thread's CPU time when the GL submission began.
func (v *viewer) draw() (d drawn, cpu1 time.Duration) {
	d.fbW, d.fbH = v.win.FramebufferSize()
	ww, wh := v.win.Size()
	d.sx, d.sy = 1, 1
	if ww > 0 && wh > 0 {
		d.sx, d.sy = float32(d.fbW)/float32(ww), float32(d.fbH)/float32(wh)
	}
	v.prepareCompare(d.sx)
	render.Clear(d.fbW, d.fbH, app.Background)
	r := v.ui.Scene()
	d.vp = viewmodel.Viewport{X: int32(r.X * d.sx), Y: int32(float32(d.fbH) - (r.Y+r.H)*d.sy), W: int32(r.W * d.sx), H: int32(r.H * d.sy)}
	v.app.BuildScene(&v.sceneData, d.vp, v.ui.Scale()*d.sx, v.ui.Options, v.checker.Ref())
	cpu1, _ = cputime.Thread()
	v.drawCompare()
	v.scene.DrawScene(&v.sceneData)
	for _, p := range v.scene.GXProblems() {
		v.app.Apply(viewmodel.ReportProblem{Text: p})
	}
	v.imr.Render(imgui.RenderedDrawData(), d.fbW, d.fbH)
	return d, cpu1
}

// screenshot writes the back buffer to shot and, with --state-json, the
// state next to it.
func (v *viewer) screenshot(l *frameLoop, shot string, d drawn) error {
	img := render.ReadBackBuffer(d.fbW, d.fbH)
	if err := cli.WritePNG(shot, img); err != nil {
		return err
	}
	fmt.Fprintf(l.stdout, "screenshot: %s (%dx%d)\n", shot, d.fbW, d.fbH)
	if l.g.stateJSON == "" {
		return nil
	}
	top := int(float32(d.fbH)) - int(d.vp.Y) - int(d.vp.H)
	st := viewerState{State: v.app.Snapshot(d.fbW, d.fbH, [4]int{int(d.vp.X), top, int(d.vp.W), int(d.vp.H)})}
	if c := v.churn; c != nil {
		st.Churn = &stateChurn{Before: c.before, After: c.after, Opened: c.opened()}
	}
	st.ContentScale, st.UIScale = v.win.ContentScale(), v.ui.Scale()
	v.analysisState(&st, d.sx, d.sy)
	return writeState(l.g.stateJSON, st)
}

// endFrame keeps the statistics and paces the frames.
func (v *viewer) endFrame(l *frameLoop, sample frameSample) {
	if l.frame == 1 {
		l.firstFrame = time.Since(processStart)
		v.firstFrameSinceOpen = time.Since(v.openStart)
	}
	if l.g.bench > 0 {
		l.samples = append(l.samples, sample)
		if l.frame >= l.g.bench {
			v.win.SetShouldClose(true)
		}
	}
	l.stats.FrameCPU = sample.cpu
	now := time.Now()
	if d := now.Sub(l.lastFrame).Seconds(); d > 0 {
		l.fpsAvg = l.fpsAvg*0.9 + 0.1/d
	}
	l.stats.FPS = l.fpsAvg
	// Frame pacing: with a working vsync the swap already waited; a
	// display without one (Xvfb, some remote desktops) would spin.
	if period := time.Duration(float64(time.Second) / v.win.RefreshRate()); now.Sub(l.lastFrame) < period {
		time.Sleep(period - now.Sub(l.lastFrame))
	}
	l.lastFrame = time.Now()
	v.updateTitle()
}
