package app

import (
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
)

// Comparison is the loop-mode comparison: the focused clip under all five
// loop modes, five clocks advanced together by one shared playback time.
type Comparison struct {
	active   bool
	clip     *anim.Clip
	slot     viewmodel.Slot
	label    string
	fileLoop anim.LoopMode
	// runtime is the clip's frame control (its clock's): it decides
	// which loop modes there are to compare.
	runtime anim.Runtime
	time    float64 // shared playback time, frames at speed 1
	playing bool
	clocks  [anim.NumLoopModes]anim.Clock
	poses   [anim.NumLoopModes]anim.Pose
	world   [anim.NumLoopModes][]mgl64.Mat4
	markers [anim.NumLoopModes][]viewmodel.Marker
	// same[m] is the first mode showing the same frame as mode m (m
	// itself when none before it does): before the clip's end all five
	// show one pose, posed and drawn once.
	same [anim.NumLoopModes]int
	view viewmodel.CompareView // what compareView returns, reused
	// drawn is what the viewer's textures show (Prepare).
	drawn compareKey

	play  *transport // the focused clip it follows
	rig   *rig       // the skeleton and binding each mode is posed with
	sel   *selection
	frame *framing // the main view's camera and scene box
	// build is the main view's scene builder (App.BuildScene), lent
	// each mode's pose in turn.
	build func(s *viewmodel.Scene, vp viewmodel.Viewport, pixelScale float32, opt viewmodel.Options, checker viewmodel.TextureRef)
}

// maxSeekSteps bounds the frame steps a seek replays (see seek).
const maxSeekSteps = 100000

// SetActive switches the comparison on or off (the window shows it or
// not); on, it follows the focused clip, starting over when that
// changes: at the clip's playback time, playing if the scene plays.
func (c *Comparison) SetActive(on bool) {
	if on && !c.active {
		c.clip = nil // opening starts over
	}
	c.active = on
	if !on {
		return
	}
	s := c.play.focused()
	if s == nil {
		c.clip = nil
		return
	}
	if s.clip != c.clip || s.clock.Runtime != c.runtime {
		c.clip, c.label, c.fileLoop, c.runtime = s.clip, s.label, s.fileLoop, s.clock.Runtime
		c.slot = viewmodel.JointSlot
		if s == c.play.tex {
			c.slot = viewmodel.TexSlot
		}
		// It starts where the user is: the clip's playback time now, and
		// paused when the scene is (at 21, it shows 21; at the end of a
		// scene that played out, it shows the end).
		c.playing = c.play.playing && !c.play.scrubbing
		c.seek(math.Max(0, s.localTime(c.play.sceneT)))
	}
}

// seek puts every clock where playback from frame 0 at speed 1 is after
// time t: whole frame steps then the rest, as anim.FrameAtTime defines
// it, so the clocks sit on the frame-against-time plot.
func (c *Comparison) seek(t float64) {
	if c.clip == nil || math.IsNaN(t) {
		return
	}
	c.time = math.Max(0, t)
	steps := math.Floor(c.time)
	for m := range c.clocks {
		clk := anim.NewClock(anim.LoopMode(m), c.clip.Duration, 1)
		clk.Runtime = c.runtime
		n := int(math.Min(steps, maxSeekSteps))
		for i := 0; i < n; i++ {
			clk.Advance(1)
		}
		clk.Advance(c.time - float64(n))
		c.clocks[m] = clk
	}
}

// advance moves the shared clock by dt seconds at the playback
// speed (its size: the comparison always runs forwards).
func (c *Comparison) advance(dt, speed float64) {
	if !c.active || !c.playing || c.clip == nil {
		return
	}
	df := dt * c.clip.FPS * math.Abs(speed)
	c.time += df
	for m := range c.clocks {
		c.clocks[m].Advance(df)
	}
}

// follow keeps the comparison on the main transport: play and pause
// (Space) start and stop it too, Home (a seek to frame 0) takes it back
// to time 0, and a step moves its shared clock to the next or previous
// whole frame, paused.
func (c *Comparison) follow(in viewmodel.Intent, playing bool) {
	if !c.active || c.clip == nil {
		return
	}
	switch in := in.(type) {
	case viewmodel.Play, viewmodel.Pause, viewmodel.TogglePlay:
		c.playing = playing
	case viewmodel.Seek:
		if in.Frame == 0 {
			c.seek(0)
		}
	case viewmodel.Step:
		t := math.Floor(c.time) + float64(in.N)
		if in.N < 0 && c.time != math.Floor(c.time) {
			t = math.Ceil(c.time) + float64(in.N)
		}
		c.playing = false
		c.seek(t)
	}
}

