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
	// explicit: the user gave this file on its own (a command line, a
	// drop, not a folder's or an archive's content) and it holds only
	// texture, material or visibility clips: they play on the model in
	// use wherever the file lies (clipchoice.go).
	explicit bool
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
	// picked: the user chose this texture or material clip (or gave its
	// file on its own); it stays when the joint clip or model changes.
	picked bool
}

// App is the viewer's state. Everything the user does arrives as a
// viewmodel.Intent through Apply, from the UI, the window (drops) or a
// test. App routes each intent to the part that handles it and does what
// spans several parts (opening and closing files, the JSystem runtime,
// evaluating the frame, building the view and the scene); each part owns
// its state and holds pointers to the parts it reads, wired by New.
type App struct {
	ses      session        // the open files (files.go, folders.go)
	play     transport      // the playing clips and the scene time (transport.go)
	rig      rig            // the model in use, its binding and pose (rig.go)
	sel      selection      // the selected joint, target and texture entry (selection.go)
	frame    framing        // the camera and the scene box (framing.go)
	meshes   meshes         // the model's meshes as drawn, the Shapes list (meshes.go)
	manim    meshAnim       // the material clips acting on the meshes (meshanim.go)
	gx       gxPanel        // the Materials panel's GX part (gxmat.go)
	msgs     messages       // the Messages panel (notices.go)
	cmp      Comparison     // the loop-mode comparison (compare.go)
	ab       abCompare      // the A/B comparison with another version (ab.go)
	reload   Reloader       // reloading changed files, watching them (reload.go, watch.go)
	texs     textureBrowser // the Textures browser and Save PNG (textures.go)
	export   Exporter       // File › Export's plan (export.go)
	headless Headless       // the render command's set-up (headless.go)

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
	a := &App{}
	a.ses = session{maxFolderFiles: DefaultMaxFolderFiles, msgs: &a.msgs}
	a.play = transport{speed: 1, playing: true}
	a.msgs = messages{log: log, now: time.Now}
	a.rig = rig{ses: &a.ses, play: &a.play, msgs: &a.msgs, sel: &a.sel, frame: &a.frame}
	a.sel = selection{Selection: viewmodel.Selection{Joint: -1, Target: -1, TexTarget: 0}, rig: &a.rig, play: &a.play, msgs: &a.msgs}
	a.frame = framing{camera: viewmodel.DefaultCamera(), rig: &a.rig, meshes: &a.meshes, play: &a.play}
	a.meshes = meshes{hover: viewmodel.ShapeRef{Model: -1, Shape: -1}, rig: &a.rig, sel: &a.sel, anim: &a.manim, gx: &a.gx}
	a.manim = meshAnim{play: &a.play, sel: &a.sel, rig: &a.rig, gx: &a.gx, ses: &a.ses, msgs: &a.msgs}
	a.gx = gxPanel{rig: &a.rig, anim: &a.manim, msgs: &a.msgs}
	a.cmp = Comparison{play: &a.play, rig: &a.rig, sel: &a.sel, frame: &a.frame, build: a.BuildScene}
	a.ab = abCompare{ses: &a.ses, play: &a.play, rig: &a.rig, msgs: &a.msgs}
	a.reload = Reloader{ses: &a.ses, play: &a.play, rig: &a.rig, sel: &a.sel, meshes: &a.meshes, msgs: &a.msgs, cmp: &a.cmp, evaluate: a.Evaluate}
	a.texs = textureBrowser{ses: &a.ses, rig: &a.rig, msgs: &a.msgs}
	a.export = Exporter{ses: &a.ses, play: &a.play, rig: &a.rig, msgs: &a.msgs}
	a.headless = Headless{ses: &a.ses, play: &a.play, rig: &a.rig, sel: &a.sel, frame: &a.frame, evaluate: a.Evaluate}
	if wd, err := os.Getwd(); err == nil {
		a.browser.Dir = wd
	}
	return a
}

// Notify adds a message to the Messages panel.
func (a *App) Notify(sev viewmodel.Severity, format string, args ...any) {
	a.msgs.notify(sev, format, args...)
}
