// Package ui draws animscope's Dear ImGui interface: the menu bar, the
// files and targets panel, the properties and texture-matrix panel, the
// transport and timeline, the open dialog, notifications and the overlay of
// the 3D view (labels, notices, camera input). Each frame it gets a
// read-only View and returns Intents; cmd/viewer applies them to the
// playback clocks and the scene, and tests drive the same path. ui makes no
// GL calls and never imports formats.
package ui

import (
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
)

// View is what the UI shows in one frame. The UI must not modify anything
// reachable from it.
type View struct {
	Files []FileView
	// Demo is set while the embedded demo is what is open.
	Demo bool

	// Joint and Tex are the playing skeletal and texture clips (nil when
	// none); Focus says which one the timeline and transport control.
	Joint, Tex *Playback
	Focus      Slot
	// Materials is the material clips (material.go); nil without any.
	Materials *MaterialView

	Skeleton *SkeletonView // nil: no model loaded
	// Pairing is the model and animation choice of the Scene panel.
	Pairing Pairing

	// Markers are the joint positions drawn in the 3D view, one per joint
	// of the skeleton (or per clip target in the fallback), for labels and
	// picking.
	Markers []Marker

	Selection Selection
	// SelectedWorld is the selected joint's world matrix at the playhead
	// (valid when HasSelectedWorld).
	SelectedWorld    mgl64.Mat4
	HasSelectedWorld bool

	// TexMatrix is the evaluated matrix of TexEntry (a target index of the
	// Tex clip), with the formula in TexMode; FileTexMode is the file's own.
	TexEntry    int
	TexMatrix   anim.TexMatrix
	TexMode     anim.TexMatrixMode
	FileTexMode anim.TexMatrixMode
	// TexModeOverride is set when the user picked another formula.
	TexModeOverride bool
	// Checker is the texture the test quad samples, for the panel preview.
	Checker TextureRef

	Camera Camera
	// SceneRadius is the size of the scene, for label offsets and grid.
	SceneRadius float32

	Notices []Notice
	Recent  []string
	Browser Browser

	Stats Stats

	// Compare is the loop-mode comparison while its window is open.
	Compare *CompareView

	// Playing says whether the scene plays (what the Play button shows);
	// SceneTime is its time in seconds, which every clip maps through its
	// own loop mode and length.
	Playing   bool
	SceneTime float64
}

// TextureRef is a texture ImGui can draw (a GL texture name behind the
// renderer); zero means none.
type TextureRef struct {
	ID   uintptr
	W, H int
}

// Slot names one of the two playback slots.
type Slot uint8

const (
	JointSlot Slot = iota // the skeletal clip (BCK, FSKA, JBA)
	TexSlot               // the texture SRT clip (BTK, texture SRT)
)

// Playback is one playing clip.
type Playback struct {
	Clip  *anim.Clip
	Label string // "walk.bck" or "archive.arc › walk.bck"
	Clock anim.Clock
	// FileLoop is the loop mode stored in the file; Clock.Mode differs when
	// the user overrides it.
	FileLoop anim.LoopMode
	Pose     *anim.Pose
	// Scrubbing is set while the timeline is dragged.
	Scrubbing bool
	// FormatLabel names the clip's format for people ("J3D BCK", "BFRES
	// skeletal animation"); ModelHint says where its real bones come from
	// when it plays without a model. Both come from the format registry:
	// ui never interprets format names.
	FormatLabel, ModelHint string
	// Muted clips show at rest; Offset starts a clip that many of its
	// frames later in the scene.
	Muted  bool
	Offset float64
}

// FileView is one opened file as the files panel lists it.
type FileView struct {
	// Archive is the archive file this file was opened from ("" for a
	// loose file) and Entry its path inside it. Entries lists an opened
	// archive's own files, opened or not.
	Archive, Entry string
	Entries        []ArchiveEntry

	Name     string // base name
	Path     string
	Kind     string // the format's display name ("J3D BCK", "RARC")
	Clips    []*anim.Clip
	Skels    []*anim.Skeleton
	Warnings []string
	// Broken lists the file's animations that could not be read, as
	// "NAME: error".
	Broken []string
	// Inspect is the file's raw data for the inspector (nil: none).
	Inspect FileInspector
}

// SkeletonView is the model skeleton in use.
type SkeletonView struct {
	Skeleton *anim.Skeleton
	Label    string // file name (and archive path)
	Binding  *anim.Binding
}

// Marker is a drawn joint.
type Marker struct {
	Pos    mgl32.Vec3
	Name   string
	Joint  int // skeleton joint index (fallback: clip target index)
	Target int // driving target of the Joint clip, -1 if none
}

// Selection is the selected joint or texture entry. Joint is a skeleton
// joint (or, without a skeleton, the target drawn in its place); Target is
// the Joint clip's target driving it (-1 if none). TexTarget is the
// selected entry of the Tex clip.
type Selection struct {
	Joint, Target int
	TexTarget     int
}

// Severity orders notices.
type Severity uint8

const (
	Info Severity = iota
	Warning
	Error
)

// Notice is one message for the notifications panel.
type Notice struct {
	Severity Severity
	Text     string
	Time     time.Time
	// Detail is the long form (every bone of a binding summary), shown
	// when the message is expanded; Key groups messages the app replaces
	// together (a binding's, when the binding changes).
	Detail string
	Key    string
}

