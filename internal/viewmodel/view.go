// Package viewmodel is what the application model (internal/app) and the
// view (ui, render) exchange, as plain data: the View the panels show each
// frame, the Intents they send back, the Camera, the display Options and
// the Scene description render draws. It holds no ImGui and no OpenGL, so
// the app and the headless commands link neither; ui and render depend on
// it, never on the app or the formats.
package viewmodel

import (
	"fmt"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/mesh"
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
	// GX is the GX material shown in the Materials panel (gx.go); nil
	// when the model in use has none.
	GX *GXView

	Skeleton *SkeletonView // nil: no model loaded
	// Models are the meshes of the model in use, for the Shapes list;
	// Hover is the shape the list's mouse is over (Model -1: none).
	Models []ModelView
	Hover  ShapeRef
	// Textures are what the Textures browser lists: the model in use's
	// textures, then the open files' loose ones (textures.go).
	Textures []TextureGroup
	// TextureSave is how the last Save PNG of the browser ended.
	TextureSave ExportOutcome
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
	// Confirm is a question waiting for an Answer (nil: none).
	Confirm *Confirm

	Stats Stats

	// Compare is the loop-mode comparison while its window is open.
	Compare *CompareView
	// AB is the A/B comparison with another version of the clip (nil:
	// none).
	AB *ABView
	// Export is File › Export glTF (export.go).
	Export ExportView

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
	// Key names the clip across a reload of its file (its file on disk
	// and its place there): the curves plotted from it stay.
	Key string
}

// FileView is one opened file as the files panel lists it.
type FileView struct {
	// Archive is the archive file this file was opened from ("" for a
	// loose file) and Entry its path inside it. Entries lists an opened
	// archive's own files, opened or not.
	Archive, Entry string
	Entries        []ArchiveEntry

	Name  string // base name
	Path  string
	Kind  string // the format's display name ("J3D BCK", "RARC")
	Clips []*anim.Clip
	// ClipKinds say what each clip animates ("skeletal", "texture SRT",
	// "bone visibility"), from the format registry; the Files tree
	// groups by them.
	ClipKinds []string
	Skels     []*anim.Skeleton
	Warnings  []string
	Notes     []string // what the file is, when not obvious (not problems)
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
	// Summary is the binding's warnings as one line ("94 animated bones
	// are not in the skeleton: Chin, …"), Detail their long form; both ""
	// when it binds cleanly.
	Summary, Detail string
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
	// Settled marks a problem that has since gone (a file that failed to
	// reload and then reloaded): Messages keeps it, the toast drops it.
	Settled bool
}

// Browser is the directory listing of the open dialog.
type Browser struct {
	Dir     string
	Entries []DirEntry
	Err     string
	// Archive is the archive file (full path) whose entries are shown
	// expanded under it, listed by cmd/animscope after a BrowseArchive.
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

// Focused returns the playback the timeline controls, or nil.
func (v *View) Focused() *Playback {
	if p := v.MaterialPlayback(v.Focus); p != nil {
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

// ArchiveEntry is one file inside an opened archive.
type ArchiveEntry struct {
	Path string
	Kind string // the sniffed format's display name ("J3D BCK"; "" unknown)
	Size int64
	// Openable is set for entries the viewer can show on their own (a
	// model or an animation); the others are listed dimmed.
	Openable bool
}

// String names the slot for control ids.
func (s Slot) String() string {
	switch {
	case s == TexSlot:
		return "tex"
	case s >= MatSlot0:
		return fmt.Sprintf("mat%d", s-MatSlot0)
	}
	return "joint"
}

// ModelView is one model of the model in use: its shapes and which of
// them the user hid.
type ModelView struct {
	Model  *mesh.Model
	Hidden []bool // per shape
}

// ShapeRef names shape Shape of model Model (an index into View.Models).
type ShapeRef struct{ Model, Shape int }
