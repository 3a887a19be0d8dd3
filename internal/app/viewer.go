package app

import (
	"github.com/animscope/animscope/internal/viewmodel"
)

// Settings are what the viewer restores from its settings file and its
// window when it starts.
type Settings struct {
	Recent    []string
	BrowseDir string // "" keeps the working directory
	Speed     float64
	ChainMode bool
	Up        viewmodel.UpAxis
	// Clipboard takes copied text; LoadDemo supplies the embedded demo.
	Clipboard func(string)
	LoadDemo  func() ([]DemoFile, error)
	// MaxFolderFiles is how many files of a folder open without asking
	// (0: DefaultMaxFolderFiles; negative: any number).
	MaxFolderFiles int
	// Import converts a glTF onto a game file for File › Import
	// animation… (nil: the viewer cannot import).
	Import Importer
}

// Configure applies s (before files are opened).
// Settings are the choices Configure takes, as they are now (saved
// between runs).
func (a *App) Settings() Settings {
	return Settings{Recent: a.ses.recent, BrowseDir: a.browser.Dir, Speed: a.play.speed, ChainMode: a.rig.chainMode, Up: a.rig.up}
}

func (a *App) Configure(s Settings) {
	a.ses.recent = s.Recent
	if s.BrowseDir != "" {
		a.browser.Dir = s.BrowseDir
	}
	a.play.speed = s.Speed
	a.rig.chainMode = s.ChainMode
	a.rig.up = s.Up
	a.clipboard = s.Clipboard
	a.ses.loadDemo = s.LoadDemo
	a.ab.importer = s.Import
	if s.MaxFolderFiles != 0 {
		a.ses.maxFolderFiles = s.MaxFolderFiles
	}
}

// Quitting reports whether the user asked to quit.
func (a *App) Quitting() bool { return a.quit }

// Busy reports whether a clock runs (playback or the comparison): the
// window then keeps drawing frames.
func (a *App) Busy() bool { return a.play.Playing() || a.Comparison().Playing() }

// Reloader reloads the open files that change on disk, once the window
// has it watch them.
func (a *App) Reloader() *Reloader { return &a.reload }

// Title is the window title: the demo, the focused clip or the model.
func (a *App) Title() string {
	t := "animscope"
	if a.ses.isDemo() {
		t += " — demo"
	} else if f := a.play.focused(); f != nil {
		t += " — " + f.label
	} else if a.rig.skel != nil {
		t += " — " + a.rig.skelLabel
	}
	return t
}

// Counts is the number of joints drawn and of the joint clip's targets
// (for --bench-frames).
func (a *App) Counts() (joints, targets int) {
	if sk := a.rig.drawnSkeleton(); sk != nil {
		joints = len(sk.Joints)
	}
	if a.play.joint != nil {
		targets = len(a.play.joint.clip.Targets)
	}
	return joints, targets
}
