package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/ui"
)

// openFile is one opened file (or archive entry).
type openFile struct {
	path  string // as the user gave it, or "demo/NAME" for the demo
	name  string // for lists: base name, "archive › entry" inside archives
	asset *formats.Asset
	demo  bool
	// archive is the archive file it was opened from ("" for a loose
	// file), entry its path there; entries lists an archive's own files.
	archive, entry string
	entries        []ui.ArchiveEntry
}

// slot is a playing clip with its own clock: J3D games run a BCK and a BTK
// with separate frame controls, so a walking model and a scrolling
// texture each keep their own length and loop mode.
type slot struct {
	file     int
	clipIdx  int
	clip     *anim.Clip
	label    string
	clock    anim.Clock
	fileLoop anim.LoopMode
	pose     anim.Pose
}

// app is the viewer's state. Everything the user does arrives as a
// ui.Intent through apply, from the UI, the window (drops) or a test.
type app struct {
	files      []*openFile
	joint, tex *slot
	focus      ui.Slot

	skel       *anim.Skeleton // the model's skeleton, nil without one
	skelFile   int
	skelLabel  string
	binding    anim.Binding
	fallback   anim.Skeleton // one joint per clip target when there is no model
	chainMode  bool
	up         ui.UpAxis // as chosen in the View menu; see zUp
	world      []mgl64.Mat4
	markers    []ui.Marker
	boundsLo   mgl32.Vec3 // of the scene when it was opened: for R and the grid
	boundsHi   mgl32.Vec3
	sceneReady bool

	pairCache pairingCache // formats.Pair over the open files (pairing.go)
	applyRoot bool         // apply the joint clip's root motion (JBA)
	rootSkel  anim.Skeleton

	sel             ui.Selection
	texMode         anim.TexMatrixMode
	texModeOverride bool

	camera  ui.Camera
	speed   float64 // signed user speed, shared by both slots
	playing bool
	// resumeAfterScrub remembers that playback ran when a scrub began.
	resumeAfterScrub bool
	scrubbing        bool

	notices []ui.Notice
	recent  []string
	browser ui.Browser

	// cmp is the loop-mode comparison; clipboard takes copied text (the
	// window's clipboard), copied is the last text copied.
	cmp       compareApp
	clipboard func(string)
	copied    string

	quit bool
	log  io.Writer // notices are echoed here ("animscope: FILE: reason")
	now  func() time.Time
	// loadDemo supplies the embedded demo files.
	loadDemo func() ([]demoFile, error)
}

type demoFile struct {
	Name string
	Data []byte
}

// maxRecent is how many recently opened files the Open dialog lists.
const maxRecent = 12

// maxNotices keeps the message list bounded in a long session.
const maxNotices = 200

func newApp(log io.Writer) *app {
	a := &app{
		camera:  ui.DefaultCamera(),
		speed:   1,
		playing: true,
		log:     log,
		now:     time.Now,
		sel:     ui.Selection{Joint: -1, Target: -1, TexTarget: 0},
	}
	if wd, err := os.Getwd(); err == nil {
		a.browser.Dir = wd
	}
	return a
}

func (a *app) notify(sev ui.Severity, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	a.notices = append(a.notices, ui.Notice{Severity: sev, Text: msg, Time: a.now()})
	if len(a.notices) > maxNotices {
		a.notices = append(a.notices[:0], a.notices[len(a.notices)-maxNotices:]...)
	}
	if a.log != nil && sev >= ui.Warning {
		prefix := "animscope: "
		if sev == ui.Warning {
			prefix = "animscope: warning: "
		}
		fmt.Fprintln(a.log, prefix+oneLine(msg))
	}
}

// open loads files given together (one drop, one command line, one Open):
// models first so the animations bind to them. A file that fails shows an
// error and changes nothing else; what was open stays open. Opening real
// files closes the demo.
func (a *app) open(paths []string) {
	var loaded []*openFile
	for _, p := range paths {
		fs, err := loadFiles(p)
		if err != nil {
			a.notify(ui.Error, "%s", err)
			continue
		}
		loaded = append(loaded, fs...)
		a.addRecent(p)
	}
	if len(loaded) == 0 {
		return
	}
	if a.isDemo() {
		a.closeAll()
	}
	a.add(loaded)
}

