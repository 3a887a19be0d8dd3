package main

import (
	"encoding/json"
	"os"
	"path/filepath"

	"github.com/animscope/animscope/ui"
)

// viewerState is what --state-json writes next to a screenshot: where the
// 3D view was, the camera, and what was open, so a test (or a bug report)
// can relate pixels to the math.
type viewerState struct {
	Framebuffer [2]int `json:"framebuffer"`
	// Scene is the 3D viewport in framebuffer pixels, origin top left.
	Scene   [4]int       `json:"scene"`
	Camera  ui.Camera    `json:"camera"`
	Joints  []stateJoint `json:"joints"`
	Files   []string     `json:"files"`
	Model   string       `json:"model,omitempty"`
	Notices []string     `json:"notices"`
	// Frames of the joint and texture clips at the screenshot.
	JointFrame *float64 `json:"jointFrame,omitempty"`
	TexFrame   *float64 `json:"texFrame,omitempty"`
	// The playing clips (as labelled in the viewer), the texture formula
	// in effect and whether root motion is applied.
	JointClip  string `json:"jointClip,omitempty"`
	TexClip    string `json:"texClip,omitempty"`
	TexMode    string `json:"texMode,omitempty"`
	RootMotion bool   `json:"rootMotion,omitempty"`
	// Quad corners (top-left, top-right, bottom-right, bottom-left) and
	// the texture matrix applied to it, when a texture clip is shown.
	Quad      *[4][3]float32 `json:"quad,omitempty"`
	TexMatrix *[2][3]float64 `json:"texMatrix,omitempty"`
	Selected  int            `json:"selectedJoint"`
	Playing   bool           `json:"playing"`
	// ContentScale is the monitor's DPI scale, UIScale what the interface
	// was laid out with.
	ContentScale float32 `json:"contentScale"`
	UIScale      float32 `json:"uiScale"`
	// The analysis panels: the bottom tab shown, the curve plot (when
	// that tab shows) and the loop-mode comparison (when open).
	Tab     string        `json:"tab,omitempty"`
	Curves  *stateCurves  `json:"curves,omitempty"`
	Compare *stateCompare `json:"compare,omitempty"`
}

type stateJoint struct {
	Name string     `json:"name"`
	Pos  [3]float32 `json:"pos"`
}

func (a *app) state(fbW, fbH int, scene [4]int) viewerState {
	s := viewerState{Framebuffer: [2]int{fbW, fbH}, Scene: scene, Camera: a.camera, Selected: a.sel.Joint, Playing: a.playing && a.anyRunning(),
		Joints: []stateJoint{}, Files: []string{}, Notices: []string{}}
	for _, m := range a.markers {
		s.Joints = append(s.Joints, stateJoint{Name: m.Name, Pos: m.Pos})
	}
	for _, f := range a.files {
		s.Files = append(s.Files, f.name)
	}
	if a.skel != nil {
		s.Model = a.skelLabel
	}
	for _, n := range a.notices {
		s.Notices = append(s.Notices, n.Text)
	}
	if a.joint != nil {
		f := a.joint.clock.Frame
		s.JointFrame = &f
		s.JointClip = a.joint.label
		s.RootMotion = a.applyRoot && a.joint.clip.RootMotion != nil
	}
	if a.tex != nil {
		f := a.tex.clock.Frame
		s.TexFrame = &f
		q := a.quadCorners()
		var qa [4][3]float32
		for i := range q {
			qa[i] = q[i]
		}
		s.Quad = &qa
		m, mode, _ := a.texEntryMatrix()
		s.TexClip, s.TexMode = a.tex.label, mode.String()
		mm := [2][3]float64(m)
		s.TexMatrix = &mm
	}
	return s
}

// writeState writes s to path atomically: into a temporary file in the
// same directory, renamed over path when complete, so a reader (a test
// polling for the file) sees either no file, the previous one or the whole
// new one, never a part.
func writeState(path string, s viewerState) error {
	b, err := json.MarshalIndent(s, "", " ")
	if err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(append(b, '\n'))
	if err == nil {
		err = f.Chmod(0o644)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}
