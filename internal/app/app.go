// Package app is the viewer's application model: the open files, which
// model and clips are on screen and how they are bound, the scene time the
// clips follow, the selection and the camera's framing, the messages, the
// file browser, the loop-mode comparison and the export's plan. Everything
// the user does arrives as a viewmodel.Intent through Apply; each frame's
// viewmodel.View (View) and viewmodel.Scene (BuildScene) are built from
// it. It imports neither ui nor render, draws nothing and needs no window
// or GL context, so tests drive it directly; cmd/animscope adds the window,
// the interface and the frame loop, internal/cli the headless commands.
//
// App composes parts along the seams its intents have, each a type with
// its own state: session (the open files, files.go), transport (the
// playing clips and the scene time, transport.go), rig (the model in
// use, its binding and pose, rig.go; its pairer view ranks models and
// animations, pairing.go and clipchoice.go), selection, framing (the
// camera and the scene box), meshes and meshAnim (the model's meshes as
// drawn and the material clips on them), gxPanel, messages, Comparison
// (the loop-mode comparison), abCompare (the A/B comparison with another
// version of the clip), Reloader (files changed on disk), textureBrowser,
// Exporter and Headless (the render command's set-up). App itself routes
// intents to them and does what spans several: opening and closing
// files, evaluating the frame, building the view and the scene.
package app

import (
	"io"
	"os"
	"time"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/internal/viewmodel"
)

// File is one opened file (or archive entry).
type File struct {
	path  string // as the user gave it, or "demo/NAME" for the demo
	name  string // for lists: base name, "archive › entry" inside archives
	asset *formats.Asset
	demo  bool
	// archive is the archive file it was opened from ("" for a loose
	// file), entry its path there; entries lists an archive's own files.
	archive, entry string
	entries        []viewmodel.ArchiveEntry
	// broken are the file's unreadable animations, "NAME: error".
	broken []string
	// opened is the path, as given to Open, that brought the file in (an
	// archive's entries share their archive's); key is its absolute
	// form, the same for every file one Open of it brought in, so opening
	// it again reloads them (reload.go). deps are the files on disk it
	// was read from: itself or its archive, and the texture files looked
	// for beside it.
	opened, key string
	deps        []string
	// kinds are formats.ClipKind of each clip of kindsOf (the asset they
	// were filled for: a reload brings another), filled on first use.
	kinds   []string
	kindsOf *formats.Asset
}

// clipKinds is formats.ClipKind of each of the file's clips.
func (f *File) clipKinds() []string {
	if f.kindsOf != f.asset || len(f.kinds) != len(f.asset.Clips) {
		f.kindsOf = f.asset
		f.kinds = make([]string, len(f.asset.Clips))
		for i, c := range f.asset.Clips {
			f.kinds[i] = formats.ClipKind(c)
		}
	}
	return f.kinds
}

// slot is a playing clip: J3D games run a BCK and a BTK with separate
// frame controls, so a walking model and a scrolling texture each keep
// their own length and loop mode. Both follow the one scene time
// (transport.go); clock is derived from it for the views.
type slot struct {
	file    int
	clipIdx int
	clip    *anim.Clip
	label   string
	// formatLabel is the display name of the file's format, for the UI.
	formatLabel string
	clock       anim.Clock
	fileLoop    anim.LoopMode
	pose        anim.Pose
	// muted shows the clip at rest; offset starts it that many of its
	// frames later in the scene (transport.go).
	muted  bool
	offset float64
	// key names the clip across a reload of its file (clipKey).
	key string
}

// App is the viewer's state. Everything the user does arrives as a
// viewmodel.Intent through Apply, from the UI, the window (drops) or a
// test. App routes each intent to the part that handles it and does what
// spans several parts (opening and closing files, the JSystem runtime,
// evaluating the frame, building the view and the scene); each part owns
// its state and holds pointers to the parts it reads, wired by New.
type App struct {
	ses    session        // the open files (files.go, folders.go)
	play   transport      // the playing clips and the scene time (transport.go)
	rig    rig            // the model in use, its binding and pose (rig.go)
	sel    selection      // the selected joint, target and texture entry (selection.go)
	frame  framing        // the camera and the scene box (framing.go)
	meshes meshes         // the model's meshes as drawn, the Shapes list (meshes.go)
	manim  meshAnim       // the material clips acting on the meshes (meshanim.go)
	gx     gxPanel        // the Materials panel's GX part (gxmat.go)
	msgs   messages       // the Messages panel (notices.go)
	cmp    Comparison     // the loop-mode comparison (compare.go)
	ab     abCompare      // the A/B comparison with another version (ab.go)
	reload Reloader       // reloading changed files, watching them (reload.go, watch.go)
	texs   textureBrowser // the Textures browser and Save PNG (textures.go)
	export Exporter       // File › Export's plan (export.go)
	render Headless       // the render command's set-up (headless.go)

	browser viewmodel.Browser
	// clipboard takes copied text (the window's clipboard), copied is
	// the last text copied.
	clipboard func(string)
	copied    string
	quit      bool
}