// add appends opened files and puts their content on screen.
func (a *app) add(loaded []*openFile) {
	first := len(a.files)
	a.files = append(a.files, loaded...)
	newJoint, newTex := -1, -1
	for fi := first; fi < len(a.files); fi++ {
		f := a.files[fi]
		for _, w := range f.asset.Warnings {
			a.notify(ui.Warning, "%s: %s", f.name, w)
		}
		for _, c := range f.asset.Clips {
			if isTexClip(c) && newTex < 0 {
				newTex = fi
			} else if !isTexClip(c) && len(c.Targets) > 0 && newJoint < 0 {
				newJoint = fi
			}
		}
		if len(f.asset.Clips) == 0 && len(f.asset.Skeletons) == 0 && f.asset.Archive == nil {
			a.notify(ui.Warning, "%s: holds no animation or skeleton (a %s file)", f.name, f.asset.Format)
		}
	}
	// The model first, so the animation binds to it whatever the order
	// of the files in a drop; the animation is the best-ranked one for
	// it (formats.Pair).
	if fi, si, ok := a.pickModel(first); ok {
		a.setModel(fi, si)
	}
	if newTex >= 0 {
		a.setClip(newTex, lastClip(a.files[newTex].asset, true))
	}
	if fi, ci, ok := a.pickAnim(first); ok {
		a.setClip(fi, ci)
	}
	if newJoint < 0 && newTex >= 0 {
		a.focus = ui.TexSlot
	}
	a.evaluate()
	a.frameScene(true)
}

// lastClip is the index of the first clip of the wanted kind.
func lastClip(as *formats.Asset, tex bool) int {
	for i, c := range as.Clips {
		if isTexClip(c) == tex {
			return i
		}
	}
	return 0
}

func isTexClip(c *anim.Clip) bool {
	for i := range c.Targets {
		if c.Targets[i].Kind == anim.TexSRTTarget {
			return true
		}
	}
	return false
}

func (a *app) isDemo() bool {
	return len(a.files) > 0 && a.files[0].demo
}

func (a *app) addRecent(p string) {
	abs, err := filepath.Abs(p)
	if err != nil {
		abs = p
	}
	out := []string{abs}
	for _, r := range a.recent {
		if r != abs && len(out) < maxRecent {
			out = append(out, r)
		}
	}
	a.recent = out
}

// loadFiles opens one path: a file, FILE:entry inside an archive, or an
// archive whose models and animations are all opened.
func loadFiles(p string) ([]*openFile, error) {
	file, inner := splitArchivePath(p)
	st, err := os.Stat(file)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("%s: %v", p, err)
	}
	if st.IsDir() {
		return nil, fmt.Errorf("%s: is a directory; open the files inside it", p)
	}
	if inner != "" {
		as, err := loadAsset(p)
		if err != nil {
			return nil, err
		}
		return []*openFile{{path: p, name: filepath.Base(file) + " › " + inner, asset: as, archive: file, entry: inner}}, nil
	}
	data, err := readInput(file)
	if err != nil {
		return nil, err
	}
	return openData(p, filepath.Base(p), data)
}

