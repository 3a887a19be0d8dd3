package viewmodel

import "github.com/animscope/animscope/anim"

// Intent is something the user asked for. cmd/animscope applies it.
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
	// ClearTexClip stops the texture clip: the model shows its own
	// texture placement.
	ClearTexClip struct{}
	// ClearMaterialClips stops every material and visibility clip: the
	// model shows its own colours and shapes.
	ClearMaterialClips struct{}
	// SelectClipNamed plays the open clip of that name (its own name, or
	// its file's with or without extension), the viewer's --clip.
	SelectClipNamed struct{ Name string }
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
	// SetUpAxis says which axis of the data points up (the View menu);
	// the scene is measured and framed again.
	SetUpAxis struct{ Up UpAxis }
	// SetChainMode draws a skeleton-less clip's targets as a chain (joint
	// i to i-1) instead of free points.
	SetChainMode struct{ On bool }
	// SelectNamed selects the joint, texture entry or material target
	// called Name ("#N": joint target N of the playing clip), as --select
	// asks; a name nothing has is a warning.
	SelectNamed struct{ Name string }
	// SetCamera puts the camera exactly where Camera says.
	SetCamera struct{ Camera Camera }
	// SetShapeHidden hides a shape of the model in use, or shows it.
	SetShapeHidden struct {
		Ref    ShapeRef
		Hidden bool
	}
	// HoverShape highlights a shape in the 3D view (Model -1: none).
	HoverShape struct{ Ref ShapeRef }
	// SelectShape selects the joint that drives a shape most.
	SelectShape struct{ Ref ShapeRef }
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

type (
	// CopyText puts Text on the clipboard; What says what it is, for
	// the message confirming it.
	CopyText struct{ Text, What string }
	// ComparePlay, ComparePause and CompareReset drive the loop-mode
	// comparison's shared clock (all five modes together); CompareSeek
	// puts it at playback time Time (frames at speed 1).
	ComparePlay  struct{}
	ComparePause struct{}
	CompareReset struct{}
	CompareSeek  struct{ Time float64 }
)

type (
	// SelectMaterial selects a material target (the quad's tint source and
	// the curves' target) and focuses its clip.
	SelectMaterial struct{ Ref MatRef }
	// SetRuntime switches the JSystem runtime rules (anim.Runtime) of every
	// open clip and clock.
	SetRuntime struct{ Runtime anim.Runtime }
)

// SetRootMotion applies the joint clip's root-motion track as the
// character's model matrix (Apply) or locks the character in place.
type SetRootMotion struct{ Apply bool }

func (Browse) intent()          {}
func (BrowseArchive) intent()   {}
func (CameraFrame) intent()     {}
func (CameraOrbit) intent()     {}
func (CameraPan) intent()       {}
func (CameraReset) intent()     {}
func (CameraZoom) intent()      {}
func (CloseAll) intent()        {}
func (CloseFile) intent()       {}
func (ComparePause) intent()    {}
func (ComparePlay) intent()     {}
func (CompareReset) intent()    {}
func (CompareSeek) intent()     {}
func (CopyText) intent()        {}
func (DismissNotices) intent()  {}
func (FocusSlot) intent()       {}
func (MuteClip) intent()        {}
func (OpenDemo) intent()        {}
func (OpenFiles) intent()       {}
func (Pause) intent()           {}
func (Play) intent()            {}
func (Quit) intent()            {}
func (ScrubBegin) intent()      {}
func (ScrubEnd) intent()        {}
func (Seek) intent()            {}
func (SelectClip) intent()      {}
func (ClearTexClip) intent()    {}
func (SelectClipNamed) intent() {}
func (SelectJoint) intent()     {}
func (SelectMaterial) intent()  {}
func (SelectModel) intent()     {}
func (SelectTarget) intent()    {}
func (SelectTexTarget) intent() {}
func (SetClipOffset) intent()   {}
func (SetLoop) intent()         {}
func (SetRootMotion) intent()   {}
func (SetRuntime) intent()      {}
func (SetSpeed) intent()        {}
func (SetTexMode) intent()      {}
func (Step) intent()            {}
func (TogglePlay) intent()      {}
func (SetUpAxis) intent()       {}
func (SetChainMode) intent()    {}
func (SelectNamed) intent()     {}
func (SetCamera) intent()       {}
func (SetShapeHidden) intent()  {}
func (HoverShape) intent()      {}
func (SelectShape) intent()     {}

func (ClearMaterialClips) intent() {}