// Playing reports whether the comparison's clock runs (the
// window then keeps drawing frames, as for playback).
func (c *Comparison) Playing() bool {
	return c.active && c.playing && c.clip != nil
}

// apply carries out the comparison's intents.
func (c *Comparison) apply(in viewmodel.Intent) {
	switch in := in.(type) {
	case viewmodel.ComparePlay:
		c.playing = true
	case viewmodel.ComparePause:
		c.playing = false
	case viewmodel.CompareReset:
		c.seek(0)
	case viewmodel.CompareSeek:
		c.seek(in.Time)
	}
}

// viewAt is the comparison as the UI shows it (nil when off).
func (c *Comparison) viewAt(speed float64) *viewmodel.CompareView {
	if !c.active || c.clip == nil {
		return nil
	}
	v := &c.view
	*v = viewmodel.CompareView{Clip: c.clip, Label: c.label, FileLoop: c.fileLoop, Time: c.time, Playing: c.playing, Textures: v.Textures,
		Modes: c.runtime.LoopModes(), Runtime: c.runtime}
	for m := range c.clocks {
		v.Frames[m] = c.clocks[m].Frame
	}
	if speed < 0 {
		v.Reverse = true
		for m := range v.GameReverse {
			v.GameReverse[m] = gameReverseFrame(c.runtime, anim.LoopMode(m), c.clip.Duration, c.time)
		}
	}
	return v
}

// gameReverseFrame is the frame the game's frame control shows after
// playback time t (frames) run backwards at rate -1 from the clip's end:
// anim.Clock, which keeps J3DFrameCtrl's rule that LOOP only wraps below
// the start when the loop frame lies above it (here both are 0), so the
// frame runs below 0.
func gameReverseFrame(r anim.Runtime, mode anim.LoopMode, d, t float64) float64 {
	clk := anim.NewClock(mode, d, -1)
	clk.Runtime = r
	clk.Frame = d
	clk.Advance(t)
	return clk.Frame
}

// evaluate poses the clip at each mode's frame: the skeleton's joints
// for a joint clip (the drawn skeleton with the current binding), the
// pose alone for a texture clip.
func (c *Comparison) evaluate() {
	if !c.active || c.clip == nil {
		return
	}
	r := c.rig
	sk := r.drawnSkeleton()
	joint := c.slot == viewmodel.JointSlot && c.play.joint != nil && c.play.joint.clip == c.clip && sk != nil
	zUp := r.zUp()
	modes := c.runtime.LoopModes()
	for m := range c.clocks {
		if !slices.Contains(modes, anim.LoopMode(m)) {
			c.same[m] = int(modes[0]) // not shown: never posed or drawn
			continue
		}
		c.same[m] = m
		for k := 0; k < m; k++ {
			if c.clocks[k].Frame == c.clocks[m].Frame {
				c.same[m] = k
				break
			}
		}
		if c.same[m] != m {
			continue
		}
		anim.Evaluate(c.clip, c.clocks[m].Frame, &c.poses[m])
		if !joint {
			continue
		}
		n := len(sk.Joints)
		if cap(c.world[m]) < n {
			c.world[m] = make([]mgl64.Mat4, n)
			c.markers[m] = make([]viewmodel.Marker, n)
		}
		c.world[m], c.markers[m] = c.world[m][:n], c.markers[m][:n]
		sk.World(&c.poses[m], &r.binding, c.world[m])
		r.moveRoot(c.world[m], c.clocks[m].Frame) // when root motion is applied, each mode moves with its own frame
		for j := range sk.Joints {
			w := &c.world[m][j]
			c.markers[m][j] = viewmodel.Marker{Pos: display(mgl32.Vec3{float32(w[12]), float32(w[13]), float32(w[14])}, zUp),
				Name: sk.Joints[j].Name, Joint: j, Target: r.targetOf(j)}
		}
	}
}