// openData decodes one file's bytes; an archive is expanded into its
// models and animations (other entries stay listed in the archive).
func openData(path, name string, data []byte) ([]*openFile, error) {
	as, err := formats.Open(path, data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if as.Archive == nil {
		return []*openFile{{path: path, name: name, asset: as}}, nil
	}
	entries := as.Archive.Entries()
	out := []*openFile{{path: path, name: name, asset: as, entries: make([]ui.ArchiveEntry, len(entries))}}
	for i, e := range entries {
		out[0].entries[i] = ui.ArchiveEntry{Path: e.Path, Kind: e.Kind, Size: e.Size}
	}
	for _, e := range entries {
		switch e.Kind {
		case "bck", "btk", "bmd", "bdl", "bfres", "jba":
		default:
			continue
		}
		b, err := as.Archive.Read(e.Path)
		if err != nil {
			as.Warnings = append(as.Warnings, fmt.Sprintf("%s: %v", e.Path, err))
			continue
		}
		ea, err := formats.Open(path+":"+e.Path, b)
		if err != nil {
			as.Warnings = append(as.Warnings, fmt.Sprintf("%s: %v", e.Path, err))
			continue
		}
		out = append(out, &openFile{path: path + ":" + e.Path, name: name + " › " + e.Path, asset: ea, archive: path, entry: e.Path})
	}
	return out, nil
}

// openDemo replaces everything with the embedded demo.
func (a *app) openDemo() {
	if a.loadDemo == nil {
		return
	}
	files, err := a.loadDemo()
	if err != nil {
		a.notify(ui.Error, "demo: %v", err)
		return
	}
	var loaded []*openFile
	for _, f := range files {
		fs, err := openData("demo/"+f.Name, f.Name, f.Data)
		if err != nil {
			a.notify(ui.Error, "demo: %v", err)
			continue
		}
		for _, of := range fs {
			of.demo = true
		}
		loaded = append(loaded, fs...)
	}
	a.closeAll()
	a.add(loaded)
}

func (a *app) closeAll() {
	a.files = nil
	a.joint, a.tex, a.skel = nil, nil, nil
	a.skelFile = -1
	a.binding = anim.Binding{}
	a.markers = a.markers[:0]
	a.sel = ui.Selection{Joint: -1, Target: -1}
	a.texModeOverride = false
	a.sceneReady = false
	a.focus = ui.JointSlot
}

// closeFile closes one file, and whatever of it was on screen.
func (a *app) closeFile(i int) {
	if i < 0 || i >= len(a.files) {
		return
	}
	a.files = append(a.files[:i], a.files[i+1:]...)
	fix := func(s *slot) *slot {
		switch {
		case s == nil:
			return nil
		case s.file == i:
			return nil
		case s.file > i:
			s.file--
		}
		return s
	}
	a.joint, a.tex = fix(a.joint), fix(a.tex)
	switch {
	case a.skel != nil && a.skelFile == i:
		a.skel, a.skelFile = nil, -1
	case a.skelFile > i:
		a.skelFile--
	}
	a.rebind()
	a.clampSelection()
	a.evaluate()
}

// setClip puts clip ci of file fi in its slot with a fresh clock at the
// shared speed and play state.
func (a *app) setClip(fi, ci int) {
	if fi < 0 || fi >= len(a.files) || ci < 0 || ci >= len(a.files[fi].asset.Clips) {
		return
	}
	f := a.files[fi]
	c := f.asset.Clips[ci]
	label := f.name
	if len(f.asset.Clips) > 1 && c.Name != "" {
		label += " › " + c.Name
	}
	s := &slot{file: fi, clipIdx: ci, clip: c, label: label, fileLoop: c.Loop,
		clock: anim.NewClock(c.Loop, c.Duration, a.speed)}
	s.clock.Paused = !a.playing
	s.pose.Targets = make([]anim.TargetPose, len(c.Targets))
	if isTexClip(c) {
		a.tex = s
		a.focus = ui.TexSlot
		a.texModeOverride = false
		if a.sel.TexTarget >= len(c.Targets) || a.sel.TexTarget < 0 {
			a.sel.TexTarget = 0
		}
	} else {
		a.joint = s
		a.focus = ui.JointSlot
		a.rebind()
	}
	a.clampSelection()
}

// setModel uses skeleton si of file fi.
func (a *app) setModel(fi, si int) {
	if fi < 0 || fi >= len(a.files) || si < 0 || si >= len(a.files[fi].asset.Skeletons) {
		return
	}
	a.skel = a.files[fi].asset.Skeletons[si]
	a.skelFile = fi
	a.skelLabel = a.files[fi].name
	a.rebind()
	a.clampSelection()
	a.sceneReady = false
}

// rebind binds the joint clip to the skeleton (or builds the fallback
// skeleton: one joint per target, free or chained).
func (a *app) rebind() {
	a.binding = anim.Binding{}
	if a.joint == nil {
		return
	}
	if a.skel != nil {
		a.binding = formats.Bind(a.joint.clip, a.skel)
		for _, w := range a.binding.Warnings {
			a.notify(ui.Warning, "%s on %s: %s", a.joint.label, a.skelLabel, w)
		}
		return
	}
	c := a.joint.clip
	mode := anim.Standard
	if c.Format == "bck" {
		mode = anim.J3DBasic
	}
	fb := anim.Skeleton{Name: "fallback", Mode: mode, Joints: make([]anim.Joint, len(c.Targets))}
	for i := range fb.Joints {
		parent := -1
		if a.chainMode && i > 0 {
			parent = i - 1
		}
		fb.Joints[i] = anim.Joint{Name: c.Targets[i].Name, Parent: parent, Rest: anim.DefaultBase()}
	}
	if err := fb.Finish(); err != nil {
		a.notify(ui.Error, "fallback skeleton: %v", err)
		return
	}
	a.fallback = fb
	a.binding = anim.BindByIndex(c, &a.fallback)
}

// drawnSkeleton is what the view draws: the model, or the fallback.
func (a *app) drawnSkeleton() *anim.Skeleton {
	if a.skel != nil {
		return a.skel
	}
	if a.joint != nil && len(a.fallback.Joints) == len(a.joint.clip.Targets) {
		return &a.fallback
	}
	return nil
}

func (a *app) clampSelection() {
	sk := a.drawnSkeleton()
	if sk == nil || a.sel.Joint >= len(sk.Joints) {
		a.sel.Joint, a.sel.Target = -1, -1
	}
	if a.sel.Joint >= 0 {
		a.sel.Target = a.targetOf(a.sel.Joint)
	}
	if a.tex == nil {
		a.sel.TexTarget = 0
	} else if a.sel.TexTarget >= len(a.tex.clip.Targets) {
		a.sel.TexTarget = 0
	}
}

func (a *app) targetOf(joint int) int {
	if joint >= 0 && joint < len(a.binding.Target) {
		return a.binding.Target[joint]
	}
	return -1
}

func (a *app) jointOf(target int) int {
	for j, t := range a.binding.Target {
		if t == target {
			return j
		}
	}
	return -1
}

// advance moves both clocks by dt seconds of real time.
func (a *app) advance(dt float64) {
	a.advanceCompare(dt)
	if a.scrubbing {
		return
	}
	for _, s := range []*slot{a.joint, a.tex} {
		if s != nil {
			s.clock.Advance(dt * s.clip.FPS)
		}
	}
	// A clip in a once mode stops by itself; the transport shows "play"
	// again when every slot has stopped.
	if a.playing && !a.anyRunning() {
		a.playing = false
	}
}

func (a *app) anyRunning() bool {
	for _, s := range []*slot{a.joint, a.tex} {
		if s != nil && s.clock.Running() {
			return true
		}
	}
	return false
}

// evaluate samples both clips at their clocks and poses the skeleton.
func (a *app) evaluate() {
	for _, s := range []*slot{a.joint, a.tex} {
		if s != nil {
			anim.Evaluate(s.clip, s.clock.Frame, &s.pose)
		}
	}
	sk := a.drawnSkeleton()
	if sk == nil {
		a.markers = a.markers[:0]
		return
	}
	n := len(sk.Joints)
	if cap(a.world) < n {
		a.world = make([]mgl64.Mat4, n)
	}
	a.world = a.world[:n]
	var pose *anim.Pose
	var b *anim.Binding
	if a.joint != nil {
		pose, b = &a.joint.pose, &a.binding
	}
	sk.World(pose, b, a.world)
	if a.joint != nil {
		a.moveRoot(a.world, a.joint.clock.Frame)
	}
	if cap(a.markers) < n {
		a.markers = make([]ui.Marker, n)
	}
	a.markers = a.markers[:n]
	zUp := a.zUp()
	for j := range sk.Joints {
		m := &a.world[j]
		a.markers[j] = ui.Marker{
			Pos:    display(mgl32.Vec3{float32(m[12]), float32(m[13]), float32(m[14])}, zUp),
			Name:   sk.Joints[j].Name,
			Joint:  j,
			Target: a.targetOf(j),
		}
	}
	if !a.sceneReady {
		a.boundsLo, a.boundsHi = a.clipBounds(sk)
		a.sceneReady = true
	}
}

// zUp reports whether the data's Z axis is drawn up: chosen, or
// automatic for SWTOR JBA (3ds Max Biped rigs are Z-up).
func (a *app) zUp() bool {
	switch a.up {
	case ui.UpZ:
		return true
	case ui.UpY:
		return false
	}
	return a.joint != nil && a.joint.clip.Format == "jba"
}

// display maps a data position to the Y-up world the view draws: Z-up
// data turns -90° about X, so (x, y, z) shows as (x, z, -y).
func display(p mgl32.Vec3, zUp bool) mgl32.Vec3 {
	if zUp {
		return mgl32.Vec3{p[0], p[2], -p[1]}
	}
	return p
}

// boundsSamples is how many poses across the clip the scene box covers:
// enough to catch a walk's root motion and the extremes of a swing.
const boundsSamples = 16

// clipBounds is the box around the drawn joints over the whole joint clip
// (sampled), so framing keeps a walking or jumping skeleton in view.
func (a *app) clipBounds(sk *anim.Skeleton) (lo, hi mgl32.Vec3) {
	lo, hi = a.markerBounds()
	if a.joint == nil || a.joint.clip.Duration <= 0 {
		return lo, hi
	}
	var pose anim.Pose
	world := make([]mgl64.Mat4, len(sk.Joints))
	for k := 0; k <= boundsSamples; k++ {
		f := a.joint.clip.Duration * float64(k) / boundsSamples
		anim.Evaluate(a.joint.clip, f, &pose)
		sk.World(&pose, &a.binding, world)
		a.moveRoot(world, f)
		for j := range world {
			p := display(mgl32.Vec3{float32(world[j][12]), float32(world[j][13]), float32(world[j][14])}, a.zUp())
			for c := 0; c < 3; c++ {
				lo[c] = min(lo[c], p[c])
				hi[c] = max(hi[c], p[c])
			}
		}
	}
	return lo, hi
}

// markerBounds is the box around the drawn joints (or the texture quad
// when only a BTK is open).
func (a *app) markerBounds() (lo, hi mgl32.Vec3) {
	if len(a.markers) == 0 {
		return mgl32.Vec3{-1, 0, -1}, mgl32.Vec3{1, 2, 1}
	}
	lo = a.markers[0].Pos
	hi = lo
	for _, m := range a.markers[1:] {
		for k := 0; k < 3; k++ {
			lo[k] = min(lo[k], m.Pos[k])
			hi[k] = max(hi[k], m.Pos[k])
		}
	}
	// A flat skeleton still gets a visible box. Only relative sizes count:
	// files use their own units (J3D centimetres, JBA's morpheme units),
	// so framing must look the same at any scale.
	size := hi.Sub(lo).Len()
	if !(size > 1e-6*max(1, lo.Len(), hi.Len())) {
		// A single joint (or all at one point): a unit box around it.
		return lo.Sub(mgl32.Vec3{1, 1, 1}), hi.Add(mgl32.Vec3{1, 1, 1})
	}
	for k := 0; k < 3; k++ {
		if hi[k]-lo[k] < size*0.05 {
			lo[k] -= size * 0.1
			hi[k] += size * 0.1
		}
	}
	return lo, hi
}

// frameScene points the camera at the scene; reset also restores the
// default direction.
func (a *app) frameScene(reset bool) {
	if reset {
		a.camera = ui.DefaultCamera()
		if a.joint == nil && a.skel == nil && a.tex != nil {
			// Only a texture animation: look at the quad nearly head-on,
			// so the checker is not foreshortened.
			a.camera.Yaw, a.camera.Pitch = 0, 8
		}
	}
	lo, hi := a.boundsLo, a.boundsHi
	if !reset && len(a.markers) > 0 {
		lo, hi = a.markerBounds()
	}
	if a.quadVisible() {
		q := a.quadCorners()
		for _, c := range q {
			for k := 0; k < 3; k++ {
				lo[k] = min(lo[k], c[k])
				hi[k] = max(hi[k], c[k])
			}
		}
	}
	a.camera.Frame(lo, hi)
}

// sceneRadius is half the diagonal of the scene box.
func (a *app) sceneRadius() float32 {
	r := a.boundsHi.Sub(a.boundsLo).Len() / 2
	if !(r > 0) || math.IsInf(float64(r), 0) {
		return 1
	}
	return r
}

func (a *app) quadVisible() bool { return a.tex != nil }

// quadCorners places the BTK test quad: alone, a square standing at the
// origin facing +Z; with a skeleton, a square as tall as the skeleton
// standing beside it (on its -X side, which the default camera sees
// without overlap), so both are seen together.
func (a *app) quadCorners() [4]mgl32.Vec3 {
	if len(a.markers) == 0 {
		return [4]mgl32.Vec3{{-1, 2, 0}, {1, 2, 0}, {1, 0, 0}, {-1, 0, 0}}
	}
	lo, hi := a.boundsLo, a.boundsHi
	h := max(hi[1]-lo[1], hi.Sub(lo).Len()*0.5)
	x1 := lo[0] - h*0.25
	x0 := x1 - h
	z := (lo[2] + hi[2]) / 2
	y0 := min(lo[1], 0)
	return [4]mgl32.Vec3{{x0, y0 + h, z}, {x1, y0 + h, z}, {x1, y0, z}, {x0, y0, z}}
}

// texEntryMatrix is the matrix of the selected texture entry.
func (a *app) texEntryMatrix() (anim.TexMatrix, anim.TexMatrixMode, anim.TexMatrixMode) {
	if a.tex == nil || len(a.tex.clip.Targets) == 0 {
		return anim.TexMatrix{{1, 0, 0}, {0, 1, 0}}, 0, 0
	}
	i := a.sel.TexTarget
	if i < 0 || i >= len(a.tex.clip.Targets) {
		i = 0
	}
	t := &a.tex.clip.Targets[i]
	p := &a.tex.pose.Targets[i]
	file := anim.TexModeOf(t, p) // NW: the mode curve's choice at this frame
	if a.texModeOverride {
		return anim.TexMatrixWith(a.texMode, t, p), a.texMode, file
	}
	m := anim.TexMatrixOf(t, p)
	return m, file, file
}

func (a *app) focused() *slot {
	if a.focus == ui.TexSlot && a.tex != nil {
		return a.tex
	}
	if a.joint != nil {
		return a.joint
	}
	return a.tex
}

func (a *app) slots() []*slot {
	var out []*slot
	for _, s := range []*slot{a.joint, a.tex} {
		if s != nil {
			out = append(out, s)
		}
	}
	return out
}

// apply carries out one intent.
func (a *app) apply(in ui.Intent) {
	f := a.focused()
	switch in := in.(type) {
	case ui.Play:
		a.playing = true
		for _, s := range a.slots() {
			s.clock.Play()
		}
	case ui.Pause:
		a.playing = false
		for _, s := range a.slots() {
			s.clock.Pause()
		}
	case ui.TogglePlay:
		if a.playing && a.anyRunning() {
			a.apply(ui.Pause{})
		} else {
			a.apply(ui.Play{})
		}
	case ui.Seek:
		if f != nil {
			f.clock.Seek(in.Frame)
			if a.playing && !a.scrubbing {
				f.clock.Paused = false
			}
		}
	case ui.Step:
		if f != nil {
			f.clock.Step(in.N)
			a.playing = false
			for _, s := range a.slots() {
				s.clock.Pause()
			}
		}
	case ui.SetSpeed:
		sp := in.Speed
		if math.IsNaN(sp) || sp == 0 {
			return
		}
		mag := math.Max(0.1, math.Min(math.Abs(sp), 4))
		a.speed = math.Copysign(mag, sp)
		for _, s := range a.slots() {
			s.clock.SetSpeed(a.speed)
		}
	case ui.SetLoop:
		if f != nil && in.Mode.Valid() {
			mode := in.Mode
			if !in.Override {
				mode = f.fileLoop
			}
			frame, paused := f.clock.Frame, f.clock.Paused
			f.clock = anim.NewClock(mode, f.clip.Duration, a.speed)
			f.clock.Frame = frame
			f.clock.Paused = paused || !a.playing
		}
	case ui.ScrubBegin:
		if !a.scrubbing {
			a.scrubbing = true
			a.resumeAfterScrub = a.playing
			for _, s := range a.slots() {
				s.clock.Pause()
			}
		}
	case ui.ScrubEnd:
		if a.scrubbing {
			a.scrubbing = false
			if a.resumeAfterScrub {
				a.apply(ui.Play{})
			}
		}
	case ui.FocusSlot:
		if in.Slot == ui.TexSlot && a.tex != nil || in.Slot == ui.JointSlot && a.joint != nil {
			a.focus = in.Slot
		}
	case ui.SelectClip:
		a.setClip(in.File, in.Clip)
	case ui.SelectModel:
		a.selectModel(in.File, in.Skel)
	case ui.SetRootMotion:
		a.setRootMotion(in.Apply)
	case ui.SelectJoint:
		a.sel.Joint = in.Joint
		a.sel.Target = a.targetOf(in.Joint)
		if in.Joint < 0 {
			a.sel.Target = -1
		}
	case ui.SelectTarget:
		a.sel.Target = in.Target
		a.sel.Joint = a.jointOf(in.Target)
	case ui.SelectTexTarget:
		if a.tex != nil && in.Target >= 0 && in.Target < len(a.tex.clip.Targets) {
			a.sel.TexTarget = in.Target
			a.focus = ui.TexSlot
		}
	case ui.SetTexMode:
		a.texMode, a.texModeOverride = in.Mode, in.Override
	case ui.OpenFiles:
		a.open(in.Paths)
	case ui.Browse:
		a.browse(in.Dir)
	case ui.BrowseArchive:
		a.browseArchive(in.Path)
	case ui.CloseFile:
		a.closeFile(in.File)
	case ui.CloseAll:
		a.closeAll()
	case ui.OpenDemo:
		a.openDemo()
	case ui.CameraOrbit:
		a.camera.Orbit(in.DX, in.DY)
	case ui.CameraPan:
		a.camera.Pan(in.DX, in.DY, in.ViewH)
	case ui.CameraZoom:
		a.camera.Zoom(in.Steps)
	case ui.CameraFrame:
		a.frameScene(false)
	case ui.CameraReset:
		a.frameScene(true)
	case ui.DismissNotices:
		a.notices = a.notices[:0]
	case ui.Quit:
		a.quit = true
	default:
		a.applyAnalysis(in)
	}
}

// browse lists a directory for the Open dialog.
func (a *app) browse(dir string) {
	if dir == "" {
		dir = a.browser.Dir
	}
	if dir == "" {
		dir = "."
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		a.browser.Err = err.Error()
		return
	}
	a.browser = ui.Browser{Dir: dir}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		de := ui.DirEntry{Name: e.Name(), Dir: e.IsDir()}
		if info, err := e.Info(); err == nil {
			de.Size = info.Size()
			if info.Mode()&fs.ModeSymlink != 0 {
				if st, err := os.Stat(filepath.Join(dir, e.Name())); err == nil {
					de.Dir, de.Size = st.IsDir(), st.Size()
				}
			}
		}
		ext := strings.ToLower(filepath.Ext(e.Name()))
		de.Known = knownExt[ext]
		de.Archive = !de.Dir && archiveExt[ext]
		a.browser.Entries = append(a.browser.Entries, de)
	}
	sort.SliceStable(a.browser.Entries, func(i, j int) bool {
		x, y := a.browser.Entries[i], a.browser.Entries[j]
		if x.Dir != y.Dir {
			return x.Dir
		}
		return strings.ToLower(x.Name) < strings.ToLower(y.Name)
	})
}

