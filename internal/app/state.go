package app

import (
	"encoding/json"
	"math"

	"github.com/animscope/animscope/internal/viewmodel"
)

// State is the application's part of what the viewer's --state-json
// writes next to a screenshot: where the 3D view was, the camera, and what
// was open, so a test (or a bug report) can relate pixels to the math.
// The viewer adds the panels' state (cmd/animscope).
type State struct {
	Framebuffer [2]int `json:"framebuffer"`
	// Scene is the 3D viewport in framebuffer pixels, origin top left.
	Scene   [4]int           `json:"scene"`
	Camera  viewmodel.Camera `json:"camera"`
	Joints  []StateJoint     `json:"joints"`
	Files   []string         `json:"files"`
	Model   string           `json:"model,omitempty"`
	Notices []string         `json:"notices"`
	// Frames of the joint and texture clips at the screenshot.
	JointFrame *float64 `json:"jointFrame,omitempty"`
	TexFrame   *float64 `json:"texFrame,omitempty"`
	// The playing clips (as labelled in the viewer), the texture formula
	// in effect and whether root motion is applied.
	JointClip  string `json:"jointClip,omitempty"`
	TexClip    string `json:"texClip,omitempty"`
	TexMode    string `json:"texMode,omitempty"`
	RootMotion bool   `json:"rootMotion,omitempty"`
	// MaterialClips are the playing material clips (BRK, BPK, BTP, BVA),
	// in the order of their timeline rows.
	MaterialClips []string `json:"materialClips,omitempty"`
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
}

// StateJoint is a drawn joint: its name and where it is drawn.
type StateJoint struct {
	Name string     `json:"name"`
	Pos  [3]float32 `json:"pos"`
}

// MarshalJSON writes a position that is not a number (a pose that divides
// by a zero scale: Wind Waker's ice-rock clip on Link's compensated
// skeleton) as null, which JSON can carry, so the rest of the state is
// still written.
func (j StateJoint) MarshalJSON() ([]byte, error) {
	type plain StateJoint
	for _, v := range j.Pos {
		if f := float64(v); math.IsNaN(f) || math.IsInf(f, 0) {
			return json.Marshal(struct {
				Name string    `json:"name"`
				Pos  *struct{} `json:"pos"`
			}{Name: j.Name})
		}
	}
	return json.Marshal(plain(j))
}

// Snapshot is the state for a framebuffer of fbW×fbH pixels whose 3D
// View is scene (x, y, w, h; origin top left).
func (a *App) Snapshot(fbW, fbH int, scene [4]int) State {
	s := State{Framebuffer: [2]int{fbW, fbH}, Scene: scene, Camera: a.frame.camera, Selected: a.sel.Joint, Playing: a.play.Playing(),
		Joints: []StateJoint{}, Files: []string{}, Notices: []string{}}
	for _, m := range a.rig.markers {
		s.Joints = append(s.Joints, StateJoint{Name: m.Name, Pos: m.Pos})
	}
	for _, f := range a.ses.files {
		s.Files = append(s.Files, f.name)
	}
	if a.rig.skel != nil {
		s.Model = a.rig.skelLabel
	}
	for _, n := range a.msgs.notices {
		s.Notices = append(s.Notices, n.Text)
	}
	if a.play.joint != nil {
		f := a.play.joint.clock.Frame
		s.JointFrame = &f
		s.JointClip = a.play.joint.label
		s.RootMotion = a.rig.applyRoot && a.play.joint.clip.RootMotion != nil
	}
	if a.play.tex != nil {
		f := a.play.tex.clock.Frame
		s.TexFrame = &f
		q := a.frame.quadCorners()
		var qa [4][3]float32
		for i := range q {
			qa[i] = q[i]
		}
		s.Quad = &qa
		m, mode, _ := a.sel.texEntryMatrix()
		s.TexClip, s.TexMode = a.play.tex.label, mode.String()
		mm := [2][3]float64(m)
		s.TexMatrix = &mm
	}
	for _, m := range a.play.mat.slots {
		s.MaterialClips = append(s.MaterialClips, m.label)
	}
	return s
}