// Browser is the directory listing of the open dialog.
type Browser struct {
	Dir     string
	Entries []DirEntry
	Err     string
	// Archive is the archive file (full path) whose entries are shown
	// expanded under it, listed by cmd/viewer after a BrowseArchive.
	Archive        string
	ArchiveEntries []ArchiveEntry
	ArchiveErr     string
}

// DirEntry is a directory or file in the open dialog.
type DirEntry struct {
	Name  string
	Dir   bool
	Size  int64
	Known bool // the extension is one animscope reads
	// Archive marks a container (RARC, SARC: .arc, .szs, .pack, ...) whose
	// entries the dialog can list before anything is opened.
	Archive bool
}

// Stats are shown in the status bar.
type Stats struct {
	FrameCPU time.Duration // CPU time of the last frame, without the buffer swap
	FPS      float64
	GL       string
}

// Intent is something the user asked for. cmd/viewer applies it.
type Intent interface{ intent() }

type (
	// Play plays the scene (starting over when every clip has come to
	// rest).
	Play struct{}
	// Pause stops the scene.
	Pause struct{}
	// TogglePlay is Space.
	TogglePlay struct{}
	// Seek moves the scene time so the focused clip plays Frame.
	Seek struct{ Frame float64 }
	// Step moves the scene so the focused clip is N whole frames on (from
	// a fractional frame the first step lands on the neighbouring whole
	// frame) and pauses.
	Step struct{ N int }
	// SetSpeed sets the playback speed of both slots; negative plays
	// backwards.
	SetSpeed struct{ Speed float64 }
	// SetLoop overrides the focused clip's loop mode; Override false goes
	// back to the file's own mode.
	SetLoop struct {
		Mode     anim.LoopMode
		Override bool
	}
	// ScrubBegin pauses playback while the timeline is dragged;
	// ScrubEnd resumes it if it was playing.
	ScrubBegin struct{}
	ScrubEnd   struct{}
	// FocusSlot makes the timeline show the other clip's frames.
	FocusSlot struct{ Slot Slot }
	// SelectClip plays clip Clip of open file File in its slot.
	SelectClip struct{ File, Clip int }
	// SelectModel uses skeleton Skel of file File to pose the joint clip.
	SelectModel struct{ File, Skel int }
	// SelectJoint selects a joint (or fallback marker); -1 clears.
	SelectJoint struct{ Joint int }
	// SelectTarget selects a target of the joint clip.
	SelectTarget struct{ Target int }
	// SelectTexTarget selects an entry of the texture clip.
	SelectTexTarget struct{ Target int }
	// SetTexMode overrides the texture-matrix formula; Override false
	// goes back to the file's.
	SetTexMode struct {
		Mode     anim.TexMatrixMode
		Override bool
	}
	// OpenFiles opens files (several at once: a model and its animations).
	// A path may be FILE:ENTRY, an entry inside an archive.
	OpenFiles struct{ Paths []string }
	// BrowseArchive lists an archive's entries in the Open dialog (an
	// empty Path folds the listing away).
	BrowseArchive struct{ Path string }
	// Browse lists a directory in the open dialog.
	Browse struct{ Dir string }
	// CloseFile closes open file File; CloseAll closes everything.
	CloseFile struct{ File int }
	CloseAll  struct{}
	// OpenDemo reopens the embedded demo.
	OpenDemo struct{}
	// Camera intents, in pixels of the 3D view.
	CameraOrbit struct{ DX, DY float32 }
	CameraPan   struct{ DX, DY, ViewH float32 }
	CameraZoom  struct{ Steps float32 }
	CameraFrame struct{}
	CameraReset struct{}
	// DismissNotices clears the notifications.
	DismissNotices struct{}
	// Quit closes the window.
	Quit struct{}
	// MuteClip shows the clip in Slot at rest (or playing again).
	MuteClip struct {
		Slot Slot
		Mute bool
	}
	// SetClipOffset starts the clip in Slot Frames of its frames later.
	SetClipOffset struct {
		Slot   Slot
		Frames float64
	}
)

func (Play) intent()            {}
func (Pause) intent()           {}
func (TogglePlay) intent()      {}
func (Seek) intent()            {}
func (Step) intent()            {}
func (SetSpeed) intent()        {}
func (SetLoop) intent()         {}
func (ScrubBegin) intent()      {}
func (ScrubEnd) intent()        {}
func (FocusSlot) intent()       {}
func (SelectClip) intent()      {}
func (SelectModel) intent()     {}
func (SelectJoint) intent()     {}
func (SelectTarget) intent()    {}
func (SelectTexTarget) intent() {}
func (SetTexMode) intent()      {}
func (OpenFiles) intent()       {}
func (BrowseArchive) intent()   {}
func (Browse) intent()          {}
func (CloseFile) intent()       {}
func (CloseAll) intent()        {}
func (OpenDemo) intent()        {}
func (CameraOrbit) intent()     {}
func (CameraPan) intent()       {}
func (CameraZoom) intent()      {}
func (CameraFrame) intent()     {}
func (CameraReset) intent()     {}
func (DismissNotices) intent()  {}
func (Quit) intent()            {}
func (MuteClip) intent()        {}
func (SetClipOffset) intent()   {}

// Focused returns the playback the timeline controls, or nil.
func (v *View) Focused() *Playback {
	if p := v.materialPlayback(v.Focus); p != nil {
		return p
	}
	if v.Focus == TexSlot && v.Tex != nil {
		return v.Tex
	}
	if v.Joint != nil {
		return v.Joint
	}
	return v.Tex
}