// archiveExt marks the files the Open dialog offers to expand (RARC and
// SARC containers, Yaz0-compressed or not); their content decides in the
// end.
var archiveExt = map[string]bool{".arc": true, ".szs": true, ".rarc": true, ".sarc": true, ".pack": true}

// browseArchive lists an archive's entries under its row in the Open
// dialog; "" folds the listing. Only the tables are read (entries are
// decoded lazily), so this is quick even for large archives.
func (a *app) browseArchive(path string) {
	a.browser.Archive, a.browser.ArchiveEntries, a.browser.ArchiveErr = path, nil, ""
	if path == "" {
		return
	}
	data, err := readInput(path)
	if err != nil {
		a.browser.ArchiveErr = err.Error()
		return
	}
	as, err := formats.Open(path, data)
	switch {
	case err != nil:
		a.browser.ArchiveErr = err.Error()
	case as.Archive == nil:
		a.browser.ArchiveErr = fmt.Sprintf("a %s file, not an archive: open it directly", as.Format)
	default:
		for _, e := range as.Archive.Entries() {
			a.browser.ArchiveEntries = append(a.browser.ArchiveEntries, ui.ArchiveEntry{Path: e.Path, Kind: e.Kind, Size: e.Size})
		}
	}
}

// knownExt marks the files the Open dialog shows brightly; any file can be
// opened (formats are told apart by content, not by name).
var knownExt = map[string]bool{
	".bck": true, ".btk": true, ".bmd": true, ".bdl": true, ".arc": true, ".szs": true, ".rarc": true,
	".bfres": true, ".sbfres": true, ".szs_": true, ".jba": true, ".sarc": true, ".pack": true,
}