// buildScene fills s with the main view's picture (camera, grid,
// options, selection) at mode m's pose: it lends the mode's joints (or
// texture pose) to the scene builder for the call.
func (c *Comparison) buildScene(m anim.LoopMode, s *viewmodel.Scene, vp viewmodel.Viewport, pixelScale float32, opt viewmodel.Options, checker viewmodel.TextureRef) {
	r, play := c.rig, c.play
	switch {
	case c.slot == viewmodel.JointSlot && len(c.markers[m]) == len(r.markers) && len(c.world[m]) == len(r.world):
		markers, world := r.markers, r.world
		r.markers, r.world = c.markers[m], c.world[m]
		c.build(s, vp, pixelScale, opt, checker)
		r.markers, r.world = markers, world
	case c.slot == viewmodel.TexSlot && play.tex != nil && play.tex.clip == c.clip:
		pose := play.tex.pose
		play.tex.pose = c.poses[m]
		c.build(s, vp, pixelScale, opt, checker)
		c.poses[m] = play.tex.pose // keep its buffers
		play.tex.pose = pose
	default:
		c.build(s, vp, pixelScale, opt, checker)
	}
	// Each viewport frames the whole motion from the main view's
	// direction, whatever the main view is zoomed into.
	cam := c.frame.camera
	lo, hi := c.frame.boundsLo, c.frame.boundsHi
	if c.frame.quadVisible() && opt.Quad {
		for _, q := range c.frame.quadCorners() {
			for k := 0; k < 3; k++ {
				lo[k], hi[k] = min(lo[k], q[k]), max(hi[k], q[k])
			}
		}
	}
	aspect := float32(vp.W) / float32(max(vp.H, 1))
	cam.Frame(lo, hi)
	if aspect < 1 {
		// Frame fits the height; a narrow view must fit the width.
		cam.Distance /= aspect
	}
	s.View, s.Proj = cam.View(), cam.Proj(aspect)
}

// compareKey is everything the comparison's pictures depend on: when it
// has not changed (a paused comparison), the textures are kept.
type compareKey struct {
	clip                 *anim.Clip
	frames               [anim.NumLoopModes]float64
	w, h                 int
	scale                float32
	camera               viewmodel.Camera
	opts                 viewmodel.Options
	sel                  viewmodel.Selection
	skel                 *anim.Skeleton
	joints               int
	chain, root          bool
	up                   viewmodel.UpAxis
	jointFrame, texFrame float64
	texMode              anim.TexMatrixMode
	texOverride          bool
	boundsLo, boundsHi   [3]float32
}

// Shown reports whether the comparison has a clip to show.
func (c *Comparison) Shown() bool { return c.clip != nil }

// Prepare poses the five modes and builds their scenes for w×h pixel
// viewports (the CPU part of the comparison's viewports). It reports
// false when the pictures drawn last time still hold (nothing they
// depend on changed), so scenes need not be drawn again.
func (c *Comparison) Prepare(scenes *[anim.NumLoopModes]viewmodel.Scene, w, h int, pixelScale float32, opt viewmodel.Options, checker viewmodel.TextureRef) bool {
	r, f := c.rig, c.frame
	key := compareKey{clip: c.clip, w: w, h: h, scale: pixelScale, camera: f.camera, opts: opt,
		sel: c.sel.Selection, skel: r.drawnSkeleton(), joints: len(r.markers), chain: r.chainMode, root: r.applyRoot, up: r.up,
		texMode: c.sel.texMode, texOverride: c.sel.texModeOverride, boundsLo: f.boundsLo, boundsHi: f.boundsHi}
	for m := range key.frames {
		key.frames[m] = c.clocks[m].Frame
	}
	if c.play.joint != nil {
		key.jointFrame = c.play.joint.clock.Frame
	}
	if c.play.tex != nil {
		key.texFrame = c.play.tex.clock.Frame
	}
	if key == c.drawn && c.view.Textures[0].ID != 0 {
		return false // the textures already show this
	}
	c.drawn = key
	c.evaluate()
	for m := range scenes {
		if c.same[m] == m {
			c.buildScene(anim.LoopMode(m), &scenes[m], viewmodel.Viewport{W: int32(w), H: int32(h)}, pixelScale, opt, checker)
		}
	}
	return true
}

// Same is the first loop mode showing the same frame as mode m (m
// itself when none before it does): its picture is drawn once.
func (c *Comparison) Same(m int) int { return c.same[m] }

// SetTexture hands the picture of mode m to the next frame's view.
func (c *Comparison) SetTexture(m int, t viewmodel.TextureRef) { c.view.Textures[m] = t }

// Hold stops the comparison's clock at playback time t (the
// viewer's --compare-time).
func (c *Comparison) Hold(t float64) {
	c.seek(t)
	c.playing = false
}

// Comparison is the loop-mode comparison's state, for the window that
// draws its five viewports.
func (a *App) Comparison() *Comparison { return &a.cmp }
