package app

import (
	"strconv"
	"strings"

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
}

// Configure applies s (before files are opened).
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
}

// Recent is the recently opened files, newest first.
func (a *App) Recent() []string { return a.ses.recent }

// BrowseDir is the directory the Open dialog shows.
func (a *App) BrowseDir() string { return a.browser.Dir }

// Speed is the signed playback speed.
func (a *App) Speed() float64 { return a.play.speed }

// Quitting reports whether the user asked to quit.
func (a *App) Quitting() bool { return a.quit }

// Busy reports whether a clock runs (playback or the comparison): the
// window then keeps drawing frames.
func (a *App) Busy() bool { return a.play.Playing() || a.Comparison().Playing() }

// SetUp changes the up axis (the View menu): the scene is measured and
// framed again.
func (a *App) SetUp(up viewmodel.UpAxis) {
	if up == a.rig.up {
		return
	}
	a.rig.up = up
	a.rig.sceneReady = false
	a.Evaluate()
	a.rig.frameScene(true)
}

// SetChainMode draws a clip without a model as a chain of joints (each
// the parent of the next) instead of free joints.
func (a *App) SetChainMode(on bool) {
	if on == a.rig.chainMode {
		return
	}
	a.rig.chainMode = on
	a.rig.rebind()
	a.rig.sceneReady = false
}

// StartAt seeks the focused clip to frame and pauses (the viewer's
// --frame); the other clip follows the scene time.
func (a *App) StartAt(frame float64) {
	a.play.seekFocused(frame)
	a.Apply(viewmodel.Pause{})
	a.Evaluate()
}

// SelectByName selects the first joint or texture entry called name, or
// "#N": target N of the joint clip (unnamed BCK joints have no other
// name). Without a match it leaves a warning.
func (a *App) SelectByName(name string) {
	if a.selectByIndex(name) {
		return
	}
	for _, m := range a.rig.markers {
		if m.Name == name {
			a.Apply(viewmodel.SelectJoint{Joint: m.Joint})
			return
		}
	}
	if a.play.tex != nil {
		for i, t := range a.play.tex.clip.Targets {
			if t.Name == name {
				a.Apply(viewmodel.SelectTexTarget{Target: i})
				return
			}
		}
	}
	if a.play.selectMaterialNamed(name) {
		return
	}
	a.Notify(viewmodel.Warning, "--select: no joint, texture entry or material target named %q", name)
}

func (a *App) selectByIndex(name string) bool {
	n, err := strconv.Atoi(strings.TrimPrefix(name, "#"))
	if !strings.HasPrefix(name, "#") || err != nil || a.play.joint == nil || n < 0 || n >= len(a.play.joint.clip.Targets) {
		return false
	}
	a.Apply(viewmodel.SelectTarget{Target: n})
	return true
}

// Title is the window title: the demo, the focused clip or the model.
func (a *App) Title() string {
	t := "animscope"
	if a.IsDemo() {
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