// view builds the read-only frame view for the UI.
func (a *app) view(v *ui.View, stats ui.Stats, checker ui.TextureRef) {
	*v = ui.View{
		Files:       v.Files[:0],
		Demo:        a.isDemo(),
		Focus:       a.focus,
		Markers:     a.markers,
		Selection:   a.sel,
		TexEntry:    a.sel.TexTarget,
		Checker:     checker,
		Camera:      a.camera,
		SceneRadius: a.sceneRadius(),
		Notices:     a.notices,
		Recent:      a.recent,
		Browser:     a.browser,
		Stats:       stats,
	}
	for _, f := range a.files {
		v.Files = append(v.Files, ui.FileView{Name: f.name, Path: f.path, Format: f.asset.Format,
			Clips: f.asset.Clips, Skels: f.asset.Skeletons, Warnings: f.asset.Warnings, Inspect: f.asset.Inspect})
	}
	a.pairingView(v)
	if a.joint != nil {
		v.Joint = a.joint.playback(a.scrubbing && a.focus == ui.JointSlot)
	}
	if a.tex != nil {
		v.Tex = a.tex.playback(a.scrubbing && a.focus == ui.TexSlot)
		v.TexMatrix, v.TexMode, v.FileTexMode = a.texEntryMatrix()
		v.TexModeOverride = a.texModeOverride
	}
	if a.skel != nil {
		v.Skeleton = &ui.SkeletonView{Skeleton: a.skel, Label: a.skelLabel, Binding: &a.binding}
	}
	if j := a.sel.Joint; j >= 0 && j < len(a.world) && len(a.world) == len(a.markers) {
		v.SelectedWorld, v.HasSelectedWorld = a.world[j], true
	}
	v.Compare = a.compareView()
}

func (s *slot) playback(scrubbing bool) *ui.Playback {
	return &ui.Playback{Clip: s.clip, Label: s.label, Clock: s.clock, FileLoop: s.fileLoop, Pose: &s.pose, Scrubbing: scrubbing}
}