// session is the open files, the recently opened ones and where the
// embedded demo comes from.
type session struct {
	files  []*File
	recent []string
	// loadDemo supplies the embedded demo files.
	loadDemo func() ([]DemoFile, error)
	// maxFolderFiles is how many files of a folder open without asking
	// (0 or less: any number); pending is an Open waiting for the answer
	// (folders.go).
	maxFolderFiles int
	pending        *pendingOpen

	msgs *messages // what failed to open, what a folder opened
}

// DemoFile is one file of the embedded demo.
type DemoFile struct {
	Name string
	Data []byte
}

// MaxRecent is how many recently opened files the Open dialog lists.
const MaxRecent = 12

// maxNotices keeps the message list bounded in a long session.
const maxNotices = 200

// New returns an empty application; warnings and errors are echoed to
// log ("animscope: FILE: reason"; nil: nowhere).
func New(log io.Writer) *App {
	a := &App{
		ses:    session{maxFolderFiles: DefaultMaxFolderFiles},
		play:   transport{speed: 1, playing: true},
		msgs:   messages{log: log, now: time.Now},
		sel:    selection{Selection: viewmodel.Selection{Joint: -1, Target: -1, TexTarget: 0}},
		frame:  framing{camera: viewmodel.DefaultCamera()},
		meshes: meshes{hover: viewmodel.ShapeRef{Model: -1, Shape: -1}},
	}
	a.ses.msgs = &a.msgs
	a.rig.ses, a.rig.play, a.rig.msgs, a.rig.sel, a.rig.frame = &a.ses, &a.play, &a.msgs, &a.sel, &a.frame
	a.sel.rig, a.sel.play, a.sel.msgs = &a.rig, &a.play, &a.msgs
	a.frame.rig, a.frame.meshes, a.frame.play = &a.rig, &a.meshes, &a.play
	a.meshes.rig, a.meshes.sel, a.meshes.anim, a.meshes.gx = &a.rig, &a.sel, &a.manim, &a.gx
	a.manim.play, a.manim.sel, a.manim.rig, a.manim.gx, a.manim.ses, a.manim.msgs = &a.play, &a.sel, &a.rig, &a.gx, &a.ses, &a.msgs
	a.gx.rig, a.gx.anim, a.gx.msgs = &a.rig, &a.manim, &a.msgs
	a.cmp.play, a.cmp.rig, a.cmp.sel, a.cmp.frame, a.cmp.build = &a.play, &a.rig, &a.sel, &a.frame, a.BuildScene
	a.ab.ses, a.ab.play, a.ab.rig, a.ab.msgs = &a.ses, &a.play, &a.rig, &a.msgs
	a.reload.ses, a.reload.play, a.reload.rig, a.reload.sel, a.reload.meshes, a.reload.msgs, a.reload.cmp, a.reload.evaluate =
		&a.ses, &a.play, &a.rig, &a.sel, &a.meshes, &a.msgs, &a.cmp, a.Evaluate
	a.texs.ses, a.texs.rig, a.texs.msgs = &a.ses, &a.rig, &a.msgs
	a.export.ses, a.export.play, a.export.rig, a.export.msgs = &a.ses, &a.play, &a.rig, &a.msgs
	a.render.ses, a.render.play, a.render.rig, a.render.sel, a.render.frame, a.render.evaluate = &a.ses, &a.play, &a.rig, &a.sel, &a.frame, a.Evaluate
	if wd, err := os.Getwd(); err == nil {
		a.browser.Dir = wd
	}
	return a
}

// Notify adds a message to the Messages panel.
func (a *App) Notify(sev viewmodel.Severity, format string, args ...any) {
	a.msgs.notify(sev, format, args...)
}
