package viewmodel

import "time"

// ExportView is File › Export glTF as the view shows it. The export is
// written off the frame loop, so the dialog learns from here whether one
// is being written and how the last one ended.
type ExportView struct {
	// DefaultPath is what the dialog offers when it opens: next to the
	// current animation (or model), named after it.
	DefaultPath string
	// Running is set while an export is being written; another waits.
	Running bool
	// Last is how the latest export ended (zero Time: none yet); the view
	// shows it for a few seconds and closes the dialog when it succeeded.
	Last ExportOutcome
}

// ExportOutcome is a finished or refused export, in a sentence.
type ExportOutcome struct {
	Text   string
	Failed bool
	Time   time.Time
}

// Export asks to write Path (a .glb, or a .gltf with its .bin beside it):
// the current model with the current animation, or with All every
// animation of the open files. The model's meshes, materials and textures
// go in unless NoMesh (the skeleton alone).
type Export struct {
	Path   string
	All    bool
	NoMesh bool
}

func (Export) intent() {}
